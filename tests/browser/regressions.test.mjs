// Bugs found by using the page as a person would (pasting, then playing on
// the board; long games; the keyboard alone): each test failed before its fix.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, useBrowser, waitUntil } from './harness.mjs';

const env = useBrowser();

const square = (page, name) => page.locator(`.ab-square[data-square="${name}"]`);

async function clickSquare(page, name) {
  const box = await square(page, name).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function textIs(page, text) {
  await waitUntil(page, `the text box reads ${JSON.stringify(text)}`, (t) => document.querySelector('.ab-text').value === t, text,
    { observe: () => page.inputValue('.ab-text') });
}

/** What has the keyboard focus: its class and label or text (a move's label gains the report's mark when it comes). */
const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return `${a?.tagName}.${a?.className}|${a?.getAttribute('aria-label') ?? a?.textContent?.trim().slice(0, 30)}`;
});

test('Ctrl+Z in the text box right after a board move takes the move back (the browser undid the paste instead)', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.click('.ab-text');
  await page.keyboard.press('Control+a');
  // What a paste does to the box (the browser's own undo remembers it).
  await page.keyboard.insertText('e4 e5');
  await waitUntil(page, 'the move list shows the two moves', () => document.querySelectorAll('.ab-moves .ab-move').length === 2, null);
  // A click on the board leaves the focus in the text box.
  await clickSquare(page, 'g1');
  await clickSquare(page, 'f3');
  await textIs(page, 'e4 e5 Nf3');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'ab-text');
  await page.keyboard.press('Control+z');
  // Before the fix: "e4 e5 Nf3e4 e5 Nf3 Nc6 ..." (the example pasted over, brought back inside the new text).
  await textIs(page, 'e4 e5');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a pasted game whose last move is wrong shows the error at once, not "still typing"', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.base).origin });
  await page.evaluate(() => navigator.clipboard.writeText('e4 e5 Nf3 Nc6 Bz5'));
  await page.click('.ab-text');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+v');
  await waitUntil(page, 'the verdict names the parse error', () => /parse error/.test(document.querySelector('.ab-line').textContent), null, {
    // Well under the 1.2 s the page waits for a person still typing the last move.
    timeout: 800,
    observe: () => page.evaluate(() => `${document.querySelector('.ab-line').textContent} / ${document.querySelector('.ab-friendly').textContent}`),
  });
  assert.deepEqual(problems, []);
  await context.close();
});
