// The wasm build against chess.js under node, in one process, on the
// handout's appendix games; and the page's transfer size (what a chess
// visitor downloads, and what another game's module adds).
//   npm run bench
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from './build.mjs';
import { moduleGraph } from './bundle.mjs';
import { ensureNodeModules, loadBuiltModule, output, root, run, sharedData } from './lib.mjs';
import { linkLengths } from './linkbench.mjs';

// chess.js and playwright-core are dev-dependencies: installed first.
ensureNodeModules();
const { Chess } = await import('chess.js');
const { LINK_GAME, pageLoad, withElementPage, withElementsPage, withFramesPage } = await import('./pageload.mjs');

const dist = await build();
// pkg: the reader, as the page loads first; pkg-chess: chess with the
// engine (the worker's); pkg-all: every game.
const chessModule = await loadBuiltModule(path.join(dist, 'www', 'pkg'));
const { analyze } = chessModule;
const { suggest } = await loadBuiltModule(path.join(dist, 'www', 'pkg-chess'));
const { suggest: suggestAny, congoAlphabeta } = await loadBuiltModule(path.join(dist, 'www', 'pkg-all'));

/** Best time per call in microseconds over batches lasting about `ms` in total. */
function time(fn, ms = 1500) {
  let best = Infinity;
  let calls = 0;
  const end = performance.now() + ms;
  let batch = 1;
  while (performance.now() < end) {
    const t = performance.now();
    for (let i = 0; i < batch; i++) fn();
    const per = (performance.now() - t) / batch;
    best = Math.min(best, per);
    calls += batch;
    if (performance.now() - t < 20) batch *= 2;
  }
  return { us: best * 1000, calls };
}

const games = fs.readFileSync(path.join(root, 'tests', 'data', 'course-appendix-games.tsv'), 'utf8')
  .split('\n').filter((l) => /^C\.\d\t/.test(l) || l.startsWith('C.1 (as printed')).map((l) => l.split('\t'));

console.log('analyse a game vs chess.js loadPgn, same games, same process: the verdict (analyze; its main line is');
console.log('built when first read), and the verdict with every ply and snapshot read (as the page reads them)\n');
console.log('game   plies   analyze us   ratio   and every ply us   ratio   chess.js us');
for (const [name, text] of games) {
  const options = { notation: 'course', suggest: false };
  const outcome = analyze(text, options);
  const san = outcome.plies.map((p) => p.notation).join(' ');
  const check = new Chess();
  check.loadPgn(san);
  if (check.fen() !== outcome.plies.at(-1).snapshot.fen.replace(/ - \d+ \d+$/, (m) => m)) {
    // chess.js writes the en passant square differently at times; compare boards only.
    if (check.fen().split(' ')[0] !== outcome.plies.at(-1).snapshot.fen.split(' ')[0]) throw new Error(`${name}: positions differ`);
  }
  // Turn about, 6 rounds, the best of each: this machine's speed drifts by
  // up to 2x within a minute, which one long run of each would measure.
  const best = (a, b) => (a && a.us < b.us ? a : b);
  let ours, everyPly, theirs;
  for (let round = 0; round < 6; round++) {
    ours = best(ours, time(() => analyze(text, options), 250));
    everyPly = best(everyPly, time(() => {
      for (const ply of analyze(text, options).plies) if (!ply.snapshot.fen) throw new Error('no FEN');
    }, 250));
    theirs = best(theirs, time(() => new Chess().loadPgn(san), 500));
  }
  const label = name.slice(0, 4).trim();
  const ratio = (us) => `${(theirs.us / us).toFixed(0)}x`.padStart(5);
  console.log(`${label.padEnd(6)} ${String(outcome.plies.length).padStart(5)}   ${ours.us.toFixed(1).padStart(10)}   ${ratio(ours.us)}   ${everyPly.us.toFixed(1).padStart(16)}   ${ratio(everyPly.us)}   ${theirs.us.toFixed(1).padStart(11)}`);
}

