// The steps panel: the buttons that step through the game (first,
// previous, next, last), flip the board and read the position aloud; and
// the position on the board in words under them.
import { h, icon, listen, stopAll } from '../dom.js';
import { gameCan } from '../games.js';
import { last, samePath } from '../state.js';
import { describePosition } from '../words.js';

const STEPS = [['first', 'First position'], ['prev', 'Previous move'], ['next', 'Next move'], ['last', 'Last position'], ['flip', 'Flip the board']];
const SETTING_UP = 'Setting up a position: the game stays as it is until you use the new position.';

export function stepsPanel(ctrl) {
  const controls = h('div', { class: 'ab-controls', role: 'toolbar', 'aria-label': 'Step through the game' });
  const buttons = {};
  for (const [action, label] of STEPS) {
    buttons[action] = h('button', { type: 'button', class: `ab-btn ab-${action}`, 'aria-label': label, title: label, 'data-action': action }, icon(action));
    controls.append(buttons[action]);
  }
  controls.append(h('button', { type: 'button', class: 'ab-btn ab-read', 'aria-label': 'Read the position aloud', title: 'Read the position', 'data-action': 'read' }, icon('read')));
  const position = h('p', { class: 'ab-position', 'aria-live': 'polite' });
  const readout = h('p', { class: 'ab-readout', 'aria-live': 'polite' });
  let readSaid = 0;

  const off = [
    listen(controls, 'click', (event) => {
      const b = event.target.closest('button');
      if (!b || b.getAttribute('aria-disabled') === 'true') return;
      if (b.dataset.action === 'read') ctrl.readAloud();
      else ctrl.step(b.dataset.action);
    }),
    // The keyboard's place when the move list has none (no move left).
    ctrl.handle('focus-steps', () => buttons.next.focus({ preventScroll: true })),
  ];

  function renderButtons() {
    const state = ctrl.state;
    const atStart = state.path.length === 0 && !state.errorLine;
    const end = last(state);
    const atEnd = samePath(end.path, state.path) && (end.errorLine === null) === (state.errorLine === null);
    // aria-disabled, not disabled: a button that stops working keeps the focus.
    // A puzzle has no steps: the board is the puzzle's (Start again resets it); nor has a problem.
    const noSteps = !!state.puzzle || !gameCan(state.rules).moves;
    for (const [b, off] of [[buttons.first, atStart], [buttons.prev, atStart], [buttons.next, atEnd], [buttons.last, atEnd]]) {
      b.setAttribute('aria-disabled', String(off || noSteps));
    }
  }

  return {
    elements: [controls, position, readout],
    topics: ['marks', 'readout'],
    render(topics) {
      const state = ctrl.state;
      if (state.readout.said !== readSaid) {
        readSaid = state.readout.said;
        readout.textContent = state.readout.text;
      }
      if (topics.has('all')) renderButtons();
      if (!state.outcome) return;
      // The position in words (the better move of the position shown too, once the report's fact has come).
      if (topics.has('all')) position.textContent = state.setup ? SETTING_UP : describePosition(state);
      else if (topics.has('marks') && !state.setup) {
        const words = describePosition(state);
        if (position.textContent !== words) position.textContent = words;
      }
    },
    destroy: stopAll(off),
  };
}
