//! Congo, Demian Freeling's 7x7 animal chess with a river, as the course
//! defines it (`spec/congo.md`): FEN, legal moves for the eight animals,
//! move execution with drowning, the course's search, and the analysis of
//! a pasted game for the page.

pub mod adapter;
pub mod analysis;
pub mod fen;
pub mod illegal;
pub mod movegen;
pub mod moves;
pub mod piece;
pub mod play;
pub mod position;
pub mod program;
pub mod search;
pub mod square;

pub use analysis::{analyze, analyze_with, suggest, SuggestError};
pub use fen::{FenError, REDUCED_START_FEN, START_FEN};
pub use illegal::IllegalMove;
pub use moves::{Move, MoveSyntaxError};
pub use piece::{Piece, Role};
pub use position::{Played, Position, PositionProblem, Setup};
pub use square::Square;
