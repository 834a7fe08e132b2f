// The npm package as a user gets it: `npm pack`, then installed from the
// tarball (offline: it has no runtime dependencies) into an empty project,
// where node imports the API and the element, and a bundler (esbuild)
// builds both for a browser. Needs `npm run build` first (www/pkg, www/pkg-chess, www/pkg-all).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as esbuild from 'esbuild';
import { root } from '../../scripts/lib.mjs';

function sh(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

let dir;
let project;
before(() => {
  for (const dir of ['pkg', 'pkg-chess', 'pkg-all']) assert.ok(fs.existsSync(path.join(root, 'www', dir, 'analysis_board_bg.wasm')), 'run npm run build first');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analysis-board-pack-'));
  const packed = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', dir], root));
  const tarball = path.join(dir, packed[0].filename);
  project = path.join(dir, 'project');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'empty-project', private: true, type: 'module' }));
  sh('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], project);
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `code` as an ES module in the project with node; returns its standard output. */
function runInProject(name, code) {
  fs.writeFileSync(path.join(project, name), code);
  return sh(process.execPath, [name], project);
}

test('node: import init, { analyze, suggest } from the package; await init() with no argument', () => {
  const out = runInProject('api.mjs', `
    import init, { analyze, suggest, initSync } from 'analysis-board';
    await init();
    const outcome = analyze('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7', { notation: 'auto', suggest: false });
    const s = suggest('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    console.log(JSON.stringify({ message: outcome.message, plies: outcome.plies.length, from: s.from, to: s.to, initSync: typeof initSync }));
  `);
  assert.deepEqual(JSON.parse(out), { message: 'white wins by checkmate', plies: 7, from: 'a1', to: 'a8', initSync: 'function' });
});

test("node: the package's API has every game (the module of www/pkg-all)", () => {
  const out = runInProject('games.mjs', `
    import init, { analyze } from 'analysis-board';
    await init();
    const congo = analyze('gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\\nd2d3', { suggest: false });
    const checkers = analyze('c3->d4 f6->e5', { suggest: false });
    console.log(JSON.stringify([congo.game, congo.plies.length, checkers.game, checkers.plies.length]));
  `);
  assert.deepEqual(JSON.parse(out), ['congo', 1, 'checkers', 2]);
});

test('node: initSync() with no argument works too', () => {
  const out = runInProject('sync.mjs', `
    import { initSync, analyze } from 'analysis-board';
    initSync();
    console.log(analyze('e4 e5 f3', { suggest: false }).message);
  `);
  assert.equal(out.trim(), 'game incomplete');
});

test('node: the element module loads without touching the DOM', () => {
  const out = runInProject('element.mjs', `
    const touched = [];
    for (const name of ['document', 'window', 'HTMLElement', 'customElements']) {
      Object.defineProperty(globalThis, name, { configurable: true, get() { touched.push(name); return undefined; } });
    }
    const element = await import('analysis-board/element');
    console.log(JSON.stringify({ exported: typeof element.AnalysisBoard, touched }));
  `);
  // Only the two feature checks (HTMLElement, customElements) may look; nothing reads the document.
  const { exported, touched } = JSON.parse(out);
  assert.equal(exported, 'function');
  assert.deepEqual(touched.filter((n) => n === 'document' || n === 'window'), []);
});

test('the package ships its TypeScript declarations where package.json points', () => {
  const installed = path.join(project, 'node_modules', 'analysis-board');
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
  const typesOf = (entry) => (entry.types ? [entry.types] : []).concat(...Object.values(entry).filter((v) => typeof v === 'object').map(typesOf));
  const declared = [manifest.types, ...Object.values(manifest.exports).filter((v) => typeof v === 'object').flatMap(typesOf)];
  assert.ok(declared.length >= 3, `types declared: ${declared}`);
  for (const file of declared) {
    const text = fs.readFileSync(path.join(installed, file), 'utf8');
    assert.match(text, /export /, file);
  }
  assert.match(fs.readFileSync(path.join(installed, 'www/pkg-all/analysis_board.d.ts'), 'utf8'), /export function analyze\(/);
  assert.match(fs.readFileSync(path.join(installed, 'www/element.d.ts'), 'utf8'), /'analysis-board': AnalysisBoard/);
});

test('a bundler builds both imports for a browser, without the node entry', async () => {
  fs.writeFileSync(path.join(project, 'browser.js'), `
    import init, { analyze } from 'analysis-board';
    import 'analysis-board/element';
    await init();
    console.log(analyze('e4', {}).status);
  `);
  const result = await esbuild.build({
    absWorkingDir: project, entryPoints: ['browser.js'], bundle: true, format: 'esm', platform: 'browser',
    write: false, metafile: true, logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  // The API is the module with every game; the element starts with the reader and loads the others when needed.
  for (const dir of ['pkg-all', 'pkg', 'pkg-chess']) assert.ok(inputs.includes(`node_modules/analysis-board/www/${dir}/analysis_board.js`), inputs.join('\n'));
  assert.ok(inputs.includes('node_modules/analysis-board/www/element.js'), inputs.join('\n'));
  assert.ok(!inputs.some((f) => f.endsWith('www/node.js')), 'the browser build must not take the node entry');
  assert.doesNotMatch(result.outputFiles[0].text, /node:fs/);
});
