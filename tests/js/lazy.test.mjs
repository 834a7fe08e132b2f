// `analyze` hands a chess game over without its main line, which the module
// keeps until `outcome.plies` is first read (src/wasm/kept.rs, `hand_over`). The
// Outcome read that way is the Outcome read at once: the same keys in the
// same order, the same plies and snapshots, whether the module still holds
// the main line or has dropped it (and reads the text again); and `plies`
// behaves as a plain field.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';

const modules = {
  chess: await loadBuiltModule(path.join(root, 'www', 'pkg')),
  all: await loadBuiltModule(path.join(root, 'www', 'pkg-all')),
};

const data = (...parts) => fs.readFileSync(path.join(root, 'tests', 'data', ...parts), 'utf8');
const appendix = data('course-appendix-games.tsv').split('\n').map((l) => l.split('\t')[1]).filter(Boolean);
const generated = data('course-generated.jsonl').split('\n').filter(Boolean).map((l) => JSON.parse(l)[0]).slice(0, 60);
const pgn = ['python-chess.pgn', 'stockfish.pgn'].map((f) => data('pgn', f));
const nasty = fs.readdirSync(path.join(root, 'tests', 'data', 'pgn', 'nasty')).map((f) => data('pgn', 'nasty', f));

/** Texts and options: every notation, games with errors, variations and comments. */
const cases = [
  ...appendix.map((text) => [text, { notation: 'course', suggest: false }]),
  ...generated.map((text) => [text, { suggest: false }]),
  ...pgn.flatMap((text) => [0, 1, 5, 17].map((gameIndex) => [text, { notation: 'pgn', gameIndex, suggest: false }])),
  ...nasty.map((text) => [text, { suggest: false }]),
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#', {}],
  ['7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\n1. Qg7+ Kxg7', {}],
  ['e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7 Ke7', { notation: 'course' }],
  ['e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7', undefined],
];

/** Other texts, to make the module drop the main lines it kept. */
function pushOut(api) {
  for (let i = 0; i < 64; i++) api.analyze(`e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2 c5 d4 Qc7 Nbd2 ${i % 2 ? 'cxd4' : 'Nc6'}`, { suggest: false });
}

for (const [name, api] of Object.entries(modules)) {
  test(`${name}: a main line read later is the main line read at once`, () => {
    let withMoves = 0;
    for (const [text, options] of cases) {
      const first = api.analyze(text, options);
      const second = api.analyze(text, options);
      const early = JSON.stringify(first);
      pushOut(api);
      const late = JSON.stringify(second);
      assert.equal(late, early, `${text.slice(0, 80)} ${JSON.stringify(options)}`);
      // The same keys, in the same order, as an Outcome handed over whole
      // (a text without moves is).
      const whole = api.analyze('', options);
      assert.deepEqual(Object.keys(first), Object.keys(whole));
      assert.deepEqual(Object.keys(first.initial), Object.keys(whole.initial));
      if (first.plies.length) withMoves++;
    }
    assert.ok(withMoves > 50, `${withMoves} games with moves`);
  });

  test(`${name}: the plies of a game read later behave as a plain field`, () => {
    const outcome = api.analyze('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7', { notation: 'course', suggest: false });
    const descriptor = Object.getOwnPropertyDescriptor(outcome, 'plies');
    assert.ok(descriptor.enumerable, 'plies is an own enumerable property');
    assert.equal(outcome.plies, outcome.plies, 'read once, kept');
    assert.equal(outcome.plies.at(-1).notation, 'Qxf7#');
    assert.equal(outcome.plies.at(-1).snapshot.fen, 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4');
    assert.equal(outcome.plies.at(-1).snapshot.over.status, 'checkmate');
    assert.equal(structuredClone(outcome).plies.length, 7);
    assert.equal({ ...outcome }.plies.length, 7);
    // Each Outcome has its own initial position.
    outcome.initial.marks.push({ square: 'e4', kind: 'selected' });
    outcome.initial.cells = 'changed';
    const other = api.analyze('e4 e5', { notation: 'course', suggest: false });
    assert.deepEqual(other.initial.marks, []);
    assert.equal(other.initial.cells, 'rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR');
    outcome.plies = [];
    assert.deepEqual(outcome.plies, []);
  });

  test(`${name}: options changed after analyze do not change the main line read later`, () => {
    const options = { notation: 'pgn', gameIndex: 3, suggest: false };
    const outcome = api.analyze(pgn[0], options);
    const expected = JSON.stringify(api.analyze(pgn[0], options).plies);
    options.gameIndex = 4;
    pushOut(api);
    assert.equal(JSON.stringify(outcome.plies), expected);
  });
}

test('each module hands over its own main lines', () => {
  const fromChess = modules.chess.analyze('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7', { notation: 'course', suggest: false });
  const fromAll = modules.all.analyze('d4 d5 c4', { notation: 'course', suggest: false });
  assert.deepEqual(fromChess.plies.map((p) => p.notation), ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#']);
  assert.deepEqual(fromAll.plies.map((p) => p.notation), ['d4', 'd5', 'c4']);
});

test('long main lines push out older ones sooner, and none is lost', () => {
  const api = modules.chess;
  const long = api.analyze(Array.from({ length: 300 }, (_, i) => ['Nf3', 'Nf6', 'Ng1', 'Ng8'][i % 4]).join(' '), { notation: 'course', suggest: false });
  const first = api.analyze('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7', { notation: 'course', suggest: false });
  for (let i = 0; i < 20; i++) api.analyze(Array.from({ length: 300 }, (_, k) => ['Nc3', 'Nc6', 'Nb1', 'Nb8'][k % 4]).join(' '), { notation: 'course', suggest: false });
  assert.equal(long.plies.length, 300);
  assert.equal(long.plies.at(-1).snapshot.fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 300 151');
  assert.equal(first.plies.at(-1).notation, 'Qxf7#');
});
