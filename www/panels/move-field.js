// The move field panel: "Play a move" (a move typed, in the game's own
// notation or as its squares) and, under it, the line that says why a
// move was refused or what an edit did.
import { h, isUndoKey, listen, stopAll } from '../dom.js';
import { playable } from '../state.js';

const MOVE_HELP = 'Enter plays it. On the board: click a piece, then a square, or drag it.';

export function moveFieldPanel(ctrl) {
  const id = `ab-move-${ctrl.id}`;
  const input = h('input', {
    id, class: 'ab-move-input', type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
    placeholder: 'e.g. Nf3', 'aria-describedby': `${id}-help`,
  });
  const help = h('span', { id: `${id}-help`, class: 'ab-move-help', text: MOVE_HELP });
  const form = h('form', { class: 'ab-move-form' }, h('label', { for: id, text: 'Play a move' }), input, help);
  const problem = h('p', { class: 'ab-move-problem', role: 'status' });
  let said = 0;

  const off = [
    listen(form, 'submit', (event) => {
      event.preventDefault();
      if (ctrl.playTyped(input.value)) input.value = '';
    }),
    // Ctrl+Z in the empty field takes back the move just played (the field's own undo has nothing to undo).
    // (Nor, once none is left, the browser's undo: past the field's own history it edits the text box, see panels/keys.js.)
    listen(input, 'keydown', (event) => {
      if (isUndoKey(event) && !input.value && (ctrl.state.undo.length || ctrl.state.box.fromBoard)) {
        event.preventDefault();
        ctrl.undo();
      }
    }),
  ];

  return {
    elements: [form, problem],
    topics: ['message'],
    render(topics) {
      const state = ctrl.state;
      if (topics.has('all') && state.outcome) {
        const can = playable(state);
        form.hidden = !can || !!state.setup;
        // An example in this game's own notation: a legal move of the position on screen.
        const example = can ? ctrl.movable()[0]?.notation : null;
        input.placeholder = example ? `e.g. ${example}` : '';
        // Where the game is over the help says so (a move typed there met "no white king can move to e2").
        help.textContent = (can && !example ? ctrl.finished() : null) ?? MOVE_HELP;
      }
      if (state.message.said !== said) {
        said = state.message.said;
        problem.textContent = state.message.text;
      }
    },
    destroy: stopAll(off),
  };
}
