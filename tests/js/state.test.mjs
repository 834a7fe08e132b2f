// The page's state functions, without a DOM.
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  boardView, buildFragment, canSuggest, currentIndex, describeSuggestion, friendlyVerdict, goTo,
  initialState, lastIndex, moveRows, parseFragment, setOutcome, snapshotOf, step,
} from '../../www/state.js';

const snap = (fen, side = 'white', moveNumber = 1) => ({
  width: 8, height: 8, cells: '.'.repeat(64), sideToMove: side, check: null, fen, moveNumber, over: null,
  landmarks: [], darkParity: 1, pieces: {}, marks: [],
});

function outcome({ plies = 3, error = null, status = 'incomplete', unplayed = [] } = {}) {
  return {
    game: 'chess', players: ['white', 'black'], status, winner: null, message: status, error, comments: [],
    initial: snap('start w - - 0 1'),
    plies: Array.from({ length: plies }, (_, i) => ({
      notation: `m${i + 1}`, from: 'e2', to: 'e4', path: ['e2', 'e4'], piece: 'P', captured: [], promotion: null,
      comments: [], nags: [], shapes: [], clock: null, eval: null, variations: [],
      start: i * 3, end: i * 3 + 2, snapshot: snap(`p${i + 1} ${i % 2 ? 'w' : 'b'} - - 0 1`, i % 2 ? 'white' : 'black'),
    })),
    unplayed, suggestion: null, problem: null,
    chess: { notation: 'course', tags: [], statedResult: null, result: '*', gamesInText: 1, gameIndex: 0, notes: [] },
  };
}

test('stepping stays within the game and reaches the error view', () => {
  const error = { ply: 3, start: 9, end: 13, character: null, from: 'g1', to: 'f3', reason: 'x' };
  let s = setOutcome(initialState(), 'm1 m2 m3 Nxf3 e5', outcome({ error, status: 'illegal_move', unplayed: [{ notation: 'e5', start: 14, end: 16 }] }));
  assert.equal(lastIndex(s), 4);
  assert.equal(currentIndex(s), 4, 'a new game opens at its end');
  assert.equal(s.showError, true);
  assert.deepEqual(boardView(s).arrows, [{ from: 'g1', to: 'f3', kind: 'error' }]);
  assert.equal(snapshotOf(s).fen, 'p3 b - - 0 1', 'the error is drawn on the position before it');
  assert.equal(canSuggest(s), false);
  s = step(s, 1);
  assert.equal(currentIndex(s), 4);
  s = step(s, -1);
  assert.equal(s.ply, 3);
  assert.equal(s.showError, false);
  s = goTo(s, -5);
  assert.equal(currentIndex(s), 0);
  assert.equal(boardView(s).lastMove, null);
  s = goTo(s, 2);
  assert.deepEqual(boardView(s).lastMove, { from: 'e2', to: 'e4' });
  assert.equal(goTo(s, NaN).ply, 0);
});

test('the move list pairs moves, marks the bad one and the unplayed ones', () => {
  const error = { ply: 3, start: 9, end: 13, character: null, from: 'g1', to: 'f3', reason: 'x' };
  const s = setOutcome(initialState(), 'm1 m2 m3 Nxf3 e5', outcome({ error, status: 'illegal_move', unplayed: [{ notation: 'e5', start: 14, end: 16 }] }));
  const rows = moveRows(s);
  assert.equal(rows.length, 3);
  assert.deepEqual(rows.map((r) => r.number), [1, 2, 3]);
  assert.equal(rows[1].cells[1].kind, 'error');
  assert.equal(rows[1].cells[1].text, 'Nxf3');
  assert.equal(rows[2].cells[0].kind, 'unplayed');
  assert.match(friendlyVerdict(s), /^2\.\.\. Nxf3 is illegal: x\.$/);
});

test('a game that starts with black to move numbers from its FEN', () => {
  const o = outcome({ plies: 2 });
  o.initial = snap('8/8/8/8/8/8/8/8 b - - 0 12', 'black', 12);
  const rows = moveRows(setOutcome(initialState(), '', o));
  assert.equal(rows[0].number, 12);
  assert.equal(rows[0].cells[0], null);
  assert.equal(rows[0].cells[1].text, 'm1');
});

test('editing keeps the place unless the game got shorter', () => {
  let s = setOutcome(initialState(), 'a', outcome({ plies: 5 }));
  s = goTo(s, 2);
  s = setOutcome(s, 'b', outcome({ plies: 6 }));
  assert.equal(s.ply, 2);
  s = goTo(s, 6);
  s = setOutcome(s, 'c', outcome({ plies: 8 }));
  assert.equal(s.ply, 8, 'at the end, follow the end');
  s = goTo(s, 7);
  s = setOutcome(s, 'd', outcome({ plies: 1 }));
  assert.equal(s.ply, 1);
});

test('fragments round-trip and bad values are reported', () => {
  let s = setOutcome(initialState({ flipped: true, game: 'chess' }), 'e4 e5+ Nf3 ünï', outcome({ plies: 3 }));
  s = goTo(s, 2);
  const hash = buildFragment(s, { embed: true });
  assert.ok(!hash.includes('+') || hash.includes('%2B'));
  const back = parseFragment(hash);
  assert.equal(back.text, 'e4 e5+ Nf3 ünï');
  assert.equal(back.ply, 2);
  assert.equal(back.flipped, true);
  assert.equal(back.embed, true);
  assert.equal(back.game, 'chess');
  assert.deepEqual(back.problems, []);
  const bad = parseFragment('#moves=e4&ply=abc&game=Go!&flip=maybe');
  assert.equal(bad.ply, null);
  assert.equal(bad.game, null);
  assert.equal(bad.problems.length, 3);
  assert.equal(parseFragment('').text, null);
  assert.equal(parseFragment('#moves=e4+e5').text, 'e4 e5', 'hand-written links may use + for spaces');
});

test('suggestions are described in words', () => {
  assert.equal(describeSuggestion({ notation: 'Qh5', from: 'd1', to: 'h5', promotion: null, reason: 'mate', mateIn: 2 }), 'Qh5 (d1-h5): forces mate in 2');
  assert.match(describeSuggestion({ notation: 'Kf1', from: 'e1', to: 'f1', promotion: null, reason: 'avoids mate', mateIn: 3 }), /stops the opponent's mate in 3/);
  assert.match(describeSuggestion({ notation: 'e8=Q', from: 'e7', to: 'e8', promotion: 'Q', reason: 'strategy', mateIn: null }), /=Q/);
  assert.equal(describeSuggestion(null), '');
});
