//! A PGN game as read: its tags, its lines of moves with their comments,
//! glyphs and variations, its result, and the syntax errors met (the
//! reader builds them, `replay` and the analysis play them).

use crate::chess::fen::{Dropped, FenError};
use crate::chess::notation::found;
use crate::chess::notation::san::{is_typographic_dash, San, Spelling};
use crate::chess::{Color, Position, Setup, Square};
use std::fmt;

/// Variations nested deeper than this are refused (a bound on the work
/// and on the depth of the tree the page has to walk).
pub const MAX_VARIATION_DEPTH: usize = 100;

/// A byte range of the text.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagPair {
    pub name: String,
    /// The value with its escapes (`\"`, `\\`) undone.
    pub value: String,
    /// The whole tag, brackets included.
    pub span: Span,
    /// The value as written between the quotes.
    pub value_span: Span,
    /// The value holds quotes written without their backslash
    /// (`[Event "Club "Open" 2026"]`): read up to the last `"` before the
    /// `]` on the line, as python-chess does. The game info can say so.
    pub lenient_quotes: bool,
    /// The value is in typographic quotes (`“Club”`, `„Club“`, `«Club»`),
    /// as word processors write them; read up to the last closing quote
    /// before the `]` on the line. The game info can say so.
    pub typographic_quotes: bool,
}

/// `{ text }` or `; text` (to the end of the line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The text inside, without surrounding white space.
    pub text: String,
    pub span: Span,
}

/// The result a game states.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`: unfinished, or not known.
    Unknown,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// A result as a tag value or token states it (`½-½` for a draw too,
    /// any dash typography puts for `-`: `1–0`, and a colon, as German and
    /// Russian sources write it: `1:0`).
    pub fn parse(text: &str) -> Option<GameResult> {
        GameResult::read_at_start(text).filter(|&(_, len)| len == text.len()).map(|(result, _)| result)
    }

    /// The result `text` starts with, and its length in bytes.
    pub fn read_at_start(text: &str) -> Option<(GameResult, usize)> {
        if text.starts_with('*') {
            return Some((GameResult::Unknown, 1));
        }
        // Longest first: `1/2` before `1`.
        let score = |text: &str| ["1/2", "½", "1", "0"].into_iter().find(|s| text.starts_with(s));
        let white = score(text)?;
        let after = &text[white.len()..];
        let dash = after.chars().next().filter(|&c| matches!(c, '-' | ':') || is_typographic_dash(c))?;
        let after = &after[dash.len_utf8()..];
        let black = score(after)?;
        let result = match (white, black) {
            ("1", "0") => GameResult::WhiteWins,
            ("0", "1") => GameResult::BlackWins,
            ("1/2" | "½", "1/2" | "½") => GameResult::Draw,
            _ => return None,
        };
        Some((result, text.len() - after.len() + black.len()))
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One move of a line, with what the text says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNode {
    pub san: San,
    /// How the move was spelt (`nf3`, `♘f3`, `o-o` are not SAN's).
    pub spelling: Spelling,
    /// The move as written, check mark and glyphs included (`Nf3+!`).
    pub span: Span,
    /// The move number written before it, if any.
    pub number: Option<MoveNumber>,
    /// NAGs (`$1`), and glyphs as their NAG numbers (`!` is 1, `?!` is 6).
    pub nags: Vec<u8>,
    /// Comments after the move.
    pub comments: Vec<Comment>,
    /// Alternatives to this move (`( ... )` written after it).
    pub variations: Vec<Line>,
}

/// A move number as written: `12.` numbers White's twelfth move, `12...`
/// (`12…`, `12. ...`) Black's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub color: Color,
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number, self.color.fold(".", "..."))
    }
}

/// A comma or semicolon read as a space between moves (`e4, e5`, `e4; e5`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Separator {
    /// `,` or `;`.
    pub mark: char,
    pub span: Span,
    /// The token written just before it, if any.
    pub after: Option<Span>,
}

/// A sequence of moves: the main line or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments before the first move.
    pub comments: Vec<Comment>,
    pub moves: Vec<MoveNode>,
    /// The syntax error that ended this variation after its moves: the
    /// rest of it, up to its `)`, is not read (the game goes on after it).
    pub error: Option<SyntaxError>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<TagPair>,
    pub main: Line,
    /// The result token that ends the movetext.
    pub result: Option<(GameResult, Span)>,
    /// Commas and semicolons read as spaces between moves, in text order.
    pub separators: Vec<Separator>,
    /// Results written inside variations (`1. e4 (1. d4 0-1) e5`): they do
    /// not end the game, and are left out.
    pub variation_results: Vec<Span>,
    /// From the game's first token to its last.
    pub span: Span,
}

impl PgnGame {
    /// The first tag of that name (names compare without regard to case).
    pub fn tag(&self, name: &str) -> Option<&TagPair> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The result the game states: its result token, else its `Result` tag.
    pub fn stated_result(&self) -> Option<GameResult> {
        self.result.map(|(r, _)| r).or_else(|| self.tag("Result").and_then(|t| GameResult::parse(t.value.trim())))
    }

