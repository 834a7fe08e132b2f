// Builds the wasm module into www/pkg and the uploadable site into dist/:
// the page (index.html + www/) and the same page as one self-contained
// file, dist/analysis-board.html.
//   npm run build
import fs from 'node:fs';
import path from 'node:path';
import { buildSingleFile, withPreloads } from './bundle.mjs';
import { copyDir, ensureNodeModules, ensureWasmBindgen, ensureWasmTarget, log, root, run } from './lib.mjs';

export async function build() {
  ensureWasmTarget();
  ensureWasmBindgen();
  ensureNodeModules();
  log('compiling the rules to WebAssembly');
  run('cargo', ['rustc', '--lib', '--profile', 'wasm', '--target', 'wasm32-unknown-unknown', '--crate-type', 'cdylib']);
  const pkg = path.join(root, 'www', 'pkg');
  fs.rmSync(pkg, { recursive: true, force: true });
  run('wasm-bindgen', [
    '--target', 'web', '--out-dir', pkg,
    path.join(root, 'target', 'wasm32-unknown-unknown', 'wasm', 'analysis_board.wasm'),
  ]);
  log('shrinking the module with wasm-opt');
  const wasm = path.join(pkg, 'analysis_board_bg.wasm');
  run(path.join(root, 'node_modules', '.bin', 'wasm-opt'), ['-O3', '--strip-debug', '--strip-producers', wasm, '-o', wasm]);

  const dist = path.join(root, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(dist);
  // The preload list always matches the modules, even if index.html's is stale.
  fs.writeFileSync(path.join(dist, 'index.html'), await withPreloads(fs.readFileSync(path.join(root, 'index.html'), 'utf8')));
  // node.js is the npm package's entry for node, not part of the page.
  copyDir(path.join(root, 'www'), path.join(dist, 'www'), (name) => name !== 'node.js');
  const single = await buildSingleFile(path.join(dist, 'analysis-board.html'));
  log(`built dist/ (upload it to any static host) and dist/analysis-board.html (${Math.round(single.bytes / 1024)} KiB, one file)`);
  return dist;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await build();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
