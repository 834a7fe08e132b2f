//! The game-agnostic picture of a position that every front end draws: the
//! board, and every fact the page needs to draw and explain it (so the page
//! derives none of them). This layer knows no game; each game's adapter
//! builds its snapshots.

use crate::color::Color;
use crate::outcome::Status;
use crate::short::ShortText;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::borrow::{Borrow, Cow};
use std::fmt;
use std::ops::Deref;

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

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        c.fold(Side::White, Side::Black)
    }
}

/// The name of a square (`e4`, `z26`) as plies and moves carry it:
/// borrowed from the game's table of names where it has one (chess), so
/// that the squares of a ply cost no allocation (analysing C.1 made five
/// per ply; `cargo bench --bench perft`), and written out otherwise. It
/// reads and compares as a `str` and serializes as a string.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareName(Cow<'static, str>);

impl SquareName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for SquareName {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for SquareName {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&'static str> for SquareName {
    fn from(name: &'static str) -> SquareName {
        SquareName(Cow::Borrowed(name))
    }
}

impl From<String> for SquareName {
    fn from(name: String) -> SquareName {
        SquareName(Cow::Owned(name))
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for SquareName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SquareName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for SquareName {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<SquareName> for &str {
    fn eq(&self, other: &SquareName) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<SquareName> for String {
    fn eq(&self, other: &SquareName) -> bool {
        self == other.as_str()
    }
}

impl Serialize for SquareName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self)
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
    /// A king in check.
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

/// A square with a meaning in the rules (Congo's river and castles).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Landmark {
    pub square: &'static str,
    pub kind: LandmarkKind,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
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

impl Serialize for PieceNames {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (letter, name) in self.0 {
            map.serialize_entry(letter, name)?;
        }
        map.end()
    }
}

/// How the game stands when nobody can move on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
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
