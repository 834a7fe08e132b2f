//! The board: which squares are dark, and what stands on them.

use super::square::{Color, Kind, Piece, Square};

/// Which squares are the dark (playable) ones. A standard board has a dark
/// `a1`; a flipped board exchanges the colours but not the coordinates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    Standard,
    Flipped,
}

impl Orientation {
    /// Standard: file + rank even (from 0), so `a1` is dark and `a8` light.
    /// Flipped: file + rank odd (the spec's "odd with a = 1" counts both
    /// from 1, which gives the same parity).
    pub fn is_dark(self, square: Square) -> bool {
        let even = (square.file() + square.rank()) % 2 == 0;
        match self {
            Orientation::Standard => even,
            Orientation::Flipped => !even,
        }
    }
}

/// Invariant: pieces stand only on dark squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 64],
    orientation: Orientation,
}

impl Board {
    pub fn empty(orientation: Orientation) -> Board {
        Board { squares: [None; 64], orientation }
    }

    /// The usual start: twelve pawns each on the three ranks nearest each player.
    pub fn start() -> Board {
        let mut board = Board::empty(Orientation::Standard);
        for square in Square::all() {
            let color = match square.rank() {
                0..=2 => Color::Red,
                5..=7 => Color::Black,
                _ => continue,
            };
            // Cannot fail: the square is dark.
            let _ = board.put(square, Piece::new(color, Kind::Pawn));
        }
        board
    }

    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    pub fn is_dark(&self, square: Square) -> bool {
        self.orientation.is_dark(square)
    }

    pub fn get(&self, square: Square) -> Option<Piece> {
        self.squares[square.index()]
    }

    /// Puts a piece on a dark square; refuses a light one.
    pub fn put(&mut self, square: Square, piece: Piece) -> Result<(), Square> {
        if !self.is_dark(square) {
            return Err(square);
        }
        self.squares[square.index()] = Some(piece);
        Ok(())
    }

    /// Empties a square, returning what stood there.
    pub fn take(&mut self, square: Square) -> Option<Piece> {
        self.squares[square.index()].take()
    }

    /// Every piece with its square, in square index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |s| self.get(s).map(|p| (s, p)))
    }

    pub fn count(&self, piece: Piece) -> usize {
        self.squares.iter().filter(|&&p| p == Some(piece)).count()
    }

    /// The character the course's files use for a square: `"` light, `.`
    /// empty dark, else the piece letter.
    pub fn file_char(&self, square: Square) -> char {
        match self.get(square) {
            Some(piece) => piece.letter(),
            None if self.is_dark(square) => '.',
            None => '"',
        }
    }

    /// The squares from the top-left corner (`a8`) row by row, as the
    /// course's files and the snapshots list them.
    pub fn reading_order() -> impl Iterator<Item = Square> {
        (0..64u8).filter_map(|i| Square::new(i % 8, 7 - i / 8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_twelve_pawns_each_on_dark_squares() {
        let board = Board::start();
        assert_eq!(board.count(Piece::new(Color::Red, Kind::Pawn)), 12);
        assert_eq!(board.count(Piece::new(Color::Black, Kind::Pawn)), 12);
        assert!(board.pieces().all(|(s, _)| board.is_dark(s)));
        assert!(board.is_dark(Square::parse(b"a1").unwrap()));
        assert!(!board.is_dark(Square::parse(b"a8").unwrap()));
    }

    #[test]
    fn flipped_boards_exchange_colours() {
        let a8 = Square::parse(b"a8").unwrap();
        assert!(Orientation::Flipped.is_dark(a8));
        assert!(!Orientation::Standard.is_dark(a8));
    }
}
