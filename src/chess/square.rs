//! Files, ranks and squares of the 8x8 board.

use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

/// What files and ranks share: each is a coordinate from 0 to 7 (its
/// `ALL` in order), written as a character counted from its first.
macro_rules! coordinate {
    ($name:ident, $first:literal) => {
        impl $name {
            pub const fn new(index: u8) -> Option<$name> {
                if index < 8 {
                    Some($name::ALL[index as usize])
                } else {
                    None
                }
            }

            pub fn from_char(c: char) -> Option<$name> {
                let index = (c as u32).checked_sub(u32::from($first))?;
                if index < 8 {
                    $name::new(index as u8)
                } else {
                    None
                }
            }

            pub const fn index(self) -> u8 {
                self as u8
            }

            pub const fn char(self) -> char {
                ($first + self as u8) as char
            }
        }
    };
}

coordinate!(File, b'a');
coordinate!(Rank, b'1');

impl File {
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];
}

impl Rank {
    pub const ALL: [Rank; 8] =
        [Rank::First, Rank::Second, Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth, Rank::Seventh, Rank::Eighth];

    /// The same rank seen from black's side (first <-> eighth).
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }
}

#[rustfmt::skip]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };

    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[(rank as usize) * 8 + file as usize]
    }

    /// The square with this index (a1 = 0, b1 = 1, ..., h8 = 63).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// Only for indices known to be below 64 (bit positions of a `u64`).
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        Square::ALL[(index & 63) as usize]
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square moved by `df` files and `dr` ranks, if still on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::ALL[(r * 8 + f) as usize])
        } else {
            None
        }
    }

    /// The square mirrored vertically (a1 <-> a8).
    pub const fn flip(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The square's name, `a1` .. `h8`.
    pub const fn name(self) -> &'static str {
        const NAMES: [&str; 64] = [
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "a3", "b3",
            "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", "a5", "b5", "c5", "d5",
            "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a7", "b7", "c7", "d7", "e7", "f7",
            "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
        ];
        NAMES[self as usize]
    }

    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::new(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_ranks_read_their_own_characters_and_no_others() {
        let files: Vec<char> = File::ALL.iter().map(|f| f.char()).collect();
        let ranks: Vec<char> = Rank::ALL.iter().map(|r| r.char()).collect();
        assert_eq!(
            (files.iter().collect::<String>(), ranks.iter().collect::<String>()),
            ("abcdefgh".into(), "12345678".into())
        );
        for c in (0..0x300).filter_map(char::from_u32) {
            assert_eq!(File::from_char(c).map(File::char), files.contains(&c).then_some(c), "{c:?}");
            assert_eq!(Rank::from_char(c).map(Rank::char), ranks.contains(&c).then_some(c), "{c:?}");
        }
        assert_eq!((File::new(8), Rank::new(8), File::new(7).map(File::index)), (None, None, Some(7)));
    }

    #[test]
    fn squares_round_trip_through_their_names() {
        for sq in Square::ALL {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(sq.name(), format!("{}{}", sq.file().char(), sq.rank().char()));
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
        }
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a1x"), None);
        assert_eq!(Square::E4.offset(1, 1), Some(Square::F5));
        assert_eq!(Square::H8.offset(1, 0), None);
        assert_eq!(Square::A1.flip(), Square::A8);
    }
}
