// Playing on the board, with real input in headless Chromium: a drag with
// the mouse, click-click, taps on a touch screen, the promotion chooser,
// Congo and checkers multi-jumps square by square, a variation made on the
// board and walked with the keyboard, the text pasted again, Copy PGN of an
// annotated lichess export read back, the game chooser, a FEN, the board
// editor. Screenshots go to test-results/screenshots/play-*.png.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { root } from '../../scripts/lib.mjs';
import { drag, framesDrawn, openPage, shots, useBrowser, waitForPiece, waitForText, waitUntil } from './harness.mjs';

const env = useBrowser();

const shot = (page, name) => page.screenshot({ path: path.join(shots, `play-${name}.png`), fullPage: true });
const square = (page, name) => page.locator(`.ab-square[data-square="${name}"]`);

/** Opens the page on a text and waits for its board. */
async function opened(text, { fragment = '', ...options } = {}) {
  const o = await openPage(env, `index.html#moves=${encodeURIComponent(text)}${fragment}`, options);
  await o.page.waitForSelector('.ab-line:not(:empty), .ab-invite:not([hidden])');
  await o.page.waitForSelector('g.piece');
  return o;
}

/** Waits until the text box holds `text` (the board move went into the text). */
async function textIs(page, text) {
  await waitUntil(page, `the text box reads ${JSON.stringify(text)}`, (t) => document.querySelector('.ab-text').value === t, text,
    { observe: () => page.inputValue('.ab-text') });
}

const clickSquares = async (page, ...names) => {
  for (const name of names) await square(page, name).click();
};

test('a drag, click-click, and a refused drop with its reason', async () => {
  const { page, context, problems } = await opened('');
  await page.evaluate(() => {
    window.moves = [];
    document.addEventListener('move', (e) => window.moves.push(e.detail));
  });
  const scroll = await page.evaluate(() => scrollY);
  await drag(page, 'e2', 'e4');
  await textIs(page, 'e4');
  await waitForPiece(page, 'e4', 'P');
  await clickSquares(page, 'e7');
  // The selected pawn shows where it can go.
  await page.waitForSelector('circle.target-move[data-square="e5"]');
  assert.equal(await page.locator('circle.target-move').count(), 2);
  await clickSquares(page, 'e5');
  await textIs(page, 'e4 e5');
  await clickSquares(page, 'g1', 'f3');
  await textIs(page, 'e4 e5 Nf3');
  assert.equal(await page.textContent('.ab-line'), 'game incomplete');
  // An illegal drop snaps back and says why.
  await drag(page, 'e8', 'e6');
  await waitUntil(page, 'the refusal is explained', () => /e8-e6/.test(document.querySelector('.ab-move-problem').textContent));
  assert.match(await page.textContent('.ab-move-problem'), /^e8-e6: /);
  await textIs(page, 'e4 e5 Nf3');
  await waitForPiece(page, 'e8', 'k');
  const events = await page.evaluate(() => window.moves);
  assert.deepEqual(events.map((e) => e.notation), ['e4', 'e5', 'Nf3']);
  assert.equal(events[2].fen, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  assert.equal(await page.evaluate(() => scrollY), scroll, 'playing does not scroll the page');
  await shot(page, 'moves');
  assert.deepEqual(problems, []);
  await context.close();
});

test('taps on a touch screen play moves and do not scroll', async () => {
  const { page, context, problems } = await opened('e4', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.evaluate(() => window.scrollTo(0, 40));
  const scroll = await page.evaluate(() => scrollY);
  await square(page, 'g8').tap();
  await page.waitForSelector('circle.target-move[data-square="f6"]');
  await square(page, 'f6').tap();
  await textIs(page, 'e4 Nf6');
  assert.equal(await page.evaluate(() => scrollY), scroll);
  await shot(page, 'phone');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a promotion through the chooser', async () => {
  const { page, context, problems } = await opened('a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6');
  await clickSquares(page, 'b7', 'a8');
  await page.waitForSelector('.ab-chooser:not([hidden]) .ab-choice');
  const names = await page.$$eval('.ab-chooser .ab-choice[aria-label]', (b) => b.map((x) => x.getAttribute('aria-label')));
  assert.deepEqual(names, ['white queen', 'white rook', 'white bishop', 'white knight'], 'the queen first');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'white queen');
  await shot(page, 'promotion');
  await page.click('.ab-chooser .ab-choice[aria-label="white knight"]');
  await textIs(page, 'a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6 bxa8=N');
  await waitForPiece(page, 'a8', 'N');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a Congo monkey double jump, square by square', async () => {
  const fen = '3l3/7/2p1p2/3p3/3M3/7/3L3 w 0';
  const { page, context, problems } = await opened(fen);
  await clickSquares(page, 'd3', 'd5');
  await waitUntil(page, 'the jump may go on', () => /Jump on/.test(document.querySelector('.ab-move-problem').textContent));
  await waitUntil(page, 'the board shows where the monkey can jump next',
    () => [...document.querySelectorAll('circle.target-capture')].map((c) => c.dataset.square).sort().join() === 'b5,f5');
  await shot(page, 'congo-jump');
  await clickSquares(page, 'b5');
  await textIs(page, `${fen}\nd3d5b5`);
  await waitForPiece(page, 'b5', 'M');
  await waitForPiece(page, 'd4', null);
  await waitForPiece(page, 'c5', null);
  assert.equal(await page.textContent('.ab-line'), 'Continue');
  assert.deepEqual(problems, []);
  await context.close();
});

/** A checkers file with pieces on the given squares (the rest empty), red to move. */
function checkersFile(pieces) {
  const rows = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    for (let file = 0; file < 8; file++) {
      const name = `${String.fromCharCode(97 + file)}${rank}`;
      const dark = (file + rank - 1) % 2 === 0;
      row += `${pieces[name] ?? (dark ? '.' : '"')} `;
    }
    rows.push(row.trim());
  }
  return `RULES: capture multiple jumps\nTURN: red\nBOARD:\n${rows.join('\n')}\nMOVES:\n`;
}

