// Nothing the module is given makes it die or take memory without bound
// (issue 36): values that throw when read, a freed Reporter, arrays of
// length 2^32 - 1, texts past the limit and long lines each answer at
// once with a coded error (or a bounded Outcome), and the module keeps
// working afterwards. Also the fuzzing of the API with hostile JavaScript
// values (tests/fuzz.rs cannot make them: it runs natively).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { pathToFileURL } from 'node:url';
import { root } from '../../scripts/lib.mjs';

// Loaded here rather than with loadBuiltModule: the tests read the
// instance's memory.
const dir = path.join(root, 'www', 'pkg-all');
const api = await import(pathToFileURL(path.join(dir, 'analysis_board.js')).href);
const wasm = api.initSync({ module: fs.readFileSync(path.join(dir, 'analysis_board_bg.wasm')) });
const mib = () => wasm.memory.buffer.byteLength / 2 ** 20;

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const CONGO_START = 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0';

/** The code of the Error `call` throws ('' if it returns). */
function code(call) {
  try {
    call();
  } catch (e) {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    const found = /^\[([a-z_]+)\] /.exec(e.message);
    assert.ok(found, `an error without a code: ${e.message}`);
    return found[1];
  }
  return '';
}

/** The module still answers. */
function alive() {
  assert.equal(api.analyze('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7').message, 'white wins by checkmate');
  assert.equal(api.play(START, ['e2', 'e4']).notation, 'e4');
}

const boom = () => {
  throw new Error('boom');
};

test('values that throw when read answer [bad_argument] or [bad_options], thousands of times, and the module lives on', () => {
  const squares = new Proxy(['e2', 'e4'], { get: (t, k) => (k === '0' ? boom() : t[k]) });
  const options = { get game() { return boom(); } };
  const everyTrap = new Proxy({}, { ownKeys: boom, get: boom, getPrototypeOf: boom, has: boom, getOwnPropertyDescriptor: boom });
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const throwsItself = { toJSON: boom, a: [1] };
  const thrownProxy = { get game() { throw new Proxy({}, { get: boom, getPrototypeOf: boom }); } };
  for (let i = 0; i < 3000; i++) {
    assert.equal(code(() => api.play(START, squares)), 'bad_argument');
    assert.equal(code(() => api.analyze('e4', options)), 'bad_options');
    assert.equal(code(() => api.analyze('e4', everyTrap)), 'bad_options');
    assert.equal(code(() => api.analyze('e4', revoked)), 'bad_options');
    assert.equal(code(() => api.analyze('e4', throwsItself)), 'bad_options');
    assert.equal(code(() => api.analyze('e4', thrownProxy)), 'bad_options');
    assert.equal(code(() => api.editGame('e4 e5', { kind: 'add', get at() { return boom(); }, move: 'Nf3' })), 'bad_argument');
    assert.equal(code(() => api.writePosition(everyTrap)), 'bad_argument');
    assert.equal(code(() => api.play(START, revoked)), 'bad_argument');
    assert.equal(code(() => api.analyze(42)), 'bad_argument');
  }
  alive();
});

test('a freed Reporter answers [freed], thousands of times, and the module lives on', () => {
  const reporter = new api.Reporter('e4 e5');
  assert.equal(reporter.length, 2);
  assert.equal(reporter.next().notation, 'e4');
  reporter.free();
  reporter.free();
  for (let i = 0; i < 10000; i++) {
    assert.equal(code(() => reporter.next()), 'freed');
    assert.equal(code(() => reporter.start()), 'freed');
    assert.equal(code(() => reporter.method()), 'freed');
    assert.equal(code(() => reporter.length), 'freed');
  }
  alive();
  const again = new api.Reporter('e4 e5');
  assert.equal(again.next().notation, 'e4');
  again.free();
});

test('an array of length 2^32 - 1 is refused at once', () => {
  const huge = new Array(2 ** 32 - 1);
  const started = performance.now();
  assert.equal(code(() => api.play(START, huge)), 'bad_argument');
  assert.equal(code(() => api.editGame('e4 e5', { kind: 'delete', at: huge })), 'bad_argument');
  assert.equal(code(() => api.analyze('e4', { game: 'chess', extra: huge })), 'bad_options');
  assert.equal(code(() => api.writePosition({ cells: huge })), 'bad_argument');
  assert.equal(code(() => api.analyze('e4', { notation: 'x'.repeat(2 ** 21) })), 'bad_options');
  assert.equal(code(() => api.analyze('e4', new Uint8Array(2 ** 28))), 'bad_options');
  assert.ok(performance.now() - started < 2000, `${performance.now() - started} ms`);
  alive();
});

test('a long course line grows memory with the moves played, not the words written', () => {
  const before = mib();
  const outcome = api.analyze('e4 e5 Ke3 ' + 'e4 '.repeat(1500000));
  const grown = mib() - before;
  assert.equal(outcome.message, 'move completion error: white king to e3');
  // The 4.5 MB text itself is copied in; 1,032 MiB before.
  assert.ok(grown <= 12, `wasm memory grew by ${grown} MiB`);
  assert.equal(outcome.unplayed.length, 1000);
  assert.equal(outcome.unplayedOmitted, 1499000);
  assert.deepEqual(outcome.unplayed[0], { notation: 'e4', start: 10, end: 12 });
  assert.equal(outcome.plies.length, 2);
  alive();
});

