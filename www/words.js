// The page's words: moves, verdicts, suggestions, games and positions as
// people read them. Pure (no DOM), tested under node.
import { drownedBy, gameCan } from './games.js';
import { moveList } from './movelist.js';
import { reportFactsHere } from './report.js';
import { alternatives, givesNoPosition, lineAt, parentPath, plyAt, snapshotAt, snapshotOf } from './state.js';

/** The move at `path` as a reader says it: "3... Nf6" (numbered from the position before it). */
export function plyLabel(outcome, path) {
  const ply = plyAt(outcome, path);
  const before = snapshotAt(outcome, parentPath(path)) ?? outcome.initial;
  const first = before.sideToMove === outcome.players[0] || before.sideToMove === null;
  return `${before.moveNumber}${first ? '.' : '...'} ${ply.notation}`;
}

/** The label of a move in the list, as a reader says it: "3... Nf6". */
export function moveLabel(cell) {
  return `${cell.number}${cell.first ? '.' : '...'} ${cell.text}`;
}

/**
 * A move as a sentence: "White knight from g1 to f3, taking the black pawn";
 * the mover's pieces a river drowned (Congo's) are named, else they would
 * vanish unexplained.
 */
export function moveSentence(ply, pieces = {}) {
  const name = (letter) => pieces[letter] ?? letter;
  let text = `${name(ply.piece)} from ${ply.from} to ${ply.to}`;
  const via = ply.path.slice(1, -1);
  if (via.length) text += ` by way of ${via.join(', ')}`;
  if (ply.captured.length) text += `, taking ${ply.captured.map((c) => `the ${name(c)}`).join(' and ')}`;
  if (ply.promotion) text += `, becoming a ${name(ply.promotion).split(' ').slice(1).join(' ') || ply.promotion}`;
  const drowned = drownedBy(ply);
  if (drowned.length) text += `; ${drowned.map(([letter, square]) => `the ${name(letter)} on ${square}`).join(' and ')} drown${drowned.length > 1 ? '' : 's'} in the river`;
  return text[0].toUpperCase() + text.slice(1);
}

/** A sentence for people, beside the course program's exact line. */
export function friendlyVerdict(state) {
  const o = state.outcome;
  if (!o) return '';
  const who = (side) => (side ? side[0].toUpperCase() + side.slice(1) : '');
  const badMove = () => {
    for (const block of moveList(state)) {
      const cell = block.kind === 'row' && block.cells.find((c) => c?.kind === 'error');
      // A course line that names the move already numbers it its own way
      // (checkers counts every move: "Move 3"); a second number would contradict it.
      if (cell) return o.message?.includes(cell.text) ? cell.text : `${block.number}${block.cells[0] === cell ? '.' : '...'} ${cell.text}`;
    }
    return 'A move';
  };
  switch (o.status) {
    case 'checkmate': return `Checkmate: ${who(o.winner)} wins.`;
    case 'stalemate': return 'Stalemate: the game is drawn.';
    case 'win': return `${who(o.winner)} wins.`;
    case 'draw': return 'The game is drawn.';
    case 'answer': return '';
    case 'incomplete': {
      const end = o.plies.length ? o.plies.at(-1).snapshot : o.initial;
      return `The game is not over${end.sideToMove ? `: ${end.sideToMove} to move` : ''}.`;
    }
    case 'parse_error': return `The text cannot be read: ${o.error.reason}.`;
    case 'completion_error': return `${badMove()} cannot be matched to one piece: ${o.error.reason}.`;
    case 'illegal_move': return `${badMove()} is illegal: ${o.error.reason}.`;
    default: return '';
  }
}

/** Words for a suggestion; `strategy`: how the game's search chooses when no mate decides (games.js strategyWords). */
export function describeSuggestion(s, strategy = '') {
  if (!s) return '';
  const why = {
    mate: s.mateIn === 1 ? 'mates at once' : `forces mate in ${s.mateIn}`,
    'avoids mate': s.mateIn ? `stops the opponent's mate in ${s.mateIn}` : 'does not allow a quick mate',
    'only moves': `every move allows mate; this one holds out longest${s.mateIn ? ` (mate in ${s.mateIn})` : ''}`,
    strategy,
  }[s.reason] ?? s.reason;
  // Notations that already name both squares need no gloss.
  const gloss = s.notation.includes(s.from) && s.notation.includes(s.to) ? '' : ` (${s.from}-${s.to}${s.promotion ? `=${s.promotion.toUpperCase()}` : ''})`;
  return `${s.notation}${gloss}: ${why}`;
}

