// How long the page takes to draw its board on a slow line: Chromium with
// DevTools' "Fast 3G" throttling (CDP), a cold cache each run, the page
// served by scripts/serve.mjs. Prints the median time until the first
// piece is drawn and what each file cost on the wire.
// With ELEMENT=1, an <analysis-board> on a page of its own instead (its
// first piece is drawn in its shadow root).
//   node scripts/pageload.mjs      (npm run bench runs it after building)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './lib.mjs';
import { serve } from './serve.mjs';

// Chromium DevTools' "Fast 3G" preset: 1.6 Mbit/s down and 750 kbit/s up
// at 90 % goodput, 150 ms x 3.75 of latency per request.
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

/** One cold load of `url`: ms until the first `g.piece`, and the requests with their wire sizes. */
async function loadOnce(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, start: e.timestamp, bytes: 0 }));
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, end: e.timestamp });
  });
  // Stamped in the page when the first piece appears; performance.now()
  // counts from the start of the navigation.
  await page.addInitScript(() => {
    const seen = () => {
      if (window.__boardDrawn !== undefined) return true;
      if (document.querySelector('g.piece')) {
        window.__boardDrawn = performance.now();
        return true;
      }
      return false;
    };
    new MutationObserver((_, observer) => {
      if (seen()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
    // An element draws in its shadow root, out of the observer's sight: looked at every frame.
    const inElement = () => {
      if (window.__boardDrawn !== undefined) return;
      if ([...document.querySelectorAll('analysis-board')].some((e) => e.shadowRoot?.querySelector('g.piece'))) window.__boardDrawn = performance.now();
      else requestAnimationFrame(inElement);
    };
    requestAnimationFrame(inElement);
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__boardDrawn !== undefined, null, { timeout: 60_000 });
  const ms = await page.evaluate(() => window.__boardDrawn);
  // Let the last requests (the worker's, a late wasm) finish for the size count.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ms, requests: [...requests.values()] };
}

/**
 * A page of its own holding one <analysis-board> with four moves, written
 * into `dir` (dist/) for the time of `fn(file)`: the element as a course
 * page has it, its script and the rest from dist/www/.
 */
export async function withElementPage(dir, fn) {
  const folder = path.join(dir, '__bench__');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'element.html'), [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>An element</title>',
    '<script type="module" src="../www/element.js"></script></head>',
    '<body><analysis-board moves="e4 e5 Nf3 Nc6"></analysis-board></body></html>',
  ].join('\n'));
  try {
    return await fn('__bench__/element.html');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Loads `file` (a path under `dir`) `runs` times on Fast 3G and prints the figures. */
export async function pageLoad({ dir = path.join(root, 'dist'), file = 'index.html', runs = 5 } = {}) {
  const server = await serve(dir, 0);
  await server.warm; // compressed ahead, as `npm start` does while nobody asks yet
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await loadOnce(browser, base + file));
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
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
      console.log(`  ${name.slice(0, 40).padEnd(40)} ${bytes.padStart(11)} ${r.encoding ? `${r.encoding.padEnd(4)}` : '    '} ${(r.start - t0).toFixed(2).padStart(5)} ${r.end ? (r.end - t0).toFixed(2).padStart(7) : '      -'}`);
    }
    console.log(`  ${'total'.padEnd(40)} ${String(total).padStart(11)} (${(total / 1024).toFixed(1)} KiB in ${last.requests.length} requests)`);
    console.log(`  board drawn (first g.piece): median ${(median / 1000).toFixed(2)} s (runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s; target < 2.0 s)`);
    return { median, total };
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.env.RUNS ?? 5);
  if (process.env.ELEMENT) await withElementPage(path.join(root, 'dist'), (file) => pageLoad({ file, runs }));
  else await pageLoad({ runs });
}
