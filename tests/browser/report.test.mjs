// The report on every move, on the page: the marks beside the moves, a
// proven fact under its move with the better move drawn when it is chosen,
// the evaluation graph (click to go to a move), the summary per player; and
// Congo's graph from the course's search.
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { openPage, shots, useBrowser, waitUntil } from './harness.mjs';

const env = useBrowser();

test('marks, a proven fact with its better move, the graph and the summary', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('f3 e5 g4 d6 Nc3 Qh4')}`);
  await waitUntil(page, 'the report is done', () => /^Report on 6 moves/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''),
    undefined, { observe: () => page.textContent('.ab-report-progress') });
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
  assert.match(await page.textContent('.ab-report-eval'), /^Evaluation: [+-]\d+\.\d\d; best line: /);
  await page.screenshot({ path: path.join(shots, 'report.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a new text cancels the report and starts another; Congo gets a graph without facts', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7')}`);
  await page.waitForSelector('.ab-report:not([hidden])');
  await page.fill('.ab-text', 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5 c2c3 c6c5');
  await waitUntil(page, 'the Congo report is done', () => /^Report on 4 moves/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''),
    undefined, { observe: () => page.textContent('.ab-report-progress') });
  assert.match(await page.textContent('.ab-report-method'), /alpha-beta .* depth 4/);
  assert.equal(await page.locator('.ab-fact').count(), 0);
  assert.ok(await page.locator('.ab-graph polyline').count() === 1);
  await page.screenshot({ path: path.join(shots, 'report-congo.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});
