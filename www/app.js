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

/** The fragment of what `state` shows with the whole text (every game of several), compressed when shorter. */
const wholeFragment = (state, quiz) => withText(buildFragment({ ...state, text: '' }, { quiz }), state.text);

/**
 * The longest address that holds the whole text (characters of its
 * fragment): a longer one holds the game on screen alone (as a shared link
 * does), and the tab's sessionStorage keeps the whole text for a reload.
 */
const ADDRESS_LIMIT = 32_000;

/**
 * Where the tab keeps the text the address cannot hold (sessionStorage):
 * { address: the fragment it goes with, whole: the fragment with the whole
 * text, edited } or, written as the page goes away before the address
 * caught up, { address, rest: the fragment without its text, text, edited };
 * `edited`: the text is not the one the page opened with (typed, played).
 */
const SAVED = 'analysis-board:text';

/** What the tab kept, or null (none, unreadable, or no storage: a sandboxed frame). */
function readSaved() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SAVED) ?? 'null');
    return typeof saved?.address === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `entry` for a reload; false when the tab cannot (no storage, or
 * past its quota): then what it kept before goes too, unless `keepOld`.
 */
function save(entry, { keepOld = false } = {}) {
  try {
    sessionStorage.setItem(SAVED, JSON.stringify(entry));
    return true;
  } catch {
    try {
      if (!keepOld) sessionStorage.removeItem(SAVED);
    } catch {
      // No storage at all.
    }
    return false;
  }
}

/** What a kept entry holds, read as a link (parseFragment's answer, its text unpacked). */
async function savedLink(saved) {
  if (typeof saved.whole === 'string') return readLink(saved.whole);
  const link = await readLink(typeof saved.rest === 'string' ? saved.rest : '');
  if (typeof saved.text === 'string') link.text = saved.text;
  return link;
}

/** The path of the place a link names (placeOf's form): `path=`, or `ply=N` of the main line. */
const placeIn = (link) => link.path ?? (link.ply ? [link.ply - 1] : null);

