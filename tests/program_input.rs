//! Every program reads what its format needs and no more, ends on endless
//! input with an answer or a clear message, and fails when its output
//! cannot be written (issue 36): `yes '...' | chess-analyze` never
//! answered, `chess-analyze < /dev/zero` reached 5.8 GB, `yes '' |
//! chess-problem` and `yes 1 | congo-move` hung, `chess-analyze >
//! /dev/full` exited 0, and a byte-order mark before the course notation
//! was a parse error.
#![cfg(feature = "all-games")]

mod common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const CHESS_ANALYZE: &str = env!("CARGO_BIN_EXE_chess-analyze");
const CHESS_PROBLEM: &str = env!("CARGO_BIN_EXE_chess-problem");
const CONGO_MOVE: &str = env!("CARGO_BIN_EXE_congo-move");
const INFO: &str = env!("CARGO_BIN_EXE_info");
const CHANGE: &str = env!("CARGO_BIN_EXE_change");
const RANKMOVES: &str = env!("CARGO_BIN_EXE_rankmoves");

/// What a program did with endless input.
struct Ended {
    code: i32,
    out: String,
    err: String,
    /// Bytes of input it took before it ended.
    fed: usize,
}

/// Runs `exe` with `chunk` written to its standard input again and again
/// (as `yes` does) until it stops reading; it must end within a minute.
fn endless(exe: &str, args: &[&str], chunk: &[u8]) -> Ended {
    let mut child = common::spawn(exe, args);
    let mut stdin = child.stdin.take().unwrap();
    let fed = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&fed);
    let chunk = chunk.repeat((64 * 1024 / chunk.len()).max(1));
    let writer = std::thread::spawn(move || {
        // Until the program closes its end (the pipe breaks).
        while stdin.write_all(&chunk).is_ok() {
            counted.fetch_add(chunk.len(), Ordering::Relaxed);
        }
    });
    // Its output is read as it comes (a full pipe would stop it).
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{exe} {args:?} still runs after a minute of endless input");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    writer.join().unwrap();
    Ended {
        code: status.code().unwrap_or(-1),
        out: out.join().unwrap(),
        err: err.join().unwrap(),
        fed: fed.load(Ordering::Relaxed),
    }
}

const MIB: usize = 1 << 20;

#[test]
fn chess_analyze_reads_the_first_line_and_answers_at_once() {
    let ended = endless(CHESS_ANALYZE, &[], b"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7\n");
    assert_eq!((ended.code, ended.out.as_str(), ended.err.as_str()), (0, "white wins by checkmate\n", ""));
    assert!(ended.fed < 4 * MIB, "it took {} bytes", ended.fed);
    // A line that never ends is refused at its limit, saying it.
    let ended = endless(CHESS_ANALYZE, &[], b"\0");
    assert_eq!((ended.code, ended.out.as_str()), (2, ""));
    assert_eq!(
        ended.err,
        "chess-analyze: the first line of standard input is longer than 1 MiB (1048576 bytes), the most this \
         program reads\n"
    );
    assert!(ended.fed < 4 * MIB, "it took {} bytes", ended.fed);
    let ended = endless(CHESS_ANALYZE, &[], b"e4 e5 ");
    assert_eq!(ended.code, 2);
    assert!(ended.err.contains("longer than 1 MiB"), "{}", ended.err);
}

#[test]
fn chess_analyze_reads_a_pgn_up_to_the_end_of_its_first_game() {
    let game = b"[Event \"one\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    let ended = endless(CHESS_ANALYZE, &["--pgn"], game);
    assert_eq!((ended.code, ended.out.as_str(), ended.err.as_str()), (0, "white wins by checkmate\n", ""));
    assert!(ended.fed < 4 * MIB, "it took {} bytes", ended.fed);
    // A first game that never ends is refused at the limit.
    let ended = endless(CHESS_ANALYZE, &["--pgn"], b"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7\n");
    assert_eq!((ended.code, ended.out.as_str()), (2, ""));
    assert!(ended.err.starts_with("chess-analyze: the first game of standard input is longer than 1 MiB"));
    // A game that ends before the limit, with more after it than the
    // limit, is read: what follows it is not.
    let text = format!("1. f3 e5 2. g4 Qh4# 0-1\n\n{}", "1. e4 e5 *\n".repeat(200_000));
    let (code, out, _) = common::run_program(CHESS_ANALYZE, &["--pgn"], text.as_bytes());
    assert_eq!((code, out.as_str()), (0, "black wins by checkmate\n"));
}

#[test]
fn chess_analyze_skips_a_byte_order_mark() {
    let (code, out, err) = common::run_program(CHESS_ANALYZE, &[], "\u{feff}e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7\n".as_bytes());
    assert_eq!((code, out.as_str(), err.as_str()), (0, "white wins by checkmate\n", ""));
    let (_, out, _) = common::run_program(CHESS_ANALYZE, &["--pgn"], "\u{feff}1. f3 e5 2. g4 Qh4#".as_bytes());
    assert_eq!(out, "black wins by checkmate\n");
    // Only at the start: elsewhere it is a character like any other.
    let (_, out, _) = common::run_program(CHESS_ANALYZE, &[], "e4 \u{feff}e5".as_bytes());
    assert_eq!(out, "parse error at character '\u{feff}'\n");
}

