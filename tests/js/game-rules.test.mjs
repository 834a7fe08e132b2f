// What the module says of each game (`games()`: its rules; each ply's
// `drowned`) is what the page works out for itself today from a game's id
// (www/viewer.js, www/state.js), so that the page can ask instead of
// deciding and show the same: every game, every rule.
import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { clickSquare, describeSuggestion, moveSentence } from '../../www/state.js';

const api = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));
const games = Object.fromEntries(api.games().map((g) => [g.id, g]));

test('every game has its rules, and they are what the page decides from the id', () => {
  assert.deepEqual(Object.keys(games), ['chess', 'grid', 'congo', 'checkers']);
  for (const [id, { rules }] of Object.entries(games)) {
    // viewer.js: the move list, the board's moves and the steps are hidden for a grid problem.
    assert.equal(rules.play, id !== 'grid', id);
    // viewer.js `movable`: a problem's moves are asked of its text.
    assert.equal(rules.position, id === 'grid' ? 'text' : 'fen', id);
    // viewer.js: "Copy FEN" for chess and Congo, "Copy position" otherwise.
    assert.equal(rules.fen, id === 'chess' || id === 'congo', id);
    assert.equal(rules.exchangeFile, id === 'checkers', id);
    assert.equal(rules.pgn, id === 'chess', id);
    assert.equal(rules.setup !== null, id === 'chess', id);
    assert.equal(rules.puzzle, id === 'chess', id);
    // viewer.js `startReport`: no report on a problem.
    assert.equal(rules.report, id !== 'grid', id);
    // state.js `canSuggest`: a problem's answer comes with its outcome.
    assert.equal(rules.suggest, id !== 'grid', id);
    if (rules.suggest) {
      const words = describeSuggestion({ reason: 'strategy', notation: 'a1a2', from: 'a1', to: 'a2', promotion: null, mateIn: null }, id);
      assert.ok(words.endsWith(`: ${rules.strategy}`), `${id}: ${words}`);
    }
  }
});

test('the board editor is chess on 8x8, with the palette and the start the page uses', () => {
  const { setup } = games.chess.rules;
  assert.deepEqual([setup.width, setup.height, setup.palette], [8, 8, 'KQRBNPkqrbnp']);
  assert.equal(setup.start, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.deepEqual(setup.pieces, api.analyze('', { game: 'chess', suggest: false }).initial.pieces);
  assert.deepEqual(api.positionSetup(setup.start).cells.length, setup.width * setup.height);
});

test('a promotion is chosen in the order of the game\'s rules, as the page orders it', () => {
  for (const [id, fen, from, to] of [
    ['chess', '4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7', 'a8'],
    ['chess', '4k3/8/8/8/8/8/p7/4K3 b - - 0 1', 'a2', 'a1'],
  ]) {
    const moves = api.moves(fen, { game: id });
    const chosen = clickSquare(moves, clickSquare(moves, null, from).selection, to).choose.map((m) => m.promotion);
    const order = games[id].rules.promotions;
    assert.deepEqual(chosen, [...chosen].sort((a, b) => order.indexOf(a) - order.indexOf(b)), id);
    assert.ok(chosen.every((p) => order.includes(p)), id);
  }
  for (const [id, text] of [['congo', '3l3/P6/7/7/7/7/3L3 w 0\na6a7'], ['checkers', 'c3->d4 f6->e5']]) {
    const promotions = api.analyze(text, { suggest: false }).plies.map((p) => p.promotion).filter(Boolean);
    assert.ok(promotions.every((p) => games[id].rules.promotions.includes(p)), `${id}: ${promotions}`);
  }
});

test('each ply names the pieces the river took, as the page works them out', () => {
  for (const text of [
    '3l3/7/7/P6/7/2C4/3L3 w 0\nc2c4',
    '3l3/7/7/1Mp4/7/7/3L3 w 0\nb4d4',
    '3l3/7/7/PP4S/7/7/3L3 w 0\nd1d2 d7d6 d2d1',
    '3l3/7/7/Z6/7/7/3L3 w 0\nd1d2 d7d6',
    'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\ne2e3 e6e5 e3e4 e5e4',
  ]) {
    const outcome = api.analyze(text, { suggest: false });
    assert.equal(outcome.error, null, text);
    const { pieces } = outcome.initial;
    outcome.plies.forEach((ply, i) => {
      const before = i ? outcome.plies[i - 1].snapshot : outcome.initial;
      const name = (letter) => pieces[letter] ?? letter;
      const drowned = ply.drowned.map(({ piece, square }) => `the ${name(piece)} on ${square}`);
      const said = drowned.length ? `; ${drowned.join(' and ')} drown${drowned.length > 1 ? '' : 's'} in the river` : '';
      assert.equal(moveSentence(ply, pieces, before), moveSentence(ply, pieces) + said, `${text}: ${ply.notation}`);
    });
  }
  assert.ok(api.analyze('3l3/7/7/Z6/7/7/3L3 w 0\nd1d2', { suggest: false }).plies[0].drowned.length, 'a piece drowns');
  assert.deepEqual(api.analyze('e4 e5', { suggest: false }).plies.map((p) => p.drowned), [[], []], 'chess drowns nothing');
});
