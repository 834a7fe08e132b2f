// What the module says of each game (`games()`: its rules; each ply's
// `drowned`) is what the page still works out for itself (www/games.js,
// and `outcome.problem` for a grid problem), so that each of those
// functions can become the line that reads the module's answer and the
// page shows the same: every game, every rule.
import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { drownedBy, gameCan, promotionOrder, setupBoard, strategyWords } from '../../www/games.js';

const api = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));
const games = Object.fromEntries(api.games().map((g) => [g.id, g]));

/** A text of each game, read as the page reads it. */
const SAMPLES = {
  chess: 'e4 e5 Nf3',
  grid: '1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n',
  congo: 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5',
  checkers: 'c3->d4 f6->e5',
};

test('every game has its rules, and they are what the page decides today', () => {
  assert.deepEqual(Object.keys(games), Object.keys(SAMPLES));
  for (const [id, { rules }] of Object.entries(games)) {
    const outcome = api.analyze(SAMPLES[id], { suggest: false });
    assert.equal(outcome.game, id);
    const can = gameCan(outcome);
    assert.equal(rules.fen, can.fen, `${id} fen`);
    assert.equal(rules.pgn, can.pgn, `${id} pgn`);
    assert.equal(rules.exchangeFile, can.exchange, `${id} exchange`);
    assert.equal(rules.setup !== null, can.setup, `${id} setup`);
    assert.equal(rules.puzzle, can.puzzle, `${id} puzzle`);
    assert.equal(rules.play, can.moves, `${id} moves`);
    // A problem (the page asks `outcome.problem`): its moves are asked of its
    // text, its answer comes with it (no suggestion), it has no report.
    const problem = outcome.problem !== null;
    assert.equal(rules.position, problem ? 'text' : 'fen', `${id} position`);
    assert.equal(rules.suggest, !problem, `${id} suggest`);
    assert.equal(rules.report, !problem, `${id} report`);
    if (rules.suggest) assert.equal(rules.strategy, strategyWords(id), `${id} strategy`);
    // Sorted by either order, a choice of promotions comes out the same.
    const order = promotionOrder();
    const letters = [...rules.promotions];
    assert.ok(letters.every((l) => order.includes(l)), `${id}: ${rules.promotions}`);
    assert.deepEqual([...letters].sort((a, b) => order.indexOf(a) - order.indexOf(b)), letters, `${id} promotions`);
  }
});

test('the board editor is the page\'s: chess on 8x8, its palette, its start', () => {
  const { setup } = games.chess.rules;
  const board = setupBoard();
  assert.deepEqual([setup.width, setup.height, setup.palette, setup.start], [board.width, board.height, board.palette, board.start]);
  assert.equal(games[board.game].rules.setup, setup);
  assert.deepEqual(setup.pieces, api.analyze('', { game: 'chess', suggest: false }).initial.pieces);
  assert.equal(api.positionSetup(setup.start).cells.length, setup.width * setup.height);
});

test('each ply names the pieces the river took, as the page works them out', () => {
  let drowned = 0;
  for (const text of [
    '3l3/7/7/P6/7/2C4/3L3 w 0\nc2c4',
    '3l3/7/7/1Mp4/7/7/3L3 w 0\nb4d4',
    '3l3/7/7/PP4S/7/7/3L3 w 0\nd1d2 d7d6 d2d1',
    '3l3/7/7/Z6/7/7/3L3 w 0\nd1d2 d7d6',
    'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\ne2e3 e6e5 e3e4 e5e4',
  ]) {
    const outcome = api.analyze(text, { suggest: false });
    assert.equal(outcome.error, null, text);
    outcome.plies.forEach((ply, i) => {
      const before = i ? outcome.plies[i - 1].snapshot : outcome.initial;
      const said = ply.drowned.map(({ piece, square }) => [piece, square]);
      assert.deepEqual(said, drownedBy(ply, before, outcome.initial.pieces), `${text}: ${ply.notation}`);
      drowned += said.length;
    });
  }
  assert.equal(drowned, 6, 'pieces drown');
  assert.deepEqual(api.analyze('e4 e5', { suggest: false }).plies.map((p) => p.drowned), [[], []], 'chess drowns nothing');
});
