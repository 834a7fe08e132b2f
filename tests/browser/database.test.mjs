// A database pasted: a long text of many games has only the game on screen
// in the text box (Chromium lays out a 1 MB text box in about a second), the
// others kept as they are. Choosing, playing, typing, undoing and pasting
// over it, with real input in headless Chromium.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fetchingTheReader, openPage, shots, useBrowser, WAIT, waitUntil } from './harness.mjs';

const env = useBrowser();

/** `n` games, each told apart by its players and its event; over 20,000 characters for 200. */
const database = (n, moves = () => '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *') => Array.from({ length: n }, (_, i) =>
  `[Event "Club night ${i + 1}"]\n[White "White ${i + 1}"]\n[Black "Black ${i + 1}"]\n[Result "*"]\n\n${moves(i)}`);

async function pastedOver(text, { start = 'e4' } = {}) {
  const o = await openPage(env, `index.html#moves=${encodeURIComponent(start)}&report=0`);
  await o.page.waitForSelector('.ab-line:not(:empty)');
  await o.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.base).origin });
  await o.page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await o.page.focus('.ab-text');
  await o.page.keyboard.press('Control+A');
  await o.page.keyboard.press('Control+V');
  return o;
}

const boxIs = (page, text, what) => waitUntil(page, what ?? `the box holds ${JSON.stringify(text.slice(0, 40))}…`,
  (t) => document.querySelector('.ab-text').value === t, text, { observe: () => page.inputValue('.ab-text') });

const listed = (page, n) => waitUntil(page, `the chooser lists ${n} games`, (count) =>
  document.querySelectorAll('.ab-games option').length === count && !document.querySelector('.ab-games').hasAttribute('aria-busy'), n);

const choose = async (page, index) => {
  await page.selectOption('.ab-games', String(index));
  await waitUntil(page, `game ${index + 1} is shown`, (i) => document.querySelector('.ab-info').textContent.includes(`game ${i + 1} of`), index);
};

