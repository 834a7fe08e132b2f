//! Congo FEN: `<placement> <side> <move number>`, e.g. the full game's
//! start `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0`. Parsing reads the
//! text into a `Setup` (syntax), then `Position::from_setup` checks it
//! (meaning); both kinds of error carry the byte offset they are about.

use super::piece::Piece;
use super::position::{Position, PositionProblem, Setup};
use super::square::Square;
use crate::color::Color;
use std::fmt;

/// What is wrong with a FEN and where: `offset` is a byte offset into the
/// FEN text (for a position problem, the offending piece's letter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub offset: usize,
    pub problem: FenProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenProblem {
    Syntax(FenSyntax),
    /// Well-formed, but not a position a game can reach.
    Position(PositionProblem),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenSyntax {
    Empty,
    /// Not a piece letter, a digit 1..7 or `/` in the placement.
    BadPlacementChar(char),
    /// Rank (1..7) holds more than seven squares.
    LongRank(u8),
    /// Rank (1..7) holds fewer than seven squares.
    ShortRank(u8),
    TooManyRanks,
    TooFewRanks,
    /// Expected a single space between fields.
    ExpectedSpace,
    BadSide,
    BadMoveNumber,
    MoveNumberTooLarge,
    TrailingText,
}

impl fmt::Display for FenError {
    /// The reason only; callers add where it is (a column, a span).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            FenProblem::Position(p) => write!(f, "{p}"),
            FenProblem::Syntax(s) => match s {
                FenSyntax::Empty => f.write_str("the FEN is empty"),
                FenSyntax::BadPlacementChar(c) => write!(
                    f,
                    "{c:?} is not a piece letter (P S G M E L C Z, lower case for Black), a digit 1 to 7 or /"
                ),
                FenSyntax::LongRank(r) => write!(f, "rank {r} has more than 7 squares"),
                FenSyntax::ShortRank(r) => write!(f, "rank {r} has fewer than 7 squares"),
                FenSyntax::TooManyRanks => f.write_str("the board has more than 7 ranks"),
                FenSyntax::TooFewRanks => f.write_str("the board has fewer than 7 ranks"),
                FenSyntax::ExpectedSpace => {
                    f.write_str("expected one space between the board, the side to move and the move number")
                }
                FenSyntax::BadSide => f.write_str("the side to move must be w or b"),
                FenSyntax::BadMoveNumber => f.write_str("the move number must be a whole number, like 0"),
                FenSyntax::MoveNumberTooLarge => f.write_str("the move number is too large"),
                FenSyntax::TrailingText => f.write_str("unexpected text after the move number"),
            },
        }
    }
}

impl std::error::Error for FenError {}

impl FenError {
    /// The 1-based character (not byte) position of the problem in `text`.
    pub fn column(&self, text: &str) -> usize {
        let end = self.offset.min(text.len());
        text.char_indices().take_while(|&(i, _)| i < end).count() + 1
    }
}

fn syntax(offset: usize, s: FenSyntax) -> FenError {
    FenError { offset, problem: FenProblem::Syntax(s) }
}

/// The full game's start.
pub const START_FEN: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
/// The course's reduced game (no elephant, crocodile or monkey).
pub const REDUCED_START_FEN: &str = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0";

impl Position {
    pub fn start() -> Position {
        parse(START_FEN).expect("the start FEN is valid")
    }

    pub fn reduced_start() -> Position {
        parse(REDUCED_START_FEN).expect("the start FEN is valid")
    }

    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        parse(text)
    }

    pub fn fen(&self) -> String {
        write(self.board(), self.turn(), self.move_number())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

/// Parses a FEN into a checked position.
pub fn parse(text: &str) -> Result<Position, FenError> {
    let (setup, offsets) = parse_setup(text)?;
    Position::from_setup(setup).map_err(|e| FenError {
        offset: e.square.map_or(0, |sq| offsets[sq.index()]),
        problem: FenProblem::Position(e.problem),
    })
}

/// Reads the three fields; also returns, for every square, the byte offset
/// of its letter (for reporting a position problem at the piece).
fn parse_setup(text: &str) -> Result<(Setup, [usize; Square::COUNT]), FenError> {
    if text.is_empty() {
        return Err(syntax(0, FenSyntax::Empty));
    }
    let mut board = [None; Square::COUNT];
    let mut offsets = [0; Square::COUNT];
    // Ranks are read from the top: row 0 is rank 7.
    let mut row: u8 = 0;
    let mut file: u8 = 0;
    let mut chars = text.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c == ' ' {
            break;
        }
        chars.next();
        let rank_name = 7 - row;
        match c {
            '/' => {
                if file < 7 {
                    return Err(syntax(at, FenSyntax::ShortRank(rank_name)));
                }
                if row == 6 {
                    return Err(syntax(at, FenSyntax::TooManyRanks));
                }
                row += 1;
                file = 0;
            }
            '1'..='7' => {
                file += c as u8 - b'0';
                if file > 7 {
                    return Err(syntax(at, FenSyntax::LongRank(rank_name)));
                }
            }
            _ => {
                let piece = Piece::from_char(c).ok_or(syntax(at, FenSyntax::BadPlacementChar(c)))?;
                let square = Square::new(file, 6 - row).ok_or(syntax(at, FenSyntax::LongRank(rank_name)))?;
                board[square.index()] = Some(piece);
                offsets[square.index()] = at;
                file += 1;
            }
        }
    }
    let end_of_board = chars.peek().map_or(text.len(), |&(at, _)| at);
    if file < 7 {
        return Err(syntax(end_of_board, FenSyntax::ShortRank(7 - row)));
    }
    if row < 6 {
        return Err(syntax(end_of_board, FenSyntax::TooFewRanks));
    }

    let rest = &text[end_of_board..];
    let mut fields = rest.split(' ');
    // `rest` starts with the space (or is empty): the first piece is "".
    fields.next();
    let side_at = end_of_board + 1;
    let side = fields.next().ok_or(syntax(text.len(), FenSyntax::ExpectedSpace))?;
    let turn = match side {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        "" => return Err(syntax(side_at, FenSyntax::ExpectedSpace)),
        _ => return Err(syntax(side_at, FenSyntax::BadSide)),
    };
    let number_at = side_at + side.len() + 1;
    let number = fields.next().ok_or(syntax(text.len(), FenSyntax::ExpectedSpace))?;
    if number.is_empty() {
        return Err(syntax(number_at, FenSyntax::ExpectedSpace));
    }
    if let Some(bad) = number.find(|c: char| !c.is_ascii_digit()) {
        return Err(syntax(number_at + bad, FenSyntax::BadMoveNumber));
    }
    let move_number: u32 = number.parse().map_err(|_| syntax(number_at, FenSyntax::MoveNumberTooLarge))?;
    let move_number = u64::from(move_number);
    if fields.next().is_some() {
        return Err(syntax(number_at + number.len(), FenSyntax::TrailingText));
    }
    Ok((Setup { board, turn, move_number }, offsets))
}

