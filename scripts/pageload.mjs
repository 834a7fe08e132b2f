// How long the page takes to draw its board on a slow line: Chromium with
// DevTools' "Fast 3G" throttling (CDP), a cold cache each run, the page
// served by scripts/serve.mjs. Prints the median time until the first
// piece is drawn and what each file cost on the wire.
// With ELEMENT=1, an <analysis-board> on a page of its own instead (its
// first piece is drawn in its shadow root).
// With LINK=1, a chess game given in the link (issue 35), waiting for the
// suggestion and the report too; with FRAMES=1, a page of five iframes of
// index.html; with ELEMENTS=1, a page of five elements (these three
// served gzip, as issue 35 counts; GZIP=0 for brotli). CACHE=none or
// CACHE=max-age=600 serves the files as other static hosts do (below).
//   node scripts/pageload.mjs      (npm run bench runs it after building)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './lib.mjs';
import { serve } from './serve.mjs';

// Chromium DevTools' "Fast 3G" preset: 1.6 Mbit/s down and 750 kbit/s up
// at 90 % goodput, 150 ms x 3.75 of latency per request.
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

/**
 * What each frame stamps (Date.now(), every 10 ms) once every viewer in it
 * (the page's, or each element's in its shadow root) shows it: `board` (a
 * piece drawn), `verdict` (the verdict line written), `playable` (the
 * viewer no longer aria-busy: the rules have read the text, a move can be
 * played), `suggestion` (a suggested move shown), `report` (the report's
 * method line written: the report is under way).
 */
function stampFrame() {
  const stamps = {};
  window.__stamps = stamps;
  const viewers = () => {
    const inElements = [...document.querySelectorAll('analysis-board')].map((e) => e.shadowRoot).filter(Boolean);
    return inElements.length ? inElements : [document];
  };
  const tests = {
    board: (r) => !!r.querySelector('g.piece'),
    verdict: (r) => !!r.querySelector('.ab-line')?.textContent.trim(),
    playable: (r) => !!r.querySelector('.ab-viewer:not([aria-busy])'),
    suggestion: (r) => !!r.querySelector('.ab-suggestion strong'),
    report: (r) => !!r.querySelector('.ab-report-method')?.textContent.trim(),
  };
  const timer = setInterval(() => {
    const roots = viewers();
    if (!document.querySelector('analysis-board, .ab-viewer')) return;
    for (const [name, test] of Object.entries(tests)) if (stamps[name] === undefined && roots.every(test)) stamps[name] = Date.now();
    if (Object.keys(stamps).length === Object.keys(tests).length) clearInterval(timer);
  }, 10);
}

/**
 * One cold load of `url`: the seconds from the start of the navigation
 * until each moment of `stampFrame` (the latest of every frame's), the
 * requests with their wire sizes, and the bytes that had arrived when
 * every board was playable. `wait`: the moments to wait for.
 */
