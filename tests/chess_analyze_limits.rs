//! What `chess-analyze` refuses, and that it says why: FEN counters too
//! large, perft counts that cannot finish in minutes, PGN variations
//! nested too deep (issue 15).

mod common;

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    common::run_program(env!("CARGO_BIN_EXE_chess-analyze"), args, input.as_bytes())
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Regression: a 20-digit halfmove clock was "must be a number".
#[test]
fn a_fen_counter_too_large_is_said_to_be_too_large() {
    let (code, out, err) = run(&["--fen", "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err, "chess-analyze: bad FEN at character 27: the halfmove clock is too large (at most 4294967295)\n");
    // The largest counters are a position like any other.
    let (code, out, _) = run(&["--fen", "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("game incomplete\nsuggest white king from e1"), "{out}");
}

/// Regression: `--perft 12` was accepted (years of counting) while 13 was
/// refused. A count estimated to take more than about ten minutes is
/// refused at once, with the estimate; one that fits runs.
#[test]
fn perft_refuses_counts_that_cannot_finish_in_minutes() {
    for depth in ["9", "12", "13", "20"] {
        let (code, out, err) = run(&["--fen", START, "--perft", depth], "");
        assert_eq!((code, out.as_str()), (2, ""), "depth {depth}");
        let expected = format!("chess-analyze: --perft {depth} would take about ");
        assert!(err.starts_with(&expected), "depth {depth}: {err}");
        assert!(err.contains(" leaves at the 170 million a second measured"), "{err}");
        assert!(err.contains("more than about 10 minutes are refused"), "{err}");
    }
    let (_, _, err) = run(&["--fen", START, "--perft", "9"], "");
    assert!(err.contains("would take about 3 hours"), "{err}");
    for depth in ["21", "99999999999"] {
        let (code, _, err) = run(&["--fen", START, "--perft", depth], "");
        assert_eq!(code, 2);
        assert!(err.contains(&format!("--perft {depth} is too deep; the limit is 20")), "{err}");
    }
    for depth in ["", "-1", "x", "+3"] {
        let (code, _, err) = run(&["--fen", START, "--perft", depth], "");
        assert_eq!(code, 2);
        assert!(err.contains("bad depth"), "{depth:?}: {err}");
    }
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(run(&["--fen", kiwipete, "--perft", "4"], ""), (0, "4085603\n".into(), String::new()));
    // Bare kings go deep before they take long.
    let (code, out, _) = run(&["--fen", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", "--perft", "6"], "");
    assert_eq!((code, out.trim().parse::<u64>().is_ok()), (0, true), "{out}");
}

/// Regression: a PGN with variations nested more than 100 deep printed
/// only `parse error at character '('`. Standard output stays the course
/// line; standard error says why.
#[test]
fn variations_nested_too_deep_are_explained_on_standard_error() {
    let deep = format!("1. e4 {}*", "(1. d4 ".repeat(101));
    let (code, out, err) = run(&["--pgn"], &deep);
    assert_eq!((code, out.as_str()), (0, "parse error at character '('\n"));
    assert_eq!(
        err,
        "chess-analyze: parse error at character '(': variations are nested more than 100 deep, \
         the most this reader accepts\n"
    );
    // A hundred deep is read.
    let deep_enough = format!("1. e4 {}{} *", "(1. d4 ".repeat(100), ")".repeat(100));
    let (code, out, err) = run(&["--pgn"], &deep_enough);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("game incomplete\n"), "{out}");
    // The course notation keeps standard error empty.
    let (_, out, err) = run(&[], "e4 (");
    assert_eq!((out.as_str(), err.as_str()), ("parse error at character '('\n", ""));
}
