// Loads the WebAssembly rules once per page (or worker) and hands out the API.
import init, { analyze, exchangeFile, exportPgn, suggest } from './pkg/analysis_board.js';

let ready = null;

/** Resolves to { analyze, suggest, exchangeFile, exportPgn } once the module is instantiated. */
export function loadEngine() {
  ready ??= init().then(() => ({ analyze, suggest, exchangeFile, exportPgn }));
  return ready;
}
