// Loads the WebAssembly rules once per page (or worker) and hands out the
// API; starts the suggestion worker and gives it the module compiled here,
// so the worker never downloads or compiles the .wasm a second time.
import init, * as api from './pkg/analysis_board.js';

// Where the .wasm is when nobody says otherwise: beside the modules (the
// custom element on another origin finds it beside its own script). A
// function: in a blob: worker no URL can be resolved against import.meta.url.
const wasmBeside = () => new URL('./pkg/analysis_board_bg.wasm', import.meta.url);

let compiled = null;
let module = null;
let ready = null;
// The single-file build sets these (see scripts/single.mjs).
let inlineWasm = null;
let inlineWorker = null;

/**
 * For builds that carry everything in one file: the module's bytes and the
 * worker's script, a blob: URL of a classic script (a module worker from a
 * blob: URL does not start in a page opened from disk). Must be called
 * before `loadEngine`.
 */
export function useInlineEngine({ wasm, workerUrl }) {
  inlineWasm = wasm;
  inlineWorker = workerUrl;
}

/**
 * The compiled module, fetched and compiled once (streaming: compiled as it
 * arrives). `source`: a URL of the .wasm, its bytes, or a compiled module.
 */
function compile(source) {
  compiled ??= (async () => {
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
  })();
  compiled.catch(() => {
    compiled = null;
  });
  return compiled;
}

/**
 * Resolves to the module's API once it is instantiated. `wasm` (optional):
 * where the .wasm is (a URL or string), its bytes, or an already compiled
 * `WebAssembly.Module`; by default the file beside this script. The first
 * call decides; later calls share its result.
 */
export function loadEngine(wasm) {
  ready ??= compile(wasm ?? inlineWasm ?? wasmBeside())
    .then((compiledModule) => {
      module = compiledModule;
      return init({ module_or_path: compiledModule });
    })
    .then(() => api);
  ready.catch(() => {
    ready = null;
  });
  return ready;
}

/**
 * Starts the suggestion worker and sends it {type: 'init', module} (the
 * module compiled here) as soon as there is one; its jobs ({id, fen, game})
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
  loadEngine().then(
    () => worker.postMessage({ type: 'init', module }),
    (error) => worker.postMessage({ type: 'init', error: String(error?.message ?? error) }),
  );
  return worker;
}
