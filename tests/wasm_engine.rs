//! The engine as wasm: the same answers as natively (the recorded ones),
//! and its speed in nodes a second (printed, not asserted).
//!
//!     CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!       cargo test --target wasm32-unknown-unknown --test wasm_engine
//!
//! The speed test is ignored in the suite; ask for it with
//! `-- --include-ignored --nocapture`, and add `--profile wasm` to run the
//! page's build (optimised for size).
#![cfg(feature = "engine")]
#![cfg(target_arch = "wasm32")]

#[path = "engine_support/expected.rs"]
mod expected;

use analysis_board::chess::engine::{Engine, Limits, REPORT_NODES, SUGGESTION_NODES};
use analysis_board::chess::Position;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn the_answers_are_the_native_ones() {
    assert_eq!(expected::answers(), expected::recorded());
}

#[wasm_bindgen_test]
#[ignore = "a measurement, not a test: run with --include-ignored"]
fn speed() {
    let positions: Vec<Position> = expected::POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| Position::from_fen(l.trim()).ok())
        .collect();
    let mut engine = Engine::new();
    for (name, budget) in [("suggestion", SUGGESTION_NODES), ("report", REPORT_NODES)] {
        let mut times = Vec::new();
        let mut nodes = 0;
        for pos in &positions {
            let t = js_sys::Date::now();
            if let Some(r) = engine.search(pos, &[], &Limits::nodes(budget), &mut |_| {}) {
                nodes += r.nodes;
            }
            times.push(js_sys::Date::now() - t);
        }
        let total: f64 = times.iter().sum();
        times.sort_by(f64::total_cmp);
        console_log!(
            "wasm {name} ({budget} nodes, {} positions): median {:.0} ms, worst {:.0} ms, {:.2} Mnps",
            positions.len(),
            times[times.len() / 2],
            times[times.len() - 1],
            nodes as f64 / total / 1000.0
        );
    }
}
