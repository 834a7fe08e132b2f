// The move list as data: rows of the main line, asides with comments,
// variations, the report's facts and a line's failed move. Pure (no DOM),
// tested under node; panels/moves.js draws it.
import { mainLine, parentPath, samePath } from './state.js';

const GLYPHS = {
  1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞', 14: '+=', 15: '=+', 16: '±', 17: '∓',
  18: '+−', 19: '−+', 22: '⨀', 32: '⟳', 36: '→', 40: '↑', 132: '⇆', 146: 'N',
};

/** The glyphs of a ply's NAGs ($n for those without one). */
export function glyphs(nags) {
  return (nags ?? []).map((n) => GLYPHS[n] ?? `$${n}`).join('');
}

function moveCell(ply, path, before, players, state) {
  return {
    kind: 'ply',
    path,
    text: ply.notation,
    glyphs: glyphs(ply.nags),
    clock: ply.clock,
    eval: ply.eval,
    number: before.moveNumber,
    first: before.sideToMove === players[0] || before.sideToMove === null,
    current: !state.errorLine && samePath(path, state.path),
  };
}

/**
 * A tail of at most this many words not played is listed word by word; a
 * longer one is one line that counts them (a link of 1 MB of "e4 " has
 * 349,523 of them: a span each took minutes to lay out).
 */
export const UNPLAYED_LISTED = 20;

/** How many words follow a line's failed move (the module lists the first ones and counts the rest). */
function unplayedCount(line) {
  return (line.unplayed?.length ?? 0) + (line.unplayedOmitted ?? 0);
}

/** The one line that stands for a long tail of words not played. */
function unplayedRest(line) {
  return { kind: 'unplayed-rest', text: `… and ${unplayedCount(line).toLocaleString('en')} more words not played` };
}

/** The failed move of a line, and the moves after it, as cells (a long tail as one, unplayedRest). */
function problemCells(line, prefix, state) {
  const cells = [];
  if (line.error) {
    cells.push({
      kind: 'error', line: prefix, text: errorText(state.text, line.error), reason: line.error.reason,
      current: !!state.errorLine && samePath(state.errorLine, prefix),
    });
  }
  if (unplayedCount(line) > UNPLAYED_LISTED) cells.push(unplayedRest(line));
  else for (const u of line.unplayed ?? []) cells.push({ kind: 'unplayed', text: u.notation });
  return cells;
}

function errorText(text, error) {
  const marked = text.slice(error.start, error.end);
  // A character that cannot be read is named with its move: "Qf9", not "9".
  if (error.character !== null && marked.trim()) return wordAround(text, error.start, error.end) ?? marked;
  // A problem at white space (a FEN short of a square) is named by the word before it.
  if (marked.trim()) return marked;
  return tokenAround(text, error.start);
}

/** What ends a word of movetext: white space, brackets, braces. */
const WORD_END = /[\s(){}[\];]/;

/** The word holding text[start, end) (null when the stretch is no part of a word, or the word is long). */
function wordAround(text, start, end) {
  if (WORD_END.test(text.slice(start, end))) return null;
  let s = start;
  let e = end;
  while (s > 0 && !WORD_END.test(text[s - 1])) s--;
  while (e < text.length && !WORD_END.test(text[e])) e++;
  return e - s <= 16 ? text.slice(s, e) : null;
}

/**
 * A variation as inline items: moves (numbered where a reader needs it),
 * comments, nested variations in brackets, its failed move and the rest.
 */
