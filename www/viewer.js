// The viewer: owns the engine, the state and the DOM of one analysis board
// (the page and the <analysis-board> element both use it). User text only
// ever enters the DOM as text nodes.
import { createBoard } from './board.js';
import { loadEngine } from './engine.js';
import {
  boardView, buildFragment, canSuggest, currentIndex, describeSuggestion, friendlyVerdict, gameInfo, goTo,
  initialState, lastIndex, moveRows, plyCount, setOutcome, snapshotOf, step,
} from './state.js';

const ICONS = {
  first: 'M6 5h2v14H6zM19 5v14L9 12z',
  prev: 'M17 5v14L7 12z',
  next: 'M7 5v14l10-7z',
  last: 'M16 5h2v14h-2zM5 5v14l10-7z',
  flip: 'M7 3l-4 4h3v10h2V7h3zM17 21l4-4h-3V7h-2v10h-3z',
};

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') node.textContent = v;
    else if (k === 'class') node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

function icon(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

// One suggestion worker per page, shared by every viewer on it.
let worker = null;
let workerFailed = false;
let nextId = 0;
const waiting = new Map();

function startWorker() {
  if (worker || workerFailed) return worker;
  const url = new URL('./worker.js', import.meta.url);
  try {
    worker = new Worker(url, { type: 'module' });
  } catch {
    try {
      // A page on another origin cannot start our worker directly; a
      // worker of its own origin can still import our module.
      const blob = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
      worker = new Worker(URL.createObjectURL(blob), { type: 'module' });
    } catch {
      workerFailed = true;
      return null;
    }
  }
  worker.onmessage = (event) => {
    const done = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    done?.(event.data);
  };
  worker.onerror = () => {
    workerFailed = true;
    worker = null;
    for (const done of waiting.values()) done({ error: 'the suggestion worker stopped' });
    waiting.clear();
  };
  return worker;
}

/** Asks for a suggestion: in the worker, or (if workers are unavailable) here, after a paint. */
function requestSuggestion(fen, game) {
  const w = startWorker();
  if (!w) {
    return new Promise((resolve) => setTimeout(async () => {
      try {
        const engine = await loadEngine();
        resolve({ suggestion: engine.suggest(fen, { game }) });
      } catch (e) {
        resolve({ error: String(e?.message ?? e) });
      }
    }, 30));
  }
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ id, fen, game });
  });
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard access is often refused inside frames: fall back to a selection.
    const area = h('textarea', { class: 'ab-offscreen', readonly: '' });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/**
 * Builds a viewer inside `container`.
 * options: { text, ply, flipped, game, notation, editor (bool), embed (bool),
 *            notices: [string], onChange(state) }
 */
