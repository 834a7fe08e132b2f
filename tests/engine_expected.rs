//! The engine's answers on the recorded positions are the recorded ones
//! (the wasm build checks the same file: `wasm_engine`).
#![cfg(feature = "engine")]

#[path = "engine_support/expected.rs"]
mod expected;

#[test]
fn the_answers_are_the_recorded_ones() {
    let answers = expected::answers();
    if std::env::var_os("UPDATE_ENGINE_EXPECTED").is_some() {
        let header = "# The engine's answers (FEN;nodes;best;score;depth;nodes searched), recorded\n\
                      # natively by `UPDATE_ENGINE_EXPECTED=1 cargo test --test engine_expected`;\n\
                      # the wasm build must give the same (`wasm_engine`).\n";
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/engine/expected.txt");
        std::fs::write(path, format!("{header}{}\n", answers.join("\n"))).expect("written");
        return;
    }
    assert_eq!(
        answers,
        expected::recorded(),
        "the engine changed: record its answers again with UPDATE_ENGINE_EXPECTED=1 cargo test --test engine_expected"
    );
}
