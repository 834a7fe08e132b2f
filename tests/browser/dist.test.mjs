// The distributions that need no server of one's own, in headless Chromium:
// dist/analysis-board.html opened from disk (file://) with link fragments;
// <analysis-board> loaded from another origin (CORS), with its wasm found
// beside its script or at wasm-url; and index.html fetching its wasm once,
// for the page and the suggestion worker together.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { encodeText, readLink } from '../../www/link.js';
import { dist, useBrowser, WAIT, waitForHash, waitForText, waitUntil } from './harness.mjs';

const single = path.join(dist, 'analysis-board.html');

const env = useBrowser();
before(() => {
  assert.ok(fs.existsSync(single), 'run npm run build first');
});

/**
 * Opens `url` in a new context, recording console errors, page errors and
 * every request (the workers' included) in `requests`; requests that are
 * not file:, data:, blob: or to 127.0.0.1 / localhost count as problems.
 */
async function open(url) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(WAIT);
  const problems = [];
  const requests = [];
  context.on('request', (req) => {
    requests.push(req.url());
    if (!/^(file|data|blob):|^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(req.url())) problems.push(`request to another host: ${req.url()}`);
  });
  context.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  await page.goto(url);
  return { page, context, problems, requests };
}

test('dist/analysis-board.html opened from disk shows the verdict of a #moves= link, and suggests', async () => {
  const moves = 'e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7';
  const { page, context, problems, requests } = await open(`${pathToFileURL(single).href}#moves=${encodeURIComponent(moves)}&ply=6`);
  await waitForText(page, '.ab-line', 'white wins by checkmate');
  assert.equal(await page.inputValue('.ab-text'), moves);
  // ply=6: the position before the mate, with the knight on f6 and no queen on f7 yet.
  assert.equal(await page.locator('g.piece[data-square="f6"]').getAttribute('data-piece'), 'n');
  assert.equal(await page.locator('g.piece[data-square="f7"]').getAttribute('data-piece'), 'p');
  // The suggestion comes from the worker made from the file's own code.
  await page.waitForSelector('.ab-suggestion strong', { timeout: 15000 });
  assert.match(await page.textContent('.ab-suggestion'), /Suggested: Qxf7/);
  assert.deepEqual(requests.filter((r) => !/^(data|blob):/.test(r)), [requests[0]], 'nothing but the file itself is loaded');
  assert.deepEqual(problems, []);
  await context.close();
});

test('dist/analysis-board.html reads z= links and embed=1 from disk', async () => {
  const text = '[Event "Café"]\n1. e4 e5 2. f3 *';
  const { page, context, problems } = await open(`${pathToFileURL(single).href}#z=${await encodeText(text)}&ply=2&embed=1&flip=1`);
  await waitForText(page, '.ab-line', 'game incomplete');
  assert.equal(await page.locator('.ab-text').count(), 0, 'embed=1 hides the text box');
  assert.equal(await page.locator('g.piece[data-square="e5"]').getAttribute('data-piece'), 'p');
  assert.equal(await page.locator('g.piece[data-square="f3"]').count(), 0, 'ply=2: before f3');
  assert.equal(await page.locator('g.piece[data-square="a1"]').getAttribute('transform'), 'translate(700 0)', 'flip=1');
  assert.deepEqual(problems, []);
  await context.close();
});

