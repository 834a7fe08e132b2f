// The controller's part for the board editor ("Set up a position"): a
// board of the game games.js setupGame chooses, a piece to place (the
// brush), side to move, castling rights, en passant square and move
// number; the module writes the FEN and says every reason it is impossible
// (positionSetup, writePosition). `state.setup`:
//   { cells, sideToMove, castling, enPassant, halfmoves, fullmoves (the
//     module's position setup), moveNumberText (the field as typed),
//     brush (a letter, or 'x' to remove), pieces (letter -> name),
//     problems: [words], fen ('' while impossible), board (games.js
//     setupBoard: the editor's game, size, palette, start) }
import { setupBoard, setupGame } from '../games.js';
import { reason } from '../engine.js';
import { snapshotOf } from '../state.js';

/** The move number a text in the editor's field names, or null for none (a FEN's is 1 to 2^32 - 1). */
export function moveNumberOf(text) {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  return n >= 1 && n <= 0xffffffff ? n : null;
}

/** The index in the cells of a board editor's `board` (games.js setupBoard) of `square` (row by row from the top). */
export function setupIndex({ width, height }, square) {
  return (height - Number(square.slice(1))) * width + (square.charCodeAt(0) - 97);
}

export function createSetup(ctrl) {
  const change = (patch) => ctrl.set({ setup: { ...ctrl.state.setup, ...patch } });

  /** Checks the position being set up: its FEN, or every reason it is impossible. */
  function checkSetup() {
    const setup = ctrl.state.setup;
    const { cells, sideToMove, castling, enPassant, halfmoves, fullmoves } = setup;
    let written;
    try {
      written = ctrl.engine.writePosition({ cells, sideToMove, castling, enPassant, halfmoves, fullmoves });
    } catch (e) {
      // A field that makes no FEN (an en passant square that is no square) is
      // a problem of the position like the others, said without the place in
      // a FEN the person never wrote; the position cannot be used.
      written = { fen: '', problems: [reason(e).replace(/^bad FEN at character \d+: /, '')] };
    }
    const problems = moveNumberOf(setup.moveNumberText) ? written.problems : [...written.problems, 'the move number must be a whole number from 1'];
    // (An impossible position has no FEN to copy.)
    change({ problems, fen: problems.length ? '' : written.fen });
    ctrl.touch('setup', 'fen', 'board');
  }

  /** A change of the position being set up, then checked. */
  const edit = (patch) => {
    change(patch);
    checkSetup();
  };

  /** A piece placed or taken away: the position has no halfmoves (no moves led to it). */
  const place = (cells) => edit({ cells: cells.join(''), halfmoves: 0 });

  function closeSetup() {
    ctrl.set({ setup: null }, 'setup');
    ctrl.touch();
  }

  return {
    queries: {
      /** Whether a piece stands on `square` of the position being set up. */
      setupPieceOn: (square) => ctrl.state.setup.cells[setupIndex(ctrl.state.setup.board, square)] !== '.',
    },
    transitions: {
      /** Opens the editor on the position on screen (another game's: the start position). */
      openSetup() {
        // The editor is the engine module's (the reader has not positionSetup).
        if (ctrl.engine && !ctrl.engine.positionSetup) return ctrl.whenAnalysis(() => ctrl.openSetup());
        const s = ctrl.state;
        const snapshot = snapshotOf(s);
        const game = setupGame(ctrl.games(), s.outcome?.game);
        if (!game) return;
        const board = setupBoard(game);
        // (The position on screen, when it is of the editor's game.)
        const own = s.outcome?.game === board.game;
        const view = ctrl.safe(() => ctrl.engine.positionSetup(own ? snapshot.fen : board.start), null);
        if (!view) return;
        ctrl.set({ setup: { ...view, moveNumberText: String(view.fullmoves), brush: board.brush, problems: [], pieces: board.pieces, board }, selection: null });
        checkSetup();
        ctrl.touch();
      },
      /** A square clicked: the piece chosen placed there, or taken away (clicked again, or with the eraser). */
      setupSquare(square) {
        const { cells, brush, board } = ctrl.state.setup;
        const all = [...cells];
        const i = setupIndex(board, square);
        all[i] = all[i] === brush ? '.' : brush === 'x' ? '.' : brush;
        place(all);
      },
      /** A piece dragged from `from` to `to` (null: off the board, taken away). */
      setupDrop(from, to) {
        const { cells, board } = ctrl.state.setup;
        const all = [...cells];
        const piece = all[setupIndex(board, from)];
        all[setupIndex(board, from)] = '.';
        if (to) all[setupIndex(board, to)] = piece;
        place(all);
      },
      /** The piece to place (a letter of the palette, or 'x' to remove). */
      choosePiece(brush) {
        change({ brush });
        ctrl.touch('setup');
      },
      setSideToMove: (sideToMove) => edit({ sideToMove }),
      /** A castling right (K, Q, k or q) given or taken. */
      setCastling(flag, on) {
        const { castling, board } = ctrl.state.setup;
        const kept = board.castling.map(([f]) => f).filter((f) => (f === flag ? on : castling.includes(f))).join('');
        edit({ castling: kept || '-' });
      },
      setEnPassant: (text) => edit({ enPassant: text.trim() || null }),
      /** The move number the new position starts from, as typed. */
      setMoveNumber(typed) {
        const text = typed.trim();
        edit({ moveNumberText: text, fullmoves: moveNumberOf(text) ?? ctrl.state.setup.fullmoves });
      },
      // An empty board: the side that starts the game to move (White in chess), no castling.
      clearSetup() {
        const { sideToMove } = ctrl.engine.positionSetup(ctrl.state.setup.board.start);
        edit({ cells: '.'.repeat(ctrl.state.setup.cells.length), sideToMove, castling: '-', enPassant: null, halfmoves: 0 });
      },
      setupStart() {
        const start = ctrl.engine.positionSetup(ctrl.state.setup.board.start);
        edit({ ...start, moveNumberText: String(start.fullmoves) });
      },
      /** "Use this position": it replaces the text (Ctrl+Z brings the text back). */
      useSetup() {
        checkSetup();
        const { problems, fen } = ctrl.state.setup;
        if (problems.length) {
          ctrl.say('Fix the position first: it cannot be played from.');
          return;
        }
        ctrl.say('');
        closeSetup();
        ctrl.remember();
        // The position is a game of its own: no longer one game of the old text's several (Ctrl+Z goes back to that one).
        ctrl.set({ gameIndex: 0 });
        ctrl.writeText(fen, []);
      },
      closeSetup,
    },
  };
}
