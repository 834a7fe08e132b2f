//! Rules core for a browser analysis board: standard chess, chess problems
//! on boards of any size, Congo and checkers. Front ends (the wasm module,
//! the command-line programs, the page) are thin glue over this crate.

pub mod chess;
pub mod congo;
pub mod outcome;
pub mod snapshot;
