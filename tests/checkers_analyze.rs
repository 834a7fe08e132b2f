//! The library behind the page: `analyze`, `suggest`, the position text
//! form, the rules' reasons, and properties over arbitrary input.
#![cfg(feature = "all-games")]

use analysis_board::checkers::rank::{best_move, rank_moves};
use analysis_board::checkers::{
    analyze, exchange_file, read_fen, read_file, suggest, suggest_fen, write_fen, Board, CaptureRule, Color, Illegal,
    Jumps, Kind, Orientation, Piece, Position, Rules, Square, SUGGESTION_DEPTH,
};
use analysis_board::game::GameKind;
use analysis_board::outcome::{Reason, Status};
use analysis_board::snapshot::Side;
use proptest::prelude::*;

mod common;

const START_FEN: &str = "1b1b1b1b/b1b1b1b1/1b1b1b1b/8/8/r1r1r1r1/1r1r1r1r/r1r1r1r1 r nocapture multiple";
const START_CELLS: &str = ".b.b.b.bb.b.b.b..b.b.b.b................r.r.r.r..r.r.r.rr.r.r.r.";

fn sq(name: &str) -> Square {
    Square::parse(name.as_bytes()).unwrap()
}

#[test]
fn a_list_of_moves_from_the_start() {
    let text = "c3->d4 f6->e5 d4->f6";
    let outcome = analyze(text);
    assert_eq!(outcome.game, GameKind::Checkers);
    assert_eq!(outcome.status, Status::Incomplete);
    assert_eq!(outcome.message, "All moves are legal");
    assert_eq!(outcome.initial.cells, START_CELLS);
    assert_eq!(outcome.initial.fen, START_FEN);
    assert_eq!(outcome.initial.side_to_move, Some(Side::Red));
    assert_eq!((outcome.initial.width, outcome.initial.height), (8, 8));
    assert_eq!(outcome.plies.len(), 3);
    let jump = &outcome.plies[2];
    assert_eq!((jump.notation.as_str(), jump.from.as_str(), jump.to.as_str()), ("d4->f6", "d4", "f6"));
    assert_eq!((jump.piece, jump.captured.as_slice(), jump.promotion), ('r', ['b'].as_slice(), None));
    assert_eq!((jump.start, jump.end), (14, 20));
    assert_eq!(&text[jump.start..jump.end], "d4->f6");
    assert_eq!(jump.snapshot.side_to_move, Some(Side::Black));
    assert_eq!(jump.snapshot.fen, "1b1b1b1b/b1b1b1b1/1b1b1r1b/8/8/r3r1r1/1r1r1r1r/r1r1r1r1 b nocapture multiple");
    assert!(outcome.plies[0].captured.is_empty());
    let suggestion = outcome.suggestion.expect("a suggestion");
    assert_eq!(suggestion.reason, Reason::Strategy);
    assert_eq!(suggestion.line, format!("suggest black {}", suggestion.notation));
    // The red pawn on f6 is trapped: looking 6 moves ahead every black
    // move scores 0, and among equals the first alphabetically is chosen,
    // as rankmoves lists them.
    assert_eq!(suggestion.notation, "b6->a5");
    assert_eq!((suggestion.from.as_str(), suggestion.to.as_str(), suggestion.piece), ("b6", "a5", 'b'));
    assert!(outcome.error.is_none() && outcome.unplayed.is_empty());
}

#[test]
fn an_empty_text_is_the_start_position() {
    let outcome = analyze("  # nothing yet\n");
    assert_eq!(outcome.status, Status::Incomplete);
    assert!(outcome.plies.is_empty());
    let suggestion = outcome.suggestion.expect("red can move");
    assert!(suggestion.line.starts_with("suggest red "));
    assert_eq!(suggestion.piece, 'r');
}

#[test]
fn the_first_illegal_move_and_the_rest_unplayed() {
    let text = "c3->d4 f6->e5\nd4->e5 e5->f4 g3->h4";
    let outcome = analyze(text);
    assert_eq!(outcome.status, Status::IllegalMove);
    assert_eq!(outcome.message, "Move 3 is illegal: d4->e5");
    assert_eq!(outcome.plies.len(), 2);
    let error = outcome.error.expect("error");
    assert_eq!(error.ply, 2);
    assert_eq!(&text[error.start..error.end], "d4->e5");
    assert_eq!((error.from.as_deref(), error.to.as_deref()), (Some("d4"), Some("e5")));
    assert_eq!(error.reason, "e5 is not empty");
    let unplayed: Vec<&str> = outcome.unplayed.iter().map(|u| u.notation.as_str()).collect();
    assert_eq!(unplayed, ["e5->f4", "g3->h4"]);
    assert_eq!(&text[outcome.unplayed[1].start..outcome.unplayed[1].end], "g3->h4");
    assert!(outcome.suggestion.is_none());
}