// One game of a 1,000-game PGN (the page's chooser reads them one at a
// time): the first read indexes the text's games; after that, any game of
// it costs about what the game alone does (the text still crosses into
// the module each time).
{
  const { manyGames } = await import('./bench-page.mjs');
  const many = manyGames(chessModule, 1000);
  const at = (index) => ({ notation: 'pgn', suggest: false, gameIndex: index });
  const t = performance.now();
  const chosen = analyze(many, at(500)).chess;
  const first = performance.now() - t;
  const again = time(() => analyze(many, at(500)), 500);
  const other = time(() => analyze(many, at(700)), 500);
  const alone = time(() => analyze(many.slice(chosen.gameStart, chosen.gameEnd), at(0)), 500);
  console.log(`\none game of a PGN of ${chosen.gamesInText} games (${(many.length / 1024).toFixed(0)} KiB), as wasm`);
  console.log(`  game 500, the first time (the text's games indexed): ${first.toFixed(1)} ms`);
  console.log(`  game 500 again: ${(again.us / 1000).toFixed(2)} ms; game 700: ${(other.us / 1000).toFixed(2)} ms; game 500 pasted alone: ${(alone.us / 1000).toFixed(2)} ms`);
}

// What a visitor downloads for the page (gzip -9 each file): index.html and
// every module it loads at once (its static module graph), the worker (the
// custom element's module is for other pages; the worker gets the page's
// module) and the chess module; then what the first Congo, checkers or
// grid text adds: the glue and the module with every game.
function transfer(title, files) {
  let raw = 0;
  let gz = 0;
  console.log(`\n${title}`);
  for (const f of files) {
    const data = fs.readFileSync(path.join(dist, f));
    const z = zlib.gzipSync(data, { level: 9 }).length;
    raw += data.length;
    gz += z;
    console.log(`  ${f.padEnd(68)} ${String(data.length).padStart(8)} B raw ${String(z).padStart(8)} B gzip`);
  }
  console.log(`  ${'total'.padEnd(68)} ${String(raw).padStart(8)} B raw ${String(gz).padStart(8)} B gzip (${(gz / 1024).toFixed(1)} KiB)`);
  return gz;
}
// dist/'s modules as served (the page and the worker are bundles: scripts/bundle.mjs bundlePage).
const servedGraph = async (file) => (await moduleGraph(path.join(dist, file))).map((f) => f.replace(/^dist\//, ''));
// (The page's and the worker's bundles share a chunk: counted once.)
const pageModules = new Set([...(await servedGraph('www/app.js')), ...(await servedGraph('www/worker.js'))]);
const firstLoad = transfer('before the board: the page and the reader', ['index.html', 'www/style.css', ...(await servedGraph('www/app.js')), 'www/pkg/analysis_board_bg.wasm']);
const chessPage = transfer('page transfer size: a chess visitor (the page, the reader, the worker, the engine)', ['index.html', 'www/style.css', ...pageModules, 'www/pkg/analysis_board_bg.wasm', ...(await servedGraph('www/pkg-chess/analysis_board.js')), 'www/pkg-chess/analysis_board_bg.wasm']);
console.log(`  of which before the board: ${(firstLoad / 1024).toFixed(1)} KiB`);
const glue = await servedGraph('www/pkg-all/analysis_board.js');
const upgrade = transfer('the upgrade: what another game adds (loaded when needed)', [...glue, 'www/pkg-all/analysis_board_bg.wasm']);
console.log(`  a visitor of another game: ${((chessPage + upgrade) / 1024).toFixed(1)} KiB in all`);

// The suggested move as wasm, per kind of position of the search suite; and
// the same suggestions as the native program gives.
console.log('\nsuggestion as wasm (best of 3 per position), per kind of position');
const suite = fs.readFileSync(path.join(root, 'tests', 'data', 'search', 'suite.txt'), 'utf8')
  .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' | '));
