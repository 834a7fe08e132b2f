// The page's modules in rooms (issue 32): every import arrow of www/ points
// one way (no two modules import each other, no longer circle), a panel
// imports the controller's parts and shared helpers but never another
// panel, and no module is a great hall (about 600 lines at most).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { root } from '../../scripts/lib.mjs';

const www = path.join(root, 'www');
/** The page's own modules (not the wasm-bindgen glue of www/pkg*), relative to www/. */
const modules = fs.readdirSync(www, { recursive: true })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.js') && !/^pkg/.test(f))
  .sort();

/** The modules of www/ that `file` imports (static or dynamic), relative to www/. */
function importsOf(file) {
  const code = fs.readFileSync(path.join(www, file), 'utf8');
  const statements = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  const found = [...code.matchAll(statements)].map((m) => m[1] ?? m[2] ?? m[3]);
  return found
    .map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))
    .filter((f) => modules.includes(f));
}

const graph = new Map(modules.map((f) => [f, importsOf(f)]));

test('the structure test sees the page\'s modules and their imports', () => {
  assert.ok(graph.get('viewer.js').includes('controller.js'));
  assert.ok(graph.get('panels/moves.js').includes('movelist.js'));
  assert.ok(modules.filter((f) => f.startsWith('panels/')).length >= 9);
});

test('no circle of imports in www/: every arrow points one way', () => {
  const state = new Map();
  const circles = [];
  const visit = (file, trail) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file)) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of modules) visit(file, []);
  assert.deepEqual(circles, []);
});

test('a panel imports the controller and shared helpers, never another panel; nothing below imports a panel', () => {
  const wrong = [];
  for (const [file, imports] of graph) {
    for (const target of imports) {
      if (!target.startsWith('panels/')) continue;
      if (file !== 'viewer.js') wrong.push(`${file} imports ${target}`);
    }
  }
  assert.deepEqual(wrong, [], 'only viewer.js lays the panels out');
});

test('a panel changes the state only through the controller\'s named transitions', () => {
  const inner = /\bctrl\.(set|touch|run|afterwards|safe|say|showNotices)\(|\bctrl\.state(\.[\w.]+)?\s*=[^=]/;
  const wrong = modules.filter((f) => f.startsWith('panels/') || f === 'viewer.js').filter((f) => inner.test(fs.readFileSync(path.join(www, f), 'utf8')));
  assert.deepEqual(wrong, []);
});

test('the controller and the state know no DOM: they run under node', () => {
  const below = modules.filter((f) => f.startsWith('controller') || ['state.js', 'words.js', 'movelist.js', 'moving.js', 'report.js', 'fragment.js', 'games.js'].includes(f));
  const touching = below.filter((f) => /\b(document|window|HTMLElement|requestAnimationFrame)\b/.test(fs.readFileSync(path.join(www, f), 'utf8')));
  assert.deepEqual(touching, []);
});

test('no module of www/ is a great hall: about 600 lines at most', () => {
  const long = modules.map((f) => [f, fs.readFileSync(path.join(www, f), 'utf8').split('\n').length]).filter(([, n]) => n > 620);
  assert.deepEqual(long, []);
});
