// A course page as a course author builds it (issue 34): two frames (an
// embed, and the whole page with its text box) and one <analysis-board>,
// each between 2,000 px of reading, at a phone's width and a desktop's.
// The board takes the keyboard when clicked or tapped, and its keys never
// scroll the page around it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { root } from '../../scripts/lib.mjs';
import { TYPES } from '../../scripts/serve.mjs';
import { dist, framesDrawn, openPage, shots, useBrowser, WAIT, waitUntil } from './harness.mjs';

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

/** The README's height script (the one block of code in "Embedding the board" that listens for the height). */
function readmeHeightScript() {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Embedding the board'));
  const script = /<script>\n([\s\S]*?)\n\s*<\/script>/.exec(section.slice(0, section.indexOf('**A custom element**')))?.[1];
  assert.ok(script, 'the README shows a height script');
  return script;
}
const unindented = (code) => code.split('\n').map((line) => line.replace(/^ {6}/, '')).join('\n').trim();

test('the course page runs the README\'s height script, as the README shows it', () => {
  assert.equal(fs.readFileSync(path.join(root, 'tests', 'browser', 'fixtures', 'readme-height.js'), 'utf8').trim(), unindented(readmeHeightScript()));
});

/** In `frame`: the height of its content and whether anything in it is scrolled or cut off. */
const content = (frame) => frame.evaluate(() => ({
  height: Math.ceil(document.body.getBoundingClientRect().height),
  inner: innerHeight,
  scrolls: document.documentElement.scrollHeight > innerHeight + 1,
  board: Math.round(document.querySelector('.ab-board').getBoundingClientRect().bottom),
}));

/**
 * Waits until the frame `id` is as tall as its content (within 10 px), and
 * nothing in it scrolls, and returns both. (Out of view, Chromium hands a
 * frame its new height only once it comes into view: its window's height
 * is then the old one, and what scrolls in it is not looked at.)
 */
async function fits(page, frame, id, when) {
  const read = async () => ({ frame: await page.evaluate((i) => document.getElementById(i).getBoundingClientRect().height, id), content: await content(frame), heights: await page.evaluate((i) => window.heights[i], id) });
  const good = (seen) => Math.abs(seen.frame - seen.content.height) <= 10 && (!seen.content.scrolls || Math.abs(seen.content.inner - seen.frame) > 1);
  const until = Date.now() + WAIT;
  let seen = await read();
  while (!good(seen) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await read();
  }
  assert.ok(good(seen), `#${id} ${when}: the frame is ${seen.frame} px high, its content ${JSON.stringify(seen.content)} (reported: ${seen.heights})`);
  return seen;
}

/** Settled: the suggestion in, the report (of the whole page) done: nothing left to change the frame's content. */
async function settled(frame) {
  await frame.locator('.ab-suggestion strong').waitFor({ state: 'attached' });
  await waitUntil(frame, 'the report, when there is one, is done', () => document.querySelector('.ab-report')?.hidden !== false || /^Report on/.test(document.querySelector('.ab-report-progress')?.textContent ?? ''));
}

const PROBLEM = '0\n\n4 12\n.Q..b.R.N...\n.k........p.\n...n...n....\nKRPQ........\n';

