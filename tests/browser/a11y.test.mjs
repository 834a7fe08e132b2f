// Accessibility, as a keyboard or screen reader user meets the page:
// axe-core over every state (no serious or critical violation), the
// keyboard alone (Escape leaves the text box, the arrows step, focus never
// falls to the body, one tab stop for the move list), the board read
// square by square, and the states that used to confuse.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { openPage, shots, useBrowser, waitForText, waitUntil } from './harness.mjs';

const env = useBrowser();

/** Serious and critical violations, as "rule: target (summary)" lines. */
async function violations(page, include) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(0, 2).join(' ')})`));
}

const STATES = [
  ['empty', ''],
  ['a game', 'e4 e5 Nf3 Nc6 Bb5 a6'],
  ['checkmate', 'f3 e5 g4 Qh4'],
  ['parse error', 'e4 e5 Nf3 N?6'],
  ['completion error', 'e4 e5 exd5'],
  ['illegal move', 'e4 e5 Ke3 Nc6'],
  ['annotated PGN', '[White "A"]\n1. e4 {best} e5 $2 (1... c5 2. Nf3) 2. Nf3 *'],
  ['congo', 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5'],
  ['checkers', 'c3->d4 f6->e5 d4->f6'],
  ['problem', '1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n'],
];

test('no serious or critical axe-core violation in any state, light and dark, wide and narrow', async () => {
  for (const [colorScheme, viewport] of [['light', { width: 1280, height: 900 }], ['dark', { width: 390, height: 844 }]]) {
    for (const [name, text] of STATES) {
      const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(text)}`, { colorScheme, viewport });
      await page.waitForSelector('.ab-line:not(:empty), .ab-invite:not([hidden])');
      await waitUntil(page, 'the page is settled (no suggestion pending)', () => !document.querySelector('.ab-thinking'));
      assert.deepEqual(await violations(page), [], `${name}, ${colorScheme}, ${viewport.width} px`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

test('no serious or critical violation in an embed, in the element, on the puzzle', async () => {
  for (const url of [
    'index.html#moves=e4%20e5%20Nf3&embed=1',
    `index.html#moves=${encodeURIComponent('3r2k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1')}&mode=puzzle&embed=1`,
    '__tests__/element.html',
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      const { page, context, problems } = await openPage(env, url, { colorScheme });
      await page.waitForSelector('g.piece');
      await waitUntil(page, 'the page is settled', () => !document.querySelector('.ab-thinking'));
      assert.deepEqual(await violations(page), [], `${url}, ${colorScheme}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

test('the keyboard alone: Escape leaves the text box, arrows step, focus stays on what was used', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=');
  await page.waitForSelector('.ab-invite:not([hidden])');
  await page.focus('.ab-text');
  await page.keyboard.type('e4 e5 Nf3 Nc6 Bb5');
  await waitForText(page, '.ab-line', 'game incomplete');
  await page.keyboard.press('Escape');
  const focused = () => page.evaluate(() => document.activeElement?.className ?? document.activeElement?.tagName);
  assert.match(await focused(), /ab-move/, 'Escape goes to the move list');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await waitUntil(page, 'the first move is shown', () => document.querySelector('.ab-move.ab-current')?.dataset.path === '0');
  assert.match(await focused(), /ab-move ab-cell ab-current/, 'the focus follows the current move');
  // Enter on a move keeps the focus there.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  assert.match(await focused(), /ab-move/);
  // Next, pressed until the end, keeps its focus.
  await page.keyboard.press('Home');
  await page.focus('button[aria-label="Next move"]');
  for (let i = 0; i < 7; i++) await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Next move');
  assert.equal(await page.getAttribute('button[aria-label="Next move"]', 'aria-disabled'), 'true');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the number of Tab stops does not grow with the game', async () => {
  const count = async (text) => {
    const { page, context } = await openPage(env, `index.html#moves=${encodeURIComponent(text)}`);
    await page.waitForSelector('.ab-line:not(:empty)');
    await page.focus('h1').catch(() => {});
    const stops = await page.evaluate(() => [...document.querySelectorAll('a, button, input, select, textarea, [tabindex]')]
      .filter((e) => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null).length);
    await context.close();
    return stops;
  };
  const short = await count('e4 e5');
  const long = await count('e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6');
  assert.equal(long, short);
});

test('the board is read square by square, and the position as a whole', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=e4%20e5%20Nf3');
  await page.waitForSelector('g.piece');
  const grid = page.getByRole('grid', { name: /Board/ });
  assert.equal(await grid.count(), 1);
  assert.equal(await page.getByRole('gridcell', { name: 'f3, white knight' }).count(), 1);
  assert.equal(await page.getByRole('gridcell', { name: 'e6, empty' }).count(), 1);
  // Tab to the board, move the cursor, play a move: Nc6 by the keyboard.
  await page.getByRole('gridcell', { name: 'a1, white rook' }).focus();
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'a2, white pawn');
  await page.getByRole('gridcell', { name: 'b8, black knight' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await waitUntil(page, 'Nc6 is played', () => document.querySelector('.ab-text').value === 'e4 e5 Nf3 Nc6');
  assert.match(await page.textContent('.ab-position'), /^2\.\.\. Nc6: Black knight from b8 to c6\./);
  // The whole position, read out.
  await page.click('button[data-action="read"]');
  await waitUntil(page, 'the position is read', () => /^White: king e1/.test(document.querySelector('.ab-readout').textContent));
  assert.match(await page.textContent('.ab-readout'), /Black: king e8, queen d8, .*knights? .*c6/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a move played on the board with the keyboard: Ctrl+Z there takes it back, f flips, the focus stays on the square', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=');
  await page.waitForSelector('.ab-invite:not([hidden])');
  // Typed in the box: the browser's own undo would have that typing to bring back.
  await page.focus('.ab-text');
  await page.keyboard.insertText('e4 e5 Nf3');
  await waitForText(page, '.ab-line', 'game incomplete');
  await page.getByRole('gridcell', { name: 'b8, black knight' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await waitUntil(page, 'Nc6 is played', () => document.querySelector('.ab-text').value === 'e4 e5 Nf3 Nc6');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  await page.keyboard.press('Control+z');
  await waitUntil(page, 'Nc6 is taken back', () => document.querySelector('.ab-text').value === 'e4 e5 Nf3', undefined,
    { observe: () => page.inputValue('.ab-text') });
  // (The board is drawn at the next frame: its square says what it holds then.)
  await waitUntil(page, 'the focus stays on the board, on c6 emptied', () => document.activeElement?.getAttribute('aria-label') === 'c6, empty', undefined, { observe: focused });
  assert.equal(await page.textContent('.ab-move-problem'), 'Undone.');
  await page.keyboard.press('f');
  await waitUntil(page, 'the board is flipped (h1 drawn first)', () => document.querySelector('.ab-square')?.dataset.square === 'h1');
  assert.equal(await focused(), 'c6, empty', 'the focus stays on the same square of the flipped board');
  assert.equal(await page.inputValue('.ab-text'), 'e4 e5 Nf3');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the board editor by the keyboard: Tab leaves a field changed for the next one, and a refusal is not left standing once the position is used', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=e4%20e5');
  await page.waitForSelector('g.piece');
  await page.focus('button[data-action="set-up"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.ab-setup:not([hidden]) .ab-swatch.ab-chosen:focus');
  const focused = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.dataset.right ?? ''}`);
  // The palette is a radio group: the arrows choose, Tab leaves it.
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.ab-swatch.ab-chosen[data-piece="k"]:focus');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.ab-swatch.ab-chosen[data-piece="N"]:focus');
  assert.equal(await page.getAttribute('.ab-swatch[data-piece="N"]', 'aria-checked'), 'true');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`), 'BUTTON White to move', 'one tab stop for the palette');
  await page.focus('.ab-move-number');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await waitUntil(page, 'the FEN has move 12', () => / 12$/.test(document.querySelector('.ab-fen').value));
  assert.equal(await focused(), 'INPUT En passant square', 'Tab goes on to the next field');
  await page.keyboard.type('z9');
  await page.keyboard.press('Tab');
  await waitForText(page, '.ab-setup-problems', 'Impossible: the en passant field must be a square or -.');
  assert.equal(await focused(), 'INPUT K', 'Tab goes on to the first castling right');
  await page.keyboard.press('Space');
  await waitUntil(page, 'the FEN has no white O-O', () => / w Qkq /.test(document.querySelector('.ab-fen').value) || document.querySelector('.ab-fen').value === '');
  assert.equal(await focused(), 'INPUT K', 'the box ticked keeps the focus');
  await page.click('button[data-setup]:text("Use this position")');
  await waitForText(page, '.ab-move-problem', 'Fix the position first: it cannot be played from.');
  await page.focus('.ab-ep');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await waitUntil(page, 'the position can be used', () => document.querySelectorAll('.ab-setup-problems li').length === 0);
  await page.focus('button[data-setup]:text("Use this position")');
  await page.keyboard.press('Enter');
  await waitUntil(page, 'the position is used', () => document.querySelector('.ab-text').value === 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w Qkq - 0 12');
  assert.equal(await page.textContent('.ab-move-problem'), '', 'the refusal is gone with the position it was about');
  assert.equal(await focused(), 'BUTTON ', 'the focus is on "Set up a position" again');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.action), 'set-up');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the promotion chooser by the keyboard: Tab goes round its choices, Escape closes it, Enter on one plays it', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('8/P6k/8/8/8/8/8/K7 w - - 0 1')}`);
  await page.waitForSelector('g.piece');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
  const promote = async () => {
    await page.getByRole('gridcell', { name: 'a7, white pawn' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.ab-chooser:not([hidden]) .ab-choice:focus');
  };
  await promote();
  const seen = [await focused()];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focused());
  }
  assert.deepEqual(seen, ['white queen', 'white rook', 'white bishop', 'white knight', 'Cancel', 'white queen']);
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), 'Cancel');
  await page.keyboard.press('Escape');
  await page.waitForSelector('.ab-chooser[hidden]', { state: 'attached' });
  assert.equal(await focused(), 'a8, empty', 'the focus is back on the board');
  await promote();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await waitUntil(page, 'a8=R is played', () => document.querySelector('.ab-text').value.includes('1. a8=R'));
  assert.equal(await focused(), 'a8, white rook');
  assert.deepEqual(problems, []);
  await context.close();
});

