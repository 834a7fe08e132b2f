// dist/index.html's small script (classic, async: it runs as soon as it has
// come, about 0.3 s before the page's bundle on Fast 3G): asks for the
// engine's module (www/pkg-chess/) by the preload that engine.js's
// fetchEngineEarly adds when the page's script runs (preloadEngine: one
// request, which engine.js's fetch takes). That page carries the reader, so
// the engine's bytes come after the board's (scripts/bundle.mjs
// withCarriedReader). Not in a frame (engine.js whenBoardsLoaded: the
// page's other frames come first), nor when the link names a game (which
// module holds it is engine.js's to say: the page's script asks then, if
// it is chess; a game named inside a compressed link is known only later,
// and if not chess the page leaves this response unused, as it does its
// own early one).
import { preloadEngine } from './preload-engine.js';

// (Bundled into a classic script by scripts/bundle.mjs: currentScript is set.)
if (!new URLSearchParams(location.hash.slice(1)).has('game') && window.parent === window) {
  preloadEngine(new URL('pkg-chess/analysis_board_bg.wasm', document.currentScript.src).href);
}
