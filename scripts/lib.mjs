// Shared set-up steps for the npm scripts. Each step checks first and does
// nothing when its work is already done, so every script may call them all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The API of a built module (`dir`: a folder wasm-bindgen wrote, such as
 * www/pkg-all), instantiated from the .wasm beside it (node cannot fetch
 * a file: URL, so the glue's own init cannot be used).
 */
export async function loadBuiltModule(dir) {
  const api = await import(pathToFileURL(path.join(dir, 'analysis_board.js')).href);
  api.initSync({ module: fs.readFileSync(path.join(dir, 'analysis_board_bg.wasm')) });
  return api;
}

export function log(message) {
  console.log(`\x1b[1m[analysis-board]\x1b[0m ${message}`);
}

/** Runs a command, inheriting the terminal; throws when it fails. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw new Error(`${cmd} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with status ${result.status}`);
}

/** Runs a command and returns its standard output, or null when it fails. */
export function output(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', cwd: root, ...options });
  return result.status === 0 ? result.stdout : null;
}

/** The version of a crate pinned in Cargo.lock. */
export function lockedVersion(crate) {
  const lock = fs.readFileSync(path.join(root, 'Cargo.lock'), 'utf8');
  const match = lock.match(new RegExp(`name = "${crate}"\\nversion = "([^"]+)"`));
  if (!match) throw new Error(`${crate} is not in Cargo.lock`);
  return match[1];
}

export function ensureWasmTarget() {
  const installed = output('rustup', ['target', 'list', '--installed']) ?? '';
  if (!installed.split('\n').includes('wasm32-unknown-unknown')) {
    log('adding the wasm32-unknown-unknown target');
    run('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
  }
}

/** The wasm-bindgen CLI must match the library version exactly. */
export function ensureWasmBindgen() {
  const wanted = lockedVersion('wasm-bindgen');
  const have = (output('wasm-bindgen', ['--version']) ?? '').trim();
  if (have !== `wasm-bindgen ${wanted}` || output('wasm-bindgen-test-runner', ['--version']) === null) {
    log(`installing wasm-bindgen-cli ${wanted} (about three minutes, once)`);
    run('cargo', ['install', 'wasm-bindgen-cli', '--version', wanted]);
  }
}

export function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs) {
    log('installing the npm dev-dependencies');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
}

/** Debian's Chromium and ChromeDriver, for the browser tests. */
export function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium') && fs.existsSync('/usr/bin/chromedriver')) return;
  log('installing chromium and chromium-driver from Debian');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-q'], { env });
  run('apt-get', ['install', '-y', '-q', 'chromium', 'chromium-driver'], { env });
}

/** Copies a folder; `keep(name)` may leave entries out. */
export function copyDir(from, to, keep = () => true) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (!keep(entry.name)) continue;
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) copyDir(src, dst, keep);
    else fs.copyFileSync(src, dst);
  }
}

/**
 * The shared project data (course files that must stay out of this
 * repository): `$SHARED_DATA`, else a `shared/data` folder beside this
 * checkout or one of its ancestors, else (in a fresh clone, as CI makes one
 * with `git clone /path/to/checkout`) beside the checkout it was cloned
 * from. Null when none exists.
 */
export function sharedData() {
  if (process.env.SHARED_DATA) return process.env.SHARED_DATA;
  const origin = (output('git', ['remote', 'get-url', 'origin']) ?? '').trim().replace(/^file:\/\//, '');
  const starts = [root];
  // Only a local path is a place to look; a URL (https://, ssh, user@host:path) is not.
  if (origin && !/^[a-z][a-z0-9+.-]*:\/\//i.test(origin) && !/^[^/]*:/.test(origin)) {
    const local = path.resolve(root, origin);
    if (fs.existsSync(local)) starts.push(local);
  }
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'shared', 'data');
      if (fs.existsSync(candidate) && fs.statSync(candidate).isDirectory()) return candidate;
      if (dir === path.dirname(dir)) break;
    }
  }
  return null;
}
