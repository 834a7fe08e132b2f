// The rules modules: the page reads chess with the reader (www/pkg/, which
// dist/index.html carries inside it: not fetched) and asks for the engine's
// (www/pkg-chess/) and nothing else while it shows chess; the first text of
// another game (pasted, or in a link opened cold, or in an element's
// attribute) loads the module with every game (www/pkg-all/) once, says so
// while it loads, and from then on the page and the suggestion worker use it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { root } from '../../scripts/lib.mjs';
import { openRecording, useBrowser, WAIT, waitForPiece, waitForText, waitUntil } from './harness.mjs';

const CHESS_WASM = 'www/pkg/analysis_board_bg.wasm';
/** The module with the engine, asked for once the board is drawn (tests/browser/firstload.test.mjs). */
const ENGINE_WASM = 'www/pkg-chess/analysis_board_bg.wasm';
const ALL_WASM = 'www/pkg-all/analysis_board_bg.wasm';

const env = useBrowser();

const open = (url, options) => openRecording(env, url, options);

const wasms = (requests) => requests.filter((r) => r.endsWith('.wasm'));

/** Waits for the suggestion arrow and returns the suggestion's text. */
async function suggestion(page, root = page) {
  await root.locator('.ab-suggestion strong').waitFor({ timeout: 20_000 });
  await root.locator('line.arrow-suggest').waitFor({ state: 'attached' });
  return root.locator('.ab-suggestion').textContent();
}

