// Loads the WebAssembly rules once per page (or worker) and hands out the API.
import init, { analyze, exchangeFile, suggest } from './pkg/analysis_board.js';

let ready = null;

/** Resolves to { analyze, suggest, exchangeFile } once the module is instantiated. */
export function loadEngine() {
  ready ??= init().then(() => ({ analyze, suggest, exchangeFile }));
  return ready;
}
