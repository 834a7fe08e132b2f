//! Standard 8x8 chess on bitboards.

pub mod adapter;
pub mod analysis;
pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod edit;
#[cfg(feature = "engine")]
pub mod editor;
#[cfg(feature = "engine")]
pub mod engine;
pub mod exchange;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod play;
pub mod plies;
pub mod position;
#[cfg(feature = "engine")]
pub mod puzzle;
#[cfg(feature = "engine")]
pub mod report;
pub mod role;
#[cfg(feature = "engine")]
pub mod search;
pub mod square;
pub mod zobrist;

pub use crate::color::{ByColor, Color};
pub use bitboard::Bitboard;
pub use castling::{CastlingRights, CastlingSide};
pub use fen::FenError;
pub use movegen::{MoveList, PieceMoves};
pub use moves::Move;
pub use position::{Position, PositionError, PositionProblem, Setup};
pub use role::{Piece, Role};
pub use square::{File, Rank, Square};
