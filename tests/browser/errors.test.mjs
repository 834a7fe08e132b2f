// The move that went wrong, marked in the text box exactly: bugs found by
// pasting wrong games of every kind. Each test failed before its fix.
// The browser here draws scroll bars that take room, as most desktops do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, useBrowser, waitForText, waitUntil } from './harness.mjs';

const env = useBrowser({ scrollbars: true });

test('the error mark lies on the bad character of a text longer than the box (the box\'s scroll bar wrapped its lines elsewhere)', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  await page.waitForSelector('.ab-line:not(:empty)');
  const moves = 'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 '
    + 'Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 '
    + 'Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6 axb4 cxb4 Ra5 Nd5 f3 Bc8 Kf2 Bf5 Ra7 g6 Ra6+ Kc5 Ke1 Nf4 g3 Nxh3 Kd2 Kb5 Rd6 Kc5 '
    + 'Ra6 Nf2 g4 Bd3 Re6 Kd4 Qz5';
  const text = `[Event "Long"]\n[Site "Here"]\n[Date "2020.01.01"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n${moves}`;
  await page.fill('.ab-text', text);
  await waitForText(page, '.ab-line', "parse error at character 'z'");
  await waitUntil(page, 'the z is marked', () => document.querySelector('.ab-mark-error')?.textContent === 'z', null);
  const placed = await page.evaluate((at) => {
    const box = document.querySelector('.ab-text');
    const mark = document.querySelector('.ab-mark-error');
    // Where the box lays out the character at `at`: a copy of its text in
    // a block of the same style and of the width the box's lines have.
    const style = getComputedStyle(box);
    const copy = document.createElement('div');
    for (const p of ['font', 'whiteSpace', 'overflowWrap', 'wordBreak', 'letterSpacing', 'tabSize']) copy.style[p] = style[p];
    Object.assign(copy.style, { position: 'absolute', visibility: 'hidden', padding: '0', width: `${box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)}px` });
    const char = document.createElement('span');
    char.textContent = box.value[at];
    copy.append(box.value.slice(0, at), char, box.value.slice(at + 1));
    document.body.append(copy);
    const at0 = (el, from) => ({ left: el.getBoundingClientRect().left - from.left, top: el.getBoundingClientRect().top - from.top });
    const inBox = at0(char, copy.getBoundingClientRect());
    copy.remove();
    // The mark's place in the backdrop's lines (inside its border and padding, unscrolled).
    const backdrop = mark.parentElement;
    const b = getComputedStyle(backdrop);
    const r = backdrop.getBoundingClientRect();
    const marked = at0(mark, { left: r.left + parseFloat(b.borderLeftWidth) + parseFloat(b.paddingLeft), top: r.top + parseFloat(b.borderTopWidth) + parseFloat(b.paddingTop) - backdrop.scrollTop });
    return { inBox, marked, scrolls: box.scrollHeight > box.clientHeight };
  }, text.indexOf('z5'));
  assert.ok(placed.scrolls, 'the text is longer than the box');
  // (Within a pixel: the two are laid out apart, at fractional positions.)
  assert.ok(Math.abs(placed.marked.left - placed.inBox.left) < 1 && Math.abs(placed.marked.top - placed.inBox.top) < 1,
    `the mark is at ${JSON.stringify(placed.marked)}, the character in the box at ${JSON.stringify(placed.inBox)}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link whose text has Windows line ends marks and selects the bad move itself (the box turns CR LF into LF: the selection fell one character early per line)', async () => {
  const text = '[Event "CRLF"]\r\n\r\n1. e4 e5 2. Nf3 Nf6\r\n3. Bxf7';
  const { page, context, problems } = await openPage(env, `index.html#moves=${encodeURIComponent(text)}`);
  await waitForText(page, '.ab-line', 'move completion error: white bishop to f7');
  assert.equal(await page.textContent('.ab-mark-error'), 'Bxf7');
  await page.click('.ab-move.ab-bad');
  const selected = await page.$eval('.ab-text', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  assert.equal(selected, 'Bxf7');
  assert.deepEqual(problems, []);
  await context.close();
});
