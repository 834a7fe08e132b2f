// A reload loses nothing (issue 36): the whole text comes back, in the
// address when it fits and from the tab's sessionStorage when not, with the
// game that was on screen; a text typed just before the reload too; and a
// link opened in the tab over a text typed there offers that text back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readLink } from '../../www/link.js';
import { framesDrawn, openPage, useBrowser, WAIT, waitForHash, waitUntil } from './harness.mjs';

const env = useBrowser();

/** Waits until the address holds `text` (written in it, or compressed: the page writes whichever is shorter). */
async function addressHolds(page, text) {
  const deadline = Date.now() + WAIT;
  let hash = '';
  while (Date.now() < deadline) {
    hash = await page.evaluate(() => location.hash);
    if ((await readLink(hash)).text === text) return;
    await framesDrawn(page);
  }
  throw new Error(`timed out after ${WAIT} ms waiting until the address holds ${JSON.stringify(text.slice(0, 60))}; it holds ${JSON.stringify(((await readLink(hash)).text ?? '').slice(0, 60))} (${hash.length} characters)`);
}

/** Reloads the page and waits until its rules have read the text again. */
async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => document.readyState === 'complete' && !document.querySelector('.ab-viewer[aria-busy="true"]'));
}

const boxIs = (page, text, what) => waitUntil(page, what ?? `the box holds ${JSON.stringify(text.slice(0, 40))}…`,
  (t) => document.querySelector('.ab-text').value === t, text, { observe: () => page.inputValue('.ab-text') });

const listed = (page, n) => waitUntil(page, `the chooser lists ${n} games`, (count) =>
  document.querySelectorAll('.ab-games option').length === count && !document.querySelector('.ab-games').hasAttribute('aria-busy'), n);

const onScreen = (page, index, count) => waitUntil(page, `game ${index + 1} of ${count} is on screen`, ([i, n]) =>
  document.querySelector('.ab-info')?.textContent.includes(`game ${i + 1} of ${n}`) && document.querySelector('.ab-games').value === String(i),
[index, count], { observe: () => page.textContent('.ab-info') });

/** A PGN game with its players told apart, and (`noise` characters) a comment no compression shrinks. */
function game(n, noise = 0) {
  // (mulberry32, seeded: the same text every run)
  let seed = n;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const letters = Array.from({ length: noise }, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[Math.floor(random() * 62)]).join('');
  const comment = noise ? ` {${letters}}` : '';
  return `[Event "Reload ${n}"]\n[White "White ${n}"]\n[Black "Black ${n}"]\n[Result "*"]\n\n1. e4 e5 2. Nf3${comment} Nc6 *`;
}

