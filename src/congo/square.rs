//! The 49 squares of the 7x7 board, the river and the castles.

use crate::color::Color;
use std::fmt;

/// A square, `a1` to `g7`. Files `a`..`g` run left to right from White's
/// side, ranks `1`..`7` bottom to top. Only the checked constructors make
/// one, so the index is always below 49.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// A step on the board: (files, ranks), ranks counted upward.
pub type Delta = (i8, i8);

/// The eight neighbours.
pub const KING_STEPS: [Delta; 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
/// The four straight neighbours.
pub const ORTHOGONAL_STEPS: [Delta; 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
/// A chess knight's jumps.
pub const KNIGHT_JUMPS: [Delta; 8] = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)];

impl Square {
    pub const COUNT: usize = 49;
    // The ends of the two diagonals through d4 that join the castles.
    pub const C3: Square = Square(2 * 7 + 2);
    pub const E3: Square = Square(2 * 7 + 4);
    pub const C5: Square = Square(4 * 7 + 2);
    pub const E5: Square = Square(4 * 7 + 4);
    /// The river is the fourth rank (index 3).
    pub const RIVER_RANK: u8 = 3;

    /// `file` and `rank` count from 0 (`a` and `1`).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 7 && rank < 7 {
            Some(Square(rank * 7 + file))
        } else {
            None
        }
    }

    pub fn from_index(index: usize) -> Option<Square> {
        (index < Self::COUNT).then_some(Square(index as u8))
    }

    /// Every square, `a1`, `b1`, ... `g7`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file `a`.
    pub const fn file(self) -> u8 {
        self.0 % 7
    }

    /// 0 for rank `1`.
    pub const fn rank(self) -> u8 {
        self.0 / 7
    }

    /// The square `delta` away, if it is on the board.
    pub fn offset(self, (df, dr): Delta) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if (0..7).contains(&file) && (0..7).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    }

    /// (files, ranks) from `self` to `to`.
    pub fn delta_to(self, to: Square) -> Delta {
        (to.file() as i8 - self.file() as i8, to.rank() as i8 - self.rank() as i8)
    }

    pub const fn in_river(self) -> bool {
        self.rank() == Self::RIVER_RANK
    }

    /// Whether the square lies on `color`'s side of the river (White: ranks
    /// 1..3, Black: ranks 5..7).
    pub const fn on_side_of(self, color: Color) -> bool {
        match color {
            Color::White => self.rank() < Self::RIVER_RANK,
            Color::Black => self.rank() > Self::RIVER_RANK,
        }
    }

    /// The 3x3 castle: White c1..e3, Black c5..e7.
    pub const fn in_castle(self, color: Color) -> bool {
        let file_ok = self.file() >= 2 && self.file() <= 4;
        file_ok
            && match color {
                Color::White => self.rank() <= 2,
                Color::Black => self.rank() >= 4,
            }
    }

    /// `color`'s far rank, where its pawns promote.
    pub const fn is_far_rank(self, color: Color) -> bool {
        match color {
            Color::White => self.rank() == 6,
            Color::Black => self.rank() == 0,
        }
    }

    /// Parses `a1`..`g7` exactly.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            &[f, r] => Square::from_chars(f as char, r as char),
            _ => None,
        }
    }

    pub fn from_chars(file: char, rank: char) -> Option<Square> {
        let f = (file as u32).checked_sub('a' as u32)?;
        let r = (rank as u32).checked_sub('1' as u32)?;
        if f < 7 && r < 7 {
            Square::new(f as u8, r as u8)
        } else {
            None
        }
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// Forward for `color`: toward rank 7 for White, rank 1 for Black.
pub const fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("h1"), None);
        assert_eq!(Square::parse("a8"), None);
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a"), None);
    }

    #[test]
    fn river_and_castles() {
        let sq = |s| Square::parse(s).unwrap();
        assert!(sq("d4").in_river());
        assert!(sq("c1").in_castle(Color::White) && sq("e3").in_castle(Color::White));
        assert!(!sq("b2").in_castle(Color::White) && !sq("d4").in_castle(Color::White));
        assert!(sq("c5").in_castle(Color::Black) && sq("e7").in_castle(Color::Black));
        assert!(!sq("f6").in_castle(Color::Black));
        assert_eq!(sq("g7").offset((1, 0)), None);
        assert_eq!(sq("a1").offset((2, 1)), Some(sq("c2")));
    }
}