/** A host page on another origin (localhost, while the board is served from 127.0.0.1). */
async function hostServer(pages) {
  const server = http.createServer((req, res) => {
    const body = pages[new URL(req.url, 'http://x').pathname];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  return { server, base: `http://localhost:${server.address().port}/` };
}

test('<analysis-board> served from another origin renders and analyses, with its wasm beside its script or at wasm-url', async () => {
  const board = env.base; // http://127.0.0.1:PORT/
  const page1 = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>course</title>
    <script type="module" src="${board}www/element.js"></script>
    <h1>A course page on another origin</h1>
    <analysis-board id="b" moves="e4 e5 f3"></analysis-board>`;
  // wasm-url names the module with every game: the one module for everything.
  const page2 = page1.replace('<analysis-board id="b"', `<analysis-board id="b" wasm-url="${board}www/pkg-all/analysis_board_bg.wasm?from=attribute"`);
  const host = await hostServer({ '/beside.html': page1, '/attribute.html': page2 });
  try {
    for (const [file, wasm] of [['beside.html', 'www/pkg/analysis_board_bg.wasm'], ['attribute.html', 'www/pkg-all/analysis_board_bg.wasm?from=attribute']]) {
      const { page, context, problems, requests } = await open(host.base + file);
      assert.notEqual(new URL(page.url()).origin, new URL(board).origin);
      await waitForText(page, '#b .ab-line', 'game incomplete');
      await waitUntil(page, 'the element draws its board', () => !!document.querySelector('#b').shadowRoot?.querySelector('g.piece[data-square="f3"]'));
      // The suggestion: the worker, started for a module of another origin, got the compiled module.
      await page.locator('#b .ab-suggestion strong').waitFor({ timeout: 15000 });
      assert.match(await page.locator('#b .ab-suggestion').textContent(), /Suggested: /);
      const expected = wasm.includes('pkg-all') ? [wasm] : [wasm, 'www/pkg-chess/analysis_board_bg.wasm'];
      assert.deepEqual(requests.filter((r) => r.includes('.wasm')), expected.map((w) => `${board}${w}`), `${file}: each wasm is fetched once, from there`);
      assert.deepEqual(problems, [], file);
      await context.close();
    }
  } finally {
    host.server.close();
  }
});

test('index.html fetches each wasm once: the worker gets the module with the engine compiled by the page', async () => {
  const { page, context, problems, requests } = await open(`${env.base}index.html#moves=e4%20e5%20f3`);
  await waitForText(page, '.ab-line', 'game incomplete');
  await page.waitForSelector('.ab-suggestion strong', { timeout: 15000 });
  assert.match(await page.textContent('.ab-suggestion'), /Suggested: /);
  assert.ok(requests.some((r) => r.endsWith('/www/worker.js')), 'the worker started');
  // (The reader came inside index.html.)
  assert.deepEqual(requests.filter((r) => r.endsWith('.wasm')), [`${env.base}www/pkg-chess/analysis_board_bg.wasm`]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Copy link holds only the chosen game of a multi-game text, compressed, and opens on it; the address, the whole text', async () => {
  const second = '[White "Zoë"]\n1. d4 d5 2. c4 *';
  const text = `[White "A"]\n1. e4 e5 1-0\n\n${second}\n`;
  const { page, context, problems } = await open(`${env.base}index.html#moves=${encodeURIComponent(text)}&index=1&ply=2`);
  await waitForText(page, '.ab-line', 'game incomplete');
  await waitForHash(page, '#z=');
  // The address holds every game (it fits): a reload brings them back.
  const address = await readLink(await page.evaluate(() => location.hash));
  assert.equal(address.text, text);
  assert.equal(address.gameIndex, 1);
  assert.equal(address.ply, 2);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('button[data-action="copy-link"]');
  await page.waitForSelector('.ab-copied:not(:empty)');
  const hash = new URL(await page.evaluate(() => navigator.clipboard.readText())).hash;
  assert.match(hash, /^#z=/);
  const shared = await readLink(hash);
  assert.equal(shared.text, second);
  assert.equal(shared.gameIndex, null, 'one game left: no index');
  assert.equal(shared.ply, 2);
  const reopened = await open(`${env.base}index.html${hash}`);
  await waitForText(reopened.page, '.ab-line', 'game incomplete');
  assert.equal(await reopened.page.inputValue('.ab-text'), second);
  assert.equal(await reopened.page.locator('g.piece[data-square="d5"]').getAttribute('data-piece'), 'p');
  assert.equal(await reopened.page.locator('g.piece[data-square="c4"]').count(), 0, 'ply=2: before c4');
  assert.deepEqual([...problems, ...reopened.problems], []);
  await context.close();
  await reopened.context.close();
});
