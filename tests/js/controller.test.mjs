// The viewer's controller under node, without a DOM: its named transitions
// on the real module (www/pkg-all), with the worker's jobs done here. What
// the panels see is recorded: the topics each transition renders, and the
// viewer's onChange and events.
import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { createController } from '../../www/controller.js';
import { boxText } from '../../www/controller/text.js';
import { drownedBy, gameCan, promotionOrder, rulesOf, setupBoard, setupGame } from '../../www/games.js';
import { snapshotOf } from '../../www/state.js';
import { describePosition } from '../../www/words.js';

const api = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));
const chessOnly = await loadBuiltModule(path.join(root, 'www', 'pkg'));

/**
 * A controller on `text` (options as createViewer's), started, with a panel
 * that records every render; `services` replace the module's and the
 * worker's (here: the module itself, at once).
 */
async function open(text, options = {}, services = {}) {
  const seen = { renders: [], changes: [], events: [], reports: [] };
  const ctrl = createController({
    text,
    onChange: (state) => seen.changes.push(state),
    onEvent: (type, detail) => seen.events.push({ type, detail, renders: seen.renders.length }),
    ...options,
  }, {
    loadEngine: async () => api,
    loadAllGames: async () => api,
    hasAllGames: () => true,
    requestSuggestion: async (fen, game) => ({ suggestion: api.suggest(fen, { game }) }),
    requestReport: (reportText, reportOptions, listener, { startOnly = false } = {}) => {
      const job = { text: reportText, options: reportOptions, listener, startOnly, cancelled: false };
      seen.reports.push(job);
      return () => {
        job.cancelled = true;
      };
    },
    requestGames: async (games) => ({ games: api.listGames(games) }),
    ...services,
  });
  ctrl.watch(['board', 'message', 'report', 'marks', 'setup', 'puzzle', 'promotion', 'text', 'suggestion', 'notices', 'loading'], (topics) => seen.renders.push([...topics].sort()));
  await ctrl.start();
  seen.renders.length = 0;
  seen.changes.length = 0;
  return { ctrl, seen };
}

const notation = (ctrl) => snapshotOf(ctrl.state) && ctrl.state.path.length ? ctrl.state.outcome.plies[ctrl.state.path[0]]?.notation : null;

test('started: the text read, at its end, no longer busy; steps go along the tree, each rendering everything', async () => {
  const { ctrl, seen } = await open('e4 e5 Nf3');
  assert.equal(ctrl.state.engine, 'ready');
  assert.equal(ctrl.state.busy, false);
  assert.equal(ctrl.state.outcome.message, 'game incomplete');
  assert.deepEqual(ctrl.state.path, [2]);
  ctrl.step('prev');
  assert.deepEqual(ctrl.state.path, [1]);
  ctrl.step('first');
  assert.deepEqual(ctrl.state.path, []);
  ctrl.step('flip');
  assert.equal(ctrl.state.flipped, true);
  ctrl.goTo([0]);
  assert.equal(notation(ctrl), 'e4');
  assert.deepEqual(seen.renders.map((topics) => topics.includes('all')), [true, true, true, true], 'one render of everything per transition');
  assert.equal(seen.changes.length, 4, 'onChange after each');
});

test('a move played on the board: chosen, played, then one Ctrl+Z takes it back', async () => {
  const { ctrl, seen } = await open('e4 e5');
  ctrl.boardClick('g1');
  assert.deepEqual(ctrl.state.selection.candidates.map((m) => m.notation).sort(), ['Ne2', 'Nf3', 'Nh3']);
  assert.deepEqual(seen.renders, [['board', 'message']], 'a piece chosen redraws the board and the line under the field, nothing else');
  assert.equal(seen.changes.length, 0);
  ctrl.boardClick('f3');
  assert.equal(ctrl.state.text, 'e4 e5 Nf3');
  assert.deepEqual(ctrl.state.path, [2]);
  assert.equal(ctrl.state.selection, null);
  assert.equal(ctrl.state.undo.length, 1);
  // The move event comes once the panels show the move.
  const move = seen.events.find((e) => e.type === 'move');
  assert.deepEqual({ ...move.detail, fen: undefined }, { notation: 'Nf3', from: 'g1', to: 'f3', path: [2], fen: undefined, text: 'e4 e5 Nf3' });
  assert.equal(move.renders, seen.renders.length);
  ctrl.undo();
  assert.equal(ctrl.state.text, 'e4 e5');
  assert.equal(ctrl.state.message.text, 'Undone.');
  assert.equal(ctrl.state.undo.length, 0);
});

