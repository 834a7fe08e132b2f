// The viewer: one analysis board (the page and the <analysis-board>
// element both make one). It makes a controller (www/controller.js: the
// state, the rules module, the worker's jobs) and the panels that draw it
// (www/panels/: each (ctrl) -> { elements, topics, render, destroy }),
// lays the panels out and hands back the viewer's API. User text only
// ever enters the DOM as text nodes. The rules are the module's: the
// controller asks it for the legal moves, plays moves through it and lets
// it rewrite the text; the text and the tree on screen are always the
// same game.
import { createController } from './controller.js';
import { h } from './dom.js';
import { hasAllGames, hasAnalysis, loadAllGames, loadAnalysis, loadEngine, whenBoardsLoaded } from './engine.js';
import { requestGames, requestReport, requestSuggestion, startEarly } from './jobs.js';
import { boardPanel } from './panels/board.js';
import { gamesPanel } from './panels/games.js';
import { keysPanel } from './panels/keys.js';
import { moveFieldPanel } from './panels/move-field.js';
import { movesPanel } from './panels/moves.js';
import { noticesPanel } from './panels/notices.js';
import { puzzlePanel } from './panels/puzzle.js';
import { reportPanel } from './panels/report.js';
import { setupPanel } from './panels/setup.js';
import { sharePanel } from './panels/share.js';
import { stepsPanel } from './panels/steps.js';
import { suggestionPanel } from './panels/suggestion.js';
import { textPanel } from './panels/text.js';
import { treePanel } from './panels/tree.js';
import { verdictPanel } from './panels/verdict.js';

/**
 * Builds a viewer inside `container`.
 * options: { text, ply, path, flipped, game, notation, gameIndex, editor (bool), embed (bool),
 *            readonly (bool: no moves on the board), report (bool: the report on every move; default
 *            on, off in embeds and without the suggestion), suggest (bool: default true), verdict (bool: false hides the
 *            verdict until the last move is shown), mode ('puzzle': the position on screen
 *            becomes a puzzle), notices: [string], askedBy (what asked for `ply`/`path`, in a notice
 *            when the game is shorter: default "The link"), firstOutcome (what `analyze` answers for
 *            `text` with these options, computed ahead: shown until the module has loaded), firstRules (the rules
 *            of its game, from the same module's `games()`), onChange(state),
 *            onMove(detail), keyTarget, linkBase, shareLink(state) -> Promise<string> }
 * The root element fires "move" events (detail { notation, from, to, path, fen, text })
 * when the person plays a move on the board.
 */
export function createViewer(container, options = {}) {
  const editor = options.editor !== false;
  // Busy until the rules module has loaded (a first view may be shown before).
  const root = h('div', { class: `ab-viewer${options.embed ? ' ab-embed' : ''}${editor ? '' : ' ab-no-editor'}`, 'aria-busy': 'true' });
  const ctrl = createController(
    {
      ...options,
      onEvent: (type, detail) => root.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true })),
      // The report waits until the viewer is first on screen, where the browser can tell.
      waitForView: typeof IntersectionObserver === 'function',
    },
    { loadEngine, loadAllGames, hasAllGames, loadAnalysis, hasAnalysis, whenBoardsLoaded, requestSuggestion, requestReport, requestGames },
  );

  // The panels, in the order they render (the order of the page's layout is below).
  const steps = stepsPanel(ctrl);
  const verdict = verdictPanel(ctrl);
  const games = gamesPanel(ctrl);
  const share = sharePanel(ctrl);
  const moveField = moveFieldPanel(ctrl);
  const moves = movesPanel(ctrl);
  const text = editor ? textPanel(ctrl) : null;
  const suggestion = suggestionPanel(ctrl);
  const report = reportPanel(ctrl);
  const board = boardPanel(ctrl);
  const tree = treePanel(ctrl);
  const setup = setupPanel(ctrl);
  const puzzle = puzzlePanel(ctrl);
  const notices = noticesPanel(ctrl);
  const keys = keysPanel(ctrl, options.keyTarget ?? root);
  // The viewer's own element: the editor's mark (the layout changes while a
  // position is set up), busy until the rules have loaded.
  const frame = {
    topics: ['busy'],
    render(topics) {
      const state = ctrl.state;
      if (topics.has('busy') && !state.busy) root.removeAttribute('aria-busy');
      if (topics.has('all') && state.outcome) root.classList.toggle('ab-setting-up', !!state.setup);
    },
    destroy() {},
  };
  const panels = [steps, verdict, games, share, moveField, frame, moves, text, suggestion, report, board, tree, setup, puzzle, notices, keys].filter(Boolean);
  const unwatch = panels.map((panel) => ctrl.watch(panel.topics, panel.render));

  // Two columns: the board and what works it on the left, the text, the
  // verdict and the moves on the right. One column (a phone, a narrow
  // element): the moves right under the board (their list scrolls itself,
  // the board stays in view), then the text box, within the first screen,
  // then the rest. The stylesheet says how many columns; the DOM order is
  // the order on screen, so that Tab follows it.
  const boardPane = h('div', { class: 'ab-board-pane' });
  const side = h('div', { class: 'ab-side' });
  const LAYOUTS = {
    wide: [[board, steps, moveField, report, puzzle], [text, notices, verdict, games, suggestion, moves, tree, share, setup]],
    narrow: [[board, steps, moves, puzzle], [text, notices, verdict, games, tree, suggestion, moveField, report, share, setup]],
  };
  let layout = null;
  const lay = () => {
    const next = getComputedStyle(root).gridTemplateColumns.trim().split(/\s+/).length > 1 ? 'wide' : 'narrow';
    if (next === layout) return;
    layout = next;
    root.classList.toggle('ab-narrow', layout === 'narrow');
    // (An element moved loses the focus: it is given back.)
    const focused = root.getRootNode().activeElement;
    const [left, right] = LAYOUTS[layout];
    boardPane.replaceChildren(...left.flatMap((p) => p?.elements ?? []));
    side.replaceChildren(...right.flatMap((p) => p?.elements ?? []));
    if (focused && root.contains(focused) && focused !== root.getRootNode().activeElement) focused.focus({ preventScroll: true });
  };
  root.append(boardPane, side);
  container.append(root);
  lay();
  // (A resize across the stylesheet's breakpoint changes the viewer's size too; so does its stylesheet arriving, in the element.)
  const resized = new ResizeObserver(lay);
  resized.observe(root);
  // First on screen (in a frame, the host page's viewport: a frame out of
  // view is not on screen): the report may start.
  const onScreen = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    onScreen.disconnect();
    ctrl.onScreen();
  }) : null;
  onScreen?.observe(root);
  ctrl.start();
  startEarly();

  return {
    element: root,
    get state() {
      return ctrl.state;
    },
    /** A new text (from its first game, when it holds several). */
    setText: (given) => ctrl.setText(given),
    setGame: (game, notation) => ctrl.setGame(game, notation),
    /** Goes to a position: a ply number of the main line, or a path in the tree. */
    goTo: (where) => ctrl.askPlace(where),
    setFlipped: (flipped) => ctrl.setFlipped(flipped),
    setReadonly: (value) => ctrl.setReadonly(value),
    shareLink: () => ctrl.shareLink(),
    destroy() {
      resized.disconnect();
      onScreen?.disconnect();
      ctrl.destroy();
      unwatch.forEach((stop) => stop());
      panels.forEach((panel) => panel.destroy());
      root.remove();
    },
  };
}
