// The page's state functions, without a DOM, on real outcomes of the module
// (so the shapes are the module's, not hand-written copies).
import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { buildFragment, parseFragment } from '../../www/fragment.js';
import { promotionOrder, rulesOf, strategyWords } from '../../www/games.js';
import { glyphs, listedMoves, moveList, UNPLAYED_LISTED } from '../../www/movelist.js';
import { clickSquare, dropPiece, targets } from '../../www/moving.js';
import { graphPly } from '../../www/report.js';
import {
  alternatives, boardView, canSuggest, first, goTo, goToPlace, initialState, last, next, parentPath, plyAt,
  placeOf, prev, setOutcome, showError, snapshotOf, switchAlternative,
} from '../../www/state.js';
import { describeSuggestion, friendlyVerdict, gameInfo, gameTitle, moveSentence } from '../../www/words.js';

const api = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));

/** The state on `text`, read by the module, with its game's rules (as the controller's `analyze`). */
const open = (text, overrides = {}) => {
  const outcome = api.analyze(text, { suggest: false });
  return setOutcome(initialState(overrides), text, outcome, rulesOf(api.games(), outcome.game));
};

test('stepping stays within the line and reaches the failed move', () => {
  let s = open('e4 e5 Ke2 Ke7 Ke3 Ke6 Kf4 d5');
  assert.deepEqual(s.errorLine, [], 'a game with an error opens at its failed move');
  assert.deepEqual(s.path, [5], 'drawn on the position before it');
  assert.equal(snapshotOf(s).fen, 'rnbq1bnr/pppp1ppp/4k3/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR w - - 4 4');
  assert.deepEqual(boardView(s).arrows, [{ from: 'e3', to: 'f4', kind: 'error' }]);
  assert.equal(canSuggest(s), false);
  assert.deepEqual(next(s), s, 'nothing after the failed move');
  s = prev(s);
  assert.equal(s.errorLine, null);
  assert.deepEqual(s.path, [5]);
  s = prev(prev(s));
  assert.deepEqual(s.path, [3]);
  s = first(s);
  assert.deepEqual(s.path, []);
  assert.deepEqual(prev(s), s);
  assert.equal(boardView(s).lastMove, null);
  s = next(s);
  assert.deepEqual(boardView(s).lastMove, { from: 'e2', to: 'e4', path: ['e2', 'e4'] });
  assert.deepEqual(goTo(s, [9, 9, 9]).path, [], 'a path naming nothing goes to the nearest node on it');
  assert.deepEqual(last(first(s)).errorLine, []);
});

test('variations: stepping in, out and between alternatives', () => {
  let s = open('1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) (1... d5) 2. Nf3 *');
  s = goTo(s, [1, 0, 1]);
  assert.equal(plyAt(s.outcome, s.path).notation, 'Nf3');
  assert.deepEqual(next(s).path, [1, 0, 2]);
  assert.deepEqual(prev(goTo(s, [1, 0, 0])).path, [0], 'before a variation: the move before the one it replaces');
  assert.deepEqual(parentPath([1, 0, 1, 0, 0]), [1, 0, 0]);
  assert.deepEqual(alternatives(goTo(s, [1])).map((p) => plyAt(s.outcome, p).notation), ['e5', 'c5', 'd5']);
  s = goTo(s, [1]);
  assert.equal(plyAt(s.outcome, switchAlternative(s, 1).path).notation, 'c5');
  assert.equal(plyAt(s.outcome, switchAlternative(s, -1).path).notation, 'd5', 'Up wraps around');
  assert.equal(plyAt(s.outcome, switchAlternative(goTo(s, [1, 1, 0]), 1).path).notation, 'e5');
  assert.deepEqual(last(goTo(s, [1, 0, 0])).path, [1, 0, 2], 'End goes to the end of the line on screen');
});

test('the place on screen, failed move included, is found again when the text is read again', () => {
  const text = '1. e4 e5 (1... c5 2. Ke3) 2. Nf3 *';
  const s = showError(open(text), [1, 0]);
  assert.deepEqual(placeOf(s), [1, 0, 1]);
  assert.deepEqual(placeOf(goTo(s, [2])), [2]);
  const again = setOutcome(open('e4'), text, api.analyze(text, { suggest: false }), s.rules, placeOf(s));
  assert.deepEqual([again.path, again.errorLine], [[1, 0, 0], [1, 0]]);
});

