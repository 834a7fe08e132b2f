// How fast the reader reads a long PGN text: `listGames` of the 150 KB
// tests/data/pgn/stockfish.pgn in node, the median of 41 calls after 19 to
// warm up, for each built module given (default www/pkg), the modules'
// calls interleaved so that a busy machine slows each alike. To compare
// with another build: node scripts/readerbench.mjs www/pkg /other/www/pkg
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
  modules.push({ dir, api, times: [] });
}
for (let i = 0; i < 60; i++) {
  for (const m of modules) {
    const start = performance.now();
    m.api.listGames(text);
    m.times.push(performance.now() - start);
  }
}
for (const m of modules) {
  const times = m.times.slice(19).sort((a, b) => a - b);
  console.log(`${m.dir}: listGames of stockfish.pgn (${m.api.listGames(text).length} games) median ${times[times.length >> 1].toFixed(2)} ms`);
}
