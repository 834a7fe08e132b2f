// Types of the npm package's node entry (www/node.js): the module's API,
// with an init that needs no argument (it reads the .wasm from disk).
export * from './pkg-all/analysis_board.js';
import type { InitInput, InitOutput, SyncInitInput } from './pkg-all/analysis_board.js';

/** Instantiates the module; without an argument, from the .wasm file shipped beside it. */
export default function init(module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;

/** The same, synchronously. */
export function initSync(module?: { module: SyncInitInput } | SyncInitInput): InitOutput;
