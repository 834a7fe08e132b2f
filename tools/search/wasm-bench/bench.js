// Per kind of suite position: count, median and max ms of the suggestion
// (best of 5 runs each), then any FENs given as arguments. Writes the
// suggestions, one per line, to $OUT (default /tmp/wasm_suggestions.txt) so
// they can be compared with native ones.
//
//     cargo build --release --target wasm32-unknown-unknown
//     wasm-bindgen --target nodejs --out-dir pkg target/wasm32-unknown-unknown/release/search_wasm_bench.wasm
//     node bench.js [FEN ...]
const fs = require('fs');
const m = require('./pkg/search_wasm_bench.js');
const lines = fs.readFileSync(require('path').join(__dirname, '../../../tests/data/search/suite.txt'), 'utf8').split('\n').filter(l => l && !l.startsWith('#'));
const out = [];
const byKind = {};
for (const l of lines) {
  const [fen, kind] = l.split(' | ');
  let best = Infinity, s;
  for (let i = 0; i < 5; i++) { const t = performance.now(); s = m.suggest(fen); best = Math.min(best, performance.now() - t); }
  out.push(s);
  (byKind[kind] = byKind[kind] || []).push(best);
}
fs.writeFileSync(process.env.OUT || '/tmp/wasm_suggestions.txt', out.join('\n') + '\n');
const med = a => { const b = [...a].sort((x, y) => x - y); return b[Math.floor(b.length / 2)]; };
let all = [];
for (const [k, v] of Object.entries(byKind)) { all = all.concat(v); console.log(k.padEnd(8), String(v.length).padStart(4), med(v).toFixed(3).padStart(9), Math.max(...v).toFixed(3).padStart(9)); }
console.log('all'.padEnd(8), String(all.length).padStart(4), med(all).toFixed(3).padStart(9), Math.max(...all).toFixed(3).padStart(9));
// A few stress positions.
for (const fen of process.argv.slice(2)) {
  let best = Infinity; for (let i = 0; i < 5; i++) { const t = performance.now(); m.suggest(fen); best = Math.min(best, performance.now() - t); }
  console.log('stress', best.toFixed(3), fen);
}
