// The facts of a game that the page still works out for itself, each behind
// one small function, here and nowhere else. They belong in the module's
// answers (issue 32): when the module says them, each function becomes the
// one line that reads its answer.

/**
 * What the game of `outcome` lets the page do: write its position as a FEN
 * (`fen`; otherwise "Copy position"), Copy PGN (`pgn`), the checkers
 * exchange file (`exchange`), the board editor (`setup`), puzzles
 * (`puzzle`), moves played and stepped through (`moves`: a grid problem
 * is studied, not played); and whether a move may drown its own pieces
 * (`drowns`: Congo's river, see drownedBy).
 */
export function gameCan(outcome) {
  const game = outcome?.game;
  return {
    fen: game === 'chess' || game === 'congo',
    pgn: game === 'chess',
    exchange: game === 'checkers',
    setup: game === 'chess',
    puzzle: game === 'chess',
    moves: game !== 'grid',
    drowns: game === 'congo',
  };
}

/**
 * What the board editor sets up: its game, the board's size, the pieces of
 * its palette (in order; `brush` chosen first), its start position, the
 * sides to move and the castling rights, each with its label.
 */
export function setupBoard() {
  return {
    game: 'chess',
    width: 8,
    height: 8,
    palette: 'KQRBNPkqrbnp',
    brush: 'P',
    start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    sides: [['white', 'White to move'], ['black', 'Black to move']],
    castling: [['K', 'White O-O'], ['Q', 'White O-O-O'], ['k', 'Black O-O'], ['q', 'Black O-O-O']],
  };
}

/** How the suggestion of the game's search is chosen when no mate decides it, in words. */
export function strategyWords(game) {
  return game === 'chess' ? "best by this board's engine" : "best by the course's search";
}

/** The order in which the promotion chooser offers the pieces (the queen first). */
export function promotionOrder() {
  return 'QqRrBbNnSsKk';
}

/**
 * The mover's pieces a move of a game that drowns (gameCan's `drowns`)
 * drowned, as [letter, square] (`before`: the position before it). In
 * Congo the mover's own pieces leave the board only by drowning, so each
 * one missing after the move (the moving piece, from its landing square)
 * drowned.
 */
export function drownedBy(ply, before, pieces) {
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
