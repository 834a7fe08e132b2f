// The engine's speed as wasm in Chromium (playwright-core, /usr/bin/chromium),
// on the built page (`npm run build` first):
//
// - the suggestion: `suggest(fen)` on the page's thread for positions of the
//   measurement games (every 7th ply of tools/report/games/skill.pgn, 100 at
//   most): median and worst (target: median 300 ms, worst 1 s);
// - the report in the worker, on the page: a 100-ply game of those games
//   pasted, from the page's request to the worker until its first ply, its
//   first marked ply, and its last (target: 20 s in all, the first marks in
//   1 s).
//
//   node tools/report/speed.mjs [RUNS]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { serve } from '../../scripts/serve.mjs';

const runs = Number(process.argv[2] ?? 1);
const dist = path.join(root, 'dist');
const api = await loadBuiltModule(path.join(dist, 'www', 'pkg-all'));
const pgn = fs.readFileSync(path.join(root, 'tools', 'report', 'games', 'skill.pgn'), 'utf8');
const games = pgn.split(/\n(?=\[Event )/).filter((g) => g.trim());

// The positions: every 7th ply of each game, not over, with a choice.
const fens = [];
for (const game of games) {
  const o = api.analyze(game, { suggest: false, notation: 'pgn' });
  o.plies.forEach((p, i) => {
    if (i % 7 === 3 && !p.snapshot.over && api.moves(p.snapshot.fen).length > 1) fens.push(p.snapshot.fen);
  });
}
const positions = fens.slice(0, 100);
// The game: the first of at least 100 plies, cut to its first 100.
const long = games.map((g) => api.analyze(g, { suggest: false, notation: 'pgn' })).find((o) => o.plies.length >= 100);
const game = long.plies.slice(0, 100).map((p) => p.notation).join(' ');

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const server = await serve(dist, 0);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
const base = `http://127.0.0.1:${server.address().port}`;
try {
  const page = await browser.newPage();
  await page.goto(`${base}/index.html`);
  await page.waitForSelector('.ab-line:not(:empty)');
  const times = await page.evaluate(async ({ fens, runs }) => {
    const { loadEngine } = await import('./www/engine.js');
    const engine = await loadEngine();
    // One call first, untimed: the module's first run compiles its optimised code and allocates its tables.
    engine.suggest(fens[0]);
    const out = [];
    for (const fen of fens) {
      let best = Infinity;
      for (let r = 0; r < runs; r++) {
        const t = performance.now();
        engine.suggest(fen);
        best = Math.min(best, performance.now() - t);
      }
      out.push({ fen, ms: best });
    }
    return out;
  }, { fens: positions, runs });
  const ms = times.map((t) => t.ms);
  const worst = times.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(`suggestion as wasm in Chromium (best of ${runs} per position), ${ms.length} positions of tools/report/games/skill.pgn:`);
  console.log(`  median ${median(ms).toFixed(0)} ms, worst ${worst.ms.toFixed(0)} ms (${worst.fen})`);

  // The report in the worker: the page's request and the worker's answers, timed as they pass.
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.reportTimes = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message?.kind === 'report') window.reportTimes.push({ kind: 'asked', t: performance.now() });
      return post.call(this, message, ...rest);
    };
    const own = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
    Object.defineProperty(Worker.prototype, 'onmessage', {
      configurable: true,
      get() { return own.get.call(this); },
      set(listener) {
        own.set.call(this, (event) => {
          const d = event.data;
          if (d?.kind?.startsWith('report-')) window.reportTimes.push({ kind: d.kind, mark: d.ply?.mark ?? null, t: performance.now() });
          listener(event);
        });
      },
    });
  });
  const totals = [];
  for (let r = 0; r < runs; r++) {
    const p = await context.newPage();
    await p.goto(`${base}/index.html#moves=${encodeURIComponent(game)}`);
    await p.waitForFunction(() => window.reportTimes.some((m) => m.kind === 'report-done'), null, { timeout: 300_000, polling: 500 });
    const log = await p.evaluate(() => window.reportTimes);
    const asked = log.findLast((m) => m.kind === 'asked').t;
    const first = log.find((m) => m.kind === 'report-ply' && m.t > asked);
    const marked = log.find((m) => m.kind === 'report-ply' && m.mark && m.t > asked);
    const done = log.find((m) => m.kind === 'report-done' && m.t > asked);
    const plies = log.filter((m) => m.kind === 'report-ply' && m.t > asked).length;
    const index = log.filter((m) => m.kind === 'report-ply' && m.t > asked).indexOf(marked);
    totals.push(done.t - asked);
    console.log(`report in the worker, ${plies} plies: first ply ${(first.t - asked).toFixed(0)} ms, first mark (ply ${index + 1}) ${(marked.t - asked).toFixed(0)} ms, all ${((done.t - asked) / 1000).toFixed(1)} s`);
    await p.close();
  }
} finally {
  await browser.close();
  server.close();
}
