//! The `chess-problem` program, run as a process: every example of
//! `shared/spec/grid-problems.md` byte for byte, the tolerated input
//! variants, and one test per kind of bad input.
#![cfg(feature = "all-games")]

mod common;

fn run(stdin: &[u8]) -> (i32, String, String) {
    common::run_program(env!("CARGO_BIN_EXE_chess-problem"), &[], stdin)
}

/// The problem text: id, specification, `N M`, rows; newline-terminated.
fn problem(id: &str, spec: &str, rows: &[&str]) -> String {
    let cols = rows.first().map_or(0, |r| r.len());
    let mut text = format!("{id}\n{spec}\n{} {cols}\n", rows.len());
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}

fn lines(rows: &[&str]) -> String {
    rows.iter().map(|r| format!("{r}\n")).collect()
}

#[track_caller]
fn assert_answer(stdin: &str, expected: &str) {
    let (code, out, err) = run(stdin.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""), "input:\n{stdin}");
    assert_eq!(out, expected, "input:\n{stdin}");
}

// ---- the spec's examples ----

#[test]
fn spec_problem_1_white_queen_d7() {
    let board = ["..n.N...", "...QN...", "..b.R...", ".....pk.", "........", "...p....", "n.......", "......K."];
    let chart = ["..xo....", "oooQ....", "..xo....", "...o....", "...o....", "...x....", "........", "........"];
    assert_answer(&problem("1", "Qd7", &board), &lines(&chart));
}

#[test]
fn spec_problem_1_black_knight_d2_on_4x12() {
    let board = [".Q..b.R.N...", ".k........p.", "...n...n....", "KRPQ........"];
    let chart = ["..o.........", ".....o......", "...n........", ".x...o......"];
    assert_answer(&problem("1", "nd2", &board), &lines(&chart));
}

#[test]
fn spec_problem_2_black_in_check_and_not() {
    let checked = ["..n.N.k.", "...QN...", "..b.R...", ".....p..", "....K...", "...p....", "n.......", "........"];
    assert_answer(&problem("2", "b", &checked), "Black king is in check\n");
    let free = ["..n.N.k.", "...Q....", "b...R...", "........", "....K...", "...p....", "n.......", "........"];
    assert_answer(&problem("2", "b", &free), "Black king is not in check\n");
}

#[test]
fn spec_problem_3_black_checkmated_and_not() {
    let mut board = ["........"; 8];
    board[6] = ".....KQk";
    assert_answer(&problem("3", "b", &board), "Black king is checkmated\n");
    let mut board = ["........"; 8];
    board[5] = ".......k";
    board[6] = ".....KQ.";
    assert_answer(&problem("3", "b", &board), "Black king is not checkmated\n");
}

#[test]
fn spec_problem_4_black_mated_in_one_and_not() {
    // White queen g4, white king f2, black king h2.
    let mut board = ["........"; 8];
    board[4] = "......Q.";
    board[6] = ".....K.k";
    assert_answer(&problem("4", "b", &board), "Black king is checkmated in one move\n");
    // White king c2, white queen f2, black king h1.
    let mut board = ["........"; 8];
    board[6] = "..K..Q..";
    board[7] = ".......k";
    assert_answer(&problem("4", "b", &board), "Black king is not checkmated in one move\n");
}

#[test]
fn problem_0_prints_the_board_as_read() {
    let board = [".k..", "....", ".P..", "K...", "..pq"];
    assert_answer(&problem("0", "", &board), &lines(&board));
    // The specification line of problem 0 is not read.
    assert_answer(&problem("0", "anything", &board), &lines(&board));
}

