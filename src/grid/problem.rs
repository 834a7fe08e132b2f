//! The problem text: a problem id (0..4), a specification, `N M`, then N
//! rows of M squares, top row first. Parsing checks the text line by line
//! and stops at the first thing wrong, saying which line and where.
//!
//! Tolerated: a trailing `\r` on any line (Windows files), a missing final
//! newline, a byte-order mark before line 1, spaces and tabs around the id,
//! the specification and the sizes, and empty (or blank) lines after the
//! board. Board rows are taken exactly: a space in a row is an unknown
//! character. The specification of problem 0 is not read.

use super::board::{piece_name, Board, PlaceError};
use super::square::{BoardSize, GridSquare, MAX_SIDE, MIN_SIDE};
use crate::chess::Piece;
use crate::color::Color;
use std::fmt;
use std::ops::Range;

/// What a problem asks about its board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// 0: print the board.
    ShowBoard,
    /// 1: where the piece on this square can move and capture.
    Reach { square: GridSquare, piece: Piece },
    /// 2: is this colour's king in check?
    Check(Color),
    /// 3: is this colour's king checkmated (its opponent has just moved)?
    Checkmate(Color),
    /// 4: can the opponent, to move, checkmate this colour in one move?
    MateInOne(Color),
}

impl Question {
    /// The problem id of the input's first line.
    pub fn id(self) -> u8 {
        match self {
            Question::ShowBoard => 0,
            Question::Reach { .. } => 1,
            Question::Check(_) => 2,
            Question::Checkmate(_) => 3,
            Question::MateInOne(_) => 4,
        }
    }
}

/// A problem read from valid input. For problems 2 to 4 the board has one
/// king of each colour; for problem 1 the named piece stands on its square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub board: Board,
    pub question: Question,
}

/// Which size on line 3 is wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dimension {
    Rows,
    Columns,
}

impl fmt::Display for Dimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dimension::Rows => "rows",
            Dimension::Columns => "columns",
        })
    }
}

/// What is wrong with the input. Texts quoted from the input are kept short
/// and escaped, so the message stays on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The input ends before a required line (the problem id, the
    /// specification or the sizes).
    MissingLine {
        what: &'static str,
    },
    UnknownProblem {
        text: String,
    },
    /// Problem 1's specification is not a piece letter and a square.
    BadPieceSpec {
        text: String,
    },
    /// Problems 2 to 4 need `w` or `b`.
    BadColor {
        text: String,
    },
    /// Line 3 is not two whole numbers.
    BadSizes {
        text: String,
    },
    SizeOutOfRange {
        dimension: Dimension,
        text: String,
    },
    /// Problem 1 names a square that is not on the board.
    SquareOffBoard {
        square: GridSquare,
        size: BoardSize,
    },
    /// The input ends before the board's last row.
    MissingRow {
        row: usize,
        rows: u8,
    },
    UnknownCharacter {
        character: char,
        column: usize,
    },
    WrongRowLength {
        found: usize,
        expected: u8,
    },
    SecondKing {
        color: Color,
        first: GridSquare,
    },
    /// A non-blank line after the board's last row.
    TextAfterBoard {
        rows: u8,
    },
    /// Problem 1's square does not hold the named piece.
    PieceNotThere {
        piece: Piece,
        square: GridSquare,
        found: Option<Piece>,
    },
    /// Problems 2 to 4 need a king of each colour.
    MissingKing {
        color: Color,
        problem: u8,
        first_line: usize,
        last_line: usize,
    },
}

/// Input text for a message: escaped, and cut after 20 characters.
fn short(text: &str) -> String {
    let mut cut: String = text.chars().take(20).collect();
    let more = cut.len() < text.len();
    cut = cut.escape_debug().to_string();
    if more {
        cut.push_str("...");
    }
    cut
}

