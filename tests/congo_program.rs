//! The `congo-move` program: bad input gets one clear line on standard
//! error naming the line, the other cases are still answered, exit 2.
#![cfg(feature = "all-games")]

mod common;

use common::run_program;

const EXE: &str = env!("CARGO_BIN_EXE_congo-move");
const START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
const LIONS: &str = "3l3/7/7/7/7/7/3L3 w 0";

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    run_program(EXE, args, input.as_bytes())
}

#[test]
fn an_illegal_move_is_reported_and_the_other_cases_answered() {
    let input = format!("3\n{START}\nd2d3\n{LIONS}\nd1d4\n{START}\ng1f3\n");
    let (status, stdout, stderr) = run(&[], &input);
    assert_eq!(stderr, "line 5: illegal move d1d4: the lion may not leave its castle\n");
    assert_eq!(
        stdout,
        "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0\nContinue\n\
         gmelecz/ppppppp/7/7/5Z1/PPPPPPP/GMELEC1 b 0\nContinue\n"
    );
    assert_eq!(status, 2);
}

#[test]
fn every_kind_of_bad_case() {
    let input = [
        "6",
        "3l3/7/7/7/7/7/3L4 w 0", // line 2: bad FEN
        "d1d2",
        LIONS,
        "d1", // line 5: malformed move
        LIONS,
        "d9d2", // line 7: malformed move
        LIONS,
        "e2e3", // line 9: no piece
        LIONS,
        "d7d6", // line 11: not White's
        LIONS,
        "d1d2", // fine
        "",
    ]
    .join("\n");
    let (status, stdout, stderr) = run(&[], &input);
    assert_eq!(stdout, "3l3/7/7/7/7/3L3/7 b 0\nContinue\n");
    assert_eq!(
        stderr,
        "line 2: invalid FEN at character 17: rank 1 has more than 7 squares\n\
         line 5: malformed move \"d1\": a move needs a from square and a to square, like d2d3\n\
         line 7: malformed move \"d9d2\": '9' is not a rank (1 to 7); a move is written like d2d3\n\
         line 9: illegal move e2e3: there is no piece on e2\n\
         line 11: illegal move d7d6: the black lion on d7 is not yours: it is white's move\n"
    );
    assert_eq!(status, 2);
}

#[test]
fn with_only_the_two_lions_left_it_still_prints_continue() {
    // White's pawn in the river drowns when White moves its lion.
    let (status, stdout, stderr) = run(&[], "1\n3l3/7/7/P6/7/7/3L3 w 0\nd1d2\n");
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "3l3/7/7/7/7/3L3/7 b 0\nContinue\n", ""));
}

#[test]
fn the_move_number_goes_up_after_black_moves_even_at_the_largest_number_read() {
    // The largest move number a FEN may hold still goes up by one: the
    // spec's "goes up by one after Black moves" has no exception.
    let (status, stdout, stderr) = run(&[], "1\n3l3/7/7/7/7/7/3L3 b 4294967295\nd7d6\n");
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "7/3l3/7/7/7/7/3L3 w 4294967296\nContinue\n", ""));
}

#[test]
fn a_move_after_the_game_ended_is_refused() {
    let (status, stdout, stderr) = run(&[], "1\n3L3/7/7/7/7/7/7 b 4\nd7d6\n");
    assert_eq!(stdout, "");
    assert_eq!(stderr, "line 3: illegal move d7d6: the game is over: white has captured the enemy lion\n");
    assert_eq!(status, 2);
}

#[test]
fn a_line_that_is_not_utf8_is_refused() {
    let input = [format!("2\n{START}\n").as_bytes(), b"d2\xffd3\n", format!("{START}\nd2d3\n").as_bytes()].concat();
    let (status, stdout, stderr) = run_program(EXE, &[], &input);
    assert_eq!(stdout, "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0\nContinue\n");
    assert_eq!(stderr, "line 3: the line is not valid UTF-8 text\n");
    assert_eq!(status, 2);
}

#[test]
fn the_count_and_the_number_of_cases_must_agree() {
    let (status, stdout, stderr) = run(&[], &format!("3\n{START}\nd2d3\n"));
    assert_eq!(stdout, "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0\nContinue\n");
    assert_eq!(stderr, "line 4: missing FEN: the input ended after 1 of 3 cases\n");
    assert_eq!(status, 2);

    let (status, stdout, stderr) = run(&[], &format!("1\n{START}\n"));
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert_eq!(stderr, "line 3: missing move: the input ended\n");

    let (status, stdout, stderr) = run(&[], &format!("1\n{START}\nd2d3\nd3d4\n"));
    assert_eq!((status, stdout.as_str()), (2, "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0\nContinue\n"));
    assert_eq!(stderr, "line 4: unexpected text after the last case (the first line said 1)\n");

    // Blank lines at the end are fine.
    let (status, _, stderr) = run(&[], &format!("1\n{START}\nd2d3\n\n \n"));
    assert_eq!((status, stderr.as_str()), (0, ""));

    for (input, message) in [
        ("", "line 1: the input is empty; expected the number of cases\n"),
        ("three\n", "line 1: expected the number of cases, like 3\n"),
        ("-1\n", "line 1: expected the number of cases, like 3\n"),
    ] {
        assert_eq!(run(&[], input), (2, String::new(), message.to_string()), "{input:?}");
    }
    assert_eq!(run(&[], "0\n"), (0, String::new(), String::new()));
}

