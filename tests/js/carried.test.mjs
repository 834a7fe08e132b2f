// dist/index.html carries the reader's bytes in a data block (scripts/bundle.mjs
// carriedText); www/engine.js reads them back (readerOfBlock), or gives null
// for a text that is not such a block, and the page then fetches the reader.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { carriedText } from '../../scripts/bundle.mjs';
import { root } from '../../scripts/lib.mjs';
import { readerOfBlock } from '../../www/engine.js';

const reader = fs.readFileSync(path.join(root, 'www', 'pkg', 'analysis_board_bg.wasm'));

test('the reader\'s bytes come back from its block, and every byte value does', () => {
  const every = Uint8Array.from({ length: 256 * 3 }, (_, i) => (i * 7) % 256);
  for (const bytes of [reader, every, new Uint8Array(0), Uint8Array.of(60, 60, 60)]) {
    const text = carriedText(bytes);
    assert.deepEqual(readerOfBlock(text, bytes.length), new Uint8Array(bytes));
  }
});

test('the block\'s text cannot end its script element, and is mostly one byte of UTF-8 a character', () => {
  const text = carriedText(reader);
  assert.equal(text.includes('<'), false);
  assert.equal(/[\r\0]/.test(text), false, 'no character the HTML parser changes');
  assert.ok([...text].every((c) => c.charCodeAt(0) < 0x200));
  // The 96 most frequent byte values as one byte each.
  assert.ok(Buffer.byteLength(text) < reader.length * 1.1, `${Buffer.byteLength(text)} bytes for ${reader.length}`);
});

test('a text that is no block of that many bytes gives null', () => {
  const text = carriedText(reader);
  assert.equal(readerOfBlock(text, reader.length + 1), null, 'cut short');
  assert.equal(readerOfBlock(text.slice(0, -1), reader.length), null);
  assert.equal(readerOfBlock(`${text.slice(0, 300)}\u0300${text.slice(301)}`, reader.length), null, 'a character no byte stands for');
  assert.equal(readerOfBlock(text[1] + text.slice(1), reader.length), null, 'a table naming one character twice');
  assert.equal(readerOfBlock(null, 0), null);
  assert.equal(readerOfBlock('', Number.NaN), null);
});
