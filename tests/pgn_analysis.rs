//! `analyze` on PGN: verdicts, errors with their messages and exact
//! UTF-16 spans, tags and stated results, the start position from a FEN,
//! the Auto choice between the course notation and PGN, and
//! `chess-analyze --pgn`.

mod common;

use analysis_board::chess::analysis::{analyze_pgn, SAN_READS_IT};
use analysis_board::outcome::{Notation, Outcome, Status};
use analysis_board::{analyze, NotationChoice, Options};

fn pgn(text: &str) -> Outcome {
    analyze_pgn(text, false)
}

/// `text.slice(start, end)` as JavaScript would give it.
fn js_slice(text: &str, start: usize, end: usize) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    String::from_utf16(&units[start..end]).unwrap()
}

fn error_text(text: &str, o: &Outcome) -> String {
    let e = o.error.as_ref().expect("an error");
    js_slice(text, e.start, e.end)
}

#[test]
fn illegal_and_incomplete_moves_use_the_course_messages_and_point_at_the_move() {
    let text = "[Event \"😀 emoji in a tag\"]\n1. e4 e5 2. d4 Bb4+ 3. Nc3 Nf6 4. Nd5+! Nxe4 5. Nf3 *";
    let o = pgn(text);
    assert_eq!(o.status, Status::IllegalMove);
    assert_eq!(o.message, "illegal move: white knight from c3 to d5");
    assert_eq!(error_text(text, &o), "Nd5+!");
    let e = o.error.as_ref().unwrap();
    assert_eq!((e.ply, e.from.as_deref(), e.to.as_deref()), (6, Some("c3"), Some("d5")));
    assert_eq!(e.reason, "it would leave the mover's own king in check");
    let unplayed: Vec<(String, String)> =
        o.unplayed.iter().map(|u| (u.notation.clone(), js_slice(text, u.start, u.end))).collect();
    assert_eq!(unplayed, [("Nxe4".into(), "Nxe4".into()), ("Nf3".into(), "Nf3".into())]);
    assert_eq!(o.plies.len(), 6);
    assert_eq!(js_slice(text, o.plies[3].start, o.plies[3].end), "Bb4+");

    let text = "1. Nf3 d5 2. d4 Nf6 3. Nd2 e6 *";
    let o = pgn(text);
    assert_eq!(o.status, Status::CompletionError);
    assert_eq!(o.message, "move completion error: white knight to d2");
    assert_eq!(error_text(text, &o), "Nd2");
    assert!(o.error.as_ref().unwrap().reason.contains("b1 and f3"));
}

#[test]
fn parse_errors_name_the_character_and_point_at_it() {
    let text = "1. e4 é5";
    let o = pgn(text);
    assert_eq!(o.status, Status::ParseError);
    assert_eq!(o.message, "parse error at character 'é'");
    assert_eq!(error_text(text, &o), "é");
    assert_eq!(o.error.as_ref().unwrap().character.as_deref(), Some("é"));
    assert_eq!(o.plies.len(), 1);
    // Surrogate pairs before the error count twice, as in JavaScript.
    let text = "{ 😀😀 } 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 ?x";
    let o = pgn(text);
    assert_eq!(o.message, "parse error at character 'x'");
    assert_eq!(error_text(text, &o), "x");
    // The reason says what was expected.
    let o = pgn("1. e4 e5 2. Nf");
    assert_eq!(o.message, "parse error at character '\\n'");
    assert_eq!(o.error.as_ref().unwrap().reason, "expected a rank 1-8 but found the end of the text");
}

#[test]
fn the_first_problem_in_reading_order_is_reported() {
    // An illegal move before a syntax error.
    let o = pgn("1. e4 e5 2. d4 Bb4+ 3. Nc3 Nf6 4. Nd5 Nxe4 5. @");
    assert_eq!(o.status, Status::IllegalMove);
    // A syntax error after the last move: the moves before it are played.
    let o = pgn("1. e4 e5 2. Nf3 Nc6 3. @");
    assert_eq!((o.status, o.plies.len()), (Status::ParseError, 4));
    assert_eq!(o.error.as_ref().unwrap().ply, 4);
    // A bad FEN tag before anything else.
    let o = pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. Ke2 @");
    assert_eq!(o.message, "invalid position: white has no king; black has no king");
}

