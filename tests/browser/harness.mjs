// Launches Debian's Chromium headless through playwright-core, serving dist/
// on a free local port.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { withoutCarriedReader } from '../../scripts/bundle.mjs';
import { copyDir, root } from '../../scripts/lib.mjs';
import { serve } from '../../scripts/serve.mjs';

/** What `npm run build` wrote, served to the browser. */
export const dist = path.join(root, 'dist');
/** Where the tests leave the screenshots to look at. */
export const shots = path.join(root, 'test-results', 'screenshots');

/**
 * The browser for the tests of one file: launched before them on dist/
 * (with the test fixtures copied to dist/__tests__), closed after them.
 * The object returned is filled in once the browser is up.
 * `scrollbars`: scroll bars that take room, as most desktops draw them
 * (headless Chromium hides them by default).
 */
export function useBrowser({ scrollbars = false } = {}) {
  const env = {};
  before(async () => {
    assert.ok(fs.existsSync(path.join(dist, 'www', 'pkg', 'analysis_board_bg.wasm')), 'run npm run build first');
    copyDir(path.join(root, 'tests', 'browser', 'fixtures'), path.join(dist, '__tests__'));
    fs.mkdirSync(shots, { recursive: true });
    Object.assign(env, await launch(dist, { scrollbars }));
  });
  after(async () => {
    await env.close?.();
  });
  return env;
}

export async function launch(dist, { scrollbars = false } = {}) {
  const server = await serve(dist, 0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    // Playwright gives each launch a fresh, empty profile directory.
    ignoreDefaultArgs: scrollbars ? ['--hide-scrollbars'] : [],
  });
  return {
    base,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** A new page that records console errors, failed requests and requests to other hosts. */
export async function openPage(env, url, { viewport = { width: 1280, height: 900 }, colorScheme = 'light', ...more } = {}) {
  const context = await env.browser.newContext({ viewport, colorScheme, ...more });
  // Every Playwright wait (waitForSelector, clicks, ...) gives up after WAIT ms unless told otherwise.
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) {
      problems.push(`request to another host: ${req.url()}`);
    }
  });
  // A request of a document a navigation (a reload) replaced is cut off by
  // the browser (net::ERR_ABORTED): not a failure of the page's.
  let documents = 0;
  const documentOf = new WeakMap();
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) documents++;
    documentOf.set(req, documents);
  });
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? 'no reason';
    if (reason === 'net::ERR_ABORTED' && documentOf.get(req) !== documents) return;
    problems.push(`request failed: ${req.url()} (${reason})`);
  });
  await page.goto(/^https?:/.test(url) ? url : env.base + url);
  // A board may show its first view before its rules module has loaded: wait for that too.
  await page.waitForFunction(() => document.readyState === 'complete' && !document.querySelector('.ab-viewer[aria-busy="true"]'));
  return { page, context, problems };
}

/**
 * Serves `context` dist/index.html as it is without the reader carried in
 * it (scripts/bundle.mjs withoutCarriedReader; `change`: another change
 * of its text instead): the page then fetches the reader, and a test can
 * hold that request back or fail it.
 */
export async function fetchingTheReader(context, change = withoutCarriedReader) {
  await context.route(/\/index\.html(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body: change(await response.text()) });
  });
}

/**
 * A new page recording every request (the worker's and the frames' too:
 * the context sees them, as paths under the server) and every problem;
 * `hold` (optional): a path whose response waits until `release()` is
 * called (`asked()`: whether it was requested); `waitUntil`: the moment
 * of the navigation to wait for (Playwright's); `carried: false`:
 * index.html without the reader inside it (`fetchingTheReader`);
 * `context`: a browser context of the test's, else a new one.
 */
