// The viewer: owns the engine, the state and the DOM of one analysis board
// (the page and the <analysis-board> element both use it). User text only
// ever enters the DOM as text nodes. The rules are the module's: the viewer
// asks it for the legal moves, plays moves through it and lets it rewrite
// the text; the text and the tree on screen are always the same game.
import { createBoard, parseSquare, pieceIcon } from './board.js';
import { OTHER_MODULE_GAMES, hasAllGames, loadAllGames, loadEngine, neededGame, startWorker as startEngineWorker } from './engine.js';
import {
  alternatives, boardView, buildFragment, canSuggest, clickSquare, describeSuggestion, dropPiece, first, friendlyVerdict,
  gameInfo, gameTitle, givesNoPosition, goTo, goToPlace, graphPly, graphPoints, initialState, isNode, last, lineAt, moveLabel, moveList,
  moveSentence, namesError, next, parentPath, placeOf, plyAt, plyLabel, prev, readOptions, reportArrows, reportEval, reportFactsHere, reportSummary, samePath, setOutcome,
  showError, snapshotAt, snapshotOf, switchAlternative, targets,
} from './state.js';

const ICONS = {
  first: 'M6 5h2v14H6zM19 5v14L9 12z',
  prev: 'M17 5v14L7 12z',
  next: 'M7 5v14l10-7z',
  last: 'M16 5h2v14h-2zM5 5v14l10-7z',
  flip: 'M7 3l-4 4h3v10h2V7h3zM17 21l4-4h-3V7h-2v10h-3z',
  read: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.47 4.47 0 0 0 2.5-4zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54z',
};

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') node.textContent = v;
    else if (k === 'class') node.className = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

function icon(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

// One suggestion worker per page, shared by every viewer on it.
let worker = null;
let workerFailed = false;
let nextId = 0;
const waiting = new Map();

function startWorker() {
  if (worker || workerFailed) return worker;
  // engine.js starts it and hands it the module compiled on the page.
  worker = startEngineWorker();
  if (!worker) {
    workerFailed = true;
    return null;
  }
  worker.onmessage = (event) => {
    const listener = reporting.get(event.data.id);
    if (listener) {
      listener(event.data);
      if (event.data.kind !== 'report-ply' && event.data.kind !== 'report-start') reporting.delete(event.data.id);
      return;
    }
    const done = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    done?.(event.data);
  };
  worker.onerror = () => {
    workerFailed = true;
    worker = null;
    for (const done of waiting.values()) done({ error: 'the suggestion worker stopped' });
    waiting.clear();
    for (const listener of reporting.values()) listener({ kind: 'report-error', error: 'the worker stopped' });
    reporting.clear();
  };
  return worker;
}

/** Reports being computed in the worker: id -> listener of its messages. */
const reporting = new Map();

/**
 * Starts the report on a game in the worker; `listener` receives its
 * messages (report-start, report-ply, report-done, report-error). Returns a
 * function that cancels it. Without a worker, no report (it would block the page).
 */
function requestReport(text, options, listener) {
  const w = startWorker();
  if (!w) {
    listener({ kind: 'report-error', error: 'this browser cannot run the report off the page' });
    return () => {};
  }
  const id = ++nextId;
  reporting.set(id, listener);
  w.postMessage({ kind: 'report', id, text, options });
  return () => {
    reporting.delete(id);
    w.postMessage({ kind: 'cancel', id });
  };
}

/** Lists the games of a PGN text in the worker (a long text takes a while); here when there is no worker. */
function requestGames(text) {
  const w = startWorker();
  if (!w) return loadEngine().then((engine) => ({ games: engine.listGames(text) }));
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ kind: 'games', id, text });
  });
}

