// Embeds on a course page (2,000 px of reading above them): the host page
// does not scroll, the frame fits its content and shrinks, the element lays
// out in two columns when wide and one when narrow, quiz options keep their
// secret, and a mate puzzle is played with the mouse.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { openPage, shots, useBrowser, waitForText, waitUntil } from './harness.mjs';

const env = useBrowser();

/** The course page on localhost, so that the frame (on 127.0.0.1) is cross-origin. */
async function course(query = '', options = {}) {
  const url = new URL(`__tests__/course.html${query}`, env.base);
  url.hostname = 'localhost';
  return openPage(env, url.href, options);
}

/** Waits until the frame's board is analysed and its suggestion is in (nothing left loading). */
const frameReady = async (page) => {
  const frame = page.frameLocator('#frame');
  await frame.locator('.ab-line:not(:empty)').waitFor();
  await frame.locator('.ab-suggestion strong').waitFor();
};
const elementReady = (page, id) => waitUntil(page, `#${id} is analysed and drawn`,
  (i) => !!document.getElementById(i)?.shadowRoot?.querySelector('.ab-line:not(:empty)') && !!document.getElementById(i).shadowRoot.querySelector('g.piece'), id);

test('embeds sit still: the host page never scrolls', async () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 740 }]) {
    const { page, context, problems } = await course('', { viewport });
    await frameReady(page);
    await elementReady(page, 'open');
    await elementReady(page, 'quiz');
    assert.equal(await page.evaluate(() => scrollY), 0, `after load at ${viewport.width} px`);
    // Stepping inside the frame and inside the element moves no page. (Clicks
    // dispatched in the page: Playwright's own clicks scroll to their target.)
    const frame = (await page.$('#frame')).contentFrame();
    const inFrame = await frame;
    for (let i = 0; i < 2; i++) await inFrame.evaluate(() => document.querySelector('button[aria-label="Next move"]').click());
    await inFrame.waitForSelector('.ab-move.ab-current[data-path="4"]');
    await inFrame.evaluate(() => document.querySelector('.ab-move[data-path="0"]').click());
    await inFrame.waitForSelector('.ab-move.ab-current[data-path="0"]');
    await page.evaluate(() => document.getElementById('open').shadowRoot.querySelector('button[aria-label="Next move"]').click());
    await page.evaluate(() => document.getElementById('open').shadowRoot.querySelector('.ab-move[data-path="0"]').click());
    await waitUntil(page, 'the element shows 1. e4', () => document.getElementById('open').shadowRoot.querySelector('.ab-move.ab-current')?.dataset.path === '0');
    assert.equal(await page.evaluate(() => scrollY), 0, `after stepping at ${viewport.width} px`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the frame reports the height of its content, and shrinks', async () => {
  const { page, context, problems } = await course();
  // A frame out of view is not drawn (its animation frames wait): bring it into view.
  await page.evaluate(() => document.getElementById('frame').scrollIntoView());
  await frameReady(page);
  // It starts at 1,200 px; the report brings it to its content's height.
  await waitUntil(page, 'the frame is resized below its 1,200 px start', () => parseFloat(document.getElementById('frame').style.height) < 1200,
    undefined, { observe: () => page.evaluate(() => window.heights) });
  const frameHandle = await page.$('#frame');
  const inner = await frameHandle.contentFrame();
  // Once the suggestion is in, nothing more changes the frame's content.
  await inner.waitForFunction(() => /Suggested/.test(document.querySelector('.ab-suggestion')?.textContent ?? ''));
  await waitUntil(page, 'the last reported height is the content\'s', (h) => window.heights.at(-1) === h, await inner.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height)),
    { observe: () => page.evaluate(() => window.heights) });
  const content = await inner.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  const reported = await page.evaluate(() => window.heights.at(-1));
  const box = await frameHandle.boundingBox();
  assert.ok(Math.abs(reported - content) <= 10, `reported ${reported}, content ${content}`);
  assert.ok(Math.abs(box.height - content) <= 10, `frame ${box.height}, content ${content}`);
  // No blank space: the frame's document does not scroll.
  assert.ok(await inner.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 2));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the element lays out in two columns when wide and one when narrow', async () => {
  for (const [width, columns] of [[1280, 2], [375, 1]]) {
    const { page, context, problems } = await course('', { viewport: { width, height: 900 } });
    await frameReady(page);
    await elementReady(page, 'open');
    const boxes = await page.evaluate(() => {
      const root = document.getElementById('open').shadowRoot;
      const a = root.querySelector('.ab-board-pane').getBoundingClientRect();
      const b = root.querySelector('.ab-side').getBoundingClientRect();
      return { a: { left: a.left, top: a.top, bottom: a.bottom }, b: { left: b.left, top: b.top } };
    });
    if (columns === 2) assert.ok(boxes.b.left > boxes.a.left + 100 && Math.abs(boxes.b.top - boxes.a.top) < 40, JSON.stringify(boxes));
    else assert.ok(boxes.b.top >= boxes.a.bottom - 2, JSON.stringify(boxes));
    await page.locator('#open').screenshot({ path: path.join(shots, `embed-element-${width}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('suggest="0" shows no suggestion; verdict="0" waits for the last move', async () => {
  const { page, context, problems } = await course();
  await frameReady(page);
  await elementReady(page, 'quiz');
  const quiz = page.locator('#quiz');
  // The open element's suggestion arrives; the quiz never has one.
  await waitUntil(page, 'the open element shows its suggestion', () => /Suggested/.test(document.getElementById('open').shadowRoot.querySelector('.ab-suggestion').textContent));
  assert.equal(await quiz.locator('.ab-suggestion').textContent(), '');
  assert.equal(await quiz.locator('line.arrow-suggest').count(), 0);
  assert.equal(await quiz.locator('.ab-verdict').isHidden(), true, 'no verdict before the end');
  await quiz.locator('button[aria-label="Last position"]').click();
  await waitForText(page, '#quiz .ab-line', 'black wins by checkmate');
  assert.equal(await quiz.locator('.ab-verdict').isVisible(), true);
  await quiz.locator('button[aria-label="First position"]').click();
  await waitUntil(page, 'the verdict hides again', () => document.getElementById('quiz').shadowRoot.querySelector('.ab-verdict').hidden);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a page link with suggest=0 (a quiz) runs no report, whose better moves are answers; report=1 asks for it', async () => {
  const moves = encodeURIComponent('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7');
  const quiz = await openPage(env, `index.html#moves=${moves}&suggest=0`);
  await waitForText(quiz.page, '.ab-line', 'white wins by checkmate');
  assert.equal(await quiz.page.isHidden('.ab-report'), true, 'no report');
  assert.equal(await quiz.page.locator('.ab-report-mark').count(), 0);
  assert.deepEqual(quiz.problems, []);
  await quiz.context.close();
  const asked = await openPage(env, `index.html#moves=${moves}&suggest=0&report=1`);
  await waitUntil(asked.page, 'the report asked for is done', () => /^Report on 7 moves/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.deepEqual(asked.problems, []);
  await asked.context.close();
});

test('boards with reports on one page: each report runs once its board is on screen, one at a time, and all give the marks the module gives', async () => {
  const text = 'e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7';
  const api = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));
  const expected = api.report(text).plies.map((p, i) => `${i}${p.mark ?? ''}`);
  assert.ok(expected.some((m) => /\?/.test(m)), `the game has a mark: ${expected}`);
  const { page, context, problems } = await openPage(env, '__tests__/reports.html');
  const progress = (id) => page.evaluate((i) => document.getElementById(i).shadowRoot.querySelector('.ab-report-progress')?.textContent ?? '', id);
  const marks = (id) => page.evaluate((i) => [...document.getElementById(i).shadowRoot.querySelectorAll('.ab-move[data-path]')]
    .map((b) => `${b.dataset.path}${b.querySelector('.ab-report-mark')?.textContent ?? ''}`), id);
  const done = (id) => waitUntil(page, `#${id}'s report is done`, (i) => /^Report on 7 moves/.test(document.getElementById(i).shadowRoot.querySelector('.ab-report-progress')?.textContent ?? ''), id, { timeout: 60_000, observe: () => progress(id) });
  // (Both on screen: the second waits for the first in the page's one worker; it once stopped the first's for good.)
  await done('one');
  await done('two');
  assert.match(await progress('three'), /^Report: starts when the board is in view/, 'the board below the reading runs no report');
  await page.evaluate(() => document.getElementById('three').scrollIntoView());
  await done('three');
  for (const id of ['one', 'two', 'three']) assert.deepEqual(await marks(id), expected, `#${id}'s marks`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a report cancelled twice while it runs does not take the next one asked for with it (the worker dropped it unrun)', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  const heard = await page.evaluate(async () => {
    const { requestReport } = await import('./www/jobs.js');
    const options = { game: 'chess', notation: 'auto', gameIndex: 0 };
    const kinds = [];
    const cancelFirst = requestReport('e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+', options, () => {});
    const second = new Promise((resolve) => {
      requestReport('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7', options, (message) => {
        kinds.push(message.kind);
        if (message.kind === 'report-done' || message.kind === 'report-error') resolve();
      });
    });
    // (As a board does whose text changes twice: each change cancels the report it asked for.)
    cancelFirst();
    cancelFirst();
    await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    return kinds;
  });
  assert.equal(heard.at(-1), 'report-done', `the second report: ${heard.join(', ') || 'nothing heard'}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a mate-in-2 puzzle solved with the mouse; a wrong move is taken back with a reason', async () => {
  const fen = '3r2k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1';
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(fen)}&mode=puzzle&embed=1`);
  await page.waitForSelector('.ab-puzzle:not([hidden])');
  assert.equal(await page.textContent('.ab-puzzle-task'), 'White to move: find the mate in 2.');
  assert.equal(await page.isHidden('.ab-moves'), true, 'the moves are not shown');
  assert.equal(await page.locator('line.arrow-suggest').count(), 0, 'no suggestion gives it away');
  const sq = (name) => page.locator(`.ab-square[data-square="${name}"]`);
  // A wrong move: taken back, with the reason.
  await sq('h2').click();
  await sq('h3').click();
  await waitUntil(page, 'the wrong move is explained', () => /Try again/.test(document.querySelector('.ab-puzzle-note').textContent));
  assert.match(await page.textContent('.ab-puzzle-note'), /^h3: (there is no forced mate after this move|not the fastest mate)\. Try again\.$/);
  assert.equal(await page.getAttribute('g.piece[data-square="h2"]', 'data-piece'), 'P');
  // The hint names the piece.
  await page.click('button[data-puzzle="hint"]');
  await waitUntil(page, 'the hint', () => /move the piece on e2/.test(document.querySelector('.ab-puzzle-note').textContent));
  // Re8+: the board answers Rxe8, then Rxe8# solves it.
  await sq('e2').click();
  await sq('e8').click();
  await waitUntil(page, 'the board answers Rxe8', () => document.querySelector('g.piece[data-square="e8"]')?.dataset.piece === 'r');
  await sq('e1').click();
  await sq('e8').click();
  await waitForText(page, '.ab-puzzle-note', 'Solved!');
  // Nothing left to play: no move field, hint and solution off, and the line under the board says so.
  assert.equal(await page.isHidden('.ab-move-form'), true, 'no move field once solved');
  assert.equal(await page.isDisabled('button[data-puzzle="hint"]'), true);
  assert.equal(await page.isDisabled('button[data-puzzle="solution"]'), true);
  assert.equal(await page.textContent('.ab-position'), 'Puzzle solved.');
  await page.screenshot({ path: path.join(shots, 'embed-puzzle.png'), fullPage: true });
  // Start again (the move field is back), and the solution.
  await page.click('button[data-puzzle="again"]');
  await page.waitForSelector('.ab-move-form:not([hidden])');
  await page.click('button[data-puzzle="solution"]');
  await waitForText(page, '.ab-puzzle-note', 'The solution: Re8+ Rxe8 Rxe8#.');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a game and ply=N make a puzzle of the line that follows', async () => {
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7')}&ply=4&mode=puzzle&embed=1`);
  await page.waitForSelector('.ab-puzzle:not([hidden])');
  assert.match(await page.textContent('.ab-puzzle-task'), /^White to move: find the move played in the game/);
  await page.locator('.ab-square[data-square="f1"]').click();
  await page.locator('.ab-square[data-square="b5"]').click();
  await waitUntil(page, 'the wrong move is refused', () => /not the move played/.test(document.querySelector('.ab-puzzle-note').textContent));
  await page.locator('.ab-square[data-square="f1"]').click();
  await page.locator('.ab-square[data-square="c4"]').click();
  await waitUntil(page, 'the board answers Nf6', () => document.querySelector('g.piece[data-square="f6"]')?.dataset.piece === 'n');
  await page.locator('.ab-square[data-square="h5"]').click();
  await page.locator('.ab-square[data-square="f7"]').click();
  await waitForText(page, '.ab-puzzle-note', 'Solved!');
  assert.deepEqual(problems, []);
  await context.close();
});

