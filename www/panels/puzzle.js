// The puzzle panel (mode "puzzle"): what the puzzle asks, what the last
// move tried was worth, and Hint, Show the solution, Start again.
import { h, listen, stopAll } from '../dom.js';
import { puzzleTask } from '../words.js';

export function puzzlePanel(ctrl) {
  const task = h('p', { class: 'ab-puzzle-task', 'aria-live': 'polite' });
  const note = h('p', { class: 'ab-puzzle-note', role: 'status' });
  const button = (text, action) => h('button', { type: 'button', class: 'ab-action', text, 'data-puzzle': action });
  const buttons = [button('Hint', 'hint'), button('Show the solution', 'solution'), button('Start again', 'again')];
  const element = h('section', { class: 'ab-puzzle', 'aria-label': 'Puzzle', hidden: true }, task, note, h('div', { class: 'ab-setup-row' }, ...buttons));
  let said = 0;

  const off = [
    listen(element, 'click', (event) => {
      const b = event.target.closest('button[data-puzzle]');
      if (b && !b.disabled) ctrl.puzzleAction(b.dataset.puzzle);
    }),
  ];

  return {
    elements: [element],
    topics: ['puzzle'],
    render() {
      const puzzle = ctrl.state.puzzle;
      if (puzzle && puzzle.note.said !== said) {
        said = puzzle.note.said;
        note.textContent = puzzle.note.text;
      }
      element.hidden = !puzzle;
      if (!puzzle) return;
      const words = puzzleTask(puzzle);
      if (task.textContent !== words) task.textContent = words;
      const nothing = !puzzle.line.length && !puzzle.info?.mateIn;
      for (const b of buttons) b.disabled = b.dataset.puzzle !== 'again' && (puzzle.done || nothing);
    },
    destroy: stopAll(off),
  };
}
