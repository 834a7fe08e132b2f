// The tree panel: "Delete from here", "Make main line" and "Undo" (the
// last board edit), under the move list.
import { focusedIn, h, listen, stopAll } from '../dom.js';
import { playable } from '../state.js';

export function treePanel(ctrl) {
  const button = (action, text) => h('button', { type: 'button', class: 'ab-action', 'data-action': action, text, hidden: true });
  const remove = button('delete', 'Delete from here');
  const promote = button('promote', 'Make main line');
  const undo = button('undo', 'Undo');
  const element = h('div', { class: 'ab-tree-actions' }, remove, promote, undo);
  const ACTIONS = { delete: () => ctrl.deleteHere(), promote: () => ctrl.promoteHere(), undo: () => ctrl.undo() };

  const off = [
    listen(element, 'click', (event) => {
      const b = event.target.closest('button');
      if (b) ACTIONS[b.dataset.action]();
    }),
  ];

  return {
    elements: [element],
    topics: [],
    render() {
      const state = ctrl.state;
      if (!state.outcome) return;
      // (Read first: a layout read blurs a button just hidden.)
      const focused = focusedIn(element);
      const can = playable(state) && !state.puzzle && !state.errorLine;
      // At a move that went wrong the path is the move before it, which the
      // buttons would delete or promote instead of the move shown: none there.
      remove.hidden = !can || !state.outcome.plies.length;
      // At the start there is nothing to delete, but the button keeps its
      // place: what is below it jumped (and an embed's height) at each step
      // to the start and back.
      remove.disabled = state.path.length === 0;
      promote.hidden = !can || state.path.length < 3;
      undo.hidden = !state.undo.length;
      // A button hidden or turned off while it had the focus (nothing left to
      // delete, promote or undo here) hands the focus to the move list.
      if ([remove, promote, undo].some((b) => b === focused && (b.hidden || b.disabled))) ctrl.request('focus-moves');
    },
    destroy: stopAll(off),
  };
}
