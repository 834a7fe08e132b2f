/*
 * Errors and limits, for every function below. Every Error thrown has a
 * message that starts with a code in brackets: [bad_argument] (a wrong type
 * or value, an argument that throws when read: a getter, a proxy, an array
 * of more than 64 squares), [bad_options], [too_long] (a string argument
 * longer than 16 MiB, 16,777,216 UTF-16 code units: refused before it is
 * copied), [bad_fen], [illegal_move], [bad_path], [no_report], [freed],
 * [over_budget], [needs_all_games], ... An argument object (options, an
 * edit, a setup) is read as plain data: a plain object of at most 10,000
 * values and 1,048,576 characters of strings in all. No argument can trap
 * the module: it keeps working after any of these.
 */

/** A player of any of the games (checkers has red instead of white). */
export type Side = "white" | "black" | "red";

/**
 * The games. The module in www/pkg/ (the page's first) has chess's rules
 * alone: every call about another game (a text of that game, or the game
 * named in the options) throws an Error whose message starts with
 * `[needs_all_games] <game>: `; the module in www/pkg-all/ has every game.
 */
export type Game = "chess" | "grid" | "congo" | "checkers";

export type Status =
  | "checkmate" | "stalemate" | "incomplete"
  | "parse_error" | "completion_error" | "illegal_move"
  | "win" | "draw" | "answer";

export interface Mark {
  /** Square name in the game's coordinates ("e4", "z26"). */
  square: string;
  kind: "move" | "capture" | "check" | "selected";
}

/** A square with a meaning in the rules (Congo's river and castles). */
export interface Landmark {
  square: string;
  kind: "river" | "castle";
}

/** How the game stands when nobody can move on. */
export interface Over {
  status: "checkmate" | "stalemate" | "win" | "draw";
  winner: Side | null;
  /** Why, in plain words. */
  reason: string;
}

/**
 * One position, game-agnostic: what the board renderer draws, and every
 * fact the page needs to explain it.
 */
export interface Snapshot {
  width: number;
  height: number;
  /**
   * width x height characters, row by row from the top; "." is empty, else
   * the piece's letter as the game's own text writes it (uppercase for the
   * first player; checkers' file letters r R b B, uppercase a king).
   */
  cells: string;
  sideToMove: Side | null;
  /** The square of the king (or lion) in check, if any. */
  check: string | null;
  /** The position in the game's own text form (FEN for chess and Congo). */
  fen: string;
  /** The number of the move about to be played. */
  moveNumber: number;
  /** Set when the game has ended in this position. */
  over: Over | null;
  landmarks: Landmark[];
  /** A square is dark when its column (a = 0) plus its rank (from 1) has this parity. */
  darkParity: number;
  /** Every piece letter of the game, with its name ("N": "white knight"). */
  pieces: Record<string, string>;
  /** Squares to mark (a problem's answer). */
  marks: Mark[];
}

/** Where a problem is; text.slice(start, end) is the offending move or character. */
export interface ErrorInfo {
  /** How many plies of its line were played before the problem. */
  ply: number;
  start: number;
  end: number;
  /** The offending character as the course prints it, for parse errors. */
  character: string | null;
  from: string | null;
  to: string | null;
  /** What was wrong, in plain words. */
  reason: string;
}

/** An arrow (to set) or a marked square, from a PGN comment's [%cal] / [%csl]. */
export interface Shape {
  color: "green" | "red" | "yellow" | "blue";
  from: string;
  to: string | null;
}

export interface Ply {
  /** The move as the game writes it (SAN for chess). */
  notation: string;
  from: string;
  to: string;
  /** Every square the piece passes through, from and to included. */
  path: string[];
  /** The moving piece's letter, as in Snapshot.cells. */
  piece: string;
  /** Every piece taken, as letters. */
  captured: string[];
  /** What the piece becomes, if it changes. */
  promotion: string | null;
  /**
   * The mover's own pieces the move drowned (Congo's river: pieces that end
   * two moves in a row in it), the moving piece among them if it did; empty
   * in every other game.
   */
  drowned: Drowned[];
  /** The move's span in the text (UTF-16 code units). */
  start: number;
  end: number;
  /** The position after the move. */
  snapshot: Snapshot;
  /** Comments after the move, without their drawing commands. */
  comments: string[];
  /** Numeric annotation glyphs ("!" is 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6). */
  nags: number[];
  shapes: Shape[];
  /** The clock after the move, as written ("0:03:12"). */
  clock: string | null;
  /** An evaluation the text states: "+0.35", "-1.20", "#3", "#-3". */
  eval: string | null;
  /** Alternatives to this move, played from the position before it. */
  variations: Line[];
}

