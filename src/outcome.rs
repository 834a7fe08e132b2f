//! The result of analysing a pasted text, for every game alike: what the
//! page draws and what the command-line programs print. This layer knows no
//! game: each game's reader (behind its adapter, `adapter::GameAdapter`)
//! builds an `Outcome` with `Outcome::new` and plays its moves through
//! `play_line`.

use crate::game::{GameKind, NeedsAllGames};
use crate::json::{json_enum, json_object, write_object, ToJson};
use crate::short::{Captures, Path, ShortText, SquareName};
/// The verdict's kind: defined beside `Over`, which every snapshot carries.
pub use crate::snapshot::Status;
use crate::snapshot::{Side, Snapshot};

/// Where a problem in the text is. `start..end` index the text as
/// JavaScript strings do (UTF-16 code units), so `text.slice(start, end)` is
/// the offending move or character.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct ErrorInfo {
    /// How many plies of its line were played before the problem.
    pub ply: usize,
    pub start: usize,
    pub end: usize,
    /// The offending character, for parse errors.
    pub character: Option<String>,
    /// The attempted move's squares, when the move could be completed.
    pub from: Option<String>,
    pub to: Option<String>,
    /// What was wrong, in plain words.
    pub reason: String,
}

/// An arrow or a square drawn by a PGN comment (`[%cal Ge2e4]`,
/// `[%csl Rd5]`), in the lichess and ChessBase colours.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Shape {
    pub color: ShapeColor,
    pub from: String,
    /// The arrow's head; `None` for a marked square.
    pub to: Option<String>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ShapeColor {
    Green,
    Red,
    Yellow,
    Blue,
}

/// A move as its players write it: any SAN held in place.
pub type MoveText = ShortText<16>;

/// One move as played, with what the text says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Ply {
    /// The move as the game's players write it (SAN for chess).
    pub notation: MoveText,
    pub from: SquareName,
    pub to: SquareName,
    /// Every square the piece passes through, `from` and `to` included
    /// (more than two only for multi-jumps).
    pub path: Path,
    /// The moving piece's letter, as in `Snapshot::cells`.
    pub piece: char,
    /// Every piece the move takes, as in `Snapshot::cells`.
    pub captured: Captures,
    /// What the piece becomes, if it changes (in the mover's letter case).
    pub promotion: Option<char>,
    /// The mover's own pieces the move drowned (Congo's river), the moving
    /// piece among them if it did: all the pieces it lost.
    pub drowned: Vec<Drowned>,
    /// The move's span in the text (UTF-16 code units).
    pub start: usize,
    pub end: usize,
    /// The position after the move.
    pub snapshot: Snapshot,
    /// Comments after the move, without their drawing commands.
    pub comments: Vec<String>,
    /// Numeric annotation glyphs (`!` is 1, `?` is 2, `$14` is 14).
    pub nags: Vec<u8>,
    pub shapes: Vec<Shape>,
    /// The clock after the move (`[%clk 0:03:12]`), as written.
    pub clock: Option<String>,
    /// The evaluation a comment states (`[%eval 0.35]`), as `+0.35` or `#-3`.
    pub eval: Option<String>,
    /// Alternatives to this move, from the position before it.
    pub variations: Vec<Line>,
}

impl Ply {
    /// A ply with nothing but its move and position (no annotations).
    #[inline]
    pub fn new(notation: impl Into<MoveText>, path: impl Into<Path>, piece: char, snapshot: Snapshot) -> Ply {
        let path = path.into();
        let from = path.first().cloned().unwrap_or_default();
        let to = path.last().cloned().unwrap_or_default();
        Ply {
            notation: notation.into(),
            from,
            to,
            path,
            piece,
            captured: Captures::default(),
            promotion: None,
            drowned: Vec::new(),
            start: 0,
            end: 0,
            snapshot,
            comments: Vec::new(),
            nags: Vec::new(),
            shapes: Vec::new(),
            clock: None,
            eval: None,
            variations: Vec::new(),
        }
    }
}