test('Up and Down pass over a variation whose first move is a problem (it has no position to show)', () => {
  // Down from e5 went to the blank variation's path, which names no node: the board jumped to the start.
  let s = goTo(open('1. e4 e5 (1... Ke6) (1... c5) (1... d5 2. Ke3) 2. Nf3 *'), [1]);
  assert.deepEqual(alternatives(s), [[1], [1, 1, 0], [1, 2, 0]]);
  s = switchAlternative(s, 1);
  assert.deepEqual(s.path, [1, 1, 0]);
  s = switchAlternative(s, 1);
  assert.deepEqual(s.path, [1, 2, 0]);
  assert.deepEqual(switchAlternative(s, 1).path, [1], 'Down wraps around');
  assert.deepEqual(switchAlternative(goTo(s, [1]), -1).path, [1, 2, 0], 'Up wraps around');
});

test('the move list: rows for the main line, asides for comments and variations', () => {
  const s = goTo(open('{Start} 1. e4 $1 {Best by test [%clk 0:01:00]} e5 (1... c5 $6 {Sicilian} 2. Nf3) 2. Nf3 Nc6 *'), [1, 0, 1]);
  const blocks = moveList(s);
  assert.deepEqual(blocks.map((b) => b.kind), ['aside', 'row', 'aside', 'row', 'aside', 'row']);
  assert.deepEqual(blocks[0].items, [{ kind: 'comment', text: 'Start' }]);
  const [e4] = blocks[1].cells;
  assert.equal(blocks[1].cells[1], null, 'a comment after white\'s move leaves black\'s cell empty');
  assert.equal(e4.text, 'e4');
  assert.equal(e4.glyphs, '!');
  assert.equal(e4.clock, '0:01:00');
  assert.deepEqual(blocks[2].items, [{ kind: 'comment', text: 'Best by test' }]);
  assert.equal(blocks[3].number, 1);
  assert.equal(blocks[3].cells[1].text, 'e5');
  const variation = blocks[4].items;
  assert.deepEqual(variation.map((i) => i.kind), ['open', 'ply', 'comment', 'ply', 'close']);
  assert.equal(variation[1].label, '1…', 'a black move first in its line is numbered');
  assert.equal(variation[1].glyphs, '?!');
  assert.equal(variation[3].label, '2.');
  assert.equal(variation[3].current, true);
  assert.equal(listedMoves(blocks).length, 6);
  assert.equal(glyphs([3, 4, 14, 19, 99]), '!!??+=−+$99');
});

test('a failed move in a variation is shown at its place', () => {
  let s = open('1. e4 e5 (1... d6 2. Qh5 Kd7 3. Kf5) 2. Nf3 *');
  const aside = moveList(s).find((b) => b.kind === 'aside');
  const kinds = aside.items.map((i) => i.kind);
  assert.deepEqual(kinds, ['open', 'ply', 'ply', 'ply', 'error', 'close']);
  assert.equal(aside.items[4].text, 'Kf5');
  s = showError(s, [1, 0]);
  assert.deepEqual(s.path, [1, 0, 2]);
  assert.equal(canSuggest(s), false);
  assert.equal(moveList(s).find((b) => b.kind === 'aside').items[4].current, true);
  // A variation whose first move fails: shown on the position before the move it replaces.
  s = showError(open('1. e4 e5 (1... Ke3) 2. Nf3 *'), [1, 0]);
  assert.deepEqual(s.path, [0]);
});

test('a typo in a variation is its failed move, named with its word, and the game goes on', () => {
  const s = open('1. e4 e5 (1... Nf6 2. Qf9+ Nc6) (1... d5 @ d4) (1... c5 2. c3 (2. Nf9)) 2. Nf3 Nc6 *');
  assert.equal(s.outcome.plies.length, 4);
  const items = moveList(s).filter((b) => b.kind === 'aside').flatMap((b) => b.items);
  const errors = items.filter((i) => i.kind === 'error').map((i) => `${i.label}${i.text}`);
  // (The character alone, "9", said nothing; a bracket or a lone sign is itself.)
  assert.deepEqual(errors, ['2.Qf9+', '2.@', '2.Nf9']);
});

