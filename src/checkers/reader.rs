//! The course's file format: reading it, with the exact line of the first
//! error. The whole file, moves included, is checked before anything is
//! played; moves are only read here, their legality is `rules`' business.

use std::fmt;
use std::ops::Range;

use super::board::{Board, Orientation};
use super::rules::{CaptureRule, Jumps, Position, Rules};
use super::square::{Color, Piece, Square};

/// A file that passed the syntax check: the starting position and the
/// moves as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    pub position: Position,
    pub moves: Vec<WrittenMove>,
}

/// A move as written in a file: its squares, its text and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// At least two squares.
    pub squares: Vec<Square>,
    /// The move exactly as written (`e3->d4`).
    pub text: String,
    /// Byte offsets of the move in the input.
    pub span: Range<usize>,
}

/// The first syntax error of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The line where the unexpected text starts (from 1); at the end of
    /// the file, 1 + the number of newlines.
    pub line: usize,
    /// Byte offsets of the unexpected text (empty at the end of the file).
    pub span: Range<usize>,
    pub problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Expecting(Expected),
    UnexpectedEnd,
    /// A character that is neither a square nor decoration in the board.
    NotASquare {
        found: String,
    },
    /// A piece or `.` on a light square (which must be `"`).
    LightSquare {
        square: Square,
        found: String,
    },
    /// `"` on a dark square.
    DarkSquare {
        square: Square,
    },
    /// Text in the moves that is not a move.
    BadMove {
        text: String,
    },
}

/// The words that must come next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    Rules,
    Capture,
    Jumps,
    Turn,
    Colour,
    Board,
    Moves,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Rules => "'RULES:'",
            Expected::Capture => "'capture' or 'no capture'",
            Expected::Jumps => "'single jumps' or 'multiple jumps'",
            Expected::Turn => "'TURN:'",
            Expected::Colour => "'red' or 'black'",
            Expected::Board => "'BOARD:'",
            Expected::Moves => "'MOVES:'",
        })
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Expecting(what) => write!(f, "expecting {what}"),
            Problem::UnexpectedEnd => f.write_str("unexpected end of file"),
            Problem::NotASquare { found } => write!(f, "expecting a board square, found '{found}'"),
            Problem::LightSquare { square, found } => {
                write!(f, "square {square} is light and must be '\"', found '{found}'")
            }
            Problem::DarkSquare { square } => {
                write!(f, "square {square} is dark and cannot be '\"'")
            }
            Problem::BadMove { text } => write!(f, "malformed move '{text}'"),
        }
    }
}

/// The course's one-line message: `Error near line 2: expecting 'TURN:'`.
impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error near line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for SyntaxError {}

/// Reads a whole file: `RULES:`, `TURN:`, `BOARD:` and `MOVES:`, in order.
pub fn read_file(input: &[u8]) -> Result<GameFile, SyntaxError> {
    let mut r = Reader { text: input, pos: 0 };
    let position = r.header()?;
    let moves = r.moves()?;
    Ok(GameFile { position, moves })
}

/// The position a file gives, read up to `MOVES:` (its moves not read):
/// what a page shows when a move after it cannot be read.
pub fn read_position(input: &[u8]) -> Result<Position, SyntaxError> {
    Reader { text: input, pos: 0 }.header()
}

impl Reader<'_> {
    /// Everything up to and including `MOVES:`.
    fn header(&mut self) -> Result<Position, SyntaxError> {
        self.expect("RULES:", Expected::Rules)?;
        // Each choice is decided by its first word; the second must follow.
        let capture = if self.keyword("capture") {
            Some(CaptureRule::Capture)
        } else if self.keyword("no") {
            self.keyword("capture").then_some(CaptureRule::NoCapture)
        } else {
            None
        };
        let capture = capture.ok_or_else(|| self.fail(Problem::Expecting(Expected::Capture)))?;
        let jumps = if self.keyword("single") {
            self.keyword("jumps").then_some(Jumps::Single)
        } else if self.keyword("multiple") {
            self.keyword("jumps").then_some(Jumps::Multiple)
        } else {
            None
        };
        let jumps = jumps.ok_or_else(|| self.fail(Problem::Expecting(Expected::Jumps)))?;
        self.expect("TURN:", Expected::Turn)?;
        let turn = if self.keyword("red") {
            Color::Red
        } else if self.keyword("black") {
            Color::Black
        } else {
            return Err(self.fail(Problem::Expecting(Expected::Colour)));
        };
        self.expect("BOARD:", Expected::Board)?;
        let board = self.board()?;
        self.expect("MOVES:", Expected::Moves)?;
        Ok(Position { board, turn, rules: Rules { capture, jumps } })
    }
}