/** A piece a move drowned, and the square it stood on. */
export interface Drowned {
  /** Its letter, as in Snapshot.cells. */
  piece: string;
  square: string;
}

/** A variation. */
export interface Line {
  /** Comments before its first move, without their drawing commands. */
  comments: string[];
  /** What those comments draw ([%cal], [%csl]), on the position before its first move. */
  shapes: Shape[];
  plies: Ply[];
  /**
   * Its first problem, after its plies: a move that cannot be played (the
   * moves after it are `unplayed`), or a syntax error (`character` set: the
   * rest of the variation, up to its `)`, is not read). Either ends the
   * variation alone; the game goes on after it.
   */
  error: ErrorInfo | null;
  /** The moves after its error, not played: the first 1,000 of them. */
  unplayed: Unplayed[];
  /** How many more moves follow those in `unplayed` (0 unless there are more than 1,000). */
  unplayedOmitted: number;
}

/** A move written in the text but not played (it follows an error). */
export interface Unplayed { notation: string; start: number; end: number; }

export interface Suggestion {
  from: string;
  to: string;
  /** Every square the piece passes through, from and to included. */
  path: string[];
  piece: string;
  promotion: string | null;
  notation: string;
  /** The course program's line, e.g. "suggest white knight from g1 to f3". */
  line: string;
  reason: "mate" | "avoids mate" | "only moves" | "strategy";
  /** Moves to mate: ours for "mate", the opponent's for "avoids mate" and "only moves". */
  mateIn: number | null;
}

export interface Tag { name: string; value: string; }

/** What only chess texts have. */
export interface ChessInfo {
  /** "fen": a FEN on the first line, then moves. */
  notation: "course" | "pgn" | "fen";
  tags: Tag[];
  /** The result the text states, if any. */
  statedResult: string | null;
  /** The result a PGN of this game carries ("1-0", "0-1", "1/2-1/2", "*"). */
  result: string;
  gamesInText: number;
  /** Which game of the text was analysed (from 0). */
  gameIndex: number;
  /** The analysed game's span in the text (UTF-16): what a link to it holds. */
  gameStart: number;
  gameEnd: number;
  /** How a lenient reading understood what was not standard. */
  notes: string[];
}

/** A move named by a problem's answer. */
export interface ProblemMove { from: string; to: string; piece: string; notation: string; }

/** What only grid problems have. */
export interface ProblemInfo {
  /** The problem id, 0 to 4. */
  id: number;
  /** Problem 4: the mating move, if there is one. */
  mate: ProblemMove | null;
}

export interface Outcome {
  game: Game;
  /** The players, the first to move in the standard start first. */
  players: Side[];
  status: Status;
  winner: Side | null;
  /** The exact one-line verdict the course program prints. */
  message: string;
  /** The main line's first problem. */
  error: ErrorInfo | null;
  initial: Snapshot;
  /** Comments before the first move, without their drawing commands. */
  comments: string[];
  /** What those comments draw ([%cal], [%csl]), on the initial position. */
  shapes: Shape[];
  /**
   * The main line. Of a chess game, built when first read (the module keeps
   * the game's moves meanwhile, and builds the plies and their snapshots
   * then): reading a game for its verdict alone costs about a quarter as
   * much. It reads as a plain
   * field all the same (own and enumerable: JSON, spreading and
   * structuredClone see it; it can be assigned), and is built once.
   */
  plies: Ply[];
  /** The moves after the error, not played: the first 1,000 of them. */
  unplayed: Unplayed[];
  /** How many more moves follow those in `unplayed` (0 unless there are more than 1,000). */
  unplayedOmitted: number;
  suggestion: Suggestion | null;
  chess: ChessInfo | null;
  problem: ProblemInfo | null;
}

export interface AnalyzeOptions {
  /** Default "auto": decided from the text's first line. */
  game?: "auto" | Game;
  /** Chess only. Default "auto": a FEN, else the course notation when the text is valid course notation, else PGN. */
  notation?: "auto" | "course" | "pgn";
  /** Compute the suggested move for an unfinished game. Default true. */
  suggest?: boolean;
  /** For a text of several PGN games: which one (from 0). Default 0. Past the last game, the last is read
   * (the outcome's `chess.gameIndex` says which game was). */
  gameIndex?: number;
}

export interface GameOptions {
  /** Default "chess". */
  game?: Game;
}

export interface ExportOptions {
  notation?: "auto" | "course" | "pgn";
  gameIndex?: number;
}

/** A game this module knows. */
export interface GameInfo {
  id: Game;
  /** The name people read. */
  title: string;
  /** The players, the first to move in the standard start first. */
  players: Side[];
  /**
   * What this module can do with a game of it; null when it has not the
   * game's rules (the chess module, for the other games: every call about
   * one throws [needs_all_games]).
   */
  rules: GameRules | null;
}

