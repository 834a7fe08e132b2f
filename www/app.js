// The page: a viewer filling the main area, its state mirrored in the URL
// fragment (#moves=...&ply=N&flip=1&game=...&embed=1, or #z=... with the
// text compressed: www/link.js).
import { loadEngine, OTHER_MODULE_GAMES } from './engine.js';
import { buildFragment } from './fragment.js';
import { chosenGame, readLink, withText } from './link.js';
import { PAGE_EXAMPLE } from './state.js';
import { createViewer } from './viewer.js';

/**
 * The example's analysis and its game's rules ({ outcome, rules }) written
 * into dist/index.html by the build (`<script type="application/json"
 * id="ab-first-view">`): the board is drawn from it while the rules module
 * is still on its way. Null when the address names a game or the page was
 * not built.
 */
function firstView(text) {
  try {
    const view = JSON.parse(document.getElementById('ab-first-view')?.textContent ?? 'null');
    return view && view.text === text ? view : null;
  } catch {
    return null;
  }
}

/**
 * The fragment of a link to what `state` shows: of a text with several
 * games only the chosen one, and the text compressed (z=) when shorter.
 */
function linkFragment(state, { embed = false, quiz = null } = {}) {
  const { text, gameIndex } = chosenGame(state.text, state.gameIndex, state.outcome?.chess);
  return withText(buildFragment({ ...state, text: '', gameIndex }, { embed, quiz }), text);
}

async function start() {
  // A link to this page opened in a tab already on it changes only the
  // fragment, and no new page loads: read it as a new visit. (The page's
  // own writes to the address use replaceState, which fires no hashchange.)
  addEventListener('hashchange', () => location.reload());
  // A compressed link is unpacked before anything reads it.
  const link = await readLink(location.hash);
  const embed = link.embed;
  document.documentElement.classList.toggle('embed', embed);
  if (embed) {
    // The page's heading is hidden in a frame; screen readers still need one.
    const heading = document.createElement('h1');
    heading.className = 'ab-visually-hidden';
    heading.textContent = 'Analysis board';
    document.getElementById('app').prepend(heading);
  }
  const gameSelect = document.getElementById('game');
  const notationSelect = document.getElementById('notation');
  if (link.notation) notationSelect.value = link.notation;
  // The games are the module's to list.
  loadEngine().then((engine) => {
    for (const game of engine.games()) {
      const option = document.createElement('option');
      option.value = game.id;
      option.textContent = game.title;
      gameSelect.append(option);
    }
    if (link.game) gameSelect.value = link.game;
  }).catch(() => {});

  let fragmentTimer = 0;
  let written = 0;
  // The chess example read as another game named by the link was an error
  // ("malformed move"): that game opens empty (its start position) instead.
  const text = link.text ?? (embed || OTHER_MODULE_GAMES.includes(link.game) ? '' : PAGE_EXAMPLE);
  const plain = !link.game && !link.notation && !link.gameIndex;
  const first = plain ? firstView(text) : null;
  const viewer = createViewer(document.getElementById('app'), {
    text,
    firstOutcome: first?.outcome ?? null,
    firstRules: first?.rules ?? null,
    ply: link.ply,
    path: link.path,
    gameIndex: link.gameIndex ?? 0,
    flipped: link.flipped,
    game: link.game ?? 'auto',
    notation: link.notation ?? 'auto',
    editor: !embed,
    embed,
    // A link that hides the suggestion (a quiz) hides the report too: its better moves are answers.
    report: link.report ?? (!embed && link.suggest !== false),
    suggest: link.suggest,
    verdict: link.verdict,
    mode: link.mode,
    notices: link.problems,
    keyTarget: document,
    onChange(state) {
      // Keep the address current without filling the history.
      clearTimeout(fragmentTimer);
      fragmentTimer = setTimeout(async () => {
        const turn = ++written;
        const fragment = await linkFragment(state, { embed, quiz: link });
        // A later change may have been written while this one was compressed.
        if (turn === written) history.replaceState(null, '', fragment);
      }, 250);
    },
    // "Copy link" copies the same short link.
    shareLink: async (state) => location.href.split('#')[0] + (await linkFragment(state, { quiz: link })),
  });
  gameSelect.addEventListener('change', () => viewer.setGame(gameSelect.value));
  notationSelect.addEventListener('change', () => viewer.setGame(undefined, notationSelect.value));

  // In a frame, tell the parent page how tall we are so it can size the frame.
  if (embed && window.parent !== window) {
    // The content's own height: the body's box (documentElement.scrollHeight
    // never drops below the frame's height, so a frame could only grow).
    let sent = 0;
    const report = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === sent) return;
      sent = height;
      window.parent.postMessage({ type: 'analysis-board:height', height }, '*');
    };
    new ResizeObserver(report).observe(document.body);
    report();
  }
}

start();
