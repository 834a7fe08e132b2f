//! The game-agnostic picture of a position that every front end draws: the
//! board, and every fact the page needs to draw and explain it (so the page
//! derives none of them). This layer knows no game; each game's adapter
//! builds its snapshots.

use crate::color::Color;
use crate::json::{json_enum, json_object, ToJson};
use crate::short::{ShortText, SquareName};
#[cfg(feature = "serde")]
use serde::{ser::SerializeMap, Serialize, Serializer};

/// A player of any of the games (checkers has red instead of white).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
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

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        c.fold(Side::White, Side::Black)
    }
}

/// What a marker on a square means (the renderer chooses how it looks).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum MarkKind {
    /// The piece can move to this empty square.
    Move,
    /// The piece can capture on this square.
    Capture,
    /// A king in check.
    Check,
    /// The piece the other marks belong to.
    Selected,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Mark {
    /// Square name in the game's coordinates (`e4`, `z26`).
    pub square: String,
    pub kind: MarkKind,
}

/// A square with a meaning in the rules (Congo's river and castles).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Landmark {
    pub square: &'static str,
    pub kind: LandmarkKind,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum LandmarkKind {
    /// Congo's river: pieces other than crocodiles drown if they end two
    /// moves in a row in it.
    River,
    /// A lion's castle: the 3x3 squares its lion may not leave.
    Castle,
}

/// The name of every piece letter a game uses (`N`: "white knight").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceNames(pub &'static [(char, &'static str)]);

impl PieceNames {
    pub fn name(&self, letter: char) -> Option<&'static str> {
        self.0.iter().find(|(l, _)| *l == letter).map(|(_, name)| *name)
    }
}

#[cfg(feature = "serde")]
impl Serialize for PieceNames {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (letter, name) in self.0 {
            map.serialize_entry(letter, name)?;
        }
        map.end()
    }
}

impl ToJson for PieceNames {
    fn write_json(&self, out: &mut String) {
        out.push('{');
        for (i, (letter, name)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            letter.write_json(out);
            out.push(':');
            name.write_json(out);
        }
        out.push('}');
    }
}

json_enum!(Side, name);
json_enum!(MarkKind { Move: "move", Capture: "capture", Check: "check", Selected: "selected" });
json_object!(Mark { square, kind });
json_object!(Landmark { square, kind });
json_enum!(LandmarkKind { River: "river", Castle: "castle" });

/// How a game stands: its verdict's kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Status {
    Checkmate,
    Stalemate,
    Incomplete,
    ParseError,
    CompletionError,
    IllegalMove,
    /// Won other than by checkmate (a lion captured, no move left).
    Win,
    /// Drawn other than by stalemate.
    Draw,
    /// A position problem answered (grid problems).
    Answer,
}

impl Status {
    pub fn is_error(self) -> bool {
        matches!(self, Status::ParseError | Status::CompletionError | Status::IllegalMove)
    }

    /// Whether the game has ended on the board (nobody can move on).
    pub fn is_over(self) -> bool {
        matches!(self, Status::Checkmate | Status::Stalemate | Status::Win | Status::Draw)
    }
}

/// How the game stands when nobody can move on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Over {
    /// `checkmate`, `stalemate`, `win` or `draw`.
    pub status: Status,
    pub winner: Option<Side>,
    /// Why, in plain words (`white has captured the enemy lion`).
    pub reason: String,
}

/// What every position of one game shares: its board's shape and meaning.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardKind {
    pub width: u8,
    pub height: u8,
    pub landmarks: &'static [Landmark],
    /// A square is dark when its column (from 0, `a` = 0) plus its rank
    /// (from 1) has this parity: `1` in chess (a1 is dark), `0` on a
    /// checkers board turned the other way.
    pub dark_parity: u8,
    pub pieces: PieceNames,
}

/// A board's cells as `Snapshot::cells` writes them: a chess board's 64
/// held in place.
pub type Cells = ShortText<64>;

/// A position in its game's own text form: any chess FEN held in place.
pub type PositionText = ShortText<96>;

/// One position, as one string of `width x height` characters, row by row
/// from the top; `.` is an empty square, anything else is the piece's
/// letter as the game's own text writes it (`K`/`k` chess, `L`/`l` Congo,
/// uppercase for the first player; checkers' file letters `r R b B`, where
/// uppercase is a king).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Snapshot {
    pub width: u8,
    pub height: u8,
    pub cells: Cells,
    pub side_to_move: Option<Side>,
    /// The square of the king (or lion) in check, if any (for chess, a
    /// name from its table: no allocation).
    pub check: Option<SquareName>,
    /// The position in the game's own text form (FEN for chess and Congo).
    pub fen: PositionText,
    /// The number of the move about to be played (chess counts a white and
    /// a black move as one).
    pub move_number: u32,
    /// Set when the game has ended in this position.
    pub over: Option<Over>,
    pub landmarks: &'static [Landmark],
    pub dark_parity: u8,
    /// Every letter the game uses, with its name.
    pub pieces: PieceNames,
    /// Squares to mark on this position (problem answers).
    pub marks: Vec<Mark>,
}

impl Snapshot {
    /// A position of a board of `kind`; the caller fills in the rest.
    pub fn new(kind: &BoardKind, cells: impl Into<Cells>, fen: impl Into<PositionText>) -> Snapshot {
        Snapshot {
            width: kind.width,
            height: kind.height,
            cells: cells.into(),
            side_to_move: None,
            check: None,
            fen: fen.into(),
            move_number: 1,
            over: None,
            landmarks: kind.landmarks,
            dark_parity: kind.dark_parity,
            pieces: kind.pieces,
            marks: Vec::new(),
        }
    }

    /// No board at all (a text that could not be read as any position).
    pub fn empty() -> Snapshot {
        Snapshot::new(
            &BoardKind { width: 0, height: 0, landmarks: &[], dark_parity: 0, pieces: PieceNames(&[]) },
            String::new(),
            String::new(),
        )
    }

    /// The name of a piece letter of this game.
    pub fn piece_name(&self, letter: char) -> Option<&'static str> {
        self.pieces.name(letter)
    }
}

json_enum!(Status {
    Checkmate: "checkmate",
    Stalemate: "stalemate",
    Incomplete: "incomplete",
    ParseError: "parse_error",
    CompletionError: "completion_error",
    IllegalMove: "illegal_move",
    Win: "win",
    Draw: "draw",
    Answer: "answer",
});
json_object!(Over { status, winner, reason });
json_object!(Snapshot {
    width,
    height,
    cells,
    "sideToMove": side_to_move,
    check,
    fen,
    "moveNumber": move_number,
    over,
    landmarks,
    "darkParity": dark_parity,
    pieces,
    marks,
});