/** What the page can do with a game: nothing is decided from its id. */
export interface GameRules {
  /** Moves are played on the board and written into the text (a grid problem is studied: its board shows where pieces can go). */
  play: boolean;
  /** What `moves` and `play` take as the position: a snapshot's `fen`, or the game's whole text (grid problems). */
  position: "fen" | "text";
  /** Snapshot.fen is a FEN ("Copy FEN"); else the game's own text of a position ("Copy position"). */
  fen: boolean;
  /** `exportPgn` writes the game's whole tree as PGN. */
  pgn: boolean;
  /** `exchangeFile` writes a position as the course's exchange file. */
  exchangeFile: boolean;
  /** `suggest` suggests a move (a grid problem's answer comes with its Outcome). */
  suggest: boolean;
  /** How the suggestion chooses when no mate decides, in words ("best by this board's engine"). */
  strategy: string | null;
  /** `report` and `Reporter` report on every move. */
  report: boolean;
  /** `puzzle` and `puzzleMove` make a position of it a mate puzzle. */
  puzzle: boolean;
  /** The letters a piece may become (Ply.promotion), in the order to offer a choice ("QqRrBbNn"). */
  promotions: string;
  /** The board editor (`positionSetup`, `writePosition`), for a game that has one. */
  setup: SetupRules | null;
}

/** A game's board editor. */
export interface SetupRules {
  width: number;
  height: number;
  /** The letters of the pieces to place, in the order to offer them. */
  palette: string;
  /** The start position (a FEN), for "Start position". */
  start: string;
  /** The name of every letter of the palette ("N": "white knight"). */
  pieces: Record<string, string>;
}

/** The games this module knows, in the order to list them. */
export function games(): GameInfo[];

/** Analyses a pasted game. Throws only for bad arguments or options. */
export function analyze(text: string, options?: AnalyzeOptions): Outcome;

/** The suggested move for a position (FEN), or null when the game is over. Throws for a bad FEN. */
export function suggest(position: string, options?: GameOptions): Suggestion | null;

/** The PGN of a chess text's whole tree: tags, moves, comments, NAGs, drawings, variations, result. */
export function exportPgn(text: string, options?: ExportOptions): string;

/**
 * The course's Congo alpha-beta to `depth` (0 to 8): its value and the
 * positions visited. A search estimated to take more than about ten
 * seconds (depth 8 from the start) throws [over_budget] at once, with the
 * estimate.
 */
export function congoAlphabeta(fen: string, depth: number): { value: number; nodes: number };

/** The course's exchange file for a checkers position (Snapshot.fen of a checkers game). */
export function exchangeFile(position: string): string;

/** A legal move of a position, as the board offers it. */
export interface Move {
  /** The move as the game writes it (SAN with + or # for chess). */
  notation: string;
  from: string;
  to: string;
  /** Every square the piece passes through, from and to included (multi-jumps stop at each landing square). */
  path: string[];
  piece: string;
  captured: string[];
  promotion: string | null;
}

/**
 * The legal moves of a position (its FEN; for grid problems the problem
 * text, and where each piece can go by its pattern). Throws [bad_fen].
 */
export function moves(position: string, options?: GameOptions): Move[];

/**
 * Plays one move, written as the game writes it (chess: SAN or long
 * algebraic such as "Nf3", "g1f3", "e7e8=Q"; Congo "d2d3", "b3d5f3"; checkers
 * "c3->d4"), or as the squares it passes (["e2", "e4"]). Throws
 * [illegal_move] with the reason, [bad_move], [bad_fen].
 */
export function play(position: string, move: string | string[], options?: GameOptions): Ply;

/**
 * A node of the move tree: [] is the start; [i] ply i of the main line;
 * [i, v, j] ply j of variation v of ply i; and so on.
 */
export type Path = number[];

export type Edit =
  | { kind: "add"; at: Path; move: string }
  | { kind: "delete"; at: Path }
  | { kind: "promote"; at: Path };

export interface Edited {
  /** The new text (PGN, or the course line extended). */
  text: string;
  /** The node to show: the move added, or the one before the deleted. */
  path: Path;
  /** What the edit left out of the text, if anything. */
  note: string | null;
}

/**
 * Rewrites a game's text with one edit of its tree. A move that the tree
 * already has is followed (the text is unchanged). Throws [bad_path],
 * [illegal_move], [bad_move], [unreadable], [not_a_variation], [would_lose] (the
 * game holds what the board cannot show and the rewritten text would lose: a
 * null move with alternatives of its own or in the main line, a variation of
 * comments alone), [null_move_main_line] (the variation that would become
 * the main line, promoted or in a deleted move's place, goes on with a null move). A variation that stops at a null move keeps the rest of
 * it as written.
 */