const byKind = new Map();
const wasmLines = [];
for (const [fen, kind] of suite) {
  let best = Infinity;
  let s;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    s = suggest(fen);
    best = Math.min(best, performance.now() - t);
  }
  wasmLines.push(s ? s.line : '-');
  if (!byKind.has(kind)) byKind.set(kind, []);
  byKind.get(kind).push(best);
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log('kind        n   median ms   max ms');
const all = [];
for (const [kind, times] of byKind) {
  all.push(...times);
  console.log(`${kind.padEnd(8)} ${String(times.length).padStart(4)} ${median(times).toFixed(2).padStart(11)} ${Math.max(...times).toFixed(2).padStart(8)}`);
}
console.log(`${'all'.padEnd(8)} ${String(all.length).padStart(4)} ${median(all).toFixed(2).padStart(11)} ${Math.max(...all).toFixed(2).padStart(8)}`);
run('cargo', ['build', '--release', '--bin', 'chess-analyze'], { stdio: 'ignore' });
let same = 0;
suite.forEach(([fen], i) => {
  const native = (output(path.join(root, 'target', 'release', 'chess-analyze'), ['--fen', fen]) ?? '').split('\n')[1] ?? '-';
  if (native === wasmLines[i] || (native === '' && wasmLines[i] === '-')) same += 1;
  else console.log(`  differs: ${fen}: native ${native} / wasm ${wasmLines[i]}`);
});
console.log(`wasm and native suggestions agree on ${same} of ${suite.length} positions`);

// Congo: the course's alpha-beta as wasm, nodes per second, at depths 4 and
// 6 from the two start positions and the positions of search.txt; and the
// page's suggestion (depth 5) time.
const congoSearch = fs.readFileSync(path.join(shared(), 'congo', 'search.txt'), 'utf8');
const congoFens = ['g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0', 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0'];
for (const line of congoSearch.split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const fen = line.split(';')[0].trim();
  if (!congoFens.includes(fen)) congoFens.push(fen);
}
console.log(`\nCongo alpha-beta as wasm over ${congoFens.length} positions`);
for (const depth of [4, 6]) {
  let nodes = 0;
  const t = performance.now();
  for (const fen of congoFens) nodes += congoAlphabeta(fen, depth).nodes;
  const s = (performance.now() - t) / 1000;
  console.log(`  depth ${depth}: ${nodes} nodes in ${s.toFixed(2)} s = ${(nodes / s / 1e6).toFixed(2)} M nodes/s`);
}
const congoTimes = congoFens.map((fen) => {
  const t = performance.now();
  suggestAny(fen, { game: 'congo' });
  return performance.now() - t;
});
console.log(`  the page's suggestion (depth 5): median ${median(congoTimes).toFixed(1)} ms, max ${Math.max(...congoTimes).toFixed(1)} ms`);

// The page on a slow line (Chromium's "Fast 3G" through CDP): time until
// the board is drawn, with what went over the wire; the one-file page too.
await pageLoad({ dir: dist, file: 'index.html' });
await pageLoad({ dir: dist, file: 'analysis-board.html', runs: 3 });
await withElementPage(dist, (file) => pageLoad({ dir: dist, file }));
// Issue 35's figures: served gzip.
await pageLoad({ dir: dist, file: LINK_GAME, wait: ['board', 'verdict', 'playable', 'suggestion', 'report'], encoding: 'gzip' });
await withFramesPage(dist, (file) => pageLoad({ dir: dist, file, runs: 3, encoding: 'gzip' }));
await withElementsPage(dist, (file) => pageLoad({ dir: dist, file, runs: 3, encoding: 'gzip' }));

// Share link lengths for a 50-game paste and a lichess game.
await linkLengths();

function shared() {
  const data = sharedData();
  if (!data) throw new Error('shared data not found: set SHARED_DATA to the shared/data folder');
  return data;
}

// ---- Congo: the page's suggestion (depth 5) at its worst, as wasm ----
// Issue 16 keeps depth 5 as the page's choice: each position above timed
// best of 3 (less disturbed by other load than one run), the slowest named.
{
  const timed = congoFens.map((fen) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      suggestAny(fen, { game: 'congo' });
      best = Math.min(best, performance.now() - t);
    }
    return { fen, ms: best };
  });
  timed.sort((a, b) => b.ms - a.ms);
  const ms = timed.map((p) => p.ms);
  console.log(`\nCongo suggestion (depth 5) as wasm, best of 3 per position, ${timed.length} positions`);
  console.log(`  median ${median(ms).toFixed(1)} ms; worst ${timed[0].ms.toFixed(1)} ms at ${timed[0].fen}`);
  console.log(`  next slowest: ${timed.slice(1, 4).map((p) => `${p.ms.toFixed(1)} ms`).join(', ')}`);
}

// The page in Chromium: a move played on a long annotated game, and Copy PGN.
const { benchPage } = await import('./bench-page.mjs');
await benchPage(dist);
