// The suggestion panel: the move suggested for the position on screen,
// found in the worker ("Thinking about a move…" meanwhile), or a
// problem's mating move, which comes with its answer.
import { h } from '../dom.js';
import { rulesOf, strategyWords } from '../games.js';
import { describeSuggestion } from '../words.js';

export function suggestionPanel(ctrl) {
  const element = h('div', { class: 'ab-suggestion', 'aria-live': 'polite' });
  let shown = null;

  return {
    elements: [element],
    topics: ['suggestion'],
    render() {
      const s = ctrl.state.suggestion;
      if (!ctrl.state.outcome || s === shown) return;
      shown = s;
      if (!s) element.replaceChildren();
      else if (s.problem) element.replaceChildren(s.move ? h('p', {}, h('strong', { text: 'Mating move: ' }), s.move.notation) : h('p', { text: '' }));
      else if (s.thinking) {
        element.replaceChildren(h('p', { class: 'ab-thinking', text: 'Thinking about a move…' }));
        element.setAttribute('aria-busy', 'true');
      } else {
        element.removeAttribute('aria-busy');
        if (s.error) element.replaceChildren(h('p', { class: 'ab-error', text: `No suggestion: ${s.error}` }));
        else element.replaceChildren(s.move ? h('p', {}, h('strong', { text: 'Suggested: ' }), describeSuggestion(s.move, strategyWords(rulesOf(ctrl.games(), s.game)))) : h('p', { text: '' }));
      }
    },
    destroy() {},
  };
}
