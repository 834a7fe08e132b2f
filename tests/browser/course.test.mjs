// A course page as a course author builds it (issue 34): two frames (an
// embed, and the whole page with its text box) and one <analysis-board>,
// each between 2,000 px of reading, at a phone's width and a desktop's.
// The board takes the keyboard when clicked or tapped, and its keys never
// scroll the page around it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { framesDrawn, openPage, useBrowser, WAIT, waitUntil } from './harness.mjs';

const env = useBrowser();

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
const touch = (viewport) => (viewport.width < 500 ? { hasTouch: true, isMobile: true } : {});

/** The course page on localhost, so that its frames (on 127.0.0.1) are cross-origin. */
async function host(query = '', viewport = DESKTOP) {
  const url = new URL(`__tests__/host.html${query}`, env.base);
  url.hostname = 'localhost';
  return openPage(env, url.href, { viewport, ...touch(viewport) });
}

/** The frame `id` of the course page, once its board is analysed and drawn. */
async function frameOf(page, id) {
  const frame = await (await page.$(`#${id}`)).contentFrame();
  await frame.locator('.ab-line:not(:empty)').waitFor();
  await frame.locator('g.piece').first().waitFor({ state: 'attached' });
  return frame;
}

/** Waits until the element `id` is analysed and drawn. */
const elementReady = (page, id) => waitUntil(page, `#${id} is analysed and drawn`,
  (i) => { const r = document.getElementById(i)?.shadowRoot; return !!r?.querySelector('.ab-line:not(:empty)') && !!r.querySelector('g.piece') && !r.querySelector('[aria-busy]'); }, id);

/** Reads `read()` until it gives `expected` (a frame's state is read from outside it), and asserts it. */
async function eventually(what, read, expected, { timeout = WAIT, observe } = {}) {
  const until = Date.now() + timeout;
  let seen = await read();
  while (seen !== expected && Date.now() < until) {
    await new Promise((resolve) => setImmediate(resolve));
    seen = await read();
  }
  assert.equal(seen, expected, seen === expected || !observe ? what : `${what}; the page shows ${JSON.stringify(await observe())}`);
}

/**
 * One board of the course page, the frame or the element `id` (in
 * `frame`, the frame's document, when a frame): where its
 * parts are found, what it shows, and whether it has the keyboard.
 */
function boardOf(page, id, frame = null) {
  const scope = frame ?? page;
  const elementId = frame ? null : id;
  const root = elementId ? `#${elementId} ` : '';
  return {
    /** The frame's or the element's id on the course page. */
    id,
    square: (name) => scope.locator(`${root}.ab-square[data-square="${name}"]`),
    /** The path of the move on screen ('' at the start). */
    at: () => scope.evaluate((id) => {
      const r = id ? document.getElementById(id).shadowRoot : document;
      return r.querySelector('.ab-move.ab-current')?.dataset.path ?? '';
    }, elementId),
    flipped: () => scope.evaluate((id) => {
      const r = id ? document.getElementById(id).shadowRoot : document;
      return r.querySelector('.ab-square').dataset.square === 'h1';
    }, elementId),
    /** Whether the board itself has the keyboard (in the frame: the frame has it too). */
    focused: () => scope.evaluate((id) => {
      if (!document.hasFocus()) return false;
      const active = id ? (document.activeElement === document.getElementById(id) && document.getElementById(id).shadowRoot.activeElement) : document.activeElement;
      return !!active?.matches?.('.ab-squares');
    }, elementId),
  };
}

/**
 * Clicks (or taps) `square` (empty) of `board`, then presses each of the
 * board's keys: each acts on the board, and the page around it never scrolls.
 */
async function keysStayOnTheBoard(page, board, { square, last, viewport, where }) {
  const press = viewport.width < 500 ? (l) => l.tap() : (l) => l.click();
  // In view first, and drawn there: Chromium routes a click made at once
  // after a scroll by where things were (to the frame last clicked).
  await page.evaluate((id) => document.getElementById(id).scrollIntoView(), board.id);
  await framesDrawn(page);
  await press(board.square(square));
  await eventually(`the board ${where} has the keyboard after a ${viewport.width < 500 ? 'tap' : 'click'} at ${viewport.width} px `, board.focused, true, { observe: () => page.evaluate(() => [document.hasFocus(), document.activeElement?.outerHTML.slice(0, 60), document.activeElement?.shadowRoot?.activeElement?.className]) });
  const scrollY = await page.evaluate(() => scrollY);
  const expect = [
    ['ArrowLeft', '1'], ['End', last], ['Home', ''], ['Space', '0'], ['ArrowRight', '1'], ['Shift+Space', '0'],
    ['ArrowUp', '0'], ['ArrowDown', '0'], ['End', last],
  ];
  for (const [key, path] of expect) {
    await page.keyboard.press(key);
    await eventually(`${key} on the board ${where} shows the move at "${path}" at ${viewport.width} px`, board.at, path);
    assert.equal(await page.evaluate(() => scrollY), scrollY, `${key} on the board ${where} scrolls the page at ${viewport.width} px`);
  }
  await page.keyboard.press('f');
  await eventually(`f flips the board ${where}`, board.flipped, true);
  assert.equal(await board.focused(), true, `the board ${where} keeps the focus once flipped`);
  await page.keyboard.press('ArrowLeft');
  await eventually(`ArrowLeft after the flip ${where} steps back`, board.at, String(Number(last) - 1));
  assert.equal(await page.evaluate(() => scrollY), scrollY, `after every key ${where}`);
}

test('a click or a tap on the board gives it the keyboard; its keys act on it and never scroll the course page', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, context, problems } = await host('', viewport);
    const frame = await frameOf(page, 'frame');
    await keysStayOnTheBoard(page, boardOf(page, 'frame', frame), { square: 'a6', last: '5', viewport, where: 'in the frame' });
    await elementReady(page, 'board');
    await keysStayOnTheBoard(page, boardOf(page, 'board'), { square: 'h6', last: '4', viewport, where: 'in the element' });
    assert.deepEqual(problems, []);
    await context.close();
  }
});