/// A move that cannot be played and whose move number names the other
/// side (a fragment pasted without its position, a move left out): the
/// reason says so, which shows where the game went astray.
#[test]
fn a_failing_move_numbered_for_the_other_side_says_so() {
    for (text, at, reason) in [
        (
            "12...Nxe4 13.Bxe4 d5",
            "Nxe4",
            "no white knight can move to e4 (the text numbers this move 12..., Black's, but White is to move)",
        ),
        (
            "1. e4 e5 2. Nf3 3. Bc4 Nf6",
            "Bc4",
            "no black bishop can move to c4 (the text numbers this move 3., White's, but Black is to move)",
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 2. ... Bb4",
            "Bb4",
            "no white bishop can move to b4 (the text numbers this move 2..., Black's, but White is to move)",
        ),
    ] {
        let o = pgn(text);
        assert_eq!(error_text(text, &o), at, "{text}");
        assert_eq!(o.error.as_ref().unwrap().reason, reason, "{text}");
    }
    // A number that fits the side, or none, adds nothing; nor does a wrong
    // number for the right side.
    for text in ["1. e4 e5 2. Nf3 Nc6 3. Bc5", "1. e4 e5 Ke3", "1. e4 e5 7. Ke3"] {
        let o = pgn(text);
        assert!(!o.error.as_ref().unwrap().reason.contains("numbers"), "{text}");
    }
}

/// A game of another variant (lichess and chess.com export its `Variant`
/// tag) is played by the standard rules; where it fails, the reason says
/// which variant the text is, not only what standard chess finds wrong.
#[test]
fn a_game_of_another_variant_that_fails_says_which_variant() {
    let hint = "(the Variant tag says {}: this board plays standard chess)";
    let chess960 =
        "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\
                    [SetUp \"1\"]\n\n9. g3 Ng6 10. O-O *";
    let crazyhouse = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e4 *";
    let three_check = "[Variant \"Three-check\"]\n\n1. e4 e5 2. Ke3 *";
    for (text, variant, status) in [
        (chess960, "Chess960", Status::ParseError),
        (crazyhouse, "Crazyhouse", Status::ParseError),
        (three_check, "Three-check", Status::CompletionError),
    ] {
        let o = pgn(text);
        assert_eq!(o.status, status, "{text}");
        let reason = &o.error.as_ref().unwrap().reason;
        assert!(reason.ends_with(&hint.replace("{}", variant)), "{text}: {reason}");
    }
    // Standard games say nothing of it, whatever their tag.
    for text in [
        "[Variant \"Standard\"]\n\n1. e4 e5 2. Ke3 *",
        "[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Ke3 Kd7 2. Kf5 *",
        "1. e4 e5 2. Ke3 *",
    ] {
        let o = pgn(text);
        assert!(!o.error.as_ref().unwrap().reason.contains("Variant"), "{text}");
    }
    // A variant game that plays by the standard rules is read as any other.
    let o = pgn("[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 *");
    assert_eq!((o.status, o.plies.len()), (Status::Incomplete, 3));
}

#[test]
fn null_moves_in_the_main_line_are_errors_with_a_reason() {
    let text = "1. e4 e5 2. Nf3 -- 3. d4 *";
    let o = pgn(text);
    assert_eq!(o.status, Status::ParseError);
    assert_eq!(o.message, "parse error at character '-'");
    assert_eq!(error_text(text, &o), "--");
    assert!(o.error.as_ref().unwrap().reason.contains("null move"));
    assert_eq!(o.plies.len(), 3);
    // In a variation they are fine.
    assert_eq!(pgn("1. e4 e5 (1... -- 2. d4) 2. Nf3 *").status, Status::Incomplete);
}