export async function openRecording(env, url, { hold = null, waitUntil = 'load', carried = true, context: given = null } = {}) {
  const context = given ?? (await env.browser.newContext({ viewport: { width: 1280, height: 900 } }));
  context.setDefaultTimeout(WAIT);
  if (!carried) await fetchingTheReader(context);
  const requests = [];
  const problems = [];
  context.on('request', (req) => requests.push(req.url().replace(env.base, '')));
  context.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
  let release = () => {};
  let asked = false;
  if (hold) {
    const released = new Promise((resolve) => {
      release = resolve;
    });
    await context.route(env.base + hold, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
  }
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  await page.goto(env.base + url, { waitUntil });
  return { page, context, requests, problems, release, asked: () => asked };
}

// ---- Waiting for what the test needs, never for a fixed time ----
// Every wait below polls a condition in the page (Playwright's
// waitForFunction, at each animation frame (in a frame: every 50 ms), or a
// locator's wait) and fails
// after `timeout` ms with a sentence saying what it waited for and what the
// page showed instead.

/** Long enough for a slow, shared machine; short enough to fail well before the test runner gives up. */
export const WAIT = 10_000;

/**
 * Waits until `predicate(arg)` is truthy in `target` (a Page or a Frame).
 * `what` finishes the sentence "timed out waiting until ..."; `observe()`,
 * when given, says what the page showed when the time ran out.
 */
export async function waitUntil(target, what, predicate, arg, { timeout = WAIT, observe } = {}) {
  // A frame of another origin out of view draws nothing, and runs no
  // animation frame: a wait polled at each would look once and never
  // again. In a frame, it looks every 50 ms.
  const polling = typeof target.parentFrame === 'function' && target.parentFrame() ? 50 : 'raf';
  try {
    await target.waitForFunction(predicate, arg, { timeout, polling });
  } catch (e) {
    if (e?.name !== 'TimeoutError') throw e;
    const seen = observe ? `; the page shows ${JSON.stringify(await observe().catch((err) => `nothing readable (${err.message})`))}` : '';
    throw new Error(`timed out after ${timeout} ms waiting until ${what}${seen}`);
  }
}

/** Waits until the element `selector` matches (Playwright selectors pierce open shadow roots) has exactly the text `expected` (trimmed). */
/** Resolves once the page has drawn two more frames: every handler of an input already given has run and rendered. */
export async function framesDrawn(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export async function waitForText(target, selector, expected, { timeout = WAIT } = {}) {
  const locator = target.locator(selector);
  try {
    await locator.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(expected)}\\s*$`) }).first().waitFor({ state: 'attached', timeout });
  } catch (e) {
    if (e?.name !== 'TimeoutError') throw e;
    const seen = await locator.allTextContents().catch(() => []);
    throw new Error(`timed out after ${timeout} ms waiting until ${selector} reads ${JSON.stringify(expected)}; it reads ${JSON.stringify(seen)}`);
  }
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits until the board draws `piece` (a letter, or null for none) on `square`. */
export async function waitForPiece(page, square, piece, { timeout = WAIT } = {}) {
  const pieceOn = (sq) => document.querySelector(`.board-svg g.piece[data-square="${sq}"]`)?.dataset.piece ?? null;
  // A function, not a string: the page's CSP forbids eval when the condition is polled again.
  const drawn = ([sq, want]) => (document.querySelector(`.board-svg g.piece[data-square="${sq}"]`)?.dataset.piece ?? null) === want;
  await waitUntil(page, `the board draws ${piece ?? 'no piece'} on ${square}`, drawn, [square, piece], {
    timeout,
    observe: async () => `${(await page.evaluate(pieceOn, square)) ?? 'no piece'} on ${square}`,
  });
}

/**
 * Drags the piece on square `from` to square `to` with the mouse, and drops
 * it there unless told not to (`drop: false` leaves it in the hand).
 */
export async function drag(page, from, to, { drop = true } = {}) {
  const a = await page.locator(`.ab-square[data-square="${from}"]`).boundingBox();
  const b = await page.locator(`.ab-square[data-square="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  if (drop) await page.mouse.up();
}

/** Waits until the address's fragment contains `part`. */
export async function waitForHash(page, part, { timeout = WAIT } = {}) {
  await waitUntil(page, `the address contains ${JSON.stringify(part)}`, (p) => location.hash.includes(p), part, {
    timeout,
    observe: () => page.evaluate(() => location.hash),
  });
}

/**
 * Runs `action` (something that makes the viewer analyse its text again)
 * and waits until the page shows the new analysis: the verdict line is
 * rewritten by every analysis, even when its words stay the same, and the
 * board redraws at the animation frame after that. A mutation observer
 * armed before the action sees both, in that order. (For text with a
 * position to draw; a text the board cannot show would time out here.)
 */
export async function afterAnalysis(page, action, { timeout = WAIT, what = 'the page shows the new analysis' } = {}) {
  const seen = await page.evaluateHandle(() => {
    const state = { verdict: false, board: false };
    const line = document.querySelector('.ab-line');
    const svg = document.querySelector('.board-svg');
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (line.contains(r.target)) state.verdict = true;
        else if (state.verdict && r.target === svg) state.board = true;
      }
      if (state.board) observer.disconnect();
    });
    observer.observe(line, { childList: true, characterData: true, subtree: true });
    observer.observe(svg, { childList: true });
    return state;
  });
  await action();
  await waitUntil(page, `${what} (verdict rewritten, then the board redrawn)`, (s) => s.board, seen, {
    timeout,
    observe: () => seen.evaluate((s) => ({ ...s, verdict: s.verdict ? document.querySelector('.ab-line').textContent : 'not rewritten' })),
  });
  await seen.dispose();
}

/** Types `text` into the page's text box and waits until the page shows its analysis. */
export async function typeText(page, text, options = {}) {
  await afterAnalysis(page, () => page.fill('.ab-text', text), { what: `the page shows the analysis of ${JSON.stringify(text.slice(0, 60))}`, ...options });
}
