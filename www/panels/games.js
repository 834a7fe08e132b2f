// The game chooser panel: the games of a text of several (a PGN database),
// listed in the worker, each named by its players, result, event and date.
import { h, listen, stopAll } from '../dom.js';
import { gameTitle } from '../words.js';

export function gamesPanel(ctrl) {
  const select = h('select', { class: 'ab-games', 'aria-label': 'Game of the text' });
  const element = h('label', { class: 'ab-game-picker', hidden: true }, h('span', { text: 'Game ' }), select);
  /** The list the options were made from. */
  let shownGames;

  const off = [
    listen(select, 'change', () => {
      ctrl.chooseGame(Number(select.value));
      select.focus();
    }),
  ];

  return {
    elements: [element],
    topics: ['listing'],
    render(topics) {
      const { outcome: o, listing, gameIndex } = ctrl.state;
      if (topics.has('all')) {
        if (!o) return;
        element.hidden = (o.chess?.gamesInText ?? 1) < 2;
        if (element.hidden) return;
      }
      if (!listing) return;
      if (listing.games !== shownGames) {
        shownGames = listing.games;
        // (While a new list is made, the old one stays when it has as many games: no "Listing…" flash on every move.)
        select.replaceChildren(...(listing.games
          ? listing.games.map((g) => h('option', { value: String(g.index), text: gameTitle(g) }))
          : [h('option', { value: String(o?.chess?.gameIndex ?? gameIndex), text: `Listing ${listing.count} games…` })]));
      }
      if (listing.busy) select.setAttribute('aria-busy', 'true');
      else select.removeAttribute('aria-busy');
      // The game shown: a link's index past the last game shows the last.
      select.value = String(o?.chess?.gameIndex ?? gameIndex);
    },
    destroy: stopAll(off),
  };
}
