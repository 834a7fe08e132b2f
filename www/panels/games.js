// The game chooser panel: the games of a text of several (a PGN database),
// listed in the worker, each named by its players, result, event and date.
import { h, listen, stopAll } from '../dom.js';
import { gameOf, gameTitle } from '../words.js';

export function gamesPanel(ctrl) {
  const select = h('select', { class: 'ab-games' });
  // "Game 3 of 50": named apart from the header's Rules (the kind of game).
  const name = h('span', { text: 'Game' });
  const element = h('label', { class: 'ab-game-picker', hidden: true }, name, select);
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
      const shown = o?.chess?.gameIndex ?? gameIndex;
      select.value = String(shown);
      const count = o?.chess?.gamesInText ?? listing.count;
      if (count) name.textContent = gameOf(shown, count);
    },
    destroy: stopAll(off),
  };
}
