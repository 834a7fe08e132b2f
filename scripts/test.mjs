// Every test: the Rust tests, the JavaScript contract in node (wasm-bindgen-
// test), the page's pure modules, the npm package as installed from its
// tarball, and the browser tests in headless Chromium (dist/ included).
//   npm test            (CI runs exactly this)
import { build } from './build.mjs';
import { ensureChromium, ensureNodeModules, ensureWasmBindgen, ensureWasmTarget, log, run, sharedData } from './lib.mjs';

const started = Date.now();
const stage = (name) => log(`${name}  (${Math.round((Date.now() - started) / 1000)} s so far)`);
try {
  ensureWasmTarget();
  ensureWasmBindgen();
  ensureNodeModules();
  ensureChromium();

  // The tests read the shared course data; name it for them (and every
  // program they start) when it was not named, e.g. in CI's fresh clone.
  if (!process.env.SHARED_DATA) {
    const data = sharedData();
    if (!data) throw new Error('shared data not found beside this checkout or its origin: set SHARED_DATA to the shared/data folder');
    process.env.SHARED_DATA = data;
    log(`shared data: ${data}`);
  }

  stage('formatting (cargo fmt --check)');
  run('cargo', ['fmt', '--check']);

  stage('lints (cargo clippy, native and wasm32, with every game and with chess alone)');
  run('cargo', ['clippy', '--locked', '--all-targets', '--', '-D', 'warnings']);
  run('cargo', ['clippy', '--locked', '--no-default-features', '--all-targets', '--', '-D', 'warnings']);
  run('cargo', ['clippy', '--locked', '--target', 'wasm32-unknown-unknown', '--lib', '--test', 'wasm_api', '--test', 'wasm_engine', '--', '-D', 'warnings']);
  run('cargo', ['clippy', '--locked', '--no-default-features', '--target', 'wasm32-unknown-unknown', '--lib', '--test', 'wasm_chess_only', '--', '-D', 'warnings']);
  // The worker's chess module: the reader and the engine (feature `engine`).
  run('cargo', ['clippy', '--locked', '--no-default-features', '--features', 'engine', '--all-targets', '--', '-D', 'warnings']);
  run('cargo', ['clippy', '--locked', '--no-default-features', '--features', 'engine', '--target', 'wasm32-unknown-unknown', '--lib', '--test', 'wasm_chess_only', '--', '-D', 'warnings']);

  stage('Rust tests (native)');
  run('cargo', ['test', '--locked']);

  stage('Rust tests (native, chess alone: the page\'s first module)');
  run('cargo', ['test', '--locked', '--no-default-features', '--test', 'chess_only']);
  run('cargo', ['test', '--locked', '--no-default-features', '--features', 'engine', '--test', 'chess_only']);

  stage('JavaScript API tests (wasm-bindgen-test in node; every game, then chess alone)');
  const runner = { env: { ...process.env, CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER: 'wasm-bindgen-test-runner' } };
  run('cargo', ['test', '--locked', '--target', 'wasm32-unknown-unknown', '--test', 'wasm_api'], runner);
  // The engine's answers as wasm are the native ones.
  run('cargo', ['test', '--locked', '--target', 'wasm32-unknown-unknown', '--test', 'wasm_engine'], runner);
  run('cargo', ['test', '--locked', '--no-default-features', '--target', 'wasm32-unknown-unknown', '--test', 'wasm_chess_only'], runner);
  run('cargo', ['test', '--locked', '--no-default-features', '--features', 'engine', '--target', 'wasm32-unknown-unknown', '--test', 'wasm_chess_only'], runner);

  stage('building the page');
  await build();

  stage('page modules (node)');
  run('node', ['--test', 'tests/js/']);

  stage('the npm package: packed, installed offline into an empty project, imported in node and bundled');
  run('node', ['--test', 'tests/package/']);

  stage('browser tests (headless Chromium)');
  run('node', ['--test', '--test-concurrency=1', 'tests/browser/']);

  stage('all tests passed');
} catch (e) {
  console.error(`\n${e.message}`);
  process.exit(1);
}
