//! The suggestion, exported to JavaScript for timing.

use analysis_board::chess::search::Searcher;
use analysis_board::chess::Position;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local!(static SEARCHER: RefCell<Searcher> = RefCell::new(Searcher::new()));

/// The suggested move in UCI, "" when there is none, "bad" for a bad FEN.
#[wasm_bindgen]
pub fn suggest(fen: &str) -> String {
    let Ok(pos) = Position::from_fen(fen) else { return "bad".into() };
    SEARCHER.with(|s| s.borrow_mut().suggest(&pos).map(|f| f.best.uci()).unwrap_or_default())
}
