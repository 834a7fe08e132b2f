//! The engine's answers recorded natively (`tests/data/engine/expected.txt`),
//! which the wasm build must give too: the same best move, score, depth and
//! node count for the same position and budget. Shared by the native test
//! (`engine_expected`, which also rewrites the file when the engine changes:
//! `UPDATE_ENGINE_EXPECTED=1 cargo test --test engine_expected`) and the
//! wasm one (`wasm_engine`).

use analysis_board::chess::engine::{Engine, Limits, Score};
use analysis_board::chess::Position;

pub const EXPECTED: &str = include_str!("../data/engine/expected.txt");

/// The positions: the benchmark's first ones.
pub const POSITIONS: &str = include_str!("../data/engine/positions.txt");
pub const COUNT: usize = 12;
pub const NODES: u64 = 20_000;

/// One line of the file for `fen`: `FEN;nodes;best;score;depth;nodes searched`.
pub fn answer(engine: &mut Engine, fen: &str) -> String {
    let pos = Position::from_fen(fen).expect("a valid FEN");
    let r = engine.search(&pos, &[], &Limits::nodes(NODES), &mut |_| {}).expect("a legal move");
    let score = match r.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!("{fen};{NODES};{};{score};{};{}", r.best.uci(), r.depth, r.nodes)
}

/// Every line, as this build computes it.
pub fn answers() -> Vec<String> {
    let mut engine = Engine::new();
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(COUNT)
        .map(|fen| answer(&mut engine, fen.trim()))
        .collect()
}

/// The recorded lines.
pub fn recorded() -> Vec<String> {
    EXPECTED.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(str::to_string).collect()
}
