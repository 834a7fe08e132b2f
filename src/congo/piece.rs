//! The eight Congo animals and pieces.

use crate::color::Lettered;
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn,
    Superpawn,
    Giraffe,
    Monkey,
    Elephant,
    Lion,
    Crocodile,
    Zebra,
}

impl Role {
    pub const ALL: [Role; 8] = [
        Role::Pawn,
        Role::Superpawn,
        Role::Giraffe,
        Role::Monkey,
        Role::Elephant,
        Role::Lion,
        Role::Crocodile,
        Role::Zebra,
    ];

    /// The word used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Superpawn => "superpawn",
            Role::Giraffe => "giraffe",
            Role::Monkey => "monkey",
            Role::Elephant => "elephant",
            Role::Lion => "lion",
            Role::Crocodile => "crocodile",
            Role::Zebra => "zebra",
        }
    }

    /// The FEN letter, upper case.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Superpawn => 'S',
            Role::Giraffe => 'G',
            Role::Monkey => 'M',
            Role::Elephant => 'E',
            Role::Lion => 'L',
            Role::Crocodile => 'C',
            Role::Zebra => 'Z',
        }
    }

    pub const fn from_upper_char(c: char) -> Option<Role> {
        match c {
            'P' => Some(Role::Pawn),
            'S' => Some(Role::Superpawn),
            'G' => Some(Role::Giraffe),
            'M' => Some(Role::Monkey),
            'E' => Some(Role::Elephant),
            'L' => Some(Role::Lion),
            'C' => Some(Role::Crocodile),
            'Z' => Some(Role::Zebra),
            _ => None,
        }
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

/// A Congo piece (its letter: `Z` a white zebra, `z` a black one).
pub type Piece = crate::color::Piece<Role>;

impl fmt::Display for Piece {
    /// `white zebra`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
