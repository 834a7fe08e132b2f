// The facts of a game the page acts on, read from the module's answers:
// each game's rules (`games()`, GameRules in src/api.d.ts) and each ply's
// `drowned`. The page decides nothing from a game's id (issue 32;
// tests/js/game-rules.test.mjs fails if this file names a game).

/**
 * The rules of the game `id` among `games` (the module's `games()`), or
 * null where that module has none (the chess module, for another game).
 */
export function rulesOf(games, id) {
  return games?.find((g) => g.id === id)?.rules ?? null;
}

/**
 * What a game whose rules are `rules` (null: none known) lets the page do:
 * write its position as a FEN (`fen`; otherwise "Copy position"), Copy PGN
 * (`pgn`), the course's exchange file (`exchange`), the board editor
 * (`setup`), puzzles (`puzzle`), moves played and stepped through (`moves`:
 * a grid problem is studied, not played).
 */
export function gameCan(rules) {
  return {
    fen: !!rules?.fen,
    pgn: !!rules?.pgn,
    exchange: !!rules?.exchangeFile,
    setup: !!rules?.setup,
    puzzle: !!rules?.puzzle,
    moves: !!rules?.play,
  };
}

/**
 * The game of the board editor, among `games` (the module's `games()`):
 * `wanted` (a game's id: the one on screen) if it has an editor, else the
 * first that has one; null when none has.
 */
export function setupGame(games, wanted) {
  const editable = (games ?? []).filter((g) => g.rules?.setup);
  return editable.find((g) => g.id === wanted) ?? editable[0] ?? null;
}

/**
 * What the board editor of `game` (a `games()` entry whose rules have
 * `setup`) sets up: its game, the board's size, the pieces of its palette
 * (in order; `brush` chosen first) and their names, its start position, the
 * sides to move and the castling rights its start position names, each
 * with its label.
 */
export function setupBoard(game) {
  const { width, height, palette, start, pieces } = game.rules.setup;
  const sideOf = (letter) => (pieces[letter] ?? '').split(' ')[0];
  const title = (side) => side[0].toUpperCase() + side.slice(1);
  // The palette goes from each side's greatest piece to its least, the first
  // player's first: the brush is that side's least (chess: the pawn), the
  // piece most often placed.
  const brush = [...palette].filter((letter) => sideOf(letter) === game.players[0]).at(-1) ?? palette[0];
  // A FEN's castling field (K: the king's side, Q: the queen's).
  const rights = /^[KQkq]+$/.exec(start.split(' ')[2] ?? '')?.[0] ?? '';
  return {
    game: game.id,
    width,
    height,
    palette,
    brush,
    pieces,
    start,
    sides: game.players.map((side) => [side, `${title(side)} to move`]),
    castling: [...rights].map((flag) => [flag, `${title(sideOf(flag))} ${flag.toUpperCase() === 'K' ? 'O-O' : 'O-O-O'}`]),
  };
}

/** How the suggestion of the game's search is chosen when no mate decides it, in words ('' for none). */
export function strategyWords(rules) {
  return rules?.strategy ?? '';
}

/** The letters a piece may become, in the order the promotion chooser offers them (the queen first). */
export function promotionOrder(rules) {
  return rules?.promotions ?? '';
}

/** The mover's pieces `ply` drowned (Congo's river), as [letter, square]. */
export function drownedBy(ply) {
  return (ply.drowned ?? []).map(({ piece, square }) => [piece, square]);
}
