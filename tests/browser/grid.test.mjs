// Chess problems on boards of any size, drawn at their real size with the
// answer on them.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { openPage, shots, useBrowser } from './harness.mjs';

const env = useBrowser();

/** Opens a problem; the verdict is shown at once, the board (when there is one) at the next frame. */
async function problem(text, { viewport = { width: 1280, height: 900 }, board = true } = {}) {
  const opened = await openPage(env, `index.html#moves=${encodeURIComponent(text)}`, { viewport });
  await opened.page.waitForSelector('.ab-line:not(:empty)');
  if (board) await opened.page.waitForSelector('.board-svg g.squares');
  return opened;
}

test('a 12x4 problem: the knight reach is marked on the board', async () => {
  const text = '1\nnd2\n4 12\n.Q..b.R.N...\n.k........p.\n...n...n....\nKRPQ........\n';
  const { page, context, problems } = await problem(text);
  assert.equal(await page.$eval('.board-svg', (s) => s.getAttribute('viewBox')), '0 0 1200 400');
  assert.equal((await page.textContent('.ab-line')).trim().length > 0, true);
  // The expected answer from the spec: o on c4, f3, f1; x on b1.
  const moves = await page.$$eval('.mark-move', (c) => c.length);
  const captures = await page.$$eval('.mark-capture', (c) => c.length);
  assert.equal(moves, 3);
  assert.equal(captures, 1);
  assert.equal(await page.locator('.mark-selected').count(), 1);
  await page.screenshot({ path: path.join(shots, 'grid-12x4.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a 26x26 problem fits the screen and shows the mating move', async () => {
  const rows = Array.from({ length: 26 }, () => '.'.repeat(26).split(''));
  // Black king z1 (bottom right), white queen x3, white king y3... mate in one by Qx2? Keep it simple:
  // white king at x3 (col 23, rank 3), white queen at a2 (col 0, rank 2), black king z1 (col 25, rank 1).
  const put = (file, rank, c) => { rows[26 - rank][file] = c; };
  put(23, 3, 'K');
  put(0, 2, 'Q');
  put(25, 1, 'k');
  const text = `4\nb\n26 26\n${rows.map((r) => r.join('')).join('\n')}\n`;
  const { page, context, problems } = await problem(text, { viewport: { width: 1024, height: 768 } });
  assert.equal(await page.textContent('.ab-line'), 'Black king is checkmated in one move');
  const box = await page.$eval('.board-svg', (s) => { const r = s.getBoundingClientRect(); return { w: r.width, h: r.height, bottom: r.bottom }; });
  assert.ok(box.h <= 768 * 0.85, `the board fits the screen height (${box.h}px)`);
  assert.ok(box.w >= 400, `and is large enough to read (${box.w}px)`);
  const arrow = page.locator('line.arrow-suggest');
  assert.equal(await arrow.count(), 1);
  assert.equal(await arrow.getAttribute('data-from'), 'a2');
  await page.screenshot({ path: path.join(shots, 'grid-26x26.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a malformed problem is explained with its line', async () => {
  const { page, context, problems } = await problem('2\nw\n4 4\nk...\n..#.\n....\n...K\n', { board: false });
  assert.match(await page.textContent('.ab-line'), /line 5/);
  assert.equal(await page.textContent('.ab-mark-error'), '#');
  // A problem has no moves: its bad line is not listed as White's first
  // move, there is nothing to play or step through, and no "move with the
  // problem on the position before it" (there is no position).
  assert.equal(await page.isVisible('.ab-moves'), false, 'no move list');
  assert.equal(await page.locator('.ab-move').filter({ visible: true }).count(), 0);
  assert.equal(await page.isVisible('.ab-move-form'), false, 'no "Play a move"');
  assert.equal((await page.textContent('.ab-position')).trim(), '');
  assert.deepEqual(await page.$$eval('.ab-controls button', (b) => b.slice(0, 4).map((x) => x.getAttribute('aria-disabled'))), ['true', 'true', 'true', 'true']);
  assert.deepEqual(problems, []);
  await context.close();
});