test('with the README\'s script each frame is as tall as its content: after load (out of view), after a paste, after a resize', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    // (Frames 1,200 px high to start with, as a generous author makes them:
    // out of view a frame is laid out in the window it had, so the board
    // must not be fitted to a smaller one for what is seen there to count.)
    const { page, context, problems } = await host('?script=1&frameHeight=1200&pageHeight=1200', viewport);
    for (const id of ['frame', 'page']) {
      const frame = await frameOf(page, id);
      await settled(frame);
      const { content: seen } = await fits(page, frame, id, `after load at ${viewport.width} px`);
      assert.equal(await page.evaluate(() => scrollY), 0);
      assert.ok(await page.evaluate((i) => document.getElementById(i).getBoundingClientRect().top > innerHeight, id), `#${id} is out of view`);
      // The first report came once the board was drawn: it holds the board.
      const first = (await page.evaluate((i) => window.heights[i], id))[0];
      assert.ok(first >= seen.board, `#${id}'s first report (${first} px) holds its board (down to ${seen.board} px)`);
    }
    // In view, nothing changes (it jumped by 880 px), and nothing scrolls in the frames.
    for (const id of ['frame', 'page']) {
      const before = await page.evaluate((i) => document.getElementById(i).getBoundingClientRect().height, id);
      await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
      await framesDrawn(page);
      const { frame: now } = await fits(page, await frameOf(page, id), id, `in view at ${viewport.width} px`);
      assert.ok(Math.abs(now - before) <= 10, `#${id} was ${before} px high out of view, ${now} px in view`);
    }
    // A problem pasted into the page's text box: a board 12 squares wide and 4 high.
    const frame = await frameOf(page, 'page');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await page.evaluate((t) => navigator.clipboard.writeText(t), PROBLEM);
    await page.evaluate(() => document.getElementById('page').scrollIntoView());
    await framesDrawn(page);
    await frame.locator('.ab-text').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
    await frame.locator('.ab-square[data-square="l1"]').waitFor({ state: 'attached' });
    await fits(page, frame, 'page', `after a paste at ${viewport.width} px`);
    // The window resized (the frame in view).
    const embed = await frameOf(page, 'frame');
    await page.evaluate(() => document.getElementById('frame').scrollIntoView());
    await page.setViewportSize({ width: viewport.width === PHONE.width ? 700 : 900, height: viewport.height });
    await fits(page, embed, 'frame', `after a resize from ${viewport.width} px`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

/** Where the board and the step buttons are in `target` (a page or a frame), and how high its window is. */
const stepsInView = (target) => target.evaluate(() => {
  const board = document.querySelector('.ab-board').getBoundingClientRect();
  const steps = document.querySelector('.ab-controls').getBoundingClientRect();
  return { top: Math.round(board.top), board: Math.round(board.bottom), steps: Math.round(steps.bottom), inner: innerHeight, width: Math.round(board.width), scrollY };
});

test('without the script, the board and its step buttons fit in a frame of any height from 360 px, the rest scrolling in the frame', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const height of [360, 480, 720]) {
      const { page, context, problems } = await host(`?frameHeight=${height}&pageHeight=${height}`, viewport);
      for (const id of ['frame', 'page']) {
        const frame = await frameOf(page, id);
        const seen = await stepsInView(frame);
        assert.ok(seen.top >= 0 && seen.steps <= seen.inner && seen.scrollY === 0, `#${id}, ${height} px high, at ${viewport.width} px: ${JSON.stringify(seen)}`);
        assert.ok(seen.width >= Math.min(viewport.width, height) / 2, `#${id}'s board is not tiny: ${JSON.stringify(seen)}`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

test('the whole page in a window of any height from 360 px shows the board and its step buttons without scrolling', async () => {
  for (const viewport of [DESKTOP, { width: 1280, height: 600 }, { width: 1280, height: 360 }, { width: 844, height: 390 }, PHONE]) {
    const { page, context, problems } = await openPage(env, 'index.html', { viewport, ...touch(viewport) });
    await settled(page);
    const seen = await stepsInView(page);
    assert.ok(seen.top >= 0 && seen.steps <= seen.inner, `at ${viewport.width}x${viewport.height}: ${JSON.stringify(seen)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the README\'s frame, without the script, shows everything at a phone\'s width and a desktop\'s', async () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const snippet = /<iframe src="https:\/\/your\.host\/index\.html#(moves=[^"]*&embed=1)"[^>]*style="width:100%;height:(\d+)px;border:0"/.exec(readme);
  assert.ok(snippet, 'the README shows a frame with a height');
  const [, fragment, height] = snippet;
  for (const viewport of [DESKTOP, PHONE, { width: 800, height: 900 }, { width: 560, height: 900 }]) {
    const { page, context, problems } = await host(`?frame=${encodeURIComponent(fragment)}&frameHeight=${height}`, viewport);
    const frame = await frameOf(page, 'frame');
    await settled(frame);
    await page.evaluate(() => document.getElementById('frame').scrollIntoView());
    await framesDrawn(page);
    const seen = await content(frame);
    assert.equal(seen.scrolls, false, `the README's frame, ${height} px high, at ${viewport.width} px: ${JSON.stringify(seen)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

/** A second server of dist/, on another port, that sends no CORS headers (as a host not set up for other sites). */
async function serverWithoutCors() {
  const server = http.createServer((req, res) => {
    const file = path.join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

test('the element from another origin without CORS says, in its place, what failed and the one header to add, and shows the game as text', async () => {
  const bare = await serverWithoutCors();
  try {
    for (const viewport of [DESKTOP, PHONE]) {
      const url = new URL(`__tests__/cors.html?from=${encodeURIComponent(bare.origin)}`, env.base);
      url.hostname = 'localhost';
      const { page, context, problems } = await openPage(env, url.href, { viewport });
      const board = page.locator('#board');
      await board.locator('[role="alert"]').waitFor();
      const box = await board.boundingBox();
      assert.ok(box.height > 60, `the message takes room: ${JSON.stringify(box)}`);
      const said = await board.locator('[role="alert"] p').textContent();
      assert.match(said, /could not be shown here/);
      assert.match(said, /"Access-Control-Allow-Origin: \*"/);
      assert.ok(said.includes(bare.origin), said);
      assert.equal(await board.locator('pre').textContent(), 'e4 e5 Nf3 Nc6 Bb5 a6');
      assert.equal(await page.evaluate(() => scrollY), 0);
      await board.screenshot({ path: path.join(shots, `course-cors-${viewport.width}.png`) });
      // The only problems: the module refused.
      assert.deepEqual(problems.filter((p) => !p.includes(bare.origin) && !/CORS|Failed to fetch dynamically imported module|net::ERR_FAILED/.test(p)), []);
      await context.close();
    }
    // The same tag from a host that sends the header: the board.
    const url = new URL(`__tests__/cors.html?from=${encodeURIComponent(new URL(env.base).origin)}`, env.base);
    url.hostname = 'localhost';
    const { page, context, problems } = await openPage(env, url.href);
    await elementReady(page, 'board');
    assert.equal(await page.locator('#board [role="alert"]').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    bare.close();
  }
});

const LIGHT = 'rgb(247, 245, 240)';
const DARK = 'rgb(24, 26, 29)';
/** The background the frame's page and the element show. */
const looks = async (page) => {
  const frame = await frameOf(page, 'frame');
  await elementReady(page, 'board');
  const name = (color) => ({ [LIGHT]: 'light', [DARK]: 'dark' })[color] ?? color;
  return {
    frame: name(await frame.evaluate(() => getComputedStyle(document.body).backgroundColor)),
    element: name(await page.evaluate(() => getComputedStyle(document.getElementById('board').shadowRoot.querySelector('.ab-viewer')).backgroundColor)),
  };
};

test('theme: light, dark or auto; auto is the host page\'s for the element (its color-scheme, else its background) and the system\'s for the frame', async () => {
  const cases = [
    // [system, the course page's query, what the frame shows, what the element shows]
    ['dark', '', 'dark', 'light'],
    ['light', '', 'light', 'light'],
    ['dark', 'scheme=dark', 'dark', 'dark'],
    ['light', 'scheme=light%20dark', 'light', 'light'],
    ['dark', 'scheme=light%20dark', 'dark', 'dark'],
    ['dark', 'scheme=light', 'dark', 'light'],
    ['light', 'dark=1', 'light', 'dark'],
    ['dark', `theme=light&frame=${encodeURIComponent('moves=e4&embed=1&theme=light')}`, 'light', 'light'],
    ['light', `theme=dark&frame=${encodeURIComponent('moves=e4&embed=1&theme=dark')}`, 'dark', 'dark'],
    ['light', `theme=auto&frame=${encodeURIComponent('moves=e4&embed=1&theme=auto')}`, 'light', 'light'],
  ];
  for (const [system, query, frame, element] of cases) {
    const url = new URL(`__tests__/host.html?${query}`, env.base);
    url.hostname = 'localhost';
    const { page, context, problems } = await openPage(env, url.href, { colorScheme: system });
    assert.deepEqual(await looks(page), { frame, element }, `a ${system} system, ${query || 'a white page'}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
  // The system's theme changes: an auto that follows it changes too (the element's, where the page declares both).
  const url = new URL('__tests__/host.html?scheme=light%20dark', env.base);
  url.hostname = 'localhost';
  const { page, context } = await openPage(env, url.href, { colorScheme: 'light' });
  assert.deepEqual(await looks(page), { frame: 'light', element: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await waitUntil(page, 'the element turns dark with the system', (dark) => getComputedStyle(document.getElementById('board').shadowRoot.querySelector('.ab-viewer')).backgroundColor === dark, DARK);
  assert.deepEqual(await looks(page), { frame: 'dark', element: 'dark' });
  // The attribute changed after load.
  await page.evaluate(() => document.getElementById('board').setAttribute('theme', 'light'));
  assert.equal((await looks(page)).element, 'light');
  await context.close();
});
