//! 600 generated full-game Congo positions (every animal, pieces in the
//! river, monkey jump chains) with their legal moves and one move executed,
//! as an independent reading of the spec gives them
//! (`tools/congo/reference.py`, `tools/congo/generate.py`). The course's
//! own data is the reduced game: it never moves a monkey, a crocodile or
//! an elephant.
#![cfg(feature = "all-games")]

mod common;

use common::run_program;

const EXE: &str = env!("CARGO_BIN_EXE_congo-move");

struct Case {
    fen: String,
    moves: String,
    mv: String,
    after: String,
    status: String,
}

fn cases() -> Vec<Case> {
    let cases: Vec<Case> = include_str!("data/congo-generated.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<String> = l.split(" ; ").map(str::to_string).collect();
            let [fen, moves, mv, after, status] = <[String; 5]>::try_from(f).expect("five fields");
            Case { fen, moves, mv, after, status }
        })
        .collect();
    assert!(cases.len() >= 600);
    cases
}

/// The first case whose output line differs from the expected one.
fn first_difference(got: &str, want: &str, lines_per_case: usize, cases: &[Case]) {
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(
            g,
            w,
            "case {}: {} then {}",
            i / lines_per_case + 1,
            cases[i / lines_per_case].fen,
            cases[i / lines_per_case].mv
        );
    }
    assert_eq!(got, want);
}

#[test]
fn the_legal_moves_of_every_position() {
    let cases = cases();
    let input = format!("{}\n{}", cases.len(), cases.iter().map(|c| format!("{}\n", c.fen)).collect::<String>());
    let want: String = cases.iter().map(|c| format!("{}\n", c.moves)).collect();
    let (status, got, stderr) = run_program(EXE, &["--moves"], input.as_bytes());
    assert_eq!((status, stderr.as_str()), (0, ""));
    first_difference(&got, &want, 1, &cases);
}

#[test]
fn every_move_executed_byte_for_byte() {
    let cases = cases();
    let input =
        format!("{}\n{}", cases.len(), cases.iter().map(|c| format!("{}\n{}\n", c.fen, c.mv)).collect::<String>());
    let want: String = cases.iter().map(|c| format!("{}\n{}\n", c.after, c.status)).collect();
    let (status, got, stderr) = run_program(EXE, &[], input.as_bytes());
    assert_eq!((status, stderr.as_str()), (0, ""));
    first_difference(&got, &want, 2, &cases);
}
