//! The eight Congo animals and pieces.

use crate::color::Color;
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

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: upper case for White, lower case for Black.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.upper_char().to_ascii_lowercase(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_upper_char(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    /// `white zebra`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
