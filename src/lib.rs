//! Rules core for a browser analysis board: standard chess, chess problems
//! on boards of any size, Congo and checkers. Front ends (the wasm module,
//! the command-line programs, the page) are thin glue over this crate.

pub mod analysis;
pub mod checkers;
pub mod chess;
pub mod color;
pub mod congo;
pub mod grid;
pub mod outcome;
pub mod play;
pub mod report;
pub mod snapshot;
pub mod sort;

pub use analysis::{analyze, GameChoice, NotationChoice, Options};
pub use outcome::GameKind;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