test('a text past 16 MiB is refused with [too_long]; one at the limit is read', () => {
  const over = 'e4 e5 '.repeat(3 * 2 ** 20);
  assert.equal(code(() => api.analyze(over)), 'too_long');
  assert.equal(code(() => api.listGames(over)), 'too_long');
  assert.equal(code(() => new api.Reporter(over)), 'too_long');
  const line = 'e4 e5 Ke3 ' + 'e4 '.repeat((16 * 2 ** 20 - 10) / 3);
  assert.equal(line.length, 16 * 2 ** 20);
  assert.equal(api.analyze(line, { notation: 'course' }).message, 'move completion error: white king to e3');
  alive();
});

test('report refuses a text that gives no position, as analyze reads it, and stops at 1,000 plies', () => {
  for (const text of ['kk6/8/8/8/8/8/8/KK6 w - - 0 1\ne4 e5', '[FEN "garbage"]\n\n1. e4 e5 *', '4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1\nKd2']) {
    assert.equal(api.analyze(text).status, 'parse_error', text);
    assert.equal(api.analyze(text).initial.fen, '', text);
    assert.equal(code(() => api.report(text)), 'no_report', text);
    assert.equal(code(() => new api.Reporter(text)), 'no_report', text);
  }
  const long = new api.Reporter('Nf3 Nf6 Ng1 Ng8 '.repeat(300));
  assert.equal(long.length, 1000);
  assert.match(long.method().text, /the first 1000 plies of 1200/);
  long.free();
});

test('promoting a node that is not there answers [bad_path], as delete and add do', () => {
  const text = '1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *';
  assert.deepEqual(api.editGame(text, { kind: 'promote', at: [1, 0, 1] }).path, [2]);
  for (const kind of ['promote', 'delete']) {
    assert.equal(code(() => api.editGame(text, { kind, at: [1, 0, 999999] })), 'bad_path', kind);
    assert.equal(code(() => api.editGame(text, { kind, at: [1, 7, 0] })), 'bad_path', kind);
  }
});

test('congoAlphabeta refuses a search over its budget at once, with an estimate', () => {
  const started = performance.now();
  assert.equal(code(() => api.congoAlphabeta(CONGO_START, 8)), 'over_budget');
  assert.ok(performance.now() - started < 10000, `${performance.now() - started} ms`);
  try {
    api.congoAlphabeta(CONGO_START, 8);
  } catch (e) {
    assert.match(e.message, /to depth 8 would visit about 1\.\de8 positions/);
  }
  const { value, nodes } = api.congoAlphabeta(CONGO_START, 4);
  assert.equal(typeof value, 'number');
  assert.equal(nodes, 32104);
});

/** A seeded generator (xorshift), so that a failing case reproduces. */
function rng(seed) {
  let x = BigInt(seed) || 1n;
  return (n) => {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    return Number(x % BigInt(n));
  };
}

test('fuzz: every export given hostile values answers or throws a coded Error, and the module lives on', () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1e9);
  const pick = rng(seed);
  const hostile = () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const values = [
      undefined, null, true, 0, -0, NaN, Infinity, -1, 2 ** 53, 1.5, 10n, Symbol('s'), '', 'e4', START, CONGO_START,
      'x'.repeat(17 * 2 ** 20), () => 1, new Array(2 ** 32 - 1), [boom], ['e2', 'e4'], ['e2', 5], new Uint8Array(16),
      new String('e4'), new Date(0), { kind: 'add', at: [0], move: 'e4' }, { kind: 'promote', at: [1, 0, 2 ** 31] },
      { game: 'congo' }, { game: 5 }, { get game() { return boom(); } }, { toJSON: boom }, Object.create(null),
      new Proxy({}, { ownKeys: boom }), new Proxy([], { get: boom }), new Proxy({}, { getPrototypeOf: boom }), proxy,
      JSON.parse('{"__proto__": 1}'), { a: { b: { c: [[[[[[[[[[[[1]]]]]]]]]]]] } } },
    ];
    const cyclic = {};
    cyclic.self = cyclic;
    values.push(cyclic);
    return values[pick(values.length)];
  };
  const exports = [
    (a, b, c) => api.analyze(a, b, c), (a, b) => api.suggest(a, b), (a, b) => api.moves(a, b),
    (a, b, c) => api.play(a, b, c), (a, b, c) => api.editGame(a, b, c), (a, b) => api.exportPgn(a, b),
    (a) => api.listGames(a), (a) => api.positionSetup(a), (a) => api.writePosition(a), (a) => api.exchangeFile(a),
    (a, b) => api.report(a, b), (a) => api.puzzle(a), (a, b) => api.puzzleMove(a, b),
    (a, b) => api.congoAlphabeta(a, typeof b === 'number' ? Math.min(b, 3) : b),
    (a, b) => { const r = new api.Reporter(a, b); r.free(); return r.length; },
  ];
  for (let i = 0; i < 3000; i++) {
    const call = exports[pick(exports.length)];
    const args = [hostile(), hostile(), hostile()];
    try {
      call(...args);
    } catch (e) {
      assert.ok(e instanceof Error && /^\[[a-z_]+\] /.test(e.message), `seed ${seed}, call ${i}: ${e}`);
    }
  }
  alive();
  assert.ok(mib() < 512, `${mib()} MiB`);
});
