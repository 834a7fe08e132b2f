// Loads the WebAssembly rules and hands out the API; starts the suggestion
// worker and gives it the modules compiled here, so the worker never
// downloads or compiles a .wasm a second time.
//
// Three modules, each a superset of the one before: pkg/ the reader
// (chess without the engine: what the page's thread needs to show and
// play a game; loaded first, carried inside dist/index.html and preloaded
// by the index.html of www/ served as is), pkg-chess/ chess
// with the engine (the suggestion, the report, puzzles, the setup editor;
// asked for while the reader arrives and loaded by `loadAnalysis` once the
// board is drawn, for the worker and the page's puzzles and editor),
// pkg-all/ every game with the engine (grid problems, Congo, checkers).
// The reader and the chess module still tell the other games apart and
// answer their texts with an error `[needs_all_games] <game>`; the viewer
// then calls `loadAllGames` and asks again. Each module is fetched and
// compiled at most once per page, and instantiated once per page (and once
// in the one worker).
import * as readerGlue from './pkg/analysis_board.js';
import { preloadEngine } from './preload-engine.js';

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
/** The modules from the smallest: each has every function of the ones before. */
const RANK = { reader: 0, chess: 1, all: 2 };
/** The module behind `api`: { module (compiled), kind ('reader', 'chess' or 'all') }. */
let current = null;
/** The loads of each module: promises of `api`. */
const loads = { reader: null, chess: null, all: null };
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
 * the .wasm, its bytes or a compiled module.
 */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  // The same request as a <link rel="preload" as="fetch" crossorigin> (the
  // reader's in index.html, the engine's of fetchEngineEarly): mode cors,
  // same-origin credentials, so the preloaded response is used.
  const response = await fetch(source);
  if (!response.ok) throw new Error(`the rules module (${response.url}) could not be fetched: ${response.status}`);
  if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/.test(response.headers.get('content-type') ?? '')) {
    return WebAssembly.compileStreaming(response);
  }
  // A server that names the type wrongly: compile from the bytes.
  return WebAssembly.compile(await response.arrayBuffer());
}

/** wasm-bindgen's glue of a module: each module has its own (a glue holds one instance). */
const glueOf = {
  reader: async () => readerGlue,
  chess: () => import('./pkg-chess/analysis_board.js'),
  all: () => import('./pkg-all/analysis_board.js'),
};

/**
 * Starts fetching the glue of the module `kind` (the worker asks for the
 * engine's as it starts: on a slow line each import is a round trip, and
 * the glue would otherwise be asked for only once the module has come).
 */
export function prefetchGlue(kind) {
  glueOf[kind]().catch(() => {}); // a failure is reported when the glue is used
}

/**
 * Instantiates the module `kind` ('reader', 'chess' or 'all': every game)
 * from `source` (a URL of the .wasm, its bytes, or a compiled module),
 * once; resolves to the API. The worker calls it with the modules the page sends.
 */
