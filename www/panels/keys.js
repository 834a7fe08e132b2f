// The keys panel: the viewer's keyboard shortcuts, in one table. They act
// wherever the viewer listens (the page's document, or the element), but
// not while typing in a field; on the board's squares only f, Ctrl+Z and
// Escape (the board keeps its arrows, Home and End for its square cursor);
// on the board itself (focused by a click) all of them, and Space. Each
// key taken is the viewer's alone: it never scrolls the page around it.
// Keys of one control are that control's panel's: Escape and Ctrl+Z in the
// text box (panels/text.js), Ctrl+Z in "Play a move" (panels/move-field.js),
// the promotion chooser's (panels/board.js), the editor's palette and
// Escape (panels/setup.js), the graph's (panels/report.js).
import { isUndoKey, listen } from '../dom.js';

/** Each key (without Alt, Ctrl or Meta) and the controller's step it takes (controller.js STEPS). */
export const KEYS = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
  ArrowUp: 'up',
  ArrowDown: 'down',
  f: 'flip',
  F: 'flip',
};
/**
 * Keys that act only while the board itself has the focus (a click or a tap
 * gives it): elsewhere Space is a button's, or scrolls the page.
 */
export const BOARD_KEYS = {
  ' ': 'next',
  'Shift+ ': 'prev',
};
// Besides the tables: Escape drops the piece chosen on the board (or the
// jump begun); Ctrl+Z (Cmd+Z, not with Shift) takes back the last board edit.

/** Listens to the keys on `target` (the page's document, or the element). */
export function keysPanel(ctrl, target) {
  const onKey = (event) => {
    const t = event.composedPath?.()[0] ?? event.target;
    if (t && (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    const state = ctrl.state;
    // Escape drops the piece chosen (or the jump begun), also from the board's squares.
    if (event.key === 'Escape' && state.selection && !t?.closest?.('.ab-chooser, .ab-setup')) {
      ctrl.dropSelection();
      return;
    }
    if (t?.closest?.('.ab-chooser, .ab-setup')) return;
    // (Not with Shift: that is redo elsewhere, and there is nothing to redo here.)
    // Also from the board's squares, where a move was just played with Enter:
    // the browser's own undo would edit the text box behind the page's back.
    if (isUndoKey(event)) {
      // With no board edit left to take back, the browser's own undo would
      // still edit the text box, whose history knows nothing of the text
      // the board wrote: it brought back an older paste inside it.
      if (!state.undo.length) {
        if (state.box.fromBoard) event.preventDefault();
        return;
      }
      event.preventDefault();
      // (The squares of the set-up board place pieces: no game move to take back.)
      if (!(state.setup && t?.closest?.('.ab-squares'))) ctrl.undo();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onBoard = t?.matches?.('.ab-squares');
    const action = KEYS[event.key] ?? (onBoard ? BOARD_KEYS[`${event.shiftKey ? 'Shift+' : ''}${event.key}`] : undefined);
    if (!action) return;
    event.preventDefault();
    ctrl.step(action);
  };
  const off = listen(target, 'keydown', onKey);
  return { elements: [], topics: [], render() {}, destroy: off };
}
