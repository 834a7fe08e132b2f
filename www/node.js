// The npm package's entry under node (package.json "exports", condition
// "node"): the same API as www/pkg-all/analysis_board.js (every game), but `await init()`
// with no argument reads the .wasm beside it from disk (wasm-bindgen's
// web target would fetch it by URL, which node cannot do for file: URLs).
//   import init, { analyze, suggest } from 'analysis-board';
//   await init();
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import webInit, { initSync as webInitSync } from './pkg-all/analysis_board.js';

export * from './pkg-all/analysis_board.js';

const WASM = new URL('./pkg-all/analysis_board_bg.wasm', import.meta.url);

/** Instantiates the module: from the file beside this one unless told otherwise (as wasm-bindgen's init). */
export default async function init(input) {
  return webInit(input ?? { module_or_path: await readFile(WASM) });
}

/** The same, synchronously. */
export function initSync(input) {
  return webInitSync(input ?? { module: readFileSync(WASM) });
}