/// Input text quoted for a message. A letter that is not ASCII (a
/// Cyrillic `а` pasted for `a`) looks right when quoted, so the first one
/// is named by its position and code point.
fn quote(text: &str) -> String {
    let quoted = format!("\"{}\"", short(text));
    match text.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
        Some((i, '\u{fffd}')) => format!("{quoted} (its character {} is not UTF-8)", i + 1),
        Some((i, c)) => {
            format!("{quoted} (its character {} is '{}' {}, not ASCII)", i + 1, c.escape_debug(), code_point(c))
        }
        None => quoted,
    }
}

/// `U+0430`: a character's code point.
fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind::*;
        match self {
            MissingLine { what } => write!(f, "missing {what}: the input ends before this line"),
            UnknownProblem { text } if text.is_empty() => f.write_str("missing problem id: expected 0, 1, 2, 3 or 4"),
            UnknownProblem { text } => write!(f, "unknown problem id {}: expected 0, 1, 2, 3 or 4", quote(text)),
            BadPieceSpec { text } => write!(
                f,
                "expected a piece letter and its square, like Qd7 (white queen on d7) or nd2 (black knight on d2), found {}",
                quote(text)
            ),
            BadColor { text } => write!(f, "expected the colour w or b, found {}", quote(text)),
            BadSizes { text } => write!(f, "expected the number of rows and of columns, like \"8 8\", found {}", quote(text)),
            SizeOutOfRange { dimension, text } => {
                write!(f, "{text} {dimension} is out of range: a board has {MIN_SIDE} to {MAX_SIDE} {dimension}")
            }
            SquareOffBoard { square, size } => {
                write!(f, "square {square} is not on the board of {} rows and {} columns", size.rows(), size.cols())
            }
            MissingRow { row, rows } => write!(f, "missing board row {row} of {rows}: the input ends before this line"),
            UnknownCharacter { character: '\u{fffd}', column } => write!(
                f,
                "unknown character in column {column}: the input is not plain text here (not UTF-8); a square is '.' or one of PNBRQK pnbrqk"
            ),
            UnknownCharacter { character, column } => {
                write!(f, "unknown character '{}' in column {column}", character.escape_debug())?;
                // A Cyrillic `К` would pass for a king in the message.
                if !character.is_ascii() {
                    write!(f, " ({}, not ASCII)", code_point(*character))?;
                }
                f.write_str(": a square is '.' or one of the letters PNBRQK (white) or pnbrqk (black)")
            }
            WrongRowLength { found, expected } => {
                write!(f, "this row has {found} squares but the board has {expected} columns")
            }
            SecondKing { color, first } => write!(f, "{}", PlaceError::SecondKing { color: *color, first: *first }),
            TextAfterBoard { rows } => write!(f, "unexpected text after the board's {rows} rows"),
            PieceNotThere { piece, square, found } => {
                write!(f, "there is no {} on {square}: ", piece_name(*piece))?;
                match found {
                    Some(other) => write!(f, "it holds a {}", piece_name(*other)),
                    None => write!(f, "it is empty"),
                }
            }
            MissingKing { color, problem, first_line, last_line } => write!(
                f,
                "the board (lines {first_line} to {last_line}) has no {color} king; problem {problem} needs one king of each colour"
            ),
        }
    }
}

/// A bad input: what is wrong, on which line (counted from 1), and the
/// byte span in the text to highlight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub span: Range<usize>,
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl std::error::Error for ParseError {}

/// One line of the input, without its `\n` or trailing `\r`.
#[derive(Copy, Clone)]
struct Line<'a> {
    number: usize,
    /// Byte offset of `text` in the whole input.
    start: usize,
    text: &'a str,
}

impl<'a> Line<'a> {
    fn span(&self) -> Range<usize> {
        self.start..self.start + self.text.len()
    }

    /// The line without surrounding spaces and tabs, and its span.
    fn trimmed(&self) -> (&'a str, Range<usize>) {
        let blank = |c: char| c == ' ' || c == '\t';
        let text = self.text.trim_start_matches(blank);
        let start = self.start + (self.text.len() - text.len());
        let text = text.trim_end_matches(blank);
        (text, start..start + text.len())
    }

    fn error(&self, span: Range<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError { line: self.number, span, kind }
    }
}

