//! The game-agnostic picture of a position that every front end draws.

use serde::Serialize;

/// A player of any of the games (checkers has red instead of white).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
    Red,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Red => "red",
        }
    }
}

impl From<crate::chess::Color> for Side {
    fn from(c: crate::chess::Color) -> Side {
        match c {
            crate::chess::Color::White => Side::White,
            crate::chess::Color::Black => Side::Black,
        }
    }
}

/// What a marker on a square means (the renderer chooses how it looks).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkKind {
    /// The piece can move to this empty square.
    Move,
    /// The piece can capture on this square.
    Capture,
    /// A king (or lion) in check, or a piece under attack worth showing.
    Check,
    /// The piece the other marks belong to.
    Selected,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// Square name in the game's coordinates (`e4`, `z26`).
    pub square: String,
    pub kind: MarkKind,
}

/// One position, as one string of `width x height` characters, row by row
/// from the top; `.` is an empty square, anything else is the piece's
/// letter in that game's own notation (`K`/`k` chess, `L`/`l` Congo,
/// `R`/`b` checkers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub width: u8,
    pub height: u8,
    pub cells: String,
    pub side_to_move: Option<Side>,
    /// The square of the king in check, if any.
    pub check: Option<String>,
    /// The position in the game's own text form (FEN for chess and Congo).
    pub fen: String,
    /// Squares to mark on this position (problem answers, selections).
    pub marks: Vec<Mark>,
}

impl Snapshot {
    pub fn chess(pos: &crate::chess::Position) -> Snapshot {
        let check = pos.is_check().then(|| pos.king_of(pos.turn()).name().into());
        let setup = pos.to_setup();
        Snapshot {
            width: 8,
            height: 8,
            cells: crate::chess::position::cells_of(&setup.board),
            side_to_move: Some(pos.turn().into()),
            check,
            fen: setup.to_fen(),
            marks: Vec::new(),
        }
    }
}
