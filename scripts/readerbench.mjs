// How fast the reader reads a long PGN text: `listGames` of the 150 KB
// tests/data/pgn/stockfish.pgn in node, and `analyze` of each of its games
// with its main line read (the results' JSON: the Outcome's head, the
// plies' comments), the median of 41 calls after 19 to warm up, for each
// built module given (default www/pkg), the modules' calls interleaved so
// that a busy machine slows each alike. To compare with another build:
// node scripts/readerbench.mjs www/pkg /other/www/pkg
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const text = fs.readFileSync(path.join(root, 'tests', 'data', 'pgn', 'stockfish.pgn'), 'utf8');
const dirs = process.argv.length > 2 ? process.argv.slice(2) : [path.join(root, 'www', 'pkg')];
const modules = [];
for (const dir of dirs) {
  // A query per directory: each glue is a module instance of its own.
  const api = await import(`${pathToFileURL(path.resolve(dir, 'analysis_board.js')).href}?${modules.length}`);
  api.initSync({ module: fs.readFileSync(path.resolve(dir, 'analysis_board_bg.wasm')) });
  modules.push({ dir, api, times: [], analyzed: [] });
}
const games = modules[0].api.listGames(text).length;
/** Every game of the text read, each with its main line. */
function analyzeAll(api) {
  for (let gameIndex = 0; gameIndex < games; gameIndex++) {
    const outcome = api.analyze(text, { suggest: false, gameIndex });
    if (outcome.plies.length === 0) throw new Error(`game ${gameIndex} has no plies`);
  }
}
for (let i = 0; i < 60; i++) {
  for (const m of modules) {
    const start = performance.now();
    m.api.listGames(text);
    m.times.push(performance.now() - start);
    const analyzing = performance.now();
    analyzeAll(m.api);
    m.analyzed.push(performance.now() - analyzing);
  }
}
for (const m of modules) {
  const median = (all) => {
    const times = all.slice(19).sort((a, b) => a - b);
    return times[times.length >> 1].toFixed(2);
  };
  console.log(`${m.dir}: listGames of stockfish.pgn (${games} games) median ${median(m.times)} ms; analyze of each game, its plies read: ${median(m.analyzed)} ms`);
}
