//! `change` (and `info`, `rankmoves` on what it writes): the spec's example
//! runs, the course's 100-move game at every move count, every kind of
//! illegal move, the capture rule, multiple jumps, flipped boards, syntax
//! errors with their lines, and bad command lines.
#![cfg(feature = "all-games")]

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use common::{run_program, shared_data};

const CHANGE: &str = env!("CARGO_BIN_EXE_change");
const INFO: &str = env!("CARGO_BIN_EXE_info");
const RANKMOVES: &str = env!("CARGO_BIN_EXE_rankmoves");

/// A fresh, empty directory for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("checkers-{name}-{}-{nanos}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn read(path: &str) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

fn course_file(name: &str) -> String {
    shared_data().join("checkers").join(name).to_string_lossy().into_owned()
}

/// A course file from rows of 8 characters, rank 8 first: `rRbB` pieces,
/// `_` for an empty square (written `.` or `"` as its colour asks).
fn board_file(rules: &str, turn: &str, rows: [&str; 8], flipped: bool, moves: &str) -> String {
    let mut board = String::new();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 8, "row {row}");
        let rank = 8 - i;
        for (f, c) in row.chars().enumerate() {
            let dark = ((f + 1 + rank) % 2 == 0) != flipped;
            board.push(match c {
                '_' if dark => '.',
                '_' => '"',
                c => c,
            });
            board.push(' ');
        }
        board.push('\n');
    }
    format!("RULES: {rules}\nTURN: {turn}\nBOARD:\n{board}MOVES:\n{moves}\n")
}

/// The text of an exchange file after its comment (which names the command line).
fn body(exchange: &str) -> &str {
    let at = exchange.find("RULES:").unwrap_or_else(|| panic!("no RULES: in\n{exchange}"));
    &exchange[at..]
}

fn report(total: usize, processing: usize, verdict: &str) -> String {
    format!("Input file has {total} moves\nProcessing {processing} moves\n{verdict}\n")
}

// ---------------------------------------------------------------------------
// The spec's example runs.

/// The spec's `start4.txt`, reconstructed: its exchange example (black to
/// move after 10 moves, no capture, multiple jumps, `c5->b4` left) is the
/// course's part 2 game under multiple jumps, cut after its 11th move.
const START4: &str = r#"#
# The course's part 2 game, first 11 moves, under multiple jumps.
#
RULES:
no capture
multiple jumps
TURN:
black
BOARD:
 " | b | " | b | " | b | " | b  #8
---+---+---+---+---+---+---+---
 b | " | b | " | b | " | b | "  #7
---+---+---+---+---+---+---+---
 " | b | " | b | " | b | " | b  #6
---+---+---+---+---+---+---+---
 . | " | . | " | . | " | . | "  #5
---+---+---+---+---+---+---+---
 " | . | " | . | " | . | " | .  #4
---+---+---+---+---+---+---+---
 r | " | r | " | r | " | r | "  #3
---+---+---+---+---+---+---+---
 " | r | " | r | " | r | " | r  #2
---+---+---+---+---+---+---+---
 r | " | r | " | r | " | r | "  #1
MOVES:
b6->a5    e3->d4
f6->g5    d2->e3
g5->h4    g3->f4
c7->b6    d4->e5
d6->c5    e5->d6
c5->b4
"#;

const HUMAN4: &str = r#"    a   b   c   d   e   f   g   h
  +---+---+---+---+---+---+---+---+
8 | " | b | " | b | " | b | " | b | 8
  +---+---+---+---+---+---+---+---+
7 | b | " | . | " | b | " | b | " | 7
  +---+---+---+---+---+---+---+---+
6 | " | b | " | r | " | . | " | b | 6
  +---+---+---+---+---+---+---+---+
5 | b | " | b | " | . | " | . | " | 5
  +---+---+---+---+---+---+---+---+
4 | " | . | " | . | " | r | " | b | 4
  +---+---+---+---+---+---+---+---+
3 | r | " | r | " | r | " | . | " | 3
  +---+---+---+---+---+---+---+---+
2 | " | r | " | . | " | r | " | r | 2
  +---+---+---+---+---+---+---+---+
1 | r | " | r | " | r | " | r | " | 1
  +---+---+---+---+---+---+---+---+
    a   b   c   d   e   f   g   h

c5->b4
"#;

const EXCHANGE4_BOARD: &str = r#"RULES:
  no capture
  multiple jumps
TURN:
  black
BOARD:
-----------------
|"|b|"|b|"|b|"|b|
|b|"|.|"|b|"|b|"|
|"|b|"|r|"|.|"|b|
|b|"|b|"|.|"|.|"|
|"|.|"|.|"|r|"|b|
|r|"|r|"|r|"|.|"|
|"|r|"|.|"|r|"|r|
|r|"|r|"|r|"|r|"|
-----------------
MOVES:
c5->b4
"#;

