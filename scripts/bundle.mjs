// Build steps that read the page's module graph (with esbuild, a build-time
// tool only: the page itself runs as plain ES modules, without a bundler):
//   - the preload list in index.html (every module the page imports), and
//   - dist/analysis-board.html, the page as ONE self-contained file (CSS,
//     modules, piece drawings, the wasm and the worker inlined) that works
//     opened from disk (file://) or uploaded alone to a course platform.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadBuiltModule, root } from './lib.mjs';

// esbuild is a dev-dependency: loaded when first used, after the npm
// scripts have installed the dev-dependencies (`ensureNodeModules`).
const esbuild = () => import('esbuild');

const www = path.join(root, 'www');

/**
 * The modules the page loads at once (app.js's static imports,
 * transitively), as paths relative to the root. Dynamic imports are left
 * out: the module with every game (www/pkg-all/) is loaded only when
 * another game is needed.
 */
export async function moduleGraph(entry = path.join(www, 'app.js')) {
  const result = await (await esbuild()).build({ entryPoints: [entry], absWorkingDir: root, bundle: true, write: false, format: 'esm', metafile: true, logLevel: 'silent' });
  const { inputs } = result.metafile;
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of inputs[file]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(path.relative(root, entry).split(path.sep).join('/'));
  return [...seen].map((f) => f.split(path.sep).join('/')).sort();
}

const PRELOAD_START = '<!-- preload: the wasm and every module the page imports (npm test checks this list) -->';
const PRELOAD_END = '<!-- /preload -->';

/** The reader's preload: the same request as engine.js's fetch (cors mode, same-origin credentials). */
const READER_PRELOAD = '<link rel="preload" href="www/pkg/analysis_board_bg.wasm" as="fetch" type="application/wasm" crossorigin>';

/** The <link> lines index.html should have, for the modules of `graph` (app.js itself has its script tag). */
export function preloadLinks(graph, indent = '  ') {
  const links = [
    READER_PRELOAD,
    ...graph.filter((f) => f !== 'www/app.js').map((f) => `<link rel="modulepreload" href="${f}">`),
  ];
  return [PRELOAD_START, ...links, PRELOAD_END].map((l) => indent + l).join('\n');
}

/** The preload block of an index.html text: its lines, or null when it has none. */
export function preloadBlock(html) {
  const start = html.indexOf(PRELOAD_START);
  const end = html.indexOf(PRELOAD_END);
  if (start < 0 || end < start) return null;
  const lineStart = html.lastIndexOf('\n', start) + 1;
  return { start: lineStart, end: end + PRELOAD_END.length, text: html.slice(lineStart, end + PRELOAD_END.length) };
}

/**
 * dist/'s page in few requests: www/app.js and www/worker.js bundled
 * (minified) with every module they import, written over their copies in
 * `distWww` (and the stylesheet and www/engine-early.js minified). The
 * page's bundle leaves apart, as chunks (`www/shared-HASH.js`), the
 * engine's glue (imported once the board is drawn) and what it shares with
 * the page; it returns the chunks app.js imports statically, for
 * index.html's preload block (beside the wasm): on a slow line each
 * request costs a round trip, and a chunk is fetched with app.js, not
 * after it. The worker's bundle is one file with
 * the engine's glue inside: it repeats some 12 KB gzip of the page's, but
 * the server answers `no-cache`, so each module the worker imported cost
 * it a round trip to revalidate, three in a row before it could take the
 * engine (the link's suggestion 0.5 s later). The module with every game
 * stays apart (imported when needed). www/element.js, for other pages, is
 * a bundle of its own (see bundleElement); node.js is not bundled.
 */
export async function bundlePage(distWww) {
  const common = {
    absWorkingDir: root, outdir: distWww, allowOverwrite: true, bundle: true, format: 'esm', minify: true, target: 'es2022',
    legalComments: 'none', logLevel: 'warning', plugins: [everyGameApart], metafile: true,
  };
  const { metafile } = await (await esbuild()).build({ ...common, entryPoints: [path.join(www, 'app.js')], splitting: true, chunkNames: 'shared-[hash]' });
  await (await esbuild()).build({ ...common, entryPoints: [path.join(www, 'worker.js')] });
  fs.writeFileSync(path.join(distWww, 'style.css'), await minifiedCss());
  // A classic script (it runs as soon as it has come), with the one module it imports inside.
  await (await esbuild()).build({ ...common, entryPoints: [path.join(www, 'engine-early.js')], format: 'iife' });
  await bundleElement(distWww);
  // The chunks app.js imports statically (the engine's glue is a chunk
  // too, imported once the board is drawn: not preloaded).
  const app = Object.entries(metafile.outputs).find(([, out]) => out.entryPoint === 'www/app.js')[1];
  return app.imports.filter((i) => i.kind === 'import-statement' && /\/shared-[^/]*\.js$/.test(i.path)).map((i) => `www/${path.basename(i.path)}`).sort();
}

/**
 * In the page's bundles the glue of the module with every game stays a
 * module of its own (imported when another game is needed); the engine's
 * (www/pkg-chess/) is a chunk of the bundle, one request: as a module of
 * its own its import of its snippet cost one more round trip.
 */
