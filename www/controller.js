// The controller of one viewer (www/viewer.js makes one for the page and
// for each <analysis-board>): it owns the viewer's state (www/state.js
// viewerState), the rules module and the jobs sent to the worker, and
// changes the state only through its named transitions, here and in its
// parts (controller/text.js: the text box; play.js: moves on the board and
// edits of the tree; puzzle.js; setup.js: the board editor; background.js:
// the suggestion, the report and the game list, from the worker).
//
// The panels (www/panels/) draw what it holds and call its transitions. A
// transition says which topics it changed: 'all' (the game or the place on
// screen: every panel renders, then onChange), or a part alone ('board',
// 'marks' (the report's marks in the list), 'report', 'suggestion',
// 'listing', 'promotion', 'message', 'readout', 'notices', 'dropped', 'loading',
// 'text', 'fen', 'setup', 'puzzle', 'busy'). When the outermost transition
// returns, each panel watching a topic changed renders, once, in the order
// the panels watch. No DOM here: the controller runs under node
// (tests/js/controller.test.mjs).
import { createBackground } from './controller/background.js';
import { createPlay } from './controller/play.js';
import { createPuzzle } from './controller/puzzle.js';
import { createSetup } from './controller/setup.js';
import { asInBox, createText, WINDOWED_TEXT } from './controller/text.js';
import { neededGame, OTHER_MODULE_GAMES, reason } from './engine.js';
import { buildFragment } from './fragment.js';
import { rulesOf } from './games.js';
import {
  first, goTo, goToPlace, isNode, last, namesError, next, prev, readOptions, setOutcome, showError, snapshotOf, switchAlternative, viewerState,
} from './state.js';
import { readPosition } from './words.js';

/** What a viewer says while the module with the engine arrives. */
export const LOADING_ENGINE = 'Loading the engine…';

/**
 * Makes the controller of a viewer. `options`: createViewer's (see
 * www/viewer.js). `services`: where the rules and the worker's work come
 * from, { loadEngine, loadAllGames, hasAllGames, loadAnalysis, hasAnalysis,
 * whenBoardsLoaded, requestSuggestion, requestReport, requestGames } (www/engine.js and www/jobs.js on the
 * page; the module itself under node). Nothing happens until `start()`.
 */
