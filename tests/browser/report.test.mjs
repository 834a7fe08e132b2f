// The report on every move, on the page: the marks beside the moves, a
// proven fact under its move with the better move drawn when it is chosen,
// the evaluation graph (click to go to a move), the summary per player;
// why a marked move is marked, with its better line on the board; what
// judged the moves; the PGN's glyphs and [%eval] named as the PGN's; and
// Congo's graph from the course's search.
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { openPage, shots, useBrowser, waitUntil } from './harness.mjs';

const env = useBrowser();

test('marks, a proven fact with its better move, the graph and the summary', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('f3 e5 g4 d6 Nc3 Qh4')}`);
  await waitUntil(page, 'the report is done', () => /^Report on 6 moves/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''),
    undefined, { timeout: 60_000, observe: () => page.textContent('.ab-report-progress') });
  // Marks beside the moves: g4 lets the mate in, d6 misses it, Nc3 lets it in again.
  const mark = (p) => page.textContent(`.ab-move[data-path="${p}"] .ab-report-mark`).catch(() => null);
  assert.equal(await mark(2), '??');
  assert.equal(await mark(3), '??');
  assert.equal(await mark(1), null, 'e5 is no mistake');
  const facts = await page.$$eval('.ab-fact', (f) => f.map((x) => x.textContent));
  assert.deepEqual(facts, [
    'Proven: 2. g4: allows mate in 1 (Qh4#)',
    'Proven: 2... d6: missed mate in 1 (Qh4#)',
    'Proven: 3. Nc3: allows mate in 1 (Qh4#)',
  ]);
  // Choosing a fact shows the position before the move, with the better move.
  await page.click('.ab-fact >> nth=1');
  await page.waitForSelector('line.arrow-better[data-from="d8"][data-to="h4"]');
  assert.equal(await page.getAttribute('.ab-move.ab-current', 'data-path'), '2');
  // The graph: a point per move, the mistakes marked; a click goes to a move.
  assert.equal(await page.locator('.ab-graph circle').count(), await page.locator('.ab-report-mark').count());
  await page.locator('.ab-graph').scrollIntoViewIfNeeded();
  const box = await page.locator('.ab-graph').boundingBox();
  await page.mouse.click(box.x + box.width * (1 / 6), box.y + box.height / 2);
  await waitUntil(page, 'the graph goes to the first move', () => document.querySelector('.ab-move.ab-current')?.dataset.path === '0');
  assert.match(await page.textContent('.ab-report-summary'), /^White: 2 \?\?, \d \?, \d \?! · Black: 1 \?\?, \d \?, \d \?!$/);
  assert.match(await page.textContent('.ab-report-eval'), /^This board's engine: [+-]\d+\.\d\d; best line: /);
  await page.screenshot({ path: path.join(shots, 'report.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a marked move says why, with its better move and line on the board; what judged the moves; the PGN\'s glyphs and [%eval] named as the PGN\'s', async () => {
  // 3. Qxe5+ gives the queen for a pawn; the annotator liked 2. Qh5 (!?) and gave 1. e4 an [%eval].
  const pgn = '1. e4 { [%eval 0.25] } 1... e5 2. Qh5 $5 2... Nc6 3. Qxe5+ Nxe5 *';
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(pgn)}`);
  await waitUntil(page, 'the report is done', () => /^Report on 6 moves/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''),
    undefined, { timeout: 60_000, observe: () => page.textContent('.ab-report-progress') });
  // What judged the moves, in one plain line: the engine, its budget and depth.
  assert.match(await page.textContent('.ab-report-method'),
    /^Judged by this board's engine at \d{1,3}(,\d{3})* positions a move \(depth \d+ at the start\) and \d{1,3}(,\d{3})* for a move it marks, with mates in 3 or fewer proven by an exact search\./);
  // The annotator's glyph and the report's mark look apart and name their sources.
  const glyph = '.ab-move[data-path="2"] .ab-glyphs';
  const mark = '.ab-move[data-path="4"] .ab-report-mark';
  assert.equal(await page.textContent(glyph), '!?');
  assert.match(await page.getAttribute(glyph, 'title'), /^The annotator's glyph, from the PGN/);
  assert.equal(await page.textContent(mark), '??');
  assert.match(await page.getAttribute(mark, 'title'), /this board's engine/);
  const border = (sel) => page.$eval(sel, (e) => getComputedStyle(e).borderTopStyle);
  assert.deepEqual([await border(glyph), await border(mark)], ['none', 'solid']);
  // The PGN's [%eval] is labelled as the PGN's, in the list and under the board beside the engine's.
  assert.equal(await page.textContent('.ab-move[data-path="0"] .ab-eval-source'), 'PGN');
  assert.match(await page.getAttribute('.ab-move[data-path="0"]', 'aria-label'), /the PGN's evaluation \+0\.25/);
  await page.click('.ab-move[data-path="0"]');
  await waitUntil(page, 'both evaluations are shown, each named', () => /^This board's engine: [+-]\d+\.\d\d.* · The PGN's \[%eval\]: \+0\.25$/.test(document.querySelector('.ab-report-eval').textContent),
    undefined, { observe: () => page.textContent('.ab-report-eval') });
  // The marked move says why, from the engine's lines (the words of the material depend on how far its line goes), with the better move and its line.
  await page.click('.ab-move[data-path="4"]');
  await waitUntil(page, 'the sentence of 3. Qxe5+', () => /^3\. Qxe5\+ \?\?: The reply Nxe5 wins (a queen for a pawn|material worth (eight|nine) pawns)\. Better: /.test(document.querySelector('.ab-report-why-text').textContent),
    undefined, { observe: () => page.textContent('.ab-report-why-text') });
  const better = (await page.textContent('.ab-report-why-text')).match(/Better: (\S+?)[ ,.(]/)[1];
  assert.equal(await page.textContent('.ab-report-why-show'), `Show ${better} on the board`);
  // The button goes to the position before the move: the better move and the next moves of its line are drawn there.
  await page.click('.ab-report-why-show');
  await waitUntil(page, 'the position before 3. Qxe5+', () => document.querySelector('.ab-move.ab-current')?.dataset.path === '3');
  await page.waitForSelector('line.arrow-better');
  assert.ok(await page.locator('line.arrow-line').count() >= 1, 'the better line after its first move');
  assert.match(await page.textContent('.ab-report-why-text'), /, the arrows on the board\.$/);
  assert.equal(await page.isVisible('.ab-report-why-show'), false);
  assert.match(await page.textContent('.ab-position'), new RegExp(`Better than 3\\. Qxe5\\+: ${better.replace(/[+]/g, '\\+')} \\(the arrow on the board\\)`));
  await page.screenshot({ path: path.join(shots, 'report-why.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a new text cancels the report and starts another; Congo gets a graph without facts', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7')}`);
  await page.waitForSelector('.ab-report:not([hidden])');
  await page.fill('.ab-text', 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5 c2c3 c6c5');
  await waitUntil(page, 'the Congo report is done', () => /^Report on 4 moves/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''),
    undefined, { timeout: 60_000, observe: () => page.textContent('.ab-report-progress') });
  assert.match(await page.textContent('.ab-report-method'), /alpha-beta .* depth 4/);
  assert.equal(await page.locator('.ab-fact').count(), 0);
  assert.ok(await page.locator('.ab-graph polyline').count() === 1);
  await page.screenshot({ path: path.join(shots, 'report-congo.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});
