//! Checkers as the course project defines it: the file format (standard
//! and flipped boards), the rules (steps, single and multiple jumps, the
//! capture rule, crowning), the files `change` writes, the lookahead of
//! `rankmoves`, and the analysis board's view of a pasted game.
//!
//! The contract is `shared/spec/checkers.md`.

pub mod adapter;
pub mod analysis;
pub mod board;
pub mod cli;
pub mod fen;
pub mod game;
pub mod rank;
pub mod reader;
pub mod rules;
pub mod square;
pub mod writer;

pub use analysis::{analyze, exchange_file, snapshot, suggest, suggest_fen, SUGGESTION_DEPTH};
pub use board::{Board, Orientation};
pub use fen::{read_fen, write_fen, FenError};
pub use game::{play_moves, Progress};
pub use reader::{read_file, read_moves, GameFile, SyntaxError, WrittenMove};
pub use rules::{CaptureRule, Illegal, Jumps, Move, Played, Position, Rules};
pub use square::{Color, Kind, Piece, Square};
