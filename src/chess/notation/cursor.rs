//! Reading a text one character at a time: what every notation parser
//! here needs (course moves, SAN, the PGN lexer).

use super::course::ParseError;
use crate::chess::square::{File, Rank};

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
        self.rest().chars().next()
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

    /// The character here cannot continue the move.
    pub fn error(&self, expected: &'static str) -> ParseError {
        ParseError { offset: self.at, character: self.peek(), expected }
    }
}
