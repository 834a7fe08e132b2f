//! Squares and sizes of an N x M board (4 to 26 rows and columns).

use std::fmt;

/// The fewest rows or columns a board may have.
pub const MIN_SIDE: u8 = 4;
/// The most rows or columns a board may have (one file letter each, a..z).
pub const MAX_SIDE: u8 = 26;

/// A square by file (column from the left, 0 is `a`) and rank (row from
/// the bottom, 0 is rank `1`). Whether it is on a given board is the
/// board size's business (`BoardSize::contains`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GridSquare {
    file: u8,
    rank: u8,
}

impl GridSquare {
    /// A square with file and rank below 26, the largest board's.
    pub const fn new(file: u8, rank: u8) -> Option<GridSquare> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(GridSquare { file, rank })
        } else {
            None
        }
    }

    pub const fn file(self) -> u8 {
        self.file
    }

    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// Reads a square name: a file letter `a`..`z` then a rank `1`..`26`
    /// without leading zeros (`d7`, `z26`).
    pub fn parse(text: &str) -> Option<GridSquare> {
        let mut chars = text.chars();
        let file = chars.next().filter(char::is_ascii_lowercase)? as u8 - b'a';
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        GridSquare::new(file, rank.checked_sub(1)?)
    }

    pub fn file_char(self) -> char {
        char::from(b'a' + self.file)
    }
}

impl fmt::Display for GridSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), u32::from(self.rank) + 1)
    }
}

/// How many rows and columns a board has; both within `MIN_SIDE..=MAX_SIDE`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    rows: u8,
    cols: u8,
}

impl BoardSize {
    pub const fn new(rows: u8, cols: u8) -> Option<BoardSize> {
        if rows >= MIN_SIDE && rows <= MAX_SIDE && cols >= MIN_SIDE && cols <= MAX_SIDE {
            Some(BoardSize { rows, cols })
        } else {
            None
        }
    }

    pub const fn rows(self) -> u8 {
        self.rows
    }

    pub const fn cols(self) -> u8 {
        self.cols
    }

    pub const fn contains(self, sq: GridSquare) -> bool {
        sq.file < self.cols && sq.rank < self.rows
    }

    /// The square `df` files and `dr` ranks away from `sq`, if on this board.
    pub fn offset(self, sq: GridSquare, df: i8, dr: i8) -> Option<GridSquare> {
        let file = sq.file.checked_add_signed(df)?;
        let rank = sq.rank.checked_add_signed(dr)?;
        let to = GridSquare { file, rank };
        self.contains(to).then_some(to)
    }

    /// The square in row `row` from the top and column `col` from the left,
    /// both counted from 0, as the input draws the board.
    pub fn at_row_col(self, row: usize, col: usize) -> Option<GridSquare> {
        let rank = usize::from(self.rows).checked_sub(row + 1)?;
        let to = GridSquare { file: u8::try_from(col).ok()?, rank: u8::try_from(rank).ok()? };
        self.contains(to).then_some(to)
    }

    /// Where a square's cell is in a row-by-row list from the bottom.
    pub(crate) fn index(self, sq: GridSquare) -> Option<usize> {
        self.contains(sq).then(|| usize::from(sq.rank) * usize::from(self.cols) + usize::from(sq.file))
    }

    /// Every square in reading order: the top row first, left to right.
    pub fn squares_top_down(self) -> impl Iterator<Item = GridSquare> {
        (0..self.rows).rev().flat_map(move |rank| (0..self.cols).map(move |file| GridSquare { file, rank }))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for file in 0..26 {
            for rank in 0..26 {
                let sq = GridSquare::new(file, rank).unwrap();
                assert_eq!(GridSquare::parse(&sq.to_string()), Some(sq));
            }
        }
        assert_eq!(GridSquare::parse("d12").map(|s| (s.file(), s.rank())), Some((3, 11)));
        for bad in ["", "d", "d0", "d07", "d27", "D7", "7d", "d+7", "dd", "é1", "d100"] {
            assert_eq!(GridSquare::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn sizes_are_checked_and_offsets_stay_on_the_board() {
        assert!(BoardSize::new(3, 8).is_none());
        assert!(BoardSize::new(8, 27).is_none());
        let size = BoardSize::new(4, 12).unwrap();
        let a1 = GridSquare::new(0, 0).unwrap();
        assert_eq!(size.offset(a1, -1, 0), None);
        assert_eq!(size.offset(a1, 11, 3).map(|s| s.to_string()), Some("l4".to_string()));
        assert_eq!(size.offset(a1, 12, 0), None);
        assert_eq!(size.at_row_col(0, 0).map(|s| s.to_string()), Some("a4".to_string()));
        assert_eq!(size.at_row_col(4, 0), None);
        assert_eq!(size.squares_top_down().count(), 48);
    }
}
