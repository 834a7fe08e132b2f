// Builds the wasm module into www/pkg and the uploadable site into dist/.
//   npm run build
import fs from 'node:fs';
import path from 'node:path';
import { copyDir, ensureNodeModules, ensureWasmBindgen, ensureWasmTarget, log, root, run } from './lib.mjs';

export function build() {
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
  fs.copyFileSync(path.join(root, 'index.html'), path.join(dist, 'index.html'));
  copyDir(path.join(root, 'www'), path.join(dist, 'www'));
  log(`built dist/ (upload it to any static host)`);
  return dist;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    build();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
