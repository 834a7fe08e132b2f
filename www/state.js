// The viewer's state as a plain object, and the pure functions over the
// game on screen: the tree, moving along it, what the board draws (no DOM
// here, so they can be tested under node). The game's rules are the
// module's: everything below works on what `analyze` and `moves` return.
// The controller (www/controller.js) holds the state and changes it.
//
// A node of the move tree is named by its path: [] the start, [i] ply i of
// the main line, [i, v, j] ply j of variation v of ply i, and so on.
import { gameCan } from './games.js';

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
    /** The rules of the outcome's game (the module's `games()`: GameRules), or null. */
    rules: null,
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

/**
 * The whole state of one viewer: the game on screen (initialState) and
 * everything the viewer shows around it. Plain data; the controller
 * changes it, through its named transitions only.
 */
export function viewerState({ text = '', game = 'auto', notation = 'auto', gameIndex = 0, flipped = false, readonly = false, notices = [], dropped = null } = {}) {
  return {
    ...initialState({ text, game, notation, gameIndex, flipped }),
    /** No moves on the board (the element's readonly attribute). */
    readonly,
    /** The rules module: 'loading', 'ready' or 'failed'. */
    engine: 'loading',
    /** Busy until the rules have loaded and read the text (a first view may be shown before). */
    busy: true,
    /** "Loading the rules for Congo…" while the module with every game loads; else null. */
    loading: null,
    /** The notices above the verdict: a link's problems, rules that could not load. */
    notices,
    /**
     * A text dropped that nothing else brings back (a paste over all of a text
     * the box showed part of, a link opened over a text): { said (in words),
     * text, gameIndex, path }, offered back in a notice with "Restore"; or null.
     */
    dropped,
    /** The line under the move field (why a move was refused, an edit's note); `said` counts what was said, so the same words said again are said again. */
    message: { text: '', said: 0 },
    /** The position read aloud (the speaker button), counted the same way. */
    readout: { text: '', said: 0 },
    /** The piece chosen on the board: { from, landed: [squares], candidates: moves }, or null (www/moving.js). */
    selection: null,
    /** The promotion chooser: { fen: the position it was opened on, choices: moves }, or null. */
    promotion: null,
    /** The text before each board edit ({ text, path, gameIndex }, the last 200), for Ctrl+Z. */
    undo: [],
    /** The text box (controller/text.js). */
    box: {
      /**
       * The part of the text the box holds: null for all of it, else { start, end } (UTF-16): the
       * game on screen's span, or (cut: true) the first part of a text or game too long for the box.
       */
      view: null,
      /** The box is to be written again at the next reading (the text came from elsewhere, or another game was chosen). */
      stale: false,
      /** "Show the whole text" was asked: the box holds all of it until another text comes. */
      wholeAsked: false,
      /** A long text waits for the rules, the box empty and read-only meanwhile. */
      waiting: false,
      /** The box holds what the board wrote (a move, an edit, an undo) and nothing typed since. */
      fromBoard: false,
      /** The text before a long paste the page put in the box itself ({ text, gameIndex, path }), until something else is typed. */
      pasteTaken: null,
      /** When the text was last typed in (performance.now()). */
      lastInput: -Infinity,
      /** A paste over all the box holds: a new text (set when the paste begins, read when it is in the box). */
      pasteOverAll: false,
      /** The game the box holds of the text's several: { index, count }; null when it holds no one game of several. */
      game: null,
    },
    /** The suggestion for the position on screen: { key, move, thinking, error }, or null (none asked). */
    suggestion: null,
    /** The games of a text of several, for the chooser: { text, games: [..], busy }, or null. */
    listing: null,
    /** The puzzle on screen (mode "puzzle"), or null (controller/puzzle.js). */
    puzzle: null,
    /** The position being set up in the board editor, or null (controller/setup.js). */
    setup: null,
    /** The place to open at once the rules have loaded: { path, asked (in words) }, or null once gone to. */
    placeAsked: null,
    /** Whether a notice says that a place asked for is not in the game. */
    placeNotice: false,
  };
}

// ---- the tree ----

/** The main line as a line: { comments, plies, error, unplayed, unplayedOmitted }. */
export function mainLine(outcome) {
  const { comments, plies, error, unplayed, unplayedOmitted } = outcome;
  return { comments: comments ?? [], plies, error, unplayed, unplayedOmitted: unplayedOmitted ?? 0 };
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

/**
 * The state showing `outcome` (the module's reading of `text`; `rules`: its
 * game's, from the same module's `games()`), at `path` when given.
 */
export function setOutcome(state, text, outcome, rules, path = null) {
  const next = { ...state, text, outcome, rules };
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

/** Whether the text on screen is a FEN (of a game whose positions are FENs) that gives no position: its outcome shows an empty board, with no FEN. */
export function givesNoPosition(state) {
  return gameCan(state.rules).fen && state.outcome.initial.fen === '';
}

/** Whether moves can be played on the position on screen (typed, or on the board). */
export function playable(state) {
  const o = state.outcome;
  // (Nothing to play on where a FEN gives no position.)
  return !state.readonly && !o.problem && gameCan(state.rules).moves && (!state.puzzle || !state.puzzle.done) && !givesNoPosition(state);
}

export function canSuggest(state) {
  const o = state.outcome;
  if (!o || state.errorLine) return false;
  // A problem's answer comes with the outcome.
  if (o.problem) return o.problem.mate !== null;
  return !givesNoPosition(state) && !snapshotOf(state)?.over;
}
