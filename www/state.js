// The viewer's state as a plain object, and the pure functions over it (no
// DOM here, so they can be tested under node). The game's rules are the
// module's: everything below works on what `analyze` and `moves` return.
//
// A node of the move tree is named by its path: [] the start, [i] ply i of
// the main line, [i, v, j] ply j of variation v of ply i, and so on.

export const NOTATIONS = ['auto', 'course', 'pgn'];

/** The game the page opens with when its address names none. */
export const PAGE_EXAMPLE = 'e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 Nxf7';

/** The options with which the viewer reads a text (`analyze`'s second argument). */
export function readOptions(state) {
  return { game: state.game, notation: state.notation, gameIndex: state.gameIndex, suggest: false };
}

export function initialState(overrides = {}) {
  return {
    text: '',
    game: 'auto',
    notation: 'auto',
    gameIndex: 0,
    outcome: null,
    /** The node on screen. */
    path: [],
    /**
     * When the board shows a line's failed move (on the position before it,
     * `path`): that line's prefix ([] for the main line); else null.
     */
    errorLine: null,
    flipped: false,
    /**
     * The report on the main line, as far as it is computed: { start,
     * method, plies: [ReportPly], total, done } (see the module's Reporter);
     * null when there is none.
     */
    report: null,
    ...overrides,
  };
}

// ---- the tree ----

/** The main line as a line: { comments, plies, error, unplayed }. */
export function mainLine(outcome) {
  return { comments: outcome.comments ?? [], plies: outcome.plies, error: outcome.error, unplayed: outcome.unplayed };
}

/** The line a prefix of even length names ([] the main line, [i, v] a variation of ply i, ...), or null. */
export function lineAt(outcome, prefix) {
  if (!outcome) return null;
  let line = mainLine(outcome);
  for (let k = 0; k + 1 < prefix.length; k += 2) {
    line = line.plies[prefix[k]]?.variations?.[prefix[k + 1]];
    if (!line) return null;
  }
  return prefix.length % 2 === 0 ? line : null;
}

/** The ply at `path`, or null for [] or a path naming nothing. */
export function plyAt(outcome, path) {
  if (!path.length) return null;
  return lineAt(outcome, path.slice(0, -1))?.plies[path.at(-1)] ?? null;
}

export function isNode(outcome, path) {
  return !!outcome && (path.length === 0 || plyAt(outcome, path) !== null);
}

/** The node before `path` in its line; for a variation's first move, the node before the move it replaces. */
export function parentPath(path) {
  const p = [...path];
  while (p.length) {
    const i = p.pop();
    if (i > 0) return [...p, i - 1];
    if (p.length < 2) return [];
    p.pop();
  }
  return [];
}

/** The snapshot after the node at `path`. */
export function snapshotAt(outcome, path) {
  if (!outcome) return null;
  return path.length ? plyAt(outcome, path)?.snapshot ?? null : outcome.initial;
}

/** The snapshot on screen (the position before the failed move in the error view). */
export function snapshotOf(state) {
  return snapshotAt(state.outcome, state.path);
}

/** The line holding the node on screen, and the node's place in it (-1: before its first move). */
export function lineOf(state) {
  const path = state.path;
  if (!path.length) return { prefix: [], index: -1, line: lineAt(state.outcome, []) };
  return { prefix: path.slice(0, -1), index: path.at(-1), line: lineAt(state.outcome, path.slice(0, -1)) };
}

