// Short share links: the text of a link compressed (deflate-raw through
// CompressionStream) and written in base64url, in the fragment's `z=`
// parameter in place of `moves=`. The plain `moves=` form stays readable.
// Pure helpers apart from the streams; tested under node (tests/js/link.test.mjs).
import { parseFragment } from './fragment.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes as base64url (RFC 4648, section 5), without padding. */
export function bytesToBase64Url(bytes) {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  if (i + 1 === bytes.length) {
    const n = bytes[i] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
  } else if (i + 2 === bytes.length) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63];
  }
  return out;
}

/** The bytes of a base64url text (padding `=` tolerated); throws saying where it is not base64url. */
export function base64UrlToBytes(text) {
  const body = text.replace(/={1,2}$/, '');
  if (body.length % 4 === 1) throw new Error(`a base64url text cannot be ${body.length} characters long`);
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = ALPHABET.indexOf(body[i]);
    if (digit < 0) throw new Error(`character ${JSON.stringify(body[i])} at ${i + 1} is not base64url`);
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 255;
    }
  }
  return bytes;
}

/** What a decoded link may grow to (deflate expands up to ~1000x): far above any game. */
export const MAX_TEXT_BYTES = 8 * 1024 * 1024;

/** Compresses a text for a link: deflate-raw, then base64url. */
export async function encodeText(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return bytesToBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** The text of a `z=` value; throws an Error in plain words when it is not one. */
export async function decodeText(code, { maxBytes = MAX_TEXT_BYTES } = {}) {
  const compressed = base64UrlToBytes(code);
  const reader = new Blob([compressed]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel();
        throw new Error(`it unpacks to more than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (/unpacks to more/.test(e.message)) throw e;
    throw new Error('it is not compressed text (the link may be cut short)');
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('it does not unpack to UTF-8 text');
  }
}

/** The fragment's parameters (without `#`), as URLSearchParams. */
function paramsOf(fragment) {
  return new URLSearchParams((fragment ?? '').replace(/^#/, ''));
}

function writeParams(params) {
  // Spaces as %20 rather than +, as fragment.js's buildFragment writes them.
  return '#' + params.toString().replace(/\+/g, '%20');
}

/** `params` with `z=<code>` in place of `moves=` (and no other `z=`), written out. */
function compressedForm(params, code) {
  const rewritten = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'moves') rewritten.set('z', code);
    else if (key !== 'z') rewritten.append(key, value);
  }
  return writeParams(rewritten);
}

/**
 * `fragment` ('#moves=...&ply=...') with its `moves=` replaced by
 * `z=<code>` in the same place, when that is shorter; else `fragment`.
 */
export function withCompressed(fragment, code) {
  const params = paramsOf(fragment);
  if (!params.has('moves')) return fragment;
  const short = compressedForm(params, code);
  return short.length < fragment.length ? short : fragment;
}

/** The shortest form of a fragment: `moves=` compressed into `z=` when that is shorter. */
export async function shortFragment(fragment) {
  const params = paramsOf(fragment);
  if (!params.has('moves')) return fragment;
  return withCompressed(fragment, await encodeText(params.get('moves')));
}

/** The codes of the texts last compressed: the address is written again at every step, its text seldom changed. */
const codes = new Map();
const CODES_KEPT = 2;

/** encodeText, of a text compressed lately at once. */
function codeOf(text) {
  let code = codes.get(text);
  if (!code) {
    code = encodeText(text);
    code.catch(() => codes.delete(text));
    codes.set(text, code);
    if (codes.size > CODES_KEPT) codes.delete(codes.keys().next().value);
  }
  return code;
}

/**
 * The fragment of a link to `text`: `fragment` (buildFragment's for an
 * empty text: '#moves=&ply=...') with the text in its `moves=` place, as
 * `z=` (compressed) when that is shorter. A text is written out only when
 * its code is no shorter than itself (its moves= form is never shorter
 * than the text): writing out 8 MB took five seconds of the page thread.
 */
export async function withText(fragment, text) {
  const code = await codeOf(text);
  const params = paramsOf(fragment);
  if (code.length < text.length) return compressedForm(params, code);
  params.set('moves', text);
  return withCompressed(writeParams(params), code);
}

/**
 * A fragment as the page reads it (fragment.js's parseFragment), with the
 * text of a `z=` unpacked (it wins over a `moves=` also there). Never
 * throws: a `z=` that cannot be read is left out, and a problem says why.
 * (The text is never written into a fragment to be read again: for 8 MB
 * that took seconds.)
 */
export async function readLink(hash) {
  const params = paramsOf(hash);
  let text = null;
  let problem = null;
  if (params.has('z')) {
    try {
      text = await decodeText(params.get('z'));
      params.delete('moves');
    } catch (e) {
      problem = `the link's compressed text (z=) cannot be read: ${e.message}`;
    }
    params.delete('z');
  }
  const link = parseFragment(writeParams(params));
  if (text !== null) link.text = text;
  if (problem) link.problems.push(problem);
  return link;
}

/**
 * The part of `text` a link should carry: of a text of several games, only
 * the chosen one (`chess`: the analysis's chess part, with the chosen
 * game's span). Returns { text, gameIndex } for the link (gameIndex 0 once
 * cut out).
 */
export function chosenGame(text, gameIndex, chess) {
  if (!(chess?.gamesInText > 1)) return { text, gameIndex };
  const { gameStart: start, gameEnd: end } = chess;
  if (!(start >= 0 && end > start && end <= text.length)) return { text, gameIndex };
  return { text: text.slice(start, end), gameIndex: 0 };
}
