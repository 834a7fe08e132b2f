//! A compact one-line text form of a position, for snapshots and for the
//! page to hand a position back (`suggest`, "copy exchange file").
//!
//! ```text
//! 1b1b1b1b/b1b1b1b1/1b1b1b1b/8/8/r1r1r1r1/1r1r1r1r/r1r1r1r1 r nocapture multiple
//! ```
//!
//! Fields, separated by single spaces:
//! 1. the board, rank 8 first, ranks separated by `/`, each rank from file
//!    a: `r R b B` for pieces, a digit 1-8 for that many empty squares
//!    (light or dark alike);
//! 2. the side to move, `r` or `b`;
//! 3. the capture rule, `capture` or `nocapture`;
//! 4. the jumps rule, `single` or `multiple`;
//! 5. `flipped` for a flipped board (`a8` dark), absent otherwise.

use std::fmt;

use super::board::{Board, Orientation};
use super::rules::{CaptureRule, Jumps, Position, Rules};
use super::square::{Color, Piece, Square};

pub fn write_fen(position: &Position) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match Square::new(file, rank).and_then(|s| position.board.get(s)) {
                Some(piece) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(piece.letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(match position.turn {
        Color::Red => " r",
        Color::Black => " b",
    });
    out.push_str(match position.rules.capture {
        CaptureRule::Capture => " capture",
        CaptureRule::NoCapture => " nocapture",
    });
    out.push_str(match position.rules.jumps {
        Jumps::Single => " single",
        Jumps::Multiple => " multiple",
    });
    if position.board.orientation() == Orientation::Flipped {
        out.push_str(" flipped");
    }
    out
}

/// What is wrong with a position's text form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 or 5 space-separated fields.
    Fields,
    /// The board field is not 8 ranks of 8 squares of `rRbB1-8`.
    Board,
    /// A piece on a light square.
    LightSquare(Square),
    Turn,
    Capture,
    Jumps,
    Orientation,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Fields => f.write_str(
                "a checkers position needs 4 or 5 fields: board, side to move, capture rule, jumps rule [, flipped]",
            ),
            FenError::Board => f.write_str(
                "the board must be 8 ranks of 8 squares, each a piece (r R b B) or a count of empty squares",
            ),
            FenError::LightSquare(square) => write!(f, "a piece stands on the light square {square}"),
            FenError::Turn => f.write_str("the side to move must be 'r' or 'b'"),
            FenError::Capture => f.write_str("the capture rule must be 'capture' or 'nocapture'"),
            FenError::Jumps => f.write_str("the jumps rule must be 'single' or 'multiple'"),
            FenError::Orientation => f.write_str("the fifth field can only be 'flipped'"),
        }
    }
}

impl std::error::Error for FenError {}

pub fn read_fen(text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split(' ').collect();
    if !(4..=5).contains(&fields.len()) {
        return Err(FenError::Fields);
    }
    let orientation = match fields.get(4) {
        None => Orientation::Standard,
        Some(&"flipped") => Orientation::Flipped,
        Some(_) => return Err(FenError::Orientation),
    };
    let turn = match fields[1] {
        "r" => Color::Red,
        "b" => Color::Black,
        _ => return Err(FenError::Turn),
    };
    let capture = match fields[2] {
        "capture" => CaptureRule::Capture,
        "nocapture" => CaptureRule::NoCapture,
        _ => return Err(FenError::Capture),
    };
    let jumps = match fields[3] {
        "single" => Jumps::Single,
        "multiple" => Jumps::Multiple,
        _ => return Err(FenError::Jumps),
    };
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Board);
    }
    let mut board = Board::empty(orientation);
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in rank_text.bytes() {
            match c {
                b'1'..=b'8' => file += c - b'0',
                _ => {
                    let piece = Piece::from_letter(c).ok_or(FenError::Board)?;
                    let square = Square::new(file, rank).ok_or(FenError::Board)?;
                    board.put(square, piece).map_err(FenError::LightSquare)?;
                    file += 1;
                }
            }
            if file > 8 {
                return Err(FenError::Board);
            }
        }
        if file != 8 {
            return Err(FenError::Board);
        }
    }
    Ok(Position { board, turn, rules: Rules { capture, jumps } })
}
