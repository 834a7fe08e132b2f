// The page as a person uses it, in headless Chromium: paste games, read the
// verdict, step with the keyboard, see errors marked, get a suggestion,
// share a link, embed it. Screenshots go to test-results/screenshots/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { root } from '../../scripts/lib.mjs';
import { framesDrawn, openPage, shots, typeText, useBrowser, waitForHash, waitForPiece, waitForText, waitUntil } from './harness.mjs';

const games = Object.fromEntries(
  fs.readFileSync(path.join(root, 'tests', 'data', 'course-appendix-games.tsv'), 'utf8')
    .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')).map(([name, text, verdict]) => [name, { text, verdict }]),
);
const C1 = games['C.1 (as printed with fxg5)'];
const C2 = games['C.2'];
const C3 = games['C.3'];

const env = useBrowser();

async function shot(page, name) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

/** The pieces drawn on the board, as a square -> letter map. */
async function drawnPieces(page, scope = 'body') {
  return page.$$eval(`${scope} g.piece`, (nodes) => Object.fromEntries(nodes.map((n) => [n.dataset.square, n.dataset.piece])));
}

function piecesOfFen(fen) {
  const map = {};
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else map[`${String.fromCharCode(97 + file++)}${8 - i}`] = c;
    }
  });
  return map;
}

async function verdict(page) {
  return (await page.textContent('.ab-line')).trim();
}