test('three games typed, game 2 chosen, reloaded: all three are back, game 2 on screen', async () => {
  const games = [1, 2, 3].map((n) => game(n));
  const text = games.join('\n\n');
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.fill('.ab-text', text);
  await listed(page, 3);
  await page.selectOption('.ab-games', '1');
  await onScreen(page, 1, 3);
  await waitForHash(page, 'index=1');
  await reload(page);
  await listed(page, 3);
  await onScreen(page, 1, 3);
  assert.equal(await page.inputValue('.ab-text'), text);
  // The address holds the whole text (it fits): a copy of it brings back every game.
  const link = await readLink(await page.evaluate(() => location.hash));
  assert.equal(link.text, text);
  assert.equal(link.gameIndex, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a database too long for the address: the tab keeps it, a reload brings back every game, the address holds the game on screen', async () => {
  // Comments no compression shrinks: the whole text's address would be over 32,000 characters.
  const games = [1, 2, 3].map((n) => game(n, 15_000));
  const text = games.join('\n\n');
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(text)}`);
  await listed(page, 3);
  await page.selectOption('.ab-games', '1');
  await onScreen(page, 1, 3);
  await boxIs(page, games[1]);
  await addressHolds(page, games[1]);
  await reload(page);
  await listed(page, 3);
  await onScreen(page, 1, 3);
  await boxIs(page, games[1]);
  await page.click('.ab-show-whole');
  await boxIs(page, text, 'the box holds every game');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a reload at once after typing: the text typed is back', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=e4');
  await page.fill('.ab-text', 'd4 d5 c4');
  // (No wait for the address: the page keeps the text as it goes.)
  await reload(page);
  await boxIs(page, 'd4 d5 c4');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a reload slow to answer after typing: the page writes no address while it goes, and the text typed is back', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=e4');
  // The reload's page is held back by the server (a slow network), long
  // enough for the page still on screen to have read the text and written
  // its address, which the browser would not go to (it reloads the one it had).
  let holding = false;
  let held = false;
  const writtenWhileHeld = [];
  page.on('framenavigated', (frame) => {
    if (holding && frame === page.mainFrame()) writtenWhileHeld.push(frame.url());
  });
  await page.route(/index\.html/, async (route) => {
    if (!held) {
      held = true;
      holding = true;
      const deadline = Date.now() + 2000;
      while (Date.now() < deadline && !writtenWhileHeld.length) await new Promise((done) => setTimeout(done, 20));
      holding = false;
    }
    await route.continue();
  });
  await page.fill('.ab-text', 'd4 d5 c4');
  await reload(page);
  assert.ok(held, 'the reload went through the server');
  await boxIs(page, 'd4 d5 c4');
  assert.deepEqual(writtenWhileHeld, [], 'no address written once the page was asked to go');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link opened over a text typed in the tab: a notice offers it back, Restore puts it back, Undo takes that back', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.fill('.ab-text', '1. d4 d5 2. c4 e6 3. Nc3 *');
  await addressHolds(page, '1. d4 d5 2. c4 e6 3. Nc3 *');
  // Another link in the same tab: a new visit (hashchange reloads the page).
  await page.evaluate(() => {
    location.hash = '#moves=e4%20e5';
  });
  await page.waitForFunction(() => document.querySelector('.ab-text')?.value === 'e4 e5' && !document.querySelector('.ab-viewer[aria-busy="true"]'));
  await waitUntil(page, 'a notice offers the text back', () => !document.querySelector('.ab-dropped').hidden);
  assert.equal(await page.textContent('.ab-dropped > span'), 'The link opened in place of the text you had here (26 characters).');
  await page.click('.ab-restore');
  await boxIs(page, '1. d4 d5 2. c4 e6 3. Nc3 *');
  assert.equal(await page.isVisible('.ab-dropped'), false);
  await page.click('button[data-action="undo"]');
  await boxIs(page, 'e4 e5');
  assert.deepEqual(problems, []);
  await context.close();
});

/** Opens `hash` in the page's tab as a link clicked there would (a new visit), and waits until its text is read. */
async function openInTab(page, hash, text) {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForFunction((t) => document.querySelector('.ab-text')?.value === t && !document.querySelector('.ab-viewer[aria-busy="true"]'), text, { timeout: 60_000 });
}

test('a link opened over another link\'s text, untouched, offers nothing back; the bare page over a text typed offers it', async () => {
  const { page, context, problems } = await openPage(env, 'index.html#moves=e4%20e5');
  await addressHolds(page, 'e4 e5');
  await openInTab(page, '#moves=c4', 'c4');
  await addressHolds(page, 'c4');
  assert.equal(await page.isVisible('.ab-dropped'), false, 'a link is a link away');
  await page.fill('.ab-text', 'c4 e5 Nc3');
  await addressHolds(page, 'c4 e5 Nc3');
  // The page without a text: its example, in place of the text typed.
  await page.goto(`${env.base}index.html`);
  await page.waitForFunction(() => !document.querySelector('.ab-viewer[aria-busy="true"]'));
  await waitUntil(page, 'a notice offers the text back', () => !document.querySelector('.ab-dropped').hidden);
  assert.equal(await page.textContent('.ab-dropped > span'), 'The page opened its example in place of the text you had here (9 characters).');
  await page.click('.ab-dismiss');
  assert.equal(await page.isVisible('.ab-dropped'), false);
  assert.deepEqual(problems, []);
  await context.close();
});