test('clear states: an invitation when empty, no error while typing, the stated result, long tokens', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=');
  await page.waitForSelector('.ab-invite:not([hidden])');
  assert.match(await page.textContent('.ab-invite'), /Paste or type a game/);
  assert.equal(await page.locator('.ab-line').textContent(), '', 'no verdict for an empty box');
  // Typing a move: no red error for the token being typed.
  await page.focus('.ab-text');
  await page.keyboard.type('e4 e5 N');
  await waitUntil(page, 'the page waits for the move to be finished', () => /typing/.test(document.querySelector('.ab-friendly').textContent));
  assert.equal(await page.locator('.ab-line.ab-parse_error').count(), 0);
  await page.keyboard.type('f3');
  await waitForText(page, '.ab-line', 'game incomplete');
  // After a pause, an unfinished move is an error.
  await page.keyboard.type(' N');
  await waitUntil(page, 'the error shows after a pause', () => document.querySelector('.ab-line').classList.contains('ab-parse_error'), undefined, { timeout: 5000 });
  // A resignation: headed by the stated result.
  await page.fill('.ab-text', '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0');
  await waitForText(page, '.ab-line', '1-0');
  assert.match(await page.textContent('.ab-friendly'), /^1-0: Black resigned or lost on time, the text says; the position is not checkmate\.$/);
  // A parse error says nothing about a board drawing.
  await page.fill('.ab-text', 'e4 e5 Nf3 N?6');
  await waitUntil(page, 'the parse error', () => document.querySelector('.ab-line').classList.contains('ab-parse_error'), undefined, { timeout: 5000 });
  await page.keyboard.press('Escape');
  assert.doesNotMatch(await page.textContent('.ab-position'), /drawn/);
  // A long bad token stays in its cell.
  await page.fill('.ab-text', `e4 e5 ${'N'.repeat(60)}f3`);
  await waitUntil(page, 'the long token is marked', () => document.querySelector('.ab-move.ab-bad') !== null, undefined, { timeout: 5000 });
  const fits = await page.evaluate(() => {
    const cell = document.querySelector('.ab-move.ab-bad');
    return cell.scrollWidth <= cell.clientWidth + 1 && cell.getBoundingClientRect().right <= document.querySelector('.ab-moves').getBoundingClientRect().right + 1;
  });
  assert.ok(fits, 'the bad token wraps inside its cell');
  await page.screenshot({ path: path.join(shots, 'a11y-long-token.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the board editor closes with Escape as with Cancel: the position set up is thrown away, the focus is back on "Set up a position"', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=e4%20e5');
  await page.waitForSelector('g.piece');
  const open = async () => {
    await page.focus('button[data-action="set-up"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.ab-setup:not([hidden]) .ab-swatch.ab-chosen:focus');
  };
  const closedOnSetUp = async (where) => {
    await waitUntil(page, `Escape (${where}) closes the editor`, () => document.querySelector('.ab-setup').hidden, undefined,
      { observe: () => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80)) });
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), 'set-up', `the focus is on "Set up a position" (${where})`);
  };
  // From the palette, with a piece placed: the board shows the game again, the text is as it was.
  await open();
  const gameEp = await page.inputValue('.ab-ep');
  await page.getByRole('gridcell', { name: 'd4, empty' }).click();
  await page.focus('.ab-swatch.ab-chosen');
  await page.keyboard.press('Escape');
  await closedOnSetUp('on the palette');
  // (The board is drawn again at its next frame: waited for, not read at once.)
  await page.getByRole('gridcell', { name: 'd4, empty' }).waitFor();
  assert.equal(await page.getByRole('gridcell', { name: 'd4, empty' }).count(), 1, 'the piece placed is thrown away');
  assert.equal(await page.inputValue('.ab-text'), 'e4 e5');
  // From a closed list and from a text field of the editor.
  await open();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'ab-action ab-side-to-move');
  await page.keyboard.press('Escape');
  await closedOnSetUp('on the side to move');
  await open();
  await page.focus('.ab-ep');
  await page.keyboard.type('e3');
  await page.keyboard.press('Escape');
  await closedOnSetUp('in the en passant field');
  // Opened again: the position of the game, not the one thrown away.
  await open();
  assert.equal(await page.inputValue('.ab-ep'), gameEp, 'the field typed in is thrown away');
  assert.equal(await page.getByRole('gridcell', { name: 'd4, empty' }).count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

/** Opens a game with mistakes and waits for its report to be done. */
async function reported(text) {
  const opened = await openPage(env, `index.html#moves=${encodeURIComponent(text)}`);
  await waitUntil(opened.page, 'the report is done', () => /^Report on \d+ moves/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''),
    undefined, { timeout: 60_000, observe: () => opened.page.textContent('.ab-report-progress') });
  return opened;
}