test('the three appendix games give the course verdicts', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  for (const [name, game] of [['c1-checkmate', C1], ['c2-checkmate', C2], ['c3-stalemate', C3]]) {
    await typeText(page, game.text);
    // (The last game's report, still coming, may redraw the board first: the verdict is waited for.)
    await waitUntil(page, `${name}: the verdict "${game.verdict}"`, (v) => document.querySelector('.ab-line').textContent.trim() === v, game.verdict, { observe: () => verdict(page) });
    // The board shows the final position: the FEN shown and the pieces drawn agree.
    const fen = await page.inputValue('.ab-fen');
    assert.deepEqual(await drawnPieces(page), piecesOfFen(fen), name);
    assert.equal(await page.locator('.ab-move').count(), game.text.split(' ').length);
    await shot(page, name);
  }
  assert.match(await page.textContent('.ab-friendly'), /Stalemate/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('keyboard stepping changes the board, and f flips it', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  await typeText(page, 'e4 e5 Nf3 Nc6 Bb5 a6');
  await page.click('h1'); // focus out of the text box
  await page.keyboard.press('Home');
  await waitForPiece(page, 'e2', 'P');
  assert.deepEqual(await drawnPieces(page), piecesOfFen(START));
  await page.keyboard.press('ArrowRight');
  await waitForPiece(page, 'e4', 'P');
  const afterE4 = await drawnPieces(page);
  assert.equal(afterE4.e4, 'P');
  assert.equal(afterE4.e2, undefined);
  assert.equal(await page.inputValue('.ab-fen'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  assert.match(await page.textContent('.ab-position'), /^1\. e4: White pawn from e2 to e4\.$/);
  await page.keyboard.press('End');
  await waitForPiece(page, 'a6', 'p');
  assert.equal((await drawnPieces(page)).a6, 'p');
  await page.keyboard.press('ArrowLeft');
  await waitForPiece(page, 'a6', null);
  assert.equal((await drawnPieces(page)).a6, undefined);
  assert.equal(await page.getAttribute('.ab-move.ab-current', 'aria-current'), 'step');
  // Flipping puts a1 at the top left.
  const a1Before = await page.$eval('g.piece[data-square="a1"]', (g) => g.getAttribute('transform'));
  await page.keyboard.press('f');
  await waitUntil(page, 'the board is drawn flipped (the rook on a1 moves)',
    (before) => document.querySelector('g.piece[data-square="a1"]')?.getAttribute('transform') !== before, a1Before);
  const a1After = await page.$eval('g.piece[data-square="a1"]', (g) => g.getAttribute('transform'));
  assert.equal(a1Before, 'translate(0 700)');
  assert.equal(a1After, 'translate(700 0)');
  // The buttons do the same and are labelled.
  await page.click('button[aria-label="First position"]');
  await waitForPiece(page, 'e4', null);
  assert.equal(await page.inputValue('.ab-fen'), `${START} w KQkq - 0 1`);
  assert.equal(await page.isDisabled('button[aria-label="Previous move"]'), true);
  // Clicking a move in the list goes there.
  await page.click('.ab-move >> text=Nf3');
  await waitForPiece(page, 'f3', 'N');
  assert.equal((await drawnPieces(page)).f3, 'N');
  assert.deepEqual(problems, []);
  await context.close();
});

test('errors of each kind are marked in the text and the move list', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  const cases = [
    ['parse', 'e4 d5 i4', "parse error at character 'i'", 'i'],
    ['parse-cyrillic', games['C.3 as printed in the other copy (Cyrillic letters from text extraction)'].text, "parse error at character 'е'", 'е'],
    ['completion', 'e4 e5 exd5 Nf3', 'move completion error: white pawn to d5', 'exd5'],
    ['illegal', 'e4 d5 exd5 0-0 Nf3', 'illegal move: black king from e8 to g8', '0-0'],
  ];
  for (const [name, text, line, marked] of cases) {
    await typeText(page, text);
    // A problem in the move being typed shows once the typing pauses.
    await waitForText(page, '.ab-line', line);
    assert.equal(await verdict(page), line, name);
    assert.equal(await page.textContent('.ab-mark-error'), marked, name);
    assert.equal(await page.locator('.ab-move.ab-bad').count(), 1, name);
    assert.match(await page.textContent('.ab-friendly'), /./);
    if (name !== 'parse' && name !== 'parse-cyrillic') {
      assert.equal((await page.textContent('.ab-move.ab-bad')).trim(), marked, name);
      // The board shows the position before the bad move, with the attempt drawn.
      assert.equal(await page.locator('.ab-move.ab-bad.ab-current').count(), 1, name);
    }
    await shot(page, `error-${name}`);
  }
  // The illegal castling is drawn as an arrow from e8 to g8.
  await typeText(page, 'e4 d5 exd5 0-0');
  assert.equal(await page.getAttribute('line.arrow-error', 'data-from'), 'e8');
  assert.equal(await page.getAttribute('line.arrow-error', 'data-to'), 'g8');
  // Clicking the bad move selects it in the text box.
  await page.click('.ab-move.ab-bad');
  await waitUntil(page, 'the bad move is selected in the text box', () => {
    const t = document.querySelector('.ab-text');
    return t.value.slice(t.selectionStart, t.selectionEnd) === '0-0';
  }, undefined, { observe: () => page.$eval('.ab-text', (t) => [t.selectionStart, t.selectionEnd]) });
  assert.deepEqual(problems, []);
  await context.close();
});

test('an unfinished game gets a suggestion with an arrow, computed in a worker', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  await typeText(page, 'e4 e5 Qh5 Nc6 Bc4 Nf6');
  assert.equal(await verdict(page), 'game incomplete');
  await page.waitForSelector('.ab-suggestion strong', { timeout: 15000 });
  assert.match(await page.textContent('.ab-suggestion'), /Suggested: /);
  const arrow = page.locator('line.arrow-suggest');
  assert.equal(await arrow.count(), 1);
  assert.ok(await arrow.getAttribute('data-from'));
  const workers = page.workers();
  assert.ok(workers.length >= 1, 'the search runs in a web worker');
  await shot(page, 'suggestion');
  // A finished game has none.
  await typeText(page, 'f3 e5 g4 Qh4');
  // (The page redraws everything once the typing has paused, 1.25 s after the
  // last text typed: that redraw of the text before can pass for the new
  // text's. Its verdict says the new one is read; its board is drawn at the next frame.)
  await waitForText(page, '.ab-line', 'black wins by checkmate');
  await framesDrawn(page);
  assert.equal(await page.locator('line.arrow-suggest').count(), 0);
  assert.equal((await page.textContent('.ab-suggestion')).trim(), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the share link restores the moves and the ply', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  await typeText(page, 'd4 d5 c4 e6 Nc3 Nf6');
  await page.click('h1');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('f');
  // The address follows the state a moment later (debounced).
  await waitForHash(page, '&ply=3&flip=1');
  const link = await page.evaluate(() => location.href);
  // The text is compressed (z=, www/link.js) when that is shorter, as here.
  assert.match(link, /#z=[A-Za-z0-9_-]+&ply=3&flip=1$/);
  const fen = await page.inputValue('.ab-fen');
  const second = await openPage(env, link.slice(env.base.length));
  await second.page.waitForSelector('.ab-line:not(:empty)');
  // The link's ply is shown with the verdict; the board draws it at the next frame.
  await waitForPiece(second.page, 'c4', 'P');
  assert.equal(await second.page.inputValue('.ab-text'), 'd4 d5 c4 e6 Nc3 Nf6');
  assert.equal(await second.page.inputValue('.ab-fen'), fen);
  assert.equal(await second.page.$eval('g.piece[data-square="a1"]', (g) => g.getAttribute('transform')), 'translate(700 0)');
  // A bad link value is explained, not fatal.
  const third = await openPage(env, 'index.html#moves=e4%20e5&ply=99&flip=sideways');
  await third.page.waitForSelector('.ab-notice');
  const notices = await third.page.textContent('.ab-notices');
  assert.match(notices, /flip=sideways/);
  assert.match(notices, /ply 99/);
  assert.deepEqual([...problems, ...second.problems, ...third.problems], []);
  await context.close();
  await second.context.close();
  await third.context.close();
});

test('user text enters the page only as text', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  const nasty = '<img src=x onerror="window.pwned=1"> e4 <script>window.pwned=2</script>';
  await typeText(page, nasty);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(await page.locator('.ab-viewer img').count(), 0);
  assert.equal(await page.locator('.ab-backdrop script').count(), 0);
  assert.match(await verdict(page), /^parse error at character '<'$/);
  const second = await openPage(env, `index.html#moves=${encodeURIComponent(nasty)}`);
  await second.page.waitForSelector('.ab-line:not(:empty)');
  assert.equal(await second.page.evaluate(() => window.pwned), undefined);
  assert.deepEqual([...problems, ...second.problems], []);
  await context.close();
  await second.context.close();
});

test('a phone-sized screen and the dark theme', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(C2.text)}`, {
    viewport: { width: 390, height: 844 }, colorScheme: 'dark',
  });
  await page.waitForSelector('.ab-line:not(:empty)');
  await page.waitForSelector('.board-svg g.piece');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (page is ${width}px wide)`);
  const board = await page.$eval('.board-svg', (svg) => svg.getBoundingClientRect().width);
  assert.ok(board > 300 && board <= 390, `the board fills the width (${board}px)`);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(24, 26, 29)');
  await shot(page, 'phone-dark');
  assert.deepEqual(problems, []);
  await context.close();
});