test('refusals say why: not the side to move, a square no move reaches, a move typed wrong', async () => {
  const { ctrl } = await open('e4 e5');
  ctrl.boardClick('e5');
  assert.equal(ctrl.state.message.text, "White to move: the black pawn on e5 is not White's.");
  ctrl.boardDrop('e1', 'e3');
  assert.match(ctrl.state.message.text, /^e1-e3: /);
  assert.equal(ctrl.playTyped('Nf9'), false);
  assert.notEqual(ctrl.state.message.text, '');
  assert.equal(ctrl.playTyped('Nc3'), true);
  assert.equal(ctrl.state.text, 'e4 e5 Nc3');
  // The same words said again are said again (a screen reader hears them twice).
  const said = ctrl.state.message.said;
  ctrl.boardClick('e5');
  ctrl.boardClick('e5');
  assert.ok(ctrl.state.message.said > said + 1);
});

test('a promotion opens the chooser (queen first), which closes when another position is shown', async () => {
  const { ctrl } = await open('8/P6k/8/8/8/8/8/K7 w - - 0 1');
  ctrl.boardClick('a7');
  ctrl.boardClick('a8');
  assert.deepEqual(ctrl.state.promotion.choices.map((m) => m.promotion), ['Q', 'R', 'B', 'N']);
  ctrl.cancelPromotion();
  assert.equal(ctrl.state.promotion, null);
  ctrl.boardDrop('a7', 'a8');
  ctrl.promote(ctrl.state.promotion.choices[3]);
  assert.match(ctrl.state.text, /a8=N/);
  ctrl.boardDrop('h7', 'h6');
  ctrl.step('prev');
  ctrl.boardDrop('a8', 'a1');
  assert.equal(ctrl.state.promotion, null);
});

test('typing: read after a pause, the board\'s history ended, the last move\'s problem shown only after a pause', async () => {
  const { ctrl } = await open('e4 e5');
  ctrl.playTyped('Nf3');
  assert.equal(ctrl.state.undo.length, 1);
  ctrl.typed('e4 e5 Nf3 Nc', false);
  assert.equal(ctrl.state.undo.length, 0, 'typed text ends the board\'s history');
  assert.equal(ctrl.state.box.fromBoard, false);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(ctrl.state.outcome.status, 'parse_error');
  const { stillTyping } = await import('../../www/controller/text.js');
  assert.equal(stillTyping(ctrl.state, performance.now()), true);
  assert.equal(stillTyping(ctrl.state, performance.now() + 2000), false);
});

test('the last word of a text: where it begins, found from the end', async () => {
  const { lastWordStart } = await import('../../www/controller/text.js');
  assert.equal(lastWordStart(''), 0);
  assert.equal(lastWordStart('e4'), 0);
  assert.equal(lastWordStart('e4 e5 Nc'), 6);
  assert.equal(lastWordStart('e4 e5\n'), 6, 'none after white space');
  assert.equal(lastWordStart('e4\tNf3'), 3);
  // A long word before white space (a pasted blob): /\S+$/ took seconds to say so.
  const blob = `${'x'.repeat(200_000)} Nc`;
  assert.equal(lastWordStart(blob), 200_001);
});

