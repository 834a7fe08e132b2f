//! Chess problems on boards of any size, 4 to 26 rows by 4 to 26 columns
//! (`shared/spec/grid-problems.md`): any pieces, at most one king per
//! colour, no castling, en passant or promotion.
//!
//! Text -> `Problem::parse` (every error names its line) -> `Problem::solve`
//! -> `Answer::output` (what the `chess-problem` program prints), or
//! `analyze` for the page.

pub mod adapter;
pub mod analysis;
mod answer;
mod board;
mod problem;
mod rules;
mod square;

pub use analysis::analyze;
pub use answer::{Answer, Reach};
pub use board::{Board, PlaceError};
pub use problem::{Dimension, ParseError, ParseErrorKind, Problem, Question};
pub use rules::GridMove;
pub use square::{BoardSize, GridSquare, MAX_SIDE, MIN_SIDE};
