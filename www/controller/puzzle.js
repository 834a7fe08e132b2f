// The controller's part for puzzles (mode "puzzle"): the position on
// screen becomes a puzzle for the side to move. With a game that goes on
// after it, the right move is the game's next one; else, with a forced mate
// in at most 3, a move that keeps a fastest mate (the module's puzzle and
// puzzleMove). `state.puzzle`:
//   { kind: 'mate' | 'line', game, start, snapshot (as played), lastMove,
//     line (the moves expected, for a line), at, info (for a mate),
//     done, hint (a square), note: { text, said } }
import { gameCan } from '../games.js';
import { reason } from '../engine.js';
import { snapshotOf } from '../state.js';

export function createPuzzle(ctrl) {
  const change = (patch, ...topics) => ctrl.set({ puzzle: { ...ctrl.state.puzzle, ...patch } }, 'puzzle', ...topics);
  const note = (text) => change({ note: { text, said: ctrl.state.puzzle.note.said + 1 } });

  /** Makes the position on screen a puzzle for the side to move. */
  function startPuzzle() {
    const s = ctrl.state;
    const o = s.outcome;
    const snapshot = snapshotOf(s);
    if (!o || !snapshot || !gameCan(s.rules).puzzle) {
      ctrl.set({ puzzle: null }, 'puzzle');
      ctrl.say(o && !gameCan(s.rules).puzzle ? 'Puzzles are chess positions.' : '');
      return;
    }
    const line = s.path.length <= 1 ? o.plies.slice(s.path.length ? s.path[0] + 1 : 0) : [];
    const info = line.length ? null : ctrl.safe(() => ctrl.engine.puzzle(snapshot.fen), null);
    const done = !line.length && !info?.mateIn;
    const said = s.puzzle?.note.said ?? 0;
    ctrl.set({
      puzzle: {
        kind: line.length ? 'line' : 'mate', game: o.game, start: snapshot, snapshot, lastMove: null, line, at: 0, info, done, hint: null,
        note: { text: '', said: said + 1 },
      },
    }, 'puzzle');
  }

  /** A move of the puzzle played: the position after it. */
  function advance(ply) {
    const { at } = ctrl.state.puzzle;
    change({ snapshot: ply.snapshot, lastMove: { from: ply.from, to: ply.to, path: ply.path }, at: at + 1 }, 'fen');
  }

  /** The puzzle goes on (`text` says why) or is solved. */
  function finishIf(done, text) {
    change({ done });
    note(done ? 'Solved!' : text);
    // Solved: nothing is left to play (the move field goes), and the line under the board says so.
    if (done) ctrl.touch();
    else ctrl.touch('board');
  }

  return {
    startPuzzle,
    queries: {},
    transitions: {
      /** A move played in the puzzle: right (the board answers), solved, or taken back with the reason. */
      puzzleMove(m) {
        ctrl.set({ selection: null });
        change({ hint: null }, 'board');
        const puzzle = ctrl.state.puzzle;
        if (puzzle.kind === 'line') {
          const expected = puzzle.line[puzzle.at];
          if (m.notation !== expected.notation) {
            note(`${m.notation} is not the move played in the game. Try again.`);
            return;
          }
          advance(expected);
          const reply = puzzle.line[puzzle.at + 1];
          if (reply) advance(reply);
          finishIf(ctrl.state.puzzle.at >= puzzle.line.length, `${m.notation} is right.`);
          return;
        }
        let step;
        try {
          step = ctrl.engine.puzzleMove(puzzle.snapshot.fen, m.notation);
        } catch (e) {
          note(reason(e));
          return;
        }
        if (step.result === 'wrong') {
          note(`${step.ply.notation}: ${step.reason}. Try again.`);
          return;
        }
        advance(step.ply);
        if (step.reply) advance(step.reply);
        finishIf(step.result === 'solved', `${step.ply.notation} is right${step.reply ? `; ${step.reply.notation} holds out longest` : ''}.`);
      },
      /** "Hint" (the piece to move), "Show the solution", "Start again". */
      puzzleAction(action) {
        if (action === 'again') {
          startPuzzle();
          ctrl.touch();
          return;
        }
        const puzzle = ctrl.state.puzzle;
        if (puzzle.kind === 'line') {
          const rest = puzzle.line.slice(puzzle.at).map((p) => p.notation);
          if (action === 'hint') change({ hint: puzzle.line[puzzle.at]?.from ?? null });
          else note(`The game went: ${rest.join(' ')}.`);
        } else {
          const info = ctrl.safe(() => ctrl.engine.puzzle(puzzle.snapshot.fen), null);
          if (action === 'hint') change({ hint: info?.hint ?? null });
          else note(info?.solution.length ? `The solution: ${info.solution.join(' ')}.` : '');
        }
        const hint = ctrl.state.puzzle.hint;
        if (action === 'hint' && hint) note(`Hint: move the piece on ${hint}.`);
        ctrl.touch('board');
      },
    },
  };
}
