// The words on screen of issue 34: the two selects named apart, a move
// played on a text without tags writes none, a look-alike letter named, the
// board editor's Clear, a FEN's position not called the start, a
// Termination tag read into the ending's sentence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, typeText, useBrowser, waitUntil } from './harness.mjs';

const env = useBrowser();

async function clickSquare(page, name) {
  const box = await page.locator(`.ab-square[data-square="${name}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The accessible name of the control `selector` (its label's words). */
const nameOf = async (page, selector) => (await page.locator(selector).evaluate((e) => e.labels?.[0]?.textContent ?? '')).trim();

test('the kind of game is "Rules" and the chooser of a several-game text says "Game 2 of 3"', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  assert.match(await nameOf(page, '#game'), /^Rules/);
  const three = ['[White "Anna"]\n\n1. e4 e5 *', '[White "Cleo"]\n\n1. f3 e5 *', '[White "Eve"]\n\n1. d4 d5 *'].join('\n\n');
  await typeText(page, three);
  await page.waitForSelector('.ab-game-picker:not([hidden])');
  await waitUntil(page, 'the chooser is named "Game 1 of 3"', () => document.querySelector('.ab-game-picker span').textContent === 'Game 1 of 3');
  await page.selectOption('.ab-games', '1');
  await waitUntil(page, 'the chooser is named "Game 2 of 3"', () => document.querySelector('.ab-game-picker span').textContent === 'Game 2 of 3');
  assert.match(await page.getByRole('combobox', { name: /Game 2 of 3/ }).inputValue(), /^1$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a move played on moves without tags writes none: 1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4) 3... a6', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('e4 e5 Nf3 Nc6 Bb5 a6')}`);
  await page.click('.ab-move[data-path="3"]');
  await page.waitForSelector('.ab-move.ab-current[data-path="3"]');
  await clickSquare(page, 'f1');
  await clickSquare(page, 'c4');
  await waitUntil(page, 'the text holds the variation, no tags', () => document.querySelector('.ab-text').value === '1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4) 3... a6\n',
    undefined, { observe: () => page.inputValue('.ab-text') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a Cyrillic look-alike is named in the sentence, and a drawing that does not read is said not drawn', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  await typeText(page, '1. е4 е5');
  assert.match(await page.textContent('.ab-friendly'), /found the Cyrillic letter е \(U\+0435\), which looks like the Latin e/);
  await typeText(page, '1. e4 { [%cal Gе2e4] } e5 *');
  assert.match(await page.textContent('.ab-info'), /did not draw "\[%cal Gе2e4\]" at line 1, column 9: it holds the Cyrillic letter е \(U\+0435\)/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a FEN of a middle game is "the position given", not the start; Clear in the editor gives White to move and no castling, one click gives Black', async () => {
  const fen = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 5 4';
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(fen)}`);
  await waitUntil(page, 'the position is described', () => /black to move/.test(document.querySelector('.ab-position')?.textContent ?? ''));
  assert.match(await page.textContent('.ab-position'), /^The position given, black to move\./);
  await page.click('button[data-action="set-up"]');
  await page.click('.ab-setup button:text("Clear")');
  await waitUntil(page, 'the board is empty', () => !document.querySelector('.board-svg g.piece'));
  assert.equal(await page.textContent('.ab-side-to-move'), 'White to move');
  assert.equal(await page.locator('.ab-castling input:checked').count(), 0);
  // Two kings make a position with a FEN.
  for (const [piece, at] of [['K', 'e1'], ['k', 'e8']]) {
    await page.click(`.ab-swatch[data-piece="${piece}"]`);
    await clickSquare(page, at);
  }
  await waitUntil(page, 'the FEN of the two kings, White to move', () => /^4k3\/8\/8\/8\/8\/8\/8\/4K3 w - /.test(document.querySelector('.ab-fen').value));
  // One click changes the side to move.
  await page.click('.ab-side-to-move');
  await waitUntil(page, 'Black is to move', () => document.querySelector('.ab-side-to-move').textContent === 'Black to move');
  assert.match(await page.inputValue('.ab-fen'), /^4k3\/8\/8\/8\/8\/8\/8\/4K3 b - /);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a Termination tag is read into the ending\'s sentence (chess.com and lichess wordings)', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  for (const [result, termination, said] of [
    ['1-0', 'Bob456 won by resignation', /^1-0: Black resigned, the text says; the position is not checkmate\.$/],
    ['0-1', 'Time forfeit', /^0-1: White lost on time, the text says/],
    ['0-1', 'Ann won - game abandoned', /^0-1: White abandoned the game, the text says/],
    ['1/2-1/2', 'Game drawn by repetition', /^1\/2-1\/2: a draw by repetition, the text says; the position is not stalemate\.$/],
    ['1/2-1/2', 'Game drawn by timeout vs insufficient material', /^1\/2-1\/2: a draw: one side ran out of time or neither had the material to mate/],
    ['1/2-1/2', 'Game drawn by agreement', /^1\/2-1\/2: a draw agreed, the text says/],
    ['1-0', 'Normal', /^1-0: Black resigned or lost on time, the text says/],
  ]) {
    await typeText(page, `[Result "${result}"]\n[Termination "${termination}"]\n\n1. e4 e5 2. Nf3 ${result}`);
    assert.match(await page.textContent('.ab-friendly'), said, termination);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
