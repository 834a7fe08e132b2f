// The first module of dist/analysis-board.html (scripts/single.mjs bundles
// it ahead of www/app.js): the wasm's bytes and the worker's code come from
// the file itself, since a page opened from disk can fetch nothing. It
// carries the module with every game only (esbuild maps the chess module's
// glue to its glue: scripts/bundle.mjs).
import wasm from '../www/pkg-all/analysis_board_bg.wasm'; // the module with every game: bytes (esbuild's binary loader)
import workerCode from 'inline:worker'; // www/worker.js bundled, as text
import { useInlineEngine } from '../www/engine.js';

useInlineEngine({ wasm, workerUrl: URL.createObjectURL(new Blob([workerCode], { type: 'text/javascript' })) });