/// Writes the FEN: maximal runs of empty squares, side in lower case.
pub fn write(board: &[Option<Piece>; Square::COUNT], turn: Color, move_number: u64) -> String {
    let mut s = String::with_capacity(40);
    for rank in (0..7).rev() {
        let mut empty = 0;
        for file in 0..7 {
            match Square::new(file, rank).and_then(|sq| board[sq.index()]) {
                Some(piece) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(turn.fold('w', 'b'));
    s.push(' ');
    s.push_str(&move_number.to_string());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPACE: &str = "expected one space between the board, the side to move and the move number";

    fn err(text: &str) -> (usize, String) {
        let e = parse(text).unwrap_err();
        (e.offset, e.to_string())
    }

    #[test]
    fn start_positions_round_trip() {
        for fen in ["gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0"] {
            assert_eq!(parse(fen).unwrap().fen(), fen);
        }
        assert_eq!(parse("3l3/7/7/7/7/7/1111L2 B 12").unwrap().fen(), "3l3/7/7/7/7/7/4L2 b 12");
    }

    #[test]
    fn syntax_errors_point_at_the_problem() {
        assert_eq!(err(""), (0, "the FEN is empty".into()));
        assert_eq!(err("3l3/7/7/7/7/7/3X3 w 0").0, 15);
        assert_eq!(err("3l3/8/7/7/7/7/3L3 w 0").0, 4);
        assert_eq!(err("3l3/7/7/7/7/7/3L4 w 0"), (16, "rank 1 has more than 7 squares".into()));
        assert_eq!(err("3l3/7/7/7/7/7/3L2 w 0"), (17, "rank 1 has fewer than 7 squares".into()));
        assert_eq!(err("3l3/6/7/7/7/7/3L3 w 0"), (5, "rank 6 has fewer than 7 squares".into()));
        assert_eq!(err("3l3/7/7/7/7/3L3 w 0"), (15, "the board has fewer than 7 ranks".into()));
        assert_eq!(err("3l3/7/7/7/7/7/3L3/7 w 0").0, 17);
        assert_eq!(err("3l3/7/7/7/7/7/3L3"), (17, SPACE.into()));
        assert_eq!(err("3l3/7/7/7/7/7/3L3 x 0"), (18, "the side to move must be w or b".into()));
        assert_eq!(err("3l3/7/7/7/7/7/3L3  w 0").0, 18);
        assert_eq!(err("3l3/7/7/7/7/7/3L3 w"), (19, SPACE.into()));
        assert_eq!(err("3l3/7/7/7/7/7/3L3 w 1x").0, 21);
        assert_eq!(err("3l3/7/7/7/7/7/3L3 w -1").0, 20);
        assert_eq!(err("3l3/7/7/7/7/7/3L3 w 99999999999").1, "the move number is too large");
        assert_eq!(err("3l3/7/7/7/7/7/3L3 w 1 x"), (21, "unexpected text after the move number".into()));
        assert_eq!(err("3l3/7/7/7/7/7/3L3 w 1 ").0, 21);
    }

    #[test]
    fn position_errors_point_at_the_piece() {
        assert_eq!(err("7/7/7/7/7/7/7 w 0"), (0, "neither side has a lion".into()));
        assert!(parse("3l3/7/7/7/7/7/7 w 0").is_ok(), "a finished game is a position");
        assert_eq!(err("3l3/7/7/7/7/L6/3L3 w 0"), (16, "white has more than one lion".into()));
        assert_eq!(err("3l3/7/7/7/7/7/L6 w 0"), (14, "the white lion on a1 stands outside its castle".into()));
        assert_eq!(err("P2l3/7/7/7/7/7/3L3 w 0").0, 0);
    }
}
