//! A Congo move as written: `d2d3`, or a monkey's multiple jump listing
//! every landing square, `b3d5f3`.

use super::square::Square;
use arrayvec::ArrayVec;
use std::fmt;

/// The most landing squares a move may list. A monkey jumps at most once
/// per enemy piece, and a position holds at most 14 pieces a side (see
/// `PositionProblem::TooManyPieces`), so 14 jumps always fit.
pub const MAX_PATH: usize = 14;

/// A move: where the piece starts and every square it lands on (one for
/// every piece except a monkey making several jumps). It carries squares
/// only; the position says what moved and what was taken.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    /// Never empty; the last square is where the piece ends.
    path: ArrayVec<Square, MAX_PATH>,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        let mut path = ArrayVec::new();
        path.push(to);
        Move { from, path }
    }

    /// A move through `path` (`None` if it is empty or too long).
    pub fn with_path(from: Square, path: &[Square]) -> Option<Move> {
        if path.is_empty() {
            return None;
        }
        let path = ArrayVec::try_from(path).ok()?;
        Some(Move { from, path })
    }

    pub fn from(&self) -> Square {
        self.from
    }

    /// Where the piece ends.
    pub fn to(&self) -> Square {
        // The path is never empty (every constructor checks it).
        self.path.last().copied().unwrap_or(self.from)
    }

    /// Every landing square, in order.
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    /// The square between the last two squares of the move when they are
    /// two apart in a line (for a monkey: the piece its last jump takes).
    pub fn last_jump_over(&self) -> Option<Square> {
        let before = match self.path.len() {
            0 => return None,
            1 => self.from,
            n => self.path[n - 2],
        };
        let (df, dr) = before.delta_to(self.to());
        let jump = matches!(df, -2 | 0 | 2) && matches!(dr, -2 | 0 | 2) && (df, dr) != (0, 0);
        jump.then(|| before.offset((df / 2, dr / 2))).flatten()
    }

    /// Parses `d2d3` or `b3d5f3`: two or more squares, nothing else.
    pub fn parse(text: &str) -> Result<Move, MoveSyntaxError> {
        let mut squares: ArrayVec<Square, { MAX_PATH + 1 }> = ArrayVec::new();
        let mut chars = text.char_indices();
        while let Some((at, file)) = chars.next() {
            if !('a'..='g').contains(&file) {
                return Err(MoveSyntaxError { offset: at, problem: MoveSyntax::NotAFile(file) });
            }
            let square = match chars.next() {
                Some((rank_at, rank)) => Square::from_chars(file, rank)
                    .ok_or(MoveSyntaxError { offset: rank_at, problem: MoveSyntax::NotARank(rank) })?,
                None => return Err(MoveSyntaxError { offset: text.len(), problem: MoveSyntax::MissingRank }),
            };
            if squares.try_push(square).is_err() {
                return Err(MoveSyntaxError { offset: at, problem: MoveSyntax::TooLong });
            }
        }
        match squares.split_first() {
            Some((&from, path)) if !path.is_empty() => {
                Move::with_path(from, path).ok_or(MoveSyntaxError { offset: 0, problem: MoveSyntax::TooLong })
            }
            _ => Err(MoveSyntaxError { offset: text.len(), problem: MoveSyntax::OneSquare }),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        for sq in &self.path {
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// Why a text is not a move, and where (a byte offset into it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSyntaxError {
    pub offset: usize,
    pub problem: MoveSyntax,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSyntax {
    NotAFile(char),
    NotARank(char),
    MissingRank,
    OneSquare,
    TooLong,
}

impl fmt::Display for MoveSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem {
            MoveSyntax::NotAFile(c) => write!(f, "{c:?} is not a file (a to g); a move is written like d2d3"),
            MoveSyntax::NotARank(c) => write!(f, "{c:?} is not a rank (1 to 7); a move is written like d2d3"),
            MoveSyntax::MissingRank => f.write_str("the last square has no rank; a move is written like d2d3"),
            MoveSyntax::OneSquare => f.write_str("a move needs a from square and a to square, like d2d3"),
            MoveSyntax::TooLong => write!(f, "a move lists at most {} landing squares", MAX_PATH),
        }
    }
}

impl std::error::Error for MoveSyntaxError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for text in ["d2d3", "b3d5f3", "a1g7", "b3d5f3d1b3"] {
            assert_eq!(Move::parse(text).unwrap().to_string(), text);
        }
        let m = Move::parse("b3d5f3").unwrap();
        assert_eq!(m.from().to_string(), "b3");
        assert_eq!(m.to().to_string(), "f3");
        assert_eq!(m.path().len(), 2);
    }

    #[test]
    fn syntax_errors_say_where() {
        let err = |t| Move::parse(t).unwrap_err();
        assert_eq!(err("d2").problem, MoveSyntax::OneSquare);
        assert_eq!(err("").problem, MoveSyntax::OneSquare);
        assert_eq!(err("d2d"), MoveSyntaxError { offset: 3, problem: MoveSyntax::MissingRank });
        assert_eq!(err("d2h3"), MoveSyntaxError { offset: 2, problem: MoveSyntax::NotAFile('h') });
        assert_eq!(err("d2d8"), MoveSyntaxError { offset: 3, problem: MoveSyntax::NotARank('8') });
        assert_eq!(err("D2d3").problem, MoveSyntax::NotAFile('D'));
        assert_eq!(err("d2é3"), MoveSyntaxError { offset: 2, problem: MoveSyntax::NotAFile('é') });
        assert_eq!(err(&"a1c3".repeat(8)).problem, MoveSyntax::TooLong);
    }
}