test('long tags, comments and game names wrap: no sideways scrolling on a phone, the game chooser inside its column on a desktop', async () => {
  const url = 'https://lichess.org/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOpQrStUvWxYz';
  const text = [
    `[Event "An extremely long event name: the International Open Championship of Somewhere Far Away"]\n[Site "${url}"]\n[White "Averyveryverylongplayernamewithoutanyspaces"]\n[Black "B"]\n[Result "*"]\n\n`
      + '1. e4 {Supercalifragilisticexpialidociousandsomemorelettersthatneverend} e5 2. Nf3 (2. f4 {Pneumonoultramicroscopicsilicovolcanoconiosis}) Nc6 *',
    '[White "C"]\n[Black "D"]\n[Result "*"]\n\n1. d4 *',
  ].join('\n\n');
  for (const viewport of [{ width: 320, height: 640 }, { width: 1280, height: 900 }]) {
    const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(text)}`, { viewport, hasTouch: viewport.width < 400, isMobile: viewport.width < 400 });
    await page.waitForSelector('.ab-game-picker:not([hidden])');
    await page.waitForSelector('.ab-comment');
    const seen = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
    // (A phone widens its layout to the widest content: innerWidth grows too.)
    assert.ok(seen.scroll <= viewport.width && seen.inner === viewport.width, `no sideways scrolling at ${viewport.width} px: ${JSON.stringify(seen)}`);
    const outside = await page.evaluate(() => {
      const side = document.querySelector('.ab-side').getBoundingClientRect();
      return [...document.querySelectorAll('.ab-side .ab-info, .ab-side .ab-comment, .ab-side .ab-games')]
        .filter((e) => [...e.getClientRects()].some((r) => r.right > side.right + 0.5))
        .map((e) => e.className);
    });
    assert.deepEqual(outside, [], `nothing sticks out of the column at ${viewport.width} px`);
    await shot(page, `long-words-${viewport.width}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the custom element works from one script tag', async () => {
  const { page, context, problems } = await openPage(env, '__tests__/element.html');
  // Both boards analysed and drawn (the editing one shows a1 flipped).
  await waitUntil(page, 'both elements show a verdict and a drawn board', () => ['#plain', '#editing'].every((id) => {
    const shadow = document.querySelector(id)?.shadowRoot;
    return shadow?.querySelector('.ab-line')?.textContent && shadow.querySelector('g.piece[data-square="a1"]');
  }));
  const plain = page.locator('#plain');
  assert.equal(await plain.locator('.ab-line').textContent(), 'game incomplete');
  assert.equal(await plain.locator('.ab-text').count(), 0, 'no text box unless asked');
  assert.equal(await plain.locator('.ab-fen').inputValue(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 'starts at ply="1"');
  const editing = page.locator('#editing');
  assert.equal(await editing.locator('.ab-line').textContent(), 'black wins by checkmate');
  assert.equal(await editing.locator('.ab-text').count(), 1);
  assert.equal(await editing.locator('g.piece[data-square="a1"]').getAttribute('transform'), 'translate(700 0)', 'orientation="black"');
  // Events on ply changes; keys work when the element has focus.
  await page.evaluate(() => {
    window.events = [];
    document.querySelector('#plain').addEventListener('plychange', (e) => window.events.push(e.detail));
  });
  await plain.locator('button[aria-label="Next move"]').click();
  await plain.focus();
  await page.keyboard.press('ArrowRight');
  await waitUntil(page, 'two plychange events have arrived', () => window.events.length >= 2, undefined, {
    observe: () => page.evaluate(() => window.events),
  });
  const events = await page.evaluate(() => window.events);
  assert.deepEqual(events.map((e) => e.ply), [2, 3]);
  assert.equal(events[1].move, 'Nf3');
  // Changing the attribute re-analyses.
  await page.evaluate(() => document.querySelector('#plain').setAttribute('moves', 'e4 e5 exd5'));
  await waitForText(page, '#plain .ab-line', 'move completion error: white pawn to d5');
  assert.equal(await plain.locator('.ab-line').textContent(), 'move completion error: white pawn to d5');
  await shot(page, 'custom-element');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the iframe embed hides the editing chrome and reports its height', async () => {
  const { page, context, problems } = await openPage(env, '__tests__/iframe.html');
  const frame = page.frameLocator('#frame');
  await frame.locator('.ab-line:not(:empty)').waitFor();
  // The frame reports its height once its page is laid out.
  await waitUntil(page, 'the frame reports a height over 300 px', () => window.heights.at(-1) > 300, undefined, {
    observe: () => page.evaluate(() => window.heights),
  });
  assert.equal(await frame.locator('.ab-text').count(), 0);
  assert.equal(await frame.locator('.page-header').isVisible(), false);
  assert.equal(await frame.locator('.ab-fen').inputValue(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  const heights = await page.evaluate(() => window.heights);
  assert.ok(heights.length >= 1 && heights.at(-1) > 300, `heights ${heights}`);
  await shot(page, 'iframe');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a PGN as lichess exports it: tags, comments, a resignation, copy PGN', async () => {
  const pgn = [
    '[Event "Rated blitz game"]',
    '[Site "https://lichess.org/abcdefgh"]',
    '[Date "2024.05.01"]',
    '[White "Alice"]',
    '[Black "Bob"]',
    '[Result "1-0"]',
    '',
    '1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 Nc6 3. Bb5 a6?! (3... Nf6 4. O-O) 4. Ba4 Nf6 $1 5. O-O Be7 1-0',
    '',
  ].join('\r\n');
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  await typeText(page, pgn);
  // A resignation is headed by the result the text states.
  assert.equal(await verdict(page), '1-0');
  assert.match(await page.textContent('.ab-friendly'), /Black resigned or lost on time, the text says; the position is not checkmate/);
  const info = await page.textContent('.ab-info');
  assert.match(info, /Alice – Bob/);
  assert.match(info, /the text says 1-0/);
  assert.match(info, /read as PGN/);
  // Ten moves of the main line and the two of its variation, all clickable.
  assert.equal(await page.locator('.ab-move').count(), 12);
  assert.equal(await page.textContent('.ab-move.ab-current .ab-san'), 'Be7');
  assert.equal(await page.locator('.ab-aside .ab-move').count(), 2);
  assert.equal(await page.textContent('.ab-move[data-path="5"] .ab-glyphs'), '?!');
  assert.equal(await page.textContent('.ab-move[data-path="0"] .ab-clock'), '0:03:00');
  // Copy PGN puts a PGN of the game on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('button[data-action="copy-pgn"]');
  await page.waitForSelector('.ab-copied:not(:empty)');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /\[White "Alice"\]/);
  // The whole tree: clocks, glyphs (as NAGs) and the variation.
  assert.match(copied.replace(/\s+/g, ' '), /1\. e4 \{ \[%clk 0:03:00\] \} 1\.\.\. e5 \{ \[%clk 0:03:00\] \} 2\. Nf3 Nc6 3\. Bb5 a6 \$6 \(3\.\.\. Nf6 4\. O-O\) 4\. Ba4 Nf6 \$1 5\. O-O Be7 1-0/);
  await shot(page, 'pgn');
  assert.deepEqual(problems, []);
  await context.close();
});