/// A piece a move drowned, and the square it stood on (`Ply::drowned`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Drowned {
    /// Its letter, as in `Snapshot::cells`.
    pub piece: char,
    pub square: SquareName,
}

/// A legal move of a position, as the board offers it (`moves`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BoardMove {
    /// The move as the game writes it (SAN with `+`/`#` for chess).
    pub notation: String,
    pub from: SquareName,
    pub to: SquareName,
    /// Every square the piece passes through, `from` and `to` included.
    pub path: Vec<SquareName>,
    pub piece: char,
    pub captured: Vec<char>,
    pub promotion: Option<char>,
}

impl From<&Ply> for BoardMove {
    fn from(ply: &Ply) -> BoardMove {
        BoardMove {
            notation: ply.notation.to_string(),
            from: ply.from.clone(),
            to: ply.to.clone(),
            path: ply.path.to_vec(),
            piece: ply.piece,
            captured: ply.captured.to_vec(),
            promotion: ply.promotion,
        }
    }
}

/// Why a move cannot be played on a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The position cannot be read.
    BadPosition(String),
    /// The move cannot be read.
    BadMove(String),
    /// The move is read but the rules forbid it: why, in plain words.
    Illegal(String),
    /// This game is not played move by move (grid problems).
    NotPlayable(String),
    /// This build has no rules for the game (see `game::NeedsAllGames`).
    NeedsAllGames(GameKind),
    /// The work asked for would not finish in time: how long it would take.
    OverBudget(String),
    /// This build is the reader, without the engine (feature `engine`):
    /// the suggestion, the report and puzzles are the worker module's.
    NeedsEngine,
}

impl Refusal {
    /// The code the JavaScript API puts in brackets.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::BadPosition(_) => "bad_fen",
            Refusal::BadMove(_) => "bad_move",
            Refusal::Illegal(_) => "illegal_move",
            Refusal::NotPlayable(_) => "bad_options",
            Refusal::NeedsAllGames(_) => NeedsAllGames::CODE,
            Refusal::OverBudget(_) => "over_budget",
            Refusal::NeedsEngine => "needs_engine",
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::BadPosition(why)
            | Refusal::BadMove(why)
            | Refusal::Illegal(why)
            | Refusal::NotPlayable(why)
            | Refusal::OverBudget(why) => f.write_str(why),
            Refusal::NeedsAllGames(game) => NeedsAllGames(*game).fmt(f),
            Refusal::NeedsEngine => f.write_str("the reader has no engine: ask the module built with it"),
        }
    }
}

/// A main line whose plies are built when first asked for: what building
/// them needs, kept by the game's reader instead of the plies (building
/// them was most of reading a chess game as wasm; see `analysis::analyze_later`).
pub trait LaterPlies {
    /// How many plies it holds.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The plies, every snapshot built: those the Outcome read at once has.
    fn build(self: Box<Self>) -> Vec<Ply>;
}

/// A variation: moves played from the position before the ply it replaces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Line {
    /// Comments before its first move, without their drawing commands.
    pub comments: Vec<String>,
    /// What those comments draw, on the position before the first move.
    pub shapes: Vec<Shape>,
    pub plies: Vec<Ply>,
    /// The line's first problem: a move that could not be played, or (in a
    /// variation) a syntax error that ends it.
    pub error: Option<ErrorInfo>,
    /// Moves of the line after its error, not played: the first
    /// `UNPLAYED_LISTED` of them.
    pub unplayed: Vec<Unplayed>,
    /// How many more moves follow those listed in `unplayed`.
    pub unplayed_omitted: usize,
}

/// At most this many moves not played are listed (`Line::unplayed`), the
/// rest only counted: a line of a million words after its error would
/// otherwise cost memory for each (60 MB as wasm for 1.5 million), and no
/// real game has more moves than this.
pub const UNPLAYED_LISTED: usize = 1000;