#[test]
fn a_fen_tag_sets_the_start_and_a_bad_one_is_pointed_at() {
    let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n12... Kd7 13. e4 *";
    let o = pgn(text);
    assert_eq!(o.status, Status::Incomplete);
    assert_eq!(o.initial.fen, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12");
    assert_eq!(o.last_snapshot().fen, "8/3k4/8/8/4P3/8/8/4K3 b - - 0 13");

    let text = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\"]\n1. e4 *";
    let o = pgn(text);
    assert_eq!(o.status, Status::ParseError);
    assert_eq!(o.message, "parse error at character 'X'");
    assert_eq!(error_text(text, &o), "X");
    assert!(o.error.as_ref().unwrap().reason.contains("unknown piece letter"));
    assert!(o.plies.is_empty());

    // (A castling right that the board cannot have is only dropped, with a
    // note: `tests/pgn_lenient.rs`.)
    let text = "[FEN \"4k3/8/8/8/8/8/8/7R w Kq - 0 1\"]\n1. O-O *";
    let o = pgn(text);
    assert_eq!(o.status, Status::ParseError);
    assert_eq!(error_text(text, &o), "4k3/8/8/8/8/8/8/7R w Kq - 0 1");
    assert!(o.message.starts_with("invalid position: white has no king; white may castle"), "{}", o.message);
}

/// A FEN that gives no position shows an empty board, not the start
/// position as if it had been given (its FEN was offered to copy); a bare
/// FEN with a wrong piece letter is read as a FEN, whose letter is named.
#[test]
fn a_fen_that_gives_no_position_shows_an_empty_board() {
    let auto = |text: &str| analyze(text, &Options { suggest: false, ..Options::default() });
    for (text, wrong) in [
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQ1BNR b kq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQ1BNR b kq - 0 1",
        ),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNX b KQkq - 0 1\ne5", "X"),
        ("[FEN \"4k3/8/8/8/8/8/8/7R w Kq - 0 1\"]\n1. O-O *", "4k3/8/8/8/8/8/8/7R w Kq - 0 1"),
    ] {
        let o = auto(text);
        assert_eq!(o.status, Status::ParseError, "{text}");
        assert_eq!(error_text(text, &o), wrong, "{text}");
        assert_eq!(o.initial.fen, "", "{text}");
        assert_eq!(o.initial.cells, ".".repeat(64).as_str(), "{text}");
        assert_eq!(o.initial.side_to_move, None, "{text}");
        assert!(o.plies.is_empty());
    }
    let o = auto("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNX b KQkq - 0 1");
    assert_eq!(o.message, "bad FEN at character 45: unknown piece letter");
    assert_eq!(o.chess.unwrap().notation, Notation::Fen);
}

/// Regression (issue 15): a pinned pawn's en passant capture is an
/// illegal move, in the course's words, also in PGN and from a FEN tag
/// that names the en passant square.
#[test]
fn a_pinned_pawns_en_passant_is_an_illegal_move() {
    let o = pgn("1. e4 e6 2. e5 Qg5 3. Ke2 Ne7 4. Kd3 a6 5. Kc4 a5 6. Kc5 d5 7. exd6 *");
    assert_eq!(o.message, "illegal move: white pawn from e5 to d6");
    let text = "[FEN \"rnb1kb1r/1pp1nppp/4p3/p1KpP1q1/8/8/PPPP1PPP/RNBQ1BNR w kq d6 0 7\"]\n7. exd6 *";
    assert_eq!(pgn(text).message, "illegal move: white pawn from e5 to d6");
    let text = "[FEN \"rnb1kb1r/1pp1nppp/4p3/p1KpP1q1/8/8/PPPP1PPP/RNBQ1BNR w kq - 0 7\"]\n7. exd6 *";
    assert_eq!(pgn(text).message, "move completion error: white pawn to d6");
}

