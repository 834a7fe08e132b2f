//! Squares, colours and pieces: the words of the game.

use std::cmp::Ordering;
use std::fmt;

/// A square of the 8x8 board, `a1` to `h8`. Ordered by file, then rank, so
/// that sorting moves by their squares sorts them as their text sorts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Square(u8); // file + 8 * rank, both from 0; a1 = 0, h8 = 63

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then_some(Square(file + 8 * rank))
    }

    /// From the index `file + 8 * rank` (0..64).
    pub fn from_index(index: usize) -> Option<Square> {
        (index < 64).then_some(Square(index as u8))
    }

    /// Every square, in index order (a1, b1, ..., h8).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The square's name as two ASCII bytes (`b"c3"`), if exactly that.
    pub fn parse(name: &[u8]) -> Option<Square> {
        match name {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::new(f - b'a', r - b'1'),
            _ => None,
        }
    }

    pub fn file(self) -> u8 {
        self.0 % 8
    }

    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The square `files` and `ranks` away, if on the board.
    pub fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    }
}

impl Ord for Square {
    fn cmp(&self, other: &Square) -> Ordering {
        (self.file(), self.rank()).cmp(&(other.file(), other.rank()))
    }
}

impl PartialOrd for Square {
    fn partial_cmp(&self, other: &Square) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A player. Red moves up the ranks, black down.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Red,
    Black,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// The word the course's files and programs use.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// Which way this colour's pawns move: +1 rank for red, -1 for black.
    pub fn forward(self) -> i8 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }

    /// The rank (from 0) where this colour's pawns are crowned.
    pub fn far_rank(self) -> u8 {
        match self {
            Color::Red => 7,
            Color::Black => 0,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Color> for crate::snapshot::Side {
    fn from(c: Color) -> crate::snapshot::Side {
        match c {
            Color::Red => crate::snapshot::Side::Red,
            Color::Black => crate::snapshot::Side::Black,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Pawn,
    King,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

/// Diagonal directions as (files, ranks).
const UP: [(i8, i8); 2] = [(-1, 1), (1, 1)];
const DOWN: [(i8, i8); 2] = [(-1, -1), (1, -1)];
const ALL: [(i8, i8); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];

impl Piece {
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// The letter of the file format: `r R b B`.
    pub fn letter(self) -> char {
        match (self.color, self.kind) {
            (Color::Red, Kind::Pawn) => 'r',
            (Color::Red, Kind::King) => 'R',
            (Color::Black, Kind::Pawn) => 'b',
            (Color::Black, Kind::King) => 'B',
        }
    }

    pub fn from_letter(letter: u8) -> Option<Piece> {
        match letter {
            b'r' => Some(Piece::new(Color::Red, Kind::Pawn)),
            b'R' => Some(Piece::new(Color::Red, Kind::King)),
            b'b' => Some(Piece::new(Color::Black, Kind::Pawn)),
            b'B' => Some(Piece::new(Color::Black, Kind::King)),
            _ => None,
        }
    }

    /// The diagonal directions this piece may move in: pawns forward only.
    pub fn directions(self) -> &'static [(i8, i8)] {
        match (self.kind, self.color) {
            (Kind::King, _) => &ALL,
            (Kind::Pawn, Color::Red) => &UP,
            (Kind::Pawn, Color::Black) => &DOWN,
        }
    }

    /// Whether this piece is a pawn that becomes a king on `square`.
    pub fn crowns_on(self, square: Square) -> bool {
        self.kind == Kind::Pawn && square.rank() == self.color.far_rank()
    }

    pub fn crowned(self) -> Piece {
        Piece::new(self.color, Kind::King)
    }

    /// "red pawn", "black king".
    pub fn describe(self) -> String {
        let kind = match self.kind {
            Kind::Pawn => "pawn",
            Kind::King => "king",
        };
        format!("{} {}", self.color, kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_sort_as_their_names() {
        let mut squares: Vec<Square> = Square::all().collect();
        squares.sort();
        let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
    }

    #[test]
    fn parse_names() {
        assert_eq!(Square::parse(b"a1"), Square::new(0, 0));
        assert_eq!(Square::parse(b"h8").map(|s| s.to_string()), Some("h8".to_string()));
        assert_eq!(Square::parse(b"i1"), None);
        assert_eq!(Square::parse(b"a9"), None);
        assert_eq!(Square::parse(b"a"), None);
    }
}
