//! 800 generated grid problems (1 to 4, boards from 4x4 to 26x26, mostly
//! small and odd-sized; about half of each verdict of 2, 3 and 4) with the
//! output an independent reading of the spec gives (`tools/grid/reference.py`,
//! `tools/grid/generate.py`), through `chess-problem` byte for byte.
#![cfg(feature = "all-games")]

mod common;

use common::run_program;

#[test]
fn chess_problem_answers_every_generated_problem_as_the_reference_does() {
    let cases: Vec<(String, String)> = include_str!("data/grid-generated.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON pair"))
        .collect();
    assert_eq!(cases.len(), 800);
    let mut wrong = Vec::new();
    for (input, expected) in &cases {
        let (status, stdout, stderr) = run_program(env!("CARGO_BIN_EXE_chess-problem"), &[], input.as_bytes());
        if (status, stdout.as_str(), stderr.as_str()) != (0, expected.as_str(), "") {
            wrong.push(format!("{input}ours ({status}):\n{stdout}{stderr}reference:\n{expected}"));
        }
    }
    assert!(wrong.is_empty(), "{} of {} differ; the first:\n{}", wrong.len(), cases.len(), wrong[0]);
}
