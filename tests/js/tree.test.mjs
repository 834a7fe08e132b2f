// The move tree's operations as the page uses them, through the module in
// node: a move added (followed, extending its line, starting a variation),
// deleted, promoted; the text rewritten and read back to the same tree;
// Copy PGN written and read back to the same tree.
import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';

const api = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));

const analyze = (text) => api.analyze(text, { suggest: false });
/** The tree as plain data without spans, which differ between two texts of one game. */
function tree(outcome) {
  const line = (l) => ({ comments: l.comments, plies: l.plies.map(ply), error: l.error && l.error.reason });
  const ply = (p) => ({
    notation: p.notation, fen: p.snapshot.fen, comments: p.comments, nags: p.nags, shapes: p.shapes, clock: p.clock, eval: p.eval,
    variations: p.variations.map(line),
  });
  return { initial: outcome.initial.fen, ...line({ comments: outcome.comments, plies: outcome.plies, error: outcome.error }) };
}
const sans = (plies) => plies.map((p) => p.notation);
const edit = (text, e) => api.editGame(text, e);

test('add: follow what the tree has, extend the line, or start a variation', () => {
  let r = edit('e4 e5 Nf3', { kind: 'add', at: [0], move: 'e5' });
  assert.deepEqual(r, { text: 'e4 e5 Nf3', path: [1], note: null }, 'the same move is followed');
  r = edit('e4 e5 Nf3', { kind: 'add', at: [2], move: 'Nc6' });
  assert.deepEqual([r.text, r.path], ['e4 e5 Nf3 Nc6', [3]], 'extending a course line stays course notation');
  r = edit('e4 e5 Nf3', { kind: 'add', at: [0], move: 'c5' });
  assert.deepEqual(r.path, [1, 0, 0]);
  const o = analyze(r.text);
  assert.deepEqual(sans(o.plies), ['e4', 'e5', 'Nf3']);
  assert.deepEqual(sans(o.plies[1].variations[0].plies), ['c5']);
  // Within the variation, a second move extends it; at its start, another branches.
  r = edit(r.text, { kind: 'add', at: [1, 0, 0], move: 'Nf3' });
  assert.deepEqual(r.path, [1, 0, 1]);
  r = edit(r.text, { kind: 'add', at: [0], move: 'd5' });
  assert.deepEqual(r.path, [1, 1, 0]);
  assert.deepEqual(analyze(r.text).plies[1].variations.map((v) => sans(v.plies)), [['c5', 'Nf3'], ['d5']]);
  r = edit(r.text, { kind: 'add', at: [0], move: 'c5' });
  assert.deepEqual(r.path, [1, 0, 0], 'a variation is followed too');
  // From the start, and in other games.
  assert.equal(edit('', { kind: 'add', at: [], move: 'e4' }).text, 'e4');
  assert.equal(edit('c3->d4', { kind: 'add', at: [0], move: 'f6->e5' }).text, 'c3->d4 f6->e5');
});

test('add refuses what cannot be played, with the reason', () => {
  assert.throws(() => edit('e4 e5', { kind: 'add', at: [1], move: 'Ke3' }), /^Error: \[illegal_move\] /);
  assert.throws(() => edit('e4 e5', { kind: 'add', at: [1], move: 'xyz' }), /^Error: \[bad_move\] /);
  assert.throws(() => edit('e4 e5', { kind: 'add', at: [5], move: 'Nf3' }), /^Error: \[bad_path\] /);
  assert.throws(() => edit('e4 e5', { kind: 'jump', at: [1] }), /^Error: \[bad_argument\] /);
  assert.throws(() => edit('1. e4 {', { kind: 'add', at: [0], move: 'e5' }), /^Error: \[unreadable\] /);
});

test('delete: a move and what follows, or a whole variation', () => {
  const text = '1. e4 e5 (1... c5 2. Nf3 d6) (1... d5) 2. Nf3 Nc6 3. Bb5 *';
  let r = edit(text, { kind: 'delete', at: [3] });
  assert.deepEqual(r.path, [2]);
  assert.deepEqual(sans(analyze(r.text).plies), ['e4', 'e5', 'Nf3']);
  r = edit(text, { kind: 'delete', at: [1, 0, 1] });
  assert.deepEqual(r.path, [1, 0, 0]);
  assert.deepEqual(sans(analyze(r.text).plies[1].variations[0].plies), ['c5']);
  r = edit(text, { kind: 'delete', at: [1, 0, 0] });
  assert.deepEqual(r.path, [0]);
  assert.deepEqual(analyze(r.text).plies[1].variations.map((v) => sans(v.plies)), [['d5']]);
});

test('promote: a variation becomes the line, the line a variation', () => {
  const text = '1. e4 e5 (1... c5 2. Nf3 d6) (1... d5) 2. Nf3 Nc6 *';
  const r = edit(text, { kind: 'promote', at: [1, 0, 1] });
  assert.deepEqual(r.path, [2]);
  const o = analyze(r.text);
  assert.deepEqual(sans(o.plies), ['e4', 'c5', 'Nf3', 'd6']);
  assert.deepEqual(o.plies[1].variations.map((v) => sans(v.plies)), [['e5', 'Nf3', 'Nc6'], ['d5']]);
  assert.throws(() => edit(text, { kind: 'promote', at: [2] }), /^Error: \[not_a_variation\] /);
});

test('the text shown gives the same tree when pasted again, and Copy PGN reads back to it', () => {
  const lichess = [
    '[Event "Casual game"]', '[White "A"]', '[Black "B"]', '[Result "*"]', '',
    '{ Opening } 1. e4 { [%clk 0:03:00] [%eval 0.3] } 1... e5 $2 { [%cal Ge2e4,Rd1h5] } 2. Nf3 (2. Qh5 $4 { [%eval #-3] } 2... Nc6',
    '(2... g6 3. Qxe5+ (3. Qf3)) 3. Bc4 Nf6 $1) 2... Nc6 { [%csl Gd5,Ra7] } 3. Bb5 *',
  ].join('\n');
  const original = analyze(lichess);
  assert.equal(original.status, 'incomplete');
  const pgn = api.exportPgn(lichess);
  assert.deepEqual(tree(analyze(pgn)), tree(original), pgn);
  assert.equal(api.exportPgn(pgn), pgn, 'writing what was read back gives the same text');
  assert.match(pgn, /\[%cal Ge2e4,Rd1h5\]/);
  assert.match(pgn, /\[%eval #-3\]/);
  assert.match(pgn.replace(/\n/g, ' '), /\(2\.\.\. g6 3\. Qxe5\+ \(3\. Qf3\)\)/);
  assert.match(pgn, /\[%csl Gd5,Ra7\]/);
  // A board edit keeps every annotation.
  const r = edit(lichess, { kind: 'add', at: [4], move: 'a6' });
  const edited = tree(analyze(r.text));
  const before = tree(original);
  edited.plies.pop();
  assert.deepEqual(edited, before);
});
