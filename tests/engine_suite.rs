//! The engine's suite (`tests/data/engine/suite.epd`): positions with one
//! clearly best move by a deep Stockfish search, from games with mistakes
//! and from king and pawn endings, written by
//! `tools/engine/make_suite.py`. At the suggestion's budget the engine must
//! find at least `PASS_RATE` of them: the rate it reaches, so that a weaker
//! search or evaluation fails this test.
#![cfg(feature = "engine")]

use analysis_board::chess::engine::{Engine, Limits, SUGGESTION_NODES};
use analysis_board::chess::notation::san::san;
use analysis_board::chess::Position;

/// The share of the suite's positions the engine must find: it found 28 of
/// 29 (96.6%) when this was written, so one more miss fails.
const PASS_RATE: f64 = 0.95;

struct Case {
    id: String,
    pos: Position,
    best: String,
}

/// `EPD bm SAN; id "NAME"; ...`, comments (`#`) and blank lines skipped.
fn cases() -> Vec<Case> {
    let text = include_str!("data/engine/suite.epd");
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (epd, ops) = line.split_once(" bm ").unwrap_or_else(|| panic!("suite.epd line {}: no bm", i + 1));
        let pos =
            Position::from_fen(&format!("{epd} 0 1")).unwrap_or_else(|e| panic!("suite.epd line {}: {e:?}", i + 1));
        let (best, rest) = ops.split_once(';').unwrap_or((ops, ""));
        let id = rest
            .split_once("id \"")
            .and_then(|(_, r)| r.split_once('"'))
            .map_or(format!("line {}", i + 1), |(id, _)| id.to_string());
        cases.push(Case { id, pos, best: best.trim().to_string() });
    }
    cases
}

fn bare(san: &str) -> &str {
    san.trim_end_matches(['+', '#'])
}

#[test]
fn the_suite_is_well_formed() {
    let cases = cases();
    assert!(cases.len() >= 25, "{} positions", cases.len());
    for c in &cases {
        let legal = c.pos.legal_moves();
        assert!(
            legal.iter().any(|&m| bare(&san(&c.pos, m)) == bare(&c.best)),
            "{}: bm {} is not a legal move",
            c.id,
            c.best
        );
    }
}

#[test]
fn finds_the_suites_best_moves() {
    let cases = cases();
    let mut engine = Engine::new();
    let mut missed = Vec::new();
    for c in &cases {
        let r = engine.search(&c.pos, &[], &Limits::nodes(SUGGESTION_NODES), &mut |_| {}).expect("a legal move");
        let found = san(&c.pos, r.best);
        if bare(&found) != bare(&c.best) {
            missed.push(format!("{}: {} not {}", c.id, found, c.best));
        }
    }
    let passed = cases.len() - missed.len();
    let rate = passed as f64 / cases.len() as f64;
    eprintln!("suite: {passed} of {} ({:.1}%); missed: {missed:?}", cases.len(), 100.0 * rate);
    assert!(
        rate >= PASS_RATE,
        "found {passed} of {} ({:.1}% < {:.1}%); missed:\n{}",
        cases.len(),
        100.0 * rate,
        100.0 * PASS_RATE,
        missed.join("\n")
    );
}