/// A move written in the text but not played (it follows an error).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Unplayed {
    pub notation: String,
    pub start: usize,
    pub end: usize,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Reason {
    /// The move starts a forced mate.
    Mate,
    /// The move stops a forced mate the opponent would otherwise have.
    #[cfg_attr(feature = "serde", serde(rename = "avoids mate"))]
    AvoidsMate,
    /// Every move allows a forced mate; this one delays it longest.
    #[cfg_attr(feature = "serde", serde(rename = "only moves"))]
    OnlyMoves,
    /// The best move of the game's strategic search.
    Strategy,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Suggestion {
    pub from: String,
    pub to: String,
    /// Every square the piece passes through, `from` and `to` included.
    pub path: Vec<String>,
    pub piece: char,
    pub promotion: Option<char>,
    /// The move in the game's notation (SAN for chess).
    pub notation: String,
    /// The course program's line, e.g. `suggest white knight from g1 to f3`.
    pub line: String,
    pub reason: Reason,
    /// Moves to mate: ours for `mate`, the opponent's for `avoids mate` and
    /// `only moves`.
    pub mate_in: Option<u32>,
}

/// A PGN tag pair.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Tag {
    pub name: String,
    pub value: String,
}

/// Which chess notation a text was read with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Notation {
    /// The strict course notation (`shared/spec/course-notation.md`).
    Course,
    /// PGN and SAN, read leniently.
    Pgn,
    /// A bare FEN: a position, possibly followed by moves.
    Fen,
}

/// What only chess texts have.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct ChessInfo {
    pub notation: Notation,
    /// PGN tags (empty for other notations).
    pub tags: Vec<Tag>,
    /// The result the text states (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub stated_result: Option<String>,
    /// The result a PGN of this game carries: the board's verdict
    /// (checkmate, stalemate), else the stated result, else `*`.
    pub result: String,
    /// How many games the text holds, and which one was analysed (from 0).
    pub games_in_text: usize,
    pub game_index: usize,
    /// The analysed game's span in the text (UTF-16 code units): of a text
    /// of several games, what a link to this one holds.
    pub game_start: usize,
    pub game_end: usize,
    /// How a lenient reading understood what was not standard.
    pub notes: Vec<String>,
}

/// A move named by a problem's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProblemMove {
    pub from: String,
    pub to: String,
    pub piece: char,
    /// `Qg4-g2`, `nd2xb1`.
    pub notation: String,
}

/// What only grid problems have: the question asked and, for problem 4,
/// the mating move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProblemInfo {
    /// The problem id, 0 to 4.
    pub id: u8,
    pub mate: Option<ProblemMove>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Outcome {
    pub game: GameKind,
    /// The players, the first to move in the standard start first.
    pub players: [Side; 2],
    pub status: Status,
    pub winner: Option<Side>,
    /// The exact one-line verdict the course program prints.
    pub message: String,
    /// The main line's first problem.
    pub error: Option<ErrorInfo>,
    pub initial: Snapshot,
    /// Comments before the first move, without their drawing commands.
    pub comments: Vec<String>,
    /// What those comments draw, on the initial position.
    pub shapes: Vec<Shape>,
    /// The main line.
    pub plies: Vec<Ply>,
    /// Moves in the text after the error, not played: the first
    /// `UNPLAYED_LISTED` of them.
    pub unplayed: Vec<Unplayed>,
    /// How many more moves follow those listed in `unplayed`.
    pub unplayed_omitted: usize,
    pub suggestion: Option<Suggestion>,
    pub chess: Option<ChessInfo>,
    pub problem: Option<ProblemInfo>,
}

