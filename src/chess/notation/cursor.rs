//! Reading a text one character at a time: what every notation parser
//! here needs (course moves, SAN, the PGN lexer).

use crate::chess::castling::CastlingSide;
use crate::chess::square::{File, Rank};
use std::fmt;

/// A character that cannot continue (or start) a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset of the character in the text; for the end of the line,
    /// the offset where the line ends.
    pub offset: usize,
    /// `None` for the end of the line.
    pub character: Option<char>,
    /// What the grammar allowed here, for people.
    pub expected: &'static str,
}

impl ParseError {
    /// The character as the course output prints it: itself, except a tab
    /// (`\t`) and the end of the line (`\n`).
    pub fn printed_character(&self) -> String {
        match self.character {
            None => "\\n".to_string(),
            Some('\t') => "\\t".to_string(),
            Some(c) => c.to_string(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "parse error at character '{}'", self.printed_character())
    }
}

#[derive(Copy, Clone, Debug)]
pub struct Cursor<'a> {
    pub text: &'a str,
    /// Byte offset of the next character (always on a character boundary).
    pub at: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str, at: usize) -> Cursor<'a> {
        Cursor { text, at }
    }

    pub fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or("")
    }

    pub fn peek(&self) -> Option<char> {
        // ASCII, the usual case, without decoding (`at` is on a boundary).
        match self.text.as_bytes().get(self.at) {
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            _ => self.rest().chars().next(),
        }
    }

    pub fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.at += c.len_utf8();
        }
    }

    pub fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.bump();
        }
        found
    }

    pub fn file(&mut self) -> Option<File> {
        let f = File::from_char(self.peek()?)?;
        self.bump();
        Some(f)
    }

    pub fn rank(&mut self) -> Option<Rank> {
        let r = Rank::from_char(self.peek()?)?;
        self.bump();
        Some(r)
    }

    /// Castling written with the letter `O` or the digit `0` (one kind per
    /// move): `O-O`, `O-O-O`, `0-0`, `0-0-0`. The cursor is on the first letter.
    pub fn castling(&mut self) -> Result<CastlingSide, ParseError> {
        self.castling_with(|c| c == '-')
    }

    /// `castling`, with any character `dash` accepts between the letters.
    pub fn castling_with(&mut self, dash: impl Fn(char) -> bool) -> Result<CastlingSide, ParseError> {
        let letter = self.peek().unwrap_or('O');
        let expected = if letter == 'O' { "O-O or O-O-O" } else { "0-0 or 0-0-0" };
        self.bump();
        if !self.eat_if(&dash) || !self.eat(letter) {
            return Err(self.error(expected));
        }
        if !self.eat_if(&dash) {
            return Ok(CastlingSide::KingSide);
        }
        if !self.eat(letter) {
            return Err(self.error(expected));
        }
        Ok(CastlingSide::QueenSide)
    }

    /// Reads the character here if `accept` takes it.
    pub fn eat_if(&mut self, accept: impl Fn(char) -> bool) -> bool {
        let found = self.peek().is_some_and(accept);
        if found {
            self.bump();
        }
        found
    }

    /// The character here cannot continue the move.
    pub fn error(&self, expected: &'static str) -> ParseError {
        ParseError { offset: self.at, character: self.peek(), expected }
    }
}

/// Declares a parser's reader: a `Cursor` (reached through `Deref`) with
/// that parser's grammar as its own methods.
macro_rules! reader_over_cursor {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        struct $name<'a>($crate::chess::notation::cursor::Cursor<'a>);

        impl<'a> std::ops::Deref for $name<'a> {
            type Target = $crate::chess::notation::cursor::Cursor<'a>;
            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }

        impl std::ops::DerefMut for $name<'_> {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.0
            }
        }
    };
}

pub(crate) use reader_over_cursor;