#[test]
fn spans_count_utf16_code_units() {
    let text = "# café 😀\nc3->d4 c3->d4";
    let outcome = analyze(text);
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let error = outcome.error.expect("the second c3->d4 moves a black piece... or nothing");
    assert_eq!(String::from_utf16_lossy(&utf16[error.start..error.end]), "c3->d4");
    assert_eq!(error.start, 17);
    assert_eq!(error.reason, "there is no piece on c3 for black to move");
    let ply = &outcome.plies[0];
    assert_eq!(String::from_utf16_lossy(&utf16[ply.start..ply.end]), "c3->d4");
}

#[test]
fn syntax_errors_give_the_course_message_and_the_span() {
    let text = "c3->d4 f6-e5";
    let outcome = analyze(text);
    assert_eq!(outcome.status, Status::ParseError);
    assert_eq!(outcome.message, "Error near line 1: malformed move 'f6-e5'");
    let error = outcome.error.expect("error");
    assert_eq!(&text[error.start..error.end], "f6-e5");
    assert_eq!(error.character.as_deref(), Some("f"));
    assert_eq!(error.reason, "malformed move 'f6-e5'");
    assert!(outcome.plies.is_empty(), "nothing is played before the whole text is read");

    let outcome = analyze("RULES: capture\nsingle jumps\nTURN: green");
    assert_eq!(outcome.message, "Error near line 3: expecting 'red' or 'black'");
    let error = outcome.error.expect("error");
    assert_eq!((error.start, error.end), (34, 39));

    let outcome = analyze("hello");
    assert_eq!(outcome.message, "Error near line 1: expecting 'RULES:'");
}

#[test]
fn a_move_that_cannot_be_read_is_shown_on_the_files_own_board() {
    // Two pieces, black to move: the page showed the standard start instead.
    let board = "\"r\".\".\".\n.\".\".\".\"\n\".\".\".\".\n.\".\".\".\"\n\".\".\".\".\n.\".\".\".\"\n\".\".\".\".\nb\".\".\".\"";
    let text = format!("RULES: capture single jumps\nTURN: black\nBOARD:\n{board}\nMOVES:\na1->b2 zz\n");
    let outcome = analyze(&text);
    assert_eq!(outcome.message, "Error near line 13: malformed move 'zz'");
    assert!(outcome.plies.is_empty(), "nothing is played before the whole text is read");
    assert_eq!(outcome.initial.fen.to_string(), "1r6/8/8/8/8/8/8/b7 b capture single");
    assert_eq!(outcome.initial.side_to_move, Some(Side::Black));
    // An error before the board is read: no board to show but the start.
    assert_eq!(analyze("RULES: capture\nTURN: red").initial.fen.to_string(), START_FEN);
}