test('the report\'s proven facts: said with their move, and Tab goes from the move to its facts', async () => {
  const { page, context, problems } = await reported('f3 e5 g4 d6 Nc3 Qh4');
  const focused = () => page.evaluate(() => document.activeElement?.textContent);
  await page.focus('.ab-text');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await waitUntil(page, '2. g4 is shown', () => document.activeElement?.dataset.path === '2');
  // The move is described by its fact, so a screen reader says both.
  const description = await page.evaluate(() => document.activeElement.getAttribute('aria-describedby')?.split(' ')
    .map((id) => document.getElementById(id)?.textContent).join(' | '));
  assert.equal(description, 'Proven: 2. g4: allows mate in 1 (Qh4#)');
  // Tab: the fact (the only one of this move); Shift+Tab: back to the move.
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'Proven: 2. g4: allows mate in 1 (Qh4#)');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.path), '2');
  // Enter on the fact shows the position before the move with the better move; the focus stays in the list.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForSelector('line.arrow-better', { state: 'attached' });
  assert.equal(await page.getAttribute('.ab-move.ab-current', 'data-path'), '1');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.path), '1', 'the focus is on the move shown');
  // The better move drawn is said in words too (the board's label and the line under it).
  assert.match(await page.textContent('.ab-position'), /\. Better than 2\. g4: \S+ \(the arrow on the board\)\.$/);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('line.arrow-better[data-from="d8"][data-to="h4"]', { state: 'attached' });
  assert.match(await page.textContent('.ab-position'), /\. Better than 2\.\.\. d6: Qh4# \(the arrow on the board\)\.$/);
  assert.match(await page.getAttribute('.ab-squares', 'aria-label'), /Better than 2\.\.\. d6: Qh4#/);
  await page.keyboard.press('ArrowLeft');
  // A move without facts: Tab leaves the list (no fact of another move on the way).
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('.ab-moves')), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the better move is said under the board once the report proves it, on the position already shown', async () => {
  // Opened by a link on the position before 2. g4: shown before the report has come.
  const { page, context, problems } = await openPage(env, '#moves=f3%20e5%20g4%20d6%20Nc3%20Qh4&ply=2');
  await page.waitForSelector('line.arrow-better', { state: 'attached' });
  await waitUntil(page, 'the line under the board names the better move', () => /Better than 2\. g4: \S+ \(the arrow on the board\)\.$/.test(document.querySelector('.ab-position').textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the evaluation graph by the keyboard: one tab stop, a slider over the plies, the arrows, Home and End go along it', async () => {
  const { page, context, problems } = await reported('f3 e5 g4 d6 Nc3 Qh4');
  const graph = page.getByRole('slider', { name: /^Evaluation graph/ });
  assert.equal(await graph.count(), 1);
  // Reached with Tab from the field before it.
  await page.focus('.ab-move-input');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('class')), 'ab-graph');
  const [style, width] = await page.evaluate(() => [getComputedStyle(document.activeElement).outlineStyle, parseFloat(getComputedStyle(document.activeElement).outlineWidth)]);
  assert.ok(style !== 'none' && width >= 2, `a visible focus ring (${style} ${width}px)`);
  const current = () => page.evaluate(() => document.querySelector('.ab-move.ab-current')?.dataset.path ?? 'start');
  const value = () => page.evaluate(() => [document.activeElement.getAttribute('aria-valuenow'), document.activeElement.getAttribute('aria-valuetext')]);
  assert.equal((await value())[0], '6', 'at the end of the game');
  assert.equal(await graph.getAttribute('aria-valuemin'), '0');
  assert.equal(await graph.getAttribute('aria-valuemax'), '6');
  await page.keyboard.press('Home');
  assert.equal(await current(), 'start');
  assert.match((await value())[1], /^Start position/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await current(), '2');
  assert.deepEqual(await value(), ['3', '2. g4 ??, evaluation ' + await page.evaluate(() => document.querySelector('.ab-report-eval').textContent.match(/^This board's engine: ([^;]+)/)[1])]);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await current(), '1');
  await page.keyboard.press('End');
  assert.equal(await current(), '5');
  await page.keyboard.press('ArrowRight');
  assert.equal(await current(), '5', 'no further than the last ply');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('class')), 'ab-graph', 'the focus stays on the graph');
  assert.deepEqual(await violations(page), [], 'the page with its report done');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Home in a variation goes to the start of the game, End to the end of the line on screen (as on lichess)', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 Nc6 *')}&path=1.0.0`);
  await page.waitForSelector('.ab-move.ab-current[data-path="1.0.0"]');
  await page.click('h1');
  await page.keyboard.press('End');
  await page.waitForSelector('.ab-move.ab-current[data-path="1.0.2"]');
  await page.keyboard.press('Home');
  await waitUntil(page, 'the start position', () => !document.querySelector('.ab-move.ab-current'));
  assert.match(await page.textContent('.ab-position'), /^Start position/);
  await page.keyboard.press('End');
  await page.waitForSelector('.ab-move.ab-current[data-path="3"]');
  assert.deepEqual(problems, []);
  await context.close();
});