async function start() {
  // A link to this page opened in a tab already on it changes only the
  // fragment, and no new page loads: read it as a new visit. (The page's
  // own writes to the address use replaceState, which fires no hashchange.)
  addEventListener('hashchange', () => location.reload());
  // A compressed link is unpacked before anything reads it.
  const opened = await readLink(location.hash);
  const embed = opened.embed;
  // The tab's text kept for a reload (not an embed's: several on one course
  // page would share the tab's storage, and an embed has no text box).
  const saved = embed ? null : readSaved();
  // Reloaded: the address is the one last written, and the kept text is the whole of it.
  const link = saved && saved.address === location.hash ? { ...(await savedLink(saved)), problems: opened.problems } : opened;
  // A link (or the bare page, its example) opened in this tab over another text: that text is offered back.
  const before = saved && link === opened ? await savedLink(saved) : null;
  document.documentElement.classList.toggle('embed', embed);
  // theme=light|dark; auto (the stylesheet's own) follows the system.
  if (link.theme !== 'auto') document.documentElement.dataset.abTheme = link.theme;
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
  // Asked to go (beforeunload: a reload, a link): the browser goes to the
  // address as it is now, and a write after it would keep the text under
  // another one, which the page coming next does not open (the reload race).
  let leaving = false;
  // The address this page last wrote (or opened with). Another one in the
  // address is a link just opened over it: the page no longer writes there,
  // and a reload keeps this text under the address it belongs to.
  let ownAddress = location.hash;
  // The text and place the address and the tab last kept; whether the tab could keep it.
  let kept = null;
  let unsaved = false;
  // The chess example read as another game named by the link was an error
  // ("malformed move"): that game opens empty (its start position) instead.
  const text = link.text ?? (embed || OTHER_MODULE_GAMES.includes(link.game) ? '' : PAGE_EXAMPLE);
  // (Only a text changed here: a link's or the example's, untouched, is a link away.)
  const replaced = saved?.edited === true && before?.text && before.text.trim() && before.text !== text ? before : null;
  // Whether the text is another than the one the page opened (a reload keeps the tab's word).
  let edited = link !== opened && saved?.edited === true;
  const dropped = replaced && {
    said: `${link.text === null ? 'The page opened its example' : 'The link opened'} in place of the text you had here (${replaced.text.length.toLocaleString('en')} characters).`,
    text: replaced.text,
    gameIndex: replaced.gameIndex ?? 0,
    path: placeIn(replaced),
  };
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
    dropped,
    keyTarget: document,
    onChange(state) {
      // Keep the address current without filling the history: the whole
      // text when it fits (a reload brings back every game), else the game
      // on screen, and the whole text in the tab's storage.
      clearTimeout(fragmentTimer);
      fragmentTimer = setTimeout(async () => {
        fragmentTimer = 0;
        const turn = ++written;
        const whole = embed ? null : await wholeFragment(state, link);
        const address = whole && whole.length <= ADDRESS_LIMIT ? whole : await linkFragment(state, { embed, quiz: link });
        // A later change may have been written while this one was compressed.
        if (leaving || turn !== written || location.hash !== ownAddress) return;
        history.replaceState(null, '', address);
        ownAddress = location.hash;
        if (embed) return;
        kept = { text: state.text, place: buildFragment({ ...state, text: '' }) };
        edited ||= state.text !== text;
        unsaved = !save({ address: location.hash, whole, edited });
      }, 250);
    },
    // "Copy link" copies the same short link.
    shareLink: async (state) => location.href.split('#')[0] + (await linkFragment(state, { quiz: link })),
  });
  if (!embed) {
    // Going away (a reload) before the address caught up with the last
    // change: the tab keeps the text as it is (not compressed: no time to).
    addEventListener('pagehide', () => {
      // What this keeps is the last word: an address still being written
      // (its compression awaited) must not write over it as the page goes.
      written++;
      const { state } = viewer;
      if (!state.outcome) return;
      const place = buildFragment({ ...state, text: '' });
      if (kept?.text === state.text && kept.place === place && !fragmentTimer) return;
      edited ||= state.text !== text;
      // (Past the quota, what was kept for this address is better than nothing.)
      save({ address: ownAddress, rest: place, text: state.text, edited }, { keepOld: true });
    });
  }
  addEventListener('beforeunload', (event) => {
    // A text the tab could not keep (past its storage) is asked about before the page goes.
    if (unsaved) event.preventDefault();
    else leaving = true;
  });
  addEventListener('pageshow', (event) => {
    // Back from the back-forward cache: the page is here again.
    if (event.persisted) leaving = false;
  });
  gameSelect.addEventListener('change', () => viewer.setGame(gameSelect.value));
  notationSelect.addEventListener('change', () => viewer.setGame(undefined, notationSelect.value));

  // The board and its step buttons fit under the page's header (style.css: --ab-above).
  if (!embed) {
    const header = document.querySelector('.page-header');
    const main = document.getElementById('app');
    const room = () => main.style.setProperty('--ab-above', `${header.offsetHeight + parseFloat(getComputedStyle(main).paddingTop)}px`);
    new ResizeObserver(room).observe(header);
    // (Also when the games are listed in it: a frame out of view waits for its ResizeObserver.)
    new MutationObserver(room).observe(header, { subtree: true, childList: true });
    room();
  }
  if (window.parent !== window) reportHeight(viewer.element);
}

/**
 * In a frame: tells the parent page, at once, the height the content wants
 * on every change of it (the README's script sizes the frame with it):
 * the body's height with the board as wide as its column (style.css
 * html.ab-natural), not the board fitted to the frame's height, which is
 * what a frame left at its author's height shows. The first report comes
 * once the board is drawn (before it, the height is the empty page's).
 * A ResizeObserver sees every change of size; it waits, as animation
 * frames do, while the frame is out of view, and so every change of the
 * content reports too (a mutation observer's records come at once).
 */
function reportHeight(viewerElement) {
  const html = document.documentElement;
  const drawn = () => !viewerElement.hasAttribute('aria-busy') || !!viewerElement.querySelector('.board-svg[viewBox]');
  let sent = 0;
  const report = () => {
    if (!drawn()) return;
    html.classList.add('ab-natural');
    // (The body's box: documentElement.scrollHeight never drops below the frame's height.)
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    html.classList.remove('ab-natural');
    if (height === sent) return;
    sent = height;
    window.parent.postMessage({ type: 'analysis-board:height', height }, '*');
  };
  new ResizeObserver(report).observe(document.body);
  new MutationObserver(report).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'hidden', 'style', 'viewBox', 'aria-busy'] });
  report();
}

start();