test('a chess visitor gets the chess module alone; a pasted Congo game loads the module with every game, once', async () => {
  const { page, context, requests, problems, release } = await open('index.html', { hold: ALL_WASM });
  await waitForText(page, '.ab-line', 'game incomplete');
  assert.match(await suggestion(page), /Suggested: /);
  assert.deepEqual(wasms(requests), [ENGINE_WASM], 'the engine once, for the page and the worker (the reader came inside the page)');
  assert.deepEqual(requests.filter((r) => r.includes('pkg-all')), [], 'nothing of the other module');

  // Pasting a Congo game: the page says what it is loading (its module is held back until the test has seen that).
  await page.fill('.ab-text', 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5');
  await waitForText(page, '.ab-loading', 'Loading the rules for Congo…');
  assert.equal(await page.isVisible('.ab-loading'), true);
  release();
  await waitForText(page, '.ab-line', 'Continue');
  await waitUntil(page, 'the status line is gone', () => document.querySelector('.ab-loading').hidden);
  // The Congo board (its river) and a Congo move suggested by the worker.
  assert.equal(await page.locator('rect.sq.river').count(), 7);
  const [, from, to] = /Suggested: ([a-g][1-7])([a-g][1-7])/.exec(await suggestion(page));
  assert.equal(await page.getAttribute('line.arrow-suggest', 'data-from'), from);
  assert.equal(await page.getAttribute('line.arrow-suggest', 'data-to'), to);
  // The report, in the worker too, on the module with every game.
  await waitUntil(page, 'the Congo report is done', () => /alpha-beta/.test(document.querySelector('.ab-report-method')?.textContent ?? ''));
  // Back to chess: still every game, nothing fetched again.
  await page.fill('.ab-text', 'f3 e5 g4 Qh4');
  await waitForText(page, '.ab-line', 'black wins by checkmate');
  assert.deepEqual(wasms(requests), [ENGINE_WASM, ALL_WASM], 'each module once, shared with the worker');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the page draws its example from the first view while the chess module is on its way, and plays once it is there', async () => {
  // index.html without the reader inside it: the reader is fetched, and held back.
  const { page, context, requests, problems, release } = await open('index.html', { hold: CHESS_WASM, carried: false });
  // The module's answer is held back: the board, the verdict and the moves come from dist/index.html's first view.
  await waitForPiece(page, 'f7', 'N');
  await waitForText(page, '.ab-line', 'game incomplete');
  assert.equal(await page.locator('.ab-moves button', { hasText: 'Nxf7' }).count(), 1);
  assert.deepEqual(wasms(requests), [CHESS_WASM, ENGINE_WASM], 'the reader was asked for, and the engine while the reader arrives');
  // Stepping works without the module; playing waits for it (no error meanwhile).
  await page.locator('.ab-moves button', { hasText: 'Ng5' }).click();
  await waitForPiece(page, 'g5', 'N');
  await page.locator('.ab-squares [data-square="e8"]').click();
  release();
  // Once the module is there the page reads the text again and stays where the person went.
  await waitUntil(page, 'the suggestion for the position on screen', () => /Suggested: /.test(document.querySelector('.ab-suggestion')?.textContent ?? ''), undefined, { timeout: 20_000 });
  await waitForPiece(page, 'g5', 'N');
  await page.locator('.ab-moves button', { hasText: 'Nxf7' }).click();
  await page.fill('.ab-move-input', 'Kxf7');
  await page.press('.ab-move-input', 'Enter');
  await waitUntil(page, 'the text has the move played', () => /Nxf7 Kxf7\s*$/.test(document.querySelector('.ab-text').value));
  await waitForPiece(page, 'f7', 'k');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link to a checkers game opened cold shows it and suggests, with or without game=', async () => {
  const moves = encodeURIComponent('c3->d4 f6->e5');
  for (const fragment of [`moves=${moves}`, `moves=${moves}&game=checkers`]) {
    const { page, context, requests, problems } = await open(`index.html#${fragment}`);
    await waitForText(page, '.ab-line', 'All moves are legal');
    assert.equal(await page.getAttribute('g.piece[data-square="d4"]', 'data-piece'), 'r', fragment);
    const [, from, to] = /Suggested: ([a-h][1-8])->(?:[a-h][1-8]->)*([a-h][1-8])/.exec(await suggestion(page));
    assert.equal(await page.getAttribute('line.arrow-suggest', 'data-from'), from);
    assert.equal(await page.getAttribute('line.arrow-suggest', 'data-to'), to);
    // Without game=, the text's game is known once read: the chess engine,
    // asked for while the reader arrived, is then dropped. With game=, it is
    // not asked for.
    const named = fragment.includes('game=');
    // (The reader came inside the page.)
    const expected = (named ? [ALL_WASM] : [ALL_WASM, ENGINE_WASM]).sort();
    assert.deepEqual(wasms(requests).sort(), expected, `${fragment}: each module once`);
    assert.deepEqual(problems, [], fragment);
    await context.close();
  }
});

test('a link naming a game no module knows is read as any game, with the chess module alone', async () => {
  const { page, context, requests, problems } = await open(`index.html#moves=${encodeURIComponent('f3 e5 g4 Qh4')}&game=shogi`);
  await waitForText(page, '.ab-line', 'black wins by checkmate');
  await waitUntil(page, 'the page says it does not know the game', () => /The game "shogi" is not one this board knows/.test(document.querySelector('.ab-notices').textContent));
  assert.deepEqual(wasms(requests).filter((r) => r !== ENGINE_WASM), [], 'the chess modules alone (the reader came inside the page)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('when the module with every game cannot be fetched the page says so, and the next text tries again', async () => {
  const { page, context, problems } = await open('index.html');
  // The chess module there first: had it arrived just after the text below,
  // its arrival and the typing pause would each try the other module, and the
  // second failed try could still be on its way when the server is back.
  await page.locator('.ab-viewer:not([aria-busy])').waitFor();
  await waitForText(page, '.ab-line', 'game incomplete');
  await context.route(env.base + ALL_WASM, (route) => route.fulfill({ status: 503, body: 'down for maintenance' }));
  await page.fill('.ab-text', 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3');
  await waitUntil(page, 'the page says why Congo cannot be read', () => /^The rules for Congo could not load: .*could not be fetched: 503$/.test(document.querySelector('.ab-notices').textContent));
  await waitUntil(page, 'the status line is gone', () => document.querySelector('.ab-loading').hidden);
  // The server is back: the next change of the text loads the module.
  await context.unroute(env.base + ALL_WASM);
  await page.fill('.ab-text', 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5');
  await waitForText(page, '.ab-line', 'Continue');
  // (The board may be drawn a frame after the verdict line: waited for, it failed once in four under load.)
  await waitUntil(page, 'the Congo board is drawn', () => document.querySelectorAll('rect.sq.river').length === 7);
  // Only the failed fetch itself is an error on the page.
  assert.deepEqual(problems.filter((p) => !/503|Service Unavailable|could not be fetched/.test(p)), []);
  await context.close();
});

test('an element with a grid problem loads the module with every game too', async () => {
  const problem = '1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n';
  const html = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>element</title>
    <script type="module" src="../www/element.js"></script>
    <h1>A course page</h1>
    <analysis-board id="chess" moves="e4 e5 Nf3"></analysis-board>
    <analysis-board id="grid" moves="${problem.replace(/\n/g, '&#10;')}"></analysis-board>`;
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(WAIT);
  const requests = [];
  context.on('request', (req) => requests.push(req.url().replace(env.base, '')));
  await context.route(`${env.base}__modules__/element.html`, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  await page.goto(`${env.base}__modules__/element.html`);
  await waitForText(page, '#chess .ab-line', 'game incomplete');
  // Problem 1's answer: where the queen on d7 can go, marked on the board.
  await page.locator('#grid .mark-move').first().waitFor({ state: 'attached' });
  await page.locator('#grid .mark-selected').waitFor({ state: 'attached' });
  assert.deepEqual(wasms(requests).sort(), [ALL_WASM, CHESS_WASM]);
  assert.deepEqual(problems, []);
  await context.close();
});
