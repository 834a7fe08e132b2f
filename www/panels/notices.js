// The notices panel: what the page must tell before anything else (a
// link's problems, a place asked for that the game does not have, rules
// that could not load), a text dropped with the way to bring it back
// ("Restore"), and "Loading the rules for Congo…".
import { focusedIn, h, listen, stopAll } from '../dom.js';

export function noticesPanel(ctrl) {
  const notices = h('div', { class: 'ab-notices', role: 'status' });
  const droppedSays = h('span');
  const restore = h('button', { type: 'button', class: 'ab-action ab-restore', text: 'Restore' });
  const dismiss = h('button', { type: 'button', class: 'ab-action ab-dismiss', text: 'Dismiss' });
  const dropped = h('p', { class: 'ab-notice ab-dropped', role: 'status', hidden: true }, droppedSays, ' ', restore, ' ', dismiss);
  const loading = h('p', { class: 'ab-loading', role: 'status', hidden: true });
  let shownNotices = null;

  /** The focus, on a button of the notice as it closes, goes to the text box's place in the page: the moves. */
  const closing = (transition) => () => {
    const focused = dropped.contains(focusedIn(dropped));
    transition();
    if (focused) ctrl.request('focus-moves');
  };
  const off = [listen(restore, 'click', closing(() => ctrl.restoreDropped())), listen(dismiss, 'click', closing(() => ctrl.dismissDropped()))];

  return {
    elements: [notices, dropped, loading],
    topics: ['notices', 'dropped', 'loading'],
    render() {
      const state = ctrl.state;
      if (state.notices !== shownNotices) {
        shownNotices = state.notices;
        notices.replaceChildren(...state.notices.map((text) => h('p', { class: 'ab-notice', text })));
      }
      dropped.hidden = !state.dropped;
      droppedSays.textContent = state.dropped?.said ?? '';
      if (state.loading) loading.textContent = state.loading;
      loading.hidden = !state.loading;
    },
    destroy: stopAll(off),
  };
}
