// index.html preloads the wasm and every module the page imports, so they
// all start at once instead of one round trip per level of imports.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { moduleGraph, preloadBlock, preloadLinks } from '../../scripts/bundle.mjs';
import { root } from '../../scripts/lib.mjs';

test("index.html's preload list is every module app.js imports, and the wasm", async () => {
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const block = preloadBlock(html);
  assert.ok(block, 'index.html has a preload block');
  const graph = await moduleGraph();
  assert.ok(graph.includes('www/viewer.js') && graph.includes('www/pkg/analysis_board.js'), graph.join(' '));
  assert.equal(block.text, preloadLinks(graph), 'index.html\'s preload list is out of date: replace it with the block above (scripts/bundle.mjs preloadLinks)');
  // engine.js fetches the wasm in cors mode with same-origin credentials: the preload must be the same request.
  assert.match(block.text, /<link rel="preload" href="www\/pkg\/analysis_board_bg\.wasm" as="fetch" type="application\/wasm" crossorigin>/);
  assert.match(fs.readFileSync(path.join(root, 'www', 'engine.js'), 'utf8'), /await fetch\(source\)/);
});
