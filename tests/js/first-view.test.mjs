// The page's first view (dist/index.html's #ab-first-view, drawn before the
// rules module arrives) is exactly what the module answers for the page's
// example: nothing in it is lost on the way through JSON, and the built
// page carries the current one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { firstViewBlock } from '../../scripts/bundle.mjs';
import { rulesOf } from '../../www/games.js';
import { initialState, PAGE_EXAMPLE, readOptions } from '../../www/state.js';

const api = await loadBuiltModule(path.join(root, 'www', 'pkg'));

/** The JSON of the first view's block in `html`, or null. */
function blockOf(html) {
  const found = /<script type="application\/json" id="ab-first-view">([^<]*)<\/script>/.exec(html);
  return found ? JSON.parse(found[1]) : null;
}

test('the first view is the module\'s analysis of the example, unchanged by JSON', async () => {
  const view = blockOf(await firstViewBlock());
  assert.equal(view.text, PAGE_EXAMPLE);
  assert.deepStrictEqual(view.outcome, api.analyze(PAGE_EXAMPLE, readOptions(initialState())));
  assert.equal(view.outcome.plies.at(-1).notation, 'Nxf7');
  // Its game's rules come with it: the page decides nothing before the module has arrived.
  assert.deepStrictEqual(view.rules, rulesOf(api.games(), view.outcome.game));
  assert.equal(view.rules.fen, true);
});

test('the built page and the one file carry the current first view', async () => {
  const expected = blockOf(await firstViewBlock());
  for (const file of ['index.html', 'analysis-board.html']) {
    const html = fs.readFileSync(path.join(root, 'dist', file), 'utf8');
    assert.deepStrictEqual(blockOf(html), expected, `dist/${file}`);
  }
});

test('a text with "<" cannot close the block early', async () => {
  // The block escapes every "<" (a comment in a future example could hold "</script>").
  assert.doesNotMatch((await firstViewBlock()).slice(1, -'</script>'.length), /</);
});