#[test]
fn every_answer_is_answered_for_white_too() {
    // The rook checks along rank 1; the white king escapes to c2 or d2.
    let board = ["k...", "....", "....", "r..K"];
    assert_answer(&problem("2", "w", &board), "White king is in check\n");
    assert_answer(&problem("3", "w", &board), "White king is not checkmated\n");
    assert_answer(&problem("4", "w", &board), "White king is not checkmated in one move\n");
    // Each of the spec's six answers for Black, on its board turned upside
    // down with the colours swapped, is the same answer for White.
    let mut mate = ["........"; 8];
    mate[6] = ".....KQk";
    let mut no_mate = ["........"; 8];
    no_mate[5] = ".......k";
    no_mate[6] = ".....KQ.";
    let mut mate_in_one = ["........"; 8];
    mate_in_one[4] = "......Q.";
    mate_in_one[6] = ".....K.k";
    let mut no_mate_in_one = ["........"; 8];
    no_mate_in_one[6] = "..K..Q..";
    no_mate_in_one[7] = ".......k";
    let spec: [(&str, &[&str], &str); 6] = [
        (
            "2",
            &["..n.N.k.", "...QN...", "..b.R...", ".....p..", "....K...", "...p....", "n.......", "........"],
            "Black king is in check",
        ),
        (
            "2",
            &["..n.N.k.", "...Q....", "b...R...", "........", "....K...", "...p....", "n.......", "........"],
            "Black king is not in check",
        ),
        ("3", &mate, "Black king is checkmated"),
        ("3", &no_mate, "Black king is not checkmated"),
        ("4", &mate_in_one, "Black king is checkmated in one move"),
        ("4", &no_mate_in_one, "Black king is not checkmated in one move"),
    ];
    for (id, rows, black) in spec {
        assert_answer(&problem(id, "b", rows), &format!("{black}\n"));
        let swapped: Vec<String> = rows.iter().rev().map(|r| r.chars().map(swap_colour).collect()).collect();
        let swapped: Vec<&str> = swapped.iter().map(String::as_str).collect();
        assert_answer(&problem(id, "w", &swapped), &format!("{}\n", black.replace("Black", "White")));
    }
}

