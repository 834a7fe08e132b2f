// npm start's server (scripts/serve.mjs): MIME types, compression when
// accepted, validators with 304, CORS for the element on other origins.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, test } from 'node:test';
import { chooseEncoding, serve } from '../../scripts/serve.mjs';

let dir;
let server;
let port;
const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4000, 7)]);
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
  fs.mkdirSync(path.join(dir, 'www'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>'.repeat(50));
  fs.writeFileSync(path.join(dir, 'www', 'a.js'), 'export const a = 1;\n'.repeat(100));
  fs.writeFileSync(path.join(dir, 'www', 'm.wasm'), wasm);
  server = await serve(dir, 0);
  port = server.address().port;
});
after(() => {
  server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw request (node's http: no automatic decompression), resolving to { status, headers, body }. */
function get(pathname, headers = {}, method = 'GET', at = port) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: at, path: pathname, headers, method }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the encoding follows Accept-Encoding', () => {
  assert.equal(chooseEncoding('gzip, deflate, br, zstd'), 'br');
  assert.equal(chooseEncoding('gzip, deflate'), 'gzip');
  assert.equal(chooseEncoding('br;q=0, gzip;q=0.5'), 'gzip');
  assert.equal(chooseEncoding('identity'), null);
  assert.equal(chooseEncoding(undefined), null);
});

test('wasm as application/wasm, compressed when accepted, with CORS', async () => {
  const plain = await get('/www/m.wasm');
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['content-type'], 'application/wasm');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.deepEqual(plain.body, wasm);
  assert.equal(plain.headers['access-control-allow-origin'], '*');
  const gz = await get('/www/m.wasm', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gz.headers.vary, 'Accept-Encoding');
  assert.ok(gz.body.length < wasm.length / 10);
  assert.deepEqual(zlib.gunzipSync(gz.body), wasm);
  const br = await get('/www/m.wasm', { 'accept-encoding': 'gzip, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(zlib.brotliDecompressSync(br.body), wasm);
  const js = await get('/www/a.js', { origin: 'http://localhost:1' });
  assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(js.headers['access-control-allow-origin'], '*');
  assert.equal((await get('/www/a.js', {}, 'OPTIONS')).status, 204);
});

test('validators: ETag and Last-Modified answer 304 until the file changes', async () => {
  const first = await get('/www/a.js', { 'accept-encoding': 'gzip' });
  assert.ok(first.headers.etag && first.headers['last-modified']);
  const again = await get('/www/a.js', { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  // Another representation (brotli) does not match the gzip ETag.
  assert.equal((await get('/www/a.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag })).status, 200);
  assert.equal((await get('/www/a.js', { 'if-modified-since': first.headers['last-modified'] })).status, 304);
  assert.equal((await get('/www/a.js', { 'if-modified-since': 'Thu, 01 Jan 2004 00:00:00 GMT' })).status, 200);
  fs.writeFileSync(path.join(dir, 'www', 'a.js'), 'export const a = 2;\n');
  const changed = await get('/www/a.js', { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag });
  assert.equal(changed.status, 200);
  assert.equal(zlib.gunzipSync(changed.body).toString(), 'export const a = 2;\n');
});

test('nothing outside the folder, and plain errors', async () => {
  assert.equal((await get('/../../etc/passwd')).status, 404);
  assert.equal((await get('/%2e%2e/%2e%2e/etc/passwd')).status, 404);
  assert.equal((await get('/..%2f..%2fetc%2fpasswd')).status, 403);
  assert.equal((await get('/nope.js')).status, 404);
  assert.equal((await get('/%E0%A4%A')).status, 400);
  assert.equal((await get('/', {}, 'POST')).status, 405);
  const head = await get('/index.html', {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
});

test('Cache-Control: no-cache by default; another policy, or none, when asked (as other static hosts answer)', async () => {
  assert.equal((await get('/www/a.js')).headers['cache-control'], 'no-cache');
  for (const [cacheControl, expected] of [['max-age=600', 'max-age=600'], [null, undefined]]) {
    const other = await serve(dir, 0, '127.0.0.1', { cacheControl });
    try {
      const answer = await get('/www/a.js', { 'accept-encoding': 'gzip' }, 'GET', other.address().port);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['cache-control'], expected);
      assert.ok(answer.headers.etag && answer.headers['last-modified'], 'validators are sent whatever the policy');
    } finally {
      other.close();
    }
  }
});