#[test]
fn a_count_too_large_to_read_says_so() {
    // A number of cases past what the program can count is not "not a
    // number": the message says what is wrong with it.
    let (status, stdout, stderr) = run(&[], &format!("99999999999999999999999\n{START}\nd2d3\n"));
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert_eq!(stderr, "line 1: the number of cases is too large\n");
}

#[test]
fn a_bad_command_line_prints_the_usage() {
    for (args, first_line) in [
        (&["--bogus"][..], "congo-move: unknown option \"--bogus\""),
        (&["--minimax"][..], "congo-move: --minimax needs a depth"),
        (&["--alphabeta", "x"][..], "congo-move: --alphabeta needs a depth from 0 to 20, not \"x\""),
        (&["--alphabeta", "21"][..], "congo-move: --alphabeta needs a depth from 0 to 20, not \"21\""),
        (&["--moves", "extra"][..], "congo-move: unexpected argument \"extra\""),
        (&["d2d3"][..], "congo-move: unknown option \"d2d3\""),
    ] {
        // No input: the program stops before reading it.
        let (status, stdout, stderr) = run(args, "");
        assert_eq!((status, stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(stderr.lines().next(), Some(first_line), "{args:?}");
        assert!(stderr.contains("usage: congo-move"), "{args:?}");
    }
    let (status, stdout, stderr) = run(&["--help"], "");
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert!(stdout.starts_with("usage: congo-move"));
}

#[test]
fn the_query_options() {
    let input = format!("3\n{START}\n3L3/7/7/7/7/7/7 b 4\n3l3/7/7/7/7/7/3L3 w 0 x\n");
    let (status, stdout, stderr) = run(&["--moves"], &input);
    // The start: giraffe, elephants and zebra jump; the monkey, lion and
    // crocodile are boxed in. The finished game has no moves: an empty line.
    assert_eq!(
        stdout,
        "a1a3 a1c3 a2a3 a2b3 b2a3 b2b3 b2c3 c1c3 c2b3 c2c3 c2d3 d2c3 d2d3 d2e3 \
         e1e3 e2d3 e2e3 e2f3 f2e3 f2f3 f2g3 g1f3 g2f3 g2g3\n\n"
    );
    assert_eq!(stderr, "line 4: invalid FEN at character 22: unexpected text after the move number\n");
    assert_eq!(status, 2);

    let (status, stdout, stderr) = run(&["--eval"], &format!("2\n{START}\n3L3/7/7/7/7/7/7 b 4\n"));
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "0\n-10000\n", ""));
    let (status, stdout, _) = run(&["--minimax", "0"], &format!("1\n{START}\n"));
    assert_eq!((status, stdout.as_str()), (0, "0\n"));
    let (status, stdout, _) = run(&["--alphabeta", "1"], "1\n3l3/7/7/7/7/7/3L3 w 0\n");
    assert_eq!((status, stdout.as_str()), (0, "10000\n"));
}

/// A small deterministic generator, so the garbage is the same every run.
fn lcg(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn garbage_never_crashes_the_program() {
    let pieces: [&[u8]; 12] = [
        b"1\n",
        b"2\n",
        START.as_bytes(),
        LIONS.as_bytes(),
        b"\n",
        b"d2d3",
        b"b3d5f3",
        b"\xff\xfe",
        b" \r",
        b"/",
        b"9",
        b"\0",
    ];
    let mut state = 7;
    for round in 0..40 {
        let mut input = Vec::new();
        for _ in 0..(lcg(&mut state) % 12) {
            input.extend_from_slice(pieces[(lcg(&mut state) % 12) as usize]);
        }
        let args: &[&str] = match round % 4 {
            0 => &[],
            1 => &["--moves"],
            2 => &["--adv-eval"],
            _ => &["--alphabeta", "2"],
        };
        let (status, _, stderr) = run_program(EXE, args, &input);
        assert!(status == 0 || status == 2, "exit {status} for {input:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{input:?}: {stderr}");
    }
}

/// The page's verdict on a bad move is the program's line for that move
/// without its line number (the page wrote a malformed move unquoted, so an
/// invisible character in it did not show).
#[test]
fn the_page_names_a_bad_move_as_the_program_does() {
    for (moves, last) in [
        ("D2D3", "D2D3"),
        ("d2d3 d6d5 d2\u{7}d3", "d2\u{7}d3"),
        ("d2d3\u{200b}", "d2d3\u{200b}"),
        ("d2d3 😀", "😀"),
        ("d2d3 d6d5 d1d4", "d1d4"),
    ] {
        let page = analysis_board::congo::analyze_with(moves, None);
        let error = page.error.expect("a bad move");
        let before =
            if error.ply == 0 { START.to_string() } else { page.plies[error.ply - 1].snapshot.fen.to_string() };
        let (_, _, stderr) = run(&[], &format!("1\n{before}\n{last}\n"));
        assert_eq!(format!("line 3: {}\n", page.message), stderr, "{moves:?}");
    }
}
