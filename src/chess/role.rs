//! Piece kinds and pieces.

use crate::color::Lettered;
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

/// The upper-case letters of the roles, in `Role::ALL`'s order.
const LETTERS: [u8; 6] = *b"PNBRQK";

/// The role of each letter by its five low bits (6 for none).
const BY_LOW_BITS: [u8; 32] = {
    let mut table = [6; 32];
    let mut i = 0;
    while i < LETTERS.len() {
        table[(LETTERS[i] & 31) as usize] = i as u8;
        i += 1;
    }
    table
};

impl Role {
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    /// The pieces a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The word the course output uses.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Upper-case letter as in SAN and FEN (`P` for pawns).
    pub const fn upper_char(self) -> char {
        // Looked up, not matched: a match became a jump table, an indirect
        // branch mispredicted on most moves of a game.
        LETTERS[self as usize] as char
    }

    pub const fn from_upper_char(c: char) -> Option<Role> {
        // The letters differ in their five low bits: one look-up, then a
        // check that it was the letter (not a branch per role).
        let i = BY_LOW_BITS[(c as u32 & 31) as usize] as usize;
        if i < LETTERS.len() && LETTERS[i] as char == c {
            Some(Role::ALL[i])
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Lettered for Role {
    fn upper_char(self) -> char {
        Role::upper_char(self)
    }

    fn from_upper_char(c: char) -> Option<Role> {
        Role::from_upper_char(c)
    }
}

/// A chess piece (its letter: `N` a white knight, `n` a black one).
pub type Piece = crate::color::Piece<Role>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_read_back_as_their_roles_and_nothing_else_does() {
        for role in Role::ALL {
            assert_eq!(Role::from_upper_char(role.upper_char()), Some(role));
        }
        let letters: Vec<char> = Role::ALL.iter().map(|r| r.upper_char()).collect();
        assert_eq!(letters, ['P', 'N', 'B', 'R', 'Q', 'K']);
        for c in (0..0x300).filter_map(char::from_u32).filter(|c| !letters.contains(c)) {
            assert_eq!(Role::from_upper_char(c), None, "{c:?}");
        }
    }
}