const everyGameApart = {
  name: 'module-with-every-game-apart',
  setup(build) {
    build.onResolve({ filter: /pkg-all\/analysis_board\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The modules with the engine (chess, every game) stay modules of their own, imported after the board is drawn or when needed. */
const otherModuleApart = {
  name: 'modules-with-the-engine-apart',
  setup(build) {
    build.onResolve({ filter: /pkg-(all|chess)\/analysis_board\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * dist/www/element.js, <analysis-board> on other pages, as one minified
 * bundle written over its copy (the chess module's glue inside; the module
 * with every game apart, and the worker, the stylesheet and the wasm beside
 * it as before): its modules one by one were five levels of imports, a
 * round trip each on a slow line, and some forty requests.
 */
export async function bundleElement(distWww) {
  await (await esbuild()).build({
    absWorkingDir: root, entryPoints: [path.join(www, 'element.js')], outfile: path.join(distWww, 'element.js'), allowOverwrite: true,
    bundle: true, format: 'esm', minify: true, target: 'es2022', legalComments: 'none', logLevel: 'warning', plugins: [otherModuleApart],
  });
}

/**
 * The stylesheet minified (esbuild: comments and spaces out, the rules
 * as written): 1 KB of the chess visitor's download gzipped.
 */
export async function minifiedCss() {
  const css = fs.readFileSync(path.join(www, 'style.css'), 'utf8');
  return (await (await esbuild()).transform(css, { loader: 'css', minify: true, logLevel: 'warning' })).code;
}

/** dist/index.html's preload block: the wasm and the bundles' shared `chunks` (app.js is one bundle with them). */
export function withBundledPreloads(html, chunks) {
  const block = preloadBlock(html);
  if (!block) throw new Error(`index.html has no preload block (${PRELOAD_START})`);
  return html.slice(0, block.start) + preloadLinks(chunks) + html.slice(block.end);
}

const sha256 = (text) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** Text that may sit inside <script> or <style>: no "</" that could close it early. */
function inlineSafe(code, tag) {
  const safe = code.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
  if (new RegExp(`</${tag}`, 'i').test(safe)) throw new Error(`cannot inline: </${tag} remains`);
  return safe;
}

/**
 * The page's first view: what the chess module answers for the example the
 * page opens with, and the rules of its game, as a JSON block
 * (`#ab-first-view`, read by www/app.js), so that the board is drawn
 * before the module has arrived. Computed by the module itself (www/pkg,
 * built): the page derives nothing.
 */
export async function firstViewBlock() {
  const glue = await loadBuiltModule(path.join(www, 'pkg'));
  const { PAGE_EXAMPLE, initialState, readOptions } = await import('../www/state.js');
  const { rulesOf } = await import('../www/games.js');
  const outcome = glue.analyze(PAGE_EXAMPLE, readOptions(initialState()));
  const rules = rulesOf(glue.games(), outcome.game);
  // JSON inside a script element: no "<" that could close it.
  const json = JSON.stringify({ text: PAGE_EXAMPLE, outcome, rules }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="ab-first-view">${json}</script>`;
}

/** `html` with the first view's block at the end of its head. */
export async function withFirstView(html) {
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html.replace('</head>', `  ${await firstViewBlock()}\n</head>`);
}

/**
 * The text of the block that carries `bytes` (the reader's .wasm) in
 * dist/index.html, read by www/engine.js's readerOfBlock: a table (the
 * character standing for each byte value), then a character per byte.
 * The 96 most frequent values stand as the 96 characters of one byte of
 * UTF-8 allowed (printable ASCII but "<", tab, line feed), the others as
 * U+0100 on (two bytes): 112 KB gzip for the reader's 109 KB,
 * where each byte as itself when printable (else U+0100 + byte) was 121 KB
 * and base64 139 KB. No "<": nothing can close the script element early.
 */
export function carriedText(bytes) {
  const count = new Array(256).fill(0);
  for (const byte of bytes) count[byte]++;
  const single = [9, 10];
  for (let c = 0x20; c < 0x7f; c++) if (c !== 0x3c) single.push(c);
  const charOf = new Array(256);
  [...charOf.keys()].sort((a, b) => count[b] - count[a] || a - b).forEach((byte, rank) => {
    charOf[byte] = String.fromCharCode(rank < single.length ? single[rank] : 0x100 + rank - single.length);
  });
  return charOf.join('') + Array.from(bytes, (byte) => charOf[byte]).join('');
}

/** The page's script tag in index.html. */
const APP_SCRIPT = '<script type="module" src="www/app.js"></script>';

/**
 * The script that asks for the engine's module as soon as it has come
 * (www/engine-early.js), in a page that carries the reader: on Fast 3G it
 * runs at about 1.2 s, 0.3 s before the page's bundle (which asked for it
 * before), and the engine's first bytes come once the board's have (its
 * preload in the HTML instead, before the reader's block, took the line
 * from the reader: the board 0.2 s later).
 */
const ENGINE_EARLY = '<script async src="www/engine-early.js"></script>';

/**
 * dist/index.html carrying the reader (`wasm`, its bytes) in a data block
 * at the end of its body, in place of its preload: a link opens the page,
 * its board needs the reader, and on a slow line the request for it cost
 * a round trip after the HTML's (www/engine.js falls back to fetching it);
 * and with the script that asks for the engine early (ENGINE_EARLY).
 */
export function withCarriedReader(html, wasm) {
  const preload = `\n  ${READER_PRELOAD}`;
  if (!html.includes(preload) || !html.includes('</body>') || !html.includes(APP_SCRIPT)) throw new Error('index.html has no preload of the reader, no </body> or no script tag of www/app.js');
  const block = `<script type="application/octet-stream" id="ab-reader" data-bytes="${wasm.length}">${carriedText(wasm)}</script>`;
  return html.replace(preload, '').replace(APP_SCRIPT, `${APP_SCRIPT}\n  ${ENGINE_EARLY}`).replace('</body>', () => `${block}\n</body>`);
}

/** The carried reader's block in a dist/index.html text. */
export const CARRIED_BLOCK = /<script type="application\/octet-stream" id="ab-reader" data-bytes="\d+">[^<]*<\/script>\n/;

/**
 * dist/index.html as it was without the reader carried (the block and the
 * engine's early script out, the reader's preload back): the page then
 * fetches the reader, for the tests that hold that request back or fail it.
 */
export function withoutCarriedReader(html) {
  if (!CARRIED_BLOCK.test(html) || !html.includes(PRELOAD_START) || !html.includes(ENGINE_EARLY)) throw new Error('this page carries no reader');
  return html.replace(CARRIED_BLOCK, '').replace(`\n  ${ENGINE_EARLY}`, '').replace(PRELOAD_START, () => `${PRELOAD_START}\n  ${READER_PRELOAD}`);
}

/** Writes `out` (dist/analysis-board.html): index.html with everything it loads inside it. */
export async function buildSingleFile(out) {
  const common = { absWorkingDir: root, bundle: true, write: false, format: 'esm', minify: true, target: 'es2022', legalComments: 'none', logLevel: 'warning' };
  // A classic script: a module worker cannot start from a blob: URL in a
  // page opened from disk. (Its import.meta is empty; the worker never
  // needs it, since the page hands it the compiled module.)
  // The one file carries the module with every game alone (the chess
  // module would add 440 KB of base64 for nothing): every import of the
  // chess module's glue is the other module's glue (the two are the same
  // code), and so is the reader's.
  const everyGame = {
    name: 'every-game',
    setup(build) {
      build.onResolve({ filter: /\/pkg(-chess)?\/analysis_board\.js$/ }, (args) => ({ path: path.join(args.resolveDir, args.path.replace(/\/pkg(-chess)?\//, '/pkg-all/')) }));
    },
  };
  const worker = await (await esbuild()).build({ ...common, format: 'iife', logOverride: { 'empty-import-meta': 'silent' }, entryPoints: [path.join(www, 'worker.js')], plugins: [everyGame] });
  const workerCode = worker.outputFiles[0].text;
  const inlineWorker = {
    name: 'inline-worker',
    setup(build) {
      build.onResolve({ filter: /^inline:worker$/ }, () => ({ path: 'worker', namespace: 'inline' }));
      build.onLoad({ filter: /.*/, namespace: 'inline' }, () => ({ contents: workerCode, loader: 'text' }));
    },
  };
  const page = await (await esbuild()).build({
    ...common,
    stdin: {
      // The set-up first: ES modules run in import order, and app.js starts at once.
      contents: "import './scripts/single-setup.js';\nimport './www/app.js';\n",
      resolveDir: root,
      sourcefile: 'analysis-board.html',
    },
    loader: { '.wasm': 'binary' },
    plugins: [inlineWorker, everyGame],
  });
  const script = inlineSafe(page.outputFiles[0].text, 'script');
  const css = inlineSafe(await minifiedCss(), 'style');

  let html = await withFirstView(fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
  const block = preloadBlock(html);
  if (block) html = html.slice(0, block.start).replace(/\n$/, '') + html.slice(block.end);
  // Nothing is fetched: the policy allows exactly the inline script and style.
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)} 'wasm-unsafe-eval'`,
    'worker-src blob:',
    `style-src ${sha256(css)}`,
    'img-src data:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const replace = (pattern, by) => {
    if (!pattern.test(html)) throw new Error(`index.html no longer matches ${pattern}: update scripts/bundle.mjs`);
    html = html.replace(pattern, () => by);
  };
  replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
  replace(/<link rel="stylesheet" href="www\/style\.css">/, `<style>${css}</style>`);
  replace(/<script type="module" src="www\/app\.js"><\/script>/, `<script type="module">${script}</script>`);
  if (/\s(src|href)="(?!data:|#)[^"]*"/.test(html)) throw new Error(`analysis-board.html still refers to a file: ${html.match(/\s(src|href)="(?!data:|#)[^"]*"/)[0]}`);
  fs.writeFileSync(out, html);
  return { bytes: Buffer.byteLength(html) };
}
