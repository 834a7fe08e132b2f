// Checkers on the board: a course file pasted, stepped through, the first
// illegal move marked with its reason, later moves shown as not played, and
// the suggestion drawn.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { sharedData } from '../../scripts/lib.mjs';
import { openPage, shots, typeText, useBrowser, waitForPiece, waitForText } from './harness.mjs';

const env = useBrowser();

test('a checkers file: stepping, the illegal move, moves not played', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  const file = [
    'RULES: capture single jumps',
    'TURN: red',
    'BOARD:',
    '"b"b"b"b', 'b"b"b"b"', '"b"b"b"b', '.".".".\"', '".".".".', 'r"r"r"r"', '"r"r"r"r', 'r"r"r"r"',
    'MOVES:',
    'c3->d4 f6->e5 a3->b4 # the capture rule: red must jump d4->f6',
    'b6->a5',
  ].join('\n');
  await typeText(page, file);
  assert.equal((await page.textContent('.ab-line')).trim(), 'Move 3 is illegal: a3->b4');
  // One numbering: the course line counts every move ("Move 3"), the sentence under it names the move without another number.
  assert.match(await page.textContent('.ab-friendly'), /^a3->b4 is illegal: \S.*\.$/);
  assert.equal((await page.textContent('.ab-move.ab-bad')).trim(), 'a3->b4');
  assert.equal(await page.locator('.ab-unplayed').count(), 1);
  assert.equal(await page.textContent('.ab-mark-error'), 'a3->b4');
  assert.deepEqual(await page.$$eval('.ab-head .ab-cell', (c) => c.map((x) => x.textContent)), ['red', 'black']);
  // Step back to the start: twelve men each.
  await page.click('h1');
  await page.keyboard.press('Home');
  // The start: c3 is occupied again (the shown position had c3->d4 played).
  await waitForPiece(page, 'c3', 'r');
  const pieces = await page.$$eval('g.piece', (g) => g.map((n) => n.dataset.piece).join(''));
  assert.equal(pieces.split('').filter((c) => c === 'r').length, 12);
  assert.equal(pieces.split('').filter((c) => c === 'b').length, 12);
  await page.keyboard.press('ArrowRight');
  await waitForPiece(page, 'd4', 'r');
  assert.equal(await page.$eval('g.piece[data-square="d4"]', (g) => g.dataset.piece), 'r');
  // Pieces stand on dark squares.
  const dark = await page.$$eval('rect.sq.dark', (r) => r.length);
  assert.equal(dark, 32);
  await page.screenshot({ path: path.join(shots, 'checkers-error.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a bare move list gets a suggestion drawn as an arrow', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('c3->d4 f6->e5')}`);
  await page.waitForSelector('.ab-line:not(:empty)');
  await page.waitForSelector('.ab-suggestion strong', { timeout: 15000 });
  const [, from, to] = /Suggested: ([a-h][1-8])->(?:[a-h][1-8]->)*([a-h][1-8])/.exec(await page.textContent('.ab-suggestion'));
  assert.equal(await page.getAttribute('line.arrow-suggest', 'data-from'), from);
  assert.equal(await page.getAttribute('line.arrow-suggest', 'data-to'), to);
  assert.equal(await page.isVisible('button[data-action="copy-exchange"]'), true);
  await page.screenshot({ path: path.join(shots, 'checkers-suggestion.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the course game file and the exchange file of the position on screen', async () => {
  const data = sharedData();
  assert.ok(data, 'shared data not found: set SHARED_DATA to the shared/data folder');
  const text = fs.readFileSync(path.join(data, 'checkers', 'games', 'ghost595-part4-input.txt'), 'utf8');
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  await typeText(page, text);
  assert.match(await page.textContent('.ab-line'), /legal|illegal|moves/);
  const exchange = await page.evaluate(async () => {
    // The module with every game, as the page's element would load it (the page itself is one bundle).
    const { loadAllGames } = await import('./www/engine.js');
    const engine = await loadAllGames();
    return engine.exchangeFile(document.querySelector('.ab-fen').value);
  });
  assert.match(exchange, /RULES:/);
  assert.match(exchange, /BOARD:/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the capture rule: a piece that may not move says so, and the square chosen next says why', async () => {
  // Red must jump d4 with c3; the pawn on a1 has no legal move.
  const board = ['" . " . " . " b', '. " . " . " . "', '" . " . " . " .', '. " . " . " . "', '" . " b " . " .', '. " r " . " . "', '" . " . " . " .', 'r " . " . " . "'];
  const file = `RULES: capture single jumps\nTURN: red\nBOARD:\n${board.join('\n')}\nMOVES:\n`;
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(file)}`);
  await page.waitForSelector('g.piece[data-square="a1"]');
  await page.click('.ab-square[data-square="a1"]');
  await waitForText(page, '.ab-move-problem', 'The red pawn on a1 has no legal move here: choose a square to see why.');
  await page.click('.ab-square[data-square="b2"]');
  await waitForText(page, '.ab-move-problem', 'a1-b2: the rules say capture and red has a jump, but this move captures nothing.');
  await waitForPiece(page, 'a1', 'r');
  assert.equal(await page.inputValue('.ab-text'), file, 'nothing was played');
  assert.deepEqual(problems, []);
  await context.close();
});
