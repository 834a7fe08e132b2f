//! A mailbox board of any size, with any pieces and at most one king per
//! colour.

use super::square::{BoardSize, GridSquare};
use crate::chess::{Piece, Role};
use crate::color::{ByColor, Color};
use std::fmt;

/// Why a piece could not be put on a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    OffBoard {
        square: GridSquare,
        size: BoardSize,
    },
    /// The colour already has a king (on `first`).
    SecondKing {
        color: Color,
        first: GridSquare,
    },
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::OffBoard { square, size } => {
                write!(f, "{square} is not on a board of {} rows and {} columns", size.rows(), size.cols())
            }
            PlaceError::SecondKing { color, first } => {
                write!(
                    f,
                    "a second {color} king (the first is on {first}); a board holds at most one king of each colour"
                )
            }
        }
    }
}

impl std::error::Error for PlaceError {}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: BoardSize,
    /// One cell per square, rank by rank from rank 1 (see `BoardSize::index`).
    cells: Vec<Option<Piece>>,
    /// Kept in step with `cells`: check tests look the kings up often.
    kings: ByColor<Option<GridSquare>>,
}

impl Board {
    pub fn empty(size: BoardSize) -> Board {
        let cells = vec![None; usize::from(size.rows()) * usize::from(size.cols())];
        Board { size, cells, kings: ByColor::default() }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The piece on `sq` (none off the board).
    pub fn piece_at(&self, sq: GridSquare) -> Option<Piece> {
        self.size.index(sq).and_then(|i| self.cells.get(i).copied().flatten())
    }

    pub fn king(&self, color: Color) -> Option<GridSquare> {
        self.kings[color]
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn place(&mut self, sq: GridSquare, piece: Piece) -> Result<(), PlaceError> {
        let Some(index) = self.size.index(sq) else {
            return Err(PlaceError::OffBoard { square: sq, size: self.size });
        };
        if piece.role == Role::King {
            if let Some(first) = self.kings[piece.color].filter(|&k| k != sq) {
                return Err(PlaceError::SecondKing { color: piece.color, first });
            }
        }
        self.set(index, sq, Some(piece));
        Ok(())
    }

    /// Empties `sq` (nothing happens off the board).
    pub fn remove(&mut self, sq: GridSquare) {
        if let Some(index) = self.size.index(sq) {
            self.set(index, sq, None);
        }
    }

    /// The one place cells change, so the king squares follow.
    fn set(&mut self, index: usize, sq: GridSquare, piece: Option<Piece>) {
        let Some(cell) = self.cells.get_mut(index) else { return };
        if let Some(old) = cell.filter(|p| p.role == Role::King) {
            self.kings[old.color] = None;
        }
        if let Some(new) = piece.filter(|p| p.role == Role::King) {
            self.kings[new.color] = Some(sq);
        }
        *cell = piece;
    }

    /// Every piece with its square, in reading order (top row first).
    pub fn pieces(&self) -> impl Iterator<Item = (GridSquare, Piece)> + '_ {
        self.size.squares_top_down().filter_map(|sq| Some((sq, self.piece_at(sq)?)))
    }

    /// The board as the input draws it: one string per row, top row first,
    /// a piece's letter or `.` per square.
    pub fn rows(&self) -> Vec<String> {
        let cols = usize::from(self.size.cols());
        let cells: Vec<char> =
            self.size.squares_top_down().map(|sq| self.piece_at(sq).map_or('.', Piece::char)).collect();
        cells.chunks(cols).map(|row| row.iter().collect()).collect()
    }
}

/// How the course names a piece: `white queen`, `black knight`.
pub fn piece_name(piece: Piece) -> String {
    format!("{} {}", piece.color, piece.role)
}

/// `White` or `Black`, to start a sentence.
pub fn color_title(color: Color) -> &'static str {
    color.fold("White", "Black")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kings_follow_the_cells() {
        let size = BoardSize::new(4, 4).unwrap();
        let mut board = Board::empty(size);
        let a1 = GridSquare::new(0, 0).unwrap();
        let b2 = GridSquare::new(1, 1).unwrap();
        let king = Piece::new(Color::White, Role::King);
        board.place(a1, king).unwrap();
        assert_eq!(board.king(Color::White), Some(a1));
        assert_eq!(board.place(b2, king), Err(PlaceError::SecondKing { color: Color::White, first: a1 }));
        board.place(a1, Piece::new(Color::Black, Role::Rook)).unwrap();
        assert_eq!(board.king(Color::White), None);
        board.place(b2, king).unwrap();
        assert_eq!(board.king(Color::White), Some(b2));
        assert!(board.place(GridSquare::new(4, 0).unwrap(), king).is_err());
        assert_eq!(board.rows(), vec!["....", "....", ".K..", "r..."]);
    }
}