test('a failed move in a variation is numbered as a move there would be', () => {
  // "(Ke6)" and "(1… c5 Ke3)" read as if Ke6 were nobody's move and Ke3 black's.
  const items = moveList(open('1. e4 e5 (1... Ke6) (1... c5 2. Ke3) (1... d6 {old} Kd7) 2. Nf3 *')).find((b) => b.kind === 'aside').items;
  const labels = items.filter((i) => i.kind === 'ply' || i.kind === 'error').map((i) => `${i.label}${i.text}`);
  assert.deepEqual(labels, ['1…Ke6', '1…c5', '2.Ke3', '1…d6', '2.Kd7']);
  const black = moveList(open('1. e4 e5 2. Nf3 (2. Nc3 Nc6 Ke3) *')).find((b) => b.kind === 'aside').items;
  assert.deepEqual(black.filter((i) => i.kind === 'ply' || i.kind === 'error').map((i) => `${i.label}${i.text}`), ['2.Nc3', 'Nc6', '3.Ke3']);
  const after = moveList(open('1. e4 e5 2. Nf3 (2. Nc3 Nc6 3. Bc4 Ke3) *')).find((b) => b.kind === 'aside').items;
  assert.deepEqual(after.filter((i) => i.kind === 'ply' || i.kind === 'error').map((i) => `${i.label}${i.text}`), ['2.Nc3', 'Nc6', '3.Bc4', 'Ke3']);
});

test('clicks and drops: select, move, multi-jump, promotion, refusal', () => {
  const m = (notation, ...path) => ({ notation, from: path[0], to: path.at(-1), path, piece: 'X', captured: path.length > 2 ? ['p'] : [], promotion: null });
  const moves = [m('a', 'd3', 'd4'), m('b', 'd3', 'd5', 'b5'), m('c', 'd3', 'd5'), m('d', 'd3', 'd5', 'f5', 'f7'), m('e', 'a1', 'a2')];
  let r = clickSquare(moves, null, 'd3');
  assert.deepEqual(targets(r.selection).map((t) => t.square), ['d4', 'd5']);
  r = clickSquare(moves, r.selection, 'd5');
  assert.equal(r.play, undefined, 'the monkey may jump on');
  assert.deepEqual(r.selection.landed, ['d3', 'd5']);
  assert.deepEqual(targets(r.selection).map((t) => t.square), ['b5', 'f5']);
  assert.equal(clickSquare(moves, r.selection, 'd5').play.notation, 'c', 'choosing the square again stops there');
  assert.equal(clickSquare(moves, r.selection, 'b5').play.notation, 'b');
  const f5 = clickSquare(moves, r.selection, 'f5');
  assert.deepEqual(f5.selection.landed, ['d3', 'd5', 'f5'], 'no move ends on f5: the jump goes on');
  assert.equal(clickSquare(moves, f5.selection, 'f5').selection.landed.length, 3);
  assert.deepEqual(clickSquare(moves, clickSquare(moves, null, 'd3').selection, 'h8').illegal, { from: 'd3', to: 'h8' });
  assert.deepEqual(clickSquare(moves, clickSquare(moves, null, 'd3').selection, 'a1').selection.from, 'a1', 'another own piece reselects');
  assert.equal(clickSquare(moves, null, 'h8').selection, null);
  // A piece of the side to move with no legal move is selected with no
  // candidates: the square chosen next is refused with the rules' reason.
  const own = (sq) => sq === 'h1';
  assert.deepEqual(clickSquare(moves, null, 'h1', own).selection, { from: 'h1', landed: ['h1'], candidates: [] });
  assert.deepEqual(clickSquare(moves, clickSquare(moves, null, 'h1', own).selection, 'g2', own).illegal, { from: 'h1', to: 'g2' });
  assert.equal(clickSquare(moves, clickSquare(moves, null, 'd3', own).selection, 'h1', own).selection.from, 'h1', 'it reselects too');
  assert.deepEqual(dropPiece(moves, 'h1', 'g2', own).illegal, { from: 'h1', to: 'g2' });
  assert.equal(dropPiece(moves, 'd3', 'd4').play.notation, 'a');
  const promotions = ['N', 'Q', 'B', 'R'].map((p) => ({ ...m(`a8=${p}`, 'a7', 'a8'), promotion: p }));
  const order = promotionOrder(rulesOf(api.games(), 'chess'));
  const choose = dropPiece(promotions, 'a7', 'a8', () => false, order).choose;
  assert.deepEqual(choose.map((c) => c.promotion), ['Q', 'R', 'B', 'N'], 'the queen first');
  assert.deepEqual(clickSquare(promotions, clickSquare(promotions, null, 'a7').selection, 'a8', () => false, order).choose, choose, 'a click offers the same');
});