#[test]
fn spec_example_m10_with_human_and_exchange_files() {
    let dir = temp_dir("example4");
    let start = write(&dir, "start4.txt", START4);
    let human = dir.join("human4.txt").to_string_lossy().into_owned();
    let exchange = dir.join("exchange4.txt").to_string_lossy().into_owned();
    let args = ["-m", "10", &start, "-h", &human, "-e", &exchange];
    let (code, out, err) = run_program(CHANGE, &args, b"");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "Input file has 11 moves\nProcessing 10 moves\nAll moves are legal\n");
    assert_eq!(read(&human), HUMAN4);
    let expected = format!(
        "#\n# Automatically generated by running\n# {CHANGE} -m 10 {start} -h {human} -e {exchange}\n#\n\n{EXCHANGE4_BOARD}"
    );
    assert_eq!(read(&exchange), expected);
}

const START_HUMAN: &str = r#"    a   b   c   d   e   f   g   h
  +---+---+---+---+---+---+---+---+
8 | " | b | " | b | " | b | " | b | 8
  +---+---+---+---+---+---+---+---+
7 | b | " | b | " | b | " | b | " | 7
  +---+---+---+---+---+---+---+---+
6 | " | b | " | b | " | b | " | b | 6
  +---+---+---+---+---+---+---+---+
5 | . | " | . | " | . | " | . | " | 5
  +---+---+---+---+---+---+---+---+
4 | " | . | " | . | " | . | " | . | 4
  +---+---+---+---+---+---+---+---+
3 | r | " | r | " | r | " | r | " | 3
  +---+---+---+---+---+---+---+---+
2 | " | r | " | r | " | r | " | r | 2
  +---+---+---+---+---+---+---+---+
1 | r | " | r | " | r | " | r | " | 1
  +---+---+---+---+---+---+---+---+
    a   b   c   d   e   f   g   h

"#;

#[test]
fn spec_example_human_file_of_the_start_position() {
    let dir = temp_dir("human-start");
    let h = dir.join("h.txt").to_string_lossy().into_owned();
    let good02 = course_file("instructor-part1-tests/good02.in.txt");
    let (code, out, _) = run_program(CHANGE, &["-h", &h, "-m", "0", &good02], b"");
    assert_eq!(code, 0);
    assert_eq!(out, report(3, 0, "All moves are legal"));
    assert_eq!(read(&h), format!("{START_HUMAN}e3->d4\nb6->c5\nd4->b6\n"));
    // All moves played: no moves left, the blank line stays.
    let (_, out, _) = run_program(CHANGE, &[&good02, "-h", &h, "-m", "2"], b"");
    assert_eq!(out, report(3, 2, "All moves are legal"));
    assert!(read(&h).ends_with("    a   b   c   d   e   f   g   h\n\nd4->b6\n"));
    // No line of the human file has trailing spaces.
    assert!(read(&h).lines().all(|l| !l.ends_with(' ')));
}

#[test]
fn spec_example_stdout_with_an_illegal_move() {
    // "Move j is illegal" when move j <= M is the first illegal one; later
    // moves are not checked, and "Processing 1 moves" has no singular.
    let file = board_file("no capture single jumps", "red", START_ROWS, false, "e3->d4 e3->d4 a1->a1");
    let (code, out, _) = run_program(CHANGE, &["-m", "2"], file.as_bytes());
    assert_eq!(code, 0);
    assert_eq!(out, report(3, 2, "Move 2 is illegal: e3->d4"));
    let (_, out, _) = run_program(CHANGE, &["-m", "1"], file.as_bytes());
    assert_eq!(out, report(3, 1, "All moves are legal"));
}

/// The usual start, in `board_file`'s rows.
const START_ROWS: [&str; 8] =
    ["_b_b_b_b", "b_b_b_b_", "_b_b_b_b", "________", "________", "r_r_r_r_", "_r_r_r_r", "r_r_r_r_"];

// ---------------------------------------------------------------------------
// The exchange file is a valid input file.

#[test]
fn exchange_file_reads_back_with_info_and_change() {
    let dir = temp_dir("readback");
    let game = course_file("games/ghost595-part4-input.txt");
    let e = dir.join("e.txt").to_string_lossy().into_owned();
    let (code, out, _) = run_program(CHANGE, &[&game, "-m", "2", "-e", &e], b"");
    assert_eq!((code, out), (0, report(6, 2, "All moves are legal")));

    // f6->e5 then d4->f6 (a jump): one black pawn fewer, black to move.
    let (code, out, _) = run_program(INFO, &[&e], b"");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "VALID INPUT\nInitial configuration:\nTurn: black\nRed: 0 kings, 12 pawns\nBlack: 0 kings, 11 pawns\n"
    );

    // Playing the rest from the exchange file ends where the whole game ends.
    let all = dir.join("all.txt").to_string_lossy().into_owned();
    let rest = dir.join("rest.txt").to_string_lossy().into_owned();
    run_program(CHANGE, &[&game, "-e", &all], b"");
    let (code, out, _) = run_program(CHANGE, &[&e, "-e", &rest], b"");
    assert_eq!((code, out), (0, report(4, 4, "All moves are legal")));
    assert_eq!(body(&read(&rest)), body(&read(&all)));
}

