// On a phone (390x844, touch): the board and the move list on screen
// together, the list scrolling itself while the board stays in view, and
// the text box within the first screen (issue 34). On the page and in the
// element of a course page.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { openPage, shots, useBrowser, waitUntil } from './harness.mjs';

const env = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A game long enough that its list scrolls: 40 moves of knights going back and forth. */
const LONG = Array.from({ length: 20 }, () => 'Nf3 Nf6 Ng1 Ng8').join(' ');

/** Where the board, the move list, the move on screen and the text box are in the window (`root`: an element's shadow root, or the page). */
const layout = (page, id = null) => page.evaluate((i) => {
  const root = i ? document.getElementById(i).shadowRoot : document;
  const box = (selector) => {
    const r = root.querySelector(selector)?.getBoundingClientRect();
    return r ? { top: Math.round(r.top), bottom: Math.round(r.bottom) } : null;
  };
  return { board: box('.ab-board'), list: box('.ab-moves'), current: box('.ab-move.ab-current'), text: box('.ab-text'), inner: innerHeight, scrollY };
}, id);

const inView = (box, seen) => box && box.top >= 0 && box.bottom <= seen.inner;

test('on a phone the page shows the board, the moves and the text box in the first screen; a tap in the list scrolls only the list', async () => {
  for (const text of [null, LONG]) {
    const { page, context, problems } = await openPage(env, text ? `index.html#moves=${encodeURIComponent(text)}` : 'index.html', PHONE);
    // The report's graph, when it comes, goes below: wait for it.
    await waitUntil(page, 'the report is done', () => /^Report on/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''));
    let seen = await layout(page);
    assert.ok(inView(seen.board, seen) && inView(seen.list, seen), `the board and the moves on the first screen: ${JSON.stringify(seen)}`);
    assert.ok(seen.text && seen.text.top + 40 <= seen.inner, `the text box within the first screen: ${JSON.stringify(seen)}`);
    if (text) await page.screenshot({ path: path.join(shots, 'phone-page-long.png') });
    // A move of the list tapped, then the game stepped through from the board: the page stays, the list follows.
    await page.locator('.ab-move[data-path="2"]').tap();
    await waitUntil(page, 'the move tapped is shown', () => document.querySelector('.ab-move.ab-current')?.dataset.path === '2');
    await page.locator('.ab-square[data-square="a5"]').tap();
    for (let i = 0; i < (text ? 30 : 6); i++) await page.keyboard.press('ArrowRight');
    await waitUntil(page, 'the last move stepped to is shown', (n) => document.querySelector('.ab-move.ab-current')?.dataset.path === String(n), text ? 32 : 8);
    seen = await layout(page);
    assert.equal(seen.scrollY, 0, 'the page did not scroll');
    assert.ok(inView(seen.board, seen) && inView(seen.current, seen), `the board and the move on screen in view: ${JSON.stringify(seen)}`);
    assert.ok(seen.current.top >= seen.list.top && seen.current.bottom <= seen.list.bottom, `the move on screen inside the list's view: ${JSON.stringify(seen)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('on a phone the element shows its board and its moves together', async () => {
  const url = new URL('__tests__/host.html', env.base);
  url.hostname = 'localhost';
  const { page, context, problems } = await openPage(env, url.href, PHONE);
  await waitUntil(page, 'the element is drawn', () => !!document.getElementById('board').shadowRoot?.querySelector('.ab-move.ab-current'));
  await page.evaluate(() => document.getElementById('board').scrollIntoView());
  const seen = await layout(page, 'board');
  assert.ok(inView(seen.board, seen) && inView(seen.list, seen), `the element's board and moves in view together: ${JSON.stringify(seen)}`);
  await page.locator('#board').screenshot({ path: path.join(shots, 'phone-element.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
