// Short share links (www/link.js) under node, which has CompressionStream:
// texts survive the round trip, z= is used only when shorter, the plain
// moves= form is still read, and bad z= values are explained.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { parseFragment } from '../../www/fragment.js';
import {
  base64UrlToBytes, bytesToBase64Url, chosenGame, decodeText, encodeText, readLink, shortFragment, withCompressed, withText,
} from '../../www/link.js';

/** A deterministic random source (mulberry32), so a failure can be replayed. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Text of every kind a paste may hold: ASCII moves, accents, Cyrillic, emoji (surrogate pairs), CR/LF, tabs. */
function randomText(rand) {
  const pieces = ['e4 ', 'Nf3 ', '{Café} ', 'Зоя ', '😀', '♘', '\r\n', '\t', '½-½', '[White "Zoë"]\n', '%', '&z=', '#', '+', ' '];
  let text = '';
  const n = Math.floor(rand() * 60);
  for (let i = 0; i < n; i++) {
    text += rand() < 0.7 ? pieces[Math.floor(rand() * pieces.length)] : String.fromCodePoint(Math.floor(rand() * 0xd7ff) + 1);
  }
  return text;
}

test('base64url writes and reads every length of bytes', () => {
  const rand = random(7);
  for (let n = 0; n < 70; n++) {
    const bytes = Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
    const text = bytesToBase64Url(bytes);
    assert.equal(text, Buffer.from(bytes).toString('base64url'), `length ${n}`);
    assert.deepEqual(base64UrlToBytes(text), bytes, `length ${n}`);
  }
  assert.throws(() => base64UrlToBytes('ab+c'), /character "\+" at 3 is not base64url/);
  assert.throws(() => base64UrlToBytes('abcde'), /cannot be 5 characters long/);
});

test('random texts, non-ASCII included, survive encodeText and decodeText', async () => {
  const rand = random(2024);
  for (let i = 0; i < 300; i++) {
    const text = randomText(rand);
    const code = await encodeText(text);
    assert.match(code, /^[A-Za-z0-9_-]*$/);
    assert.equal(await decodeText(code), text, JSON.stringify(text));
  }
});

test('a long game compresses to a much shorter link than moves=', async () => {
  const pgn = fs.readFileSync(path.join(root, 'tests', 'data', 'pgn', 'stockfish.pgn'), 'utf8');
  const plain = '#' + new URLSearchParams({ moves: pgn, ply: '3' }).toString().replace(/\+/g, '%20');
  const short = await shortFragment(plain);
  assert.match(short, /^#z=[A-Za-z0-9_-]+&ply=3$/);
  assert.ok(short.length * 2 < plain.length, `${short.length} vs ${plain.length}`);
  const link = await readLink(short);
  assert.deepEqual(link.problems, []);
  assert.equal(link.text, pgn);
  assert.equal(link.ply, 3);
});

test('z= is used only when it makes the fragment shorter', async () => {
  assert.equal(withCompressed('#moves=e4&ply=1', 'AAAAAAAAAA'), '#moves=e4&ply=1');
  assert.equal(withCompressed('#moves=e4%20e5%20Nf3%20Nc6%20Bb5&ply=1&flip=1', 'abc'), '#z=abc&ply=1&flip=1');
  assert.equal(await shortFragment('#moves=e4&ply=1'), '#moves=e4&ply=1');
  assert.equal(await shortFragment('#ply=1'), '#ply=1');
});

test('the plain moves= form is still read, and a z= wins over it', async () => {
  const plain = '#moves=e4%20e5&ply=2&flip=1';
  assert.deepEqual(await readLink(plain), parseFragment(plain));
  assert.equal((await readLink(plain)).text, 'e4 e5');
  const both = `#z=${await encodeText('d4 d5')}&moves=e4&ply=1`;
  const read = await readLink(both);
  assert.equal(read.text, 'd4 d5');
  assert.equal(read.ply, 1);
});

test('a z= that cannot be read is explained, never thrown', async () => {
  for (const [z, why] of [
    ['ab+c', /not base64url/],
    ['AAAA', /not compressed text/],
    [(await encodeText('e4 e5')).slice(0, 3), /not compressed text|cannot be/],
  ]) {
    const link = await readLink(`#z=${encodeURIComponent(z)}&ply=2`);
    assert.equal(link.problems.length, 1);
    const [problem] = link.problems;
    assert.match(problem, why, z);
    assert.match(problem, /^the link's compressed text \(z=\) cannot be read/);
    assert.equal(link.text, null);
    assert.equal(link.ply, 2);
  }
  // Bytes that are not UTF-8 (0xff) compressed.
  const stream = new Blob([new Uint8Array([0xff, 0xfe])]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const notUtf8 = bytesToBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
  await assert.rejects(decodeText(notUtf8), /not unpack to UTF-8/);
  // A bomb: a small link that unpacks past the limit is refused.
  await assert.rejects(decodeText(await encodeText('a'.repeat(5000)), { maxBytes: 4096 }), /more than 4096 bytes/);
});

test('withText puts a text in a fragment written for none, compressed when shorter, without writing out a long one', async () => {
  assert.equal(await withText('#moves=&ply=1', 'e4'), '#moves=e4&ply=1');
  const long = 'e4 '.repeat(349525);
  const fragment = await withText('#moves=&ply=1&flip=1', long);
  assert.equal(fragment, `#z=${await encodeText(long)}&ply=1&flip=1`);
  const link = await readLink(fragment);
  assert.equal(link.text, long);
  assert.equal(link.ply, 1);
  assert.equal(link.flipped, true);
  // Whichever is shorter, as shortFragment chooses.
  for (const text of ['e4 e5 Nf3', 'zoë 1. d4 d5 {ünïcödé}', '1. e4 e5 2. Nf3 Nc6 '.repeat(20)]) {
    const plain = `#${new URLSearchParams({ moves: text, ply: '2' }).toString().replace(/\+/g, '%20')}`;
    assert.equal(await withText('#moves=&ply=2', text), await shortFragment(plain), text);
  }
});

test('a multi-game text gives the chosen game alone', async () => {
  const text = '[White "A"]\n1. e4 1-0\n\n[White "Zoë"]\n1. d4 d5 *\n';
  const chess = (gameIndex, gameStart, gameEnd) => ({ gamesInText: 2, gameIndex, gameStart, gameEnd });
  assert.equal(text.slice(23, 47), '[White "Zoë"]\n1. d4 d5 *');
  assert.deepEqual(chosenGame(text, 1, chess(1, 23, 47)), { text: '[White "Zoë"]\n1. d4 d5 *', gameIndex: 0 });
  assert.deepEqual(chosenGame(text, 0, chess(0, 0, 21)), { text: '[White "A"]\n1. e4 1-0', gameIndex: 0 });
  // One game, or spans that do not fit the text: the text as it is.
  assert.deepEqual(chosenGame(text, 0, { ...chess(0, 0, 21), gamesInText: 1 }), { text, gameIndex: 0 });
  assert.deepEqual(chosenGame(text, 1, chess(1, 23, 999)), { text, gameIndex: 1 });
  assert.deepEqual(chosenGame(text, 5, null), { text, gameIndex: 5 });
  // The analysis gives the span.
  const { analyze } = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));
  const second = analyze(text, { gameIndex: 1, suggest: false }).chess;
  assert.deepEqual([second.gameStart, second.gameEnd], [23, 47]);
});