#[test]
fn hundred_move_game_at_every_move_count() {
    let dir = temp_dir("game");
    let game = course_file("games/bawarren-input-file.txt");
    let total = 102;
    // The game's own comment: after a removed move, "everything after here
    // will be invalid": move 56 is red's turn but moves a black piece.
    let first_illegal = 56;
    let mut exchanges = Vec::new();
    let mut humans = Vec::new();
    for k in 0..=total + 1 {
        let e = dir.join(format!("e{k}.txt")).to_string_lossy().into_owned();
        let h = dir.join(format!("h{k}.txt")).to_string_lossy().into_owned();
        let (code, out, err) = run_program(CHANGE, &[&game, "-m", &k.to_string(), "-e", &e, "-h", &h], b"");
        assert_eq!((code, err.as_str()), (0, ""), "-m {k}");
        let processing = k.min(total);
        let verdict = if k < first_illegal {
            "All moves are legal".to_string()
        } else {
            format!("Move {first_illegal} is illegal: e3->f2")
        };
        assert_eq!(out, report(total, processing, &verdict), "-m {k}");
        let played = processing.min(first_illegal - 1);
        let human = read(&h);
        assert_eq!(human.lines().count(), 20 + total - played, "-m {k}: board, blank line, moves left");
        let exchange = read(&e);
        assert_eq!(body(&exchange).lines().count(), 17 + total - played, "-m {k}");
        let (code, out, _) = run_program(INFO, &[&e], b"");
        assert_eq!(code, 0, "-m {k}: the exchange file is valid");
        let turn = if played % 2 == 0 { "black" } else { "red" };
        assert!(out.contains(&format!("Turn: {turn}\n")), "-m {k}: {out}");
        exchanges.push(e);
        humans.push(human);
    }
    // One move more from step k's exchange file is step k + 1.
    for k in 0..total {
        let e = dir.join(format!("next{k}.txt")).to_string_lossy().into_owned();
        let h = dir.join(format!("nexth{k}.txt")).to_string_lossy().into_owned();
        let (code, out, _) = run_program(CHANGE, &[&exchanges[k], "-m", "1", "-e", &e, "-h", &h], b"");
        assert_eq!(code, 0);
        let left = total - k.min(first_illegal - 1);
        let verdict = if k + 1 < first_illegal { "All moves are legal" } else { "Move 1 is illegal: e3->f2" };
        assert_eq!(out, report(left, 1, verdict), "from step {k}");
        assert_eq!(body(&read(&e)), body(&read(&exchanges[k + 1])), "step {k} + 1 move");
        assert_eq!(read(&h), humans[k + 1], "step {k} + 1 move");
    }
}

// ---------------------------------------------------------------------------
// Rules, through `change`.

/// Plays `moves` on a position and returns change's third line and the
/// human file.
fn play(rules: &str, turn: &str, rows: [&str; 8], flipped: bool, moves: &str) -> (String, String) {
    let dir = temp_dir("play");
    let input = write(&dir, "in.txt", &board_file(rules, turn, rows, flipped, moves));
    let h = dir.join("h.txt").to_string_lossy().into_owned();
    let (code, out, err) = run_program(CHANGE, &[&input, "-h", &h], b"");
    assert_eq!((code, err.as_str()), (0, ""), "{moves}");
    let verdict = out.lines().nth(2).unwrap_or("").to_string();
    (verdict, read(&h))
}

/// The human file's board as 8 rows of 8 characters (`.` and `"` kept).
fn rows_of(human: &str) -> Vec<String> {
    human.lines().skip(2).step_by(2).take(8).map(|l| l.chars().skip(4).step_by(4).take(8).collect()).collect()
}

/// Red pawns c3, d4, f6, f2, e1; black pawns c5, e5, c7, e7. Red's only
/// jumps: d4 over c5, and f6 over e7 (then on over c7 with multiple jumps).
const ILLEGAL_ROWS: [&str; 8] =
    ["________", "__b_b___", "_____r__", "__b_b___", "___r____", "__r_____", "_____r__", "____r___"];

const SINGLE: &str = "no capture single jumps";
const MULTIPLE: &str = "no capture multiple jumps";
const CAPTURE: &str = "capture single jumps";
const CAPTURE_MULTIPLE: &str = "capture multiple jumps";