#[test]
fn a_course_file_with_its_illegal_move() {
    let path = common_data("games/bawarren-input-file.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let outcome = analyze(&text);
    assert_eq!(outcome.status, Status::IllegalMove);
    assert_eq!(outcome.message, "Move 56 is illegal: e3->f2");
    assert_eq!(outcome.plies.len(), 55);
    assert_eq!(outcome.unplayed.len(), 102 - 56);
    assert_eq!(outcome.initial.side_to_move, Some(Side::Black));
    let error = outcome.error.expect("error");
    assert_eq!(error.reason, "the piece on e3 is a black pawn, and it is red's turn");
    // Crowning shows in the ply: red's g7->f8 (move 34) makes a king.
    let crowned: Vec<(&str, Option<char>)> =
        outcome.plies.iter().filter(|p| p.promotion.is_some()).map(|p| (p.notation.as_str(), p.promotion)).collect();
    assert!(crowned.contains(&("g7->f8", Some('R'))), "{crowned:?}");
    assert!(crowned.contains(&("e3->g1", Some('B'))), "{crowned:?}");
}

fn common_data(rel: &str) -> std::path::PathBuf {
    common::shared_data().join("checkers").join(rel)
}

#[test]
fn no_move_left_is_a_win() {
    // Black's last pawn is taken: black cannot move, red has won.
    let text = "RULES: no capture single jumps TURN: red BOARD:\n\
                \"b\".\".\".\n.\".\".\".\"\n\".\".\".\".\n.\".\".\".\"\n\".\".\".\".\n.\".\".\".\"\n\".\".\".\".\nr\".\".\".\"\n\
                MOVES: a1->b2";
    let outcome = analyze(text);
    assert_eq!(outcome.status, Status::Incomplete, "{}", outcome.message);
    let text = text.replace("\"b\".", "\".\".").replace("MOVES: a1->b2", "MOVES:");
    let outcome = analyze(&text.replacen("TURN: red", "TURN: black", 1));
    assert_eq!(outcome.status, Status::Win);
    assert_eq!(outcome.winner, Some(Side::Red));
    assert_eq!(outcome.message, "Player black has no moves available.");
    assert!(outcome.suggestion.is_none());
}

#[test]
fn every_illegal_kind_has_its_reason() {
    // The position of `checkers_change::every_kind_of_illegal_move`.
    let board = "8/2b1b3/5r2/2b1b3/3r4/2r5/5r2/4r3";
    let cases: [(&str, &str, Illegal); 16] = [
        ("nocapture single", "a1->b2", Illegal::NoPiece { square: sq("a1"), turn: Color::Red }),
        (
            "nocapture single",
            "e5->f4",
            Illegal::NotYours { square: sq("e5"), piece: Piece::new(Color::Black, Kind::Pawn), turn: Color::Red },
        ),
        ("nocapture single", "d4->b6->d8", Illegal::SingleJumpsOnly),
        ("nocapture single", "d4->d5", Illegal::NotDiagonal { from: sq("d4"), to: sq("d5") }),
        ("nocapture single", "d4->g7", Illegal::NotDiagonal { from: sq("d4"), to: sq("g7") }),
        ("nocapture single", "d4->d4", Illegal::NotDiagonal { from: sq("d4"), to: sq("d4") }),
        (
            "nocapture single",
            "d4->e3",
            Illegal::Backwards { piece: Piece::new(Color::Red, Kind::Pawn), from: sq("d4"), to: sq("e3") },
        ),
        (
            "nocapture single",
            "f6->h4",
            Illegal::Backwards { piece: Piece::new(Color::Red, Kind::Pawn), from: sq("f6"), to: sq("h4") },
        ),
        ("nocapture single", "d4->e5", Illegal::Occupied { square: sq("e5") }),
        (
            "nocapture single",
            "c3->a5",
            Illegal::NothingToJump { from: sq("c3"), to: sq("a5"), piece: Piece::new(Color::Red, Kind::Pawn) },
        ),
        (
            "nocapture single",
            "e1->g3",
            Illegal::NothingToJump { from: sq("e1"), to: sq("g3"), piece: Piece::new(Color::Red, Kind::Pawn) },
        ),
        ("nocapture multiple", "d4->b6->a7", Illegal::StepInChain { from: sq("b6"), to: sq("a7") }),
        ("nocapture multiple", "c3->b4->a5", Illegal::StepInChain { from: sq("c3"), to: sq("b4") }),
        ("nocapture multiple", "f6->d8->b6", Illegal::CrownedMidChain { square: sq("d8") }),
        ("capture single", "c3->b4", Illegal::MustCapture { turn: Color::Red }),
        ("capture multiple", "e1->d2", Illegal::MustCapture { turn: Color::Red }),
    ];
    for (rules, mv, expected) in cases {
        let position = read_fen(&format!("{board} r {rules}")).unwrap();
        let squares: Vec<Square> = mv.split("->").map(sq).collect();
        assert_eq!(position.check_move(&squares), Err(expected.clone()), "{mv}");
        // The reason is a plain sentence naming the squares involved.
        let reason = expected.to_string();
        assert!(!reason.is_empty() && !reason.contains("Illegal"), "{reason}");
    }
    let position = read_fen(&format!("{board} r nocapture single")).unwrap();
    assert_eq!(position.check_move(&[sq("d4")]), Err(Illegal::TooShort));
    assert_eq!(position.check_move(&[]), Err(Illegal::TooShort));
}

#[test]
fn suggestion_is_the_best_ranked_move() {
    for fen in [
        START_FEN,
        "8/8/1b1b1b2/8/1b1b1b2/8/1b1b1b2/6R1 r nocapture multiple",
        "8/4B3/8/2B1R3/5b2/4R3/8/8 r nocapture single",
        "8/2b1b3/5r2/2b1b3/3r4/2r5/5r2/4r3 b capture multiple",
    ] {
        let position = read_fen(fen).unwrap();
        let ranked = rank_moves(&position, SUGGESTION_DEPTH);
        let top = ranked.iter().map(|(_, s)| *s).max().unwrap();
        let first_best = ranked.iter().find(|(_, s)| *s == top).unwrap();
        assert_eq!(best_move(&position, SUGGESTION_DEPTH).as_ref(), Some(first_best), "{fen}");
        let suggestion = suggest(&position).unwrap();
        assert_eq!(suggestion.notation, first_best.0.to_string(), "{fen}");
        assert_eq!(suggest_fen(fen).unwrap(), Some(suggestion));
    }
}

#[test]
fn suggestion_marks_a_crowning_move() {
    let suggestion = suggest_fen("8/2r5/8/8/8/6b1/8/8 r nocapture single").unwrap().unwrap();
    assert_eq!((suggestion.piece, suggestion.promotion), ('r', Some('R')));
    assert_eq!(suggestion.to.chars().nth(1), Some('8'));
}

#[test]
fn fen_round_trips_and_rejects_nonsense() {
    let flipped = "b1b1b1b1/1b1b1b1b/b1b1b1b1/8/8/1r1r1r1r/r1r1r1r1/1r1r1r1r b capture single flipped";
    for fen in [START_FEN, flipped, "8/8/8/8/8/8/8/8 r capture multiple"] {
        let position = read_fen(fen).unwrap();
        assert_eq!(write_fen(&position), fen);
    }
    assert_eq!(read_fen(flipped).unwrap().board.orientation(), Orientation::Flipped);
    for bad in [
        "",
        START_FEN.replace(" r ", " x ").as_str(),
        START_FEN.replace("nocapture", "capture?").as_str(),
        START_FEN.replace("multiple", "double").as_str(),
        &format!("{START_FEN} upside-down"),
        &START_FEN.replace("/8/8/", "/8/"),
        &START_FEN.replace("1b1b1b1b/b", "b1b1b1b1/b"),
        &START_FEN.replace("/8/8/", "/9/8/"),
        &START_FEN.replace("/8/8/", "/1x6/8/"),
    ] {
        assert!(read_fen(bad).is_err(), "{bad}");
    }
}

#[test]
fn exchange_file_for_the_page_reads_back() {
    let fen = "8/2b1b3/5r2/2b1b3/3r4/2r5/5r2/4R3 b capture multiple";
    let text = exchange_file(fen).unwrap();
    assert!(text.starts_with(
        "#\n# Exported from the analysis board\n#\n\nRULES:\n  capture\n  multiple jumps\nTURN:\n  black\n"
    ));
    let file = read_file(text.as_bytes()).unwrap();
    assert_eq!(write_fen(&file.position), fen);
    assert!(file.moves.is_empty());
    assert!(exchange_file("nonsense").is_err());
}

// ---------------------------------------------------------------------------
// Properties.

fn arb_position() -> impl Strategy<Value = Position> {
    let cells = proptest::collection::vec(0u8..9, 32);
    (cells, any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(cells, red, capture, multiple, flipped)| {
            let orientation = if flipped { Orientation::Flipped } else { Orientation::Standard };
            let mut board = Board::empty(orientation);
            let dark = Square::all().filter(|&s| board.is_dark(s)).collect::<Vec<_>>();
            for (square, cell) in dark.into_iter().zip(cells) {
                // Half the squares empty, the rest any piece.
                if let Some(piece) = b"....rRbBr".get(cell as usize).and_then(|&l| Piece::from_letter(l)) {
                    board.put(square, piece).unwrap();
                }
            }
            Position {
                board,
                turn: if red { Color::Red } else { Color::Black },
                rules: Rules {
                    capture: if capture { CaptureRule::Capture } else { CaptureRule::NoCapture },
                    jumps: if multiple { Jumps::Multiple } else { Jumps::Single },
                },
            }
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn analyze_never_panics_on_any_text(text in ".{0,400}") {
        let outcome = analyze(&text);
        prop_assert_eq!(outcome.game, GameKind::Checkers);
    }

    #[test]
    fn reader_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Err(error) = read_file(&bytes) {
            prop_assert!(error.span.start <= error.span.end && error.span.end <= bytes.len());
            // A line ends at LF, CR LF or a lone CR (a Windows or an old Mac file).
            let before = String::from_utf8_lossy(&bytes[..error.span.start]).replace("\r\n", "\n").replace('\r', "\n");
            prop_assert_eq!(error.line, before.matches('\n').count() + 1);
        }
    }

    #[test]
    fn analyze_never_panics_on_near_files(
        header in prop::sample::select(vec!["RULES: capture single jumps TURN: red BOARD:", "RULES: no capture multiple jumps TURN: black BOARD:"]),
        board in "[\"\\.rRbB|\\-+ \n#]{0,90}",
        moves in "([a-i][0-9](->[a-h][1-9]){1,3}[ \n]){0,10}",
    ) {
        let text = format!("{header}{board}MOVES:{moves}");
        let outcome = analyze(&text);
        prop_assert_eq!(outcome.game, GameKind::Checkers);
        prop_assert!(!outcome.message.is_empty());
        let len = text.encode_utf16().count();
        for p in &outcome.plies {
            prop_assert!(p.start < p.end && p.end <= len, "ply {:?} outside {:?}", p, text);
        }
        for u in &outcome.unplayed {
            prop_assert!(u.start < u.end && u.end <= len, "unplayed {:?} outside {:?}", u, text);
        }
        match &outcome.error {
            Some(e) => {
                prop_assert!(outcome.status.is_error(), "{:?}", outcome.status);
                prop_assert!(e.start <= e.end && e.end <= len, "error {:?} outside {:?}", e, text);
                prop_assert_eq!(e.ply, outcome.plies.len());
                prop_assert!(!e.reason.is_empty());
            }
            None => {
                prop_assert!(!outcome.status.is_error(), "{:?} without an error", outcome.status);
                prop_assert!(outcome.unplayed.is_empty());
            }
        }
    }

    #[test]
    fn move_lists_account_for_every_move(moves in proptest::collection::vec(("[a-h][1-8]", "[a-h][1-8]"), 0..30)) {
        let text: Vec<String> = moves.iter().map(|(a, b)| format!("{a}->{b}")).collect();
        let outcome = analyze(&text.join(" "));
        let illegal = usize::from(outcome.status == Status::IllegalMove);
        prop_assert_eq!(outcome.plies.len() + illegal + outcome.unplayed.len(), moves.len());
        prop_assert!(outcome.status != Status::ParseError);
    }

    #[test]
    fn generated_moves_are_exactly_the_legal_ones(position in arb_position()) {
        let moves = position.legal_moves();
        prop_assert_eq!(position.has_moves(position.turn), !moves.is_empty());
        for mv in &moves {
            let played = position.check_move(mv.squares());
            prop_assert!(played.is_ok(), "{} refused: {:?}", mv, played);
            prop_assert_eq!(played.unwrap().position, position.play(mv));
        }
        // Every move the checker accepts is generated: steps, jumps and
        // chains. Every prefix of a legal chain is legal (a chain may stop
        // anywhere), so growing accepted paths one jump at a time finds them all.
        let mut accepted: Vec<Vec<Square>> = Vec::new();
        let mut growing: Vec<Vec<Square>> = Square::all().map(|s| vec![s]).collect();
        while let Some(path) = growing.pop() {
            let end = path[path.len() - 1];
            for (df, dr) in [(-2i8, -2i8), (-1, -1), (1, 1), (2, 2), (-2, 2), (-1, 1), (1, -1), (2, -2)] {
                // After the first jump only jumps continue a chain.
                if path.len() > 1 && df.abs() == 1 {
                    continue;
                }
                let Some(to) = end.offset(df, dr) else { continue };
                let mut next = path.clone();
                next.push(to);
                if position.check_move(&next).is_ok() {
                    if df.abs() == 2 {
                        growing.push(next.clone());
                    }
                    accepted.push(next);
                }
            }
        }
        let mut generated: Vec<Vec<Square>> = moves.iter().map(|m| m.squares().to_vec()).collect();
        generated.sort();
        accepted.sort();
        prop_assert_eq!(generated, accepted);
    }

    #[test]
    fn exchange_and_fen_read_back(position in arb_position()) {
        let fen = write_fen(&position);
        prop_assert_eq!(read_fen(&fen), Ok(position.clone()));
        let text = exchange_file(&fen).unwrap();
        let file = read_file(text.as_bytes());
        prop_assert_eq!(file.map(|f| f.position), Ok(position));
    }
}