/// The same piece for the other side: `K` <-> `k`.
fn swap_colour(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

// ---- tolerated input ----

#[test]
fn windows_line_ends_a_missing_final_newline_and_a_byte_order_mark_are_accepted() {
    let board = [".k..", "....", ".P..", "K..."];
    let expected = lines(&board);
    let unix = problem("0", "", &board);
    assert_answer(&unix.replace('\n', "\r\n"), &expected);
    assert_answer(unix.trim_end_matches('\n'), &expected);
    assert_answer(unix.replace('\n', "\r\n").trim_end_matches('\n'), &expected);
    assert_answer(&format!("\u{feff}{unix}"), &expected);
}

#[test]
fn blanks_around_id_spec_and_sizes_and_blank_lines_after_the_board_are_accepted() {
    let board = ["k...", "....", "....", "K..r"];
    let text = format!(" 2 \n\tw \n 4  4 \n{}\n  \n\n", lines(&board));
    assert_answer(&text, "White king is in check\n");
}

// ---- bad input: one line on stderr naming the line, nothing on stdout, status 2 ----

/// Runs bad input; checks the contract and that the message names `line`
/// and contains `words`.
#[track_caller]
fn assert_rejected(stdin: &[u8], line: usize, words: &str) {
    let (code, out, err) = run(stdin);
    let shown = String::from_utf8_lossy(stdin);
    assert_eq!(code, 2, "input:\n{shown}\nstderr: {err}");
    assert_eq!(out, "", "input:\n{shown}");
    assert!(err.ends_with('\n') && err.lines().count() == 1, "one line on stderr, got {err:?}");
    let prefix = format!("chess-problem: line {line}: ");
    assert!(err.starts_with(&prefix), "expected {prefix:?}, got {err:?}");
    assert!(err.contains(words), "expected {words:?} in {err:?}");
}

const KINGS: [&str; 4] = ["k...", "....", "....", "...K"];

#[test]
fn empty_input_misses_the_problem_id() {
    assert_rejected(b"", 1, "missing problem id");
}

#[test]
fn unknown_problem_id() {
    assert_rejected(problem("5", "", &KINGS).as_bytes(), 1, "unknown problem id \"5\"");
    assert_rejected(problem("01", "", &KINGS).as_bytes(), 1, "unknown problem id");
    assert_rejected(problem("", "", &KINGS).as_bytes(), 1, "missing problem id");
}

#[test]
fn missing_specification_line() {
    assert_rejected(b"2\n", 2, "missing problem specification");
}

#[test]
fn missing_size_line() {
    assert_rejected(b"0\n\n", 3, "missing board size");
}

#[test]
fn bad_piece_specification() {
    for spec in ["", "Q", "d7", "Xd7", "Qd0", "QD7", "Qd7 x", "Qd07"] {
        assert_rejected(problem("1", spec, &KINGS).as_bytes(), 2, "expected a piece letter and its square");
    }
}

#[test]
fn bad_colour() {
    for spec in ["", "white", "W", "x"] {
        assert_rejected(problem("3", spec, &KINGS).as_bytes(), 2, "expected the colour w or b");
    }
}

#[test]
fn sizes_that_are_not_two_numbers() {
    for sizes in ["4", "4 4 4", "four 4", "4x4", "-4 4", ""] {
        let text = format!("0\n\n{sizes}\n{}", lines(&KINGS));
        assert_rejected(text.as_bytes(), 3, "expected the number of rows and of columns");
    }
}

#[test]
fn sizes_out_of_range() {
    assert_rejected(b"0\n\n3 8\n", 3, "3 rows is out of range");
    assert_rejected(b"0\n\n27 8\n", 3, "27 rows is out of range");
    assert_rejected(b"0\n\n8 2\n", 3, "2 columns is out of range");
    assert_rejected(b"0\n\n8 300\n", 3, "300 columns is out of range");
    assert_rejected(b"0\n\n8 99999999999999999999\n", 3, "columns is out of range");
}

#[test]
fn specification_square_off_the_board() {
    assert_rejected(problem("1", "Qe1", &KINGS).as_bytes(), 2, "square e1 is not on the board");
    assert_rejected(problem("1", "Qa5", &KINGS).as_bytes(), 2, "square a5 is not on the board");
}

#[test]
fn specification_square_without_that_piece() {
    assert_rejected(problem("1", "Qb2", &KINGS).as_bytes(), 2, "no white queen on b2: it is empty");
    // The right kind of piece, the wrong colour.
    assert_rejected(problem("1", "Ka4", &KINGS).as_bytes(), 2, "no white king on a4: it holds a black king");
}

#[test]
fn missing_board_row() {
    let text = format!("0\n\n4 4\n{}", lines(&KINGS[..3]));
    assert_rejected(text.as_bytes(), 7, "missing board row 4 of 4");
    assert_rejected(b"0\n\n4 4\n", 4, "missing board row 1 of 4");
}

#[test]
fn unknown_character_names_its_line_and_column() {
    let board = ["k...", "..#.", "....", "...K"];
    assert_rejected(problem("0", "", &board).as_bytes(), 5, "unknown character '#' in column 3");
    let board = ["k...", "....", ". ..", "...K"];
    assert_rejected(problem("0", "", &board).as_bytes(), 6, "unknown character ' ' in column 2");
    let board = ["k...", "....", "..é.", "...K"];
    assert_rejected(problem("0", "", &board).as_bytes(), 6, "unknown character 'é' in column 3");
}

#[test]
fn bytes_that_are_not_utf8_are_an_unknown_character() {
    let text = b"0\n\n4 4\nk...\n.\xff..\n....\n...K\n";
    assert_rejected(text, 5, "not UTF-8");
    let text = b"\xc3\n\n4 4\n";
    assert_rejected(text, 1, "unknown problem id");
}

/// A Cyrillic letter pasted for a Latin one looks the same when quoted: the
/// message names the first character that is not ASCII by its code point.
#[test]
fn a_lookalike_letter_is_named_by_its_code_point() {
    // Cyrillic а (U+0430) for the a of a1.
    assert_rejected(problem("1", "Q\u{430}1", &KINGS).as_bytes(), 2, "(its character 2 is 'а' U+0430, not ASCII)");
    // Cyrillic ь (U+044C), fullwidth ４ (U+FF14), Arabic-Indic ٣ (U+0663).
    assert_rejected(problem("3", "\u{44c}", &KINGS).as_bytes(), 2, "found \"ь\" (its character 1 is 'ь' U+044C");
    let text = format!("0\n\n\u{ff14} 4\n{}", lines(&KINGS));
    assert_rejected(text.as_bytes(), 3, "(its character 1 is '４' U+FF14, not ASCII)");
    assert_rejected(problem("\u{663}", "", &KINGS).as_bytes(), 1, "(its character 1 is '٣' U+0663, not ASCII)");
    assert_rejected(b"1\nQ\xff1\n", 2, "(its character 2 is not UTF-8)");
    // Cyrillic К (U+041A) for a white king on the board.
    let board = ["k...", "....", "....", "...\u{41a}"];
    assert_rejected(problem("0", "", &board).as_bytes(), 7, "unknown character 'К' in column 4 (U+041A, not ASCII)");
    // ASCII text is quoted as it is, with nothing added.
    let (_, _, err) = run(problem("1", "Qd0", &KINGS).as_bytes());
    assert!(err.ends_with("found \"Qd0\"\n"), "{err}");
}

#[test]
fn row_of_the_wrong_length() {
    let text = "0\n\n4 4\nk...\n...\n....\n...K\n";
    assert_rejected(text.as_bytes(), 5, "this row has 3 squares but the board has 4 columns");
    let text = "0\n\n4 4\nk...\n....\n.....\n...K\n";
    assert_rejected(text.as_bytes(), 6, "this row has 5 squares but the board has 4 columns");
}

#[test]
fn second_king_of_a_colour() {
    let board = ["k...", "....", "K...", "...K"];
    assert_rejected(problem("0", "", &board).as_bytes(), 7, "a second white king (the first is on a2)");
    let board = ["k..k", "....", "....", "...K"];
    assert_rejected(problem("1", "Kd1", &board).as_bytes(), 4, "a second black king (the first is on a4)");
}

#[test]
fn text_after_the_board() {
    let text = format!("{}\nx\n", problem("0", "", &KINGS));
    assert_rejected(text.as_bytes(), 9, "unexpected text after the board's 4 rows");
    // Sizes that promise fewer rows than drawn.
    let text = format!("0\n\n4 4\n{}....\n", lines(&KINGS));
    assert_rejected(text.as_bytes(), 8, "unexpected text after the board");
}

#[test]
fn missing_king_for_problems_2_to_4() {
    let no_black = ["....", "....", "....", "...K"];
    let no_white = ["k...", "....", "....", "...."];
    for id in ["2", "3", "4"] {
        assert_rejected(problem(id, "w", &no_black).as_bytes(), 4, "(lines 4 to 7) has no black king");
        assert_rejected(problem(id, "b", &no_white).as_bytes(), 4, "(lines 4 to 7) has no white king");
    }
    // Problems 0 and 1 need no king.
    assert_answer(&problem("0", "", &no_black), &lines(&no_black));
}

#[test]
fn the_first_problem_in_reading_order_is_reported() {
    // A bad colour on line 2 and an unknown character on line 5: line 2.
    let board = ["k...", "..#.", "....", "...K"];
    assert_rejected(problem("2", "x", &board).as_bytes(), 2, "colour");
}

/// The page reads a problem whose size line is wrong as a problem (it read
/// it as chess moves: `parse error at character '\n'`), and its verdict is
/// the program's line.
#[test]
fn a_problem_with_a_bad_size_line_is_still_a_problem_for_the_page() {
    let rows = ["........", "........", "........", "........", "......Q.", "........", ".....K.k", "........"];
    for size in ["8 x", "8", "8x8", "8 8 8", "8,8", "-8 8", "1000 8", ""] {
        let text = format!("4\nb\n{size}\n{}", lines(&rows));
        let page = analysis_board::analyze(&text, &analysis_board::Options { suggest: false, ..Default::default() });
        assert_eq!(page.game, analysis_board::GameKind::Grid, "{size:?}");
        let (code, _, err) = run(text.as_bytes());
        assert_eq!((code, err), (2, format!("chess-problem: {}\n", page.message)), "{size:?}");
    }
    // A chess game is not taken for a problem.
    for chess in ["1\ne4\ne5", "1. e4 e5\n2. Nf3\nNc6\n..."] {
        let page = analysis_board::analyze(chess, &analysis_board::Options { suggest: false, ..Default::default() });
        assert_eq!(page.game, analysis_board::GameKind::Chess, "{chess:?}");
    }
}