/** A line about where the game comes from: players, event, date, the stated result, the notation read. */
export function gameInfo(outcome) {
  const chess = outcome?.chess;
  if (!chess) return '';
  const tag = (name) => {
    const v = chess.tags.find((t) => t.name === name)?.value;
    return v && v !== '?' && !/^[?.]+$/.test(v) ? v : null;
  };
  const parts = [];
  const white = tag('White');
  const black = tag('Black');
  if (white || black) parts.push(`${white ?? '?'} – ${black ?? '?'}`);
  for (const name of ['Event', 'Site', 'Date']) {
    const v = tag(name);
    if (v) parts.push(v);
  }
  const stated = chess.statedResult;
  if (stated && stated !== '*') {
    const shown = outcome.status === 'checkmate' || outcome.status === 'stalemate';
    parts.push(!shown || chess.result === stated
      ? (outcome.status === 'incomplete' ? `the text says ${stated} (ended before checkmate: a resignation, time or agreement)` : `result ${stated}`)
      : `the text says ${stated}`);
  }
  if (chess.gamesInText > 1) parts.push(`game ${chess.gameIndex + 1} of ${chess.gamesInText}`);
  // How the text was read, once it holds something to read (not for an empty box).
  const read = outcome.plies.length > 0 || outcome.error || outcome.unplayed?.length > 0 || chess.tags.length > 0 || chess.notation === 'fen';
  if (read) parts.push({ pgn: 'read as PGN', fen: 'read as a FEN and moves', course: 'read as course notation' }[chess.notation]);
  parts.push(...(chess.notes ?? []));
  return parts.join(' · ');
}

/** `Game 3 of 50`: the game chooser's name (apart from the header's Rules), which the text box's note names too. */
export const gameOf = (index, count) => `Game ${(index + 1).toLocaleString('en')} of ${count.toLocaleString('en')}`;

/** A game of a list, as the chooser names it. */
export function gameTitle(g) {
  const players = g.white || g.black ? `${g.white ?? '?'} – ${g.black ?? '?'}` : `Game ${g.index + 1}`;
  const result = g.result === '*' ? null : g.result;
  const extra = [result, [g.event, g.round && `round ${g.round}`].filter(Boolean).join(', '), g.date].filter(Boolean);
  return extra.length ? `${players} (${extra.join(' · ')})` : players;
}

/**
 * How a game ended, from its Termination tag as lichess and chess.com write
 * it ("Time forfeit", "Bob456 won by resignation", "Game drawn by
 * repetition"): words for the loser (`null` for a draw), or null when the tag
 * says none of these (chess.com's "drawn by timeout vs insufficient
 * material" is a draw: its loss on time did not count).
 */
const ENDINGS = {
  draw: [
    [/insufficient material/i, () => 'a draw: one side ran out of time or neither had the material to mate'],
    [/agree/i, () => 'a draw agreed'],
    [/repetition/i, () => 'a draw by repetition'],
  ],
  win: [
    [/resign/i, (loser) => `${loser} resigned`],
    [/abandon/i, (loser) => `${loser} abandoned the game`],
    [/time|flag/i, (loser) => `${loser} lost on time`],
  ],
};

/** A result the text states but the board does not show, in words; `termination`: the Termination tag's value, when there is one. */
export function statedResultSentence(result, termination = null) {
  const loser = { '1-0': 'Black', '0-1': 'White' }[result] ?? null;
  const ending = termination ? ENDINGS[loser ? 'win' : 'draw'].find(([words]) => words.test(termination))?.[1](loser) : null;
  const board = loser ? 'the position is not checkmate' : 'the position is not stalemate';
  if (ending) return `${result}: ${ending}, the text says; ${board}.`;
  if (loser) return `${result}: ${loser} resigned or lost on time, the text says; ${board}.`;
  return `${result}: a draw agreed or claimed, the text says; ${board}.`;
}

