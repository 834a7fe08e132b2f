// The first load (issue 35): the page reads and draws a game with the
// reader (www/pkg/, carried inside dist/index.html: not fetched) alone, and
// plays on it, while the module with the engine (www/pkg-chess/) is still on
// its way; that module is asked for before the page's script runs (by the
// page's early script), compiled once the board is drawn, unasked, says
// "Loading the engine…" while it arrives, and then serves the suggestion and
// the report. A page whose reader block is missing or broken fetches the
// reader. Five elements on a page fetch each module once. (Timings are the
// bench's: scripts/pageload.mjs.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CARRIED_BLOCK } from '../../scripts/bundle.mjs';
import { drag, fetchingTheReader, openRecording, useBrowser, WAIT, waitForPiece, waitForText, waitUntil } from './harness.mjs';

const READER = 'www/pkg/analysis_board_bg.wasm';
const CHESS = 'www/pkg-chess/analysis_board_bg.wasm';

const env = useBrowser();

/** A page recording its requests; the module with the engine held back until `release()` unless told otherwise. */
const open = (url, { hold = CHESS, ...more } = {}) => openRecording(env, url, { hold, ...more });

const wasms = (requests) => requests.filter((r) => r.endsWith('.wasm'));

test('a game in the link is drawn and playable with the reader while the engine arrives; then the suggestion and the report come', async () => {
  const { page, context, requests, problems, release, asked } = await open(`index.html#moves=${encodeURIComponent('e4 e5 Nf3 Nc6')}`);
  await waitForText(page, '.ab-line', 'game incomplete');
  await waitForPiece(page, 'c6', 'n');
  // Asked for without a click, once the board is drawn, and said so while it arrives.
  await waitForText(page, '.ab-loading', 'Loading the engine…');
  assert.equal(asked(), true, 'the module with the engine is requested before anyone asks for it');
  assert.equal(await page.isVisible('.ab-loading'), true);
  // A move played on the board before the engine has arrived.
  await drag(page, 'f1', 'c4');
  await waitForPiece(page, 'c4', 'B');
  assert.match(await page.inputValue('.ab-text'), /Bc4/);
  assert.equal(await page.locator('line.arrow-suggest').count(), 0, 'no suggestion without the engine');
  release();
  await waitUntil(page, 'the loading line is gone', () => document.querySelector('.ab-loading').hidden);
  await page.locator('.ab-suggestion strong').waitFor({ timeout: 20_000 });
  assert.match(await page.locator('.ab-suggestion').textContent(), /Suggested: /);
  await waitUntil(page, 'the report is done', () => /search/i.test(document.querySelector('.ab-report-method')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.deepEqual(wasms(requests), [CHESS], 'the engine once, for the page and the worker; the reader came inside the page');
  assert.deepEqual(requests.filter((r) => r.includes('pkg-all')), [], 'nothing of the module with every game');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the engine is asked for by the page\'s early script, before the page\'s bundle has come, and fetched once', async () => {
  const { page, context, requests, problems, release } = await open(`index.html#moves=${encodeURIComponent('e4 e5 Nf3 Nc6')}`, { hold: 'www/app.js', waitUntil: 'commit' });
  // www/engine-early.js's preload, while the page's script is held back.
  while (!requests.includes(CHESS)) await page.waitForEvent('request');
  assert.equal(await page.evaluate(() => !!document.querySelector('g.piece')), false, 'the page\'s script has not run');
  release();
  await page.locator('.ab-suggestion strong').waitFor({ timeout: 20_000 });
  assert.deepEqual(wasms(requests), [CHESS], 'the preload is the response the page compiles and the worker gets');
  assert.deepEqual(problems, []);
  await context.close();
});

/** dist/index.html's reader block changed by `change(text)` (the text between its tags). */
const blockChanged = (change) => (html) => {
  const [block] = CARRIED_BLOCK.exec(html) ?? [];
  assert.ok(block, 'dist/index.html carries the reader');
  const open = block.indexOf('>') + 1;
  const close = block.lastIndexOf('</script>');
  return html.replace(block, () => block.slice(0, open) + change(block.slice(open, close)) + block.slice(close));
};

test('a page whose reader block is missing, cut short or not a module fetches the reader, and plays', async () => {
  const pages = {
    missing: (html) => html.replace(CARRIED_BLOCK, ''),
    'cut short': blockChanged((text) => text.slice(0, text.length >> 1)),
    // As many bytes, but the module's first (its magic number) another value.
    'not a module': blockChanged((text) => text.slice(0, 256) + text[257] + text.slice(257)),
  };
  for (const [what, change] of Object.entries(pages)) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(WAIT);
    await fetchingTheReader(context, change);
    const { page, requests, problems } = await openRecording(env, `index.html#moves=${encodeURIComponent('e4 e5 Nf3 Nc6')}`, { context });
    await waitForText(page, '.ab-line', 'game incomplete');
    await page.locator('.ab-viewer:not([aria-busy])').waitFor();
    await drag(page, 'f1', 'c4');
    await waitForPiece(page, 'c4', 'B');
    assert.equal(wasms(requests).filter((r) => r === READER).length, 1, `${what}: the reader fetched, once`);
    assert.equal(await page.evaluate((id) => document.getElementById(id), 'ab-reader'), null, `${what}: the block is not kept`);
    assert.deepEqual(problems, [], what);
    await context.close();
  }
});

test('a puzzle waits for the engine, saying so, then starts', async () => {
  const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';
  const { page, context, problems, release } = await open(`index.html#moves=${encodeURIComponent(fen)}&mode=puzzle`);
  await waitForPiece(page, 'a1', 'R');
  await waitForText(page, '.ab-loading', 'Loading the engine…');
  release();
  await waitUntil(page, 'the loading line is gone', () => document.querySelector('.ab-loading').hidden);
  await waitForText(page, '.ab-puzzle-task', 'White to move: find the mate in 1.');
  assert.deepEqual(problems, []);
  await context.close();
});

test('five elements on a page fetch each module once and share one instance', async () => {
  const { page, context, requests, problems, release } = await open('__tests__/five-elements.html');
  for (const id of ['b1', 'b2', 'b3', 'b4', 'b5']) {
    await waitUntil(page, `board ${id} is drawn`, (i) => !!document.getElementById(i).shadowRoot?.querySelector('g.piece'), id);
  }
  release();
  await waitUntil(page, 'a suggestion is shown', () => !!document.getElementById('b1').shadowRoot.querySelector('.ab-suggestion strong'), null, { timeout: 20_000 });
  assert.deepEqual(wasms(requests), [READER, CHESS]);
  assert.equal(requests.filter((r) => r.endsWith('worker.js')).length <= 1, true, 'one worker for the page');
  assert.deepEqual(problems, []);
  await context.close();
});

test('boards in frames ask for the engine only once the page around them has loaded', async () => {
  // The page's image held back: the page has not loaded while both boards are drawn and playable.
  const { page, context, requests, problems, release } = await open('__tests__/frames.html', { hold: '__tests__/held.svg', waitUntil: 'domcontentloaded' });
  for (const id of ['f1', 'f2']) {
    const frame = page.frameLocator(`#${id}`);
    await frame.locator('.ab-viewer:not([aria-busy])').waitFor();
    await frame.locator('g.piece').first().waitFor();
  }
  // Both have asked for a suggestion (the worker started), and their queued tasks have run.
  while (!requests.includes('www/worker.js')) await page.waitForEvent('request');
  for (const frame of page.frames()) await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  assert.deepEqual(wasms(requests), [], 'no engine while the page around the frames loads (each frame\'s reader came inside it)');
  release();
  await page.frameLocator('#f1').locator('.ab-suggestion strong').waitFor({ timeout: 20_000 });
  await page.frameLocator('#f2').locator('.ab-suggestion strong').waitFor({ timeout: 20_000 });
  assert.equal(wasms(requests).includes(CHESS), true);
  assert.deepEqual(problems, []);
  await context.close();
});