test('moves played on real positions through the module', () => {
  const s = open('e4 e5');
  const moves = api.moves(snapshotOf(s).fen);
  const r = dropPiece(moves, 'g1', 'f3');
  assert.equal(r.play.notation, 'Nf3');
  const pieces = snapshotOf(s).pieces;
  const ply = api.play(snapshotOf(s).fen, 'Nf3');
  assert.equal(moveSentence(ply, pieces), 'White knight from g1 to f3');
  const capture = api.play('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1', 'exd5');
  assert.equal(moveSentence(capture, pieces), 'White pawn from e4 to d5, taking the black pawn');
  assert.throws(() => api.play(snapshotOf(s).fen, ['e1', 'e3']), /^Error: \[illegal_move\] /);
});

test('a Congo move names the pieces the river took', () => {
  // The crocodile enters the river; the pawn already in it drowns.
  const s = open('3l3/7/7/P6/7/2C4/3L3 w 0\nc2c4');
  const { pieces } = s.outcome.initial;
  const ply = s.outcome.plies[0];
  assert.equal(ply.snapshot.cells.includes('P'), false, 'the pawn is gone');
  assert.equal(moveSentence(ply, pieces), 'White crocodile from c2 to c4; the white pawn on a4 drowns in the river');
  // A monkey that jumps from the river into the river drowns itself; its capture stands.
  const m = open('3l3/7/7/1Mp4/7/7/3L3 w 0\nb4d4');
  assert.equal(moveSentence(m.outcome.plies[0], pieces), 'White monkey from b4 to d4, taking the black pawn; the white monkey on d4 drowns in the river');
  // Nothing drowned: nothing said.
  const p = open('gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\ne2e3');
  assert.equal(moveSentence(p.outcome.plies[0], pieces), 'White pawn from e2 to e3');
});

test('links round-trip, including a variation and a game of several', () => {
  let s = goTo(open('1. e4 e5 (1... c5) 2. Nf3 *', { flipped: true, game: 'chess' }), [1, 0, 0]);
  const hash = buildFragment(s, { embed: true });
  const back = parseFragment(hash);
  assert.deepEqual(back.path, [1, 0, 0]);
  assert.equal(back.text, s.text);
  assert.equal(back.flipped, true);
  assert.equal(back.embed, true);
  assert.equal(back.game, 'chess');
  assert.deepEqual(back.problems, []);
  s = goTo(s, [1]);
  assert.match(buildFragment(s), /&ply=2(&|$)/);
  assert.match(buildFragment({ ...s, gameIndex: 2 }), /&index=2/);
  // At the main line's failed move, no place: the link opens at the end, on that move.
  const failed = last(open('e4 e5 Ke3 Nc6'));
  assert.deepEqual(failed.errorLine, []);
  assert.equal(parseFragment(buildFragment(failed)).ply, null);
  const bad = parseFragment('#moves=e4&ply=abc&game=Go!&flip=maybe&path=1..2&index=x');
  assert.equal(bad.ply, null);
  assert.equal(bad.game, null);
  assert.equal(bad.path, null);
  assert.equal(bad.gameIndex, null);
  assert.equal(bad.problems.length, 5);
  assert.equal(parseFragment('').text, null);
  assert.equal(parseFragment('#moves=e4+e5').text, 'e4 e5', 'hand-written links may use + for spaces');
});