#[test]
fn chess_problem_refuses_endless_input_at_its_limit() {
    let ended = endless(CHESS_PROBLEM, &[], b"\n");
    assert_eq!((ended.code, ended.out.as_str()), (2, ""));
    assert_eq!(
        ended.err,
        "chess-problem: standard input is longer than 64 KiB (65536 bytes), the most this program reads: a problem \
         is 3 lines and at most 26 rows of 26 squares\n"
    );
    assert!(ended.fed < MIB, "it took {} bytes", ended.fed);
    // Blank lines after the board are still tolerated.
    let problem = format!("0\n\n4 4\nk...\n....\n....\n...K\n{}", "\n".repeat(1000));
    let (code, out, _) = common::run_program(CHESS_PROBLEM, &[], problem.as_bytes());
    assert_eq!((code, out.as_str()), (0, "k...\n....\n....\n...K\n"));
}

#[test]
fn congo_move_reads_the_lines_its_cases_need() {
    let ended = endless(CONGO_MOVE, &[], b"1\n");
    assert_eq!((ended.code, ended.out.as_str()), (2, ""));
    assert_eq!(
        ended.err,
        "line 2: invalid FEN at character 2: rank 7 has fewer than 7 squares\nline 4: unexpected text after the \
         last case (the first line said 1)\n"
    );
    assert!(ended.fed < 4 * MIB, "it took {} bytes", ended.fed);
    // An empty first line is refused at once.
    let ended = endless(CONGO_MOVE, &["--moves"], b"\n");
    assert_eq!(ended.code, 2);
    assert_eq!(ended.err, "line 1: expected the number of cases, like 3\n");
    let ended = endless(CONGO_MOVE, &[], b"\0");
    assert_eq!(ended.code, 2);
    assert_eq!(ended.err, "line 1: the input is longer than 16 MiB (16777216 bytes), the most congo-move reads\n");
    // Cases are answered as they are read: a count larger than the input.
    let ended = endless(CONGO_MOVE, &["--eval"], b"99999999999\n3l3/7/7/7/7/7/E2L3 w 0\n");
    assert_eq!(ended.code, 2);
    assert!(ended.out.starts_with("200\n200\n"), "{}", &ended.out[..20]);
    assert!(ended.err.ends_with("the most congo-move reads\n"), "{}", ended.err);
}

#[test]
fn the_checkers_programs_refuse_input_past_their_limit() {
    for exe in [INFO, CHANGE, RANKMOVES] {
        let ended = endless(exe, &[], b"d4->e5\n");
        assert_eq!((ended.code, ended.out.as_str()), (1, ""), "{exe}");
        assert!(
            ended.err.contains("'standard input' is longer than 16 MiB (16777216 bytes), the most this program reads"),
            "{exe}: {}",
            ended.err
        );
        assert!(ended.fed < 20 * MIB, "{exe} took {} bytes", ended.fed);
    }
    let (code, out, err) = common::run_program(INFO, &["/dev/zero"], b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("info: '/dev/zero' is longer than 16 MiB"), "{err}");
}

/// Runs `exe` with its standard output on `/dev/full` (every write fails).
fn to_full_disk(exe: &str, args: &[&str], input: &[u8]) -> i32 {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .spawn()
        .expect("start program");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{exe} {args:?}: {err}");
    out.status.code().unwrap_or(-1)
}

#[test]
fn output_that_cannot_be_written_fails_every_program() {
    let good = common::shared_data().join("checkers/instructor-part1-tests/good01.in.txt");
    let good = std::fs::read(good).unwrap();
    let cases: [(&str, &[&str], &[u8]); 9] = [
        (CHESS_ANALYZE, &[], b"e4 e5\n"),
        (CHESS_ANALYZE, &["--help"], b""),
        (CHESS_ANALYZE, &["--fen", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", "--perft", "2"], b""),
        (CHESS_PROBLEM, &[], b"0\n\n4 4\nk...\n....\n....\n...K\n"),
        (CONGO_MOVE, &[], b"1\n3l3/7/7/7/7/7/E2L3 w 0\nd1d7\n"),
        (CONGO_MOVE, &["--help"], b""),
        (INFO, &[], &good),
        (CHANGE, &[], &good),
        (RANKMOVES, &[], &good),
    ];
    for (exe, args, input) in cases {
        assert_eq!(to_full_disk(exe, args, input), 1, "{exe} {args:?}");
    }
}

#[test]
fn congo_searches_over_their_budget_are_refused_at_once() {
    let started = Instant::now();
    let (code, out, err) = common::run_program(CONGO_MOVE, &["--minimax", "20"], b"1\n3l3/7/7/7/7/7/E2L3 w 0\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("line 2: the minimax search to depth 20 would visit about "), "{err}");
    assert!(err.contains(" positions, about ") && err.ends_with("(about 10 seconds) are refused\n"), "{err}");
    let start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    let (code, _, err) = common::run_program(CONGO_MOVE, &["--minimax", "6"], format!("1\n{start}\n").as_bytes());
    assert_eq!(code, 2);
    assert!(err.starts_with("line 2: the minimax search to depth 6 would visit about 2.3e8 positions"), "{err}");
    let (code, _, err) = common::run_program(CONGO_MOVE, &["--alphabeta", "8"], format!("1\n{start}\n").as_bytes());
    assert_eq!(code, 2);
    assert!(err.starts_with("line 2: the alpha-beta search to depth 8 would visit about 1.0e8"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
    // Within the budget, the search runs; the other cases are answered.
    let input = format!("2\n{start}\n3l3/7/7/7/7/7/E2L3 w 0\n");
    let (code, out, err) = common::run_program(CONGO_MOVE, &["--alphabeta", "12"], input.as_bytes());
    assert_eq!((code, out.as_str()), (2, "10000\n"));
    assert!(err.starts_with("line 2: the alpha-beta search to depth 12 would visit"), "{err}");
}