/// Every kind of illegal move the spec lists, with the rules it needs.
#[rustfmt::skip]
const ILLEGAL_CASES: [(&str, &str, &str); 17] = [
    (SINGLE, "a1->b2", "no piece on the first square"),
    (SINGLE, "a2->b3", "a light first square"),
    (SINGLE, "e5->f4", "the opponent's piece"),
    (SINGLE, "d4->b6->d8", "three squares under single jumps"),
    (SINGLE, "d4->d5", "not diagonal"),
    (SINGLE, "d4->g7", "three squares diagonally"),
    (SINGLE, "d4->d4", "not moving"),
    (SINGLE, "d4->e3", "a pawn stepping backwards"),
    (SINGLE, "f6->h4", "a pawn moving two squares backwards"),
    (SINGLE, "d4->e5", "an occupied landing square"),
    (SINGLE, "c3->a5", "a jump over an empty square"),
    (SINGLE, "e1->g3", "a jump over its own piece"),
    (MULTIPLE, "d4->b6->a7", "a step inside a chain"),
    (MULTIPLE, "c3->b4->a5", "a chain of steps"),
    (MULTIPLE, "f6->d8->b6", "a pawn crowned mid-chain"),
    (CAPTURE, "c3->b4", "a step when a jump exists"),
    (CAPTURE_MULTIPLE, "e1->d2", "a step when a chain exists"),
];

#[test]
fn every_kind_of_illegal_move() {
    for (rules, mv, why) in ILLEGAL_CASES {
        let (verdict, human) = play(rules, "red", ILLEGAL_ROWS, false, &format!("{mv} c3->b4"));
        assert_eq!(verdict, format!("Move 1 is illegal: {mv}"), "{why}");
        // Nothing moved, and both moves are left.
        assert_eq!(rows_of(&human)[4], "\".\"r\".\".", "{why}");
        assert!(human.ends_with(&format!("\n\n{mv}\nc3->b4\n")), "{why}");
    }
    // The same position takes the legal ones.
    for (rules, mv) in [(SINGLE, "d4->b6"), (SINGLE, "c3->b4"), (MULTIPLE, "f6->d8"), (CAPTURE_MULTIPLE, "d4->b6")] {
        let (verdict, _) = play(rules, "red", ILLEGAL_ROWS, false, mv);
        assert_eq!(verdict, "All moves are legal", "{rules}: {mv}");
    }
}

#[test]
fn the_first_illegal_move_stops_play() {
    let (verdict, human) = play("no capture single jumps", "red", ILLEGAL_ROWS, false, "c3->b4 c5->d4 b4->a5 e5->f4");
    assert_eq!(verdict, "Move 2 is illegal: c5->d4", "d4 is taken");
    assert_eq!(rows_of(&human)[4], "\"r\"r\".\".", "c3->b4 was played");
    assert!(human.ends_with("\n\nc5->d4\nb4->a5\ne5->f4\n"));
}

#[test]
fn pawn_moves_forward_and_kings_both_ways() {
    let rows = ["________", "________", "________", "________", "___R____", "________", "_b______", "________"];
    // Red king d4 steps back; black pawn b2 steps down onto rank 1 and is crowned.
    let (verdict, human) = play("no capture single jumps", "red", rows, false, "d4->c3 b2->a1 c3->d4 a1->b2");
    assert_eq!(verdict, "All moves are legal");
    let board = rows_of(&human);
    assert_eq!(board[4], "\".\"R\".\".");
    assert_eq!(board[6], "\"B\".\".\".");
    // A black pawn may not step up.
    let (verdict, _) = play("no capture single jumps", "black", rows, false, "b2->c3");
    assert_eq!(verdict, "Move 1 is illegal: b2->c3");
}

#[test]
fn capture_rule() {
    // Red d4 can jump e5; red c3 could step.
    let rows = ["________", "________", "________", "____b___", "___r____", "__r_____", "________", "________"];
    let (verdict, _) = play("capture single jumps", "red", rows, false, "c3->b4");
    assert_eq!(verdict, "Move 1 is illegal: c3->b4");
    let (verdict, human) = play("capture single jumps", "red", rows, false, "d4->f6");
    assert_eq!(verdict, "All moves are legal");
    assert_eq!(rows_of(&human)[2], "\".\".\"r\".", "e5 is gone, red on f6");
    assert_eq!(rows_of(&human)[3], ".\".\".\".\"");
    // Without the rule the step is fine.
    let (verdict, _) = play("no capture single jumps", "red", rows, false, "c3->b4");
    assert_eq!(verdict, "All moves are legal");
    // Only the mover's jumps count: black cannot jump, so black may step.
    let (verdict, _) = play("capture single jumps", "black", rows, false, "e5->f4");
    assert_eq!(verdict, "All moves are legal");
    // After red jumps, black (no jump available) steps.
    let (verdict, _) = play("capture single jumps", "red", rows, false, "d4->f6 e5->d4");
    assert_eq!(verdict, "Move 2 is illegal: e5->d4", "e5 was captured");
}

