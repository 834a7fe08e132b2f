// Loads the WebAssembly rules once per page (or worker) and hands out the API.
import init, * as api from './pkg/analysis_board.js';

let ready = null;

/** Resolves to the module's API once it is instantiated. */
export function loadEngine() {
  ready ??= init().then(() => api);
  return ready;
}