impl Outcome {
    /// The one constructor: a game of `game` from `initial`, nothing played
    /// yet, incomplete; the adapter fills in the rest.
    pub fn new(game: GameKind, initial: Snapshot) -> Outcome {
        Outcome {
            game,
            players: game.players(),
            status: Status::Incomplete,
            winner: None,
            message: String::new(),
            error: None,
            initial,
            comments: Vec::new(),
            shapes: Vec::new(),
            plies: Vec::new(),
            unplayed: Vec::new(),
            unplayed_omitted: 0,
            suggestion: None,
            chess: None,
            problem: None,
        }
    }

    /// The snapshot after the last played ply.
    pub fn last_snapshot(&self) -> &Snapshot {
        self.plies.last().map_or(&self.initial, |p| &p.snapshot)
    }

    /// Takes a played main line: its plies and, if it stopped at a problem,
    /// the problem as the verdict.
    pub fn set_main_line(&mut self, played: Played) {
        self.plies = played.line.plies;
        self.comments = played.line.comments;
        self.shapes = played.line.shapes;
        self.error = played.line.error;
        self.unplayed = played.line.unplayed;
        self.unplayed_omitted = played.line.unplayed_omitted;
        if let Some((status, message)) = played.failure {
            self.status = status;
            self.message = message;
            self.winner = None;
        }
    }

    /// The verdict of a text that could not be read at all.
    pub fn fail(&mut self, failure: Failure, text: &str) {
        self.fail_after(failure, self.plies.len(), text);
    }

    /// `fail`, after `plies` moves were played (some of them kept to be
    /// built later, see `play_line`).
    pub fn fail_after(&mut self, failure: Failure, plies: usize, text: &str) {
        let mut utf16 = Utf16Offsets::new(text);
        let (status, message, error) = failure.into_error(plies, (0, 0), &mut utf16);
        self.status = status;
        self.message = message;
        self.winner = None;
        self.error = Some(error);
    }
}

/// Why a written move (or the text around it) could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub status: Status,
    /// The course program's line for it.
    pub message: String,
    /// What was wrong, in plain words.
    pub reason: String,
    /// Byte span of the problem; `None`: the whole move.
    pub span: Option<(usize, usize)>,
    /// The offending character, for parse errors.
    pub character: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

impl Failure {
    /// A failure (boxed: it travels in the error variant of every move played).
    pub fn new(status: Status, message: impl Into<String>, reason: impl Into<String>) -> Box<Failure> {
        Box::new(Failure {
            status,
            message: message.into(),
            reason: reason.into(),
            span: None,
            character: None,
            from: None,
            to: None,
        })
    }

    /// Points at bytes `start..end` of the text rather than at the whole move.
    pub fn at(mut self: Box<Self>, start: usize, end: usize) -> Box<Failure> {
        self.span = Some((start, end));
        self
    }

    pub fn character(mut self: Box<Self>, character: impl Into<String>) -> Box<Failure> {
        self.character = Some(character.into());
        self
    }

    /// The squares of the attempted move, as far as they are known.
    pub fn squares(mut self: Box<Self>, from: Option<String>, to: Option<String>) -> Box<Failure> {
        self.from = from;
        self.to = to;
        self
    }

    /// The error, at `move_span` (UTF-16) unless the failure names its own
    /// bytes.
    pub(crate) fn into_error(
        self,
        ply: usize,
        move_span: (usize, usize),
        utf16: &mut Utf16Offsets,
    ) -> (Status, String, ErrorInfo) {
        let (start, end) = match self.span {
            Some((start, end)) => (utf16.at(start), utf16.at(end)),
            None => move_span,
        };
        let error =
            ErrorInfo { ply, start, end, character: self.character, from: self.from, to: self.to, reason: self.reason };
        (self.status, self.message, error)
    }
}

/// A move as written: byte offsets of its span in the text.
pub trait Written {
    fn span(&self) -> (usize, usize);
    /// The move as written, for the list of moves not played.
    fn written<'t>(&self, text: &'t str) -> &'t str {
        let (start, end) = self.span();
        text.get(start..end).unwrap_or("")
    }
}