test('a link\'s theme: light, dark or auto (the system\'s), kept in the link the page writes; another is a problem', () => {
  assert.equal(parseFragment('#moves=e4').theme, 'auto');
  for (const theme of ['light', 'dark', 'auto']) assert.equal(parseFragment(`#moves=e4&theme=${theme}`).theme, theme);
  const s = open('e4 e5');
  assert.equal(parseFragment(buildFragment(s, { quiz: parseFragment('#theme=dark') })).theme, 'dark');
  assert.doesNotMatch(buildFragment(s, { quiz: parseFragment('#theme=auto') }), /theme/);
  const bad = parseFragment('#moves=e4&theme=purple');
  assert.equal(bad.theme, 'auto');
  assert.deepEqual(bad.problems, ['the link\'s theme "purple" is not light, dark or auto; following the system']);
});

test('a link at a variation\'s failed move opens at that move (it named the variation\'s last ply)', () => {
  const s = open('1. e4 e5 (1... c5 2. Nf3 Ke3) 2. Nf3 *');
  const failed = showError(s, [1, 0]);
  assert.deepEqual(failed.errorLine, [1, 0]);
  const back = parseFragment(buildFragment(failed));
  assert.deepEqual(back.problems, []);
  const opened = goToPlace(s, back.path);
  assert.deepEqual([opened.path, opened.errorLine], [failed.path, failed.errorLine]);
  // The variation's last ply itself is still a place of its own.
  const before = goToPlace(s, parseFragment(buildFragment(goTo(s, failed.path))).path);
  assert.deepEqual([before.path, before.errorLine], [failed.path, null]);
});

