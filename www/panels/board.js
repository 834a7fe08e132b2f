// The board panel: the board (www/board.js) drawn from the controller's
// picture, its input handed to the controller (a click or a square chosen
// with the keyboard, a drag, a drop), and the promotion chooser over it.
import { createBoard, pieceIcon } from '../board.js';
import { focusedIn, h, listen } from '../dom.js';
import { snapshotOf } from '../state.js';

export function boardPanel(ctrl) {
  const boardBox = h('div', { class: 'ab-board' });
  const chooser = h('div', { class: 'ab-chooser', role: 'dialog', 'aria-label': 'Promote to', hidden: true });
  const element = h('div', { class: 'ab-board-wrap' }, boardBox, chooser);
  const board = createBoard(boardBox, {
    label: 'Board',
    onSquare: (square) => {
      ctrl.emit('square', { square });
      ctrl.boardClick(square);
    },
    onDrop: (from, to) => ctrl.boardDrop(from, to),
    onLift: (square) => ctrl.boardLift(square),
    onRefuse: (square) => ctrl.boardRefuse(square),
    canDrag: (square) => ctrl.canDrag(square),
  });

  /** The promotion the chooser shows (the controller's state.promotion when it was drawn). */
  let shown = null;

  function renderChooser() {
    const promotion = ctrl.state.promotion;
    if (promotion === shown) return;
    shown = promotion;
    if (!promotion) {
      // Closed with the focus in it: the focus goes back to the board.
      const inside = chooser.contains(focusedIn(chooser));
      chooser.hidden = true;
      chooser.replaceChildren();
      if (inside) board.focusSquare(board.cursor);
      return;
    }
    const { outcome } = ctrl.state;
    const pieces = snapshotOf(ctrl.state)?.pieces;
    chooser.replaceChildren(h('p', { class: 'ab-chooser-title', text: 'Promote to' }));
    promotion.choices.forEach((m, i) => {
      const name = pieces?.[m.promotion] ?? m.promotion;
      chooser.append(h('button', { type: 'button', class: 'ab-choice', 'aria-label': name, title: name, 'data-choice': String(i) }, pieceIcon(outcome.game, m.promotion, name)));
    });
    chooser.append(h('button', { type: 'button', class: 'ab-choice ab-cancel', text: 'Cancel' }));
    chooser.hidden = false;
    chooser.querySelector('button')?.focus();
  }

  const off = [
    listen(chooser, 'click', (event) => {
      const b = event.target.closest('button');
      if (!b || !shown) return;
      if (b.dataset.choice === undefined) ctrl.cancelPromotion();
      else ctrl.promote(shown.choices[Number(b.dataset.choice)]);
    }),
    listen(chooser, 'keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        ctrl.cancelPromotion();
      }
      // Tab goes round the choices: leaving them would leave the chooser open
      // over the board, out of reach of Escape (Cancel and Escape close it).
      if (event.key === 'Tab') {
        const choices = [...chooser.querySelectorAll('button')];
        const at = choices.indexOf(focusedIn(chooser));
        const to = event.shiftKey ? (at <= 0 ? choices.length - 1 : null) : at === choices.length - 1 ? 0 : null;
        if (to === null) return;
        event.preventDefault();
        choices[to].focus();
      }
    }),
  ];

  return {
    elements: [element],
    topics: ['board', 'marks', 'setup', 'puzzle', 'promotion'],
    render() {
      renderChooser();
      const picture = ctrl.picture();
      if (picture) board.draw(picture);
    },
    destroy() {
      off.forEach((stop) => stop());
      board.destroy();
    },
  };
}