    /// The en passant square the `FEN` tag writes, even when the capture
    /// would be illegal (see `course::passed_square`).
    pub fn start_passed_square(&self) -> Option<Square> {
        Setup::from_fen(&self.tag("FEN")?.value).ok()?.ep_square
    }

    /// The position the game starts from: the `FEN` tag's when there is one
    /// (with or without `SetUp`, as readers commonly allow), else the
    /// standard one.
    pub fn start_position(&self) -> Result<Position, FenTagError> {
        self.start().map(|(pos, _)| pos)
    }

    /// `start_position`, and what of the `FEN` tag was dropped because its
    /// board cannot have it (see `Position::from_fen_leniently`), as
    /// python-chess reads it.
    pub fn start(&self) -> Result<(Position, Dropped), FenTagError> {
        let Some(tag) = self.tag("FEN") else {
            return Ok((Position::start(), Dropped::default()));
        };
        Position::from_fen_leniently(&tag.value).map_err(|error| {
            // Point at the character when the value is written without
            // escapes (FENs have none), else at the whole value.
            let written = tag.value_span.end - tag.value_span.start;
            let at = match error {
                FenError::Syntax { offset, .. } if written == tag.value.len() => {
                    let start = tag.value_span.start + offset;
                    let len = tag.value.get(offset..).and_then(|v| v.chars().next()).map_or(0, char::len_utf8);
                    Span::new(start, start + len)
                }
                _ => tag.value_span,
            };
            FenTagError { tag: tag.span, at, error }
        })
    }
}

/// The `FEN` tag does not give a position we can play from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenTagError {
    /// The whole tag.
    pub tag: Span,
    /// The offending character of the value, or the whole value.
    pub at: Span,
    pub error: FenError,
}

impl fmt::Display for FenTagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the FEN tag: {}", self.error)
    }
}

impl std::error::Error for FenTagError {}

/// A game as read, and the syntax error that stopped the reading, if any
/// (the game then holds what was read before it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadGame {
    pub game: PgnGame,
    pub error: Option<SyntaxError>,
}

/// What is wrong in the text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The character does not fit the grammar here; what would have.
    Unexpected(&'static str),
    /// `{` without its `}`.
    UnclosedComment,
    /// `(` without its `)`.
    UnclosedVariation,
    /// `)` without a `(`.
    UnopenedVariation,
    /// `(` before any move of its line: a variation replaces a move.
    VariationWithoutMove,
    /// Variations nested more than `MAX_VARIATION_DEPTH` deep.
    TooDeep,
    /// A null move (`--`) in the main line.
    NullMove,
}

/// A syntax error: where (byte offsets of the offending character or
/// token) and what.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub start: usize,
    pub end: usize,
    /// The offending character; `None` at the end of the text.
    pub character: Option<char>,
    pub problem: Problem,
}

impl SyntaxError {
    /// The error at byte `at` of `text`, spanning that character.
    pub fn at(text: &str, at: usize, problem: Problem) -> SyntaxError {
        let at = at.min(text.len());
        let character = text.get(at..).and_then(|rest| rest.chars().next());
        SyntaxError { start: at, end: at + character.map_or(0, char::len_utf8), character, problem }
    }

    /// The character as the course output prints it: a tab as `\t`, and
    /// the end of a line or of the text as `\n`.
    pub fn printed_character(&self) -> String {
        match self.character {
            None | Some('\n' | '\r') => "\\n".to_string(),
            Some('\t') => "\\t".to_string(),
            Some(c) => c.to_string(),
        }
    }

    /// The problem in plain words, for the page.
    pub fn explain(&self) -> String {
        match self.problem {
            // Wherever it stands, a stray `}` is best named as what it is.
            Problem::Unexpected(_) if self.character == Some('}') => {
                "this } closes no comment (a comment is written { like this })".to_string()
            }
            Problem::Unexpected(expected) => found::expected_but_found(expected, self.character, "the end of the text"),
            Problem::UnclosedComment => "this { opens a comment that is never closed with }".to_string(),
            Problem::UnclosedVariation => "this ( opens a variation that is never closed with )".to_string(),
            Problem::UnopenedVariation => "this ) closes no variation".to_string(),
            Problem::VariationWithoutMove => "a variation ( ... ) must follow the move it replaces".to_string(),
            Problem::TooDeep => {
                format!("variations are nested more than {MAX_VARIATION_DEPTH} deep, the most this reader accepts")
            }
            Problem::NullMove => {
                "a null move (--) passes the turn and cannot be played on the board: the game stops here".to_string()
            }
        }
    }
}

/// `parse error at character 'X'`, as the course program prints it.
impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "parse error at character '{}'", self.printed_character())
    }
}

impl std::error::Error for SyntaxError {}
