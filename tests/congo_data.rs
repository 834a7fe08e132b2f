//! The course's Congo data (`shared/data/congo`): every move-execution
//! case through the program byte for byte, every per-piece move list, and
//! every evaluation and search value, through the library and the program.
#![cfg(feature = "all-games")]

mod common;

use analysis_board::congo::search::{self, Search};
use analysis_board::congo::{Position, Square};
use common::{run_program, shared_data};

const EXE: &str = env!("CARGO_BIN_EXE_congo-move");

/// The ` ; `-separated fields of each case of a data file (comments and
/// blank lines skipped).
fn cases(file: &str) -> Vec<Vec<String>> {
    let path = shared_data().join("congo").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let cases: Vec<Vec<String>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(';').map(|f| f.trim().to_string()).collect())
        .collect();
    assert!(!cases.is_empty(), "{file} holds no cases");
    cases
}

#[test]
fn all_move_execution_cases_byte_for_byte() {
    let cases = cases("execute.txt");
    assert_eq!(cases.len(), 500);
    let mut input = format!("{}\n", cases.len());
    let mut expected = String::new();
    for c in &cases {
        input += &format!("{}\n{}\n", c[0], c[1]);
        expected += &format!("{}\n{}\n", c[2], c[3]);
    }
    let (status, stdout, stderr) = run_program(EXE, &[], input.as_bytes());
    assert_eq!(stderr, "");
    assert_eq!(status, 0);
    if stdout != expected {
        // Name the first case that differs.
        for (i, (got, want)) in stdout.lines().zip(expected.lines()).enumerate() {
            assert_eq!(got, want, "case {} ({}), output line {}", cases[i / 2][4], cases[i / 2][1], i + 1);
        }
        assert_eq!(stdout, expected);
    }
}

#[test]
fn move_execution_tolerates_trailing_spaces_and_carriage_returns() {
    let cases = cases("execute.txt");
    let mut input = format!("{} \r\n", cases.len());
    let mut expected = String::new();
    for c in &cases {
        input += &format!("{}  \r\n{}\t \r\n", c[0], c[1]);
        expected += &format!("{}\n{}\n", c[2], c[3]);
    }
    let (status, stdout, stderr) = run_program(EXE, &[], input.as_bytes());
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(stdout, expected);
}

#[test]
fn move_execution_cases_through_the_library() {
    for c in cases("execute.txt") {
        let pos = Position::from_fen(&c[0]).unwrap();
        let mv = analysis_board::congo::Move::parse(&c[1]).unwrap();
        let played = pos.play(&mv).unwrap_or_else(|e| panic!("{}: {} illegal: {e}", c[4], c[1]));
        assert_eq!(played.position.fen(), c[2], "{}", c[4]);
        // The result parses back to itself.
        assert_eq!(Position::from_fen(&c[2]).unwrap(), played.position, "{}", c[4]);
    }
}

/// The moves of the pieces with letter `letter` (for the side to move).
fn piece_moves(pos: &Position, moves: &[String], letter: &str) -> String {
    let piece_letter = |m: &String| {
        let from = Square::parse(&m[..2]).unwrap();
        pos.piece_at(from).map(|p| p.role.upper_char().to_string())
    };
    moves.iter().filter(|m| piece_letter(m).as_deref() == Some(letter)).cloned().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_per_piece_move_list() {
    let cases = cases("movegen.txt");
    assert_eq!(cases.len(), 110);
    let mut input = format!("{}\n", cases.len());
    for c in &cases {
        let pos = Position::from_fen(&c[0]).unwrap();
        assert_eq!(piece_moves(&pos, &pos.legal_move_texts(), &c[1]), c[2], "{} ({})", c[3], c[0]);
        input += &format!("{}\n", c[0]);
    }
    // The program's --moves prints every move of the side to move, sorted.
    let (status, stdout, stderr) = run_program(EXE, &["--moves"], input.as_bytes());
    assert_eq!((status, stderr.as_str()), (0, ""));
    let lines: Vec<&str> = stdout.split_terminator('\n').collect();
    assert_eq!(lines.len(), cases.len());
    for (c, line) in cases.iter().zip(lines) {
        let pos = Position::from_fen(&c[0]).unwrap();
        let moves: Vec<String> = line.split(' ').filter(|m| !m.is_empty()).map(String::from).collect();
        let mut sorted = moves.clone();
        sorted.sort();
        assert_eq!(moves, sorted, "{}: sorted as strings", c[3]);
        assert_eq!(piece_moves(&pos, &moves, &c[1]), c[2], "{} through the program", c[3]);
    }
}

fn search_value(pos: &Position, kind: &str) -> i32 {
    match kind {
        "eval" => search::evaluate(pos),
        "minimax2" => search::minimax(pos, 2),
        "adveval" => search::advanced_evaluate(pos),
        "alphabeta4" => search::alphabeta(pos, 4),
        other => panic!("unknown kind {other}"),
    }
}

#[test]
fn every_evaluation_and_search_value() {
    let cases = cases("search.txt");
    assert_eq!(cases.len(), 37);
    for c in &cases {
        let pos = Position::from_fen(&c[0]).unwrap();
        let want: i32 = c[2].parse().unwrap();
        assert_eq!(search_value(&pos, &c[1]), want, "{} ({})", c[3], c[0]);
        if c[1] == "alphabeta4" {
            // Alpha-beta is exact at the root: it agrees with plain negamax
            // over the same leaves, and the best move carries the value.
            let (_, value) = Search::default().best_move(&pos, 4).unwrap();
            assert_eq!(value, want, "{} best move value", c[3]);
        }
    }
}

#[test]
fn every_search_value_through_the_program() {
    for (kind, args) in [
        ("eval", &["--eval"][..]),
        ("minimax2", &["--minimax", "2"][..]),
        ("adveval", &["--adv-eval"][..]),
        ("alphabeta4", &["--alphabeta", "4"][..]),
    ] {
        let cases: Vec<Vec<String>> = cases("search.txt").into_iter().filter(|c| c[1] == kind).collect();
        let input = format!("{}\n{}", cases.len(), cases.iter().map(|c| format!("{}\n", c[0])).collect::<String>());
        let expected: String = cases.iter().map(|c| format!("{}\n", c[2])).collect();
        let (status, stdout, stderr) = run_program(EXE, args, input.as_bytes());
        assert_eq!((status, stderr.as_str()), (0, ""), "{kind}");
        assert_eq!(stdout, expected, "{kind}");
    }
}