test('words: verdicts, suggestions, game titles', () => {
  assert.match(friendlyVerdict(open('e4 e5 Ke2 Ke7 Ke3 Ke6 Kf4')), /^4\. Kf4 is illegal: it would leave the mover's own king in check\.$/);
  assert.match(friendlyVerdict(open('e4 e5 Nf3 Nxf3')), /^2\.\.\. Nxf3 cannot be matched to one piece: /);
  assert.match(friendlyVerdict(open('f3 e5 g4 Qh4')), /Checkmate: Black wins/);
  assert.equal(describeSuggestion({ notation: 'Qh5', from: 'd1', to: 'h5', promotion: null, reason: 'mate', mateIn: 2 }), 'Qh5 (d1-h5): forces mate in 2');
  const strategy = strategyWords(rulesOf(api.games(), 'chess'));
  assert.equal(describeSuggestion({ notation: 'e8=Q', from: 'e7', to: 'e8', promotion: 'Q', reason: 'strategy', mateIn: null }, strategy), 'e8=Q (e7-e8=Q): best by material, then position');
  assert.equal(describeSuggestion(null), '');
  const [game] = api.listGames('[White "A"]\n[Black "B"]\n[Event "Club"]\n[Round "3"]\n[Result "1-0"]\n1. e4 1-0');
  assert.equal(gameTitle(game), 'A – B (1-0 · Club, round 3)');
  assert.equal(gameTitle({ index: 4, white: null, black: null, result: null, event: null, round: null, date: null }), 'Game 5');
});

test('the drawings of a comment before the first move show on the start position, a move\'s on its own', () => {
  const s = open('{ Look here [%cal Ge2e4] [%csl Rd5] } 1. e4 { [%cal Bg1f3] } e5 *');
  assert.deepEqual(s.outcome.comments, ['Look here']);
  const start = first(s);
  assert.deepEqual(boardView(start).arrows, [{ from: 'e2', to: 'e4', kind: 'shape-green' }]);
  assert.deepEqual(boardView(start).circles, [{ square: 'd5', kind: 'shape-red' }]);
  assert.deepEqual(boardView(next(start)).arrows, [{ from: 'g1', to: 'f3', kind: 'shape-blue' }]);
  assert.deepEqual(boardView(next(next(start))).arrows, [], 'nothing drawn where the text draws nothing');
});

test('the drawings of a comment before a variation\'s first move show on the position that move is played from', () => {
  const s = open('1. e4 ( {[%cal Gd2d4]} 1. d4 ) e5 2. Nf3 (2. Bc4 (2. {[%csl Rf3]} f4 ({[%cal Bb1c3]} 2. Nc3)) Nf6) *');
  const start = first(s);
  assert.deepEqual(boardView(start).arrows, [{ from: 'd2', to: 'd4', kind: 'shape-green' }]);
  // After 1... e5: the alternatives of 2. Nf3, and of their first moves (from that same position).
  const afterE5 = next(next(start));
  assert.deepEqual(afterE5.path, [1]);
  assert.deepEqual(boardView(afterE5).circles, [{ square: 'f3', kind: 'shape-red' }]);
  assert.deepEqual(boardView(afterE5).arrows, [{ from: 'b1', to: 'c3', kind: 'shape-blue' }]);
  // Not on the positions after: those are other positions.
  assert.deepEqual(boardView(next(start)).arrows, []);
  assert.deepEqual(boardView(goTo(s, [0, 0, 0])).arrows, []);
  assert.deepEqual(boardView(goTo(s, [2])).circles, []);
});

test('the game line says how the text was read once it holds something, and what SAN would say of a course problem', () => {
  const info = (text) => gameInfo(api.analyze(text, { suggest: false }));
  assert.equal(info(''), '', 'an empty box is not "read as" anything');
  assert.equal(info('  \n'), '');
  assert.equal(info('e4 e5'), 'read as course notation');
  assert.equal(info('1. e4 e5'), 'read as PGN');
  assert.equal(info('e4 e5 d4 Bb4 Nc3 a6 Ne2'), 'read as course notation · in SAN (Notation: PGN / SAN) every move of this text is legal');
});

test('a problem marked at white space is named by the word before it in the move list', () => {
  const s = open('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN b KQkq e3 0 1');
  const cells = moveList(s).flatMap((block) => block.cells ?? []).filter((c) => c?.kind === 'error');
  assert.equal(cells.length, 1);
  assert.equal(cells[0].text, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN');
});

test('the report\'s marks show while it runs, its facts once it is done (they would move the list under the pointer)', () => {
  const text = 'f3 e5 g4 d6 Nc3 Qh4';
  const whole = api.report(text);
  const running = { ...open(text), report: { plies: whole.plies, done: false } };
  const listed = (state) => moveList(state).flatMap((b) => (b.kind === 'row' ? b.cells : b.items));
  assert.equal(listed(running).find((c) => c?.text === 'g4').mark, '??');
  assert.equal(listed(running).filter((c) => c?.kind === 'fact').length, 0);
  const facts = listed({ ...running, report: { ...running.report, done: true } }).filter((c) => c?.kind === 'fact');
  assert.deepEqual(facts.map((f) => f.text), ['2. g4: allows mate in 1 (Qh4#)', '2... d6: missed mate in 1 (Qh4#)', '3. Nc3: allows mate in 1 (Qh4#)']);
  // Each names its move (which it describes) and the position before it (which choosing it shows).
  assert.deepEqual(facts.map((f) => [f.move, f.path]), [[[2], [1]], [[3], [2]], [[4], [3]]]);
});

test('the graph\'s ply: the start, a main-line move, and in a variation the ply it branches from', () => {
  const s = open('1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 *');
  assert.deepEqual(graphPly(goTo(s, [])), { ply: 0, inVariation: false });
  assert.deepEqual(graphPly(goTo(s, [2])), { ply: 3, inVariation: false });
  // 1... c5 2. Nf3 is played from the position after 1. e4: the graph's ply 1.
  assert.deepEqual(graphPly(goTo(s, [1, 0, 1])), { ply: 1, inVariation: true });
});

test('a long tail of words not played is one line that counts them, in the main line and in a variation', () => {
  const listed = (text) => moveList(open(text)).flatMap((b) => (b.kind === 'row' ? b.cells : b.items)).filter((c) => c?.kind?.startsWith('unplayed'));
  // "e4 e4": the second is the failed move; the rest are not played.
  const short = listed('e4 '.repeat(2 + UNPLAYED_LISTED));
  assert.deepEqual(short.map((c) => c.kind), Array(UNPLAYED_LISTED).fill('unplayed'), 'a short tail is listed word by word');
  const long = moveList(open('e4 '.repeat(349525)));
  const rest = long.filter((b) => b.kind === 'aside').flatMap((b) => b.items);
  assert.deepEqual(rest, [{ kind: 'unplayed-rest', text: '… and 349,523 more words not played' }]);
  assert.equal(long.length, 2, 'one row (the move and the failed move) and the line under it');
  const variation = listed(`1. e4 (1. d4 d5 Ke3 ${'Nf3 '.repeat(30)}) e5 *`);
  assert.deepEqual(variation, [{ kind: 'unplayed-rest', text: '… and 30 more words not played' }]);
});