fn split_lines(text: &str) -> Vec<Line<'_>> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, piece) in text.split('\n').enumerate() {
        let line = piece.strip_suffix('\r').unwrap_or(piece);
        lines.push(Line { number: i + 1, start, text: line });
        start += piece.len() + 1;
    }
    // The empty piece after a final newline (or of an empty text) is no line.
    if lines.last().is_some_and(|l| l.text.is_empty() && l.start >= text.len()) {
        lines.pop();
    }
    // A byte-order mark (some Windows editors write one) is not part of line 1.
    if let Some(first) = lines.first_mut() {
        if let Some(rest) = first.text.strip_prefix('\u{feff}') {
            first.start += '\u{feff}'.len_utf8();
            first.text = rest;
        }
    }
    lines
}

/// The line numbered `number`, or the error saying the input ends before it.
fn line<'a>(
    lines: &[Line<'a>],
    number: usize,
    text_len: usize,
    missing: ParseErrorKind,
) -> Result<Line<'a>, ParseError> {
    lines.get(number - 1).copied().ok_or(ParseError { line: number, span: text_len..text_len, kind: missing })
}

/// What line 2 says, before the board is known.
enum Spec {
    None,
    PieceOn(Piece, GridSquare),
    Color(Color),
}

impl Problem {
    pub fn parse(text: &str) -> Result<Problem, ParseError> {
        let lines = split_lines(text);
        let end = text.len();
        let id_line = line(&lines, 1, end, ParseErrorKind::MissingLine { what: "problem id (0 to 4)" })?;
        let id = parse_id(&id_line)?;
        let spec_line = line(&lines, 2, end, ParseErrorKind::MissingLine { what: "problem specification" })?;
        let spec = parse_spec(id, &spec_line)?;
        let size_line = line(&lines, 3, end, ParseErrorKind::MissingLine { what: "board size (rows and columns)" })?;
        let size = parse_size(&size_line)?;
        if let Spec::PieceOn(_, square) = spec {
            if !size.contains(square) {
                return Err(spec_line.error(spec_line.trimmed().1, ParseErrorKind::SquareOffBoard { square, size }));
            }
        }
        let board = parse_board(&lines, size, end)?;
        let board_lines = lines.get(3..3 + usize::from(size.rows())).unwrap_or_default();
        if let Some(extra) =
            lines.get(3 + board_lines.len()..).and_then(|rest| rest.iter().find(|l| !l.trimmed().0.is_empty()))
        {
            return Err(extra.error(extra.span(), ParseErrorKind::TextAfterBoard { rows: size.rows() }));
        }
        let question = match spec {
            Spec::None => Question::ShowBoard,
            Spec::PieceOn(piece, square) => {
                let found = board.piece_at(square);
                if found != Some(piece) {
                    return Err(
                        spec_line.error(spec_line.trimmed().1, ParseErrorKind::PieceNotThere { piece, square, found })
                    );
                }
                Question::Reach { square, piece }
            }
            Spec::Color(color) => {
                require_kings(&board, id, board_lines)?;
                match id {
                    2 => Question::Check(color),
                    3 => Question::Checkmate(color),
                    _ => Question::MateInOne(color),
                }
            }
        };
        Ok(Problem { board, question })
    }
}

/// Line 1: `0` to `4`.
fn parse_id(line: &Line<'_>) -> Result<u8, ParseError> {
    let (text, _) = line.trimmed();
    match text {
        "0" => Ok(0),
        "1" => Ok(1),
        "2" => Ok(2),
        "3" => Ok(3),
        "4" => Ok(4),
        _ => Err(line.error(line.span(), ParseErrorKind::UnknownProblem { text: text.into() })),
    }
}