export function loadModule(kind, source) {
  loads[kind] ??= (async () => {
    const [module, glue] = await Promise.all([compile(source), glueOf[kind]()]);
    await glue.default({ module_or_path: module });
    // A module never replaces a larger one (which may come first).
    if (!current || RANK[kind] > RANK[current.kind]) {
      for (const [name, value] of Object.entries(glue)) if (name !== 'default' && name !== 'initSync') api[name] = value;
      current = { module, kind };
      if (kind !== 'reader') for (const worker of workers) worker.postMessage({ type: 'init', ...current });
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
 * Without it, the reader beside this script (the single-file build: its
 * own module with every game). The first call decides; later calls share
 * its result.
 */
export function loadEngine(wasm) {
  const every = wasm ?? inlineWasm;
  first ??= every ? loadModule('all', every) : loadReader();
  first.catch(() => {
    first = null;
  });
  return first;
}

/** The id of dist/index.html's block carrying the reader's bytes (scripts/bundle.mjs withCarriedReader). */
export const CARRIED_READER = 'ab-reader';

/** Whether the reader came in the page's own response (its block): then nothing is fetched for it. */
let readerCarried = false;

/**
 * The reader: from the block dist/index.html carries it in (the page a
 * link opens: no round trip for it), else, or when that block does not
 * compile, fetched beside this script (the element, the page served from
 * www/ as is).
 */
function loadReader() {
  // (Only that kind of element: an element's host page may have its own "ab-reader".)
  const block = typeof document === 'undefined' ? null : document.querySelector(`script#${CARRIED_READER}[type="application/octet-stream"]`);
  // Read once: the text (twice the module's size) is not kept in the page.
  block?.remove();
  const bytes = block ? readerOfBlock(block.textContent, Number(block.dataset.bytes)) : null;
  if (!bytes) return loadModule('reader', beside('pkg'));
  readerCarried = true;
  return loadModule('reader', bytes).catch(() => loadModule('reader', beside('pkg')));
}

/**
 * The bytes a carried block's text stands for (`length` of them), or null
 * when it is not such a text. The text is a table, the character standing
 * for each byte value from 0 to 255, then a character per byte: the most
 * frequent byte values as printable ASCII (one byte of UTF-8; never "<",
 * which could end the block), the others from U+0100 (two bytes).
 */
export function readerOfBlock(text, length) {
  if (typeof text !== 'string' || text.length !== 256 + length) return null;
  const byteOf = new Int16Array(0x200).fill(-1);
  for (let byte = 0; byte < 256; byte++) {
    const code = text.charCodeAt(byte);
    if (code >= byteOf.length || byteOf[code] >= 0) return null;
    byteOf[code] = byte;
  }
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const byte = byteOf[text.charCodeAt(256 + i)] ?? -1;
    if (byte < 0) return null;
    bytes[i] = byte;
  }
  return bytes;
}

/**
 * The games only the module with every game has rules for (its `games()`
 * ids but chess; tests/js/engine.test.mjs checks the list): a page named
 * one of them fetches that module at once, any other name does not.
 */
export const OTHER_MODULE_GAMES = ['grid', 'congo', 'checkers'];

/** Resolves to the API with every game, loading that module (beside this script) if it is not loaded yet. */
export function loadAllGames() {
  // The engine then comes with every game: the chess engine asked for early
  // is left to arrive, unused (not aborted: a page's failed request is noise
  // to its author; on a slow line few of its bytes have come by then).
  return loads.all ?? loadModule('all', inlineWasm ?? beside('pkg-all'));
}

/** Whether the engine's module has been asked for early (`fetchEngineEarly`). */
let askedEarly = false;

/** Whether this page carries or preloads the reader (index.html) and is no frame: then the engine is asked for early. */
function readerPreloaded() {
  if (typeof window === 'undefined' || window.parent !== window) return false;
  return readerCarried || !!document.querySelector('link[rel="preload"][href$="pkg/analysis_board_bg.wasm"]');
}

/**
 * Asks for the engine's module (and its glue) while the reader is still
 * arriving (or, carried in dist/index.html, as soon as the page's script
 * runs), on a page that carries or preloads the reader, once its
 * viewer has started; true if it asked. The page's script runs about 0.5 s
 * before the reader has come on Fast 3G, about one round trip, so the
 * engine's first bytes come as the reader's last have, and the line is not
 * shared (fetched once the board was drawn, they came a round trip later:
 * the link's suggestion 0.5 s later; preloaded with the reader, they
 * delayed the board by 0.66 s). Not where the reader is asked for only now
 * (an element: both would share the line), not in a frame
 * (whenBoardsLoaded: the page's other frames come first), nor when the
 * module with every game is asked for already (a game named by the link).
 * Asked by a preload, which `loadAnalysis`'s fetch takes: dist/index.html's
 * www/engine-early.js adds the same one sooner, and whichever comes second
 * leaves it be (one request).
 */
export function fetchEngineEarly() {
  if (askedEarly || loads.all || loads.chess || inlineWasm || !readerPreloaded()) return false;
  askedEarly = true;
  preloadEngine(beside('pkg-chess').href);
  prefetchGlue('chess');
  return true;
}

/**
 * Resolves to the API with the engine (the suggestion, the report,
 * puzzles, the setup editor): the chess module beside this script, unless
 * the module with every game is loaded or on its way. The page calls it
 * once the board is drawn; the worker is sent the module.
 */
export function loadAnalysis() {
  if (loads.all) return loads.all;
  return loads.chess ?? loadModule('chess', beside('pkg-chess'));
}

/**
 * Calls `then` once the boards of the page have had the line to
 * themselves: after the tasks queued now (every viewer of this page has
 * read its text), and in a frame whose parent page this one may read (a
 * page of several embedded boards on one origin), once that page has
 * loaded, its frames with it: the first frame's engine (170 KB) took the
 * line from the other frames' readers (five frames on Fast 3G: the last
 * board at 5.4 s, 4.6 s before the split).
 */
export function whenBoardsLoaded(then) {
  let parent = null;
  try {
    parent = window.parent !== window ? window.parent.document : null;
  } catch {
    parent = null; // another origin: nothing to wait for that this page can see
  }
  if (!parent || parent.readyState === 'complete') setTimeout(then, 0);
  else window.parent.addEventListener('load', () => setTimeout(then, 0), { once: true });
}

/** Whether the API has the engine already (the chess module or the one with every game). */
export function hasAnalysis() {
  return !!current && current.kind !== 'reader';
}

/** Whether the API has every game already. */
export function hasAllGames() {
  return current?.kind === 'all';
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
 * Starts the suggestion worker, starts loading the module with the engine
 * (`loadAnalysis`) and sends the worker {type: 'init', module, kind}
 * (that module, compiled here) as soon as it is there, and again with the
 * module with every game when that one arrives; its jobs ({id, fen, game})
 * may be posted at once, the worker holds them until then. Null when this
 * page cannot start workers.
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
  // The module behind the API, once it has the engine (chess or every game).
  if (current && current.kind !== 'reader') worker.postMessage({ type: 'init', ...current });
  // (loadModule sends the module to every worker when it arrives.) Not
  // before the first module has loaded: the engine must not slow the board,
  // and by then every viewer has read its text (one that needs every game
  // has asked for that module, which is then the engine); in a frame, not
  // before the page's other frames (whenBoardsLoaded).
  else loadEngine().then(() => new Promise(whenBoardsLoaded)).then(loadAnalysis).catch((error) => worker.postMessage({ type: 'init', error: String(error?.message ?? error) }));
  return worker;
}