export function createViewer(container, options = {}) {
  let state = initialState({
    text: options.text ?? '',
    game: options.game ?? 'auto',
    notation: options.notation ?? 'auto',
    flipped: !!options.flipped,
  });
  let engine = null;
  const editor = options.editor !== false;
  const listeners = [];
  const listen = (target, type, fn, opts) => {
    target.addEventListener(type, fn, opts);
    listeners.push(() => target.removeEventListener(type, fn, opts));
  };

  // ---- DOM ----
  const root = h('div', { class: `ab-viewer${options.embed ? ' ab-embed' : ''}${editor ? '' : ' ab-no-editor'}` });
  const boardBox = h('div', { class: 'ab-board' });
  const controls = h('div', { class: 'ab-controls', role: 'toolbar', 'aria-label': 'Step through the game' });
  const buttons = {};
  for (const [action, label] of [['first', 'First position'], ['prev', 'Previous move'], ['next', 'Next move'], ['last', 'Last position'], ['flip', 'Flip the board']]) {
    const b = h('button', { type: 'button', class: `ab-btn ab-${action}`, 'aria-label': label, title: label, 'data-action': action }, icon(action));
    buttons[action] = b;
    controls.append(b);
  }
  const position = h('p', { class: 'ab-position', 'aria-live': 'polite' });
  const boardPane = h('div', { class: 'ab-board-pane' }, boardBox, controls, position);

  const textId = `ab-text-${Math.random().toString(36).slice(2, 8)}`;
  const textarea = h('textarea', {
    id: textId, class: 'ab-text', spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off', rows: '5',
    placeholder: 'Paste a game: e4 e5 Nf3 Nc6 ... or a whole PGN',
  });
  textarea.value = state.text;
  const backdrop = h('div', { class: 'ab-backdrop', 'aria-hidden': 'true' });
  const editorBox = editor
    ? h('div', { class: 'ab-editor' },
        h('label', { for: textId, class: 'ab-label', text: 'Game, moves or problem' }),
        h('div', { class: 'ab-field' }, backdrop, textarea))
    : null;

  const notices = h('div', { class: 'ab-notices', role: 'status' });
  const verdictLine = h('p', { class: 'ab-line' });
  const verdictText = h('p', { class: 'ab-friendly' });
  const info = h('p', { class: 'ab-info' });
  const verdict = h('div', { class: 'ab-verdict', 'aria-live': 'polite' }, verdictLine, verdictText, info);
  const suggestionBox = h('div', { class: 'ab-suggestion', 'aria-live': 'polite' });
  const moves = h('ol', { class: 'ab-moves', 'aria-label': 'Moves' });
  const copyFen = h('button', { type: 'button', class: 'ab-action', 'data-action': 'copy-fen', text: 'Copy FEN' });
  const copyLink = h('button', { type: 'button', class: 'ab-action', 'data-action': 'copy-link', text: 'Copy link' });
  const copyPgn = h('button', { type: 'button', class: 'ab-action', 'data-action': 'copy-pgn', text: 'Copy PGN', hidden: '' });
  const copyExchange = h('button', { type: 'button', class: 'ab-action', 'data-action': 'copy-exchange', text: 'Copy exchange file', hidden: '' });
  const fenField = h('input', { class: 'ab-fen', readonly: '', 'aria-label': 'Position (FEN)' });
  const copied = h('output', { class: 'ab-copied' });
  const actions = h('div', { class: 'ab-actions' }, copyFen, copyLink, copyPgn, copyExchange, copied, fenField);
  const side = h('div', { class: 'ab-side' }, editorBox, notices, verdict, suggestionBox, moves, actions);
  root.append(boardPane, side);
  container.append(root);

  const board = createBoard(boardBox, {
    onSquare: (square) => root.dispatchEvent(new CustomEvent('square', { detail: { square }, bubbles: true, composed: true })),
  });

  // ---- rendering ----
  function showNotices(list) {
    notices.replaceChildren(...list.map((text) => h('p', { class: 'ab-notice', text })));
  }

  function renderBackdrop() {
    if (!editorBox) return;
    const text = state.text;
    const o = state.outcome;
    const parts = [];
    let at = 0;
    const mark = (start, end, cls) => {
      if (start < at) return;
      parts.push(document.createTextNode(text.slice(at, start)));
      // A zero-width problem (the end of the text) still gets a visible mark.
      parts.push(h('mark', { class: cls, text: end > start ? text.slice(start, end) : ' ' }));
      at = Math.max(end, start);
    };
    const current = o && state.ply > 0 && !state.showError ? o.plies[state.ply - 1] : null;
    if (current) mark(current.start, current.end, 'ab-mark-current');
    if (o?.error) mark(o.error.start, o.error.end, 'ab-mark-error');
    parts.push(document.createTextNode(text.slice(at) + '\n'));
    backdrop.replaceChildren(...parts);
    backdrop.scrollTop = textarea.scrollTop;
  }

  function renderMoves() {
    const rows = moveRows(state);
    const here = currentIndex(state);
    const [first, second] = state.outcome?.players ?? ['', ''];
    const head = h('li', { class: 'ab-row ab-head', 'aria-hidden': 'true' },
      h('span', { class: 'ab-num' }), h('span', { class: 'ab-cell', text: first }), h('span', { class: 'ab-cell', text: second }));
    moves.replaceChildren(...(rows.length ? [head] : []), ...rows.map((row) => {
      const li = h('li', { class: 'ab-row' }, h('span', { class: 'ab-num', text: `${row.number}.` }));
      for (const cell of row.cells) {
        if (!cell) {
          li.append(h('span', { class: 'ab-cell ab-empty', text: row === rows[0] ? '…' : '' }));
          continue;
        }
        if (cell.kind === 'unplayed') {
          li.append(h('span', { class: 'ab-cell ab-unplayed', title: 'not played (after the error)', text: cell.text }));
          continue;
        }
        const b = h('button', {
          type: 'button', class: `ab-cell ab-move${cell.kind === 'error' ? ' ab-bad' : ''}${cell.index === here ? ' ab-current' : ''}`,
          'data-index': String(cell.index),
          'aria-label': cell.kind === 'error' ? `${cell.text}, the move with the problem` : `${row.number}${row.cells[0] === cell ? '.' : '...'} ${cell.text}`,
          text: cell.text,
        });
        if (cell.index === here) b.setAttribute('aria-current', 'step');
        li.append(b);
      }
      return li;
    }));
    moves.querySelector('.ab-current')?.scrollIntoView?.({ block: 'nearest' });
  }

  function describePosition() {
    const o = state.outcome;
    if (!o) return '';
    if (o.game === 'grid') return o.status === 'answer' ? 'The answer is marked on the board.' : '';
    if (state.showError) return `The move with the problem, drawn on the position before it.`;
    if (state.ply === 0) return `Start position, ${snapshotOf(state)?.sideToMove ?? ''} to move.`;
    const p = o.plies[state.ply - 1];
    const rows = moveRows(state);
    for (const row of rows) {
      const i = row.cells.findIndex((c) => c?.index === state.ply && c.kind === 'ply');
      if (i >= 0) return `Move ${row.number}${i === 0 ? '' : ', black'}: ${p.notation}.`;
    }
    return p.notation;
  }

  let suggestionFor = null;
  function renderSuggestion() {
    const o = state.outcome;
    const snapshot = snapshotOf(state);
    if (!o || !snapshot || !canSuggest(state)) {
      suggestionFor = null;
      suggestionBox.replaceChildren();
      return;
    }
    const key = `${o.game}|${snapshot.fen}`;
    if (key === suggestionFor) return;
    suggestionFor = key;
    if (o.problem) {
      const mate = o.problem.mate;
      shownSuggestion = mate;
      suggestionBox.replaceChildren(mate ? h('p', {}, h('strong', { text: 'Mating move: ' }), mate.notation) : h('p', { text: '' }));
      drawBoard();
      return;
    }
    suggestionBox.replaceChildren(h('p', { class: 'ab-thinking', text: 'Thinking about a move…' }));
    suggestionBox.setAttribute('aria-busy', 'true');
    requestSuggestion(snapshot.fen, o.game).then((reply) => {
      if (suggestionFor !== key) return;
      suggestionBox.removeAttribute('aria-busy');
      if (reply.error) {
        suggestionBox.replaceChildren(h('p', { class: 'ab-error', text: `No suggestion: ${reply.error}` }));
        return;
      }
      showSuggestion(reply.suggestion);
    });
  }

  let shownSuggestion = null;
  function showSuggestion(s) {
    shownSuggestion = s;
    suggestionBox.removeAttribute('aria-busy');
    suggestionBox.replaceChildren(s
      ? h('p', {}, h('strong', { text: 'Suggested: ' }), describeSuggestion(s, state.outcome?.game))
      : h('p', { text: '' }));
    drawBoard();
  }

  function drawBoard() {
    const view = boardView(state);
    if (!view) return;
    if (shownSuggestion && suggestionFor && canSuggest(state)) {
      view.arrows.push({ from: shownSuggestion.from, to: shownSuggestion.to, kind: 'suggest' });
    }
    view.label = `${describePosition()} ${view.snapshot.check ? 'Check.' : ''}`.trim();
    board.draw(view);
  }

  function render() {
    const o = state.outcome;
    const n = plyCount(state);
    const here = currentIndex(state);
    buttons.first.disabled = here === 0;
    buttons.prev.disabled = here === 0;
    buttons.next.disabled = here >= lastIndex(state);
    buttons.last.disabled = here >= lastIndex(state);
    if (!o) return;
    verdictLine.textContent = o.message;
    verdictLine.className = `ab-line ab-${o.status}`;
    verdictText.textContent = friendlyVerdict(state);
    info.textContent = gameInfo(o);
    const snapshot = snapshotOf(state);
    fenField.value = snapshot?.fen ?? '';
    copyFen.textContent = o.game === 'checkers' ? 'Copy position' : 'Copy FEN';
    copyExchange.hidden = o.game !== 'checkers';
    copyPgn.hidden = o.game !== 'chess';
    position.textContent = describePosition();
    if (shownSuggestion && suggestionFor !== `${o.game}|${snapshot?.fen}`) shownSuggestion = null;
    renderMoves();
    renderBackdrop();
    renderSuggestion();
    drawBoard();
    options.onChange?.(state, n);
  }

  // ---- analysis ----
  function analyzeNow() {
    if (!engine) return;
    let outcome;
    try {
      // Suggestions are searched in the worker, for the position on screen.
      outcome = engine.analyze(state.text, { game: state.game, notation: state.notation, suggest: false });
    } catch (e) {
      showNotices([`Could not analyse: ${e?.message ?? e}`]);
      return;
    }
    state = setOutcome(state, state.text, outcome);
    render();
  }

  let typing = 0;
  listen(textarea, 'input', () => {
    state = { ...state, text: textarea.value };
    clearTimeout(typing);
    typing = setTimeout(analyzeNow, 150);
    renderBackdrop();
  });
  listen(textarea, 'paste', () => {
    clearTimeout(typing);
    setTimeout(() => {
      state = { ...state, text: textarea.value };
      analyzeNow();
    }, 0);
  });
  listen(textarea, 'scroll', () => {
    backdrop.scrollTop = textarea.scrollTop;
  });

  const act = (action) => {
    if (action === 'first') state = goTo(state, 0);
    else if (action === 'prev') state = step(state, -1);
    else if (action === 'next') state = step(state, 1);
    else if (action === 'last') state = goTo(state, lastIndex(state));
    else if (action === 'flip') state = { ...state, flipped: !state.flipped };
    render();
  };
  listen(controls, 'click', (event) => {
    const b = event.target.closest('button');
    if (b) act(b.dataset.action);
  });
  listen(moves, 'click', (event) => {
    const b = event.target.closest('button[data-index]');
    if (!b) return;
    state = goTo(state, Number(b.dataset.index));
    render();
    // Clicking the bad move also selects it in the text.
    if (b.classList.contains('ab-bad') && editorBox && state.outcome?.error) {
      textarea.focus();
      textarea.setSelectionRange(state.outcome.error.start, Math.max(state.outcome.error.end, state.outcome.error.start));
    }
  });
  const flash = (text) => {
    copied.textContent = text;
    setTimeout(() => { if (copied.textContent === text) copied.textContent = ''; }, 2500);
  };
  listen(copyFen, 'click', async () => {
    flash((await copyText(fenField.value)) ? 'FEN copied' : 'Copy failed: select the FEN below');
  });
  listen(copyPgn, 'click', async () => {
    let text;
    try {
      text = engine.exportPgn(state.text, { notation: state.notation });
    } catch (e) {
      flash(`No PGN: ${e?.message ?? e}`);
      return;
    }
    flash((await copyText(text)) ? 'PGN copied' : 'Copy failed');
  });
  listen(copyExchange, 'click', async () => {
    let text;
    try {
      text = engine.exchangeFile(fenField.value);
    } catch (e) {
      flash(`No exchange file: ${e?.message ?? e}`);
      return;
    }
    flash((await copyText(text)) ? 'Exchange file copied' : 'Copy failed');
  });
  listen(copyLink, 'click', async () => {
    const link = shareLink();
    flash((await copyText(link)) ? 'Link copied' : 'Copy failed');
  });

  /** Keyboard: Left/Right, Home/End, f; not while typing in a field. */
  const onKey = (event) => {
    const t = event.composedPath?.()[0] ?? event.target;
    if (t && (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', f: 'flip', F: 'flip' }[event.key];
    if (!action) return;
    event.preventDefault();
    act(action);
  };
  const keyTarget = options.keyTarget ?? root;
  listen(keyTarget, 'keydown', onKey);

  function shareLink() {
    const base = typeof location !== 'undefined' && options.linkBase === undefined ? location.href.split('#')[0] : options.linkBase ?? '';
    return base + buildFragment(state);
  }

  loadEngine().then((e) => {
    engine = e;
    analyzeNow();
    if (options.ply !== undefined && options.ply !== null) {
      const wanted = options.ply;
      const n = plyCount(state);
      if (wanted > n) showNotices([...(options.notices ?? []), `The link asks for ply ${wanted}, but the game has ${n}; showing the last position.`]);
      state = goTo(state, Math.min(wanted, n));
      render();
    }
  }).catch((e) => {
    showNotices([`The rules engine could not load: ${e?.message ?? e}`]);
  });
  showNotices(options.notices ?? []);

  return {
    element: root,
    get state() { return state; },
    setText(text) {
      textarea.value = text;
      state = { ...state, text };
      analyzeNow();
    },
    setGame(game, notation) {
      state = { ...state, game: game ?? state.game, notation: notation ?? state.notation };
      analyzeNow();
    },
    goTo(index) {
      state = goTo(state, index);
      render();
    },
    setFlipped(flipped) {
      state = { ...state, flipped: !!flipped };
      render();
    },
    shareLink,
    destroy() {
      clearTimeout(typing);
      listeners.forEach((off) => off());
      board.destroy();
      root.remove();
    },
  };
}
