// The share panel: Copy FEN (or the position, for a game whose positions
// are no FENs), Copy link, Copy PGN, the checkers exchange file, the FEN
// of the position on the board, and "Set up a position".
import { copyText, focusedIn, h, listen } from '../dom.js';
import { gameCan } from '../games.js';
import { givesNoPosition, snapshotOf } from '../state.js';

export function sharePanel(ctrl) {
  const button = (action, text, hidden = false) => h('button', { type: 'button', class: 'ab-action', 'data-action': action, text, hidden });
  const copyFen = button('copy-fen', 'Copy FEN');
  const copyLink = button('copy-link', 'Copy link');
  const copyPgn = button('copy-pgn', 'Copy PGN', true);
  const copyExchange = button('copy-exchange', 'Copy exchange file', true);
  const setUp = button('set-up', 'Set up a position', true);
  const fenField = h('input', { class: 'ab-fen', readonly: true, 'aria-label': 'Position (FEN)' });
  const copied = h('output', { class: 'ab-copied' });
  const element = h('div', { class: 'ab-actions' }, copyFen, copyLink, copyPgn, copyExchange, setUp, copied, fenField);
  const timers = new Set();

  const flash = (text) => {
    copied.textContent = text;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (copied.textContent === text) copied.textContent = '';
    }, 2500);
    timers.add(timer);
  };
  /** Copies what `made` gives ({ text } or { error }), saying `done` when copied. */
  const copy = async (made, done) => {
    if (made.error) return flash(made.error);
    return flash((await copyText(made.text)) ? done : 'Copy failed');
  };

  const off = [
    listen(copyFen, 'click', async () => {
      const what = copyFen.textContent === 'Copy FEN' ? 'FEN' : 'position';
      flash((await copyText(fenField.value)) ? `${what[0].toUpperCase()}${what.slice(1)} copied` : `Copy failed: select the ${what} below`);
    }),
    listen(copyPgn, 'click', () => copy(ctrl.exportPgn(), 'PGN copied')),
    listen(copyExchange, 'click', () => copy(ctrl.exchangeFile(fenField.value), 'Exchange file copied')),
    listen(copyLink, 'click', async () => copy({ text: await ctrl.shareLink() }, 'Link copied')),
    // While a position is set up the button takes the person to it: closing
    // would throw that work away (the editor's Cancel does, when asked to).
    listen(setUp, 'click', () => {
      if (ctrl.state.setup) return ctrl.request('focus-setup');
      // (On one column the button is hidden while setting up: the focus goes to the piece to place.)
      const fromButton = focusedIn(setUp) === setUp;
      ctrl.openSetup();
      if (fromButton) ctrl.request('focus-setup');
      return undefined;
    }),
    ctrl.handle('focus-set-up', () => setUp.focus()),
  ];

  /**
   * The FEN to copy: the position on the board (the one being set up, while
   * it is; in a puzzle, the puzzle's as it is played). Nothing to copy where
   * there is no position (a FEN that cannot be read, an impossible set-up).
   */
  function showFen() {
    const { setup, puzzle } = ctrl.state;
    const fen = setup ? setup.fen : (puzzle ? puzzle.snapshot : snapshotOf(ctrl.state))?.fen ?? '';
    fenField.value = fen;
    fenField.hidden = copyFen.hidden = !fen;
  }

  return {
    elements: [element],
    topics: ['fen', 'setup', 'puzzle'],
    render(topics) {
      const { outcome: o, rules, text, readonly } = ctrl.state;
      if (topics.has('all')) {
        if (!o) return;
        showFen();
        const can = gameCan(rules);
        // A grid problem's board rows and a checkers position are no FEN.
        copyFen.textContent = can.fen ? 'Copy FEN' : 'Copy position';
        fenField.setAttribute('aria-label', can.fen ? 'Position (FEN)' : 'Position');
        copyExchange.hidden = !can.exchange;
        copyPgn.hidden = !can.pgn || givesNoPosition(ctrl.state);
        setUp.hidden = !ctrl.editor || readonly || (!can.setup && text.trim() !== '');
        return;
      }
      showFen();
    },
    destroy() {
      off.forEach((stop) => stop());
      timers.forEach(clearTimeout);
    },
  };
}