/** Asks for a suggestion: in the worker, or (if workers are unavailable) here, after a paint. */
function requestSuggestion(fen, game) {
  const w = startWorker();
  if (!w) {
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(async () => {
      try {
        const engine = await loadEngine();
        resolve({ suggestion: engine.suggest(fen, { game }) });
      } catch (e) {
        resolve({ error: String(e?.message ?? e) });
      }
    })));
  }
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ id, fen, game });
  });
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard access is often refused inside frames: fall back to a selection.
    const area = h('textarea', { class: 'ab-offscreen', readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** Ctrl+Z (Cmd+Z), without Alt or Shift (Ctrl+Shift+Z is redo). */
const isUndoKey = (event) => (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z';

/** How long after the last key a problem in the move being typed is shown (ms). */
const TYPING_PAUSE = 1200;
/** What the empty text box says. */
const BOX_PLACEHOLDER = 'Paste a game: e4 e5 Nf3 Nc6 ..., a whole PGN, or a FEN';
/** A pasted text this long (in characters) has its games listed at once, in the worker. */
const LONG_PASTE = 20_000;
/**
 * A text of several games this long has only the game on screen in the text
 * box: Chromium takes about a second to lay out a 1 MB database in a text
 * box, at the paste and at every key typed in it.
 */
const WINDOWED_TEXT = 20_000;

/** A result the text states but the board does not show, in words. */
function statedResultSentence(result) {
  if (result === '1-0') return '1-0: Black resigned or lost on time, the text says; the position is not checkmate.';
  if (result === '0-1') return '0-1: White resigned or lost on time, the text says; the position is not checkmate.';
  return `${result}: a draw agreed or claimed, the text says; the position is not stalemate.`;
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

/**
 * A text as the text box holds it: the box turns each CR LF, and each CR
 * alone, into LF, and the marks and the selection index what it holds.
 */
function asInBox(text) {
  return text.replace(/\r\n?/g, '\n');
}

/** A message of the module without its bracketed code. */
function reason(error) {
  return String(error?.message ?? error).replace(/^\[[a-z_]+\]\s*/, '');
}

/**
 * Builds a viewer inside `container`.
 * options: { text, ply, path, flipped, game, notation, gameIndex, editor (bool), embed (bool),
 *            readonly (bool: no moves on the board), report (bool: the report on every move; default
 *            on, off in embeds and without the suggestion), suggest (bool: default true), verdict (bool: false hides the
 *            verdict until the last move is shown), mode ('puzzle': the position on screen
 *            becomes a puzzle), notices: [string], askedBy (what asked for `ply`/`path`, in a notice
 *            when the game is shorter: default "The link"), firstOutcome (what `analyze` answers for
 *            `text` with these options, computed ahead: shown until the module has loaded), onChange(state),
 *            onMove(detail), keyTarget, linkBase, shareLink(state) -> Promise<string> }
 * The root element fires "move" events (detail { notation, from, to, path, fen, text })
 * when the person plays a move on the board.
 */
export function createViewer(container, options = {}) {
  let state = initialState({
    text: asInBox(options.text ?? ''),
    game: options.game ?? 'auto',
    notation: options.notation ?? 'auto',
    gameIndex: options.gameIndex ?? 0,
    flipped: !!options.flipped,
  });
  let engine = null;
  let readonly = !!options.readonly;
  const editor = options.editor !== false;
  const listeners = [];
  const listen = (target, type, fn, opts) => {
    target.addEventListener(type, fn, opts);
    listeners.push(() => target.removeEventListener(type, fn, opts));
  };
  /** Text states before each board edit (with the game of the text edited), for Ctrl+Z. */
  const undo = [];
  /** The legal moves of the position on screen, asked for once per position. */
  let legal = { key: null, moves: [] };
  let selection = null;

  // ---- DOM ----
  // Busy until the rules module has loaded (a first view may be shown before).
  const root = h('div', { class: `ab-viewer${options.embed ? ' ab-embed' : ''}${editor ? '' : ' ab-no-editor'}`, 'aria-busy': 'true' });
  const boardBox = h('div', { class: 'ab-board' });
  const chooser = h('div', { class: 'ab-chooser', role: 'dialog', 'aria-label': 'Promote to', hidden: true });
  const boardWrap = h('div', { class: 'ab-board-wrap' }, boardBox, chooser);
  const controls = h('div', { class: 'ab-controls', role: 'toolbar', 'aria-label': 'Step through the game' });
  const buttons = {};
  for (const [action, label] of [['first', 'First position'], ['prev', 'Previous move'], ['next', 'Next move'], ['last', 'Last position'], ['flip', 'Flip the board']]) {
    const b = h('button', { type: 'button', class: `ab-btn ab-${action}`, 'aria-label': label, title: label, 'data-action': action }, icon(action));
    buttons[action] = b;
    controls.append(b);
  }
  const readButton = h('button', { type: 'button', class: 'ab-btn ab-read', 'aria-label': 'Read the position aloud', title: 'Read the position', 'data-action': 'read' }, icon('read'));
  controls.append(readButton);
  const position = h('p', { class: 'ab-position', 'aria-live': 'polite' });
  const readout = h('p', { class: 'ab-readout', 'aria-live': 'polite' });
  const moveId = `ab-move-${Math.random().toString(36).slice(2, 8)}`;
  const moveInput = h('input', {
    id: moveId, class: 'ab-move-input', type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
    placeholder: 'e.g. Nf3', 'aria-describedby': `${moveId}-help`,
  });
  const MOVE_HELP = 'Enter plays it. On the board: click a piece, then a square, or drag it.';
  const moveHelp = h('span', { id: `${moveId}-help`, class: 'ab-move-help', text: MOVE_HELP });
  const moveForm = h('form', { class: 'ab-move-form' }, h('label', { for: moveId, text: 'Play a move' }), moveInput, moveHelp);
  const moveProblem = h('p', { class: 'ab-move-problem', role: 'status' });
  const reportProgress = h('p', { class: 'ab-report-progress', role: 'status' });
  const reportEvalLine = h('p', { class: 'ab-report-eval' });
  const graph = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  graph.setAttribute('class', 'ab-graph');
  graph.setAttribute('viewBox', '0 0 600 120');
  graph.setAttribute('preserveAspectRatio', 'none');
  // A slider over the plies: one tab stop; the arrows, Home and End go along the game.
  graph.setAttribute('role', 'slider');
  graph.setAttribute('tabindex', '0');
  graph.setAttribute('aria-valuemin', '0');
  const summary = h('p', { class: 'ab-report-summary' });
  const reportMethod = h('p', { class: 'ab-report-method' });
  const reportBox = h('section', { class: 'ab-report', 'aria-label': 'Report on every move', hidden: true },
    reportProgress, reportEvalLine, graph, summary, reportMethod);
  const boardPane = h('div', { class: 'ab-board-pane' }, boardWrap, controls, position, readout, moveForm, moveProblem, reportBox);

  const textId = `ab-text-${Math.random().toString(36).slice(2, 8)}`;
  const textarea = h('textarea', {
    id: textId, class: 'ab-text', spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off', rows: '5',
    placeholder: BOX_PLACEHOLDER,
  });
  textarea.value = state.text;
  const showWhole = h('button', { type: 'button', class: 'ab-action ab-show-whole', text: 'Show the whole text' });
  const windowSays = h('span');
  const windowNote = h('p', { class: 'ab-window-note', hidden: true }, windowSays, ' ', showWhole);
  const backdrop = h('div', { class: 'ab-backdrop', 'aria-hidden': 'true' });
  const editorBox = editor
    ? h('div', { class: 'ab-editor' },
        h('label', { for: textId, class: 'ab-label', text: 'Game, moves, position or problem' }),
        h('div', { class: 'ab-field' }, backdrop, textarea),
        windowNote)
    : null;

  const notices = h('div', { class: 'ab-notices', role: 'status' });
  const loading = h('p', { class: 'ab-loading', role: 'status', hidden: true });
  const verdictLine = h('p', { class: 'ab-line' });
  const verdictText = h('p', { class: 'ab-friendly' });
  const info = h('p', { class: 'ab-info' });
  const invite = h('p', { class: 'ab-invite', hidden: true,
    text: 'Paste or type a game (e4 e5 Nf3 ..., a whole PGN), a position (a FEN), a Congo or checkers game or a chess problem; or play a move on the board.' });
  const verdict = h('div', { class: 'ab-verdict', 'aria-live': 'polite' }, invite, verdictLine, verdictText, info);
  const gameSelect = h('select', { class: 'ab-games', 'aria-label': 'Game of the text' });
  const gamePicker = h('label', { class: 'ab-game-picker', hidden: true }, h('span', { text: 'Game ' }), gameSelect);
  const suggestionBox = h('div', { class: 'ab-suggestion', 'aria-live': 'polite' });
  const moves = h('div', { class: 'ab-moves', role: 'group', 'aria-label': 'Moves' });
  const treeDelete = h('button', { type: 'button', class: 'ab-action', 'data-action': 'delete', text: 'Delete from here', hidden: true });
  const treePromote = h('button', { type: 'button', class: 'ab-action', 'data-action': 'promote', text: 'Make main line', hidden: true });
  const treeUndo = h('button', { type: 'button', class: 'ab-action', 'data-action': 'undo', text: 'Undo', hidden: true });
  const treeActions = h('div', { class: 'ab-tree-actions' }, treeDelete, treePromote, treeUndo);
  const copyFen = h('button', { type: 'button', class: 'ab-action', 'data-action': 'copy-fen', text: 'Copy FEN' });
  const copyLink = h('button', { type: 'button', class: 'ab-action', 'data-action': 'copy-link', text: 'Copy link' });
  const copyPgn = h('button', { type: 'button', class: 'ab-action', 'data-action': 'copy-pgn', text: 'Copy PGN', hidden: true });
  const copyExchange = h('button', { type: 'button', class: 'ab-action', 'data-action': 'copy-exchange', text: 'Copy exchange file', hidden: true });
  const setUp = h('button', { type: 'button', class: 'ab-action', 'data-action': 'set-up', text: 'Set up a position', hidden: true });
  const fenField = h('input', { class: 'ab-fen', readonly: true, 'aria-label': 'Position (FEN)' });
  const copied = h('output', { class: 'ab-copied' });
  const actions = h('div', { class: 'ab-actions' }, copyFen, copyLink, copyPgn, copyExchange, setUp, copied, fenField);
  const setupPanel = h('div', { class: 'ab-setup', hidden: true });
  const side = h('div', { class: 'ab-side' }, editorBox, notices, loading, verdict, gamePicker, suggestionBox, moves, treeActions, actions, setupPanel);
  root.append(boardPane, side);
  container.append(root);

  const board = createBoard(boardBox, {
    label: 'Board',
    onSquare: (square) => {
      root.dispatchEvent(new CustomEvent('square', { detail: { square }, bubbles: true, composed: true }));
      if (setup) setupSquare(square);
      else clickOn(square);
    },
    onDrop: (from, to) => {
      if (setup) setupDrop(from, to);
      else dropOn(from, to);
    },
    // A piece picked up shows where it can go, as a click on it does.
    onLift: (square) => {
      if (setup || selection?.from === square) return;
      say('');
      applyChoice(clickSquare(movable(), null, square, stuck));
    },
    // A piece that cannot move now, dragged: why, as a click on it says.
    onRefuse: (square) => {
      if (!setup) whyNotChosen(square);
    },
    canDrag: (square) => (setup ? setup.cells[indexOf(square)] !== '.' : movable().some((m) => m.path[0] === square) || stuck(square)),
  });

  // ---- the legal moves of the position on screen ----
  function movable() {
    if (puzzle) {
      if (!engine || puzzle.done || puzzle.snapshot.over) return [];
      const key = `puzzle|${puzzle.snapshot.fen}`;
      if (legal.key !== key) legal = { key, moves: safe(() => engine.moves(puzzle.snapshot.fen, { game: 'chess' }), []) };
      return legal.moves;
    }
    const o = state.outcome;
    const snapshot = snapshotOf(state);
    // At a move that went wrong the board shows the position before it: a
    // move there replaces it (as a typed one does). A text that cannot be
    // read there cannot be edited.
    if (!engine || !o || !snapshot || atUnreadableText()) return [];
    if (o.problem) {
      // Problems are studied, not played: every piece shows where it can go.
      const key = `grid|${state.text}`;
      if (legal.key !== key) legal = { key, moves: safe(() => engine.moves(state.text, { game: 'grid' }), []) };
      return legal.moves;
    }
    if (readonly || snapshot.over) return [];
    const key = `${o.game}|${snapshot.fen}`;
    if (legal.key !== key) legal = { key, moves: safe(() => engine.moves(snapshot.fen, { game: o.game }), []) };
    return legal.moves;
  }

  /**
   * Whether `square` holds a piece of the side to move that has no legal
   * move, on a board where moves are played (some piece can move).
   */
  function stuck(square) {
    const moves = movable();
    if (!moves.length || state.outcome?.problem || moves.some((m) => m.path[0] === square)) return false;
    return Boolean(pieceToMove(square));
  }

  /** The name of the piece on `square` of the position on the board ("red pawn"), else null. */
  function pieceOn(square) {
    const snapshot = puzzle ? puzzle.snapshot : snapshotOf(state);
    const at = snapshot ? parseSquare(square, snapshot.height) : null;
    return at ? snapshot.pieces?.[snapshot.cells[at.row * snapshot.width + at.col]] ?? null : null;
  }

  /** The name of the piece on `square` when it belongs to the side to move ("red pawn"), else null. */
  function pieceToMove(square) {
    const side = (puzzle ? puzzle.snapshot : snapshotOf(state))?.sideToMove;
    const name = side ? pieceOn(square) : null;
    return name?.startsWith(`${side} `) ? name : null;
  }

  /** Whether the board shows where the text cannot be read (a parse error): no move can be played there. */
  function atUnreadableText() {
    return Boolean(state.errorLine) && state.outcome?.status === 'parse_error';
  }

  /** Where the game is over on screen, the sentence that says no move can be played and why; else null. */
  function finished() {
    const reason = (puzzle ? puzzle.snapshot : snapshotOf(state))?.over?.reason;
    return reason ? `No move can be played here: ${reason}.` : null;
  }

  /**
   * Why a piece clicked (or dragged) with nothing chosen was not chosen:
   * the game is over, or it is not the side to move's (a click that chose
   * nothing said nothing). Nothing to say on a problem or a puzzle (which
   * say their own).
   */
  function whyNotChosen(square) {
    const snapshot = snapshotOf(state);
    const name = pieceOn(square);
    if (!name || puzzle || !snapshot || state.outcome?.problem || !engine) return;
    const side = snapshot.sideToMove ?? '';
    const Side = `${side.slice(0, 1).toUpperCase()}${side.slice(1)}`;
    const over = finished();
    // (movable() offers nothing there: say so, as the move field does.)
    const unreadable = atUnreadableText() ? lineAt(state.outcome, state.errorLine)?.error : null;
    if (readonly) say('Moves cannot be played on this board.');
    else if (unreadable) say(`Fix the text first: ${unreadable.reason}.`);
    else if (over) say(over);
    else if (side && !name.startsWith(`${side} `) && movable().length) say(`${Side} to move: the ${name} on ${square} is not ${Side}'s.`);
  }

  /**
   * The move the module reads from a piece taken from `from` to `to` where
   * no move of the list goes: a king onto its own rook castles (e1h1 is
   * O-O, as Chess960 programs write it, and lichess's board plays it).
   */
  function moveOnto(from, to) {
    const moves = movable();
    if (!moves.length || state.outcome?.problem || moves.some((m) => m.path[0] === from && m.path.at(-1) === to)) return null;
    try {
      const game = puzzle ? 'chess' : state.outcome.game;
      const { notation } = engine.play(shownFen(), [from, to], { game });
      return moves.find((m) => m.path[0] === from && m.notation === notation) ?? null;
    } catch {
      return null;
    }
  }

  function safe(fn, fallback) {
    try {
      return fn();
    } catch (e) {
      say(reason(e));
      return fallback;
    }
  }

  function say(text) {
    moveProblem.textContent = text;
  }

  function clickOn(square) {
    say('');
    const onto = selection?.landed.length === 1 ? moveOnto(selection.from, square) : null;
    const choice = onto ? { play: onto } : clickSquare(movable(), selection, square, stuck);
    if (!selection && !choice.selection) whyNotChosen(square);
    applyChoice(choice);
  }

  function dropOn(from, to) {
    say('');
    if (!to) {
      selection = null;
      drawBoard();
      return;
    }
    const onto = moveOnto(from, to);
    applyChoice(onto ? { play: onto } : dropPiece(movable(), from, to, stuck));
  }

  /** What a click or a drop decided: show a selection, play a move, ask for a promotion, or say why not. */
  function applyChoice(choice) {
    selection = choice.selection ?? null;
    if (selection && !selection.candidates.length) {
      say(`The ${pieceToMove(selection.from)} on ${selection.from} has no legal move here: choose a square to see why.`);
    }
    if (selection && selection.landed.length > 1) {
      const here = selection.landed.at(-1);
      const canStop = selection.candidates.some((m) => m.path.length === selection.landed.length);
      say(canStop ? `Jump on, or choose ${here} again to stop there.` : 'Jump on: the move is not finished.');
    }
    if (state.outcome?.problem) {
      // A problem: the selection shows the reach, nothing is played.
      drawBoard();
      return;
    }
    if (choice.play) (puzzle ? puzzleMove : playMove)(choice.play);
    else if (choice.choose) askPromotion(choice.choose);
    else if (choice.illegal) explainIllegal(choice.illegal);
    drawBoard();
  }

  function explainIllegal({ from, to }) {
    const snapshot = puzzle ? puzzle.snapshot : snapshotOf(state);
    try {
      engine.play(snapshot.fen, [from, to], { game: state.outcome.game });
      say(`${from}-${to} is not a move here.`);
    } catch (e) {
      say(`${from}-${to}: ${reason(e)}.`);
    }
  }

  /** The position the promotion chooser was opened on: it closes when another is shown. */
  let choosingOn = null;
  const shownFen = () => (puzzle ? puzzle.snapshot : snapshotOf(state))?.fen ?? null;

  function askPromotion(choices) {
    const snapshot = snapshotOf(state);
    choosingOn = shownFen();
    chooser.replaceChildren(h('p', { class: 'ab-chooser-title', text: 'Promote to' }));
    for (const m of choices) {
      const name = snapshot.pieces?.[m.promotion] ?? m.promotion;
      const b = h('button', { type: 'button', class: 'ab-choice', 'aria-label': name, title: name }, pieceIcon(state.outcome.game, m.promotion, name));
      b.addEventListener('click', () => {
        closeChooser();
        (puzzle ? puzzleMove : playMove)(m);
      });
      chooser.append(b);
    }
    const cancel = h('button', { type: 'button', class: 'ab-choice ab-cancel', text: 'Cancel' });
    cancel.addEventListener('click', closeChooser);
    chooser.append(cancel);
    chooser.hidden = false;
    chooser.querySelector('button')?.focus();
  }

  function closeChooser() {
    const inside = chooser.contains(root.getRootNode().activeElement);
    chooser.hidden = true;
    chooser.replaceChildren();
    if (inside) board.focusSquare(board.cursor);
  }
  listen(chooser, 'keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeChooser();
    }
    // Tab goes round the choices: leaving them would leave the chooser open
    // over the board, out of reach of Escape (Cancel and Escape close it).
    if (event.key === 'Tab') {
      const choices = [...chooser.querySelectorAll('button')];
      const at = choices.indexOf(root.getRootNode().activeElement);
      const to = event.shiftKey ? (at <= 0 ? choices.length - 1 : null) : at === choices.length - 1 ? 0 : null;
      if (to === null) return;
      event.preventDefault();
      choices[to].focus();
    }
  });

  /** Plays a legal move (from `moves`) at the position on screen: the text and the tree change together. */
  function playMove(m) {
    selection = null;
    edit({ kind: 'add', at: state.path, move: m.notation });
  }

  /** Plays a move the person typed. */
  function playTyped(text) {
    if (!text.trim()) return;
    if (puzzle) {
      try {
        const ply = engine.play(puzzle.snapshot.fen, text.trim());
        moveInput.value = '';
        puzzleMove(ply);
      } catch (e) {
        say(reason(e));
      }
      return;
    }
    if (readonly) {
      say('Moves cannot be played on this board.');
      return;
    }
    const over = movable().length ? null : finished();
    if (over) {
      say(over);
      return;
    }
    if (edit({ kind: 'add', at: state.path, move: text.trim() })) moveInput.value = '';
  }

  /** One edit of the tree, through the module; true when it was made. */
  function edit(request) {
    if (!engine || !state.outcome) return false;
    let edited;
    try {
      const read = { game: state.game, notation: state.notation, gameIndex: state.gameIndex };
      edited = engine.editGame(state.text, request, read);
      // "Make main line": a variation inside a variation is promoted until it is (one edit, for Ctrl+Z).
      while (request.kind === 'promote' && edited.path.length >= 3) {
        const again = engine.editGame(edited.text, { kind: 'promote', at: edited.path }, read);
        // (Each promote goes up a level: one that does not is the last.)
        if (again.path.length >= edited.path.length) break;
        edited = { ...again, note: edited.note ?? again.note };
      }
    } catch (e) {
      say(reason(e));
      drawBoard();
      return false;
    }
    if (edited.text !== state.text) {
      undo.push({ text: state.text, path: placeOf(state), gameIndex: state.gameIndex });
      if (undo.length > 200) undo.shift();
      setText(edited.text, edited.path);
    } else {
      state = goTo(state, edited.path);
      render();
    }
    say(edited.note ?? '');
    if (request.kind === 'add') {
      const ply = plyAt(state.outcome, state.path);
      if (ply) {
        const detail = { notation: ply.notation, from: ply.from, to: ply.to, path: state.path, fen: ply.snapshot.fen, text: state.text };
        root.dispatchEvent(new CustomEvent('move', { detail, bubbles: true, composed: true }));
        options.onMove?.(detail);
      }
    }
    return true;
  }

  function undoEdit() {
    const last = undo.pop();
    if (last) restore(last, 'Undone.');
  }

  /** Puts back a text as it was before an edit or a paste ({text, gameIndex, path}), saying `said`. */
  function restore({ text, gameIndex, path }, said) {
    // Back in the game the edit was made in, though another was chosen since.
    state = { ...state, gameIndex };
    setText(text, path);
    say(said);
  }

  /**
   * Whether the text box holds what the board wrote (a move, an edit, an
   * undo) and nothing typed since: the browser's own undo of the box knows
   * nothing of that text and would bring back the earlier paste inside it.
   */
  let textFromBoard = false;

  function setText(given, path = null) {
    const text = asInBox(given);
    textFromBoard = true;
    state = { ...state, text };
    boxStale = true;
    analyzeNow(path);
    // (Not read: the text box holds the text as it is.)
    if (boxStale) fitBox(null);
  }

  // ---- the text box: the whole text, or the game on screen ----
  /** The part of state.text the text box holds: null for all of it, else the game on screen's span (UTF-16). */
  let view = null;
  /** Whether the box is to be written again at the next reading (the text came from elsewhere than the box, or another game was chosen). */
  let boxStale = false;
  /** "Show the whole text" was asked: the box holds all of it until another text comes. */
  let wholeAsked = false;
  /** A long text waits in the box for the rules (see fitBox); the rules could not load. */
  let boxWaiting = false;
  let engineFailed = false;
  /** The text the box holds. */
  const boxText = () => (view ? state.text.slice(view.start, view.end) : state.text);
  /** The whole text, with the box's content (`value`) in its place. */
  function textFromBox(value = textarea.value) {
    if (!view) return value;
    const text = state.text.slice(0, view.start) + value + state.text.slice(view.end);
    view = { start: view.start, end: view.start + value.length };
    return text;
  }
  /**
   * The box after a reading: a long text of several games shows the game on
   * screen only (kept while it is typed in, as long as the game read is
   * inside it), any other all of it.
   */
  function fitBox(o) {
    // A long text that came before the rules waits for them, the box empty
    // and read-only meanwhile: laid out whole (a second or more for a
    // database) it would be cut to its game a moment later.
    if (!o && !engine && !engineFailed && editorBox && !wholeAsked && state.text.length > WINDOWED_TEXT) {
      boxStale = false;
      boxWaiting = true;
      view = { start: 0, end: 0 };
      textarea.value = '';
      textarea.readOnly = true;
      textarea.placeholder = 'The text comes here once the rules have loaded…';
      windowNote.hidden = false;
      showWhole.hidden = true;
      windowSays.textContent = `The text (${state.text.length.toLocaleString('en')} characters) is shown here once the rules have loaded.`;
      return;
    }
    const stale = boxStale || boxWaiting;
    boxStale = false;
    if (boxWaiting) {
      boxWaiting = false;
      textarea.readOnly = false;
      textarea.placeholder = BOX_PLACEHOLDER;
      showWhole.hidden = false;
    }
    const chess = o?.chess;
    const windowed = !!editorBox && !wholeAsked && state.text.length > WINDOWED_TEXT && (chess?.gamesInText ?? 1) > 1;
    let next = null;
    if (windowed) {
      const inside = view && !stale && chess.gameStart >= view.start && chess.gameEnd <= view.end;
      next = inside ? view : { start: chess.gameStart, end: chess.gameEnd };
    }
    windowNote.hidden = !next;
    if (next) {
      const n = chess.gamesInText.toLocaleString('en');
      windowSays.textContent = `The box holds game ${(chess.gameIndex + 1).toLocaleString('en')} of the text's ${n} (choose another under Game); the others are kept as they are.`;
    }
    if (!stale && next === view) return;
    const caret = textarea.selectionStart + (view?.start ?? 0);
    view = next;
    const text = boxText();
    if (textarea.value === text) return;
    textarea.value = text;
    // The caret stays where it was in the text (or as near as the box allows).
    if (root.getRootNode().activeElement === textarea) {
      const at = Math.min(Math.max(caret - (view?.start ?? 0), 0), text.length);
      textarea.setSelectionRange(at, at);
    }
  }
  listen(showWhole, 'click', () => {
    wholeAsked = true;
    boxStale = true;
    fitBox(state.outcome);
    renderBackdrop();
    textarea.focus();
  });

  // ---- puzzles (mode: 'puzzle') ----
  const puzzleBox = h('section', { class: 'ab-puzzle', 'aria-label': 'Puzzle', hidden: true });
  const puzzleText = h('p', { class: 'ab-puzzle-task', 'aria-live': 'polite' });
  const puzzleNote = h('p', { class: 'ab-puzzle-note', role: 'status' });
  const puzzleButton = (text, action) => {
    const b = h('button', { type: 'button', class: 'ab-action', text, 'data-puzzle': action });
    listen(b, 'click', () => puzzleAction(action));
    return b;
  };
  puzzleBox.append(puzzleText, puzzleNote,
    h('div', { class: 'ab-setup-row' }, puzzleButton('Hint', 'hint'), puzzleButton('Show the solution', 'solution'), puzzleButton('Start again', 'again')));
  boardPane.append(puzzleBox);
  /**
   * The puzzle on screen: { kind: 'mate' | 'line', start, snapshot, lastMove, line (the
   * moves expected, for a line), at, info (for a mate), done, hint } or null.
   */
  let puzzle = null;

  /** Makes the position on screen a puzzle for the side to move. */
  function startPuzzle() {
    const o = state.outcome;
    const snapshot = snapshotOf(state);
    if (!o || !snapshot || o.game !== 'chess') {
      puzzle = null;
      say(o && o.game !== 'chess' ? 'Puzzles are chess positions.' : '');
      return;
    }
    const line = state.path.length <= 1 ? o.plies.slice(state.path.length ? state.path[0] + 1 : 0) : [];
    const info = line.length ? null : safe(() => engine.puzzle(snapshot.fen), null);
    puzzle = { kind: line.length ? 'line' : 'mate', start: snapshot, snapshot, lastMove: null, line, at: 0, info, done: false, hint: null };
    if (!line.length && !info?.mateIn) puzzle.done = true;
    puzzleNote.textContent = '';
    renderPuzzle();
  }

  function renderPuzzle() {
    puzzleBox.hidden = !puzzle;
    if (!puzzle) return;
    const side = puzzle.start.sideToMove ?? '';
    const who = side[0]?.toUpperCase() + side.slice(1);
    puzzleText.textContent = puzzle.kind === 'line'
      ? `${who} to move: find the move played in the game${puzzle.line.length > 2 ? ', and the ones after it' : ''}.`
      : puzzle.info?.mateIn ? `${who} to move: find the mate in ${puzzle.info.mateIn}.` : 'This position has no forced mate in 3 and no game to follow: there is nothing to solve.';
    for (const b of puzzleBox.querySelectorAll('button')) b.disabled = b.dataset.puzzle !== 'again' && (puzzle.done || (!puzzle.line.length && !puzzle.info?.mateIn));
  }

  /** A move played in the puzzle: right (the board answers), solved, or taken back with the reason. */
  function puzzleMove(m) {
    selection = null;
    puzzle.hint = null;
    if (puzzle.kind === 'line') {
      const expected = puzzle.line[puzzle.at];
      if (m.notation !== expected.notation) {
        puzzleNote.textContent = `${m.notation} is not the move played in the game. Try again.`;
        drawBoard();
        return;
      }
      advance(expected);
      const reply = puzzle.line[puzzle.at];
      if (reply) advance(reply);
      finishIf(puzzle.at >= puzzle.line.length, `${m.notation} is right.`);
      return;
    }
    let step;
    try {
      step = engine.puzzleMove(puzzle.snapshot.fen, m.notation);
    } catch (e) {
      puzzleNote.textContent = reason(e);
      return;
    }
    if (step.result === 'wrong') {
      puzzleNote.textContent = `${step.ply.notation}: ${step.reason}. Try again.`;
      drawBoard();
      return;
    }
    advance(step.ply);
    if (step.reply) advance(step.reply);
    finishIf(step.result === 'solved', `${step.ply.notation} is right${step.reply ? `; ${step.reply.notation} holds out longest` : ''}.`);
  }

  function advance(ply) {
    puzzle.snapshot = ply.snapshot;
    puzzle.lastMove = { from: ply.from, to: ply.to, path: ply.path };
    puzzle.at += 1;
    showFen();
  }

  function finishIf(done, text) {
    puzzle.done = done;
    puzzleNote.textContent = done ? 'Solved!' : text;
    renderPuzzle();
    // Solved: nothing is left to play (the move field goes), and the line under the board says so.
    if (done) render();
    else drawBoard();
  }

  function puzzleAction(action) {
    if (action === 'again') {
      startPuzzle();
      render();
      return;
    }
    if (puzzle.kind === 'line') {
      const rest = puzzle.line.slice(puzzle.at).map((p) => p.notation);
      if (action === 'hint') puzzle.hint = puzzle.line[puzzle.at]?.from ?? null;
      else puzzleNote.textContent = `The game went: ${rest.join(' ')}.`;
    } else {
      const info = safe(() => engine.puzzle(puzzle.snapshot.fen), null);
      if (action === 'hint') puzzle.hint = info?.hint ?? null;
      else puzzleNote.textContent = info?.solution.length ? `The solution: ${info.solution.join(' ')}.` : '';
    }
    if (action === 'hint' && puzzle.hint) puzzleNote.textContent = `Hint: move the piece on ${puzzle.hint}.`;
    drawBoard();
  }

  // ---- the board editor (chess positions) ----
  let setup = null;
  const PALETTE = 'KQRBNPkqrbnp';
  const indexOf = (square) => (8 - Number(square.slice(1))) * 8 + (square.charCodeAt(0) - 97);

  function openSetup() {
    const snapshot = snapshotOf(state);
    const fen = state.outcome?.game === 'chess' ? snapshot.fen : 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const view = safe(() => engine.positionSetup(fen), null);
    if (!view) return;
    setup = {
      ...view, moveNumberText: String(view.fullmoves), brush: 'P', problems: [],
      pieces: state.outcome?.game === 'chess' ? snapshot.pieces : engine.analyze('', { game: 'chess', suggest: false }).initial.pieces,
    };
    selection = null;
    const fromButton = root.getRootNode().activeElement === setUp;
    checkSetup();
    render();
    // (On one column the button is hidden while setting up: the focus goes to the piece to place.)
    if (fromButton) setupPanel.querySelector('.ab-chosen')?.focus();
  }

  function setupSquare(square) {
    const i = indexOf(square);
    const cells = [...setup.cells];
    cells[i] = cells[i] === setup.brush ? '.' : setup.brush === 'x' ? '.' : setup.brush;
    setup = { ...setup, cells: cells.join(''), halfmoves: 0 };
    checkSetup();
  }

  function setupDrop(from, to) {
    const cells = [...setup.cells];
    const piece = cells[indexOf(from)];
    cells[indexOf(from)] = '.';
    if (to) cells[indexOf(to)] = piece;
    setup = { ...setup, cells: cells.join(''), halfmoves: 0 };
    checkSetup();
  }

  /**
   * Checks the position being set up and shows it. `panel`: draw the panel
   * anew; a field's own change needs only the problems under it (the field
   * already shows its value, and a panel drawn anew while Tab leaves the
   * field would drop the focus to the page).
   */
  function checkSetup(panel = true) {
    let written;
    try {
      written = engine.writePosition(setupView());
    } catch (e) {
      // A field that makes no FEN (an en passant square that is no square) is
      // a problem of the position like the others, said without the place in
      // a FEN the person never wrote; the position cannot be used.
      written = { fen: '', problems: [reason(e).replace(/^bad FEN at character \d+: /, '')] };
    }
    setup.problems = moveNumberOf(setup.moveNumberText) ? written.problems : [...written.problems, 'the move number must be a whole number from 1'];
    // (An impossible position has no FEN to copy.)
    setup.fen = setup.problems.length ? '' : written.fen;
    showFen();
    if (panel) renderSetup();
    else setupPanel.querySelector('.ab-setup-problems')?.replaceChildren(...setupProblems());
    drawBoard();
  }

  function setupView() {
    const { cells, sideToMove, castling, enPassant, halfmoves, fullmoves } = setup;
    return { cells, sideToMove, castling, enPassant, halfmoves, fullmoves };
  }

  /** The move number a text in the editor's field names, or null for none (a FEN's is 1 to 2^32 - 1). */
  function moveNumberOf(text) {
    const n = /^\d{1,10}$/.test(text) ? Number(text) : 0;
    return n >= 1 && n <= 0xffffffff ? n : null;
  }

  function choosePiece(ch) {
    setup = { ...setup, brush: ch };
    renderSetup();
    setupPanel.querySelector(`[data-piece="${ch}"]`)?.focus();
  }

  const setupProblems = () => setup.problems.map((p) => h('li', { text: `Impossible: ${p}.` }));

  function renderSetup() {
    if (!setup) {
      setupPanel.hidden = true;
      setupPanel.replaceChildren();
      return;
    }
    setupPanel.hidden = false;
    // The panel is drawn anew: the control in use gets the focus back afterwards.
    const controls = () => [...setupPanel.querySelectorAll('button, input, select')];
    const inUse = controls().indexOf(root.getRootNode().activeElement);
    // A field's change, unless the editor has closed: a field that has the
    // focus when Escape closes the editor reports its change as it goes.
    const changed = (field, fn) => field.addEventListener('change', () => {
      if (setup) fn();
    });
    const palette = h('div', { class: 'ab-palette', role: 'radiogroup', 'aria-label': 'Piece to place' });
    for (const ch of [...PALETTE, 'x']) {
      const name = ch === 'x' ? 'Remove a piece' : setup.pieces[ch];
      const b = h('button', {
        type: 'button', class: `ab-swatch${setup.brush === ch ? ' ab-chosen' : ''}`, role: 'radio', 'aria-checked': String(setup.brush === ch),
        'aria-label': name, title: name, 'data-piece': ch,
      }, ch === 'x' ? h('span', { text: '✕', 'aria-hidden': 'true' }) : pieceIcon('chess', ch, name));
      // A radio group: one tab stop, the piece chosen; the arrows choose another.
      b.tabIndex = setup.brush === ch ? 0 : -1;
      b.addEventListener('click', () => choosePiece(ch));
      palette.append(b);
    }
    palette.addEventListener('keydown', (event) => {
      const all = [...PALETTE, 'x'];
      const at = all.indexOf(setup.brush);
      const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
      if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      choosePiece(all[(to + all.length) % all.length]);
    });
    const sideSelect = h('select', { 'aria-label': 'Side to move' },
      h('option', { value: 'white', text: 'White to move' }), h('option', { value: 'black', text: 'Black to move' }));
    sideSelect.value = setup.sideToMove;
    changed(sideSelect, () => {
      setup = { ...setup, sideToMove: sideSelect.value };
      checkSetup(false);
    });
    const rights = h('fieldset', { class: 'ab-castling' }, h('legend', { text: 'Castling' }));
    for (const [flag, label] of [['K', 'White O-O'], ['Q', 'White O-O-O'], ['k', 'Black O-O'], ['q', 'Black O-O-O']]) {
      const box = h('input', { type: 'checkbox', 'data-right': flag });
      box.checked = setup.castling.includes(flag);
      changed(box, () => {
        const kept = 'KQkq'.split('').filter((f) => (f === flag ? box.checked : setup.castling.includes(f))).join('');
        setup = { ...setup, castling: kept || '-' };
        checkSetup(false);
      });
      rights.append(h('label', {}, box, ` ${label}`));
    }
    const ep = h('input', { type: 'text', class: 'ab-ep', size: '3', 'aria-label': 'En passant square', placeholder: '-' });
    ep.value = setup.enPassant ?? '';
    changed(ep, () => {
      setup = { ...setup, enPassant: ep.value.trim() || null };
      checkSetup(false);
    });
    const button = (text, action) => {
      const b = h('button', { type: 'button', class: 'ab-action', text, 'data-setup': action });
      b.addEventListener('click', action);
      return b;
    };
    // The move number the new position starts from (the halfmove clock is the
    // position's own until a piece changes, then 0: no moves led to it).
    const number = h('input', { type: 'text', inputmode: 'numeric', class: 'ab-move-number', size: '4', 'aria-label': 'Move number' });
    number.value = setup.moveNumberText;
    changed(number, () => {
      const text = number.value.trim();
      setup = { ...setup, moveNumberText: text, fullmoves: moveNumberOf(text) ?? setup.fullmoves };
      checkSetup(false);
    });
    const problems = h('ul', { class: 'ab-setup-problems', role: 'status' }, ...setupProblems());
    setupPanel.replaceChildren(
      h('p', { class: 'ab-label', text: 'Set up a position: choose a piece, then click squares (click again to remove); drag pieces to move them or off the board to remove them.' }),
      palette,
      h('div', { class: 'ab-setup-row' }, sideSelect, h('label', {}, 'Move ', number), h('label', {}, 'En passant ', ep)),
      rights,
      problems,
      h('div', { class: 'ab-setup-row' },
        button('Clear', () => { setup = { ...setup, cells: '.'.repeat(64), castling: '-', enPassant: null, halfmoves: 0 }; checkSetup(); }),
        button('Start position', () => {
          const start = engine.positionSetup('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
          setup = { ...setup, ...start, moveNumberText: String(start.fullmoves) };
          checkSetup();
        }),
        button('Use this position', () => {
          checkSetup();
          if (setup.problems.length) {
            say('Fix the position first: it cannot be played from.');
            return;
          }
          const fen = setup.fen;
          say('');
          closeSetup();
          undo.push({ text: state.text, path: placeOf(state), gameIndex: state.gameIndex });
          // The position is a game of its own: no longer one game of the old text's several (Ctrl+Z goes back to that one).
          state = { ...state, gameIndex: 0 };
          setText(fen, []);
        }),
        button('Cancel', closeSetup)),
    );
    if (inUse >= 0) controls()[inUse]?.focus();
  }

  function closeSetup() {
    const inside = setupPanel.contains(root.getRootNode().activeElement);
    setup = null;
    renderSetup();
    render();
    if (inside) setUp.focus();
  }

  // Escape in the editor is its Cancel (which asks nothing: the button
  // reopens it). Not while a field composes text, nor a key already used
  // (an open list of a <select> keeps its Escape to itself).
  listen(setupPanel, 'keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented || !setup) return;
    event.preventDefault();
    closeSetup();
  });

  // ---- the report on every move ----
  // Without the suggestion (a quiz) no report either, unless asked: its better moves are answers.
  const reportWanted = options.report ?? (!options.embed && options.suggest !== false);
  let reportKey = null;
  let cancelReport = () => {};
  let reportRendered = 0;
  let marksTimer = 0;
  function showMarks() {
    reportRendered = performance.now();
    renderMoves();
    drawBoard();
    // The better move of the position shown, in words, once its fact has come.
    const words = setup ? position.textContent : describePosition();
    if (position.textContent !== words) position.textContent = words;
  }

  /** Starts (or keeps) the report on the game on screen, in the worker. */
  function startReport() {
    const o = state.outcome;
    const key = o && !o.problem && o.plies.length ? `${o.game}|${state.notation}|${state.gameIndex}|${state.text}` : null;
    if (!reportWanted || options.mode === 'puzzle' || key === reportKey) return;
    cancelReport();
    reportKey = key;
    // The method of the report before (the same for a game of the same kind) stays until the new one says its own.
    const method = state.report?.method ?? null;
    state = { ...state, report: null };
    if (!key) return;
    const report = { start: null, method, plies: [], total: 0, done: false, error: null };
    state = { ...state, report };
    cancelReport = requestReport(state.text, { game: o.game, notation: state.notation, gameIndex: state.gameIndex }, (message) => {
      if (reportKey !== key) return;
      const r = { ...state.report };
      if (message.kind === 'report-start') Object.assign(r, { start: message.start, method: message.method, total: message.total });
      else if (message.kind === 'report-ply') r.plies = [...r.plies, message.ply];
      else if (message.kind === 'report-done') r.done = true;
      else if (message.kind === 'report-error') Object.assign(r, { done: true, error: message.error });
      state = { ...state, report: r };
      renderReport();
      // The marks in the move list: at most every 200 ms while the report runs
      // (the last ones 200 ms after the one before, if no other message comes), and at its end.
      clearTimeout(marksTimer);
      const wait = r.done ? 0 : reportRendered + 200 - performance.now();
      if (wait <= 0) showMarks();
      else marksTimer = setTimeout(showMarks, wait);
    });
  }

  function renderReport() {
    const r = state.report;
    reportBox.hidden = !r || !!puzzle;
    if (!r) return;
    const shown = r.plies.length;
    reportProgress.textContent = r.error
      ? `No report: ${r.error}.`
      : r.done ? `Report on ${shown} move${shown === 1 ? '' : 's'}.` : `Report: ${shown} of ${r.total || '…'} moves…`;
    reportBox.setAttribute('aria-busy', String(!r.done));
    const here = reportEval(state);
    reportEvalLine.textContent = here?.eval
      ? `Evaluation: ${here.eval}${here.pv?.length ? `; best line: ${here.pv.join(' ')}` : ''}`
      : here && r.plies.length ? '' : '';
    summary.textContent = reportSummary(state)
      .map((c) => `${c.side[0].toUpperCase()}${c.side.slice(1)}: ${c['??']} ??, ${c['?']} ?, ${c['?!']} ?!`)
      .join(' · ');
    reportMethod.textContent = r.method ? `Evaluations: ${r.method.text}.${r.method.proven ? ' The facts under the moves are proven.' : ''}` : '';
    drawGraph();
  }

  function drawGraph() {
    const W = 600;
    const H = 120;
    const { points, current } = graphPoints(state, W, H);
    const svg = (tag, attrs) => {
      const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
      return node;
    };
    // The first player's share below the line, the second's above it.
    const parts = [svg('rect', { x: 0, y: 0, width: W, height: H, class: 'ab-graph-second' })];
    if (points.length > 1) {
      const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
      parts.push(svg('polygon', { points: `0,${H} ${line} ${points.at(-1).x.toFixed(1)},${H}`, class: 'ab-graph-first' }));
      parts.push(svg('polyline', { points: line, class: 'ab-graph-line' }));
    }
    parts.push(svg('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'ab-graph-mid' }));
    if (current !== null) parts.push(svg('line', { x1: current, y1: 0, x2: current, y2: H, class: 'ab-graph-here' }));
    for (const p of points) {
      if (!p.mark) continue;
      const kind = { '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' }[p.mark];
      const dot = svg('circle', { cx: p.x, cy: p.y, r: 4.5, class: `ab-graph-${kind}`, 'data-ply': p.ply });
      const title = svg('title', {});
      title.textContent = `${state.report.plies[p.ply - 1].notation} ${p.mark}`;
      dot.append(title);
      parts.push(dot);
    }
    graph.replaceChildren(...parts);
    const r = state.report;
    const marks = (r?.plies ?? []).filter((p) => p.mark).length;
    graph.setAttribute('aria-label', `Evaluation graph over ${Math.max(points.length - 1, 0)} moves, ${marks} marked`);
    // The slider's value: the ply on screen (in a variation, the one it branches from), said with its mark and evaluation.
    const { ply, inVariation } = graphPly(state);
    const shown = ply ? r?.plies[ply - 1] : r?.start;
    const what = ply ? `${plyLabel(state.outcome, [ply - 1])}${shown?.mark ? ` ${shown.mark}` : ''}` : 'Start position';
    graph.setAttribute('aria-valuemax', String(lastGraphPly()));
    graph.setAttribute('aria-valuenow', String(ply));
    graph.setAttribute('aria-valuetext', `${inVariation ? 'In a variation from ' : ''}${what}${shown?.eval ? `, evaluation ${shown.eval}` : ''}`);
  }

  /** The last ply of the graph: the game's (its line is drawn as far as the report has come). */
  const lastGraphPly = () => state.outcome?.plies.length ?? 0;

  function goToGraphPly(ply) {
    const to = Math.max(0, Math.min(ply, lastGraphPly()));
    state = goTo(state, to > 0 ? [to - 1] : []);
    selection = null;
    render();
  }

  listen(graph, 'click', (event) => {
    const r = state.report;
    if (!r?.total) return;
    const box = graph.getBoundingClientRect();
    const ply = Math.round(((event.clientX - box.left) / box.width) * Math.max(r.total, 1));
    state = goTo(state, ply > 0 ? [Math.min(ply, state.outcome.plies.length) - 1] : []);
    selection = null;
    render();
  });
  listen(graph, 'keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !state.report) return;
    const { ply, inVariation } = graphPly(state);
    // (From a variation, Left goes to the ply it branches from.)
    const to = { ArrowLeft: inVariation ? ply : ply - 1, ArrowDown: inVariation ? ply : ply - 1, ArrowRight: ply + 1, ArrowUp: ply + 1, Home: 0, End: Infinity }[event.key];
    if (to === undefined) return;
    // The graph's keys are its own, not the game's steps along the line on screen.
    event.preventDefault();
    event.stopPropagation();
    goToGraphPly(to);
  });

  // ---- rendering ----
  /** The longest text whose marks (the current move, the error) are drawn behind it. */
  const MIRRORED_TEXT_LIMIT = 100_000;
  function showNotices(list) {
    notices.replaceChildren(...list.map((text) => h('p', { class: 'ab-notice', text })));
  }

  function renderBackdrop() {
    if (!editorBox) return;
    const text = boxText();
    const offset = view?.start ?? 0;
    // A text this long costs the browser a layout of its own (hundreds of
    // milliseconds for a 1 MB PGN) each time the marks move: not mirrored.
    if (text.length > MIRRORED_TEXT_LIMIT) {
      backdrop.replaceChildren();
      return;
    }
    const o = state.outcome;
    const parts = [];
    let at = 0;
    const mark = (wholeStart, wholeEnd, cls) => {
      const start = wholeStart - offset;
      const end = wholeEnd - offset;
      if (start < at || end > text.length) return;
      parts.push(document.createTextNode(text.slice(at, start)));
      // A zero-width problem (the end of the text) still gets a visible mark.
      parts.push(h('mark', { class: cls, text: end > start ? text.slice(start, end) : ' ' }));
      at = Math.max(end, start);
    };
    const marks = [];
    const current = o && !state.errorLine ? plyAt(o, state.path) : null;
    if (current) marks.push([current.start, current.end, 'ab-mark-current']);
    const shownError = state.errorLine ? lineAt(o, state.errorLine)?.error : null;
    if (shownError && shownError !== o?.error) marks.push([shownError.start, shownError.end, 'ab-mark-error']);
    if (o?.error) marks.push([o.error.start, o.error.end, 'ab-mark-error']);
    marks.sort((a, b) => a[0] - b[0]);
    for (const [start, end, cls] of marks) mark(start, end, cls);
    parts.push(document.createTextNode(text.slice(at) + '\n'));
    backdrop.replaceChildren(...parts);
    // Read the text box's scroll at the next frame, when the page is laid out anyway.
    requestAnimationFrame(() => {
      backdrop.scrollTop = textarea.scrollTop;
    });
  }

  function cellLabel(cell) {
    if (cell.kind === 'error') return `${cell.text}, the move with the problem: ${cell.reason}`;
    // The name says all the button shows: the label replaces its text for a screen reader.
    const glyphs = cell.glyphs ? ` ${cell.glyphs}` : '';
    const clock = cell.clock ? `, clock ${cell.clock}` : '';
    const evaluation = cell.eval ? `, evaluation ${cell.eval}` : '';
    const marked = cell.mark ? `, marked ${cell.mark} by the report` : '';
    return `${moveLabel(cell)}${glyphs}${clock}${evaluation}${marked}`;
  }

  function cellButton(cell, extra = '') {
    const b = h('button', {
      type: 'button', tabindex: '-1',
      class: `ab-move${extra}${cell.kind === 'error' ? ' ab-bad' : ''}${cell.current ? ' ab-current' : ''}`,
      'data-path': cell.kind === 'error' ? null : cell.path.join('.'),
      'data-error-line': cell.kind === 'error' ? cell.line.join('.') : null,
      'aria-label': cellLabel(cell),
      'aria-current': cell.current ? 'step' : null,
    });
    if (cell.label) b.append(h('span', { class: 'ab-num-inline', text: `${cell.label} ` }));
    b.append(h('span', { class: 'ab-san', text: cell.text }));
    if (cell.glyphs) b.append(h('span', { class: 'ab-glyphs', text: cell.glyphs }));
    if (cell.mark) b.append(markSpan(cell.mark));
    if (cell.clock) b.append(h('span', { class: 'ab-clock', text: cell.clock }));
    if (cell.eval) b.append(h('span', { class: 'ab-eval', text: cell.eval }));
    return b;
  }

  const markSpan = (mark) => h('span', { class: `ab-report-mark ab-mark-${{ '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' }[mark]}`, text: mark });

  /**
   * Puts the report's marks on a block's buttons in place: a button pressed
   * while a mark arrives must stay the same element, or the click is lost
   * (the press and the release would land on different elements).
   */
  function markBlock(element, block) {
    const cells = (block.kind === 'row' ? block.cells : block.items).filter((c) => c?.path && c.kind !== 'error');
    for (const cell of cells) {
      const b = element.querySelector(`.ab-move[data-path="${cell.path.join('.')}"]`);
      const shown = b?.querySelector('.ab-report-mark');
      if (!b || (shown?.textContent ?? null) === (cell.mark ?? null)) continue;
      shown?.remove();
      if (cell.mark) b.insertBefore(markSpan(cell.mark), b.querySelector('.ab-clock, .ab-eval'));
      b.setAttribute('aria-label', cellLabel(cell));
    }
  }

  /** The outcome and text the move list was built for: moving along the tree only moves the highlight. */
  let listedFor = null;
  /** The move and outcome the list was last scrolled to show, where it scrolled it, and whether it has moved since. */
  let scrolledFor = {};
  let scrolledTo = 0;
  let scrolledByHand = false;
  listen(moves, 'scroll', () => {
    if (moves.scrollTop !== scrolledTo) scrolledByHand = true;
  });

  function renderMoves() {
    const active = root.getRootNode().activeElement ?? document.activeElement;
    const hadFocus = !!active && moves.contains(active);
    const o = state.outcome;
    const reported = `${state.report?.plies.length ?? 0}${state.report?.done ? ' done' : ''}`;
    if (listedFor?.outcome !== o || listedFor?.text !== state.text || listedFor?.reported !== reported) {
      listedFor = { outcome: o, text: state.text, reported };
      buildMoves();
    }
    // The highlight and the one tab stop: the current move (or the first).
    const here = state.errorLine ? `error:${state.errorLine.join('.')}` : state.path.join('.');
    let current = null;
    const all = moves.querySelectorAll('.ab-move');
    for (const b of all) {
      const key = b.dataset.errorLine !== undefined ? `error:${b.dataset.errorLine}` : b.dataset.path;
      const on = key === here;
      if (on) current = b;
      if (on !== b.classList.contains('ab-current')) {
        b.classList.toggle('ab-current', on);
        if (on) b.setAttribute('aria-current', 'step');
        else b.removeAttribute('aria-current');
      }
    }
    // One tab stop: touch only the buttons whose stop changes.
    const stop = current ?? all[0];
    for (const b of moves.querySelectorAll('.ab-move[tabindex="0"]')) if (b !== stop) b.tabIndex = -1;
    if (stop && stop.tabIndex !== 0) stop.tabIndex = 0;
    // The current move's proven facts follow it in the Tab order (few: a fact is a mistake's).
    for (const f of moves.querySelectorAll('.ab-fact')) {
      const tab = f.dataset.move === here ? 0 : -1;
      if (f.tabIndex !== tab) f.tabIndex = tab;
    }
    // (A fact of the current move keeps the focus it has.)
    // (With no move left, an undo back to a bare position, the step buttons take it: not the page's body.)
    if (hadFocus && !(active.classList.contains('ab-fact') && active.isConnected && active.tabIndex === 0)) (stop ?? buttons.next).focus({ preventScroll: true });
    // Scroll the list only (never the page around it) to keep the current
    // move in view, at the next frame, when the page is laid out anyway:
    // when another move or game is shown, or the list changed (the report's
    // facts) unless the person has scrolled it by hand meanwhile.
    const shown = { here, outcome: o };
    const moved = shown.here !== scrolledFor.here || shown.outcome !== scrolledFor.outcome;
    scrolledFor = shown;
    if (moved) scrolledByHand = false;
    // At the start no move is current: the list goes back to its top (the
    // comment before the first move, the first moves), as it does on lichess.
    if (!current && here === '' && moved) {
      requestAnimationFrame(() => {
        moves.scrollTop = 0;
        scrolledTo = moves.scrollTop;
      });
    }
    if (current && !scrolledByHand) {
      requestAnimationFrame(() => {
        // (A scroll by hand is known at the frame: its event comes before this.)
        if (!current.isConnected || (scrolledByHand && !moved)) return;
        // (The list contains its layout: it is its moves' offsetParent, so measure on screen.)
        const top = current.getBoundingClientRect().top - moves.getBoundingClientRect().top + moves.scrollTop;
        if (top < moves.scrollTop + 24) moves.scrollTop = Math.max(0, top - 24);
        else if (top + current.offsetHeight > moves.scrollTop + moves.clientHeight) moves.scrollTop = top + current.offsetHeight - moves.clientHeight + 8;
        scrolledTo = moves.scrollTop;
      });
    }
  }

  /**
   * The elements of the move list's blocks, by what they show: a block that
   * looks the same as before keeps its element, so a move added at the end
   * of a long game builds one row, not the whole list.
   */
  let blockElements = new Map();

  /** What a block shows, as a key (the current move and the report's marks are put on apart). */
  function blockKey(block) {
    const cell = (c) => (c ? [c.kind, c.text, c.path?.join('.') ?? c.line?.join('.'), c.label, c.glyphs, c.clock, c.eval, c.number, c.first, c.reason].join('\u0001') : '-');
    const items = block.kind === 'row' ? block.cells : block.items;
    return `${block.kind}|${block.number ?? ''}|${items.map((i) => (i && i.kind === 'fact' ? `fact\u0001${i.text}\u0001${i.move.join('.')}` : i && i.kind === 'comment' ? `comment\u0001${i.text}` : cell(i))).join('\u0002')}`;
  }

  /** The move list's elements, for the outcome on screen. */
  function buildMoves() {
    const blocks = moveList({ ...state, path: [], errorLine: null });
    const o = state.outcome;
    const [firstName, secondName] = o?.players ?? ['', ''];
    const wanted = [];
    const reused = new Map();
    const take = (key, make, block) => {
      const pool = blockElements.get(key);
      const element = pool?.length ? pool.pop() : make();
      if (block) markBlock(element, block);
      if (!reused.has(key)) reused.set(key, []);
      reused.get(key).push(element);
      wanted.push(element);
    };
    if (blocks.some((b) => b.kind === 'row')) {
      take(`head|${firstName}|${secondName}`, () => h('div', { class: 'ab-row ab-head', 'aria-hidden': 'true' },
        h('span', { class: 'ab-num' }), h('span', { class: 'ab-cell', text: firstName }), h('span', { class: 'ab-cell', text: secondName })));
    }
    for (const block of blocks) take(blockKey(block), () => blockElement(block), block);
    blockElements = reused;
    // Put the elements in order, touching only what changed: those no longer
    // wanted go first, so that one block replaced does not move all after it.
    const keep = new Set(wanted);
    for (const element of [...moves.children]) if (!keep.has(element)) element.remove();
    wanted.forEach((element, i) => {
      if (moves.children[i] !== element) moves.insertBefore(element, moves.children[i] ?? null);
    });
    moves.classList.toggle('ab-long', wanted.length > 150);
    // A move is described by its proven facts: a screen reader says them with it.
    const facts = new Map();
    for (const f of moves.querySelectorAll('.ab-fact')) facts.set(f.dataset.move, [...(facts.get(f.dataset.move) ?? []), f.id]);
    for (const b of moves.querySelectorAll('.ab-move[data-path]')) {
      const ids = facts.get(b.dataset.path)?.join(' ') ?? null;
      if (b.getAttribute('aria-describedby') === ids) continue;
      if (ids) b.setAttribute('aria-describedby', ids);
      else b.removeAttribute('aria-describedby');
    }
  }

  function blockElement(block) {
    if (block.kind === 'row') {
      const row = h('div', { class: 'ab-row' }, h('span', { class: 'ab-num', text: `${block.number}.` }));
      for (const cell of block.cells) {
        if (!cell) row.append(h('span', { class: 'ab-cell ab-empty', text: '…' }));
        else if (cell.kind === 'unplayed') row.append(h('span', { class: 'ab-cell ab-unplayed', title: 'not played (after the error)', text: cell.text }));
        else row.append(cellButton(cell, ' ab-cell'));
      }
      return row;
    }
    const aside = h('div', { class: 'ab-aside' });
    for (const item of block.items) {
      if (item.kind === 'comment') aside.append(h('span', { class: 'ab-comment', text: item.text }));
      else if (item.kind === 'fact') {
        const move = item.move.join('.');
        aside.append(h('button', {
          type: 'button', tabindex: '-1', class: 'ab-fact', 'data-goto': item.path.join('.'), 'data-move': move,
          id: `${moveId}-fact-${move}-${aside.querySelectorAll(`.ab-fact[data-move="${move}"]`).length}`,
          title: 'Show the position before the move, with the better move',
        }, h('span', { class: 'ab-fact-label', text: 'Proven: ' }), item.text));
      } else if (item.kind === 'open') aside.append(h('span', { class: 'ab-paren', 'aria-hidden': 'true', text: '(' }));
      else if (item.kind === 'close') aside.append(h('span', { class: 'ab-paren', 'aria-hidden': 'true', text: ')' }));
      else if (item.kind === 'unplayed') aside.append(h('span', { class: 'ab-unplayed', text: item.text }));
      else aside.append(cellButton(item, ' ab-inline'));
    }
    return aside;
  }

  function describePosition() {
    const o = state.outcome;
    if (!o) return '';
    if (puzzle) {
      if (!puzzle.line.length && !puzzle.info?.mateIn) return 'Nothing to solve here.';
      return puzzle.done ? 'Puzzle solved.' : `Puzzle: ${puzzle.snapshot.sideToMove ?? ''} to move.`;
    }
    if (o.problem || o.game === 'grid') {
      // (A problem that cannot be read has no move or position to speak of: the verdict says why.)
      if (o.status !== 'answer') return '';
      // (An answer may mark nothing: no mate in one, no king in check.)
      const marked = !!o.problem.mate || (snapshotOf(state)?.marks?.length ?? 0) > 0;
      return `${marked ? 'The answer is marked on the board. ' : ''}Click a piece to see where it can go.`;
    }
    // A FEN that gives no position: an empty board, and why.
    if (!setup && givesNoPosition(o)) return `No position to show: ${o.error?.reason ?? 'the text gives none'}.`;
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
    if (!state.path.length) text = `${setup ? 'Setting up' : 'Start position'}, ${snapshot.sideToMove ?? ''} to move.`;
    else {
      const ply = plyAt(o, state.path);
      const riverBefore = o.game === 'congo' ? snapshotAt(o, parentPath(state.path)) : null;
      text = `${where}${plyLabel(o, state.path)}: ${moveSentence(ply, snapshot.pieces, riverBefore)}.`;
    }
    if (snapshot.over) text += ` ${snapshot.over.reason[0].toUpperCase()}${snapshot.over.reason.slice(1)}.`;
    else if (snapshot.check) text += ' Check.';
    // The better moves drawn as arrows, in words too.
    const { move, facts } = reportFactsHere(state);
    if (facts.length) text += ` Better than ${plyLabel(o, move)}: ${[...new Set(facts.map((f) => f.better.notation))].join(' or ')} (the arrow on the board).`;
    const others = alternatives(state).length;
    if (others > 1) text += ` ${others - 1} other move${others > 2 ? 's' : ''} here (Up and Down switch).`;
    return text;
  }

  let suggestionFor = null;
  let shownSuggestion = null;
  function renderSuggestion() {
    const o = state.outcome;
    const snapshot = snapshotOf(state);
    if (!o || !snapshot || !canSuggest(state) || setup || puzzle || options.suggest === false) {
      suggestionFor = null;
      shownSuggestion = null;
      suggestionBox.replaceChildren();
      return;
    }
    const key = `${o.game}|${snapshot.fen}|${o.problem ? state.text : ''}`;
    if (key === suggestionFor) return;
    suggestionFor = key;
    if (o.problem) {
      const mate = o.problem.mate;
      shownSuggestion = mate;
      suggestionBox.replaceChildren(mate ? h('p', {}, h('strong', { text: 'Mating move: ' }), mate.notation) : h('p', { text: '' }));
      return;
    }
    shownSuggestion = null;
    suggestionBox.replaceChildren(h('p', { class: 'ab-thinking', text: 'Thinking about a move…' }));
    suggestionBox.setAttribute('aria-busy', 'true');
    requestSuggestion(snapshot.fen, o.game).then((reply) => {
      if (suggestionFor !== key) return;
      suggestionBox.removeAttribute('aria-busy');
      if (reply.error) {
        suggestionBox.replaceChildren(h('p', { class: 'ab-error', text: `No suggestion: ${reply.error}` }));
        return;
      }
      shownSuggestion = reply.suggestion;
      suggestionBox.replaceChildren(reply.suggestion
        ? h('p', {}, h('strong', { text: 'Suggested: ' }), describeSuggestion(reply.suggestion, o.game))
        : h('p', { text: '' }));
      drawBoard();
    });
  }

  function drawBoard() {
    if (setup) {
      const snapshot = {
        width: 8, height: 8, cells: setup.cells, sideToMove: setup.sideToMove, check: null, fen: setup.fen ?? '',
        moveNumber: setup.fullmoves, over: null, landmarks: [], darkParity: 1, pieces: setup.pieces, marks: [],
      };
      board.draw({ game: 'chess', snapshot, flipped: state.flipped, lastMove: null, arrows: [], circles: [], label: 'Board being set up' });
      return;
    }
    if (puzzle) {
      board.draw({
        game: 'chess', snapshot: puzzle.snapshot, flipped: state.flipped, lastMove: puzzle.lastMove, arrows: [], circles: [],
        selected: selection?.from ?? puzzle.hint, landed: [], targets: targets(selection), label: `Puzzle board. ${puzzleText.textContent}`,
      });
      return;
    }
    const view = boardView(state);
    if (!view) return;
    if (shownSuggestion && suggestionFor && canSuggest(state)) {
      view.arrows.push({ from: shownSuggestion.from, to: shownSuggestion.to, kind: 'suggest' });
    }
    view.arrows.push(...reportArrows(state));
    view.selected = selection?.from ?? null;
    view.landed = selection ? selection.landed.slice(1) : [];
    view.targets = targets(selection);
    view.label = `Board: ${describePosition()}`;
    board.draw(view);
  }

  /** The text whose games the chooser lists (asked of the worker once per text). */
  let listedText = null;
  /**
   * A long pasted text's games, asked of the worker at the paste: listed
   * there while this thread lays the text out and reads its first game.
   */
  let pastedListing = null;
  /** The games of `text`: the paste's listing when it is of this text. */
  function gamesOf(text) {
    const early = pastedListing?.text === text ? pastedListing.reply : null;
    pastedListing = null;
    return early ?? requestGames(text);
  }
  function renderGamePicker(o) {
    const count = o?.chess?.gamesInText ?? 1;
    gamePicker.hidden = count < 2;
    if (count < 2) {
      pastedListing = null;
      return;
    }
    if (listedText !== state.text) {
      const text = state.text;
      listedText = text;
      // A move played in one game keeps the others' titles: the old list
      // stays until the new one comes (no "Listing…" flash on every move).
      if (gameSelect.options.length !== count) {
        gameSelect.replaceChildren(h('option', { value: String(o.chess.gameIndex), text: `Listing ${count} games…` }));
      }
      gameSelect.setAttribute('aria-busy', 'true');
      gamesOf(text).then((reply) => {
        if (listedText !== text) return;
        gameSelect.removeAttribute('aria-busy');
        const list = reply.games ?? [];
        gameSelect.replaceChildren(...list.map((g) => h('option', { value: String(g.index), text: gameTitle(g) })));
        // The game shown: a link's index past the last game shows the last.
        gameSelect.value = String(state.outcome?.chess?.gameIndex ?? state.gameIndex);
      });
    }
    gameSelect.value = String(o.chess.gameIndex);
  }

  /**
   * The FEN to copy: the position on the board (the one being set up, while
   * it is; in a puzzle, the puzzle's as it is played). Nothing to copy where
   * there is no position (a FEN that cannot be read, an impossible set-up).
   */
  function showFen() {
    const fen = setup ? setup.fen : shownFen() ?? '';
    fenField.value = fen;
    fenField.hidden = copyFen.hidden = !fen;
  }

  function render() {
    // (Read first: a layout read below blurs a button just hidden.)
    const focused = root.getRootNode().activeElement;
    const o = state.outcome;
    const atStart = state.path.length === 0 && !state.errorLine;
    const end = last(state);
    const atEnd = samePath(end.path, state.path) && (end.errorLine === null) === (state.errorLine === null);
    // aria-disabled, not disabled: a button that stops working keeps the focus.
    // A puzzle has no steps: the board is the puzzle's (Start again resets it); nor has a problem.
    const noSteps = !!puzzle || o?.game === 'grid';
    for (const [b, off] of [[buttons.first, atStart], [buttons.prev, atStart], [buttons.next, atEnd], [buttons.last, atEnd]]) {
      b.setAttribute('aria-disabled', String(off || noSteps));
    }
    if (!o) return;
    // verdict: false keeps the verdict for the end of the game; a puzzle hides it and the moves.
    const gameEnd = last({ ...state, path: [], errorLine: null });
    const atGameEnd = state.errorLine ? samePath(state.errorLine, []) : samePath(gameEnd.path, state.path) && !gameEnd.errorLine;
    verdict.hidden = !!puzzle || (options.verdict === false && !atGameEnd);
    // A problem has no moves: one that cannot be read listed its bad line as a White move.
    moves.hidden = !!puzzle || o.game === 'grid';
    const empty = state.text.trim() === '';
    const stillTyping = typingAt(o);
    invite.hidden = !empty;
    const stated = o.chess?.notation !== 'course' && o.status === 'incomplete' ? o.chess?.statedResult : null;
    const resigned = stated && stated !== '*' ? stated : null;
    verdictLine.textContent = empty || stillTyping ? '' : resigned ?? o.message;
    verdictLine.className = `ab-line ab-${empty || stillTyping ? 'neutral' : resigned ? 'stated' : o.status}`;
    verdictText.textContent = empty ? '' : stillTyping ? 'Reading… (still typing the last move)' : resigned ? statedResultSentence(resigned) : friendlyVerdict(state);
    info.textContent = gameInfo(o);
    renderGamePicker(o);
    showFen();
    // A grid problem's board rows and a checkers position are no FEN.
    const isFen = o.game === 'chess' || o.game === 'congo';
    copyFen.textContent = isFen ? 'Copy FEN' : 'Copy position';
    fenField.setAttribute('aria-label', isFen ? 'Position (FEN)' : 'Position');
    copyExchange.hidden = o.game !== 'checkers';
    copyPgn.hidden = o.game !== 'chess' || givesNoPosition(o);
    setUp.hidden = !editor || readonly || (o.game !== 'chess' && state.text.trim() !== '');
    // (Nothing to play on where a FEN gives no position.)
    const playable = !readonly && !o.problem && o.game !== 'grid' && (!puzzle || !puzzle.done) && !givesNoPosition(o);
    moveForm.hidden = !playable;
    // An example in this game's own notation: a legal move of the position on screen.
    const example = playable ? movable()[0]?.notation : null;
    moveInput.placeholder = example ? `e.g. ${example}` : '';
    // Where the game is over the help says so (a move typed there met "no white king can move to e2").
    const ended = playable && !example ? finished() : null;
    moveHelp.textContent = ended ?? MOVE_HELP;
    // At a move that went wrong the path is the move before it, which the
    // buttons would delete or promote instead of the move shown: none there.
    treeDelete.hidden = !playable || !!puzzle || !o.plies.length || !!state.errorLine;
    // At the start there is nothing to delete, but the button keeps its
    // place: what is below it jumped (and an embed's height) at each step
    // to the start and back.
    treeDelete.disabled = state.path.length === 0;
    treePromote.hidden = !playable || !!puzzle || state.path.length < 3 || !!state.errorLine;
    treeUndo.hidden = !undo.length;
    root.classList.toggle('ab-setting-up', !!setup);
    position.textContent = setup ? 'Setting up a position: the game stays as it is until you use the new position.' : describePosition();
    if (setup) moveForm.hidden = true;
    // A promotion asked on another position would be played here.
    if (!chooser.hidden && shownFen() !== choosingOn) closeChooser();
    renderMoves();
    renderBackdrop();
    renderSuggestion();
    renderReport();
    drawBoard();
    // A tree button hidden or turned off while it had the focus (nothing
    // left to delete, promote or undo here) hands the focus to the move list.
    if ([treeDelete, treePromote, treeUndo].some((b) => b === focused && (b.hidden || b.disabled))) focusMoves();
    options.onChange?.(state);
  }

  // ---- analysis ----
  /**
   * Reads the text and shows its game. Returns a promise when the text is
   * of a game the chess module leaves out: it resolves once the module with
   * every game has loaded and the text has been read with it.
   */
  function analyzeNow(path = null) {
    if (!engine) return;
    let outcome;
    try {
      // Suggestions are searched in the worker, for the position on screen.
      outcome = engine.analyze(state.text, readOptions(state));
    } catch (e) {
      const game = neededGame(e);
      if (game) return loadRules(game, path);
      if (state.game !== 'auto' && /unknown game/.test(String(e?.message))) {
        showNotices([`The game "${state.game}" is not one this board knows; reading the text as any game.`]);
        state = { ...state, game: 'auto' };
        return analyzeNow(path);
      }
      // (An element's notation attribute is not checked as a link's is: read it as auto, as a game no one knows.)
      if (state.notation !== 'auto' && /notation must be/.test(String(e?.message))) {
        showNotices([`The notation "${state.notation}" is not one this board knows (auto, course or pgn); reading the text as any notation.`]);
        state = { ...state, notation: 'auto' };
        return analyzeNow(path);
      }
      showNotices([`Could not analyse: ${reason(e)}`]);
      if (boxWaiting) fitBox(null);
      return;
    }
    selection = null;
    state = setOutcome(state, state.text, outcome, path);
    fitBox(outcome);
    // The place asked for before the rules had loaded, gone to before the
    // first render: plychange names no other place first.
    if (placeAsked && !loadingRules) {
      goToAsked(placeAsked.path, placeAsked.asked);
      placeAsked = null;
    }
    if (options.mode === 'puzzle') startPuzzle();
    startReport();
    render();
  }

  /** The module with every game, being loaded for this viewer, and the path to show once it has. */
  let loadingRules = null;
  let pathAfterLoading = null;
  /** Loads the module with every game (once), saying so, then reads the text again. */
  function loadRules(game, path) {
    pathAfterLoading = path;
    if (loadingRules) return loadingRules;
    const title = engine.games().find((g) => g.id === game)?.title ?? game;
    // A module named as the one with every game (wasm-url) that is not.
    if (hasAllGames()) {
      showNotices([`This board's rules module has no rules for ${title}: wasm-url must name the module with every game (pkg-all).`]);
      if (boxWaiting) fitBox(null);
      return;
    }
    loading.textContent = `Loading the rules for ${title}…`;
    loading.hidden = false;
    loadingRules = loadAllGames().then(
      () => {
        loading.hidden = true;
        loadingRules = null;
        if (destroyed) return;
        analyzeNow(pathAfterLoading);
      },
      (e) => {
        loading.hidden = true;
        loadingRules = null;
        showNotices([`The rules for ${title} could not load: ${reason(e)}`]);
        if (boxWaiting) fitBox(null);
      },
    );
    return loadingRules;
  }

  let typing = 0;
  /** When the text was last typed in, and the timer that shows a problem of the last move after a pause. */
  let lastInput = -Infinity;
  let pauseTimer = 0;
  /** Whether the text's only problem is in the move being typed at its end, typed a moment ago. */
  function typingAt(o) {
    if (performance.now() - lastInput > TYPING_PAUSE || o?.status !== 'parse_error' || !o.error) return false;
    // (The end of the box: of the game on screen, when it holds only that.)
    const text = boxText();
    if (/\s$/.test(text)) return false;
    const lastToken = text.length - (text.match(/\S+$/)?.[0].length ?? 0) + (view?.start ?? 0);
    return o.error.start >= lastToken && o.error.start <= (view?.end ?? Infinity);
  }
  /** A paste over all the box holds: a new text (set by the paste event, read by its input event). */
  let pasteOverAll = false;
  /**
   * The text before a long paste this page put in the box itself, until
   * something else is typed: the browser's own undo knows nothing of it.
   */
  let pasteTaken = null;
  listen(textarea, 'input', (event) => {
    const pasted = event.inputType === 'insertFromPaste' || event.inputType === 'insertFromDrop';
    if (pasted && pasteOverAll) view = null;
    pasteOverAll = false;
    pasteTaken = null;
    readTyped(textFromBox(), pasted);
  });
  /** A text typed or pasted in the box (`text`: the whole text it gives). */
  function readTyped(text, pasted) {
    textFromBoard = false;
    // Typed text ends the board's history: Ctrl+Z would bring back an older
    // text over what was typed, with no way back. (The box has its own undo.)
    undo.length = 0;
    say('');
    lastInput = performance.now();
    clearTimeout(pauseTimer);
    pauseTimer = setTimeout(() => render(), TYPING_PAUSE + 50);
    state = { ...state, text };
    // A long text pasted is most likely many games (a database): their listing starts now.
    if (pasted && text.length > LONG_PASTE) pastedListing = { text, reply: requestGames(text) };
    clearTimeout(typing);
    // A pause in the typing (a paste is read at once); a long paste in this
    // very task, so that the box holds only its game before the browser lays it out.
    if (pasted && text.length > WINDOWED_TEXT) analyzeNow();
    else typing = setTimeout(() => analyzeNow(), pasted ? 0 : 150);
    renderBackdrop();
  }
  listen(textarea, 'paste', (event) => {
    // A paste over the whole text is a new game: it opens at its end (the
    // verdict's position, or its problem), as a link does, not at the old
    // place, and at its first game, not at the old text's game 3.
    const whole = textarea.selectionStart === 0 && textarea.selectionEnd === textarea.value.length;
    const fresh = whole ? { outcome: null, gameIndex: 0 } : {};
    if (whole) {
      wholeAsked = false;
      boxStale = true;
    }
    pasteOverAll = whole;
    clearTimeout(typing);
    // A long text (a database) is put in the box by this page, as the game on
    // screen only: the browser's own paste lays all of it out first.
    const given = event.clipboardData?.getData('text/plain') ?? '';
    if (given.length > WINDOWED_TEXT) {
      event.preventDefault();
      const before = { text: state.text, gameIndex: state.gameIndex, path: placeOf(state) };
      const value = textarea.value;
      const box = `${value.slice(0, textarea.selectionStart)}${asInBox(given)}${value.slice(textarea.selectionEnd)}`;
      if (whole) view = null;
      pasteOverAll = false;
      boxStale = true;
      state = { ...state, ...fresh };
      readTyped(textFromBox(box), true);
      pasteTaken = before;
      // (Not read, the rules still loading: the box holds all of it.)
      if (boxStale) fitBox(null);
    }
    setTimeout(() => {
      // Pasted, not being typed: a problem in its last move shows at once.
      clearTimeout(typing);
      clearTimeout(pauseTimer);
      lastInput = -Infinity;
      state = { ...state, text: textFromBox(), ...fresh };
      analyzeNow();
    }, 0);
  });
  listen(textarea, 'scroll', () => {
    backdrop.scrollTop = textarea.scrollTop;
  });
  listen(textarea, 'keydown', (event) => {
    // Escape leaves the text box, so the arrow keys step through the game.
    if (event.key === 'Escape') {
      event.preventDefault();
      focusMoves();
    }
    // Ctrl+Z after a board move takes the move back, as it does outside the box.
    // (Once the moves played since a long paste are taken back, the paste
    // itself, as the browser does a short one: it knows nothing of a long one.)
    if (isUndoKey(event) && (textFromBoard || pasteTaken)) {
      event.preventDefault();
      if (undo.length || !pasteTaken) return undoEdit();
      const before = pasteTaken;
      pasteTaken = null;
      restore(before, 'Paste undone.');
    }
  });

  /** The keyboard's place in the move list: the current move (or the first), else the step buttons. */
  function focusMoves() {
    (moves.querySelector('.ab-move[tabindex="0"]') ?? buttons.next).focus({ preventScroll: true });
  }

  const act = (action) => {
    if (puzzle && ['first', 'prev', 'next', 'last', 'up', 'down'].includes(action)) return;
    if (action === 'first') state = first(state);
    else if (action === 'prev') state = prev(state);
    else if (action === 'next') state = next(state);
    else if (action === 'last') state = last(state);
    else if (action === 'up') state = switchAlternative(state, -1);
    else if (action === 'down') state = switchAlternative(state, 1);
    else if (action === 'flip') state = { ...state, flipped: !state.flipped };
    else if (action === 'delete') edit({ kind: 'delete', at: state.path });
    else if (action === 'promote') edit({ kind: 'promote', at: state.path });
    else if (action === 'undo') undoEdit();
    else if (action === 'read') readout.textContent = readPosition(puzzle ? puzzle.snapshot : snapshotOf(state));
    if (!['delete', 'promote', 'undo', 'read'].includes(action)) {
      selection = null;
      render();
    }
  };
  listen(controls, 'click', (event) => {
    const b = event.target.closest('button');
    if (b && b.getAttribute('aria-disabled') !== 'true') act(b.dataset.action);
  });
  listen(treeActions, 'click', (event) => {
    const b = event.target.closest('button');
    if (!b) return;
    act(b.dataset.action);
  });
  /**
   * The move the pointer went down on, and the one it came up on: the
   * report's facts may rebuild the list between the two, and the click then
   * lands on the list itself, though both were on the same move.
   */
  let pressed = null;
  let released = null;
  const moveKey = (b) => (b ? (b.dataset.errorLine !== undefined ? `[data-error-line="${b.dataset.errorLine}"]` : `[data-path="${b.dataset.path}"]`) : null);
  listen(moves, 'pointerdown', (event) => {
    pressed = moveKey(event.target.closest('button.ab-move'));
  });
  listen(moves, 'pointerup', (event) => {
    released = moveKey(event.target.closest('button.ab-move'));
  });
  listen(moves, 'click', (event) => {
    const fact = event.target.closest('button.ab-fact');
    if (fact) {
      selection = null;
      state = goTo(state, fact.dataset.goto === '' ? [] : fact.dataset.goto.split('.').map(Number));
      render();
      return;
    }
    const b = event.target.closest('button.ab-move') ?? (pressed && pressed === released ? moves.querySelector(`button.ab-move${pressed}`) : null);
    pressed = released = null;
    if (!b) return;
    // A piece chosen on the position left behind is no choice on this one.
    selection = null;
    if (b.dataset.errorLine !== undefined) {
      state = showError(state, b.dataset.errorLine === '' ? [] : b.dataset.errorLine.split('.').map(Number));
      render();
      // Clicking the bad move also selects it in the text: once the click is
      // over (Chromium 148 collapses a selection made during it to its end).
      const error = lineAt(state.outcome, state.errorLine)?.error;
      const offset = view?.start ?? 0;
      if (editorBox && error && error.start >= offset) {
        setTimeout(() => textarea.setSelectionRange(error.start - offset, Math.max(error.end, error.start) - offset));
      }
      return;
    }
    state = goTo(state, b.dataset.path.split('.').map(Number));
    render();
  });
  listen(moveForm, 'submit', (event) => {
    event.preventDefault();
    playTyped(moveInput.value);
  });
  // Ctrl+Z in the empty field takes back the move just played (the field's own undo has nothing to undo).
  // (Nor, once none is left, the browser's undo: past the field's own history it edits the text box, see onKey.)
  listen(moveInput, 'keydown', (event) => {
    if (isUndoKey(event) && !moveInput.value && (undo.length || textFromBoard)) {
      event.preventDefault();
      undoEdit();
    }
  });
  listen(gameSelect, 'change', () => {
    // Another game opens at its end (its verdict's position), not at the old game's place.
    state = { ...state, gameIndex: Number(gameSelect.value), outcome: null };
    boxStale = true;
    analyzeNow();
    gameSelect.focus();
  });
  const flash = (text) => {
    copied.textContent = text;
    setTimeout(() => { if (copied.textContent === text) copied.textContent = ''; }, 2500);
  };
  listen(copyFen, 'click', async () => {
    const what = copyFen.textContent === 'Copy FEN' ? 'FEN' : 'position';
    flash((await copyText(fenField.value)) ? `${what[0].toUpperCase()}${what.slice(1)} copied` : `Copy failed: select the ${what} below`);
  });
  listen(copyPgn, 'click', async () => {
    if (!engine) return flash('The rules are still loading');
    let text;
    try {
      text = engine.exportPgn(state.text, { notation: state.notation, gameIndex: state.gameIndex });
    } catch (e) {
      flash(`No PGN: ${reason(e)}`);
      return;
    }
    flash((await copyText(text)) ? 'PGN copied' : 'Copy failed');
  });
  listen(copyExchange, 'click', async () => {
    if (!engine) return flash('The rules are still loading');
    let text;
    try {
      text = engine.exchangeFile(fenField.value);
    } catch (e) {
      flash(`No exchange file: ${reason(e)}`);
      return;
    }
    flash((await copyText(text)) ? 'Exchange file copied' : 'Copy failed');
  });
  listen(copyLink, 'click', async () => {
    flash((await copyText(await shareLink())) ? 'Link copied' : 'Copy failed');
  });
  // While a position is set up the button takes the person to it: closing
  // would throw that work away (the editor's Cancel does, when asked to).
  listen(setUp, 'click', () => (setup ? setupPanel.querySelector('.ab-chosen')?.focus() : openSetup()));

  /** Keyboard: Left/Right, Home/End, Up/Down, f, Ctrl+Z; not while typing in a field (on the board, f and Ctrl+Z only). */
  const onKey = (event) => {
    const t = event.composedPath?.()[0] ?? event.target;
    if (t && (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    // Escape drops the piece chosen (or the jump begun), also from the board's squares.
    if (event.key === 'Escape' && selection && !t?.closest?.('.ab-chooser, .ab-setup')) {
      selection = null;
      say('');
      drawBoard();
      return;
    }
    if (t?.closest?.('.ab-chooser, .ab-setup')) return;
    // (Not with Shift: that is redo elsewhere, and there is nothing to redo here.)
    // Also from the board's squares, where a move was just played with Enter:
    // the browser's own undo would edit the text box behind the page's back.
    if (isUndoKey(event)) {
      // With no board edit left to take back, the browser's own undo would
      // still edit the text box, whose history knows nothing of the text
      // the board wrote: it brought back an older paste inside it.
      if (!undo.length) {
        if (textFromBoard) event.preventDefault();
        return;
      }
      event.preventDefault();
      // (The squares of the set-up board place pieces: no game move to take back.)
      if (!(setup && t?.closest?.('.ab-squares'))) undoEdit();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // (The board keeps its arrows, Home and End for the square cursor: f flips from there too.)
    const action = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', ArrowUp: 'up', ArrowDown: 'down', f: 'flip', F: 'flip' }[event.key];
    if (!action) return;
    event.preventDefault();
    act(action);
  };
  const keyTarget = options.keyTarget ?? root;
  listen(keyTarget, 'keydown', onKey);

  /** The link to share (a promise: app.js's shareLink option compresses it). */
  async function shareLink() {
    if (options.shareLink) return options.shareLink(state);
    const base = typeof location !== 'undefined' && options.linkBase === undefined ? location.href.split('#')[0] : options.linkBase ?? '';
    return base + buildFragment(state);
  }

  /**
   * The place to open at once the rules have loaded (the chess module, and
   * the one with every game when the text needs it): the link's or the
   * element's, or the last one asked for through goTo() before then. Null
   * once gone to.
   */
  let placeAsked = options.path ? { path: options.path, asked: `move ${options.path.join('.')}` }
    : options.ply !== undefined && options.ply !== null ? { path: options.ply > 0 ? [options.ply - 1] : [], asked: `ply ${options.ply}` } : null;
  /** Whether a notice says that a place asked for is not in the game. */
  let placeNotice = false;
  /**
   * Goes to a place the link or the element asked for (`asked` says it in
   * words); past the game's end, to its last position, saying so.
   */
  function goToAsked(wanted, asked) {
    const found = isNode(state.outcome, wanted) || namesError(state.outcome, wanted);
    if (!found) {
      const n = state.outcome?.plies.length ?? 0;
      showNotices([...(options.notices ?? []), `${options.askedBy ?? 'The link'} asks for ${asked}, but the game has ${n} plies; showing the last position it has.`]);
    } else if (placeNotice) showNotices(options.notices ?? []);
    placeNotice = !found;
    state = found ? goToPlace(state, wanted) : last(goTo(state, wanted));
  }

  // A game named by the link or the element that the chess module leaves
  // out: its module is fetched at once, beside the chess module (a name no
  // module knows is answered by the chess module).
  if (OTHER_MODULE_GAMES.includes(options.game)) loadAllGames().catch(() => {});
  // (A long text given waits for the rules: see fitBox.)
  if (state.text.length > WINDOWED_TEXT) fitBox(null);
  // A first view computed ahead: the board is drawn before the module has
  // arrived (it cannot be played on until then).
  if (options.firstOutcome && options.mode !== 'puzzle') {
    state = setOutcome(state, state.text, options.firstOutcome);
    render();
  }
  /** Set by destroy(): a module arriving after it has nothing to draw on (an element built again drops its old viewer). */
  let destroyed = false;
  loadEngine().then(async (e) => {
    if (destroyed) return;
    engine = e;
    // The text typed while the module was on its way is read here, once (a
    // second read from the typing pause fetched a missing module twice).
    clearTimeout(typing);
    // (Reading the text again keeps the place the first view was at; busy
    // until the rules of another game, when the text needs them, have loaded.)
    await analyzeNow();
  }).catch((e) => {
    showNotices([`The rules engine could not load: ${reason(e)}`]);
    // Nothing lost: the box holds the whole text it was waiting to show.
    engineFailed = true;
    if (boxWaiting) fitBox(null);
  }).finally(() => root.removeAttribute('aria-busy'));
  showNotices(options.notices ?? []);

  return {
    element: root,
    get state() { return state; },
    /** A new text (from its first game, when it holds several). */
    setText(text) {
      state = { ...state, gameIndex: 0 };
      wholeAsked = false;
      pasteTaken = null;
      setText(text);
    },
    setGame(game, notation) {
      state = { ...state, game: game ?? state.game, notation: notation ?? state.notation, gameIndex: 0 };
      boxStale = true;
      analyzeNow();
    },
    /** Goes to a position: a ply number of the main line, or a path in the tree. */
    goTo(where) {
      const asked = Array.isArray(where) ? { path: where, asked: `move ${where.join('.')}` } : { path: where > 0 ? [where - 1] : [], asked: `ply ${where}` };
      // Before the rules have loaded, the place is kept for when they have (the text is read then).
      if (!engine || loadingRules) {
        placeAsked = asked;
        return;
      }
      goToAsked(asked.path, asked.asked);
      selection = null;
      render();
    },
    setFlipped(flipped) {
      state = { ...state, flipped: !!flipped };
      render();
    },
    setReadonly(value) {
      readonly = !!value;
      selection = null;
      render();
    },
    shareLink,
    destroy() {
      destroyed = true;
      cancelReport();
      clearTimeout(typing);
      clearTimeout(pauseTimer);
      clearTimeout(marksTimer);
      listeners.forEach((off) => off());
      board.destroy();
      root.remove();
    },
  };
}