export function createController(options = {}, services = {}) {
  let state = viewerState({
    text: asInBox(options.text ?? ''),
    game: options.game ?? 'auto',
    notation: options.notation ?? 'auto',
    gameIndex: options.gameIndex ?? 0,
    flipped: !!options.flipped,
    readonly: !!options.readonly,
    notices: options.notices ?? [],
    dropped: options.dropped ?? null,
  });
  let engine = null;
  /** The module's `games()` (`list`), and the function that answered it (`of`: another once the module with every game is loaded). */
  let known = { of: null, list: null };
  let destroyed = false;
  /** Panels' renders: { topics, render }, in the order they watch. */
  const watchers = [];
  /** What panels answer for others (a focus to take, text to select): name -> function. */
  const handlers = new Map();
  /** Topics changed by the transition running, rendered when the outermost one returns. */
  const pending = new Set();
  /** What to tell the outside world once the panels show the change (a move event). */
  const afterwards = [];
  let depth = 0;
  /** Whether the panels are rendering: a transition run by a render is rendered by the same flush. */
  let flushing = false;
  /** The module with every game being loaded for this viewer, and the path to show once it has. */
  let loadingRules = null;
  /** The load of the module with the engine (ctrl.whenAnalysis), and what waits for it. */
  let analysisLoad = null;
  const waitingForAnalysis = [];
  /** The module with the engine has come (or failed): its message goes, and a later call may load it again. */
  const analysisArrived = () => {
    analysisLoad = null;
    if (state.loading === LOADING_ENGINE) ctrl.set({ loading: null }, 'loading');
  };
  let pathAfterLoading = null;

  const ctrl = {
    options,
    services,
    /** Tells this viewer's elements apart from another's on the page (their ids). */
    id: Math.random().toString(36).slice(2, 8),
    /** Whether the viewer has a text box. */
    editor: options.editor !== false,
    /** Whether the report on every move is computed (not in a quiz, unless asked: its better moves are answers). */
    reportWanted: options.report ?? (!options.embed && options.suggest !== false),
    get state() {
      return state;
    },
    /** The rules module's API, once loaded (null before). */
    get engine() {
      return engine;
    },
    /** The games the rules module knows and their rules (its `games()`, asked once per module), or null before it has loaded. */
    games() {
      if (engine && known.of !== engine.games) known = { of: engine.games, list: engine.games() };
      return known.list;
    },

    // ---- for the panels ----

    /** Calls `render(topics)` after each change of one of `topics` ('all' is always watched); returns the function that stops it. */
    watch(topics, render) {
      const watcher = { topics: new Set(['all', ...topics]), render };
      watchers.push(watcher);
      return () => {
        if (watchers.includes(watcher)) watchers.splice(watchers.indexOf(watcher), 1);
      };
    },
    /** Answers the requests named `name` (see request); returns the function that stops it. */
    handle(name, fn) {
      handlers.set(name, fn);
      return () => {
        if (handlers.get(name) === fn) handlers.delete(name);
      };
    },
    /**
     * Asks the panel that answers `name` (a panel never imports another):
     * 'focus-moves', 'focus-steps', 'focus-setup', 'focus-set-up' (the
     * focus to a panel's place), 'select-error' (the failed move selected in
     * the text box).
     */
    request(name, ...args) {
      return handlers.get(name)?.(...args);
    },

    // ---- for the controller's parts (never the panels: tests/js/structure.test.mjs) ----

    /** Changes the state by `patch`, saying which `topics` it changed. */
    set(patch, ...topics) {
      state = { ...state, ...patch };
      for (const t of topics) pending.add(t);
    },
    /** Says that `topics` changed (none: 'all'). */
    touch(...topics) {
      for (const t of topics.length ? topics : ['all']) pending.add(t);
    },
    /** Runs a transition: the panels render once it (and every transition it runs) has returned. */
    run(fn) {
      depth++;
      try {
        return fn();
      } finally {
        depth--;
        if (!depth && !flushing) flush();
      }
    },
    /** Runs `fn` once the panels show the change being made (an event for the host page). */
    afterwards(fn) {
      afterwards.push(fn);
    },
    /** `fn()`, or `fallback` when the module refuses, saying why under the move field. */
    safe(fn, fallback) {
      try {
        return fn();
      } catch (e) {
        ctrl.run(() => ctrl.say(reason(e)));
        return fallback;
      }
    },
    /** The line under the move field. */
    say(text) {
      ctrl.set({ message: { text, said: state.message.said + 1 } }, 'message');
    },
    showNotices(list) {
      ctrl.set({ notices: list }, 'notices');
    },
    /**
     * Runs `then` once the module with the engine (the suggestion, the
     * report, puzzles, the setup editor) is there, loading it (once per
     * page) and saying "Loading the engine…" while it arrives when this
     * viewer waits for it. Without `then`: only starts the load.
     */
    whenAnalysis(then = null) {
      if (!services.loadAnalysis || services.hasAnalysis?.()) return then?.();
      if (then) waitingForAnalysis.push(then);
      const wanted = then || ctrl.reportWanted || options.suggest !== false || options.mode === 'puzzle';
      if (wanted && !state.loading) ctrl.set({ loading: LOADING_ENGINE }, 'loading');
      analysisLoad ??= services.loadAnalysis().then(
        () => ctrl.run(() => {
          analysisArrived();
          if (!destroyed) for (const waiting of waitingForAnalysis.splice(0)) waiting();
        }),
        (e) => ctrl.run(() => {
          analysisArrived();
          waitingForAnalysis.length = 0;
          ctrl.showNotices([`The engine could not load: ${reason(e)}`]);
        }),
      );
      return undefined;
    },
    /** Tells the host page (an event of the viewer's element: `options.onEvent(type, detail)`; the board's 'square'). */
    emit(type, detail) {
      options.onEvent?.(type, detail);
    },
  };

  /** Makes each function of `methods` a transition of the controller. */
  const transitions = (methods) => {
    for (const [name, fn] of Object.entries(methods)) ctrl[name] = (...args) => ctrl.run(() => fn(...args));
  };

  /** Renders what changed: every panel for 'all' (then onChange), else those watching a topic changed. */
  function flush() {
    flushing = true;
    try {
      // (A panel's render that asks the controller something may say something: at most one more round.)
      for (let round = 0; round < 2 && pending.size && !destroyed; round++) {
        const all = pending.has('all');
        if (all && state.outcome) {
          play.settle();
          background.settle();
        }
        const topics = new Set(pending);
        pending.clear();
        for (const w of [...watchers]) if (all || [...w.topics].some((t) => topics.has(t))) w.render(topics);
        if (all && state.outcome) options.onChange?.(state);
      }
    } finally {
      flushing = false;
      pending.clear();
    }
    for (const fn of afterwards.splice(0)) fn();
  }

  const text = createText(ctrl);
  const play = createPlay(ctrl);
  const puzzle = createPuzzle(ctrl);
  const setup = createSetup(ctrl);
  const background = createBackground(ctrl);

  // ---- reading the text ----

  /**
   * Reads the text and shows its game. Returns a promise when the text is
   * of a game the chess module leaves out: it resolves once the module with
   * every game has loaded and the text has been read with it.
   */
  function analyze(path = null) {
    if (!engine) return undefined;
    let outcome;
    try {
      // Suggestions are searched in the worker, for the position on screen.
      outcome = engine.analyze(state.text, readOptions(state));
    } catch (e) {
      const game = neededGame(e);
      if (game) return loadRules(game, path);
      if (state.game !== 'auto' && /unknown game/.test(String(e?.message))) {
        ctrl.showNotices([`The game "${state.game}" is not one this board knows; reading the text as any game.`]);
        ctrl.set({ game: 'auto' });
        return analyze(path);
      }
      // (An element's notation attribute is not checked as a link's is: read it as auto, as a game no one knows.)
      if (state.notation !== 'auto' && /notation must be/.test(String(e?.message))) {
        ctrl.showNotices([`The notation "${state.notation}" is not one this board knows (auto, course or pgn); reading the text as any notation.`]);
        ctrl.set({ notation: 'auto' });
        return analyze(path);
      }
      ctrl.showNotices([`Could not analyse: ${reason(e)}`]);
      if (state.box.waiting) text.fitBox(null);
      return undefined;
    }
    ctrl.set({ selection: null });
    state = setOutcome(state, state.text, outcome, rulesOf(ctrl.games(), outcome.game), path);
    text.fitBox(outcome);
    // The place asked for before the rules had loaded, gone to before the
    // first render: plychange names no other place first.
    if (state.placeAsked && !loadingRules) {
      goToAsked(state.placeAsked.path, state.placeAsked.asked);
      ctrl.set({ placeAsked: null });
    }
    // (A puzzle starts once the engine's module is there: every panel then shows it.)
    if (options.mode === 'puzzle') {
      ctrl.whenAnalysis(() => {
        puzzle.startPuzzle();
        ctrl.touch();
      });
    }
    background.startReport();
    ctrl.touch();
    return undefined;
  }

  /** Loads the module with every game (once), saying so, then reads the text again. */
  function loadRules(game, path) {
    pathAfterLoading = path;
    if (loadingRules) return loadingRules;
    const title = ctrl.games().find((g) => g.id === game)?.title ?? game;
    // A module named as the one with every game (wasm-url) that is not.
    if (services.hasAllGames()) {
      ctrl.showNotices([`This board's rules module has no rules for ${title}: wasm-url must name the module with every game (pkg-all).`]);
      if (state.box.waiting) text.fitBox(null);
      return undefined;
    }
    ctrl.set({ loading: `Loading the rules for ${title}…` }, 'loading');
    loadingRules = services.loadAllGames().then(
      () => ctrl.run(() => {
        ctrl.set({ loading: null }, 'loading');
        loadingRules = null;
        if (destroyed) return;
        analyze(pathAfterLoading);
      }),
      (e) => ctrl.run(() => {
        ctrl.set({ loading: null }, 'loading');
        loadingRules = null;
        ctrl.showNotices([`The rules for ${title} could not load: ${reason(e)}`]);
        if (state.box.waiting) text.fitBox(null);
      }),
    );
    return loadingRules;
  }

  /**
   * Goes to a place the link or the element asked for (`asked` says it in
   * words); past the game's end, to its last position, saying so.
   */
  function goToAsked(wanted, asked) {
    const found = isNode(state.outcome, wanted) || namesError(state.outcome, wanted);
    if (!found) {
      const n = state.outcome?.plies.length ?? 0;
      ctrl.showNotices([...(options.notices ?? []), `${options.askedBy ?? 'The link'} asks for ${asked}, but the game has ${n} plies; showing the last position it has.`]);
    } else if (state.placeNotice) ctrl.showNotices(options.notices ?? []);
    ctrl.set({ placeNotice: !found });
    state = found ? goToPlace(state, wanted) : last(goTo(state, wanted));
  }

  /** A place asked for (a ply number of the main line, or a path in the tree), and the words that name it. */
  const askedFor = (where) => (Array.isArray(where) ? { path: where, asked: `move ${where.join('.')}` } : { path: where > 0 ? [where - 1] : [], asked: `ply ${where}` });

  /** Which of state.js's steps each step button and key takes. */
  const STEPS = {
    first, prev, next, last, up: (s) => switchAlternative(s, -1), down: (s) => switchAlternative(s, 1), flip: (s) => ({ ...s, flipped: !s.flipped }),
  };

  transitions({
    analyze,
    /** One step along the tree ('first', 'prev', 'next', 'last', 'up', 'down') or 'flip'. A puzzle has no steps. */
    step(action) {
      if (state.puzzle && action !== 'flip') return;
      state = STEPS[action](state);
      ctrl.set({ selection: null });
      ctrl.touch();
    },
    /** Shows the node at `path` (a move of the list, a proven fact's position). */
    goTo(path) {
      state = goTo({ ...state, selection: null }, path);
      ctrl.touch();
    },
    /** Shows the failed move of the line `prefix` names, on the position before it. */
    showError(prefix) {
      state = showError({ ...state, selection: null }, prefix);
      ctrl.touch();
    },
    /**
     * Goes to a position the page or the element asks for: a ply number of
     * the main line, or a path in the tree (before the rules have loaded,
     * kept for when they have: the text is read then).
     */
    askPlace(where) {
      const asked = askedFor(where);
      if (!engine || loadingRules) {
        ctrl.set({ placeAsked: asked });
        return;
      }
      goToAsked(asked.path, asked.asked);
      ctrl.set({ selection: null });
      ctrl.touch();
    },
    /** Reads the text as another game or notation (undefined: as before), from its first game. */
    setGame(game, notation) {
      ctrl.set({ game: game ?? state.game, notation: notation ?? state.notation, gameIndex: 0 });
      text.markStale();
      analyze();
    },
    /** Shows another game of the text (at its end: its verdict's position). */
    chooseGame(index) {
      ctrl.set({ gameIndex: index, outcome: null });
      text.markStale();
      analyze();
    },
    setFlipped(flipped) {
      ctrl.set({ flipped: !!flipped });
      ctrl.touch();
    },
    setReadonly(value) {
      ctrl.set({ readonly: !!value, selection: null });
      ctrl.touch();
    },
    /** Reads the position on the board aloud (the speaker button). */
    readAloud() {
      const snapshot = state.puzzle ? state.puzzle.snapshot : snapshotOf(state);
      ctrl.set({ readout: { text: readPosition(snapshot), said: state.readout.said + 1 } }, 'readout');
    },
  });

  /** Copy PGN: the whole tree written as PGN, { text } or { error } in words. */
  ctrl.exportPgn = () => {
    if (!engine) return { error: 'The rules are still loading' };
    try {
      return { text: engine.exportPgn(state.text, { notation: state.notation, gameIndex: state.gameIndex }) };
    } catch (e) {
      return { error: `No PGN: ${reason(e)}` };
    }
  };

  /** The checkers exchange file of a position, { text } or { error } in words. */
  ctrl.exchangeFile = (position) => {
    if (!engine) return { error: 'The rules are still loading' };
    try {
      return { text: engine.exchangeFile(position) };
    } catch (e) {
      return { error: `No exchange file: ${reason(e)}` };
    }
  };

  /** The link to share (a promise: app.js's shareLink option compresses it). */
  ctrl.shareLink = async () => {
    if (options.shareLink) return options.shareLink(state);
    const base = typeof location !== 'undefined' && options.linkBase === undefined ? location.href.split('#')[0] : options.linkBase ?? '';
    return base + buildFragment(state);
  };

  /**
   * Starts the viewer: the first view drawn (computed ahead, before the
   * module has arrived), the module loaded and the text read. Resolves
   * once the viewer is no longer busy.
   */
  ctrl.start = () => {
    ctrl.run(() => {
      // The place to open at once the rules have loaded (the chess module,
      // and the one with every game when the text needs it).
      const where = options.path ?? options.ply;
      if (where !== undefined && where !== null) ctrl.set({ placeAsked: askedFor(where) });
      // A game named by the link or the element that the chess module leaves
      // out: its module is fetched at once, beside the chess module (a name no
      // module knows is answered by the chess module).
      if (OTHER_MODULE_GAMES.includes(options.game)) services.loadAllGames().catch(() => {});
      // (A long text given waits for the rules: see fitBox.)
      if (state.text.length > WINDOWED_TEXT) text.fitBox(null);
      // A first view computed ahead: the board is drawn before the module has
      // arrived (it cannot be played on until then).
      if (options.firstOutcome && options.mode !== 'puzzle') {
        state = setOutcome(state, state.text, options.firstOutcome, options.firstRules ?? null);
        ctrl.touch();
      }
      ctrl.touch('notices');
    });
    return services.loadEngine().then((e) => {
      if (destroyed) return undefined;
      // The text typed while the module was on its way is read here, once (a
      // second read from the typing pause fetched a missing module twice).
      return ctrl.run(() => {
        engine = e;
        ctrl.set({ engine: 'ready' });
        text.cancelTyping();
        // (Reading the text again keeps the place the first view was at; busy
        // until the rules of another game, when the text needs them, have loaded.)
        const read = analyze();
        // The board is drawn with the reader: the engine's module comes next,
        // unasked (after the other viewers of the page have read their texts:
        // one that needs the module with every game makes it the engine; in
        // a frame, after the page's other frames: see whenBoardsLoaded).
        (services.whenBoardsLoaded ?? ((then) => setTimeout(then, 0)))(() => destroyed || ctrl.run(() => ctrl.whenAnalysis()));
        return read;
      });
    }).catch((e) => ctrl.run(() => {
      ctrl.showNotices([`The rules engine could not load: ${reason(e)}`]);
      // Nothing lost: the box holds the whole text it was waiting to show.
      ctrl.set({ engine: 'failed' });
      if (state.box.waiting) text.fitBox(null);
    })).finally(() => ctrl.run(() => ctrl.set({ busy: false }, 'busy')));
  };

  ctrl.destroy = () => {
    destroyed = true;
    background.stop();
    text.stop();
    watchers.length = 0;
    handlers.clear();
  };

  for (const part of [text, play, puzzle, setup, background]) {
    transitions(part.transitions);
    Object.assign(ctrl, part.queries);
  }
  return ctrl;
}
