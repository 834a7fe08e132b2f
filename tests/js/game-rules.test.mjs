// What the page does with a game is the module's to say (`games()`: each
// game's rules; each ply's `drowned`): www/games.js only reads it, and no
// file of the page decides these facts from a game's id (issue 32).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { drownedBy, gameCan, promotionOrder, rulesOf, setupBoard, setupGame, strategyWords } from '../../www/games.js';

const api = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));
const games = api.games();
const ids = games.map((g) => g.id);

/** A text of each game, read as the page reads it. */
const SAMPLES = {
  chess: 'e4 e5 Nf3',
  grid: '1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n',
  congo: 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5',
  checkers: 'c3->d4 f6->e5',
};

test('each game\'s rules, as the page reads them, are the module\'s', () => {
  assert.deepEqual(ids, Object.keys(SAMPLES));
  for (const { id, rules } of games) {
    const outcome = api.analyze(SAMPLES[id], { suggest: false });
    assert.equal(outcome.game, id);
    assert.equal(rulesOf(games, outcome.game), rules);
    assert.deepEqual(gameCan(rules), {
      fen: rules.fen, pgn: rules.pgn, exchange: rules.exchangeFile, setup: rules.setup !== null, puzzle: rules.puzzle, moves: rules.play,
    }, id);
    assert.equal(strategyWords(rules), rules.strategy ?? '', id);
    assert.equal(promotionOrder(rules), rules.promotions, id);
    // A problem (`outcome.problem`, which the page asks): studied, its answer with it, no report.
    const problem = outcome.problem !== null;
    assert.equal(rules.position, problem ? 'text' : 'fen', `${id} position`);
    assert.equal(rules.suggest, !problem, `${id} suggest`);
    assert.equal(rules.report, !problem, `${id} report`);
  }
  // Without rules (a module that has not the game's), nothing is offered.
  assert.deepEqual(Object.values(gameCan(null)), [false, false, false, false, false, false]);
  assert.equal(rulesOf(games, 'no such game'), null);
});

test('the board editor is read from the setup rules: size, palette and names, start, sides, castling', () => {
  const game = setupGame(games, 'chess');
  const { setup } = game.rules;
  const board = setupBoard(game);
  assert.deepEqual([board.game, board.width, board.height, board.palette, board.start, board.pieces], [game.id, setup.width, setup.height, setup.palette, setup.start, setup.pieces]);
  assert.ok(board.palette.includes(board.brush));
  assert.deepEqual(board.sides.map(([side]) => side), game.players);
  assert.equal(api.positionSetup(board.start).castling, board.castling.map(([flag]) => flag).join(''), 'the rights the start position has');
  assert.equal(api.positionSetup(board.start).cells.length, board.width * board.height);
  // A game on screen without an editor opens the first game's that has one.
  for (const { id } of games) assert.equal(setupGame(games, id), games.find((g) => g.id === id && g.rules.setup) ?? game);
});

test('each ply says the pieces the river took, and the page reads just that', () => {
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
    for (const ply of outcome.plies) {
      assert.deepEqual(drownedBy(ply), ply.drowned.map(({ piece, square }) => [piece, square]), `${text}: ${ply.notation}`);
      drowned += ply.drowned.length;
    }
  }
  assert.equal(drowned, 6, 'pieces drown');
  assert.deepEqual(api.analyze('e4 e5', { suggest: false }).plies.map(drownedBy), [[], []], 'chess drowns nothing');
});

/** Every page file (www/, not the built modules) with its text. */
function pageFiles(dir = path.join(root, 'www')) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('pkg') ? [] : pageFiles(file);
    return entry.name.endsWith('.js') ? [[path.relative(root, file), fs.readFileSync(file, 'utf8')]] : [];
  });
}

/** Where `text` names a game by its id (a quoted id, anywhere but in a comment). */
function namedGames(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return ids.filter((id) => new RegExp(`['"\`]${id}['"\`]`).test(code));
}

test('games.js names no game: it reads the module\'s answers, it decides nothing by id', () => {
  assert.deepEqual(namedGames(fs.readFileSync(path.join(root, 'www', 'games.js'), 'utf8')), []);
  // The check finds an id written as the page used to decide by it.
  assert.deepEqual(namedGames("export const gameCan = (o) => ({ fen: o.game === 'chess' || o.game === \"congo\" });"), ['chess', 'congo']);
  assert.deepEqual(namedGames("// games.js once had game === 'grid' here\n"), [], 'a comment is no decision');
});

test('no page file compares a game\'s id with a game named in it, but the pieces drawn and which module holds a game', () => {
  // pieces.js draws each game's pieces (its own drawings); engine.js says which module holds a game.
  const allowed = new Set(['www/pieces.js', 'www/engine.js']);
  const compared = new RegExp(`[!=]==?\\s*['"\`](${ids.join('|')})['"\`]|['"\`](${ids.join('|')})['"\`]\\s*[!=]==?`);
  const found = pageFiles().filter(([file, text]) => !allowed.has(file) && compared.test(text)).map(([file]) => file);
  assert.deepEqual(found, []);
  assert.ok(pageFiles().some(([file]) => file === 'www/panels/share.js'), 'the panels are read too');
});
