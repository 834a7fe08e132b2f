//! The two sides of chess and its cousins (Congo, grid problems), and their
//! pieces: the vocabulary every game shares. Checkers names its sides red
//! and black and keeps its own `checkers::Color`.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The word the course output uses: `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    pub const fn fold<T: Copy>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per colour, indexed by `Color` rather than by an integer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    pub fn new(white: T, black: T) -> Self {
        ByColor { white, black }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// A game's kind of piece, written as a letter: upper case, as White's.
pub trait Lettered: Copy {
    fn upper_char(self) -> char;
    fn from_upper_char(c: char) -> Option<Self>;
}

/// A piece of chess or one of its cousins: its side and its role, of the
/// game's own roles (`chess::Piece`, `congo::Piece`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece<R> {
    pub color: Color,
    pub role: R,
}

impl<R> Piece<R> {
    pub const fn new(color: Color, role: R) -> Piece<R> {
        Piece { color, role }
    }
}

impl<R: Lettered> Piece<R> {
    /// FEN letter: upper case for White, lower case for Black.
    pub fn char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece<R>> {
        let role = R::from_upper_char(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}