#[test]
fn multiple_jumps_stop_anywhere_and_crown_at_the_end() {
    // The course's multi01: red d4, black c5 and c7.
    let rows = ["________", "__b_____", "________", "__b_____", "___r____", "________", "________", "________"];
    for rules in ["no capture multiple jumps", "capture multiple jumps"] {
        let (verdict, human) = play(rules, "red", rows, false, "d4->b6");
        assert_eq!(verdict, "All moves are legal", "{rules}: stopping part-way");
        assert_eq!(rows_of(&human)[2], "\"r\".\".\".");
        let (verdict, human) = play(rules, "red", rows, false, "d4->b6->d8");
        assert_eq!(verdict, "All moves are legal", "{rules}");
        assert_eq!(rows_of(&human)[0], "\".\"R\".\".", "crowned on d8");
        assert!(rows_of(&human)[1..].iter().all(|r| !r.contains('b')), "both black pawns captured");
    }
    let (verdict, _) = play("no capture single jumps", "red", rows, false, "d4->b6->d8");
    assert_eq!(verdict, "Move 1 is illegal: d4->b6->d8");
}

#[test]
fn a_king_may_revisit_squares_in_a_chain() {
    // The course's multi07: red king g1 can take all nine black pawns,
    // passing e3 and c5 twice.
    let rows = ["________", "________", "_b_b_b__", "________", "_b_b_b__", "________", "_b_b_b__", "______R_"];
    let chain = "g1->e3->c1->a3->c5->e3->g5->e7->c5->a7";
    let (verdict, human) = play("no capture multiple jumps", "red", rows, false, chain);
    assert_eq!(verdict, "All moves are legal");
    let board = rows_of(&human).concat();
    assert_eq!(board.matches('R').count(), 1);
    assert_eq!(board.matches('b').count(), 0);
    assert_eq!(&rows_of(&human)[1][..1], "R", "the king ends on a7");

    // A king may even come back to its own square: e3 round four pawns.
    let rows = ["________", "________", "___b_b__", "________", "___b_b__", "____R___", "________", "________"];
    let (verdict, human) = play("no capture multiple jumps", "red", rows, false, "e3->c5->e7->g5->e3");
    assert_eq!(verdict, "All moves are legal");
    assert_eq!(rows_of(&human)[5], ".\".\"R\".\"", "back on e3");
    assert!(!rows_of(&human).concat().contains('b'), "all four pawns taken");
    // But it cannot jump a piece twice.
    let (verdict, _) = play("no capture multiple jumps", "red", rows, false, "e3->c5->e3");
    assert_eq!(verdict, "Move 1 is illegal: e3->c5->e3");
}

#[test]
fn pieces_on_the_far_rank_stay_as_written() {
    // Letters are literal: a red pawn on rank 8 is a pawn (and cannot move).
    let rows = ["_r______", "________", "________", "________", "________", "________", "________", "______b_"];
    let file = board_file("no capture single jumps", "red", rows, false, "");
    let (_, out, _) = run_program(INFO, &[], file.as_bytes());
    assert!(out.ends_with("Red: 0 kings, 1 pawns\nBlack: 0 kings, 1 pawns\n"), "{out}");
    let (_, out, _) = run_program(RANKMOVES, &[], file.as_bytes());
    assert_eq!(out, "Player red has no moves available.\n");
}