/// Line 2: nothing read for problem 0, a piece and its square for 1, a
/// colour for 2 to 4.
fn parse_spec(id: u8, line: &Line<'_>) -> Result<Spec, ParseError> {
    let (text, _) = line.trimmed();
    match id {
        0 => Ok(Spec::None),
        1 => {
            let piece = text.chars().next().and_then(Piece::from_char);
            let square = text.get(1..).and_then(GridSquare::parse);
            match (piece, square) {
                (Some(piece), Some(square)) => Ok(Spec::PieceOn(piece, square)),
                _ => Err(line.error(line.span(), ParseErrorKind::BadPieceSpec { text: text.into() })),
            }
        }
        _ => match text {
            "w" => Ok(Spec::Color(Color::White)),
            "b" => Ok(Spec::Color(Color::Black)),
            _ => Err(line.error(line.span(), ParseErrorKind::BadColor { text: text.into() })),
        },
    }
}

/// Problems 2 to 4 need a king of each colour; the error spans the board
/// (lines 4 to N+3, all present once `parse_board` has succeeded).
fn require_kings(board: &Board, problem: u8, board_lines: &[Line<'_>]) -> Result<(), ParseError> {
    let Some(color) = Color::ALL.into_iter().find(|&c| board.king(c).is_none()) else { return Ok(()) };
    let first_line = 4;
    let last_line = 3 + usize::from(board.size().rows());
    let span = match (board_lines.first(), board_lines.last()) {
        (Some(first), Some(last)) => first.start..last.span().end,
        _ => 0..0,
    };
    Err(ParseError {
        line: first_line,
        span,
        kind: ParseErrorKind::MissingKing { color, problem, first_line, last_line },
    })
}

/// Line 3: two whole numbers, rows then columns, each 4 to 26.
fn parse_size(line: &Line<'_>) -> Result<BoardSize, ParseError> {
    let (text, _) = line.trimmed();
    let bad = || line.error(line.span(), ParseErrorKind::BadSizes { text: text.into() });
    // Each number with its span, for the out-of-range message.
    let mut numbers = Vec::new();
    let mut offset = line.start;
    for piece in line.text.split([' ', '\t']) {
        if !piece.is_empty() {
            numbers.push((piece, offset..offset + piece.len()));
        }
        offset += piece.len() + 1;
    }
    let [(rows, rows_span), (cols, cols_span)] = <[_; 2]>::try_from(numbers).map_err(|_| bad())?;
    let value = |text: &str, span: Range<usize>, dimension| {
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        // Too many digits for a u8 is out of range too.
        match text.parse::<u8>() {
            Ok(n) if (MIN_SIDE..=MAX_SIDE).contains(&n) => Ok(n),
            _ => Err(line.error(span, ParseErrorKind::SizeOutOfRange { dimension, text: short(text) })),
        }
    };
    let rows = value(rows, rows_span, Dimension::Rows)?;
    let cols = value(cols, cols_span, Dimension::Columns)?;
    BoardSize::new(rows, cols).ok_or_else(bad)
}

/// Lines 4 to N+3: the rows, top row first.
fn parse_board(lines: &[Line<'_>], size: BoardSize, end: usize) -> Result<Board, ParseError> {
    let mut board = Board::empty(size);
    for row in 0..usize::from(size.rows()) {
        let missing = ParseErrorKind::MissingRow { row: row + 1, rows: size.rows() };
        let line = line(lines, 4 + row, end, missing)?;
        let mut columns = 0;
        for (at, character) in line.text.char_indices() {
            columns += 1;
            let span = line.start + at..line.start + at + character.len_utf8();
            let piece = match character {
                '.' => None,
                c => match Piece::from_char(c) {
                    Some(p) => Some(p),
                    None => {
                        return Err(line.error(span, ParseErrorKind::UnknownCharacter { character, column: columns }))
                    }
                },
            };
            // Squares past the last column are reported below, as a wrong length.
            if let (Some(piece), Some(square)) = (piece, size.at_row_col(row, columns - 1)) {
                if let Err(PlaceError::SecondKing { color, first }) = board.place(square, piece) {
                    return Err(line.error(span, ParseErrorKind::SecondKing { color, first }));
                }
            }
        }
        if columns != usize::from(size.cols()) {
            return Err(
                line.error(line.span(), ParseErrorKind::WrongRowLength { found: columns, expected: size.cols() })
            );
        }
    }
    Ok(board)
}
