// The text panel: the text box (the whole text, or the game on screen of
// a long text of several games, with the line that says so), the marks
// drawn behind it (the move on screen, the error), and its keys: Escape
// leaves it, Ctrl+Z takes back a board move or a long paste.
import { boxText } from '../controller/text.js';
import { focusedIn, h, isUndoKey, listen, stopAll } from '../dom.js';
import { lineAt, plyAt } from '../state.js';
import { gameOf } from '../words.js';

/** What the empty text box says. */
const BOX_PLACEHOLDER = 'Paste a game: e4 e5 Nf3 Nc6 ..., a whole PGN, or a FEN';
/** The longest text whose marks (the current move, the error) are drawn behind it. */
const MIRRORED_TEXT_LIMIT = 100_000;

export function textPanel(ctrl) {
  const id = `ab-text-${ctrl.id}`;
  const textarea = h('textarea', {
    id, class: 'ab-text', spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off', rows: '5', placeholder: BOX_PLACEHOLDER,
  });
  textarea.value = ctrl.state.text;
  const showWhole = h('button', { type: 'button', class: 'ab-action ab-show-whole', text: 'Show the whole text' });
  const windowSays = h('span');
  const windowNote = h('p', { class: 'ab-window-note', hidden: true }, windowSays, ' ', showWhole);
  const backdrop = h('div', { class: 'ab-backdrop', 'aria-hidden': 'true' });
  const element = h('div', { class: 'ab-editor' },
    h('label', { for: id, class: 'ab-label', text: 'Game, moves, position or problem' }),
    h('div', { class: 'ab-field' }, backdrop, textarea),
    windowNote);
  /** Where in the text the box's content starts, as last written (the caret stays where it was in the text). */
  let shownStart = 0;

  const off = [
    listen(textarea, 'input', (event) => {
      ctrl.typed(textarea.value, event.inputType === 'insertFromPaste' || event.inputType === 'insertFromDrop');
    }),
    listen(textarea, 'paste', (event) => {
      const whole = textarea.selectionStart === 0 && textarea.selectionEnd === textarea.value.length;
      const given = event.clipboardData?.getData('text/plain') ?? '';
      if (ctrl.paste({ given, value: textarea.value, start: textarea.selectionStart, end: textarea.selectionEnd })) event.preventDefault();
      // Read once the paste is in the box.
      setTimeout(() => ctrl.pasted(textarea.value, whole), 0);
    }),
    listen(textarea, 'scroll', () => {
      backdrop.scrollTop = textarea.scrollTop;
    }),
    listen(textarea, 'keydown', (event) => {
      // Escape leaves the text box, so the arrow keys step through the game.
      if (event.key === 'Escape') {
        event.preventDefault();
        ctrl.request('focus-moves');
      }
      if (isUndoKey(event) && ctrl.undoInBox()) event.preventDefault();
    }),
    listen(showWhole, 'click', () => {
      ctrl.showWholeText();
      textarea.focus();
    }),
    // A bad move chosen in the move list is selected in the text: once the
    // click is over (Chromium 148 collapses a selection made during it to its end).
    ctrl.handle('select-error', () => {
      const { outcome, errorLine, box } = ctrl.state;
      const error = lineAt(outcome, errorLine)?.error;
      const offset = box.view?.start ?? 0;
      // (Not when it is outside the box's part of the text.)
      if (error && error.start >= offset && error.end <= offset + textarea.value.length) setTimeout(() => textarea.setSelectionRange(error.start - offset, Math.max(error.end, error.start) - offset));
    }),
  ];

  /** The box's content, read-only while it waits for the rules, and the line under it. */
  function renderBox() {
    const { box, text } = ctrl.state;
    const content = boxText(ctrl.state);
    if (textarea.value !== content) {
      const caret = textarea.selectionStart + shownStart;
      textarea.value = content;
      // The caret stays where it was in the text (or as near as the box allows).
      if (focusedIn(textarea) === textarea) {
        const at = Math.min(Math.max(caret - (box.view?.start ?? 0), 0), content.length);
        textarea.setSelectionRange(at, at);
      }
    }
    shownStart = box.view?.start ?? 0;
    textarea.readOnly = box.waiting;
    textarea.placeholder = box.waiting ? 'The text comes here once the rules have loaded…' : BOX_PLACEHOLDER;
    showWhole.hidden = box.waiting;
    windowNote.hidden = !box.waiting && !box.view;
    if (box.waiting) windowSays.textContent = `The text (${text.length.toLocaleString('en')} characters) is shown here once the rules have loaded.`;
    else if (box.view) {
      const n = (count) => count.toLocaleString('en');
      const part = box.view.cut ? `the first ${n(box.view.end - box.view.start)} characters of ` : '';
      windowSays.textContent = box.game
        ? `The box holds ${part}game ${n(box.game.index + 1)} of the text's ${n(box.game.count)} (choose another under "${gameOf(box.game.index, box.game.count)}"); the others are kept as they are.`
        : `The box holds ${part}the text's ${n(text.length)}; the rest is kept as it is.`;
    }
  }

  /** The marks behind the text: the move on screen, the error. */
  function renderBackdrop() {
    const { outcome: o, errorLine, path, box } = ctrl.state;
    const text = boxText(ctrl.state);
    const offset = box.view?.start ?? 0;
    // A text this long costs the browser a layout of its own (hundreds of
    // milliseconds for a 1 MB PGN) each time the marks move: not mirrored.
    if (text.length > MIRRORED_TEXT_LIMIT) {
      backdrop.replaceChildren();
      return;
    }
    const parts = [];
    let at = 0;
    const mark = (wholeStart, wholeEnd, cls) => {
      const start = wholeStart - offset;
      const end = wholeEnd - offset;
      if (start < at || end > text.length) return;
      parts.push(document.createTextNode(text.slice(at, start)));
      // A zero-width problem (the end of the text) still gets a visible mark.
      parts.push(h('mark', { class: cls, text: end > start ? text.slice(start, end) : ' ' }));
      at = Math.max(end, start);
    };
    const marks = [];
    const current = o && !errorLine ? plyAt(o, path) : null;
    if (current) marks.push([current.start, current.end, 'ab-mark-current']);
    const shownError = errorLine ? lineAt(o, errorLine)?.error : null;
    if (shownError && shownError !== o?.error) marks.push([shownError.start, shownError.end, 'ab-mark-error']);
    if (o?.error) marks.push([o.error.start, o.error.end, 'ab-mark-error']);
    marks.sort((a, b) => a[0] - b[0]);
    for (const [start, end, cls] of marks) mark(start, end, cls);
    parts.push(document.createTextNode(text.slice(at) + '\n'));
    backdrop.replaceChildren(...parts);
    // Read the text box's scroll at the next frame, when the page is laid out anyway.
    requestAnimationFrame(() => {
      backdrop.scrollTop = textarea.scrollTop;
    });
  }

  return {
    elements: [element],
    topics: ['text'],
    render(topics) {
      renderBox();
      if (topics.has('text') || ctrl.state.outcome) renderBackdrop();
    },
    destroy: stopAll(off),
  };
}
