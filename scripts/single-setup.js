// The first module of dist/analysis-board.html (scripts/single.mjs bundles
// it ahead of www/app.js): the wasm's bytes and the worker's code come from
// the file itself, since a page opened from disk can fetch nothing.
import wasm from '../www/pkg/analysis_board_bg.wasm'; // bytes (esbuild's binary loader)
import workerCode from 'inline:worker'; // www/worker.js bundled, as text
import { useInlineEngine } from '../www/engine.js';

useInlineEngine({ wasm, workerUrl: URL.createObjectURL(new Blob([workerCode], { type: 'text/javascript' })) });
