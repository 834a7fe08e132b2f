// The controller's part for moves: the board's input (a click, a drag, a
// square chosen with the keyboard), the promotion chooser, a move typed,
// and the edits of the tree (a move played, deleted, made main line, and
// Ctrl+Z). The rules are the module's: the legal moves, why a move is not
// one, and the text rewritten by each edit.
import { parseSquare } from '../board.js';
import { reason } from '../engine.js';
import { promotionOrder } from '../games.js';
import { clickSquare, dropPiece, targets } from '../moving.js';
import { reportArrows } from '../report.js';
import { boardView, canSuggest, goTo, lineAt, placeOf, plyAt, snapshotOf } from '../state.js';
import { describePosition, puzzleTask } from '../words.js';

/** At most this many edits are kept for Ctrl+Z. */
const UNDO_DEPTH = 200;

export function createPlay(ctrl) {
  /** The order the promotion chooser offers the pieces in (the game's rules). */
  const order = () => promotionOrder(ctrl.state.rules);
  /** The legal moves of the position on screen, asked for once per position. */
  let legal = { key: null, moves: [] };

  /** The position on the board: the puzzle's as it is played, else the one on screen. */
  const shown = () => (ctrl.state.puzzle ? ctrl.state.puzzle.snapshot : snapshotOf(ctrl.state));
  const shownFen = () => shown()?.fen ?? null;
  const movesOf = (key, ask) => {
    if (legal.key !== key) legal = { key, moves: ctrl.safe(ask, []) };
    return legal.moves;
  };

  /** The legal moves of the position on the board (none where none may be played). */
  function movable() {
    const { puzzle, outcome: o, readonly, text } = ctrl.state;
    const engine = ctrl.engine;
    if (puzzle) {
      if (!engine || puzzle.done || puzzle.snapshot.over) return [];
      return movesOf(`puzzle|${puzzle.snapshot.fen}`, () => engine.moves(puzzle.snapshot.fen, { game: puzzle.game }));
    }
    const snapshot = snapshotOf(ctrl.state);
    // At a move that went wrong the board shows the position before it: a
    // move there replaces it (as a typed one does). A text that cannot be
    // read there cannot be edited.
    if (!engine || !o || !snapshot || atUnreadableText()) return [];
    // Problems are studied, not played: every piece shows where it can go.
    if (o.problem) return movesOf(`${o.game}|${text}`, () => engine.moves(text, { game: o.game }));
    if (readonly || snapshot.over) return [];
    return movesOf(`${o.game}|${snapshot.fen}`, () => engine.moves(snapshot.fen, { game: o.game }));
  }

  /**
   * Whether `square` holds a piece of the side to move that has no legal
   * move, on a board where moves are played (some piece can move).
   */
  function stuck(square) {
    const moves = movable();
    if (!moves.length || ctrl.state.outcome?.problem || moves.some((m) => m.path[0] === square)) return false;
    return Boolean(pieceToMove(square));
  }

  /** The name of the piece on `square` of the position on the board ("red pawn"), else null. */
  function pieceOn(square) {
    const snapshot = shown();
    const at = snapshot ? parseSquare(square, snapshot.height) : null;
    return at ? snapshot.pieces?.[snapshot.cells[at.row * snapshot.width + at.col]] ?? null : null;
  }

  /** The name of the piece on `square` when it belongs to the side to move ("red pawn"), else null. */
  function pieceToMove(square) {
    const side = shown()?.sideToMove;
    const name = side ? pieceOn(square) : null;
    return name?.startsWith(`${side} `) ? name : null;
  }

  /** Whether the board shows where the text cannot be read (a parse error): no move can be played there. */
  function atUnreadableText() {
    return Boolean(ctrl.state.errorLine) && ctrl.state.outcome?.status === 'parse_error';
  }

  /** Where the game is over on the board, the sentence that says no move can be played and why; else null. */
  function finished() {
    const why = shown()?.over?.reason;
    return why ? `No move can be played here: ${why}.` : null;
  }

  /**
   * Why a piece clicked (or dragged) with nothing chosen was not chosen:
   * the game is over, or it is not the side to move's (a click that chose
   * nothing said nothing). Nothing to say on a problem or a puzzle (which
   * say their own).
   */
  function whyNotChosen(square) {
    const s = ctrl.state;
    const snapshot = snapshotOf(s);
    const name = pieceOn(square);
    if (!name || s.puzzle || !snapshot || s.outcome?.problem || !ctrl.engine) return;
    const side = snapshot.sideToMove ?? '';
    const Side = `${side.slice(0, 1).toUpperCase()}${side.slice(1)}`;
    const over = finished();
    // (movable() offers nothing there: say so, as the move field does.)
    const unreadable = atUnreadableText() ? lineAt(s.outcome, s.errorLine)?.error : null;
    if (s.readonly) ctrl.say('Moves cannot be played on this board.');
    else if (unreadable) ctrl.say(`Fix the text first: ${unreadable.reason}.`);
    else if (over) ctrl.say(over);
    else if (side && !name.startsWith(`${side} `) && movable().length) ctrl.say(`${Side} to move: the ${name} on ${square} is not ${Side}'s.`);
  }

  /**
   * The move the module reads from a piece taken from `from` to `to` where
   * no move of the list goes: a king onto its own rook castles (e1h1 is
   * O-O, as Chess960 programs write it, and lichess's board plays it).
   */
  function moveOnto(from, to) {
    const moves = movable();
    const s = ctrl.state;
    if (!moves.length || s.outcome?.problem || moves.some((m) => m.path[0] === from && m.path.at(-1) === to)) return null;
    try {
      const game = s.puzzle ? s.puzzle.game : s.outcome.game;
      const { notation } = ctrl.engine.play(shownFen(), [from, to], { game });
      return moves.find((m) => m.path[0] === from && m.notation === notation) ?? null;
    } catch {
      return null;
    }
  }

  /** What a click or a drop decided: show a selection, play a move, ask for a promotion, or say why not. */
  function applyChoice(choice) {
    const selection = choice.selection ?? null;
    ctrl.set({ selection }, 'board');
    if (selection && !selection.candidates.length) {
      ctrl.say(`The ${pieceToMove(selection.from)} on ${selection.from} has no legal move here: choose a square to see why.`);
    }
    if (selection && selection.landed.length > 1) {
      const here = selection.landed.at(-1);
      const canStop = selection.candidates.some((m) => m.path.length === selection.landed.length);
      ctrl.say(canStop ? `Jump on, or choose ${here} again to stop there.` : 'Jump on: the move is not finished.');
    }
    // A problem: the selection shows the reach, nothing is played.
    if (ctrl.state.outcome?.problem) return;
    if (choice.play) playChosen(choice.play);
    else if (choice.choose) ctrl.set({ promotion: { fen: shownFen(), choices: choice.choose } }, 'promotion');
    else if (choice.illegal) explainIllegal(choice.illegal);
  }

  /** A move chosen on the board: played in the game, or tried in the puzzle. */
  const playChosen = (m) => (ctrl.state.puzzle ? ctrl.puzzleMove(m) : playMove(m));

  function explainIllegal({ from, to }) {
    try {
      ctrl.engine.play(shown().fen, [from, to], { game: ctrl.state.outcome.game });
      ctrl.say(`${from}-${to} is not a move here.`);
    } catch (e) {
      ctrl.say(`${from}-${to}: ${reason(e)}.`);
    }
  }

  /** Plays a legal move (from `moves`) at the position on screen: the text and the tree change together. */
  function playMove(m) {
    ctrl.set({ selection: null });
    edit({ kind: 'add', at: ctrl.state.path, move: m.notation });
  }

  /** Keeps the text as it is before an edit, for Ctrl+Z. */
  function remember() {
    const s = ctrl.state;
    ctrl.set({ undo: [...s.undo, { text: s.text, path: placeOf(s), gameIndex: s.gameIndex }].slice(-UNDO_DEPTH) });
  }

  /** One edit of the tree, through the module; true when it was made. */
  function edit(request) {
    const s = ctrl.state;
    if (!ctrl.engine || !s.outcome) return false;
    let edited;
    try {
      const read = { game: s.game, notation: s.notation, gameIndex: s.gameIndex };
      edited = ctrl.engine.editGame(s.text, request, read);
      // "Make main line": a variation inside a variation is promoted until it is (one edit, for Ctrl+Z).
      while (request.kind === 'promote' && edited.path.length >= 3) {
        const again = ctrl.engine.editGame(edited.text, { kind: 'promote', at: edited.path }, read);
        // (Each promote goes up a level: one that does not is the last.)
        if (again.path.length >= edited.path.length) break;
        edited = { ...again, note: edited.note ?? again.note };
      }
    } catch (e) {
      ctrl.say(reason(e));
      ctrl.touch('board');
      return false;
    }
    if (edited.text !== s.text) {
      remember();
      ctrl.writeText(edited.text, edited.path);
    } else {
      ctrl.set(goTo(s, edited.path));
      ctrl.touch();
    }
    ctrl.say(edited.note ?? '');
    const after = ctrl.state;
    const ply = request.kind === 'add' ? plyAt(after.outcome, after.path) : null;
    if (ply) {
      const detail = { notation: ply.notation, from: ply.from, to: ply.to, path: after.path, fen: ply.snapshot.fen, text: after.text };
      ctrl.afterwards(() => {
        ctrl.emit('move', detail);
        ctrl.options.onMove?.(detail);
      });
    }
    return true;
  }

  /** Puts back a text as it was before an edit or a paste ({ text, gameIndex, path }), saying `said`. */
  function restore({ text, gameIndex, path }, said) {
    // Back in the game the edit was made in, though another was chosen since.
    ctrl.set({ gameIndex });
    ctrl.writeText(text, path);
    ctrl.say(said);
  }

  /** What the board draws (www/board.js's view): the position being set up, the puzzle's, or the one on screen; null for none. */
  function picture() {
    const s = ctrl.state;
    const { setup, puzzle, selection, flipped } = s;
    if (setup) {
      const { game, width, height } = setup.board;
      const snapshot = {
        width, height, cells: setup.cells, sideToMove: setup.sideToMove, check: null, fen: setup.fen ?? '',
        moveNumber: setup.fullmoves, over: null, landmarks: [], darkParity: 1, pieces: setup.pieces, marks: [],
      };
      return { game, snapshot, flipped, lastMove: null, arrows: [], circles: [], label: 'Board being set up' };
    }
    if (puzzle) {
      return {
        game: puzzle.game, snapshot: puzzle.snapshot, flipped, lastMove: puzzle.lastMove, arrows: [], circles: [],
        selected: selection?.from ?? puzzle.hint, landed: [], targets: targets(selection), label: `Puzzle board. ${puzzleTask(puzzle)}`,
      };
    }
    const view = boardView(s);
    if (!view) return null;
    const suggested = s.suggestion?.move;
    if (suggested && canSuggest(s)) view.arrows.push({ from: suggested.from, to: suggested.to, kind: 'suggest' });
    view.arrows.push(...reportArrows(s));
    view.selected = selection?.from ?? null;
    view.landed = selection ? selection.landed.slice(1) : [];
    view.targets = targets(selection);
    view.label = `Board: ${describePosition(s)}`;
    return view;
  }

  return {
    /** Where the promotion chooser was opened on another position than the one shown now: it closes. */
    settle() {
      const promotion = ctrl.state.promotion;
      if (promotion && shownFen() !== promotion.fen) ctrl.set({ promotion: null }, 'promotion');
    },
    queries: {
      picture,
      movable,
      /** Whether the piece on `square` may be picked up and dragged. */
      canDrag(square) {
        const setup = ctrl.state.setup;
        if (setup) return ctrl.setupPieceOn(square);
        return movable().some((m) => m.path[0] === square) || stuck(square);
      },
      /** Why no move can be played on the board (the game is over there), or null. */
      finished,
    },
    transitions: {
      remember,
      restore,
      /** A square clicked or chosen with the keyboard. */
      boardClick(square) {
        if (ctrl.state.setup) return ctrl.setupSquare(square);
        const selection = ctrl.state.selection;
        ctrl.say('');
        const onto = selection?.landed.length === 1 ? moveOnto(selection.from, square) : null;
        const choice = onto ? { play: onto } : clickSquare(movable(), selection, square, stuck, order());
        if (!selection && !choice.selection) whyNotChosen(square);
        applyChoice(choice);
        return undefined;
      },
      /** A piece dragged from `from` and dropped on `to` (null: off the board). */
      boardDrop(from, to) {
        if (ctrl.state.setup) return ctrl.setupDrop(from, to);
        ctrl.say('');
        if (!to) {
          ctrl.set({ selection: null }, 'board');
          return undefined;
        }
        const onto = moveOnto(from, to);
        applyChoice(onto ? { play: onto } : dropPiece(movable(), from, to, stuck, order()));
        return undefined;
      },
      /** A piece picked up shows where it can go, as a click on it does. */
      boardLift(square) {
        if (ctrl.state.setup || ctrl.state.selection?.from === square) return;
        ctrl.say('');
        applyChoice(clickSquare(movable(), null, square, stuck, order()));
      },
      /** A piece that cannot move now, dragged: why, as a click on it says. */
      boardRefuse(square) {
        if (!ctrl.state.setup) whyNotChosen(square);
      },
      /** Escape: the piece chosen (or the jump begun) is dropped. */
      dropSelection() {
        ctrl.set({ selection: null }, 'board');
        ctrl.say('');
      },
      /** A piece chosen in the promotion chooser. */
      promote(m) {
        ctrl.set({ promotion: null }, 'promotion');
        playChosen(m);
      },
      cancelPromotion() {
        ctrl.set({ promotion: null }, 'promotion');
      },
      /** A move typed in "Play a move"; true when it was played (the field is emptied). */
      playTyped(typed) {
        const s = ctrl.state;
        if (!typed.trim()) return false;
        if (s.puzzle) {
          try {
            const ply = ctrl.engine.play(s.puzzle.snapshot.fen, typed.trim());
            ctrl.puzzleMove(ply);
            return true;
          } catch (e) {
            ctrl.say(reason(e));
            return false;
          }
        }
        if (s.readonly) {
          ctrl.say('Moves cannot be played on this board.');
          return false;
        }
        const over = movable().length ? null : finished();
        if (over) {
          ctrl.say(over);
          return false;
        }
        return edit({ kind: 'add', at: s.path, move: typed.trim() });
      },
      /** "Delete from here": the move on screen and what follows (its alternatives stay, the first in its place). */
      deleteHere: () => edit({ kind: 'delete', at: ctrl.state.path }),
      /** "Make main line": the variation on screen becomes the main line. */
      promoteHere: () => edit({ kind: 'promote', at: ctrl.state.path }),
      /** Ctrl+Z: the last board edit taken back. */
      undo() {
        const last = ctrl.state.undo.at(-1);
        if (!last) return;
        ctrl.set({ undo: ctrl.state.undo.slice(0, -1) });
        restore(last, 'Undone.');
      },
    },
  };
}