#[test]
fn flipped_boards_play_the_same_way() {
    let dir = temp_dir("flipped");
    let flipped = course_file("instructor-part1-tests/flipped1.in.txt");
    let text = fs::read_to_string(&flipped).unwrap().replace("MOVES:", "MOVES: b3->a4 c6->b5 a4->c6");
    let input = write(&dir, "in.txt", &text);
    let e = dir.join("e.txt").to_string_lossy().into_owned();
    let h = dir.join("h.txt").to_string_lossy().into_owned();
    let (code, out, _) = run_program(CHANGE, &[&input, "-e", &e, "-h", &h], b"");
    assert_eq!((code, out), (0, report(3, 3, "All moves are legal")));
    let human = read(&h);
    let board = rows_of(&human);
    assert_eq!(board[0], "b\"b\"b\"b\"", "a8 is dark");
    assert_eq!(board[2], "b\"r\"b\"b\"", "red jumped b5 to c6");
    assert_eq!(board[3], "\".\".\".\".");
    assert_eq!(board[4], ".\".\".\".\"");
    assert_eq!(board[5], "\".\"r\"r\"r");
    // The exchange file stays flipped and valid.
    let exchange = read(&e);
    assert!(body(&exchange).contains("BOARD:\n-----------------\n|b|\"|b|\"|b|\"|b|\"|\n"));
    let (_, out, _) = run_program(INFO, &[&e], b"");
    assert_eq!(
        out,
        "VALID INPUT\nInitial configuration:\nTurn: black\nRed: 0 kings, 12 pawns\nBlack: 0 kings, 11 pawns\n"
    );
    // A step onto a light square is not diagonal from a dark one.
    let (_, out, _) = run_program(CHANGE, &[], text.replace("b3->a4", "b3->b4").as_bytes());
    assert!(out.ends_with("Move 1 is illegal: b3->b4\n"));
    // rankmoves on the flipped start: red's seven steps.
    let (_, out, _) = run_program(RANKMOVES, &[&flipped], b"");
    let moves: Vec<&str> = out.lines().map(|l| l.split(' ').next().unwrap_or("")).collect();
    assert_eq!(moves, ["b3->a4", "b3->c4", "d3->c4", "d3->e4", "f3->e4", "f3->g4", "h3->g4"]);
}

#[test]
fn rankmoves_plays_the_files_moves_first() {
    let file = board_file("no capture single jumps", "red", START_ROWS, false, "c3->d4 f6->e5");
    let (_, out, _) = run_program(RANKMOVES, &["-d", "0"], file.as_bytes());
    assert!(out.starts_with("a3->b4 for red: score 0\n"), "{out}");
    assert!(out.contains("d4->f6 for red: score 1\n"), "{out}");
    // A king returning to its square shows up as a move of its own.
    let rows = ["________", "________", "___b_b__", "________", "___b_b__", "____R___", "________", "________"];
    let file = board_file("capture multiple jumps", "red", rows, false, "");
    let (_, out, _) = run_program(RANKMOVES, &[], file.as_bytes());
    assert!(out.contains("e3->c5->e7->g5->e3 for red: score 99\n"), "{out}");
    assert!(out.contains("e3->g5->e7->c5->e3 for red: score 99\n"), "{out}");
    assert!(!out.contains("e3->d2"), "capture rule: jumps only\n{out}");
}

// ---------------------------------------------------------------------------
// Syntax errors: one line on stderr, nothing on stdout, no file, exit 1.

fn expect_syntax_error(input: &[u8], expected: &str) {
    let dir = temp_dir("syntax");
    let e = dir.join("e.txt").to_string_lossy().into_owned();
    let h = dir.join("h.txt").to_string_lossy().into_owned();
    let (code, out, err) = run_program(CHANGE, &["-e", &e, "-h", &h], input);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (1, "", format!("{expected}\n").as_str()),
        "{}",
        String::from_utf8_lossy(input)
    );
    assert!(!Path::new(&e).exists() && !Path::new(&h).exists(), "no file written");
    let (code, _, info_err) = run_program(INFO, &[], input);
    assert_eq!((code, info_err), (1, err.clone()));
    let (code, _, rank_err) = run_program(RANKMOVES, &[], input);
    assert_eq!((code, rank_err), (1, err));
}

