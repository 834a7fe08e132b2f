// The page in headless Chromium on the long texts of issue 36: a short
// link (z=) of 1 MB and of 8 MB of "e4 " (one move, a failed move, and the
// rest words not played), and 100, 200 and 300 KB of it pasted. For each,
// the time until the page is usable, in three steps from the navigation (or
// the paste): the board drawn with the rules loaded, a key stepped (Home:
// the board redrawn at the start), and the text box answered (a move typed
// at its start, read into the move list); and the page thread's longest task.
//   node scripts/bench-longtext.mjs [DIST]     (after npm run build; DIST: dist/ by default)
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root } from './lib.mjs';
import { serve } from './serve.mjs';

/** `bytes` of "e4 " (a whole number of words). */
const e4s = (bytes) => 'e4 '.repeat(Math.floor(bytes / 3));

/** How long the bench waits for a usable page before it calls it frozen (ms; GIVE_UP_SECONDS). */
const GIVE_UP = Number(process.env.GIVE_UP_SECONDS ?? 300) * 1000;

/**
 * In the page: watches its long tasks from now on (PerformanceObserver),
 * and hands back the longest so far when asked.
 */
function watchTasks() {
  window.benchTasks = [];
  new PerformanceObserver((list) => window.benchTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
}

/**
 * The usable page, from `t0` (a performance.now() in the page): the board
 * drawn with the rules loaded, Home stepping to the start, "c4 " typed at the
 * box's start and read. Returns the time of each step after t0 (ms).
 */
async function usable(page, t0) {
  const now = () => page.evaluate(() => performance.now());
  const wait = (fn, arg) => page.waitForFunction(fn, arg, { timeout: GIVE_UP, polling: 'raf' });
  await wait(() => !document.querySelector('.ab-viewer[aria-busy]') && document.querySelector('.board-svg g.piece[data-square="e4"]'));
  const board = (await now()) - t0;
  // (Escape leaves the text box, where a paste left the focus: the keys step the game.)
  if (await page.evaluate(() => document.activeElement?.classList.contains('ab-text'))) await page.keyboard.press('Escape');
  const k = await now();
  await page.keyboard.press('Home');
  await wait(() => document.querySelector('.board-svg g.piece[data-square="e2"]')?.dataset.piece === 'P');
  const key = (await now()) - k;
  await page.focus('.ab-text');
  await page.keyboard.press('Control+Home');
  const t = await now();
  await page.keyboard.type('c4 ');
  await wait(() => document.querySelector('.ab-moves .ab-move .ab-san')?.textContent === 'c4');
  const typed = (await now()) - t;
  const longest = await page.evaluate(() => Math.max(0, ...window.benchTasks));
  return { board, key, typed, longest, total: (await now()) - t0 };
}

/** Pastes `text` over all the box holds, as the browser hands a paste to the page; returns when (performance.now() in the page). */
function paste(page, text) {
  return page.evaluate((given) => {
    window.benchTasks = [];
    const box = document.querySelector('.ab-text');
    box.focus();
    box.select();
    const data = new DataTransfer();
    data.setData('text/plain', given);
    const t = performance.now();
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    return t;
  }, text);
}

const row = (name, r) => `  ${name.padEnd(34)} board ${(r.board / 1000).toFixed(2)} s, Home ${r.key.toFixed(0)} ms, typed move read ${r.typed.toFixed(0)} ms; usable after ${(r.total / 1000).toFixed(2)} s; longest task ${r.longest.toFixed(0)} ms`;

export async function benchLongText(dist) {
  const server = await serve(dist, 0);
  const base = `http://127.0.0.1:${server.address().port}/index.html`;
  console.log(`\nthe page in Chromium on long texts (${dist}): time to a usable page`);
  /**
   * Runs `start` (it returns the time the measure starts from) in a page of
   * a browser of its own and prints the steps, or that the page froze (a
   * frozen page answers nothing, its own timeouts included: the browser is
   * closed from here).
   */
  const measure = async (name, start) => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: 300_000,
    });
    let timer;
    const frozen = new Promise((resolve) => {
      timer = setTimeout(resolve, GIVE_UP, null);
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.addInitScript(watchTasks);
      const steps = (async () => usable(page, await start(page)))();
      steps.catch(() => {});
      const r = await Promise.race([steps, frozen]);
      console.log(r ? row(name, r) : `  ${name.padEnd(34)} not usable after ${GIVE_UP / 1000} s`);
    } finally {
      clearTimeout(timer);
      await browser.close();
    }
  };
  try {
    for (const [name, bytes] of [['a link of 1 MB of "e4 "', 2 ** 20], ['a link of 8 MB of "e4 "', 8 * 2 ** 20]]) {
      const code = deflateRawSync(Buffer.from(e4s(bytes))).toString('base64url');
      await measure(`${name} (${code.length.toLocaleString('en')} characters)`, async (page) => {
        await page.goto(`${base}#z=${code}`, { timeout: GIVE_UP });
        return 0;
      });
    }
    for (const kb of [100, 200, 300]) {
      await measure(`${kb} KB of "e4 " pasted`, async (page) => {
        await page.goto(base);
        await page.waitForFunction(() => !document.querySelector('.ab-viewer[aria-busy]'));
        // The paste as the browser gives it: the page puts a long one in the box itself.
        return paste(page, e4s(kb * 1024));
      });
    }
  } finally {
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLongText(path.resolve(process.argv[2] ?? path.join(root, 'dist')));
}
