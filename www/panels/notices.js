// The notices panel: what the page must tell before anything else (a
// link's problems, a place asked for that the game does not have, rules
// that could not load) and "Loading the rules for Congo…".
import { h } from '../dom.js';

export function noticesPanel(ctrl) {
  const notices = h('div', { class: 'ab-notices', role: 'status' });
  const loading = h('p', { class: 'ab-loading', role: 'status', hidden: true });
  let shownNotices = null;

  return {
    elements: [notices, loading],
    topics: ['notices', 'loading'],
    render() {
      const state = ctrl.state;
      if (state.notices !== shownNotices) {
        shownNotices = state.notices;
        notices.replaceChildren(...state.notices.map((text) => h('p', { class: 'ab-notice', text })));
      }
      if (state.loading) loading.textContent = state.loading;
      loading.hidden = !state.loading;
    },
    destroy() {},
  };
}