/// Reads text that holds only moves (and comments), as after `MOVES:`.
pub fn read_moves(input: &[u8]) -> Result<Vec<WrittenMove>, SyntaxError> {
    Reader { text: input, pos: 0 }.moves()
}

/// Whether the text, after blanks and comments, starts with a square name:
/// then it is a bare list of moves rather than a file.
pub fn looks_like_moves(input: &[u8]) -> bool {
    let mut r = Reader { text: input, pos: 0 };
    r.skip_blank();
    r.rest().get(..2).and_then(Square::parse).is_some() || r.rest().is_empty()
}

struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &[u8] {
        &self.text[self.pos..]
    }

    /// Skips whitespace (space, tab, CR, LF) and comments (`#` to the end
    /// of the line: a line ends at LF, CR LF or a lone CR).
    fn skip_blank(&mut self) {
        while let Some(&b) = self.text.get(self.pos) {
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
                b'#' => {
                    while self.text.get(self.pos).is_some_and(|&b| b != b'\n' && b != b'\r') {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// Skips blanks and the board's decoration (`|`, `-`, `+`).
    fn skip_board_blank(&mut self) {
        loop {
            self.skip_blank();
            match self.text.get(self.pos) {
                Some(b'|' | b'-' | b'+') => self.pos += 1,
                _ => break,
            }
        }
    }

    /// Consumes `word` after any blanks if it comes next. Keywords need no
    /// whitespace after them.
    fn keyword(&mut self, word: &str) -> bool {
        self.skip_blank();
        let found = self.rest().starts_with(word.as_bytes());
        if found {
            self.pos += word.len();
        }
        found
    }

    fn expect(&mut self, word: &str, expected: Expected) -> Result<(), SyntaxError> {
        if self.keyword(word) {
            Ok(())
        } else {
            Err(self.fail(Problem::Expecting(expected)))
        }
    }

    /// An error about the text at the current position (up to the next
    /// blank), or about the end of the file.
    fn fail(&self, problem: Problem) -> SyntaxError {
        self.fail_at(self.pos..self.token_end(self.pos), problem)
    }

    fn fail_at(&self, span: Range<usize>, problem: Problem) -> SyntaxError {
        let line = 1 + line_ends(&self.text[..span.start]);
        SyntaxError { line, span, problem }
    }

    fn token_end(&self, start: usize) -> usize {
        let len = self.text[start..]
            .iter()
            .position(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'#'))
            .unwrap_or(self.text.len() - start);
        start + len
    }

    /// 64 squares, `a8` first; the first one tells whether the board is flipped.
    fn board(&mut self) -> Result<Board, SyntaxError> {
        let mut board = Board::empty(Orientation::Standard);
        for (i, square) in Board::reading_order().enumerate() {
            self.skip_board_blank();
            let Some(&c) = self.text.get(self.pos) else {
                return Err(self.fail_at(self.pos..self.pos, Problem::UnexpectedEnd));
            };
            let piece = match c {
                b'"' | b'.' => None,
                _ => match Piece::from_letter(c) {
                    Some(piece) => Some(piece),
                    None => {
                        let end = self.pos + char_len(self.rest());
                        let found = show(&self.text[self.pos..end]);
                        return Err(self.fail_at(self.pos..end, Problem::NotASquare { found }));
                    }
                },
            };
            if i == 0 {
                // A board whose a8 is a dark-square character is flipped.
                let orientation = if c == b'"' { Orientation::Standard } else { Orientation::Flipped };
                board = Board::empty(orientation);
            }
            let span = self.pos..self.pos + 1;
            match (board.is_dark(square), c) {
                (true, b'"') => return Err(self.fail_at(span, Problem::DarkSquare { square })),
                (false, b'"') => {}
                (false, _) => {
                    let found = (c as char).to_string();
                    return Err(self.fail_at(span, Problem::LightSquare { square, found }));
                }
                (true, _) => {
                    if let Some(piece) = piece {
                        let _ = board.put(square, piece);
                    }
                }
            }
            self.pos += 1;
        }
        // Decoration may also close the board (a bottom border).
        self.skip_board_blank();
        Ok(board)
    }

    fn moves(&mut self) -> Result<Vec<WrittenMove>, SyntaxError> {
        let mut moves = Vec::new();
        loop {
            self.skip_blank();
            if self.pos >= self.text.len() {
                return Ok(moves);
            }
            let start = self.pos;
            match self.one_move() {
                Some(squares) => {
                    let text = String::from_utf8_lossy(&self.text[start..self.pos]).into_owned();
                    moves.push(WrittenMove { squares, text, span: start..self.pos });
                }
                None => {
                    let span = start..self.token_end(start);
                    let text = show(&self.text[span.clone()]);
                    return Err(self.fail_at(span, Problem::BadMove { text }));
                }
            }
        }
    }

    /// `square "->" square { "->" square }`, with nothing in between.
    fn one_move(&mut self) -> Option<Vec<Square>> {
        let mut squares = vec![self.square()?];
        while self.rest().starts_with(b"->") {
            self.pos += 2;
            squares.push(self.square()?);
        }
        (squares.len() >= 2).then_some(squares)
    }

    fn square(&mut self) -> Option<Square> {
        let square = Square::parse(self.text.get(self.pos..self.pos + 2)?)?;
        self.pos += 2;
        Some(square)
    }
}

/// How many lines end in `text`: at LF, CR LF (one end) or a lone CR, so
/// that a file saved on Windows or an old Mac has the same line numbers.
fn line_ends(text: &[u8]) -> usize {
    let lone_cr = |i: usize| text[i] == b'\r' && text.get(i + 1) != Some(&b'\n');
    (0..text.len()).filter(|&i| text[i] == b'\n' || lone_cr(i)).count()
}

/// The length in bytes of the first character (one byte if not UTF-8).
fn char_len(bytes: &[u8]) -> usize {
    match bytes.first() {
        None => 0,
        Some(b) if b.is_ascii() => 1,
        Some(_) => (2..=bytes.len().min(4)).find(|&n| std::str::from_utf8(&bytes[..n]).is_ok()).unwrap_or(1),
    }
}

/// Input text made safe to print in a message: control characters and
/// bytes that are not UTF-8 are written `\xNN`, other characters that do
/// not show (a byte-order mark, a zero-width or no-break space) `\u{NN}`,
/// as Congo's messages write them; long text is cut short.
pub fn show(bytes: &[u8]) -> String {
    const MAX_CHARS: usize = 40;
    let mut out = String::new();
    let mut i = 0;
    for _ in 0..MAX_CHARS {
        if i >= bytes.len() {
            return out;
        }
        let len = char_len(&bytes[i..]);
        match std::str::from_utf8(&bytes[i..i + len]).ok().and_then(|s| s.chars().next()) {
            Some(c) if c.is_ascii_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            Some(c) if !c.is_ascii() && c.escape_debug().next() == Some('\\') => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            Some(c) => out.push(c),
            None => out.push_str(&format!("\\x{:02x}", bytes[i])),
        }
        i += len;
    }
    if i < bytes.len() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_escapes_and_shortens() {
        assert_eq!(show(b"e3-d4"), "e3-d4");
        assert_eq!(show("é😀".as_bytes()), "é😀");
        assert_eq!(show(b"a\xffb\x1b"), "a\\xffb\\x1b");
        assert_eq!(show("\u{feff}\u{200b}\u{a0}\u{85}".as_bytes()), "\\u{feff}\\u{200b}\\u{a0}\\u{85}");
        assert_eq!(show(&[0xe2, 0x82]), "\\xe2\\x82", "a cut-off character");
        assert_eq!(show(&[b'x'; 41]), format!("{}...", "x".repeat(40)));
        assert_eq!(show(&[b'x'; 40]), "x".repeat(40));
        assert_eq!(show(b""), "");
    }

    #[test]
    fn moves_need_no_whitespace_between_them() {
        let moves = read_moves(b"e3->d4b6->c5#x\nd4->b6->d8").unwrap();
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["e3->d4", "b6->c5", "d4->b6->d8"]);
        assert_eq!(moves[2].span, 15..25);
    }

    #[test]
    fn a_bottom_border_closes_the_board() {
        let text = "RULES: capture single jumps TURN: red BOARD:\n---\n\
                    |\"|.|\"|.|\"|.|\"|.|\n|.|\"|.|\"|.|\"|.|\"|\n|\"|.|\"|.|\"|.|\"|.|\n|.|\"|.|\"|.|\"|.|\"|\n\
                    |\"|.|\"|.|\"|.|\"|.|\n|.|\"|.|\"|.|\"|.|\"|\n|\"|.|\"|.|\"|.|\"|.|\n|r|\"|.|\"|.|\"|.|\"|\n\
                    ---+---\nMOVES:";
        let file = read_file(text.as_bytes()).unwrap();
        assert_eq!(file.position.board.pieces().count(), 1);
    }
}
