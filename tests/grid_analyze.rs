//! `grid::analyze`, the page's entry point: the Outcome of each problem,
//! error spans in UTF-16, and property tests that no input makes parsing,
//! solving or analysing panic.
#![cfg(feature = "all-games")]

mod common;

use analysis_board::game::GameKind;
use analysis_board::grid::analyze;
use analysis_board::outcome::{Outcome, Status};
use analysis_board::snapshot::{MarkKind, Side};
use common::invariants::{grid_problem as check_no_panic, near_valid_grid_problem as near_valid};
use proptest::prelude::*;

fn text(id: &str, spec: &str, rows: &[&str]) -> String {
    let cols = rows.first().map_or(0, |r| r.len());
    let mut text = format!("{id}\n{spec}\n{} {cols}\n", rows.len());
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}

fn marked(outcome: &Outcome, kind: MarkKind) -> Vec<String> {
    let mut squares: Vec<String> =
        outcome.initial.marks.iter().filter(|m| m.kind == kind).map(|m| m.square.clone()).collect();
    squares.sort();
    squares
}

const QUEEN_D7: [&str; 8] =
    ["..n.N...", "...QN...", "..b.R...", ".....pk.", "........", "...p....", "n.......", "......K."];

#[test]
fn problem_1_marks_the_piece_its_moves_and_its_captures() {
    let outcome = analyze(&text("1", "Qd7", &QUEEN_D7));
    assert_eq!((outcome.game, outcome.status, outcome.error.clone()), (GameKind::Grid, Status::Answer, None));
    assert_eq!(outcome.message, "the white queen on d7 can reach 7 squares and capture 3 pieces");
    assert_eq!(marked(&outcome, MarkKind::Selected), ["d7"]);
    assert_eq!(marked(&outcome, MarkKind::Move), ["a7", "b7", "c7", "d4", "d5", "d6", "d8"]);
    assert_eq!(marked(&outcome, MarkKind::Capture), ["c6", "c8", "d3"]);
    let snap = &outcome.initial;
    assert_eq!((snap.width, snap.height), (8, 8));
    assert_eq!(snap.cells, QUEEN_D7.concat());
    assert_eq!(snap.fen, QUEEN_D7.join("/"));
    assert_eq!(snap.side_to_move, Some(Side::White));
    assert!(outcome.plies.is_empty() && outcome.suggestion.is_none());
}

#[test]
fn snapshot_of_a_wide_board_is_row_by_row_from_the_top() {
    let board = [".Q..b.R.N...", ".k........p.", "...n...n....", "KRPQ........"];
    let outcome = analyze(&text("1", "nd2", &board));
    assert_eq!((outcome.initial.width, outcome.initial.height), (12, 4));
    assert_eq!(outcome.initial.cells, board.concat());
    assert_eq!(outcome.initial.side_to_move, Some(Side::Black));
    assert_eq!(outcome.message, "the black knight on d2 can reach 3 squares and capture 1 piece");
    assert_eq!(marked(&outcome, MarkKind::Capture), ["b1"]);
}

#[test]
fn problem_0_draws_the_board_without_marks() {
    let outcome = analyze(&text("0", "", &[".k..", "....", ".P..", "...."]));
    assert_eq!(outcome.status, Status::Answer);
    assert_eq!(outcome.message, "a board of 4 rows and 4 columns with 2 pieces");
    assert!(outcome.initial.marks.is_empty() && outcome.initial.check.is_none());
}

#[test]
fn problem_2_marks_the_king_in_check() {
    let board = ["..n.N.k.", "...QN...", "..b.R...", ".....p..", "....K...", "...p....", "n.......", "........"];
    let outcome = analyze(&text("2", "b", &board));
    assert_eq!(outcome.message, "Black king is in check");
    assert_eq!(outcome.initial.check.as_deref(), Some("g8"));
    assert_eq!(marked(&outcome, MarkKind::Check), ["g8"]);
    // The white king is in check too (pawn f5); only the asked king is marked.
    let outcome = analyze(&text("2", "w", &board));
    assert_eq!(outcome.message, "White king is in check");
    assert_eq!(marked(&outcome, MarkKind::Check), ["e4"]);
    // Not in check: nothing marked.
    let free = ["..n.N.k.", "...Q....", "b...R...", "........", "....K...", "...p....", "n.......", "........"];
    let outcome = analyze(&text("2", "b", &free));
    assert_eq!(outcome.message, "Black king is not in check");
    assert!(outcome.initial.check.is_none() && outcome.initial.marks.is_empty());
}