/** Waits until the element `id` shows the move at `path` (its rules loaded, nothing left busy). */
const elementAt = (page, id, path) => waitUntil(page, `#${id} shows the move at ${path}`,
  ([i, p]) => { const r = document.getElementById(i)?.shadowRoot; return !!r && !r.querySelector('[aria-busy]') && r.querySelector('.ab-move.ab-current')?.dataset.path === p; }, [id, path],
  { observe: () => page.evaluate(() => window.events) });

test('plychange names only the place asked for on load and after a move on the page (it named the game\'s end first)', async () => {
  const { page, context, problems } = await openPage(env, '__tests__/events.html');
  await elementAt(page, 'chess', '1');
  await elementAt(page, 'checkers', '0');
  const plies = async (id) => (await page.evaluate(() => window.events)).filter((e) => e.id === id).map((e) => e.ply);
  assert.deepEqual(await plies('chess'), [2]);
  assert.deepEqual(await plies('checkers'), [1]);
  // Moved on the page: the place stays, and no event names another.
  await page.evaluate(() => {
    const board = document.getElementById('chess');
    board.remove();
    document.body.append(board);
  });
  await elementAt(page, 'chess', '1');
  assert.deepEqual(await plies('chess'), [2]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('orientation set while the element is away from the page is the one it shows when back (it kept the old one)', async () => {
  const { page, context, problems } = await openPage(env, '__tests__/events.html');
  await elementAt(page, 'chess', '1');
  const a1 = () => page.evaluate(() => document.getElementById('chess').shadowRoot.querySelector('g.piece[data-square="a1"]')?.getAttribute('transform'));
  assert.equal(await a1(), 'translate(0 700)');
  // As a tab on a course page takes it away, and the script sets it up for the next lesson.
  await page.evaluate(() => {
    const board = document.getElementById('chess');
    board.remove();
    board.setAttribute('orientation', 'black');
    document.body.append(board);
  });
  await elementAt(page, 'chess', '1');
  await waitUntil(page, 'the board is drawn', () => !!document.getElementById('chess').shadowRoot.querySelector('g.piece[data-square="a1"]'));
  assert.equal(await a1(), 'translate(700 0)', 'black at the bottom');
  // Flipped on the board, then moved: the flip stays.
  await page.evaluate(() => document.getElementById('chess').shadowRoot.querySelector('button[aria-label="Flip the board"]').click());
  await waitUntil(page, 'the board is flipped back', () => document.getElementById('chess').shadowRoot.querySelector('g.piece[data-square="a1"]')?.getAttribute('transform') === 'translate(0 700)');
  await page.evaluate(() => {
    const board = document.getElementById('chess');
    board.remove();
    document.body.append(board);
  });
  await elementAt(page, 'chess', '1');
  await waitUntil(page, 'the board is drawn', () => !!document.getElementById('chess').shadowRoot.querySelector('g.piece[data-square="a1"]'));
  assert.equal(await a1(), 'translate(0 700)', 'the flip made on the board stays');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the host page\'s text styles stay out of the element (its font size, root font size, line height, spacing, alignment and case came in)', async () => {
  const { page, context, problems } = await openPage(env, '__tests__/styled.html');
  await elementAt(page, 'chess', '2');
  await page.locator('#chess .ab-suggestion strong').waitFor();
  // What the board's text looks like, from a few of its parts, and how tall it is.
  const look = () => page.evaluate(() => {
    const root = document.getElementById('chess').shadowRoot;
    const parts = ['.ab-friendly', '.ab-suggestion', '.ab-position', '.ab-move.ab-current', '.ab-action:not([hidden])', '.ab-move-help'].map((selector) => {
      const s = getComputedStyle(root.querySelector(selector));
      return { selector, font: `${s.fontStyle} ${s.fontSize}/${s.lineHeight}`, spacing: `${s.letterSpacing} ${s.wordSpacing}`, align: `${s.textAlign} ${s.textIndent}`, transform: s.textTransform };
    });
    // Sizes too: a root font size of 62.5% (1rem = 10px) shrank everything sized in rem.
    const size = (selector) => Math.round(root.querySelector(selector).getBoundingClientRect().width);
    return { parts, height: Math.round(root.querySelector('.ab-viewer').getBoundingClientRect().height), board: size('.ab-board'), field: size('.ab-move-input'), button: size('.ab-btn') };
  });
  const themed = await look();
  await page.evaluate(() => document.getElementById('theme').remove());
  assert.deepEqual(themed, await look());
  assert.deepEqual(problems, []);
  await context.close();
});