#[test]
fn syntax_errors_name_the_line() {
    let good = board_file("no capture single jumps", "red", START_ROWS, false, "e3->d4");
    let mut bad_rank1 = START_ROWS;
    bad_rank1[7] = "r_r_r_x_";
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "Error near line 1: expecting 'RULES:'"),
        ("\n\n# only a comment\n".into(), "Error near line 4: expecting 'RULES:'"),
        ("rules: capture".into(), "Error near line 1: expecting 'RULES:'"),
        ("RULES:\n\n".into(), "Error near line 3: expecting 'capture' or 'no capture'"),
        ("RULES: no\n# why not\n single".into(), "Error near line 3: expecting 'capture' or 'no capture'"),
        (
            "RULES: capture\nsingle\n\nTURN: red".into(),
            "Error near line 4: expecting 'single jumps' or 'multiple jumps'",
        ),
        (
            "RULES: capture single multiple jumps".into(),
            "Error near line 1: expecting 'single jumps' or 'multiple jumps'",
        ),
        ("RULES: no no capture".into(), "Error near line 1: expecting 'capture' or 'no capture'"),
        ("RULES: capture jumps".into(), "Error near line 1: expecting 'single jumps' or 'multiple jumps'"),
        ("RULES: Capture single jumps".into(), "Error near line 1: expecting 'capture' or 'no capture'"),
        ("RULES: capture single jumps\nBOARD:".into(), "Error near line 2: expecting 'TURN:'"),
        ("RULES: capture single jumps\nTURN:\n  blue".into(), "Error near line 3: expecting 'red' or 'black'"),
        ("RULES: capture single jumps TURN: red\n\nBORD:".into(), "Error near line 3: expecting 'BOARD:'"),
        (good.replace("MOVES:", "MOVE:"), "Error near line 12: expecting 'MOVES:'"),
        (good.replace("MOVES:", "\" MOVES:"), "Error near line 12: expecting 'MOVES:'"),
        (good.replace("MOVES:\n", "").replace("e3->d4", ""), "Error near line 13: expecting 'MOVES:'"),
        (good.replace("e3->d4", "e3-d4"), "Error near line 13: malformed move 'e3-d4'"),
        (good.replace("e3->d4", "e3->d4\n\ne3->d9 f6->e5"), "Error near line 15: malformed move 'e3->d9'"),
        (good.replace("e3->d4", "e3->d4->"), "Error near line 13: malformed move 'e3->d4->'"),
        (good.replace("e3->d4", "e3"), "Error near line 13: malformed move 'e3'"),
        (good.replace("e3->d4", "E3->D4"), "Error near line 13: malformed move 'E3->D4'"),
        (good.replace("e3->d4", "e3 -> d4"), "Error near line 13: malformed move 'e3'"),
        (
            board_file("capture single jumps", "red", bad_rank1, false, ""),
            "Error near line 11: expecting a board square, found 'x'",
        ),
        (good.replace("\" b \" b", "\" \" \" b"), "Error near line 4: square b8 is dark and cannot be '\"'"),
        (good.replace("\" b \" b", "\" b b b"), "Error near line 4: square c8 is light and must be '\"', found 'b'"),
        (good[..good.find("r \"").unwrap_or(0)].to_string(), "Error near line 9: unexpected end of file"),
        ("RULES: capture single jumps TURN: red BOARD: \"b\"b\n\n".into(), "Error near line 3: unexpected end of file"),
    ];
    for (input, expected) in cases {
        expect_syntax_error(input.as_bytes(), expected);
    }
}

#[test]
fn syntax_errors_in_odd_bytes() {
    let good = board_file("no capture single jumps", "red", START_ROWS, false, "e3->d4");
    // Not UTF-8, in the board and in the moves.
    let mut bytes = good.clone().into_bytes();
    let at = good.find("r ").unwrap();
    bytes[at] = 0xff;
    expect_syntax_error(&bytes, "Error near line 9: expecting a board square, found '\\xff'");
    let mut bytes = good.clone().into_bytes();
    bytes.extend_from_slice(b"\xfe\xff->a1\n");
    expect_syntax_error(&bytes, "Error near line 14: malformed move '\\xfe\\xff->a1'");
    // A character of several bytes, and a control character.
    expect_syntax_error(
        good.replacen("r ", "é ", 1).as_bytes(),
        "Error near line 9: expecting a board square, found 'é'",
    );
    expect_syntax_error(
        good.replace("e3->d4", "e3->d4\u{1b}[2J").as_bytes(),
        "Error near line 13: malformed move '\\x1b[2J'",
    );
    // CR LF line ends count as one line each.
    expect_syntax_error(
        good.replace('\n', "\r\n").replace("e3->d4", "e3-d4").as_bytes(),
        "Error near line 13: malformed move 'e3-d4'",
    );
    // Invisible characters are named, not printed as they are: a
    // byte-order mark in the board, a zero-width or no-break space by a move.
    for (from, to, expected) in [
        ("r ", "\u{feff} ", "Error near line 9: expecting a board square, found '\\u{feff}'"),
        ("e3->d4", "\u{200b}e3->d4", "Error near line 13: malformed move '\\u{200b}e3->d4'"),
        ("e3->d4", "e3->d4\u{a0}b6->c5", "Error near line 13: malformed move '\\u{a0}b6->c5'"),
    ] {
        expect_syntax_error(good.replacen(from, to, 1).as_bytes(), expected);
    }
    // A very long bad move is cut short.
    let long = format!("{}{}", "a".repeat(100), "");
    expect_syntax_error(
        good.replace("e3->d4", &long).as_bytes(),
        &format!("Error near line 13: malformed move '{}...'", "a".repeat(40)),
    );
}

#[test]
fn keywords_need_no_whitespace_and_comments_go_anywhere() {
    let dense = "RULES:nocapture#x\nmultiplejumps TURN:red BOARD:\"b\"b\"b\"bb\"b\"b\"b\"\"b\"b\"b\"b.\".\".\".\"\".\".\".\".r\"r\"r\"r\"\"r\"r\"r\"rr\"r\"r\"r\"MOVES:e3->d4#c\nb6->c5d4->b6";
    let (code, out, err) = run_program(CHANGE, &[], dense.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, report(3, 3, "All moves are legal"));
}

// ---------------------------------------------------------------------------
// Command lines.

