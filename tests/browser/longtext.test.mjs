// Long texts never freeze the page (issue 36): a short link that unpacks to
// 1 MB or 8 MB of "e4 " (one move, a failed move, and hundreds of thousands
// of words not played), and 300 KB of it pasted. Each gives a usable page:
// the board drawn, the tail one line in the move list, a key stepping, the
// text box answering. Each wait gives up after LONG (a bound, not a
// measure: scripts/bench-longtext.mjs times them); before, such a link
// blocked the page thread for minutes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { openPage, useBrowser, waitForPiece, waitUntil } from './harness.mjs';

const env = useBrowser();

/**
 * How long a wait on such a text may take: more than it takes on a loaded
 * machine (seconds: see the README's Benchmarks), far less than the
 * minutes the page froze for.
 */
const LONG = 90_000;
const long = { timeout: LONG };

/** `words` times "e4 ". */
const e4s = (words) => 'e4 '.repeat(words);

/** A short link's fragment holding `text` compressed, as the page writes one. */
const zLink = (text) => `index.html#z=${deflateRawSync(Buffer.from(text)).toString('base64url')}`;

/** The page is usable: Home steps to the start, and a move typed at the box's start is read into the move list. */
async function stepsAndAnswers(page) {
  await page.keyboard.press('Home');
  await waitForPiece(page, 'e2', 'P', long);
  await page.focus('.ab-text');
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('c4 ');
  await waitUntil(page, 'the move typed is the first in the move list',
    () => document.querySelector('.ab-moves .ab-move .ab-san')?.textContent === 'c4', undefined,
    { ...long, observe: () => page.locator('.ab-moves .ab-move .ab-san').first().textContent() });
}

/** The move list: its moves and the line that stands for the words not played. */
const listed = (page) => page.evaluate(() => ({
  moves: [...document.querySelectorAll('.ab-moves .ab-move .ab-san')].map((m) => m.textContent),
  rest: [...document.querySelectorAll('.ab-moves .ab-unplayed')].map((u) => u.textContent),
}));

for (const [name, words] of [['1 MB', 349525], ['8 MB', 2796202]]) {
  test(`a short link of ${name} of "e4 " opens a usable page, its words not played one line`, async () => {
    const link = zLink(e4s(words));
    assert.ok(link.length < 20_000, `the link is short (${link.length} characters)`);
    const { page, context, problems } = await openPage(env, link);
    context.setDefaultTimeout(LONG);
    await waitForPiece(page, 'e4', 'P', long);
    assert.deepEqual(await listed(page), { moves: ['e4', 'e4'], rest: [`… and ${(words - 2).toLocaleString('en')} more words not played`] });
    await stepsAndAnswers(page);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('300 KB of "e4 " pasted gives a usable page', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  context.setDefaultTimeout(LONG);
  await page.evaluate((text) => {
    const box = document.querySelector('.ab-text');
    box.focus();
    box.select();
    const data = new DataTransfer();
    data.setData('text/plain', text);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, e4s(102400));
  await waitUntil(page, 'the words not played are one line', () => document.querySelector('.ab-unplayed-rest')?.textContent === '… and 102,398 more words not played', undefined, long);
  await waitForPiece(page, 'e4', 'P', long);
  // (Escape leaves the text box: the keys step the game.)
  await page.keyboard.press('Escape');
  await stepsAndAnswers(page);
  assert.deepEqual(problems, []);
  await context.close();
});