async function loadOnce(browser, url, wait, encoding) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  // Issue 35 counts gzip: the browser says it takes gzip alone.
  if (encoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': encoding } });
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, start: e.timestamp, wall: e.wallTime, bytes: 0 }));
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '';
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, end: e.timestamp });
  });
  await page.addInitScript(stampFrame);
  await page.goto(url);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const moments = async () => {
    const all = await Promise.all(page.frames().map((f) => f.evaluate(() => window.__stamps ?? null).catch(() => null)));
    const frames = all.filter((s) => s && (page.frames().length === 1 || Object.keys(s).length));
    const latest = {};
    for (const name of ['board', 'verdict', 'playable', 'suggestion', 'report']) {
      const times = frames.map((s) => s[name]);
      if (frames.length && times.every((t) => t !== undefined)) latest[name] = (Math.max(...times) - origin) / 1000;
    }
    return latest;
  };
  const deadline = Date.now() + 60_000;
  let seen = await moments();
  while (!wait.every((name) => seen[name] !== undefined)) {
    if (Date.now() > deadline) throw new Error(`${url}: no ${wait.filter((n) => seen[n] === undefined).join(', ')} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await moments();
  }
  // Let the last requests (the worker's, a late wasm) finish for the size count.
  // (Not past 60 s: the requests then unfinished show as such.)
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  await context.close();
  const all = [...requests.values()];
  // CDP's timestamps are monotonic seconds; the first request's wall time ties them to the page's clock.
  const first = all.reduce((a, b) => (a.start <= b.start ? a : b));
  const at = (r) => first.wall - origin / 1000 + (r.end - first.start);
  const beforePlayable = all.filter((r) => r.end && seen.playable !== undefined && at(r) <= seen.playable).reduce((sum, r) => sum + r.bytes, 0);
  return { seen, requests: all, beforePlayable };
}

/** Writes `lines` as `dir`/__bench__/`name` for the time of `fn(file)`. */
async function withBenchPage(dir, name, lines, fn) {
  const folder = path.join(dir, '__bench__');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, name), lines.join('\n'));
  try {
    return await fn(`__bench__/${name}`);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The games of the pages of several boards. */
const GAMES = ['e4 e5 Nf3 Nc6', 'd4 d5 c4', 'f3 e5 g4 Qh4', 'e4 c5', 'Nf3 d5 g3'];

/** A page of `count` <analysis-board> elements in `dir` (one: four moves), for the time of `fn(file)`. */
function withElements(dir, fn, count, name) {
  return withBenchPage(dir, name, [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Elements</title>',
    '<script type="module" src="../www/element.js"></script></head><body>',
    ...Array.from({ length: count }, (_, i) => `<analysis-board moves="${GAMES[i % GAMES.length]}"></analysis-board>`),
    '</body></html>',
  ], fn);
}

/**
 * A page of its own holding one <analysis-board> with four moves, written
 * into `dir` (dist/) for the time of `fn(file)`: the element as a course
 * page has it, its script and the rest from dist/www/.
 */
export const withElementPage = (dir, fn) => withElements(dir, fn, 1, 'element.html');

/** A page of five elements. */
export const withElementsPage = (dir, fn) => withElements(dir, fn, 5, 'elements.html');

/** A page of five iframes (index.html with a game each, embedded) in `dir`, for the time of `fn(file)`. */
export function withFramesPage(dir, fn) {
  const frames = GAMES.map((game, i) => `<iframe title="board ${i + 1}" width="560" height="480" src="../index.html#moves=${encodeURIComponent(game)}&amp;embed=1"></iframe>`);
  return withBenchPage(dir, 'frames.html', ['<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Frames</title></head><body>', ...frames, '</body></html>'], fn);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Loads `file` (a path under `dir`) `runs` times on Fast 3G and prints the
 * figures: the median of each moment, the bytes before every board was
 * playable, and the last run's requests (each .wasm counted: fetched once
 * per module is the aim).
 */
export async function pageLoad({ dir = path.join(root, 'dist'), file = 'index.html', runs = 5, wait = ['board', 'verdict', 'playable'], encoding = null } = {}) {
  const server = await serve(dir, 0, '127.0.0.1', { cacheControl: CACHE_CONTROL });
  await server.warm; // compressed ahead, as `npm start` does while nobody asks yet
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await loadOnce(browser, base + file, wait, encoding));
    const last = results.at(-1);
    const t0 = Math.min(...last.requests.map((r) => r.start));
    console.log(`\n${file} on Fast 3G (latency ${FAST_3G.latency} ms, ${FAST_3G.downloadThroughput / 1000} kB/s down), cold cache, ${runs} runs`);
    console.log('  request                                   wire bytes   starts   ends (s, last run)');
    let total = 0;
    for (const r of last.requests) {
      total += r.bytes;
      const name = r.url.startsWith('blob:') || r.url.startsWith('data:') ? r.url.slice(0, 20) : new URL(r.url).pathname;
      // A worker's own requests finish out of this page's sight: their size is not known here.
      const bytes = r.end ? String(r.bytes) : '?';
      console.log(`  ${name.slice(0, 40).padEnd(40)} ${bytes.padStart(11)} ${r.encoding ? `${r.encoding.padEnd(4)}` : '    '} ${(r.start - t0).toFixed(2).padStart(5)} ${r.end ? (r.end - t0).toFixed(2).padStart(7) : '      -'}${r.cached ? ' (cache)' : ''}`);
    }
    console.log(`  ${'total'.padEnd(40)} ${String(total).padStart(11)} (${(total / 1024).toFixed(1)} KiB in ${last.requests.length} requests)`);
    const wasm = new Map();
    for (const r of last.requests.filter((q) => /\.wasm(\?|$)/.test(q.url))) wasm.set(new URL(r.url).pathname, (wasm.get(new URL(r.url).pathname) ?? 0) + 1);
    console.log(`  wasm requests: ${[...wasm].map(([u, n]) => `${u} x${n}`).join(', ')}`);
    const figures = {};
    for (const name of ['board', 'verdict', 'playable', 'suggestion', 'report']) {
      const times = results.map((r) => r.seen[name]).filter((t) => t !== undefined);
      if (times.length < results.length) continue;
      figures[name] = median(times);
      console.log(`  ${name.padEnd(10)} median ${median(times).toFixed(2)} s (runs: ${times.map((t) => t.toFixed(2)).join(', ')} s)`);
    }
    figures.beforePlayable = median(results.map((r) => r.beforePlayable));
    console.log(`  before every board was playable: ${(figures.beforePlayable / 1024).toFixed(1)} KiB (median)`);
    return { ...figures, median: figures.board, total };
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * The Cache-Control header the files are served with: `npm start`'s
 * `no-cache` (as Netlify, Vercel and Cloudflare Pages answer: every reuse
 * asks first), or with CACHE=none no header (nginx's and Apache's default:
 * the browser's heuristic freshness) or CACHE=max-age=600 (GitHub Pages).
 * Several frames of one page ask for the same URLs at once: under
 * `no-cache` Chromium's cache answers them one after another, a round trip
 * each.
 */
const CACHE_CONTROL = process.env.CACHE === 'none' ? null : (process.env.CACHE || 'no-cache');

/** A chess game given in the link, as issue 35 measures it. */
export const LINK_GAME = `index.html#moves=${encodeURIComponent('e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7')}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.env.RUNS ?? 5);
  // DIST=dir: another build's dist/ (the benchmark of main beside a branch's).
  const dist = process.env.DIST ? path.resolve(process.env.DIST) : path.join(root, 'dist');
  const all = ['board', 'verdict', 'playable', 'suggestion', 'report'];
  // Issue 35's figures are taken served gzip (GZIP=0: brotli, as the browser asks).
  const encoding = process.env.GZIP === '0' ? null : 'gzip';
  if (process.env.ELEMENT) await withElementPage(dist, (file) => pageLoad({ dir: dist, file, runs }));
  else if (process.env.LINK) await pageLoad({ dir: dist, file: LINK_GAME, runs, wait: all, encoding });
  else if (process.env.FRAMES) await withFramesPage(dist, (file) => pageLoad({ dir: dist, file, runs, encoding }));
  else if (process.env.ELEMENTS) await withElementsPage(dist, (file) => pageLoad({ dir: dist, file, runs, encoding }));
  else await pageLoad({ dir: dist, runs });
}
