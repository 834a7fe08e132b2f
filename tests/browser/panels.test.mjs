// The viewer in rooms (issue 32): its panels are parts that come and go
// with it. Every listener a panel (or its board) adds is removed by its
// destroy, and two viewers on one page share no element id.
import assert from 'node:assert/strict';
import test from 'node:test';
import { openPage, useBrowser } from './harness.mjs';

const env = useBrowser();

test('a viewer destroyed leaves no listener behind, and two viewers share no element id', async () => {
  const { page, context, problems } = await openPage(env, 'index.html');
  const seen = await page.evaluate(async () => {
    // Every listener added from here on, until it is removed.
    const live = [];
    const { addEventListener: add, removeEventListener: remove } = EventTarget.prototype;
    const capture = (options) => (typeof options === 'boolean' ? options : !!options?.capture);
    EventTarget.prototype.addEventListener = function (type, fn, options) {
      live.push([this, type, fn, capture(options)]);
      return add.call(this, type, fn, options);
    };
    EventTarget.prototype.removeEventListener = function (type, fn, options) {
      const at = live.findIndex(([target, t, f, c]) => target === this && t === type && f === fn && c === capture(options));
      if (at >= 0) live.splice(at, 1);
      return remove.call(this, type, fn, options);
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    try {
      // The page's sources, unbundled: dist/www keeps them for <analysis-board>.
      const { createViewer } = await import('./www/viewer.js');
      const make = (text) => {
        const box = document.createElement('div');
        document.body.append(box);
        return createViewer(box, { text, keyTarget: document, report: true });
      };
      const first = make('e4 e5 Nf3 Nc6 Bc4');
      const second = make('8/P6k/8/8/8/8/8/K7 w - - 0 1');
      while (first.element.hasAttribute('aria-busy') || second.element.hasAttribute('aria-busy')) await frame();
      // The setup editor is the engine module's (it comes after the board).
      await (await import('./www/engine.js')).loadAnalysis();
      // The panels at work: a move chosen in the list, the editor opened and
      // cancelled, a step, a move typed and taken back.
      const click = (viewer, selector) => viewer.element.querySelector(selector).click();
      click(first, '.ab-move[data-path="1"]');
      click(first, 'button[data-action="set-up"]');
      click(first, 'button[data-setup="cancel"]');
      click(first, 'button[data-action="next"]');
      second.element.querySelector('.ab-move-input').value = 'a8=Q';
      second.element.querySelector('.ab-move-form').requestSubmit();
      click(second, 'button[data-action="undo"]');
      await frame();
      const ids = [...document.querySelectorAll('.ab-viewer [id]')].map((e) => e.id);
      const made = live.length;
      first.destroy();
      second.destroy();
      return { made, left: live.map(([target, type]) => `${target.className?.baseVal ?? target.className ?? target.nodeName} ${type}`), ids };
    } finally {
      Object.assign(EventTarget.prototype, { addEventListener: add, removeEventListener: remove });
    }
  });
  assert.ok(seen.made >= 40, `the viewers added their listeners (${seen.made})`);
  assert.deepEqual(seen.left, [], 'every listener added is removed by destroy');
  assert.ok(seen.ids.length >= 6, seen.ids.join(' '));
  assert.equal(new Set(seen.ids).size, seen.ids.length, `ids are the viewer's own: ${seen.ids.join(' ')}`);
  assert.deepEqual(problems, []);
  await context.close();
});