function inlineLine(line, prefix, before, players, state) {
  const items = line.comments.map((text) => ({ kind: 'comment', text }));
  let numbered = true;
  let snap = before;
  line.plies.forEach((ply, j) => {
    const path = [...prefix, j];
    const cell = moveCell(ply, path, snap, players, state);
    cell.label = cell.first ? `${cell.number}.` : numbered ? `${cell.number}…` : '';
    items.push(cell);
    numbered = false;
    for (const text of ply.comments) {
      items.push({ kind: 'comment', text });
      numbered = true;
    }
    ply.variations.forEach((variation, v) => {
      items.push({ kind: 'open' });
      items.push(...inlineLine(variation, [...path, v], snap, players, state));
      items.push({ kind: 'close' });
      numbered = true;
    });
    snap = ply.snapshot;
  });
  // The failed move is numbered as a move played there would be.
  const first = snap.sideToMove === players[0] || snap.sideToMove === null;
  const label = first ? `${snap.moveNumber}.` : numbered ? `${snap.moveNumber}…` : '';
  items.push(...problemCells(line, prefix, state).map((cell) => (cell.kind === 'error' ? { ...cell, label } : cell)));
  return items;
}

/**
 * The move list: rows of the main line ({ kind: 'row', number, cells: [first
 * player's, second's] }) and, where a move has comments or variations,
 * asides holding them inline ({ kind: 'aside', items }).
 */
export function moveList(state) {
  const o = state.outcome;
  if (!o) return [];
  const players = o.players;
  const blocks = [];
  if (o.comments?.length) blocks.push({ kind: 'aside', items: o.comments.map((text) => ({ kind: 'comment', text })) });
  let row = null;
  let before = o.initial;
  const place = (cell, side, number) => {
    if (!row || side === 0 || row.cells[side]) {
      row = { kind: 'row', number, cells: [null, null] };
      blocks.push(row);
    }
    row.cells[side] = cell;
  };
  const reported = state.report?.plies ?? [];
  o.plies.forEach((ply, i) => {
    const cell = moveCell(ply, [i], before, players, state);
    const mark = reported[i]?.mark ?? null;
    // A move its annotator marked so is not marked again ("a6?!?!"): its glyph says the report agrees.
    const agreed = mark && ply.nags?.some((nag) => GLYPHS[nag] === mark);
    cell.mark = mark && !agreed ? mark : null;
    cell.markAgreed = agreed ? mark : null;
    place(cell, cell.first ? 0 : 1, cell.number);
    // The report's proven facts go under their move; choosing one shows the position the better move starts from.
    // They come when the report is done: put in while it runs, they would move the list under the pointer.
    const items = (state.report?.done ? reported[i]?.facts ?? [] : []).map((fact) => ({ kind: 'fact', text: `${cell.number}${cell.first ? '.' : '...'} ${ply.notation}: ${fact.text}`, path: parentPath([i]), move: [i] }));
    items.push(...ply.comments.map((text) => ({ kind: 'comment', text })));
    ply.variations.forEach((variation, v) => {
      items.push({ kind: 'open' });
      items.push(...inlineLine(variation, [i, v], before, players, state));
      items.push({ kind: 'close' });
    });
    if (items.length) {
      blocks.push({ kind: 'aside', items });
      row = null;
    }
    before = ply.snapshot;
  });
  let side = before.sideToMove === players[1] ? 1 : 0;
  let number = before.moveNumber;
  for (const cell of problemCells(mainLine(o), [], state)) {
    // (A long tail is a line of its own under the rows.)
    if (cell.kind === 'unplayed-rest') {
      blocks.push({ kind: 'aside', items: [cell] });
      continue;
    }
    place(cell, side, number);
    if (side === 1) number++;
    side = 1 - side;
  }
  return blocks;
}

/** Every move of the list in reading order (for keyboard navigation within it). */
export function listedMoves(blocks) {
  const out = [];
  for (const block of blocks) {
    const cells = block.kind === 'row' ? block.cells : block.items;
    for (const cell of cells) if (cell && (cell.kind === 'ply' || cell.kind === 'error')) out.push(cell);
  }
  return out;
}

/** The whitespace-separated token of `text` containing position `at`. */
export function tokenAround(text, at) {
  if (!text) return '?';
  let s = Math.min(at, text.length);
  let e = s;
  while (s > 0 && !/\s/.test(text[s - 1])) s--;
  while (e < text.length && !/\s/.test(text[e])) e++;
  return text.slice(s, e) || '(end of line)';
}