/// Regression (issue 15): a tag value with unescaped quotes was a parse
/// error for the whole game.
#[test]
fn a_tag_with_unescaped_quotes_does_not_spoil_the_game() {
    let o = pgn("[Event \"Club \"Open\" 2026\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
    assert_eq!(o.message, "white wins by checkmate");
    assert_eq!(o.chess.as_ref().unwrap().tags[0].value, "Club \"Open\" 2026");
    assert_eq!(
        o.chess.as_ref().unwrap().notes,
        ["read the Event tag up to its last quote: its inner quotes are not escaped"]
    );
    // Typographic quotes, as a word processor writes them.
    let o = pgn("[Event “Club”]\n[Site „Berlin“]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
    assert_eq!(o.message, "white wins by checkmate");
    assert_eq!(o.chess.as_ref().unwrap().tags[1].value, "Berlin");
    assert_eq!(
        o.chess.as_ref().unwrap().notes,
        ["read the typographic quotes of the Event tag as plain quotes (and 1 more)"]
    );
}

#[test]
fn tags_and_the_stated_result_are_kept_and_never_contradict_the_board() {
    // A resignation on a position that goes on: not an error.
    let o = pgn("[White \"A \\\"B\\\"\"]\n[Result \"1-0\"]\n1. e4 e5 2. Nf3 Nc6 1-0");
    assert_eq!((o.status, o.chess.as_ref().unwrap().stated_result.as_deref()), (Status::Incomplete, Some("1-0")));
    assert_eq!(o.chess.as_ref().unwrap().tags[0].name, "White");
    assert_eq!(o.chess.as_ref().unwrap().tags[0].value, "A \"B\"");
    // The Result tag when the movetext has no result.
    assert_eq!(pgn("[Result \"0-1\"]\n1. e4").chess.unwrap().stated_result.as_deref(), Some("0-1"));
    assert_eq!(pgn("1. e4 ½-½").chess.unwrap().stated_result.as_deref(), Some("1/2-1/2"));
    assert_eq!(pgn("1. e4").chess.unwrap().stated_result, None);
    // A checkmate with a result saying a draw: both stay visible.
    let o = pgn("[Result \"1/2-1/2\"]\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1/2-1/2");
    assert_eq!(o.message, "white wins by checkmate");
    assert_eq!(o.chess.as_ref().unwrap().stated_result.as_deref(), Some("1/2-1/2"));
}

#[test]
fn plies_are_written_by_our_san_writer() {
    let o = pgn("1. e2-e4 e7e5 2. Ng1xf3 Ngf6 3. Bf1-c4 Nf6xe4 4. Qd1e2 d7d5 5. Bxd5 Qxd5 6. Nc3 Qd5e6 7. Nxe4 Qxe4 8. Qxe4+ Be7 9. Qxe5 f6 10. Qe6 *");
    let sans: Vec<&str> = o.plies.iter().map(|p| p.notation.as_str()).collect();
    assert_eq!(sans[..8], ["e4", "e5", "Nf3", "Nf6", "Bc4", "Nxe4", "Qe2", "d5"]);
    let o = pgn("[FEN \"8/1P2k3/8/8/8/8/8/4K3 w - - 0 1\"] 1. b8Q *");
    assert_eq!(o.plies[0].notation, "b8=Q");
    assert_eq!(o.plies[0].promotion, Some('Q'));
}

#[test]
fn the_number_of_games_is_counted_and_the_first_is_analysed() {
    let o = pgn(include_str!("data/pgn/nasty/19-multiple-games.pgn"));
    assert_eq!((o.chess.as_ref().unwrap().games_in_text, o.status), (3, Status::Checkmate));
    assert_eq!(pgn("").chess.unwrap().games_in_text, 1);
    assert_eq!(pgn("").status, Status::Incomplete);
    let o = pgn("[Event \"1\"]\n1. e4 { } @@ \n\n[Event \"2\"]\n1. d4 *");
    assert_eq!((o.chess.as_ref().unwrap().games_in_text, o.status), (2, Status::ParseError));
}

#[test]
fn an_unfinished_game_gets_a_suggestion() {
    let o = analyze_pgn("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6", true);
    let s = o.suggestion.expect("a suggestion");
    assert_eq!(s.line, "suggest white queen from h5 to f7");
    assert!(analyze_pgn("1. f3 e5 2. g4 Qh4#", true).suggestion.is_none());
}

fn auto(text: &str) -> Outcome {
    analyze(text, &Options { suggest: false, ..Options::default() })
}

fn course(text: &str) -> Outcome {
    analyze(text, &Options { suggest: false, notation: NotationChoice::Course, ..Options::default() })
}

/// The handout's examples (course-notation.md) still give the course
/// verdicts in Auto mode, the page's default.
#[test]
fn auto_mode_keeps_the_course_verdicts() {
    for (text, expected) in [
        ("e4 e5 f3", "game incomplete"),
        ("e4 d5 exd5", "game incomplete"),
        ("e4 e6 e5 d5 exd6", "game incomplete"),
        ("Nf3 e5 Nxe5", "game incomplete"),
        ("Nf3 d5 Nc3 Qd6 Nd4 e5 Ndb5", "game incomplete"),
        ("e4 d5 Bd3 Nc6 Nf3 Bg4 exd5 Qxd5 0-0 0-0-0", "game incomplete"),
        ("e4 d5 i4", "parse error at character 'i'"),
        ("e4 e5 exd5", "move completion error: white pawn to d5"),
        ("e4 d5 exd5 0-0", "illegal move: black king from e8 to g8"),
    ] {
        assert_eq!(auto(text).message, expected, "{text}");
        assert_eq!(course(text).message, expected, "{text}");
    }
    for line in include_str!("data/course-appendix-games.tsv").lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(auto(f[1]).message, f[2], "{}", f[0]);
        assert_eq!(auto(&format!("{}\n", f[1])).message, f[2], "{}", f[0]);
    }
}

#[test]
fn auto_mode_reads_course_text_as_course_and_everything_else_as_pgn() {
    for text in ["e4 e5 f3", "e4 e5 exd5", "", "  \n", "e4 e5\r\n", "Nf3 d5 Nc3 Qd6 Nd4 e5 Ndb5\n\n"] {
        assert_eq!(auto(text).chess.unwrap().notation, Notation::Course, "{text:?}");
    }
    for text in ["1. e4 e5", "[Event \"x\"]\n1. e4", "e4 e5 Nf3+", "e4 e5\nNf3 Nc6", "e4 d5 ed5"] {
        assert_eq!(auto(text).chess.unwrap().notation, Notation::Pgn, "{text:?}");
    }
    // A second line of moves is read, not silently dropped.
    assert_eq!(auto("e4 e5\nNf3 Nc6").plies.len(), 4);
    // Lenient where the course grammar is strict.
    assert_eq!(auto("e4 d5 ed5").message, "game incomplete");
    assert_eq!(course("e4 d5 ed5").message, "parse error at character 'd'");
}

#[test]
fn auto_mode_keeps_a_course_problem_and_says_when_san_reads_the_text_as_a_legal_game() {
    // Nc3 is pinned: SAN's Ne2 is the g1 knight, the course completes among both knights.
    let text = "e4 e5 d4 Bb4 Nc3 a6 Ne2";
    let o = auto(text);
    assert_eq!(o.message, "move completion error: white knight to e2");
    assert!(o.chess.unwrap().notes.iter().any(|n| n == SAN_READS_IT));
    assert_eq!(course(text).message, o.message);
    // Not when SAN finds a problem too, nor without a problem.
    for text in ["e4 e5 exd5", "e4 d5 exd5 0-0", "e4 e5 f3"] {
        assert!(!auto(text).chess.unwrap().notes.iter().any(|n| n == SAN_READS_IT), "{text}");
    }
}

#[test]
fn chess_analyze_pgn_prints_the_verdict_lines() {
    let exe = env!("CARGO_BIN_EXE_chess-analyze");
    let run = |args: &[&str], input: &str| common::run_program(exe, args, input.as_bytes());
    let (code, out, _) = run(&["--pgn"], include_str!("data/pgn/nasty/11-chesscom-export.pgn"));
    assert_eq!((code, out.as_str()), (0, "white wins by checkmate\n"));
    let (_, out, _) = run(&["--pgn"], include_str!("data/pgn/nasty/08-stalemate.pgn"));
    assert_eq!(out, "draw by stalemate\n");
    let (_, out, _) = run(&["--pgn"], include_str!("data/pgn/nasty/09-illegal-move.pgn"));
    assert_eq!(out, "illegal move: white knight from c3 to d5\n");
    let (_, out, _) = run(&["--pgn"], "[Event \"x\"]\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 1-0\n");
    assert_eq!(out, "game incomplete\nsuggest white queen from h5 to f7\n");
    let (_, out, _) = run(
        &["--pgn"],
        "\u{feff}1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 x",
    );
    assert_eq!(out, "parse error at character 'x'\n");
    // Without --pgn the program stays strict (the course contract).
    let (_, out, _) = run(&[], "e4 d5 ed5\n");
    assert_eq!(out, "parse error at character 'd'\n");
    let (_, out, _) = run(&[], "1. e4\n");
    assert_eq!(out, "parse error at character '1'\n");
    let (code, _, err) = run(&["--pgn", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--pgn"), "{err}");
    // A castling right the board cannot have: --pgn drops it and plays on
    // (as the page does); --fen, a position to judge or count, refuses it.
    let (code, out, _) = run(&["--pgn"], "[FEN \"4k3/8/8/8/8/8/8/4K2R w Kq - 0 1\"]\n1. O-O Kd7 *");
    assert_eq!((code, out.lines().next()), (0, Some("game incomplete")));
    let (code, out, err) = run(&["--fen", "4k3/8/8/8/8/8/8/4K2R w Kq - 0 1"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("black may castle queen side but its king or rook is not on its home square"), "{err}");
}

#[test]
fn a_game_index_past_the_last_game_reads_the_last_and_says_so() {
    let text = "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n";
    for (asked, read, first_move) in [(0, 0, "e4"), (1, 1, "d4"), (2, 1, "d4"), (usize::MAX, 1, "d4")] {
        let o = analyze(
            text,
            &Options { notation: NotationChoice::Pgn, game_index: asked, suggest: false, ..Options::default() },
        );
        let chess = o.chess.as_ref().expect("a PGN outcome");
        assert_eq!((chess.game_index, chess.games_in_text), (read, 2), "asked for game {asked}");
        assert_eq!(o.plies[0].notation, first_move, "asked for game {asked}");
    }
}

#[test]
fn a_fen_tag_with_an_impossible_en_passant_square_or_move_number_zero_is_read_with_a_note() {
    let text = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 0\"]\n\n1. e4 e5 *";
    let o = pgn(text);
    assert_eq!(o.status, Status::Incomplete, "{}", o.message);
    assert_eq!(o.initial.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(o.plies.len(), 2);
    let notes = &o.chess.as_ref().expect("a PGN outcome").notes;
    assert!(
        notes.iter().any(|n| n == "dropped the en passant square e6 of the FEN tag: no pawn has just passed over it"),
        "{notes:?}"
    );
    // A common slip: the pawn's square written for the square it passed over.
    let text = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1\ne5";
    let o = analyze(text, &Options { suggest: false, ..Options::default() });
    assert_eq!(o.status, Status::Incomplete, "{}", o.message);
    assert_eq!(o.plies[0].notation, "e5");
    let notes = &o.chess.as_ref().expect("a FEN outcome").notes;
    assert!(
        notes.iter().any(|n| n == "dropped the en passant square e4 of the FEN: no pawn has just passed over it"),
        "{notes:?}"
    );
}

#[test]
fn moves_may_follow_a_bare_fen_on_its_own_line() {
    let auto = |text: &str| analyze(text, &Options { suggest: false, ..Options::default() });
    let o = auto("4k3/8/8/8/8/8/8/4K2R w K - 0 1 O-O Kd7 2. Rf7+");
    assert_eq!(o.status, Status::Incomplete, "{}", o.message);
    assert_eq!(o.plies.iter().map(|p| p.notation.as_str()).collect::<Vec<_>>(), ["O-O", "Kd7", "Rf7+"]);
    assert_eq!(o.chess.as_ref().map(|c| c.notation), Some(Notation::Fen));
    // An illegal move there is pointed at on that line.
    let text = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 Kd7";
    let o = auto(text);
    assert_eq!(o.status, Status::CompletionError, "{}", o.message);
    assert_eq!(error_text(text, &o), "Kd7");
    // Fewer than six fields: the FEN is the whole line, as before.
    let o = auto("4k3/8/8/8/8/8/8/4K2R w K -\nO-O");
    assert_eq!(o.plies.len(), 1, "{}", o.message);
}

/// Alternatives to a null move are played in place of it, the second after
/// the first's first move, so the spans are asked for out of the text's
/// order. After an accented letter each such step walked the text again
/// from its start: this text (30,000 of them, 1.1 MB) took 26 s.
#[test]
fn spans_asked_out_of_order_point_into_a_long_accented_text() {
    let unit = "(1... -- (1... c5 2. Nf3) (1... d5)) ";
    let text = format!("{{é}} 1. e4 e5 {}*", unit.repeat(30_000));
    let o = pgn(&text);
    assert_eq!(o.status, Status::Incomplete);
    let units: Vec<u16> = text.encode_utf16().collect();
    let written = |start: usize, end: usize| String::from_utf16(&units[start..end]).unwrap();
    let variations = &o.plies[1].variations;
    assert_eq!(variations.len(), 30_000);
    for (i, v) in variations.iter().enumerate() {
        let spans: Vec<String> = v.plies.iter().map(|p| written(p.start, p.end)).collect();
        assert_eq!(spans, ["c5", "Nf3"], "variation {i}");
        let d5 = &v.plies[0].variations[0].plies[0];
        assert_eq!(written(d5.start, d5.end), "d5", "variation {i}");
    }
}

#[test]
fn a_typo_in_a_variation_is_that_variations_problem_and_the_game_goes_on() {
    // It ended the game there: the main line after it was lost, and the
    // verdict was a parse error of a move the game does not play.
    let text = "1. e4 e5 2. Nf3 (2. Bc4 Nf6 3. Qf9 Nc6 (3... d5)) 2... Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1";
    let o = pgn(text);
    assert_eq!((o.status, o.message.as_str()), (Status::Checkmate, "black wins by checkmate"));
    assert_eq!(o.plies.len(), 14);
    let variation = &o.plies[2].variations[0];
    assert_eq!(variation.plies.iter().map(|p| p.notation.as_str()).collect::<Vec<_>>(), ["Bc4", "Nf6"]);
    let e = variation.error.as_ref().expect("the variation's error");
    assert_eq!((e.ply, e.character.as_deref()), (2, Some("9")));
    assert_eq!(js_slice(text, e.start, e.end), "9");
    assert_eq!(e.reason, "expected a rank 1-8 but found '9'");
    // Before the variation's first move, and past an accented comment (UTF-16 offsets).
    let text = "1. e4 {é} e5 (1... {où?} @ 1... c5) 2. Nf3 *";
    let o = pgn(text);
    assert_eq!((o.status, o.plies.len()), (Status::Incomplete, 3));
    let e = o.plies[1].variations[0].error.as_ref().expect("the variation's error");
    assert_eq!((e.ply, js_slice(text, e.start, e.end).as_str()), (0, "@"));
}

/// A letter that looks Latin but is not (a Cyrillic е from a Russian
/// keyboard layout) is named, and what it looks like: "found 'е'" read as
/// nonsense. The course program's own line names the character alone.
#[test]
fn a_lookalike_letter_is_named_in_the_parse_error() {
    for (text, found) in [
        ("1. е4 е5", "the Cyrillic letter е (U+0435), which looks like the Latin e"),
        ("1. e4 e5 2. Νf3", "the Greek capital letter Ν (U+039D), which looks like the Latin N"),
        ("1. e４", "the full-width digit ４ (U+FF14), which looks like 4"),
    ] {
        let o = pgn(text);
        let reason = &o.error.as_ref().unwrap().reason;
        assert!(reason.ends_with(&format!("but found {found}")), "{text}: {reason}");
    }
    // The course notation, from the same words.
    let o = analyze("е4 е5", &Options { suggest: false, notation: NotationChoice::Course, ..Options::default() });
    assert_eq!(o.message, "parse error at character 'е'");
    assert_eq!(
        o.error.unwrap().reason,
        "expected a move (a file a-h, a piece letter K Q R B N, or O-O) but found the Cyrillic letter е (U+0435), which looks like the Latin e"
    );
}

/// A drawing command that does not read is left in the comment's words, and
/// a note says it was not drawn, naming a look-alike letter in it.
#[test]
fn a_drawing_command_that_does_not_read_is_said_not_drawn() {
    let o = pgn("1. e4 { [%cal Gе2e4] } e5 { [%csl Rd5] } *");
    assert_eq!(o.plies[0].comments, ["[%cal Gе2e4]"]);
    assert!(o.plies[0].shapes.is_empty());
    assert_eq!(o.plies[1].shapes.len(), 1);
    assert_eq!(
        o.chess.unwrap().notes,
        ["did not draw \"[%cal Gе2e4]\" at line 1, column 9: it holds the Cyrillic letter е (U+0435), which looks like the Latin e"]
    );
    let o = pgn("1. e4 e5 (1... c5 { [%csl Xd5] }) *");
    assert_eq!(
        o.chess.unwrap().notes,
        ["did not draw \"[%csl Xd5]\" at line 1, column 21: a marked square is a colour (G, R, Y or B) and a square, such as Gd5"]
    );
}
