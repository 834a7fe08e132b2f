// The setup panel, the board editor's controls: a palette of pieces (a
// radio group: one tab stop, the arrows choose), side to move, move number,
// en passant square, castling rights, every reason the position is
// impossible, and Clear, Start position, Use this position, Cancel. The
// board itself is the board panel's; the controller's setup part keeps the
// position (its `board`, games.js setupBoard, says which board it is).
import { pieceIcon } from '../board.js';
import { focusedIn, h, listen, stopAll } from '../dom.js';

export function setupPanel(ctrl) {
  const element = h('div', { class: 'ab-setup', hidden: true });
  /** The editor's position as drawn, and its controls (made when the editor opens). */
  let shown = null;
  let fields = null;
  /** The pieces to choose from, then the eraser, in order (of the editor open). */
  const brushes = () => [...ctrl.state.setup.board.palette, 'x'];

  const focusChosen = () => element.querySelector('.ab-chosen')?.focus();
  /** A field's change, unless the editor has closed: a field that has the focus when Escape closes the editor reports its change as it goes. */
  const CHANGES = {
    right: (field) => ctrl.setCastling(field.dataset.right, field.checked),
    ep: (field) => ctrl.setEnPassant(field.value),
    number: (field) => ctrl.setMoveNumber(field.value),
  };
  /** The side after `side` in the game's order (White, Black, White...). */
  const nextSide = (side) => {
    const { sides } = ctrl.state.setup.board;
    return sides[(sides.findIndex(([value]) => value === side) + 1) % sides.length];
  };
  const BUTTONS = { side: () => ctrl.setSideToMove(nextSide(ctrl.state.setup.sideToMove)[0]), clear: () => ctrl.clearSetup(), start: () => ctrl.setupStart(), use: () => ctrl.useSetup(), cancel: () => ctrl.closeSetup() };

  const off = [
    listen(element, 'click', (event) => {
      const piece = event.target.closest('button[data-piece]');
      if (piece) {
        ctrl.choosePiece(piece.dataset.piece);
        focusChosen();
      }
      const action = event.target.closest('[data-setup]')?.dataset.setup;
      if (action) BUTTONS[action]();
    }),
    listen(element, 'change', (event) => {
      const field = event.target.closest('[data-field]');
      if (field && ctrl.state.setup) CHANGES[field.dataset.field](field);
    }),
    listen(element, 'keydown', (event) => {
      if (event.target.closest('.ab-palette')) {
        const all = brushes();
        const at = all.indexOf(ctrl.state.setup.brush);
        const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
        if (to !== undefined && !event.altKey && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          ctrl.choosePiece(all[(to + all.length) % all.length]);
          focusChosen();
          return;
        }
      }
      // Escape in the editor is its Cancel (which asks nothing: the button
      // reopens it). Not while a field composes text, nor a key already used
      // (an open list of a <select> keeps its Escape to itself).
      if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented || !ctrl.state.setup) return;
      event.preventDefault();
      ctrl.closeSetup();
    }),
    ctrl.handle('focus-setup', focusChosen),
  ];

  /** The editor's controls, for the names of the pieces of `setup`. */
  function build(setup) {
    const board = setup.board;
    const palette = h('div', { class: 'ab-palette', role: 'radiogroup', 'aria-label': 'Piece to place' });
    for (const ch of brushes()) {
      const name = ch === 'x' ? 'Remove a piece' : setup.pieces[ch];
      palette.append(h('button', { type: 'button', class: 'ab-swatch', role: 'radio', 'aria-label': name, title: name, 'data-piece': ch },
        ch === 'x' ? h('span', { text: '✕', 'aria-hidden': 'true' }) : pieceIcon(board.game, ch, name)));
    }
    // The side to move in words ("White to move"), one click to change.
    const side = h('button', { type: 'button', class: 'ab-action ab-side-to-move', 'data-setup': 'side' });
    const rights = h('fieldset', { class: 'ab-castling' }, h('legend', { text: 'Castling' }));
    for (const [flag, label] of board.castling) {
      rights.append(h('label', {}, h('input', { type: 'checkbox', 'data-right': flag, 'data-field': 'right' }), ` ${label}`));
    }
    const ep = h('input', { type: 'text', class: 'ab-ep', size: '3', 'aria-label': 'En passant square', placeholder: '-', 'data-field': 'ep' });
    // The move number the new position starts from (the halfmove clock is the
    // position's own until a piece changes, then 0: no moves led to it).
    const number = h('input', { type: 'text', inputmode: 'numeric', class: 'ab-move-number', size: '4', 'aria-label': 'Move number', 'data-field': 'number' });
    const problems = h('ul', { class: 'ab-setup-problems', role: 'status' });
    const button = (text, action) => h('button', { type: 'button', class: 'ab-action', text, 'data-setup': action });
    element.replaceChildren(
      h('p', { class: 'ab-label', text: 'Set up a position: choose a piece, then click squares (click again to remove); drag pieces to move them or off the board to remove them.' }),
      palette,
      h('div', { class: 'ab-setup-row' }, side, h('label', {}, 'Move ', number), h('label', {}, 'En passant ', ep)),
      rights,
      problems,
      h('div', { class: 'ab-setup-row' }, button('Clear', 'clear'), button('Start position', 'start'), button('Use this position', 'use'), button('Cancel', 'cancel')),
    );
    return { palette, side, rights, ep, number, problems };
  }

  /** The controls showing `setup` (a field keeps what is typed in it while it says the same). */
  function update(setup) {
    for (const b of fields.palette.children) {
      const chosen = b.dataset.piece === setup.brush;
      b.classList.toggle('ab-chosen', chosen);
      b.setAttribute('aria-checked', String(chosen));
      // A radio group: one tab stop, the piece chosen; the arrows choose another.
      b.tabIndex = chosen ? 0 : -1;
    }
    fields.side.textContent = setup.board.sides.find(([value]) => value === setup.sideToMove)?.[1] ?? '';
    fields.side.title = `Click for ${nextSide(setup.sideToMove)[1]}`;
    for (const box of fields.rights.querySelectorAll('input')) box.checked = setup.castling.includes(box.dataset.right);
    if ((fields.ep.value.trim() || null) !== setup.enPassant) fields.ep.value = setup.enPassant ?? '';
    if (fields.number.value.trim() !== setup.moveNumberText) fields.number.value = setup.moveNumberText;
    fields.problems.replaceChildren(...setup.problems.map((p) => h('li', { text: `Impossible: ${p}.` })));
  }

  return {
    elements: [element],
    topics: ['setup'],
    render() {
      const setup = ctrl.state.setup;
      if (setup === shown) return;
      if (!setup) {
        // Closed with the focus inside: it goes back to "Set up a position".
        const inside = element.contains(focusedIn(element));
        element.hidden = true;
        element.replaceChildren();
        shown = fields = null;
        if (inside) ctrl.request('focus-set-up');
        return;
      }
      if (!shown) fields = build(setup);
      shown = setup;
      element.hidden = false;
      update(setup);
    },
    destroy: stopAll(off),
  };
}
