//! Rules core for a browser analysis board: standard chess, chess problems
//! on boards of any size, Congo and checkers. Front ends (the wasm module,
//! the command-line programs, the page) are thin glue over this crate.
//!
//! The `all-games` feature (on by default) holds the rules of grid
//! problems, Congo and checkers; without it the crate has chess alone (the
//! page's first, smaller module) and answers a text of another game with
//! `game::NeedsAllGames`.

pub mod adapter;
pub mod analysis;
#[cfg(feature = "all-games")]
pub mod checkers;
pub mod chess;
pub mod color;
#[cfg(feature = "all-games")]
pub mod congo;
mod decimal;
pub mod edit;
pub mod game;
pub mod games;
#[cfg(feature = "all-games")]
pub mod grid;
pub mod json;
pub mod limits;
pub mod options;
pub mod outcome;
pub mod play;
pub mod report;
pub mod short;
pub mod snapshot;
pub mod sort;

pub use analysis::analyze;
pub use game::GameKind;
pub use options::{GameChoice, NotationChoice, Options};

#[cfg(target_arch = "wasm32")]
pub mod wasm;