impl Written for (usize, usize) {
    fn span(&self) -> (usize, usize) {
        *self
    }
}

/// The most plies a line reserves room for before they are played: more
/// than any real game has, so a game is read without growing its list.
pub const RESERVED_PLIES: usize = 1024;

/// A line played: its plies, and the first problem with the moves after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    pub line: Line,
    /// The problem's status and the course program's line.
    pub failure: Option<(Status, String)>,
    /// How many moves were played: the plies of `line`, and those whose
    /// ply the reader keeps to build later (see `play_line`).
    pub count: usize,
}

/// Plays `moves` in order, the one loop every game uses: `play` turns a
/// written move, whose span (UTF-16) it is given, into a ply that it pushes
/// onto the list it is given (the ply's span is filled in here), or says
/// why it cannot be played; the first problem stops the line, and the moves
/// after it are kept as not played. A reader may push nothing and keep
/// what it needs to build the ply later (a chess main line whose plies are
/// left for later). Pushed rather than returned: a ply is large, and each
/// move of it is a copy.
pub fn play_line<W: Written>(
    text: &str,
    moves: impl IntoIterator<Item = W>,
    utf16: &mut Utf16Offsets,
    mut play: impl FnMut(&W, (usize, usize), &mut Utf16Offsets, &mut Vec<Ply>) -> Result<(), Box<Failure>>,
) -> Played {
    let mut played = Played::default();
    let mut moves = moves.into_iter();
    while let Some(written) = moves.next() {
        let (start, end) = written.span();
        // Before `play`, which may walk further (into variations).
        let span = (utf16.at(start), utf16.at(end));
        let plies = &mut played.line.plies;
        let before = plies.len();
        match play(&written, span, utf16, plies) {
            Ok(()) => {
                played.count += 1;
                if plies.len() > before {
                    if let Some(ply) = plies.last_mut() {
                        (ply.start, ply.end) = span;
                    }
                    // Room for the rest once a ply is pushed (a line built
                    // later needs none): growing by doubling copied each
                    // ply again.
                    // At most `RESERVED_PLIES`: room for moves not yet read
                    // (a million words after an illegal third move) is memory
                    // for nothing.
                    if before == 0 {
                        plies.reserve(moves.size_hint().0.min(RESERVED_PLIES));
                    }
                }
            }
            Err(failure) => {
                let (status, message, error) = (*failure).into_error(played.count, span, utf16);
                played.line.error = Some(error);
                played.failure = Some((status, message));
                break;
            }
        }
    }
    (played.line.unplayed, played.line.unplayed_omitted) = unplayed(text, moves, utf16);
    played
}

/// Moves written but not played: those after a problem, or all of them
/// when the game cannot start. The first `UNPLAYED_LISTED`, and how many
/// more there are.
pub fn unplayed<W: Written>(
    text: &str,
    moves: impl IntoIterator<Item = W>,
    utf16: &mut Utf16Offsets,
) -> (Vec<Unplayed>, usize) {
    let mut moves = moves.into_iter();
    let listed = moves
        .by_ref()
        .take(UNPLAYED_LISTED)
        .map(|rest| {
            let (start, end) = rest.span();
            Unplayed { notation: rest.written(text).to_string(), start: utf16.at(start), end: utf16.at(end) }
        })
        .collect();
    (listed, moves.count())
}

/// Converts byte offsets of `text` into UTF-16 offsets, walking the text
/// once for a sorted series of queries.
pub struct Utf16Offsets<'a> {
    text: &'a str,
    /// The text is all ASCII: every offset is its byte offset.
    ascii: bool,
    byte: usize,
    utf16: usize,
}

impl<'a> Utf16Offsets<'a> {
    pub fn new(text: &'a str) -> Self {
        // One look at the whole text (its games are read whole anyway)
        // spares walking it at every query: 3% of analysing a game.
        Utf16Offsets { text, ascii: text.is_ascii(), byte: 0, utf16: 0 }
    }

