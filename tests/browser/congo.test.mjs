// Congo on the board: a game pasted, stepped through, an illegal move
// highlighted with its reason, a suggestion drawn; the river and castles shown.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { openPage, shots, typeText, useBrowser, waitForPiece, waitForText } from './harness.mjs';

const env = useBrowser();

test('a Congo game: stepping, an illegal move, the board landmarks', async () => {
  const text = 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5 c2c3 e6e5 d1d4 a6a5';
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(text)}`);
  await page.waitForSelector('.ab-line:not(:empty)');
  // The verdict comes first; the board, with the bad move's arrow, at the next frame.
  await page.waitForSelector('line.arrow-error', { state: 'attached' });
  assert.equal(await page.textContent('.ab-line'), 'illegal move d1d4: the lion may not leave its castle');
  assert.equal(await page.textContent('.ab-mark-error'), 'd1d4');
  assert.equal((await page.textContent('.ab-move.ab-bad')).trim(), 'd1d4');
  assert.equal(await page.locator('.ab-unplayed').count(), 1);
  assert.equal(await page.getAttribute('line.arrow-error', 'data-from'), 'd1');
  assert.equal(await page.getAttribute('line.arrow-error', 'data-to'), 'd4');
  assert.equal(await page.$eval('.board-svg', (s) => s.getAttribute('viewBox')), '0 0 700 700');
  assert.equal(await page.locator('rect.sq.river').count(), 7);
  assert.equal(await page.locator('rect.castle-zone').count(), 2);
  await page.screenshot({ path: path.join(shots, 'congo-error.png'), fullPage: true });
  // Step to the start and forward.
  await page.click('h1');
  await page.keyboard.press('Home');
  // The start: d2 is occupied again (the shown position had d2d3 played).
  await waitForPiece(page, 'd2', 'P');
  assert.equal(await page.$eval('g.piece[data-square="d1"]', (g) => g.dataset.piece), 'L');
  assert.equal(await page.locator('g.piece').count(), 28);
  await page.keyboard.press('ArrowRight');
  await waitForPiece(page, 'd3', 'P');
  assert.equal(await page.$eval('g.piece[data-square="d3"]', (g) => g.dataset.piece), 'P');
  assert.equal(await page.inputValue('.ab-fen'), 'gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Congo moves alone, the game left to Detect: a Congo board (chess cannot play them)', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  assert.equal(await page.inputValue('#game'), 'auto');
  // Black's first move starts on rank 6: a Congo pawn's, where chess has nothing.
  await typeText(page, 'd2d3 d6d5 c2c3 e6e5');
  await waitForText(page, '.ab-line', 'Continue');
  await page.waitForSelector('rect.sq.river', { state: 'attached' });
  assert.equal(await page.$eval('.board-svg', (s) => s.getAttribute('viewBox')), '0 0 700 700');
  assert.equal(await page.inputValue('.ab-fen'), 'gmelecz/ppp2pp/3pp2/7/2PP3/PP2PPP/GMELECZ w 2');
  // Moves chess can play stay chess's.
  await typeText(page, 'e2e4 e7e5');
  await waitForText(page, '.ab-line', 'game incomplete');
  assert.equal(await page.$eval('.board-svg', (s) => s.getAttribute('viewBox')), '0 0 800 800');
  assert.deepEqual(problems, []);
  await context.close();
});

test('moves alone with the Congo selector, and a suggestion', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  await page.selectOption('#game', 'congo');
  await typeText(page, 'd2d3 d6d5');
  // The Congo rules come with the module with every game, loaded now: the
  // example's reading as Congo may show first.
  await waitForText(page, '.ab-line', 'Continue');
  await page.waitForSelector('.ab-suggestion strong', { timeout: 20000 });
  const text = await page.textContent('.ab-suggestion');
  const [, from, to] = /Suggested: ([a-g][1-7])([a-g][1-7])/.exec(text);
  assert.equal(await page.getAttribute('line.arrow-suggest', 'data-from'), from);
  assert.equal(await page.getAttribute('line.arrow-suggest', 'data-to'), to);
  await page.screenshot({ path: path.join(shots, 'congo-suggestion.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});