test('a database pasted: the box holds the game on screen; choosing, a move, Undo and typing change that game only', async () => {
  const games = database(200);
  const text = games.join('\n\n');
  assert.ok(text.length > 20_000);
  const { page, context, problems } = await pastedOver(text);
  await listed(page, 200);
  await boxIs(page, games[0]);
  assert.match(await page.textContent('.ab-window-note'), /game 1 of the text's 200 \(choose another under "Game 1 of 200"\)/);
  assert.equal(await page.isVisible('.ab-show-whole'), true);

  await choose(page, 149);
  await boxIs(page, games[149]);
  assert.match(await page.textContent('.ab-window-note'), /game 150 of the text's 200 \(choose another under "Game 150 of 200"\)/);
  await page.screenshot({ path: path.join(shots, 'database-chosen.png'), fullPage: true });

  // A move on the board goes into that game, shown in the box; the next game is as it was.
  await page.locator('.ab-square[data-square="b5"]').click();
  await page.locator('.ab-square[data-square="a4"]').click();
  // (The game is written again as a PGN exports it: the seven tags, then the moves.)
  const moved = () => /^\[Event "Club night 150"\][^]*\[White "White 150"\][^]*3\. Bb5 a6 4\. Ba4 \*$/.test(document.querySelector('.ab-text').value)
    && !document.querySelector('.ab-text').value.includes('151');
  await waitUntil(page, 'the box holds game 150 with the move', moved, undefined, { observe: () => page.inputValue('.ab-text') });
  const movedText = await page.inputValue('.ab-text');
  await choose(page, 150);
  await boxIs(page, games[150]);
  await choose(page, 149);
  await boxIs(page, movedText);
  // Undo takes the move back, in the game it was played in.
  await page.click('button[data-action="undo"]');
  await boxIs(page, games[149]);

  // Typing at the start of the box: that game's tags; the chooser lists the change, the neighbours unchanged.
  await page.focus('.ab-text');
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('[Round "7"]\n');
  await boxIs(page, `[Round "7"]\n${games[149]}`);
  await waitUntil(page, 'the chooser lists the typed round', () => /Club night 150.*7|7.*Club night 150/.test(
    document.querySelectorAll('.ab-games option')[149]?.textContent ?? ''), null,
  { observe: () => page.evaluate(() => document.querySelectorAll('.ab-games option')[149]?.textContent) });
  await listed(page, 200);
  const titles = await page.$$eval('.ab-games option', (o) => o.map((x) => x.textContent));
  assert.match(titles[148], /^White 149 – Black 149/);
  assert.match(titles[150], /^White 151 – Black 151/);

  // The whole text, on asking: every game, the typed tag in its place.
  await page.click('.ab-show-whole');
  const whole = games.map((g, i) => (i === 149 ? `[Round "7"]\n${g}` : g)).join('\n\n');
  await boxIs(page, whole, 'the box holds the whole text');
  assert.equal(await page.isVisible('.ab-window-note'), false);
  // And keeps it when another game is chosen.
  await choose(page, 3);
  assert.equal(await page.inputValue('.ab-text'), whole);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a database\'s bad move is marked in the box that holds its game; a short paste over the box replaces the whole text', async () => {
  const games = database(200, (i) => (i === 99 ? '1. e4 e5 2. Nf3 Nc6 3. Bz5 a6 *' : '1. d4 d5 2. c4 e6 3. Nc3 Nf6 *'));
  assert.ok(games.join('\n').length > 20_000);
  const { page, context, problems } = await pastedOver(games.join('\n'));
  await listed(page, 200);
  await choose(page, 99);
  await boxIs(page, games[99]);
  // The bad move's problem (the file "z"), marked behind the box's text where it stands in this game's text.
  await waitUntil(page, 'the bad move is marked', () => document.querySelector('.ab-backdrop mark.ab-mark-error')?.textContent === 'z');
  const before = await page.$eval('.ab-backdrop', (b) => b.textContent);
  assert.equal(before, `${games[99]}\n`);
  // Clicking it in the move list selects it in the box.
  await page.click('.ab-move[data-error-line]');
  await waitUntil(page, 'the bad move is selected in the box', () => {
    const t = document.querySelector('.ab-text');
    return t.value.slice(t.selectionStart, t.selectionEnd) === 'z' && t.value.slice(t.selectionStart - 1, t.selectionEnd + 1) === 'Bz5';
  });

  // Everything in the box selected and a short game pasted: a new text, not a game replaced.
  await page.evaluate(() => navigator.clipboard.writeText('1. f3 e5 2. g4 Qh4#'));
  await page.focus('.ab-text');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await boxIs(page, '1. f3 e5 2. g4 Qh4#');
  await waitUntil(page, 'the new game is read', () => document.querySelector('.ab-line').textContent === 'black wins by checkmate');
  assert.equal(await page.isVisible('.ab-game-picker'), false);
  assert.equal(await page.isVisible('.ab-window-note'), false);

  // The box's own undo knows only the game it held: a notice offers the whole text back.
  const whole = games.join('\n');
  assert.equal(await page.textContent('.ab-dropped > span'),
    `The paste replaced the whole text (${whole.length.toLocaleString('en')} characters), not only the part the box showed.`);
  await page.click('.ab-restore');
  await listed(page, 200);
  await boxIs(page, games[99]);
  assert.equal(await page.isVisible('.ab-dropped'), false);
  // And Undo takes the restoring back.
  await page.click('button[data-action="undo"]');
  await boxIs(page, '1. f3 e5 2. g4 Qh4#');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a database pasted into a game: the box holds the game read, and the text around it is kept', async () => {
  // The cursor after "e4 ": the paste goes in there, the whole text becomes many games.
  const games = database(200);
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('1. c4 *')}&report=0`);
  await page.waitForSelector('.ab-line:not(:empty)');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.base).origin });
  await page.evaluate((t) => navigator.clipboard.writeText(t), `\n\n${games.join('\n\n')}`);
  await page.focus('.ab-text');
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+V');
  await listed(page, 201);
  // Still the first game, the one the text had: the box holds it alone.
  await boxIs(page, '1. c4 *');
  await choose(page, 200);
  await boxIs(page, games[199]);
  await page.click('.ab-show-whole');
  await boxIs(page, `1. c4 *\n\n${games.join('\n\n')}`, 'the box holds the whole text');
  assert.deepEqual(problems, []);
  await context.close();
});

/**
 * The page opened with its chess module held back (`fail`: answered 503
 * instead; index.html without the reader inside it, so that it is fetched)
 * and a database pasted meanwhile; `release()` lets the module come.
 */
async function pastedBeforeTheRules(text, { fail = false } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(WAIT);
  await fetchingTheReader(context);
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  await context.route(`${env.base}www/pkg/analysis_board_bg.wasm`, async (route) => {
    if (fail) return route.fulfill({ status: 503, body: 'down for maintenance' });
    await released;
    return route.continue();
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.base).origin });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  await page.goto(`${env.base}index.html#report=0`);
  await page.waitForSelector('.ab-text');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.focus('.ab-text');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  return { page, context, problems, release };
}

test('a database pasted before the rules have loaded waits for them, the box empty and read-only, then holds its first game', async () => {
  const games = database(200);
  const text = games.join('\n\n');
  const { page, context, problems, release } = await pastedBeforeTheRules(text);
  await waitUntil(page, 'the box waits for the rules, saying so', (says) => {
    const box = document.querySelector('.ab-text');
    return box.value === '' && box.readOnly && box.placeholder === 'The text comes here once the rules have loaded…'
      && document.querySelector('.ab-window-note').textContent.includes(says);
  }, `The text (${text.length.toLocaleString('en')} characters) is shown here once the rules have loaded.`);
  assert.equal(await page.isVisible('.ab-show-whole'), false);
  release();
  await listed(page, 200);
  await boxIs(page, games[0]);
  assert.equal(await page.evaluate(() => document.querySelector('.ab-text').readOnly), false);
  assert.match(await page.getAttribute('.ab-text', 'placeholder'), /^Paste a game/);
  assert.match(await page.textContent('.ab-window-note'), /game 1 of the text's 200 \(choose another under "Game 1 of 200"\)/);
  assert.equal(await page.isVisible('.ab-show-whole'), true);
  // Nothing was lost while it waited.
  await page.click('.ab-show-whole');
  await boxIs(page, text, 'the box holds the whole text');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a database pasted when the rules cannot load: the box holds all of it, to be typed in', async () => {
  const text = database(200).join('\n\n');
  const { page, context } = await pastedBeforeTheRules(text, { fail: true });
  await waitUntil(page, 'the page says the rules could not load', () => /could not load/.test(document.querySelector('.ab-viewer').textContent));
  await boxIs(page, text, 'the box holds the whole text');
  assert.equal(await page.evaluate(() => document.querySelector('.ab-text').readOnly), false);
  assert.equal(await page.isVisible('.ab-window-note'), false);
  await context.close();
});

test('Ctrl+Z in the box after a long paste takes it back (after the moves played since), as the browser does a short one', async () => {
  const games = database(200);
  const { page, context, problems } = await pastedOver(games.join('\n\n'), { start: '1. d4 d5 *' });
  await listed(page, 200);
  await boxIs(page, games[0]);
  // A move on the board in game 1, then Ctrl+Z in the box: the move, then the paste.
  await page.locator('.ab-square[data-square="b5"]').click();
  await page.locator('.ab-square[data-square="a4"]').click();
  await waitUntil(page, 'the box holds game 1 with the move', () => document.querySelector('.ab-text').value.endsWith('3. Bb5 a6 4. Ba4 *'));
  await page.focus('.ab-text');
  await page.keyboard.press('Control+Z');
  await boxIs(page, games[0], 'the move is taken back');
  await page.keyboard.press('Control+Z');
  await boxIs(page, '1. d4 d5 *', 'the paste is taken back');
  await waitUntil(page, 'the old game is read and the page says so', () =>
    document.querySelector('.ab-move-problem').textContent === 'Paste undone.' && document.querySelector('.ab-game-picker').hidden
    && document.querySelector('.ab-window-note').hidden);
  // Typed since a paste: Ctrl+Z is the browser's own again (it undoes the typing, not the paste).
  await page.evaluate((t) => navigator.clipboard.writeText(t), games.join('\n\n'));
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await listed(page, 200);
  await boxIs(page, games[0]);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' ');
  await boxIs(page, `${games[0]} `);
  await page.keyboard.press('Control+Z');
  await boxIs(page, games[0], 'the typing is undone');
  assert.deepEqual(problems, []);
  await context.close();
});