/** The whole position in words, side by side: "White: king e1, queen d1, rooks a1, h1, ...". */
export function readPosition(snapshot) {
  if (!snapshot) return '';
  const { width, height, cells, pieces = {} } = snapshot;
  const bySide = new Map();
  const order = Object.keys(pieces);
  const squares = new Map();
  [...cells].forEach((ch, i) => {
    if (ch === '.') return;
    const name = `${String.fromCharCode(97 + (i % width))}${height - Math.floor(i / width)}`;
    if (!squares.has(ch)) squares.set(ch, []);
    squares.get(ch).push(name);
  });
  const letters = [...squares.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  for (const ch of letters) {
    const [side, ...kind] = (pieces[ch] ?? ch).split(' ');
    const at = squares.get(ch).sort();
    const piece = kind.join(' ') || ch;
    const words = `${at.length > 1 ? `${piece}s` : piece} ${at.join(', ')}`;
    if (!bySide.has(side)) bySide.set(side, []);
    bySide.get(side).push(words);
  }
  const sides = [...bySide].map(([side, list]) => `${side[0].toUpperCase()}${side.slice(1)}: ${list.join(', ')}.`);
  const turn = snapshot.sideToMove ? ` ${snapshot.sideToMove[0].toUpperCase()}${snapshot.sideToMove.slice(1)} to move.` : '';
  return sides.length ? `${sides.join(' ')}${turn}` : `The board is empty.${turn}`;
}

/** What a puzzle asks (controller/puzzle.js), in words. */
export function puzzleTask(puzzle) {
  const side = puzzle.start.sideToMove ?? '';
  const who = side[0]?.toUpperCase() + side.slice(1);
  if (puzzle.kind === 'line') return `${who} to move: find the move played in the game${puzzle.line.length > 2 ? ', and the ones after it' : ''}.`;
  return puzzle.info?.mateIn ? `${who} to move: find the mate in ${puzzle.info.mateIn}.` : 'This position has no forced mate in 3 and no game to follow: there is nothing to solve.';
}

/**
 * The position on the board in words (the line under it, and the board's
 * label): the move that led to it, check, the game's end, the report's
 * better moves, the other moves there; a puzzle's, a problem's, the editor's.
 */
export function describePosition(state) {
  const { outcome: o, puzzle, setup } = state;
  if (!o) return '';
  if (puzzle) {
    if (!puzzle.line.length && !puzzle.info?.mateIn) return 'Nothing to solve here.';
    return puzzle.done ? 'Puzzle solved.' : `Puzzle: ${puzzle.snapshot.sideToMove ?? ''} to move.`;
  }
  if (o.problem || !gameCan(state.rules).moves) {
    // (A problem that cannot be read has no move or position to speak of: the verdict says why.)
    if (o.status !== 'answer') return '';
    // (An answer may mark nothing: no mate in one, no king in check.)
    const marked = !!o.problem.mate || (snapshotOf(state)?.marks?.length ?? 0) > 0;
    return `${marked ? 'The answer is marked on the board. ' : ''}Click a piece to see where it can go.`;
  }
  // A FEN that gives no position: an empty board, and why.
  if (!setup && givesNoPosition(state)) return `No position to show: ${o.error?.reason ?? 'the text gives none'}.`;
  if (state.errorLine) {
    const error = lineAt(o, state.errorLine)?.error;
    if (error?.from && error?.to) return `The move with the problem (${error.reason}), drawn as a dashed arrow on the position before it.`;
    // A move read well that no piece can make has no arrow; only a parse error names a character.
    return error?.character === null
      ? `The move with the problem (${error.reason}), on the position before it.`
      : `The text cannot be read here: ${error?.reason ?? ''}. The board shows the position before it.`;
  }
  const snapshot = snapshotOf(state);
  const where = state.path.length > 1 ? 'In a variation: ' : '';
  let text;
  // (A FEN's position, a middle game's maybe, is not called the start.)
  const given = o.chess?.notation === 'fen' || o.chess?.tags.some((t) => t.name === 'FEN');
  if (!state.path.length) text = `${setup ? 'Setting up' : given ? 'The position given' : 'Start position'}, ${snapshot.sideToMove ?? ''} to move.`;
  else {
    const ply = plyAt(o, state.path);
    text = `${where}${plyLabel(o, state.path)}: ${moveSentence(ply, snapshot.pieces)}.`;
  }
  if (snapshot.over) text += ` ${snapshot.over.reason[0].toUpperCase()}${snapshot.over.reason.slice(1)}.`;
  else if (snapshot.check) text += ' Check.';
  // The better moves drawn as arrows, in words too.
  const { move, better } = reportFactsHere(state);
  if (better.length) text += ` Better than ${plyLabel(o, move)}: ${better.map((m) => m.notation).join(' or ')} (the arrow on the board).`;
  const others = alternatives(state).length;
  if (others > 1) text += ` ${others - 1} other move${others > 2 ? 's' : ''} here (Up and Down switch).`;
  return text;
}
