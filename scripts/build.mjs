// Builds the three wasm modules, www/pkg (the reader: chess without the
// engine, what the page loads first), www/pkg-chess (chess with the engine:
// loaded once the board is drawn, for the worker) and www/pkg-all (every
// game with the engine: loaded when another game is needed),
// and the uploadable site into dist/: the page (index.html + www/) and the
// same page as one self-contained file, dist/analysis-board.html (which
// carries the module with every game only).
//   npm run build
import fs from 'node:fs';
import path from 'node:path';
import { buildSingleFile, bundlePage, withBundledPreloads, withCarriedReader, withFirstView } from './bundle.mjs';
import { copyDir, ensureNodeModules, ensureWasmBindgen, ensureWasmTarget, log, root, run } from './lib.mjs';

/**
 * The three modules: the reader (what the page loads first), chess with
 * the engine (`--features engine`: the suggestion, the report, puzzles,
 * the setup editor; loaded once the board is drawn) and every game (loaded
 * when another game is needed).
 */
export const MODULES = [
  // The reader shrunk for size (-Oz: 0.3 KB gzip less than -O3, reading no slower).
  { dir: 'pkg', profile: 'wasm-reader', features: ['--no-default-features'], what: 'the reader', opt: '-Oz' },
  { dir: 'pkg-chess', profile: 'wasm-chess', features: ['--no-default-features', '--features', 'engine'], what: 'chess with the engine', opt: '-O3' },
  { dir: 'pkg-all', profile: 'wasm', features: [], what: 'every game', opt: '-O3' },
];

export async function build() {
  ensureWasmTarget();
  ensureWasmBindgen();
  ensureNodeModules();
  for (const { dir, profile, features, what, opt } of MODULES) {
    log(`compiling the rules to WebAssembly: ${what} (www/${dir})`);
    run('cargo', ['rustc', '--lib', '--profile', profile, '--target', 'wasm32-unknown-unknown', '--crate-type', 'cdylib', ...features]);
    const pkg = path.join(root, 'www', dir);
    fs.rmSync(pkg, { recursive: true, force: true });
    run('wasm-bindgen', [
      '--target', 'web', '--out-dir', pkg,
      path.join(root, 'target', 'wasm32-unknown-unknown', profile, 'analysis_board.wasm'),
    ]);
    log(`shrinking www/${dir} with wasm-opt`);
    const wasm = path.join(pkg, 'analysis_board_bg.wasm');
    // --converge: -O3 again while the module shrinks (the chess module 1 KB
    // smaller gzipped, no slower; about 7 s more per module).
    // --low-memory-unused: a pointer plus a constant folded into the load's
    // offset (they differ only for a sum that wraps past 4 GiB into the
    // first KiB, which Rust's stack, 1 MiB below the data, reaches only as
    // it overflows): 0.4 KB gzip of the reader.
    run(path.join(root, 'node_modules', '.bin', 'wasm-opt'), [opt, '--converge', '--low-memory-unused', '--strip-debug', '--strip-producers', wasm, '-o', wasm]);
  }

  const dist = path.join(root, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(dist);
  // The page's modules as one bundle (and the worker's as another); the
  // board is drawn from the first view before the wasm has arrived.
  // node.js is the npm package's entry for node, not part of the page.
  copyDir(path.join(root, 'www'), path.join(dist, 'www'), (name) => name !== 'node.js');
  const chunks = await bundlePage(path.join(dist, 'www'));
  const page = await withFirstView(withBundledPreloads(fs.readFileSync(path.join(root, 'index.html'), 'utf8'), chunks));
  fs.writeFileSync(path.join(dist, 'index.html'), withCarriedReader(page, fs.readFileSync(path.join(dist, 'www', 'pkg', 'analysis_board_bg.wasm'))));
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