test('a long paste of several games: the box holds the game on screen only, and Ctrl+Z takes the paste back', async () => {
  const game = (n) => `[Event "Game ${n}"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 {${'a comment '.repeat(400)}} Nc6 *\n`;
  const text = [1, 2, 3, 4, 5, 6].map(game).join('\n');
  assert.ok(text.length > 20000);
  const { ctrl } = await open('e4');
  const taken = ctrl.paste({ given: text, value: 'e4', start: 0, end: 2 });
  assert.equal(taken, true, 'the page puts a long paste in the box itself');
  assert.equal(ctrl.state.outcome.chess.gamesInText, 6);
  assert.equal(boxText(ctrl.state), text.slice(ctrl.state.outcome.chess.gameStart, ctrl.state.outcome.chess.gameEnd));
  assert.deepEqual(ctrl.state.box.game, { index: 0, count: 6 });
  ctrl.pasted(boxText(ctrl.state), true);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(ctrl.state.listing.games.map((g) => g.event), ['Game 1', 'Game 2', 'Game 3', 'Game 4', 'Game 5', 'Game 6']);
  ctrl.chooseGame(3);
  assert.equal(ctrl.state.outcome.chess.gameIndex, 3);
  assert.match(boxText(ctrl.state), /Game 4/);
  assert.equal(ctrl.undoInBox(), true);
  assert.equal(ctrl.state.text, 'e4');
  assert.equal(ctrl.state.message.text, 'Paste undone.');
  // The box holds what the page wrote: the browser's own undo would bring back the paste inside it.
  assert.equal(ctrl.undoInBox(), true);
  assert.equal(ctrl.state.text, 'e4');
  ctrl.typed('e4 d5', false);
  assert.equal(ctrl.undoInBox(), false, 'typed since: the box\'s own undo');
});

