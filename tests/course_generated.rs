//! 3,400 generated games in the course notation (random games, games played
//! to their end, and damaged copies: moves replaced, characters inserted or
//! dropped, x marks and promotions changed, moves after the end), each with
//! the verdict an independent reading of the spec on python-chess gives
//! (`tools/course/reference.py`, `tools/course/generate.py`).

mod common;

use analysis_board::chess::Position;
use analysis_board::outcome::Status;
use analysis_board::{analyze, NotationChoice, Options};

fn cases() -> Vec<(String, String)> {
    include_str!("data/course-generated.jsonl")
        .lines()
        .map(|line| serde_json::from_str::<(String, String)>(line).expect("a JSON pair"))
        .collect()
}

#[test]
fn analyze_agrees_with_the_reference_on_every_generated_game() {
    let options = Options { notation: NotationChoice::Course, suggest: false, ..Options::default() };
    let cases = cases();
    assert!(cases.len() > 3000);
    let mut wrong = Vec::new();
    for (text, expected) in &cases {
        let outcome = analyze(text, &options);
        if &outcome.message != expected {
            wrong.push(format!("{text:?}\n  ours:      {}\n  reference: {expected}", outcome.message));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong[..wrong.len().min(10)].join("\n")
    );
}

#[test]
fn the_program_prints_the_same_and_a_legal_suggestion() {
    // Every 17th case through the program itself (stdin to stdout).
    let mut suggestions = 0;
    for (text, expected) in cases().iter().step_by(17) {
        let (code, out, _) = common::run_program(env!("CARGO_BIN_EXE_chess-analyze"), &[], text.as_bytes());
        assert_eq!(code, 0);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(expected.as_str()), "{text:?}");
        let outcome = analyze(text, &Options { notation: NotationChoice::Course, ..Options::default() });
        if outcome.status == Status::Incomplete {
            let line = lines.next();
            assert_eq!(line, outcome.suggestion.as_ref().map(|s| s.line.as_str()), "{text:?}");
            let fen = &outcome.plies.last().map_or(&outcome.initial, |p| &p.snapshot).fen;
            let line = line.unwrap_or_else(|| panic!("no suggestion for an unfinished game: {text:?}"));
            assert!(
                legal_move_lines(fen).iter().any(|l| l == line),
                "{line:?} is not a legal move in {fen} (after {text:?})"
            );
            suggestions += 1;
        }
        assert_eq!(lines.next(), None, "{text:?}");
    }
    assert!(suggestions > 50, "only {suggestions} unfinished games checked");
}

/// Every legal move of the position `fen`, written as the course program's
/// suggestion line (`suggest white knight from g1 to f3`, castling as the
/// king's move, `... promoting to queen`), from the library's own move generator.
fn legal_move_lines(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let us = pos.turn().name();
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut line = format!("suggest {us} {} from {} to {}", m.role().name(), m.from().name(), m.to().name());
            if let Some(p) = m.promotion() {
                line += &format!(" promoting to {}", p.name());
            }
            line
        })
        .collect()
}