export function editGame(text: string, edit: Edit, options?: AnalyzeOptions): Edited;

/** One game of a PGN text, as a game chooser lists it. */
export interface GameSummary {
  index: number;
  white: string | null;
  black: string | null;
  result: string | null;
  event: string | null;
  round: string | null;
  date: string | null;
  /** Moves of its main line, as written. */
  plies: number;
  /**
   * Where its text starts and ends (from its first token, a tag or a
   * comment, to its last), in UTF-16 code units as JS strings count:
   * `text.slice(start, end)` is this game alone.
   */
  start: number;
  end: number;
}

/** Every game of a PGN text. */
export function listGames(text: string): GameSummary[];

/** A chess position as the board editor edits it. */
export interface SetupView {
  /** 64 characters, rank 8 first, "." for an empty square. */
  cells: string;
  sideToMove: "white" | "black";
  /** "KQkq", a part of it, or "-". */
  castling: string;
  enPassant: string | null;
  halfmoves: number;
  fullmoves: number;
}

/** A chess FEN as the editor's view. Throws [bad_fen]. */
export function positionSetup(fen: string): SetupView;

/** The FEN of an edited position and every reason it cannot be played from (empty when it can). */
export function writePosition(setup: SetupView): { fen: string; problems: string[] };

/** A move the report names. */
export interface ReportMove { notation: string; from: string; to: string; }

/** A proven mistake (chess only: from the exact mate search). */
export interface ReportFact {
  kind: "missed_mate" | "allows_mate";
  /** Moves to mate. */
  n: number;
  /** "missed mate in 2 (Qxh7+)", "allows mate in 1 (Qf7#)". */
  text: string;
  /** A better move from the position before the ply: the mate missed, or a move that allows no such mate. */
  better: ReportMove;
}

/** The report on one ply of the main line. */
export interface ReportPly {
  /** From 1. */
  ply: number;
  notation: string;
  /** After the move: "+1.25", "-0.40", "#2", "#-1" for chess; the search's value for Congo and checkers; null once the game is over. */
  eval: string | null;
  /** The first player's winning chances after the move, from -1 to +1 (what the graph draws). */
  value: number;
  mark: "??" | "?" | "?!" | null;
  facts: ReportFact[];
  /** The best line from the position after the move. */
  pv: string[];
  /** Why a marked move is marked, one sentence from the engine's lines ("the reply Nxe5 wins a knight."); null when unmarked (chess only). */
  why: string | null;
  /** For a marked move: a better move from the position before the ply and its line (the better move first), to draw there; empty otherwise. */
  betterLine: ReportMove[];
}

export interface ReportStart { eval: string | null; value: number; pv: string[]; }

/** How the evaluations are made, in words; whether facts are proven. */
export interface ReportMethod { text: string; proven: boolean; }

/**
 * The report on a game's main line, a ply at a time, up to its first 1,000
 * plies (then `method().text` says so). Throws [no_report] for a grid
 * problem and for a text that gives no position to start from (a FEN that
 * gives none: as `analyze` reads it, a parse error). Once `free()`d, every
 * method throws [freed]. (`new Reporter(...)` returns a plain object of
 * this shape: `instanceof Reporter` is false.)
 */
export class Reporter {
  constructor(text: string, options?: AnalyzeOptions);
  /** How many plies the report will have. */
  readonly length: number;
  start(): ReportStart;
  method(): ReportMethod;
  /** The next ply's report, or null after the last. */
  next(): ReportPly | null;
  free(): void;
}

/** The whole report at once. */
export function report(text: string, options?: AnalyzeOptions): { start: ReportStart; method: ReportMethod; plies: ReportPly[] };

/** A chess position as a mate puzzle. */
export interface PuzzleInfo {
  /** The fastest forced mate for the side to move, in its moves; null when there is none within 3. */
  mateIn: number | null;
  /** The square of the piece that starts the mate. */
  hint: string | null;
  /** The fastest mate, each move answered by the defence that holds out longest (SAN). */
  solution: string[];
}

/** A move played in a mate puzzle, judged. */
export interface PuzzleStep {
  result: "solved" | "continue" | "wrong";
  /** Why a wrong move is wrong ("not the fastest mate", "this allows Qxf7#"). */
  reason: string | null;
  ply: Ply;
  /** The board's answer: the defence that holds out longest. */
  reply: Ply | null;
}

/** A FEN as a mate puzzle. Throws [bad_fen]. */
export function puzzle(fen: string): PuzzleInfo;

/** Judges a move in the mate puzzle of a FEN. Throws [illegal_move], [bad_move], [bad_fen], [bad_options] (no mate). */
export function puzzleMove(fen: string, move: string): PuzzleStep;