test('a text too long for the box: the box holds its first part, typing there changes that part, the rest kept', async () => {
  const { BOX_LIMIT, cutAt } = await import('../../www/controller/text.js');
  const text = 'e4 '.repeat(349525);
  const { ctrl } = await open(text);
  const { view } = ctrl.state.box;
  assert.deepEqual(view, { start: 0, end: cutAt(text, BOX_LIMIT), cut: true });
  assert.equal(ctrl.state.box.game, null);
  assert.ok(boxText(ctrl.state).length <= BOX_LIMIT + 1 && boxText(ctrl.state).length >= BOX_LIMIT);
  assert.equal(boxText(ctrl.state), text.slice(0, view.end));
  // A move typed at the box's start: the whole text changes there, and the box keeps its part.
  ctrl.typed(`c4 ${boxText(ctrl.state)}`, false);
  assert.equal(ctrl.state.text, `c4 ${text}`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(ctrl.state.outcome.plies[0].notation, 'c4');
  assert.deepEqual(ctrl.state.box.view, { start: 0, end: view.end + 3, cut: true });
  // "Show the whole text": all of it.
  ctrl.showWholeText();
  assert.equal(ctrl.state.box.view, null);
  assert.equal(boxText(ctrl.state), ctrl.state.text);
});

test('the box\'s part of a long text ends at white space, never inside a character', async () => {
  const { cutAt } = await import('../../www/controller/text.js');
  assert.equal(cutAt('e4 e5 Nf3', 4), 5);
  assert.equal(cutAt('e4 e5', 10), 5);
  assert.equal(cutAt(`${'x'.repeat(5000)} e4`, 10), 10, 'no white space near: at the limit');
  assert.equal(cutAt(`ab${'\u{1F600}'.repeat(2000)}`, 3), 2, 'not between the two halves of a character');
});

test('a paste over all the box holds of a database drops the whole text: a notice offers it back, and Undo takes the restoring back', async () => {
  const game = (n) => `[Event "Game ${n}"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 {${'a comment '.repeat(400)}} Nc6 *\n`;
  const text = [1, 2, 3, 4, 5, 6].map(game).join('\n');
  const { ctrl } = await open(text, { gameIndex: 2 });
  assert.deepEqual(ctrl.state.box.game, { index: 2, count: 6 }, 'the box holds game 3 alone');
  assert.equal(ctrl.state.dropped, null);
  // A short paste over all of it: the browser puts it in the box, the page reads it as the whole text.
  const shown = boxText(ctrl.state);
  assert.equal(ctrl.paste({ given: 'd4 d5', value: shown, start: 0, end: shown.length }), false);
  ctrl.typed('d4 d5', true);
  ctrl.pasted('d4 d5', true);
  assert.equal(ctrl.state.text, 'd4 d5');
  assert.match(ctrl.state.dropped.said, /^The paste replaced the whole text \(\d{2},\d{3} characters\), not only the part the box showed\.$/);
  ctrl.restoreDropped();
  assert.equal(ctrl.state.text, text, 'Restore brings back every game');
  assert.equal(ctrl.state.outcome.chess.gameIndex, 2, 'on the game that was on screen');
  assert.equal(ctrl.state.dropped, null);
  ctrl.undo();
  assert.equal(ctrl.state.text, 'd4 d5', 'Undo takes the restoring back');
  // A paste over part of what the box holds drops nothing.
  ctrl.paste({ given: 'e4', value: 'd4 d5', start: 0, end: 2 });
  assert.equal(ctrl.state.dropped, null);
});

test('a text dropped given to the viewer (a link opened over it) is offered back until restored or dismissed', async () => {
  const dropped = { said: 'The link opened in place of the text you had here (11 characters).', text: 'e4 e5 Nf3 Nc6', gameIndex: 0, path: [1] };
  const { ctrl } = await open('d4', { dropped });
  assert.deepEqual(ctrl.state.dropped, dropped);
  ctrl.dismissDropped();
  assert.equal(ctrl.state.dropped, null);
  assert.equal(ctrl.state.text, 'd4');
  const again = (await open('d4', { dropped })).ctrl;
  again.restoreDropped();
  assert.equal(again.state.text, 'e4 e5 Nf3 Nc6');
  assert.deepEqual(again.state.path, [1], 'at the place it was at');
});

test('the board editor: a position set up, refused while impossible, then used (Ctrl+Z brings the text back)', async () => {
  const { ctrl, seen } = await open('e4 e5');
  ctrl.openSetup();
  assert.equal(ctrl.state.setup.fen, snapshotOf(ctrl.state).fen, 'the editor opens on the position on screen');
  seen.renders.length = 0;
  ctrl.choosePiece('K');
  assert.deepEqual(seen.renders, [['setup']]);
  ctrl.setupSquare('a3');
  assert.equal(ctrl.state.setup.fen, '');
  assert.match(ctrl.state.setup.problems.join(), /more than one king/);
  ctrl.useSetup();
  assert.equal(ctrl.state.message.text, 'Fix the position first: it cannot be played from.');
  ctrl.setupSquare('a3');
  ctrl.setCastling('K', false);
  ctrl.setMoveNumber('12');
  ctrl.useSetup();
  assert.equal(ctrl.state.setup, null);
  assert.equal(ctrl.state.text, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w Qkq - 0 12');
  ctrl.undo();
  assert.equal(ctrl.state.text, 'e4 e5');
});

test('a puzzle: a wrong move is taken back with the reason, the right one answered until mate', async () => {
  const { ctrl } = await open('3r2k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1', { mode: 'puzzle' });
  const puzzle = ctrl.state.puzzle;
  assert.equal(puzzle.kind, 'mate');
  assert.ok(puzzle.info.mateIn >= 1);
  assert.equal(ctrl.playTyped('h3'), true);
  assert.match(ctrl.state.puzzle.note.text, /^h3: .* Try again\.$/);
  ctrl.puzzleAction('solution');
  const solution = ctrl.state.puzzle.note.text.replace(/^The solution: |\.$/g, '').split(' ');
  for (let i = 0; i < solution.length && !ctrl.state.puzzle.done; i += 2) ctrl.playTyped(solution[i]);
  assert.equal(ctrl.state.puzzle.done, true);
  assert.equal(ctrl.state.puzzle.note.text, 'Solved!');
});

test('a puzzle from a game: its next moves are the answer, the board plays the replies; a puzzle has no steps', async () => {
  const { ctrl } = await open('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7', { mode: 'puzzle', ply: 4 });
  assert.equal(ctrl.state.puzzle.kind, 'line');
  assert.deepEqual(ctrl.state.path, [3]);
  ctrl.step('first');
  ctrl.step('last');
  assert.deepEqual(ctrl.state.path, [3], 'the steps do nothing');
  assert.equal(ctrl.playTyped('Qf3'), true);
  assert.equal(ctrl.state.puzzle.note.text, 'Qf3 is not the move played in the game. Try again.');
  ctrl.playTyped('Bc4');
  assert.equal(ctrl.state.puzzle.snapshot, ctrl.state.outcome.plies[5].snapshot, 'answered with Nf6');
  ctrl.playTyped('Qxf7');
  assert.equal(ctrl.state.puzzle.note.text, 'Solved!');
});

test('the report: asked of the worker once per game, its marks shown at most every 200 ms, a new text cancels it', async () => {
  const { ctrl, seen } = await open('f3 e5 g4 Qh4');
  assert.equal(seen.reports.length, 1);
  const job = seen.reports[0];
  const whole = api.report('f3 e5 g4 Qh4');
  seen.renders.length = 0;
  job.listener({ kind: 'report-start', start: whole.start, method: whole.method, total: whole.plies.length });
  job.listener({ kind: 'report-ply', ply: whole.plies[0] });
  assert.equal(ctrl.state.report.plies.length, 1);
  assert.deepEqual(seen.renders[0], ['marks', 'report'], 'the first marks at once');
  assert.deepEqual(seen.renders[1], ['report'], 'the next ones wait');
  for (const ply of whole.plies.slice(1)) job.listener({ kind: 'report-ply', ply });
  job.listener({ kind: 'report-done' });
  assert.equal(ctrl.state.report.done, true);
  assert.deepEqual(seen.renders.at(-1), ['marks', 'report'], 'and the last at once');
  ctrl.setText('e4 e5');
  assert.equal(job.cancelled, true);
  assert.equal(seen.reports.length, 2);
});

test('a viewer that waits to be on screen asks for the report\'s start alone, then, once on screen, for the whole report', async () => {
  const { ctrl, seen } = await open('f3 e5 g4 Qh4', { waitForView: true });
  assert.equal(seen.reports.length, 1);
  assert.equal(seen.reports[0].startOnly, true);
  assert.equal(ctrl.state.report.waiting, true);
  const whole = api.report('f3 e5 g4 Qh4');
  seen.reports[0].listener({ kind: 'report-start', start: whole.start, method: whole.method, total: whole.plies.length });
  assert.deepEqual(ctrl.state.report.method, whole.method, 'what judged the moves is said while it waits');
  assert.equal(ctrl.state.report.waiting, true);
  seen.renders.length = 0;
  ctrl.onScreen();
  assert.equal(seen.reports[0].cancelled, true);
  assert.equal(seen.reports.length, 2);
  assert.equal(seen.reports[1].startOnly, false);
  assert.equal(ctrl.state.report.waiting, false);
  assert.ok(seen.renders.some((topics) => topics.includes('report')), 'the panel shows the report running');
  // Once seen, a new text's report starts at once.
  ctrl.onScreen();
  ctrl.setText('e4 e5');
  assert.equal(seen.reports.length, 3);
  assert.equal(seen.reports[2].startOnly, false);
});

test('the suggestion for the position on screen is asked for once per position', async () => {
  let asked = 0;
  const { ctrl } = await open('e4 e5 f3', {}, {
    requestSuggestion: async (fen, game) => {
      asked++;
      return { suggestion: api.suggest(fen, { game }) };
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(asked, 1);
  assert.equal(ctrl.state.suggestion.replied, true);
  assert.ok(ctrl.state.suggestion.move.notation);
  ctrl.step('flip');
  assert.equal(asked, 1, 'the same position: not asked again');
  ctrl.step('prev');
  assert.equal(asked, 2);
  assert.equal(ctrl.state.suggestion.thinking, true);
});

test('a game the chess module leaves out: the module with every game is loaded, saying so, and the text read again', async () => {
  // The API the viewers hold is updated in place when the other module has loaded (as www/engine.js does).
  const held = { ...chessOnly };
  let loaded = false;
  let finishLoading;
  const ctrl = createController({ text: 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3' }, {
    loadEngine: async () => held,
    hasAllGames: () => loaded,
    loadAllGames: () => new Promise((resolve) => {
      finishLoading = () => {
        loaded = true;
        resolve(Object.assign(held, api));
      };
    }),
    requestSuggestion: async () => ({ suggestion: null }),
    requestReport: () => () => {},
    requestGames: async () => ({ games: [] }),
  });
  const started = ctrl.start();
  while (!finishLoading) await new Promise((resolve) => setTimeout(resolve, 1));
  assert.equal(ctrl.state.loading, 'Loading the rules for Congo…');
  assert.equal(ctrl.state.busy, true);
  finishLoading();
  await started;
  // (start() resolves once the other module has loaded and read the text.)
  assert.equal(ctrl.state.loading, null);
  assert.equal(ctrl.state.outcome.game, 'congo');
  assert.deepEqual(ctrl.state.rules, rulesOf(api.games(), 'congo'), 'the rules of the module that read it');
  assert.equal(ctrl.state.busy, false);
});

test('a place asked for past the game\'s end: the last position, and a notice that says so', async () => {
  const { ctrl } = await open('e4 e5', { ply: 9, askedBy: 'The ply attribute' });
  assert.deepEqual(ctrl.state.path, [1]);
  assert.match(ctrl.state.notices.at(-1), /^The ply attribute asks for ply 9, but the game has 2 plies/);
  ctrl.askPlace(1);
  assert.deepEqual(ctrl.state.path, [0]);
  assert.deepEqual(ctrl.state.notices, [], 'the notice goes with the place');
});

test('what the page does with a game is read from the module\'s rules (games.js), the same as when it decided by id', () => {
  const can = (id) => gameCan(rulesOf(api.games(), id));
  assert.deepEqual(can('chess'), { fen: true, pgn: true, exchange: false, setup: true, puzzle: true, moves: true });
  assert.deepEqual(can('congo'), { fen: true, pgn: false, exchange: false, setup: false, puzzle: false, moves: true });
  assert.deepEqual(can('checkers'), { fen: false, pgn: false, exchange: true, setup: false, puzzle: false, moves: true });
  assert.deepEqual(can('grid'), { fen: false, pgn: false, exchange: false, setup: false, puzzle: false, moves: false });
  // The chess module has no rules for the other games (it throws for their texts): nothing is offered.
  assert.equal(rulesOf(chessOnly.games(), 'congo'), null);
  assert.deepEqual(rulesOf(chessOnly.games(), 'chess'), rulesOf(api.games(), 'chess'));
  assert.equal(promotionOrder(rulesOf(api.games(), 'chess')).indexOf('Q'), 0);
  // The board editor: chess's, whatever the game on screen, as the page had it written.
  for (const games of [api.games(), chessOnly.games()]) {
    for (const wanted of ['chess', 'congo', undefined]) {
      assert.deepEqual(setupBoard(setupGame(games, wanted)), {
        game: 'chess',
        width: 8,
        height: 8,
        palette: 'KQRBNPkqrbnp',
        brush: 'P',
        pieces: api.analyze('', { game: 'chess', suggest: false }).initial.pieces,
        start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
        sides: [['white', 'White to move'], ['black', 'Black to move']],
        castling: [['K', 'White O-O'], ['Q', 'White O-O-O'], ['k', 'Black O-O'], ['q', 'Black O-O-O']],
      }, String(wanted));
    }
  }
  assert.equal(setupGame(api.games().filter((g) => !g.rules?.setup), 'chess'), null, 'no game with an editor: none');
  // The crocodile enters the river; the pawn already in it drowns.
  const o = api.analyze('3l3/7/7/P6/7/2C4/3L3 w 0\nc2c4', { suggest: false });
  assert.deepEqual(drownedBy(o.plies[0]), [['P', 'a4']]);
});

test('the state holds the rules of the game on screen, from the module that read it', async () => {
  const { ctrl } = await open('e4 e5');
  assert.deepEqual(ctrl.state.rules, rulesOf(api.games(), 'chess'));
  const congo = (await open('3l3/7/7/P6/7/2C4/3L3 w 0\nc2c4')).ctrl;
  assert.equal(congo.state.outcome.game, 'congo');
  assert.deepEqual(congo.state.rules, rulesOf(api.games(), 'congo'));
  assert.match(describePosition(congo.state), /the white pawn on a4 drowns in the river/);
  // The editor opened on another game is chess's, on its start position.
  congo.openSetup();
  assert.equal(congo.state.setup.board.game, 'chess');
  assert.equal(congo.state.setup.fen, congo.state.setup.board.start);
  congo.closeSetup();
  ctrl.openSetup();
  assert.equal(ctrl.state.setup.fen, snapshotOf(ctrl.state).fen, 'chess\'s own: the position on screen');
  ctrl.closeSetup();
  // A game whose rules have no puzzle opens as no puzzle, and says why.
  const quiz = (await open('3l3/7/7/P6/7/2C4/3L3 w 0', { mode: 'puzzle' })).ctrl.state;
  assert.equal(quiz.puzzle, null);
  assert.equal(quiz.message.text, 'Puzzles are chess positions.');
});
