// Loads the WebAssembly rules and hands out the API; starts the suggestion
// worker and gives it the modules compiled here, so the worker never
// downloads or compiles a .wasm a second time.
//
// Two modules: pkg/ holds chess alone (what most visitors need, loaded
// first and preloaded by index.html), pkg-all/ every game (chess, grid
// problems, Congo, checkers). The chess module still tells the other games
// apart and answers their texts with an error `[needs_all_games] <game>`;
// the viewer then calls `loadAllGames` and asks again. Each module is
// fetched and compiled at most once per page.
import * as chessGlue from './pkg/analysis_board.js';

// Where a module is when nobody says otherwise: beside the modules (the
// custom element on another origin finds it beside its own script). A
// function: in a blob: worker no URL can be resolved against import.meta.url.
const beside = (dir) => new URL(`./${dir}/analysis_board_bg.wasm`, import.meta.url);

/**
 * The API every caller holds: the chess module's functions, replaced in
 * place by those of the module with every game once it is loaded (a
 * superset), so that from then on every call goes to that one.
 */
const api = {};
/** The compiled module behind `api` and whether it has every game. */
let current = null;
/** The loads of each module ('chess', 'all'): promises of `api`. */
const loads = { chess: null, all: null };
/** The first `loadEngine` call's load: it decides where the rules come from. */
let first = null;
/** Started workers, sent the module with every game when it arrives. */
const workers = [];
// The single-file build sets these (see scripts/single-setup.js).
let inlineWasm = null;
let inlineWorker = null;

/**
 * For builds that carry everything in one file: the bytes of the module
 * with every game and the worker's script, a blob: URL of a classic script
 * (a module worker from a blob: URL does not start in a page opened from
 * disk). Must be called before `loadEngine`.
 */
export function useInlineEngine({ wasm, workerUrl }) {
  inlineWasm = wasm;
  inlineWorker = workerUrl;
}

/**
 * A compiled module (streaming: compiled as it arrives). `source`: a URL of
 * the .wasm, its bytes, or a compiled module.
 */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  // The same request as index.html's <link rel="preload" as="fetch" crossorigin>
  // (mode cors, same-origin credentials), so the preloaded response is used.
  const response = await fetch(source);
  if (!response.ok) throw new Error(`the rules module (${response.url}) could not be fetched: ${response.status}`);
  if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/.test(response.headers.get('content-type') ?? '')) {
    return WebAssembly.compileStreaming(response);
  }
  // A server that names the type wrongly: compile from the bytes.
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Instantiates the module `kind` ('chess' or 'all': every game) from
 * `source` (a URL of the .wasm, its bytes, or a compiled module), once;
 * resolves to the API. The worker calls it with the modules the page sends.
 */
export function loadModule(kind, source) {
  loads[kind] ??= (async () => {
    const [module, glue] = await Promise.all([
      compile(source),
      // Each module has its own copy of wasm-bindgen's glue: a glue holds one instance.
      kind === 'all' ? import('./pkg-all/analysis_board.js') : chessGlue,
    ]);
    await glue.default({ module_or_path: module });
    // The chess module never replaces the one with every game (which may come first).
    if (kind === 'all' || !current?.allGames) {
      for (const [name, value] of Object.entries(glue)) if (name !== 'default' && name !== 'initSync') api[name] = value;
      current = { module, allGames: kind === 'all' };
      if (kind === 'all') for (const worker of workers) worker.postMessage({ type: 'init', ...current });
    }
    return api;
  })();
  loads[kind].catch(() => {
    loads[kind] = null;
  });
  return loads[kind];
}

/**
 * Resolves to the API once a module is instantiated. `wasm` (optional):
 * the module with every game, as a URL (or string), its bytes or a
 * compiled `WebAssembly.Module`: then it is the one module for every game.
 * Without it, the chess module beside this script (the single-file build:
 * its own module with every game). The first call decides; later calls
 * share its result.
 */
export function loadEngine(wasm) {
  const every = wasm ?? inlineWasm;
  first ??= every ? loadModule('all', every) : loadModule('chess', beside('pkg'));
  first.catch(() => {
    first = null;
  });
  return first;
}

/**
 * The games only the module with every game has rules for (its `games()`
 * ids but chess; tests/js/engine.test.mjs checks the list): a page named
 * one of them fetches that module at once, any other name does not.
 */
export const OTHER_MODULE_GAMES = ['grid', 'congo', 'checkers'];

/** Resolves to the API with every game, loading that module (beside this script) if it is not loaded yet. */
export function loadAllGames() {
  return loads.all ?? loadModule('all', inlineWasm ?? beside('pkg-all'));
}

/** Whether the API has every game already. */
export function hasAllGames() {
  return !!current?.allGames;
}

/**
 * The game (its id) that an error of the chess module asks the module with
 * every game for (`[needs_all_games] congo: ...`), or null.
 */
export function neededGame(error) {
  return /^\[needs_all_games\] ([a-z]+)/.exec(String(error?.message ?? ''))?.[1] ?? null;
}

/** A message of the module without its bracketed code (`[illegal_move] ...`): the words a person reads. */
export function reason(error) {
  return String(error?.message ?? error).replace(/^\[[a-z_]+\]\s*/, '');
}

/**
 * Starts the suggestion worker and sends it {type: 'init', module,
 * allGames} (the module compiled here) as soon as there is one, and again
 * with the module with every game when that one arrives; its jobs ({id,
 * fen, game}) may be posted at once, the worker holds them until then.
 * Null when this page cannot start workers.
 */
export function startWorker() {
  let worker;
  try {
    // Written in this form so that bundlers see the worker and ship it.
    worker = inlineWorker ? new Worker(inlineWorker) : new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  } catch {
    try {
      // A page on another origin cannot start our worker directly; a
      // worker of its own origin can still import our module (with CORS).
      const url = new URL('./worker.js', import.meta.url).href;
      const blob = new Blob([`import ${JSON.stringify(url)};`], { type: 'text/javascript' });
      worker = new Worker(URL.createObjectURL(blob), { type: 'module' });
    } catch {
      return null;
    }
  }
  workers.push(worker);
  loadEngine().then(
    () => worker.postMessage({ type: 'init', ...current }),
    (error) => worker.postMessage({ type: 'init', error: String(error?.message ?? error) }),
  );
  return worker;
}