test('a checkers double jump, square by square', async () => {
  const file = checkersFile({ c3: 'r', d4: 'b', d6: 'b', h8: 'b', a1: 'r' });
  const { page, context, problems } = await opened(file);
  await clickSquares(page, 'c3', 'e5');
  await waitUntil(page, 'the jump goes on', () => /Jump on/.test(document.querySelector('.ab-move-problem').textContent));
  await clickSquares(page, 'c7');
  await textIs(page, `${file.trimEnd()}\nc3->e5->c7\n`);
  await waitForPiece(page, 'c7', 'r');
  await waitForPiece(page, 'd6', null);
  assert.equal(await page.textContent('.ab-line'), 'All moves are legal');
  await shot(page, 'checkers-jump');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a variation made on the board, walked with the keyboard, pasted again', async () => {
  const { page, context, problems } = await opened('e4 e5 Nf3 Nc6');
  await page.click('h1');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await waitForPiece(page, 'f3', null);
  // 2. Bc4 instead of 2. Nf3.
  await clickSquares(page, 'f1', 'c4');
  await waitUntil(page, 'the text is PGN with the variation', () => /\(2\. Bc4\)/.test(document.querySelector('.ab-text').value));
  assert.match(await page.textContent('.ab-position'), /^In a variation: 2\. Bc4: White bishop from f1 to c4\./);
  // Keyboard: Home, Right, Right is the main line; Down switches to the variation; Up back.
  await page.click('h1');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await waitForPiece(page, 'f3', 'N');
  await page.keyboard.press('ArrowDown');
  await waitForPiece(page, 'c4', 'B');
  assert.equal(await page.getAttribute('.ab-move.ab-current', 'data-path'), '2.0.0');
  await page.keyboard.press('ArrowUp');
  await waitForPiece(page, 'f3', 'N');
  await shot(page, 'variation');
  // The text shown, pasted again, gives the same tree.
  const list = await page.textContent('.ab-moves');
  const text = await page.inputValue('.ab-text');
  await page.fill('.ab-text', '');
  await waitUntil(page, 'the emptied text shows no moves', () => !document.querySelector('.ab-move'));
  await page.fill('.ab-text', text);
  await waitUntil(page, 'the same move list is shown again', (l) => document.querySelector('.ab-moves').textContent === l, list);
  // Delete the variation, undo it, promote it.
  await page.click('.ab-move[data-path="2.0.0"]');
  await page.waitForSelector('.ab-move.ab-current[data-path="2.0.0"]');
  await page.click('button[data-action="delete"]');
  await waitUntil(page, 'the variation is gone', () => !document.querySelector('.ab-move[data-path="2.0.0"]'), undefined,
    { observe: () => page.evaluate(() => [document.querySelector('.ab-move-problem').textContent, document.querySelector('.ab-text').value]) });
  await page.keyboard.press('Control+z');
  await page.waitForSelector('.ab-move[data-path="2.0.0"]');
  await page.click('.ab-move[data-path="2.0.0"]');
  await page.click('button[data-action="promote"]');
  await waitUntil(page, 'Bc4 is the main line', () => document.querySelector('.ab-move[data-path="2"] .ab-san')?.textContent === 'Bc4');
  assert.equal(await page.textContent('.ab-move[data-path="2.0.0"] .ab-san'), 'Nf3');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Copy PGN of an annotated lichess export reads back to the same tree; drawings and clocks are shown', async () => {
  const lichess = fs.readFileSync(path.join(root, 'tests', 'browser', 'fixtures', 'lichess-annotated.pgn'), 'utf8');
  // No report: its facts, coming at its end, move the list (and a click in flight with it).
  const { page, context, problems } = await opened('e4', { fragment: '&report=0' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.fill('.ab-text', lichess);
  await waitUntil(page, 'the annotated game is read', () => document.querySelectorAll('.ab-aside .ab-comment').length > 0);
  const list = await page.textContent('.ab-moves');
  assert.match(list, /Italian/);
  assert.match(list, /Bishop's opening/);
  assert.ok(await page.locator('.ab-aside .ab-aside, .ab-aside .ab-paren').count() >= 4, 'nested variations in brackets');
  // The drawings of a move appear on the board at that move.
  await page.click('.ab-move[data-path="2"]');
  await waitUntil(page, 'Nf3 is the move on screen', () => document.querySelector('.ab-move.ab-current')?.dataset.path === '2');
  await page.waitForSelector('line.arrow-shape-green[data-from="g1"][data-to="f3"]');
  assert.equal(await page.locator('.ab-report:not([hidden])').count(), 0);
  assert.equal(await page.locator('circle.shape.shape-red[data-square="f7"]').count(), 1);
  assert.equal(await page.textContent('.ab-move[data-path="0"] .ab-clock'), '0:05:00');
  assert.equal(await page.textContent('.ab-move[data-path="0"] .ab-eval'), '+0.20');
  await shot(page, 'annotated');
  await page.click('button[data-action="copy-pgn"]');
  await page.waitForSelector('.ab-copied:not(:empty)');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await page.fill('.ab-text', copied);
  await waitUntil(page, 'the copied PGN shows the same tree', (l) => document.querySelector('.ab-moves').textContent === l, list,
    { observe: () => page.textContent('.ab-moves') });
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click('button[data-action="copy-pgn"]');
  await waitUntil(page, 'copying again gives the same text', async (c) => (await navigator.clipboard.readText()) === c, copied);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a game chooser for a text of three games; the link keeps the chosen one', async () => {
  const three = [
    '[White "Anna"]\n[Black "Ben"]\n[Event "Club"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0',
    '[White "Cleo"]\n[Black "Dan"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1',
    '[White "Eve"]\n[Black "Finn"]\n[Result "*"]\n\n1. d4 d5 *',
  ].join('\n\n');
  const { page, context, problems } = await opened('e4');
  await page.fill('.ab-text', three);
  await page.waitForSelector('.ab-game-picker:not([hidden])');
  const options = await page.$$eval('.ab-games option', (o) => o.map((x) => x.textContent));
  assert.deepEqual(options, ['Anna – Ben (1-0 · Club)', 'Cleo – Dan (0-1)', 'Eve – Finn']);
  assert.equal(await page.textContent('.ab-line'), 'white wins by checkmate');
  await page.selectOption('.ab-games', '1');
  await waitForText(page, '.ab-line', 'black wins by checkmate');
  assert.match(await page.textContent('.ab-info'), /game 2 of 3/);
  // A move played in the third game: the chooser keeps listing the three
  // games while they are listed again (never the "Listing…" placeholder).
  await page.selectOption('.ab-games', '2');
  await waitUntil(page, 'the third game is shown', () => document.querySelector('.ab-info').textContent.includes('game 3 of 3'));
  await page.evaluate(() => {
    window.placeholders = 0;
    new MutationObserver(() => {
      if ([...document.querySelectorAll('.ab-games option')].some((o) => o.textContent.startsWith('Listing'))) window.placeholders += 1;
    }).observe(document.querySelector('.ab-games'), { childList: true, subtree: true, characterData: true });
  });
  await clickSquares(page, 'g1', 'f3');
  await waitUntil(page, 'the move is in the text', () => /Eve[\s\S]*d4 d5 2\. ?Nf3/.test(document.querySelector('.ab-text').value));
  await waitUntil(page, 'the games are listed again', () => !document.querySelector('.ab-games').hasAttribute('aria-busy'));
  assert.deepEqual(await page.$$eval('.ab-games option', (o) => o.map((x) => x.textContent)), options);
  assert.equal(await page.evaluate(() => window.placeholders), 0);
  assert.equal(await page.inputValue('.ab-games'), '2');
  await page.selectOption('.ab-games', '1');
  await waitForText(page, '.ab-line', 'black wins by checkmate');
  // The link holds the chosen game alone.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('button[data-action="copy-link"]');
  await page.waitForSelector('.ab-copied:not(:empty)');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const second = await openPage(env, link.slice(env.base.length));
  await waitForText(second.page, '.ab-line', 'black wins by checkmate');
  assert.equal(await second.page.isHidden('.ab-game-picker'), true);
  assert.match(await second.page.inputValue('.ab-text'), /Cleo/);
  await shot(page, 'games');
  assert.deepEqual([...problems, ...second.problems], []);
  await context.close();
  await second.context.close();
});

test('a move played on a game with a null move in a variation keeps the null move and the rest of that variation', async () => {
  const { page, context, problems } = await opened('1. e4 e5 2. Nf3 (2. Qh5 -- 3. Qxe5+ {a threat}) 2... Nc6');
  await page.keyboard.press('End');
  await clickSquares(page, 'f1', 'c4');
  await waitUntil(page, 'the move is in the text', () => /3\. Bc4/.test(document.querySelector('.ab-text').value));
  const text = await page.inputValue('.ab-text');
  assert.match(text, /2\. Nf3 \(2\. Qh5 -- 3\. Qxe5\+ \{a threat\}\) 2\.\.\. Nc6 3\. Bc4\n$/);
  assert.doesNotMatch(await page.textContent('.ab-move-problem'), /null move|cannot/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a long text pasted has its games listed in the worker at once, while the page reads its first game', async () => {
  // 250 games, over 20,000 characters: a database pasted.
  const games = Array.from({ length: 250 }, (_, i) =>
    `[White "White ${i + 1}"]\n[Black "Black ${i + 1}"]\n[Event "Open ${i + 1}"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1`);
  const text = games.join('\n\n');
  assert.ok(text.length > 20_000);
  const { page, context, problems } = await opened('e4');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => {
    window.listings = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message?.kind === 'games') window.listings += 1;
      return post.call(this, message, ...rest);
    };
    // Runs after the page's own listener of the same paste event.
    document.querySelector('.ab-text').addEventListener('paste', () => {
      window.listingsAtPaste = window.listings;
    });
    return navigator.clipboard.writeText(t);
  }, text);
  await page.focus('.ab-text');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await waitUntil(page, 'the chooser lists the 250 games', () =>
    document.querySelectorAll('.ab-games option').length === 250 && !document.querySelector('.ab-games').hasAttribute('aria-busy'));
  assert.equal(await page.evaluate(() => window.listingsAtPaste), 1, 'the listing is asked for in the paste itself');
  assert.equal(await page.evaluate(() => window.listings), 1, 'and asked for once');
  assert.equal(await page.textContent('.ab-line'), 'black wins by checkmate');
  assert.equal(await page.$eval('.ab-games option:last-child', (o) => o.textContent), 'White 250 – Black 250 (0-1 · Open 250)');
  // Typing in that text lists its games again, once the typing pauses (not at each key).
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' ');
  await waitUntil(page, 'the games are listed again', () => window.listings === 2 && !document.querySelector('.ab-games').hasAttribute('aria-busy'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a piece chosen, then a move of the list clicked: the choice is dropped with the position it was made on', async () => {
  const { page, context, problems } = await opened('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *', { fragment: '&report=0' });
  await clickSquares(page, 'b5');
  await page.waitForSelector('circle.target-capture[data-square="c6"]');
  await page.click('.ab-move[data-path="1"]');
  await page.waitForSelector('.ab-move.ab-current[data-path="1"]');
  await waitForPiece(page, 'b5', null);
  // The bishop's dots stayed on the new position, and a click on one played the old position's move.
  await waitUntil(page, 'no square is marked as a target', () => !document.querySelector('circle[class*="target"]'), undefined,
    { observe: () => page.locator('circle[class*="target"]').count() });
  await clickSquares(page, 'c6');
  await framesDrawn(page);
  assert.equal(await page.textContent('.ab-move-problem'), '');
  assert.equal(await page.inputValue('.ab-text'), '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Ctrl+Z after a move played on a failed move of a variation shows that failed move again', async () => {
  const text = '1. e4 e5 (1... c5 2. Nf3 d6 3. Ke3 Nf6) 2. Nf3 Nc6 *';
  const { page, context, problems } = await opened(text, { fragment: '&report=0' });
  await page.click('.ab-move.ab-bad');
  await page.waitForSelector('.ab-move.ab-bad.ab-current');
  await clickSquares(page, 'd2', 'd4');
  await waitUntil(page, 'the move replaces the failed one', () => document.querySelector('.ab-text').value.includes('3. d4)'));
  await page.waitForSelector('.ab-move.ab-current[data-path="1.0.3"]');
  await page.click('h1');
  await page.keyboard.press('Control+z');
  await textIs(page, text);
  await page.waitForSelector('.ab-move.ab-bad.ab-current');
  assert.match(await page.textContent('.ab-position'), /no white king can move to e3/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Ctrl+Shift+Z (redo elsewhere) takes nothing back; Ctrl+Z does', async () => {
  const { page, context, problems } = await opened('e4 e5', { fragment: '&report=0' });
  await clickSquares(page, 'g1', 'f3');
  await textIs(page, 'e4 e5 Nf3');
  await page.click('h1');
  await page.keyboard.press('Control+Shift+Z');
  await framesDrawn(page);
  assert.equal(await page.inputValue('.ab-text'), 'e4 e5 Nf3');
  await page.keyboard.press('Control+z');
  await textIs(page, 'e4 e5');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Make main line on a variation inside a variation makes it the main line, in one step that one Ctrl+Z takes back', async () => {
  const text = '[Result "1-0"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 3. exd5) 2... d6) 2. Nf3 Nc6 1-0';
  const { page, context, problems } = await opened(text, { fragment: '&report=0' });
  await page.click('.ab-move[data-path="1.0.1.0.1"]');
  await page.waitForSelector('.ab-move.ab-current[data-path="1.0.1.0.1"]');
  await page.click('button[data-action="promote"]');
  await waitUntil(page, 'the text has 1... c5 2. c3 d5 as its main line', () => /\n1\. e4 c5 \(1\.\.\. e5 2\. Nf3 Nc6\) 2\. c3 \(2\. Nf3 d6\) 2\.\.\. d5 3\. exd5 \*\n$/.test(document.querySelector('.ab-text').value),
    undefined, { observe: () => page.inputValue('.ab-text') });
  // The same move on screen, now in the main line.
  await page.waitForSelector('.ab-move.ab-current[data-path="3"]');
  assert.match(await page.textContent('.ab-position'), /^2\.\.\. d5: /);
  assert.equal(await page.isHidden('button[data-action="promote"]'), true);
  await page.click('h1');
  await page.keyboard.press('Control+z');
  await textIs(page, text);
  await page.waitForSelector('.ab-move.ab-current[data-path="1.0.1.0.1"]');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a text pasted over the whole box opens at its first game, not at the old text\'s third', async () => {
  const games = (names) => names.map((n) => `[White "${n}"]\n[Result "*"]\n\n1. e4 e5 *\n`).join('\n');
  const { page, context, problems } = await opened(games(['A1', 'A2', 'A3']), { fragment: '&index=2&report=0' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.base).origin });
  await waitUntil(page, 'the third game is shown', () => document.querySelector('.ab-info').textContent.includes('game 3 of 3'));
  await page.evaluate((t) => navigator.clipboard.writeText(t), games(['B1', 'B2', 'B3']));
  await page.click('.ab-text');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+v');
  await waitUntil(page, 'the new text\'s first game is shown', () => /game 1 of 3/.test(document.querySelector('.ab-info').textContent)
    && /B1/.test(document.querySelector('.ab-info').textContent), null, { observe: () => page.textContent('.ab-info') });
  assert.equal(await page.inputValue('.ab-games'), '0');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Ctrl+Z after choosing another game takes back the move in the game it was played in, and shows that game', async () => {
  const games = [1, 2, 3].map((i) => `[White "W${i}"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n`);
  const text = games.join('\n');
  const { page, context, problems } = await opened(text, { fragment: '&index=2&report=0' });
  await waitUntil(page, 'the third game is shown', () => document.querySelector('.ab-info').textContent.includes('game 3 of 3'));
  await clickSquares(page, 'g8', 'f6');
  await waitUntil(page, 'the move is in the third game', () => /W3[\s\S]*Bc4 Nf6/.test(document.querySelector('.ab-text').value));
  await page.selectOption('.ab-games', '0');
  await waitUntil(page, 'the first game is shown', () => document.querySelector('.ab-info').textContent.includes('game 1 of 3'));
  await page.click('h1');
  await page.keyboard.press('Control+z');
  await textIs(page, text);
  // The undo is seen where it happened: the third game, at the move before the one taken back.
  await waitUntil(page, 'the third game is shown again', () => document.querySelector('.ab-info').textContent.includes('game 3 of 3'),
    undefined, { observe: () => page.textContent('.ab-info') });
  assert.equal(await page.inputValue('.ab-games'), '2');
  assert.equal(await page.getAttribute('.ab-move.ab-current', 'data-path'), '4');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a FEN pasted opens that position, and moves follow it', async () => {
  const fen = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4';
  const { page, context, problems } = await opened(fen);
  assert.equal(await page.inputValue('.ab-fen'), fen);
  await waitUntil(page, 'a suggestion for the position', () => /Qxf7/.test(document.querySelector('.ab-suggestion').textContent));
  assert.match(await page.textContent('.ab-info'), /read as a FEN and moves/);
  await clickSquares(page, 'h5', 'f7');
  await waitForText(page, '.ab-line', 'white wins by checkmate');
  const text = await page.inputValue('.ab-text');
  assert.match(text, /\[FEN "r1bqkbnr\/pppp1ppp\/2n5\/4p2Q\/2B1P3\/8\/PPPP1PPP\/RNB1K1NR w KQkq - 2 4"\]/);
  assert.match(text, /4\. Qxf7# 1-0/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the board editor makes a valid FEN and refuses an impossible one', async () => {
  const { page, context, problems } = await opened('e4');
  await page.click('button[data-action="set-up"]');
  await page.waitForSelector('.ab-setup:not([hidden])');
  await page.click('button[data-setup] >> text=Clear');
  await waitForPiece(page, 'e1', null);
  await page.click('.ab-swatch[data-piece="K"]');
  await clickSquares(page, 'e1', 'd1');
  await page.click('.ab-swatch[data-piece="k"]');
  await clickSquares(page, 'e8');
  await waitUntil(page, 'two white kings are refused', () => /more than one king/.test(document.querySelector('.ab-setup-problems').textContent));
  await shot(page, 'editor-impossible');
  await page.click('button[data-setup] >> text=Use this position');
  await page.waitForSelector('.ab-setup:not([hidden])');
  assert.equal(await page.inputValue('.ab-text'), 'e4', 'an impossible position is not used');
  // Remove the second king (drag it off the board), add a rook.
  await drag(page, 'd1', 'd1');
  const d1 = await square(page, 'd1').boundingBox();
  await page.mouse.move(d1.x + d1.width / 2, d1.y + d1.height / 2);
  await page.mouse.down();
  await page.mouse.move(d1.x + d1.width / 2, d1.y + d1.height * 3, { steps: 6 });
  await page.mouse.up();
  await waitForPiece(page, 'd1', null);
  await page.click('.ab-swatch[data-piece="R"]');
  await clickSquares(page, 'a1');
  // (Clear gave White to move, after 1. e4 too.)
  assert.equal(await page.textContent('.ab-side-to-move'), 'White to move');
  await waitUntil(page, 'the position is possible', () => document.querySelector('.ab-setup-problems').children.length === 0);
  await page.click('button[data-setup] >> text=Use this position');
  await textIs(page, '4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
  assert.equal(await page.textContent('.ab-line'), 'game incomplete');
  await waitUntil(page, 'the suggestion mates', () => /Ra8/.test(document.querySelector('.ab-suggestion').textContent) || /R/.test(document.querySelector('.ab-suggestion').textContent));
  await shot(page, 'editor-done');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a set-up position is a game of its own, not the chosen game of the old text; Ctrl+Z goes back to that game', async () => {
  const three = ['[White "Anna"]\n\n1. e4 e5 *', '[White "Cleo"]\n\n1. f3 e5 *', '[White "Eve"]\n\n1. d4 d5 *'].join('\n\n');
  const { page, context, problems } = await opened('e4');
  await page.fill('.ab-text', three);
  await page.waitForSelector('.ab-game-picker:not([hidden])');
  await page.selectOption('.ab-games', '2');
  await waitUntil(page, 'the third game is shown', () => document.querySelector('.ab-info').textContent.includes('game 3 of 3'));
  await page.click('button[data-action="set-up"]');
  await page.waitForSelector('.ab-setup:not([hidden])');
  await page.click('button[data-setup] >> text=Use this position');
  await textIs(page, 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2');
  // The link of the new position (at its start, ply=0; the game's was at its end) names no game of the old text.
  await waitUntil(page, 'the link names the position and no game of the old text', () => /[#&]ply=0\b/.test(location.hash) && !/[#&]index=/.test(location.hash), undefined,
    { observe: () => page.evaluate(() => location.hash) });
  await page.locator('.ab-text').press('Control+z');
  await waitUntil(page, 'the third game is shown again', () => document.querySelector('.ab-info').textContent.includes('game 3 of 3'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a move typed with a glyph (Bb5!) is played and keeps its glyph', async () => {
  const { page, context, problems } = await opened('1. e4 e5 2. Nf3 Nc6 *');
  await page.fill('.ab-move-input', 'Bb5!');
  await page.press('.ab-move-input', 'Enter');
  await waitUntil(page, 'the move and its glyph are in the text', () => /3\. Bb5 \$1 \*/.test(document.querySelector('.ab-text').value), undefined,
    { observe: () => page.inputValue('.ab-text') });
  await waitForPiece(page, 'b5', 'B');
  assert.match(await page.textContent('.ab-move.ab-current'), /Bb5!/);
  assert.equal(await page.inputValue('.ab-move-input'), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a readonly element refuses moves on the board and says so', async () => {
  const { page, context, problems } = await openPage(env, '__tests__/element.html');
  await page.waitForFunction(() => document.querySelector('#plain')?.shadowRoot?.querySelector('g.piece'));
  await page.evaluate(() => document.querySelector('#plain').setAttribute('readonly', ''));
  const plain = page.locator('#plain');
  const before = await plain.locator('.ab-fen').inputValue();
  await plain.locator('.ab-square[data-square="g1"]').click();
  await waitForText(page, '#plain .ab-move-problem', 'Moves cannot be played on this board.');
  await plain.locator('.ab-square[data-square="f3"]').click();
  assert.equal(await plain.locator('.ab-fen').inputValue(), before);
  assert.equal(await plain.locator('.ab-move-form').isHidden(), true);
  assert.deepEqual(problems, []);
  await context.close();
});