    /// The UTF-16 offset of byte offset `byte` (clamped to the text, and
    /// rounded down to a character boundary).
    pub fn at(&mut self, byte: usize) -> usize {
        let mut byte = byte.min(self.text.len());
        if self.ascii {
            return byte;
        }
        while !self.text.is_char_boundary(byte) {
            byte -= 1;
        }
        // Only the text between the two offsets is looked at (not the
        // whole of a long text for one of its games). An offset before the
        // last one (a variation played out of the text's order) walks back
        // over that stretch: walking again from the start made a text of
        // such variations after one accented letter quadratic.
        let bytes = self.text.as_bytes();
        if byte < self.byte {
            self.utf16 -= utf16_units(&bytes[byte..self.byte]);
        } else {
            self.utf16 += utf16_units(&bytes[self.byte..byte]);
        }
        self.byte = byte;
        self.utf16
    }
}

/// The UTF-16 units of whole characters' bytes: one per leading byte, two
/// if it takes four bytes. Counted over bytes, not decoded, ASCII a word at
/// a time.
fn utf16_units(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        bytes.len()
    } else {
        bytes.iter().map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0)).sum()
    }
}

json_object!(ErrorInfo { ply, start, end, character, from, to, reason });
json_object!(Shape { color, from, to });
json_enum!(ShapeColor { Green: "green", Red: "red", Yellow: "yellow", Blue: "blue" });
json_object!(Ply {
    notation,
    from,
    to,
    path,
    piece,
    captured,
    promotion,
    drowned,
    start,
    end,
    snapshot,
    comments,
    nags,
    shapes,
    clock,
    eval,
    variations,
});
json_object!(Drowned { piece, square });
json_object!(BoardMove { notation, from, to, path, piece, captured, promotion });
json_object!(Line { comments, shapes, plies, error, unplayed, "unplayedOmitted": unplayed_omitted });
json_object!(Unplayed { notation, start, end });
json_enum!(Reason { Mate: "mate", AvoidsMate: "avoids mate", OnlyMoves: "only moves", Strategy: "strategy" });
json_object!(Suggestion { from, to, path, piece, promotion, notation, line, reason, "mateIn": mate_in });
json_object!(Tag { name, value });
json_enum!(Notation { Course: "course", Pgn: "pgn", Fen: "fen" });
json_object!(ChessInfo {
    notation,
    tags,
    "statedResult": stated_result,
    result,
    "gamesInText": games_in_text,
    "gameIndex": game_index,
    "gameStart": game_start,
    "gameEnd": game_end,
    notes,
});
json_object!(ProblemMove { from, to, piece, notation });
json_object!(ProblemInfo { id, mate });
impl Outcome {
    /// Its fields as its JSON object lists them (the wasm API's `wire`
    /// leaves some out).
    pub fn json_fields(&self) -> [(&'static str, &dyn ToJson); 15] {
        let Outcome {
            game,
            players,
            status,
            winner,
            message,
            error,
            initial,
            comments,
            shapes,
            plies,
            unplayed,
            unplayed_omitted,
            suggestion,
            chess,
            problem,
        } = self;
        [
            ("game", game),
            ("players", players),
            ("status", status),
            ("winner", winner),
            ("message", message),
            ("error", error),
            ("initial", initial),
            ("comments", comments),
            ("shapes", shapes),
            ("plies", plies),
            ("unplayed", unplayed),
            ("unplayedOmitted", unplayed_omitted),
            ("suggestion", suggestion),
            ("chess", chess),
            ("problem", problem),
        ]
    }
}

impl ToJson for Outcome {
    fn write_json(&self, out: &mut String) {
        write_object(out, &self.json_fields());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_offsets_count_surrogate_pairs_twice() {
        let text = "aé😀b";
        let mut o = Utf16Offsets::new(text);
        assert_eq!(o.at(0), 0);
        assert_eq!(o.at(1), 1);
        assert_eq!(o.at(3), 2);
        assert_eq!(o.at(7), 4);
        assert_eq!(o.at(8), 5);
        assert_eq!(o.at(100), 5);
        assert_eq!(o.at(1), 1);
        // Inside a character: its start; forwards and backwards alike.
        assert_eq!(o.at(5), 2);
        assert_eq!(o.at(2), 1);
    }

    #[test]
    fn utf16_offsets_agree_with_the_characters_at_every_byte() {
        let text = "a\u{7f}\u{80}é€😀\u{10ffff}z \u{fffd}";
        let mut o = Utf16Offsets::new(text);
        for byte in (0..=text.len() + 1).chain((0..=text.len()).rev()) {
            let before: usize =
                text.char_indices().take_while(|&(i, c)| i + c.len_utf8() <= byte).map(|(_, c)| c.len_utf16()).sum();
            assert_eq!(o.at(byte), before, "byte {byte}");
        }
    }

    #[test]
    fn utf16_offsets_in_any_order_on_a_text_ascii_at_first() {
        let text = "ab c\u{e9}d \u{1f600}e fg";
        let before = |byte: usize| -> usize {
            text.char_indices().take_while(|&(i, c)| i + c.len_utf8() <= byte).map(|(_, c)| c.len_utf16()).sum()
        };
        // Every pair of queries, each order: forwards, backwards, within the
        // ASCII part and across the rest.
        for first in 0..=text.len() {
            for second in 0..=text.len() {
                let mut o = Utf16Offsets::new(text);
                assert_eq!(o.at(first), before(first), "byte {first}");
                assert_eq!(o.at(second), before(second), "byte {second} after {first}");
                assert_eq!(o.at(first), before(first), "byte {first} after {second}");
            }
        }
    }

    #[test]
    fn utf16_offsets_of_an_ascii_text_are_its_byte_offsets() {
        let text = "1. e4 e5 2. Nf3 {a comment} Nc6 *";
        let mut o = Utf16Offsets::new(text);
        for byte in (0..=text.len() + 2).chain((0..=text.len()).rev()).chain([3, 20, 7, 100, 0]) {
            let walked = text.encode_utf16().take(byte).count();
            assert_eq!(o.at(byte), walked, "byte {byte}");
        }
        // One character more than ASCII: walked, not taken as bytes.
        let text = "1. e4 e5 {caf\u{e9}} 2. Nf3";
        let mut o = Utf16Offsets::new(text);
        assert_eq!((o.at(9), o.at(15), o.at(16), o.at(100)), (9, 14, 15, 22));
    }

    #[test]
    fn play_line_stops_at_the_first_problem_and_keeps_the_rest() {
        let text = "aa bb cc dd";
        let spans = [(0, 2), (3, 5), (6, 8), (9, 11)];
        let mut utf16 = Utf16Offsets::new(text);
        let played = play_line(text, spans, &mut utf16, |&(start, _), _, _, plies| {
            if start == 3 {
                Err(Failure::new(Status::IllegalMove, "bad bb", "because"))
            } else {
                plies.push(Ply::new(text[start..start + 2].to_string(), vec![], 'P', Snapshot::empty()));
                Ok(())
            }
        });
        assert_eq!(played.line.plies.len(), 1);
        assert_eq!((played.line.plies[0].start, played.line.plies[0].end), (0, 2));
        let error = played.line.error.expect("an error");
        assert_eq!((error.ply, error.start, error.end, error.reason.as_str()), (1, 3, 5, "because"));
        assert_eq!(played.failure, Some((Status::IllegalMove, "bad bb".to_string())));
        let rest: Vec<&str> = played.line.unplayed.iter().map(|u| u.notation.as_str()).collect();
        assert_eq!(rest, ["cc", "dd"]);
    }
}