#[test]
fn switches_in_any_order_several_outputs_and_stdin() {
    let dir = temp_dir("outputs");
    let good01 = course_file("instructor-part1-tests/good01.in.txt");
    let paths: Vec<String> =
        ["e1", "e2", "h1", "h2"].iter().map(|n| dir.join(n).to_string_lossy().into_owned()).collect();
    let args = ["-e", &paths[0], "-h", &paths[2], "-m", "1", &good01, "-e", &paths[1], "-h", &paths[3]];
    let (code, out, _) = run_program(CHANGE, &args, b"");
    assert_eq!((code, out), (0, report(3, 1, "All moves are legal")));
    assert_eq!(read(&paths[0]), read(&paths[1]));
    assert_eq!(read(&paths[2]), read(&paths[3]));
    assert!(read(&paths[2]).ends_with("\n\nb6->c5\nd4->b6\n"));
    // The same from standard input.
    let (code, out, _) = run_program(CHANGE, &["-m", "1"], &fs::read(&good01).unwrap());
    assert_eq!((code, out), (0, report(3, 1, "All moves are legal")));
    // A later -m wins; a huge one means all moves.
    let (_, out, _) = run_program(CHANGE, &["-m", "0", &good01, "-m", "2"], b"");
    assert_eq!(out, report(3, 2, "All moves are legal"));
    let (_, out, _) = run_program(CHANGE, &[&good01, "-m", "123456789012345678901234567890"], b"");
    assert_eq!(out, report(3, 3, "All moves are legal"));
}

#[test]
fn bad_command_lines_print_usage_and_write_nothing() {
    let dir = temp_dir("usage");
    let good01 = course_file("instructor-part1-tests/good01.in.txt");
    let good02 = course_file("instructor-part1-tests/good02.in.txt");
    let out_file = dir.join("out.txt").to_string_lossy().into_owned();
    let missing = dir.join("missing.txt").to_string_lossy().into_owned();
    let unwritable = dir.join("no-such-dir").join("e.txt").to_string_lossy().into_owned();
    let change_cases: Vec<Vec<&str>> = vec![
        vec!["-x"],
        vec![&good01, "-e", &out_file, "-x"],
        vec![&good01, "-h", &out_file, "--help"],
        vec![&good01, "-e", &out_file, "-m"],
        vec![&good01, "-e", &out_file, "-m", "-1"],
        vec![&good01, "-e", &out_file, "-m", "ten"],
        vec![&good01, "-e", &out_file, "-m", ""],
        vec![&good01, "-e", &out_file, "-m", "+3"],
        vec![&good01, "-e"],
        vec![&good01, "-h"],
        vec![&good01, "-h", "-e", &out_file],
        vec![&good01, &good02, "-e", &out_file],
        vec![&missing, "-e", &out_file],
        vec![&good01, "-e", &unwritable],
        vec![&good01, "-h", &unwritable],
    ];
    for args in change_cases {
        let (code, out, err) = run_program(CHANGE, &args, b"");
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        assert!(err.contains("Usage: change [FILE] [-e EFILE]... [-h HFILE]... [-m N]\n"), "{args:?}: {err}");
        assert!(!Path::new(&out_file).exists(), "{args:?}");
    }
    for args in [vec!["-v"], vec![good01.as_str(), good02.as_str()], vec![missing.as_str()]] {
        let (code, out, err) = run_program(INFO, &args, b"");
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        assert!(err.contains("Usage: info [FILE]\n"), "{args:?}: {err}");
    }
    for args in [vec!["-d"], vec!["-d", "x"], vec!["-d", "-1"], vec!["-m", "1"], vec![good01.as_str(), good02.as_str()]]
    {
        let (code, out, err) = run_program(RANKMOVES, &args, b"");
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        assert!(err.contains("Usage: rankmoves [FILE] [-d D] [-v]\n"), "{args:?}: {err}");
    }
}

#[test]
fn arguments_that_are_not_utf8_do_not_crash() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let dir = temp_dir("args");
    let good01 = course_file("instructor-part1-tests/good01.in.txt");
    let weird = dir.join(OsString::from_vec(b"e\xff.txt".to_vec()));
    let args =
        [OsString::from("change"), OsString::from(&good01), OsString::from("-e"), weird.clone().into_os_string()];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = analysis_board::checkers::cli::change(&args, &mut std::io::empty(), &mut out, &mut err);
    assert_eq!(code, 0);
    assert!(fs::read_to_string(&weird).unwrap().contains("\n# change "), "the command line, lossily");
    let bad = [OsString::from("change"), OsString::from_vec(b"-\xff".to_vec())];
    let code = analysis_board::checkers::cli::change(&bad, &mut std::io::empty(), &mut out, &mut err);
    assert_eq!(code, 1);
}
