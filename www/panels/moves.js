// The move list panel: the main line in rows, comments and variations in
// asides, the report's marks on the moves and its proven facts under them;
// every move a button (one Tab stop: the current move; the arrows step).
// The list scrolls only itself, never the page around it.
import { focusedIn, h, listen, stopAll } from '../dom.js';
import { gameCan } from '../games.js';
import { moveList } from '../movelist.js';
import { moveLabel } from '../words.js';

const MARK_KIND = { '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' };

function cellLabel(cell) {
  if (cell.kind === 'error') return `${cell.text}, the move with the problem: ${cell.reason}`;
  // The name says all the button shows: the label replaces its text for a screen reader.
  const glyphs = cell.glyphs ? ` ${cell.glyphs}` : '';
  const clock = cell.clock ? `, clock ${cell.clock}` : '';
  const evaluation = cell.eval ? `, the PGN's evaluation ${cell.eval}` : '';
  const marked = cell.mark || cell.markAgreed ? `, marked ${cell.mark ?? cell.markAgreed} by the report` : '';
  return `${moveLabel(cell)}${glyphs}${clock}${evaluation}${marked}`;
}

// The report's marks and the annotator's glyphs look apart (a mark is a
// framed badge in the report's colours, a glyph plain text) and say their
// source when pointed at.
const markSpan = (mark) => h('span', { class: `ab-report-mark ab-mark-${MARK_KIND[mark]}`, text: mark, title: `Marked ${mark} by this board's engine (the report)` });
const glyphTitle = (cell) => `The annotator's glyph, from the PGN${cell.markAgreed ? `; the report marks the move ${cell.markAgreed} too` : ''}`;

function cellButton(cell, extra = '') {
  const b = h('button', {
    type: 'button', tabindex: '-1',
    class: `ab-move${extra}${cell.kind === 'error' ? ' ab-bad' : ''}${cell.current ? ' ab-current' : ''}`,
    'data-path': cell.kind === 'error' ? null : cell.path.join('.'),
    'data-error-line': cell.kind === 'error' ? cell.line.join('.') : null,
    'aria-label': cellLabel(cell),
    'aria-current': cell.current ? 'step' : null,
  });
  if (cell.label) b.append(h('span', { class: 'ab-num-inline', text: `${cell.label} ` }));
  b.append(h('span', { class: 'ab-san', text: cell.text }));
  if (cell.glyphs) b.append(h('span', { class: 'ab-glyphs', text: cell.glyphs, title: glyphTitle(cell) }));
  if (cell.mark) b.append(markSpan(cell.mark));
  if (cell.clock) b.append(h('span', { class: 'ab-clock', text: cell.clock }));
  if (cell.eval) {
    b.append(h('span', { class: 'ab-eval-source', text: 'PGN', title: "The PGN's own evaluation ([%eval]), not this board's" }));
    b.append(h('span', { class: 'ab-eval', text: cell.eval, title: "The PGN's own evaluation ([%eval]), not this board's" }));
  }
  return b;
}

/**
 * Puts the report's marks on a block's buttons in place: a button pressed
 * while a mark arrives must stay the same element, or the click is lost
 * (the press and the release would land on different elements).
 */
function markBlock(element, block) {
  const cells = (block.kind === 'row' ? block.cells : block.items).filter((c) => c?.path && c.kind !== 'error');
  for (const cell of cells) {
    const b = element.querySelector(`.ab-move[data-path="${cell.path.join('.')}"]`);
    const shown = b?.querySelector('.ab-report-mark');
    if (!b) continue;
    if ((shown?.textContent ?? null) !== (cell.mark ?? null)) {
      shown?.remove();
      if (cell.mark) b.insertBefore(markSpan(cell.mark), b.querySelector('.ab-clock, .ab-eval-source'));
    }
    b.querySelector('.ab-glyphs')?.setAttribute('title', glyphTitle(cell));
    b.setAttribute('aria-label', cellLabel(cell));
  }
}