export function samePath(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// ---- moving along the tree ----

/** Goes to the node `path` (the nearest node on it when it names nothing). */
export function goTo(state, path) {
  let p = Array.isArray(path) ? path.filter((n) => Number.isInteger(n) && n >= 0) : [];
  while (p.length && !isNode(state.outcome, p)) p = p.length % 2 === 0 ? p.slice(0, -2) : p.slice(0, -1);
  return { ...state, path: p, errorLine: null };
}

/** Shows the failed move of the line `prefix` names, on the position before it. */
export function showError(state, prefix) {
  const line = lineAt(state.outcome, prefix);
  if (!line?.error) return state;
  const before = line.plies.length ? [...prefix, line.plies.length - 1] : parentPath([...prefix, 0]);
  return { ...goTo(state, before), errorLine: [...prefix] };
}

/** Whether `path` names a line's failed move: one past the line's last ply, in a line that has one. */
export function namesError(outcome, path) {
  if (!path.length) return false;
  const line = lineAt(outcome, path.slice(0, -1));
  return !!line?.error && path.at(-1) === line.plies.length;
}

/** Goes to a place a link names: a node, or a line's failed move (see namesError). */
export function goToPlace(state, path) {
  return Array.isArray(path) && namesError(state.outcome, path) ? showError(state, path.slice(0, -1)) : goTo(state, path);
}

/** The place on screen as goToPlace takes it: the node, or one past a line's last ply at its failed move. */
export function placeOf(state) {
  if (!state.errorLine) return state.path;
  return [...state.errorLine, lineAt(state.outcome, state.errorLine)?.plies.length ?? 0];
}

/** One step along the line on screen; past its last move, the move that failed, if one did. */
export function next(state) {
  if (state.errorLine || !state.outcome) return state;
  const { prefix, index, line } = lineOf(state);
  if (index + 1 < line.plies.length) return goTo(state, [...prefix, index + 1]);
  return line.error ? showError(state, prefix) : state;
}

export function prev(state) {
  if (state.errorLine) return { ...state, errorLine: null };
  if (!state.path.length) return state;
  return goTo(state, parentPath(state.path));
}

export function first(state) {
  return goTo(state, []);
}

/** The end of the line on screen (its failed move, if it has one). */
export function last(state) {
  if (!state.outcome) return state;
  const { prefix, line } = lineOf(state);
  if (line.error) return showError(state, prefix);
  return goTo(state, line.plies.length ? [...prefix, line.plies.length - 1] : state.path);
}

/**
 * The moves that could be played instead of the one on screen: the move of
 * the line it branches from first, then each variation's first move (none
 * for a variation whose first move is a problem: no position to show).
 */
export function alternatives(state) {
  const path = state.path;
  if (!path.length) return [];
  const firstOfVariation = path.at(-1) === 0 && path.length >= 3;
  const owner = firstOfVariation ? path.slice(0, -2) : path;
  const ply = plyAt(state.outcome, owner);
  if (!ply) return [];
  const playable = ply.variations.map((variation, v) => (variation.plies.length ? [...owner, v, 0] : null));
  return [owner, ...playable.filter(Boolean)];
}

/** Switches to the previous (-1) or next (+1) alternative at the move on screen. */
export function switchAlternative(state, delta) {
  const list = alternatives(state);
  const here = list.findIndex((p) => samePath(p, state.path));
  if (list.length < 2 || here < 0) return state;
  return goTo(state, list[(here + delta + list.length) % list.length]);
}

/** Whether the board shows a position of the main line. */
export function inMainLine(state) {
  return state.path.length <= 1;
}

/** The main line's position count, for the old `ply=N` links: N plies played. */
export function plyNumber(state) {
  return state.path.length === 1 ? state.path[0] + 1 : 0;
}

export function setOutcome(state, text, outcome, path = null) {
  const next = { ...state, text, outcome };
  if (path) return goToPlace(next, path);
  // Keep the place when editing, unless it no longer exists; at the end of the main line, follow the end.
  const old = state.outcome;
  const atEnd = !old || (inMainLine(state) && (state.errorLine !== null || state.path.length === 0 && old.plies.length === 0
    || state.path[0] === old.plies.length - 1));
  if (atEnd) return last({ ...next, path: [], errorLine: null });
  return state.errorLine ? showError(goTo(next, state.path), state.errorLine) : goTo(next, state.path);
}

// ---- what the board draws ----

const SHAPE_KIND = { green: 'shape-green', red: 'shape-red', yellow: 'shape-yellow', blue: 'shape-blue' };

/** Everything the board needs to draw the position on screen. */
export function boardView(state) {
  const o = state.outcome;
  const snapshot = snapshotOf(state);
  if (!o || !snapshot) return null;
  const arrows = [];
  const circles = [];
  const ply = plyAt(o, state.path);
  const lastMove = ply ? { from: ply.from, to: ply.to, path: ply.path } : null;
  if (state.errorLine) {
    const error = lineAt(o, state.errorLine)?.error;
    if (error?.from && error?.to) arrows.push({ from: error.from, to: error.to, kind: 'error' });
  } else {
    // A move's drawings, or at the start those of the comments before the
    // first move; and those of the comments before the first move of each
    // variation that starts from this position.
    for (const shape of [...(ply ? ply.shapes : o.shapes) ?? [], ...variationShapes(o, state.path)]) {
      if (shape.to) arrows.push({ from: shape.from, to: shape.to, kind: SHAPE_KIND[shape.color] });
      else circles.push({ square: shape.from, kind: SHAPE_KIND[shape.color] });
    }
  }
  return { game: o.game, snapshot, flipped: state.flipped, lastMove, arrows, circles };
}

/** The drawings of the comments before the first move of every variation that starts from the position after `path`. */
function variationShapes(outcome, path) {
  const { prefix, index } = path.length ? { prefix: path.slice(0, -1), index: path.at(-1) } : { prefix: [], index: -1 };
  const shapes = [];
  // The alternatives of the next move, and theirs of their first move (from the same position).
  const collect = (ply) => {
    for (const v of ply?.variations ?? []) {
      shapes.push(...(v.shapes ?? []));
      collect(v.plies[0]);
    }
  };
  collect(lineAt(outcome, prefix)?.plies[index + 1]);
  return shapes;
}

/**
 * The report's proven facts on the main-line move played from the position
 * on screen, with that move's path: their better moves are drawn on it.
 */
export function reportFactsHere(state) {
  const r = state.report;
  if (!r || state.errorLine || state.path.length > 1) return { move: null, facts: [] };
  const next = state.path.length ? state.path[0] + 1 : 0;
  return { move: [next], facts: r.plies[next]?.facts ?? [] };
}

/** The report's better moves to draw on the position on screen: those of the main-line move played from it. */
export function reportArrows(state) {
  return reportFactsHere(state).facts.map((f) => ({ from: f.better.from, to: f.better.to, kind: 'better' }));
}

/** The report's evaluation of the position on screen (main line only): { eval, pv } or null. */
export function reportEval(state) {
  const r = state.report;
  if (!r || state.path.length > 1) return null;
  const at = state.path.length ? r.plies[state.path[0]] : r.start;
  return at ? { eval: at.eval, pv: at.pv } : null;
}

/** How many of each mark each player got: [{ side, '??': n, '?': n, '?!': n }] in the order of the players. */
export function reportSummary(state) {
  const o = state.outcome;
  const r = state.report;
  if (!o || !r) return [];
  const counts = o.players.map((side) => ({ side, '??': 0, '?': 0, '?!': 0 }));
  r.plies.forEach((p, i) => {
    if (!p.mark) return;
    const before = i ? o.plies[i - 1].snapshot : o.initial;
    counts[before.sideToMove === o.players[1] ? 1 : 0][p.mark] += 1;
  });
  return counts;
}

/**
 * The evaluation graph in a width x height box: the first player's chances
 * per ply (the start first), as points; and where the position on screen is.
 */
export function graphPoints(state, width, height) {
  const r = state.report;
  if (!r) return { points: [], current: null };
  const n = Math.max(r.total, 1);
  const x = (i) => (i / n) * width;
  const y = (v) => ((1 - v) / 2) * height;
  const points = [{ x: x(0), y: y(r.start?.value ?? 0), ply: 0, mark: null }];
  r.plies.forEach((p, i) => points.push({ x: x(i + 1), y: y(p.value), ply: i + 1, mark: p.mark }));
  const current = state.path.length <= 1 ? x(state.path.length ? state.path[0] + 1 : 0) : null;
  return { points, current };
}

/**
 * The ply of the evaluation graph for the position on screen (0: the
 * start): on the main line its own, in a variation the one it branches
 * from; and whether it is a variation's.
 */
export function graphPly(state) {
  const path = state.path;
  return { ply: path.length > 1 ? path[0] : path.length ? path[0] + 1 : 0, inVariation: path.length > 1 };
}

/** Whether the text is a chess FEN that gives no position: its outcome shows an empty board, with no FEN. */
export function givesNoPosition(outcome) {
  return outcome.game === 'chess' && outcome.initial.fen === '';
}

export function canSuggest(state) {
  const o = state.outcome;
  if (!o || state.errorLine) return false;
  // A problem's answer comes with the outcome.
  if (o.problem) return o.problem.mate !== null;
  return !givesNoPosition(o) && !snapshotOf(state)?.over;
}

// ---- the move list ----

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

/** The failed move of a line, and the moves after it, as cells. */
function problemCells(line, prefix, state) {
  const cells = [];
  if (line.error) {
    cells.push({
      kind: 'error', line: prefix, text: errorText(state.text, line.error), reason: line.error.reason,
      current: !!state.errorLine && samePath(state.errorLine, prefix),
    });
  }
  for (const u of line.unplayed ?? []) cells.push({ kind: 'unplayed', text: u.notation });
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
    // A move its annotator marked so is not marked again ("a6?!?!").
    cell.mark = mark && !ply.nags?.some((nag) => GLYPHS[nag] === mark) ? mark : null;
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

// ---- moving pieces: what a click or a drop means ----

/**
 * A click on `square` with `selection` (null, or { from, landed: [squares],
 * candidates: moves }) and the position's legal `moves`. Returns
 * { selection } to show, { play: move } to play one, { choose: [moves] }
 * when a promotion must be chosen, or { illegal: { from, to } } for a
 * square no move reaches. `own(square)`: whether a piece of the side to
 * move stands there; one with no legal move is still selected (with no
 * candidates), so that the square chosen next gets the rules' reason why
 * not (checkers' capture rule, a pinned piece) instead of nothing at all.
 */
export function clickSquare(moves, selection, square, own = () => false) {
  const from = (sq) => moves.filter((m) => m.path[0] === sq);
  if (!selection) {
    const candidates = from(square);
    return { selection: candidates.length || own(square) ? { from: square, landed: [square], candidates } : null };
  }
  const landed = selection.landed;
  const here = landed.at(-1);
  if (square === here) {
    // Clicking where a multi-jump stands ends the move there; on the piece itself, drops it.
    const done = selection.candidates.filter((m) => m.path.length === landed.length);
    if (landed.length > 1 && done.length) return finish(done);
    return { selection: landed.length > 1 ? selection : null };
  }
  const onward = selection.candidates.filter((m) => m.path[landed.length] === square);
  if (!onward.length) {
    if (landed.length === 1 && (from(square).length || own(square))) return clickSquare(moves, null, square, own);
    return { illegal: { from: selection.from, to: square }, selection: landed.length > 1 ? selection : null };
  }
  const reached = [...landed, square];
  const ending = onward.filter((m) => m.path.length === reached.length);
  if (ending.length === onward.length) return finish(ending);
  return { selection: { from: selection.from, landed: reached, candidates: onward } };
}

/** A piece dragged from `from` and dropped on `to`. */
export function dropPiece(moves, from, to, own = () => false) {
  const picked = clickSquare(moves, null, from, own);
  if (!picked.selection) return { selection: null };
  if (from === to) return picked;
  return clickSquare(moves, picked.selection, to, own);
}

const PROMOTION_ORDER = 'QqRrBbNnSsKk';

function finish(moves) {
  if (moves.length === 1) return { play: moves[0], selection: null };
  const ordered = [...moves].sort((a, b) => PROMOTION_ORDER.indexOf(a.promotion ?? '') - PROMOTION_ORDER.indexOf(b.promotion ?? ''));
  return { choose: ordered, selection: null };
}

/** The dots and rings for a selection: each square a candidate can land on next. */
export function targets(selection) {
  if (!selection) return [];
  const step = selection.landed.length;
  const seen = new Map();
  for (const m of selection.candidates) {
    const square = m.path[step];
    if (square && !seen.has(square)) seen.set(square, { square, capture: m.captured.length > 0 && m.path.length === step + 1 });
  }
  return [...seen.values()];
}

// ---- links ----

/** Parses the URL fragment. Bad values are reported, not thrown. */
export function parseFragment(hash) {
  const params = new URLSearchParams((hash ?? '').replace(/^#/, ''));
  const result = {
    text: null, ply: null, path: null, game: null, notation: null, gameIndex: null, flipped: false, embed: false, report: null,
    suggest: true, verdict: true, mode: 'analysis', problems: [],
  };
  if (params.has('moves')) result.text = params.get('moves');
  if (params.has('ply')) {
    const raw = params.get('ply');
    if (/^\d{1,6}$/.test(raw)) result.ply = Number(raw);
    else result.problems.push(`the link's ply "${raw}" is not a move number; showing the last position`);
  }
  if (params.has('path')) {
    const raw = params.get('path');
    if (/^\d{1,6}(\.\d{1,6}){0,200}$/.test(raw)) result.path = raw.split('.').map(Number);
    else result.problems.push(`the link's path "${raw}" is not a list of numbers; showing the last position`);
  }
  if (params.has('game')) {
    // Which games exist is the module's to say (`games()`); here only the form.
    const g = params.get('game');
    if (/^[a-z]{1,20}$/.test(g)) result.game = g;
    else result.problems.push(`the link names an unknown game "${g}"; reading the text as any game`);
  }
  if (params.has('notation')) {
    const n = params.get('notation');
    if (NOTATIONS.includes(n)) result.notation = n;
    else result.problems.push(`the link names an unknown notation "${n}"; using auto`);
  }
  if (params.has('index')) {
    const raw = params.get('index');
    if (/^\d{1,6}$/.test(raw)) result.gameIndex = Number(raw);
    else result.problems.push(`the link's game index "${raw}" is not a number; showing the first game`);
  }
  const flag = (name) => {
    if (!params.has(name)) return false;
    const v = params.get(name);
    if (v === '1' || v === 'true' || v === '') return true;
    if (v === '0' || v === 'false') return false;
    result.problems.push(`the link's ${name}=${v} should be 1 or 0`);
    return false;
  };
  result.flipped = flag('flip');
  result.embed = flag('embed');
  // The report: on the page unless report=0; in an embed only with report=1.
  result.report = params.has('report') ? flag('report') : null;
  // Quizzes: suggest=0 hides the suggestion, verdict=0 the verdict until the end; mode=puzzle.
  result.suggest = params.has('suggest') ? flag('suggest') : true;
  result.verdict = params.has('verdict') ? flag('verdict') : true;
  if (params.has('mode')) {
    const mode = params.get('mode');
    if (mode === 'puzzle' || mode === 'analysis') result.mode = mode;
    else result.problems.push(`the link's mode "${mode}" is not puzzle or analysis; showing the analysis`);
  }
  return result;
}

/**
 * The URL fragment for what `state` shows. `quiz` keeps a link's quiz and
 * report options: { report, suggest, verdict, mode } as parseFragment reads them.
 */
export function buildFragment(state, { embed = false, quiz = null } = {}) {
  const params = new URLSearchParams();
  params.set('moves', state.text);
  // At the main line's failed move, no place: a link opens at the end of
  // the game, which is that move (ply= would name the position before it).
  // At a variation's, the path one past its last ply (placeOf): the
  // path on screen names that ply, the position before the failed move.
  if (state.errorLine?.length) {
    params.set('path', placeOf(state).join('.'));
  } else if (!state.errorLine) {
    if (inMainLine(state)) params.set('ply', String(plyNumber(state)));
    else params.set('path', state.path.join('.'));
  }
  if (state.game !== 'auto') params.set('game', state.game);
  if (state.notation !== 'auto') params.set('notation', state.notation);
  if (state.gameIndex) params.set('index', String(state.gameIndex));
  if (state.flipped) params.set('flip', '1');
  if (embed) params.set('embed', '1');
  if (quiz?.report !== null && quiz?.report !== undefined) params.set('report', quiz.report ? '1' : '0');
  if (quiz?.suggest === false) params.set('suggest', '0');
  if (quiz?.verdict === false) params.set('verdict', '0');
  if (quiz?.mode === 'puzzle') params.set('mode', 'puzzle');
  // Spaces as %20 rather than +, so the link reads the same everywhere.
  return '#' + params.toString().replace(/\+/g, '%20');
}

// ---- words ----

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
 * A move as a sentence: "White knight from g1 to f3, taking the black pawn".
 * `riverBefore`: for Congo, the position before the move, so that the
 * mover's pieces the river took are named (else they vanish unexplained).
 */
export function moveSentence(ply, pieces = {}, riverBefore = null) {
  const name = (letter) => pieces[letter] ?? letter;
  let text = `${name(ply.piece)} from ${ply.from} to ${ply.to}`;
  const via = ply.path.slice(1, -1);
  if (via.length) text += ` by way of ${via.join(', ')}`;
  if (ply.captured.length) text += `, taking ${ply.captured.map((c) => `the ${name(c)}`).join(' and ')}`;
  if (ply.promotion) text += `, becoming a ${name(ply.promotion).split(' ').slice(1).join(' ') || ply.promotion}`;
  const drowned = riverBefore ? drownedBy(ply, riverBefore, pieces) : [];
  if (drowned.length) text += `; ${drowned.map(([letter, square]) => `the ${name(letter)} on ${square}`).join(' and ')} drown${drowned.length > 1 ? '' : 's'} in the river`;
  return text[0].toUpperCase() + text.slice(1);
}

/**
 * The mover's pieces a Congo move drowned, as [letter, square]: in Congo
 * the mover's own pieces leave the board only by drowning, so each one
 * missing after the move (the moving piece, from its landing square) drowned.
 */
function drownedBy(ply, before, pieces) {
  const after = ply.snapshot;
  const side = (letter) => (pieces[letter] ?? '').split(' ')[0];
  const mover = side(ply.piece);
  const cellOf = (snapshot, square) => snapshot.cells[(snapshot.height - Number(square.slice(1))) * snapshot.width + square.charCodeAt(0) - 97];
  const drowned = [];
  [...before.cells].forEach((letter, i) => {
    const square = `${String.fromCharCode(97 + (i % before.width))}${before.height - Math.floor(i / before.width)}`;
    if (square !== ply.from && side(letter) === mover && after.cells[i] !== letter) drowned.push([letter, square]);
  });
  if (side(cellOf(after, ply.to)) !== mover) drowned.push([ply.promotion ?? ply.piece, ply.to]);
  return drowned;
}

/** A sentence for people, beside the course program's exact line. */
export function friendlyVerdict(state) {
  const o = state.outcome;
  if (!o) return '';
  const who = (side) => (side ? side[0].toUpperCase() + side.slice(1) : '');
  const badMove = () => {
    for (const block of moveList(state)) {
      const cell = block.kind === 'row' && block.cells.find((c) => c?.kind === 'error');
      if (cell) return `${block.number}${block.cells[0] === cell ? '.' : '...'} ${cell.text}`;
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

/** Words for a suggestion. */
export function describeSuggestion(s, game = 'chess') {
  if (!s) return '';
  const why = {
    mate: s.mateIn === 1 ? 'mates at once' : `forces mate in ${s.mateIn}`,
    'avoids mate': s.mateIn ? `stops the opponent's mate in ${s.mateIn}` : 'does not allow a quick mate',
    'only moves': `every move allows mate; this one holds out longest${s.mateIn ? ` (mate in ${s.mateIn})` : ''}`,
    strategy: game === 'chess' ? 'best by material, then position' : "best by the course's search",
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

/** A game of a list, as the chooser names it. */
export function gameTitle(g) {
  const players = g.white || g.black ? `${g.white ?? '?'} – ${g.black ?? '?'}` : `Game ${g.index + 1}`;
  const result = g.result === '*' ? null : g.result;
  const extra = [result, [g.event, g.round && `round ${g.round}`].filter(Boolean).join(', '), g.date].filter(Boolean);
  return extra.length ? `${players} (${extra.join(' · ')})` : players;
}
