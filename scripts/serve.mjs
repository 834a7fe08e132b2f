// A small static file server for dist/ (or any folder), on 127.0.0.1 only.
// It sends what a slow line and another origin need: the right MIME types
// (application/wasm, so the module compiles as it downloads), gzip or
// brotli when the client accepts them, validators (ETag, Last-Modified:
// a reload costs a 304 per file), and CORS headers, so that
// <analysis-board> and its wasm load from a page on another origin.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

// Worth compressing; images and archives are compressed already.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.ts', '.txt']);

/** The file's bytes, ETag and compressed forms, kept while its size and mtime stay the same. */
const cache = new Map();
function entry(file, stat) {
  const key = `${stat.size}:${stat.mtimeMs}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit;
  const data = fs.readFileSync(file);
  const etag = `"${crypto.createHash('sha1').update(data).digest('base64url').slice(0, 22)}"`;
  const made = { key, data, etag, encoded: new Map() };
  cache.set(file, made);
  return made;
}

/** The encoding to send: brotli, else gzip, when the client accepts it (q=0 refuses). */
export function chooseEncoding(acceptEncoding = '') {
  const accepted = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** The compressed bytes (a promise), made once per file version, off the main thread. */
function encode(made, encoding) {
  if (!made.encoded.has(encoding)) {
    // Brotli's best setting takes about 2 s for the wasm, once: worth it
    // (165 KB instead of gzip's 203 KB), and done ahead by warm() below.
    const done = new Promise((resolve, reject) => {
      const back = (err, bytes) => (err ? reject(err) : resolve(bytes));
      if (encoding === 'br') {
        zlib.brotliCompress(made.data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: made.data.length } }, back);
      } else {
        zlib.gzip(made.data, { level: 9 }, back);
      }
    });
    made.encoded.set(encoding, done);
  }
  return made.encoded.get(encoding);
}

/** Compresses every compressible file under `dir` ahead of the first request. */
async function warm(dir) {
  const jobs = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (COMPRESSIBLE.has(path.extname(f))) {
        const made = entry(f, fs.statSync(f));
        jobs.push(encode(made, 'gzip'), encode(made, 'br'));
      }
    }
  };
  walk(dir);
  await Promise.all(jobs);
}

/** The response to one request, as { status, headers, body } (body null for none). */
export async function respond(rootDir, req, cacheControl = 'no-cache') {
  const cors = {
    // Anyone may load the board, its modules and its wasm (no cookies are involved).
    'access-control-allow-origin': '*',
    // Also under a host page that sets Cross-Origin-Embedder-Policy.
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (req.method === 'OPTIONS') {
    return { status: 204, headers: { ...cors, 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': '*', 'access-control-max-age': '86400' }, body: null };
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return { status: 405, headers: { ...cors, allow: 'GET, HEAD, OPTIONS', 'content-type': 'text/plain' }, body: 'method not allowed' };
  }
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    return { status: 400, headers: { ...cors, 'content-type': 'text/plain' }, body: 'bad request' };
  }
  let file = path.join(rootDir, pathname);
  if (file !== rootDir && !file.startsWith(rootDir + path.sep)) {
    return { status: 403, headers: { ...cors, 'content-type': 'text/plain' }, body: 'forbidden' };
  }
  let stat;
  try {
    stat = fs.statSync(file);
    if (stat.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = fs.statSync(file);
    }
  } catch {
    return { status: 404, headers: { ...cors, 'content-type': 'text/plain' }, body: 'not found' };
  }
  const made = entry(file, stat);
  const ext = path.extname(file);
  const encoding = COMPRESSIBLE.has(ext) ? chooseEncoding(req.headers['accept-encoding']) : null;
  // One ETag per representation: a cache must not answer a gzip request with brotli bytes.
  const etag = encoding ? `${made.etag.slice(0, -1)}-${encoding}"` : made.etag;
  const headers = {
    ...cors,
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    etag,
    'last-modified': new Date(Math.floor(stat.mtimeMs / 1000) * 1000).toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  // By default, always ask before reusing: cheap with the validators. A
  // benchmark may answer as other static hosts do (null: no header at all).
  if (cacheControl !== null) headers['cache-control'] = cacheControl;
  if (COMPRESSIBLE.has(ext)) headers.vary = 'Accept-Encoding';
  const inm = req.headers['if-none-match'];
  const ims = Date.parse(req.headers['if-modified-since'] ?? '');
  const fresh = inm !== undefined
    ? inm.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === etag || t === '*')
    : !Number.isNaN(ims) && Math.floor(stat.mtimeMs / 1000) * 1000 <= ims;
  if (fresh) return { status: 304, headers, body: null };
  const body = encoding ? await encode(made, encoding) : made.data;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  return { status: 200, headers, body: req.method === 'HEAD' ? null : body };
}

/**
 * Serves `dir`; resolves with the server once it listens. `port` 0 picks a
 * free port. `server.warm` resolves once every file is compressed.
 * `cacheControl`: the Cache-Control header sent with every file (null: none).
 */
export function serve(dir, port = 8080, host = '127.0.0.1', { cacheControl = 'no-cache' } = {}) {
  const rootDir = path.resolve(dir);
  const server = http.createServer(async (req, res) => {
    let answer;
    try {
      answer = await respond(rootDir, req, cacheControl);
    } catch (e) {
      answer = { status: 500, headers: { 'content-type': 'text/plain' }, body: `server error: ${e.message}` };
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? undefined);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.warm = warm(rootDir).catch(() => {});
      resolve(server);
    });
  });
}