/** What a block shows, as a key (the current move and the report's marks are put on apart). */
function blockKey(block) {
  const cell = (c) => (c ? [c.kind, c.text, c.path?.join('.') ?? c.line?.join('.'), c.label, c.glyphs, c.clock, c.eval, c.number, c.first, c.reason].join('\u0001') : '-');
  const items = block.kind === 'row' ? block.cells : block.items;
  return `${block.kind}|${block.number ?? ''}|${items.map((i) => (i && i.kind === 'fact' ? `fact\u0001${i.text}\u0001${i.move.join('.')}` : i && i.kind === 'comment' ? `comment\u0001${i.text}` : cell(i))).join('\u0002')}`;
}

/** The path a list's data attribute names ('' is the start). */
const pathOf = (text) => (text === '' ? [] : text.split('.').map(Number));

export function movesPanel(ctrl) {
  const element = h('div', { class: 'ab-moves', role: 'group', 'aria-label': 'Moves' });
  /** The outcome and text the list was built for: moving along the tree only moves the highlight. */
  let listedFor = null;
  /** The move and outcome the list was last scrolled to show, where it scrolled it, and whether it has moved since. */
  let scrolledFor = {};
  let scrolledTo = 0;
  let scrolledByHand = false;
  /**
   * The elements of the list's blocks, by what they show: a block that
   * looks the same as before keeps its element, so a move added at the end
   * of a long game builds one row, not the whole list.
   */
  let blockElements = new Map();
  /**
   * The move the pointer went down on, and the one it came up on: the
   * report's facts may rebuild the list between the two, and the click then
   * lands on the list itself, though both were on the same move.
   */
  let pressed = null;
  let released = null;
  const moveKey = (b) => (b ? (b.dataset.errorLine !== undefined ? `[data-error-line="${b.dataset.errorLine}"]` : `[data-path="${b.dataset.path}"]`) : null);

  /** The keyboard's place in the move list: the current move (or the first), else the step buttons. */
  function focusMoves() {
    const stop = element.querySelector('.ab-move[tabindex="0"]');
    if (stop) stop.focus({ preventScroll: true });
    else ctrl.request('focus-steps');
  }

  const off = [
    listen(element, 'scroll', () => {
      if (element.scrollTop !== scrolledTo) scrolledByHand = true;
    }),
    listen(element, 'pointerdown', (event) => {
      pressed = moveKey(event.target.closest('button.ab-move'));
    }),
    listen(element, 'pointerup', (event) => {
      released = moveKey(event.target.closest('button.ab-move'));
    }),
    listen(element, 'click', (event) => {
      // A proven fact shows the position the better move starts from.
      const fact = event.target.closest('button.ab-fact');
      if (fact) return ctrl.goTo(pathOf(fact.dataset.goto));
      const b = event.target.closest('button.ab-move') ?? (pressed && pressed === released ? element.querySelector(`button.ab-move${pressed}`) : null);
      pressed = released = null;
      if (!b) return undefined;
      if (b.dataset.errorLine === undefined) return ctrl.goTo(pathOf(b.dataset.path));
      ctrl.showError(pathOf(b.dataset.errorLine));
      // Choosing the bad move also selects it in the text.
      return ctrl.request('select-error');
    }),
    ctrl.handle('focus-moves', focusMoves),
  ];

  function blockElement(block) {
    if (block.kind === 'row') {
      const row = h('div', { class: 'ab-row' }, h('span', { class: 'ab-num', text: `${block.number}.` }));
      for (const cell of block.cells) {
        if (!cell) row.append(h('span', { class: 'ab-cell ab-empty', text: '…' }));
        else if (cell.kind === 'unplayed') row.append(h('span', { class: 'ab-cell ab-unplayed', title: 'not played (after the error)', text: cell.text }));
        else row.append(cellButton(cell, ' ab-cell'));
      }
      return row;
    }
    const aside = h('div', { class: 'ab-aside' });
    for (const item of block.items) {
      if (item.kind === 'comment') aside.append(h('span', { class: 'ab-comment', text: item.text }));
      else if (item.kind === 'fact') {
        const move = item.move.join('.');
        aside.append(h('button', {
          type: 'button', tabindex: '-1', class: 'ab-fact', 'data-goto': item.path.join('.'), 'data-move': move,
          id: `ab-move-${ctrl.id}-fact-${move}-${aside.querySelectorAll(`.ab-fact[data-move="${move}"]`).length}`,
          title: 'Show the position before the move, with the better move',
        }, h('span', { class: 'ab-fact-label', text: 'Proven: ' }), item.text));
      } else if (item.kind === 'open') aside.append(h('span', { class: 'ab-paren', 'aria-hidden': 'true', text: '(' }));
      else if (item.kind === 'close') aside.append(h('span', { class: 'ab-paren', 'aria-hidden': 'true', text: ')' }));
      else if (item.kind === 'unplayed') aside.append(h('span', { class: 'ab-unplayed', text: item.text }));
      else if (item.kind === 'unplayed-rest') aside.append(h('span', { class: 'ab-unplayed ab-unplayed-rest', text: item.text }));
      else aside.append(cellButton(item, ' ab-inline'));
    }
    return aside;
  }

  /** The list's elements, for the outcome on screen. */
  function buildMoves() {
    const state = ctrl.state;
    const blocks = moveList({ ...state, path: [], errorLine: null });
    const [firstName, secondName] = state.outcome?.players ?? ['', ''];
    const wanted = [];
    const reused = new Map();
    const take = (key, make, block) => {
      const pool = blockElements.get(key);
      const made = pool?.length ? pool.pop() : make();
      if (block) markBlock(made, block);
      if (!reused.has(key)) reused.set(key, []);
      reused.get(key).push(made);
      wanted.push(made);
    };
    if (blocks.some((b) => b.kind === 'row')) {
      take(`head|${firstName}|${secondName}`, () => h('div', { class: 'ab-row ab-head', 'aria-hidden': 'true' },
        h('span', { class: 'ab-num' }), h('span', { class: 'ab-cell', text: firstName }), h('span', { class: 'ab-cell', text: secondName })));
    }
    for (const block of blocks) take(blockKey(block), () => blockElement(block), block);
    blockElements = reused;
    // Put the elements in order, touching only what changed: those no longer
    // wanted go first, so that one block replaced does not move all after it.
    // One pass along the siblings: reaching the live element.children[i] after
    // each insertion was quadratic (minutes for a list of 175,000 rows).
    const keep = new Set(wanted);
    for (const child of [...element.children]) if (!keep.has(child)) child.remove();
    let at = element.firstElementChild;
    for (const child of wanted) {
      if (child === at) at = at.nextElementSibling;
      else element.insertBefore(child, at);
    }
    element.classList.toggle('ab-long', wanted.length > 150);
    // A move is described by its proven facts: a screen reader says them with it.
    const facts = new Map();
    for (const f of element.querySelectorAll('.ab-fact')) facts.set(f.dataset.move, [...(facts.get(f.dataset.move) ?? []), f.id]);
    for (const b of element.querySelectorAll('.ab-move[data-path]')) {
      const ids = facts.get(b.dataset.path)?.join(' ') ?? null;
      if (b.getAttribute('aria-describedby') === ids) continue;
      if (ids) b.setAttribute('aria-describedby', ids);
      else b.removeAttribute('aria-describedby');
    }
  }

  function renderMoves() {
    const state = ctrl.state;
    const active = focusedIn(element) ?? document.activeElement;
    const hadFocus = !!active && element.contains(active);
    const o = state.outcome;
    const reported = `${state.report?.plies.length ?? 0}${state.report?.done ? ' done' : ''}`;
    if (listedFor?.outcome !== o || listedFor?.text !== state.text || listedFor?.reported !== reported) {
      listedFor = { outcome: o, text: state.text, reported };
      buildMoves();
    }
    // The highlight and the one tab stop: the current move (or the first).
    const here = state.errorLine ? `error:${state.errorLine.join('.')}` : state.path.join('.');
    let current = null;
    const all = element.querySelectorAll('.ab-move');
    for (const b of all) {
      const key = b.dataset.errorLine !== undefined ? `error:${b.dataset.errorLine}` : b.dataset.path;
      const on = key === here;
      if (on) current = b;
      if (on !== b.classList.contains('ab-current')) {
        b.classList.toggle('ab-current', on);
        if (on) b.setAttribute('aria-current', 'step');
        else b.removeAttribute('aria-current');
      }
    }
    // One tab stop: touch only the buttons whose stop changes.
    const stop = current ?? all[0];
    for (const b of element.querySelectorAll('.ab-move[tabindex="0"]')) if (b !== stop) b.tabIndex = -1;
    if (stop && stop.tabIndex !== 0) stop.tabIndex = 0;
    // The current move's proven facts follow it in the Tab order (few: a fact is a mistake's).
    for (const f of element.querySelectorAll('.ab-fact')) {
      const tab = f.dataset.move === here ? 0 : -1;
      if (f.tabIndex !== tab) f.tabIndex = tab;
    }
    // (A fact of the current move keeps the focus it has.)
    // (With no move left, an undo back to a bare position, the step buttons take it: not the page's body.)
    if (hadFocus && !(active.classList.contains('ab-fact') && active.isConnected && active.tabIndex === 0)) {
      if (stop) stop.focus({ preventScroll: true });
      else ctrl.request('focus-steps');
    }
    // Scroll the list only (never the page around it) to keep the current
    // move in view, at the next frame, when the page is laid out anyway:
    // when another move or game is shown, or the list changed (the report's
    // facts) unless the person has scrolled it by hand meanwhile.
    const shown = { here, outcome: o };
    const moved = shown.here !== scrolledFor.here || shown.outcome !== scrolledFor.outcome;
    scrolledFor = shown;
    if (moved) scrolledByHand = false;
    // At the start no move is current: the list goes back to its top (the
    // comment before the first move, the first moves), as it does on lichess.
    if (!current && here === '' && moved) {
      requestAnimationFrame(() => {
        element.scrollTop = 0;
        scrolledTo = element.scrollTop;
      });
    }
    if (current && !scrolledByHand) requestAnimationFrame(() => keepInView(moved));
  }

  /**
   * Scrolls the list only to show the current move, unless the person has
   * scrolled it by hand since it was shown (`moved`: it was just shown).
   */
  function keepInView(moved = false) {
    const current = element.querySelector('.ab-move.ab-current');
    // (A scroll by hand is known at the frame: its event comes before this.)
    if (!current || (scrolledByHand && !moved)) return;
    // (The list contains its layout: it is its moves' offsetParent, so measure on screen.)
    const top = current.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
    if (top < element.scrollTop + 24) element.scrollTop = Math.max(0, top - 24);
    else if (top + current.offsetHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + current.offsetHeight - element.clientHeight + 8;
    scrolledTo = element.scrollTop;
  }
  // The list made shorter or taller (the layout around it: the report's
  // panel, a phone's first screen) keeps the current move in view too.
  const resized = new ResizeObserver(() => keepInView());
  resized.observe(element);

  return {
    elements: [element],
    topics: ['marks'],
    render(topics) {
      const state = ctrl.state;
      if (!state.outcome) return;
      // A problem has no moves: one that cannot be read listed its bad line as a White move.
      if (topics.has('all')) element.hidden = !!state.puzzle || !gameCan(state.rules).moves;
      renderMoves();
    },
    destroy() {
      resized.disconnect();
      stopAll(off)();
    },
  };
}