#[test]
fn problem_4_marks_the_movers_king_in_check_too() {
    let board = ["R..r..k.", ".....ppp", "........", "........", "........", "........", "...K....", "........"];
    let outcome = analyze(&text("4", "b", &board));
    assert_eq!(outcome.message, "Black king is checkmated in one move");
    assert_eq!(marked(&outcome, MarkKind::Check), ["d2"]);
    assert_eq!(outcome.initial.check.as_deref(), Some("d2"));
    assert_eq!(outcome.problem.and_then(|p| p.mate).map(|s| s.notation), Some("Ra8xd8".into()));
}

#[test]
fn problem_3_has_the_mated_side_to_move() {
    let mut board = ["........"; 8];
    board[6] = ".....KQk";
    let outcome = analyze(&text("3", "b", &board));
    assert_eq!(outcome.message, "Black king is checkmated");
    assert_eq!(outcome.initial.side_to_move, Some(Side::Black));
    assert_eq!(outcome.initial.check.as_deref(), Some("h2"));
}

#[test]
fn problem_4_suggests_the_mating_move() {
    let mut board = ["........"; 8];
    board[4] = "......Q.";
    board[6] = ".....K.k";
    let outcome = analyze(&text("4", "b", &board));
    assert_eq!(outcome.message, "Black king is checkmated in one move");
    assert_eq!(outcome.initial.side_to_move, Some(Side::White));
    assert!(outcome.suggestion.is_none(), "a problem's answer is not a suggestion");
    let problem = outcome.problem.expect("the problem's part");
    assert_eq!(problem.id, 4);
    let s = problem.mate.expect("a mating move");
    assert_eq!((s.from.as_str(), s.piece), ("g4", 'Q'));
    assert!(s.notation.starts_with("Qg4-"), "{}", s.notation);
    // Play it on the drawn board and ask problem 3: it is mate.
    let file = (s.to.as_bytes()[0] - b'a') as usize;
    let rank: usize = s.to[1..].parse().unwrap();
    let mut rows: Vec<Vec<u8>> = board.iter().map(|r| r.as_bytes().to_vec()).collect();
    rows[4][6] = b'.';
    rows[8 - rank][file] = b'Q';
    let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    assert_eq!(analyze(&text("3", "b", &rows)).message, "Black king is checkmated");
    // No mate: no suggestion.
    let mut board = ["........"; 8];
    board[6] = "..K..Q..";
    board[7] = ".......k";
    assert!(analyze(&text("4", "b", &board)).problem.is_some_and(|p| p.mate.is_none()));
}

/// `text.slice(start, end)` as JavaScript would take it.
fn js_slice(text: &str, start: usize, end: usize) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    String::from_utf16(&units[start..end]).unwrap()
}

#[test]
fn errors_locate_the_character_in_utf16_units() {
    // Problem 0 does not read line 2, so it may hold anything.
    let text = "0\né😀 ok\n4 4\n....\n.#..\n....\n....\n";
    let outcome = analyze(text);
    assert_eq!(outcome.status, Status::ParseError);
    let error = outcome.error.clone().expect("an error");
    assert_eq!(js_slice(text, error.start, error.end), "#");
    assert_eq!(error.character.as_deref(), Some("#"));
    assert!(error.reason.starts_with("line 5: unknown character '#' in column 2"), "{}", error.reason);
    assert_eq!(outcome.message, error.reason);
    assert_eq!((outcome.initial.width, outcome.initial.height), (0, 0));
}

#[test]
fn errors_locate_the_line_or_the_end_of_the_text() {
    let text = "0\n😀\n4 4\n....\n.....\n";
    let error = analyze(text).error.expect("an error");
    assert_eq!(js_slice(text, error.start, error.end), ".....");
    let text = "1\n😀\n4 4\n";
    let error = analyze(text).error.expect("an error");
    assert_eq!(js_slice(text, error.start, error.end), "😀");
    let text = "1\r\nQa1\r\n4 4\r\n";
    let error = analyze(text).error.expect("an error");
    assert_eq!((error.start, error.end), (text.len(), text.len()));
    assert!(error.reason.starts_with("line 4: missing board row 1 of 4"));
}

// ---- no input panics ----

proptest! {
    #[test]
    fn any_text_is_answered_or_rejected_without_panic(text in ".*") {
        check_no_panic(&text);
    }

    #[test]
    fn any_bytes_read_as_the_program_does_are_answered_or_rejected(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check_no_panic(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn near_valid_problems_are_answered_or_rejected_without_panic(text in near_valid()) {
        check_no_panic(&text);
    }
}
