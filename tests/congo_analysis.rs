//! `congo::analyze`: the Outcome the page draws from a pasted game.
#![cfg(feature = "all-games")]

use analysis_board::congo::{analyze, analyze_with, suggest, SuggestError};
use analysis_board::game::GameKind;
use analysis_board::outcome::{Reason, Status};
use analysis_board::snapshot::Side;

/// The UTF-16 offset of the first `needle` in `text` (as JavaScript counts).
fn utf16_at(text: &str, needle: &str) -> usize {
    let byte = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in {text:?}"));
    text[..byte].encode_utf16().count()
}

#[test]
fn an_empty_text_is_the_start_position_with_a_suggestion() {
    let o = analyze(" \n");
    assert_eq!(o.game, GameKind::Congo);
    assert_eq!(o.status, Status::Incomplete);
    assert_eq!(o.message, "Continue");
    assert_eq!(o.winner, None);
    assert_eq!(o.initial.fen, "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0");
    assert_eq!((o.initial.width, o.initial.height), (7, 7));
    assert_eq!(o.initial.cells, "gmeleczppppppp.....................PPPPPPPGMELECZ");
    assert_eq!(o.initial.side_to_move, Some(Side::White));
    assert_eq!(o.initial.check, None);
    assert!(o.plies.is_empty() && o.error.is_none() && o.unplayed.is_empty());
    let s = o.suggestion.expect("a suggestion");
    assert_eq!((s.reason, s.mate_in), (Reason::Strategy, None));
    assert!(s.line.starts_with("suggest white "), "{}", s.line);
    assert_eq!(s.notation, format!("{}{}", s.from, s.to));
    // The same answer every time, and from `suggest`.
    assert_eq!(suggest("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"), Ok(s));
}

#[test]
fn plies_carry_their_span_and_the_position_after() {
    // Separated by an ideographic space, a no-break space and a newline:
    // spans count UTF-16 units, as JavaScript does.
    let text = "d2d3\u{3000}d6d5\u{a0}\n g1f3 ";
    let o = analyze_with(text, None);
    assert_eq!((o.status, o.message.as_str()), (Status::Incomplete, "Continue"));
    assert_eq!(o.plies.len(), 3);
    let p = &o.plies[0];
    assert_eq!((p.notation.as_str(), p.from.as_str(), p.to.as_str(), p.piece), ("d2d3", "d2", "d3", 'P'));
    assert_eq!((p.captured.as_slice(), p.promotion), ([].as_slice(), None));
    assert_eq!((p.start, p.end), (0, 4));
    assert_eq!(p.snapshot.fen, "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0");
    assert_eq!(p.snapshot.side_to_move, Some(Side::Black));
    let p = &o.plies[1];
    assert_eq!((p.start, p.end, p.piece), (5, 9, 'p'));
    assert_eq!(p.snapshot.fen, "gmelecz/ppp1ppp/3p3/7/3P3/PPP1PPP/GMELECZ w 1");
    let p = &o.plies[2];
    assert_eq!((p.start, p.end, p.piece), (12, 16, 'Z'));
    assert_eq!(p.start, utf16_at(text, "g1f3"));
    assert_eq!(p.snapshot.fen, "gmelecz/ppp1ppp/3p3/7/3P1Z1/PPP1PPP/GMELEC1 b 1");
    let cells = ["gmelecz", "ppp.ppp", "...p...", ".......", "...P.Z.", "PPP.PPP", "GMELEC."].concat();
    assert_eq!(p.snapshot.cells, cells);
}

#[test]
fn a_malformed_move_is_a_parse_error_with_its_span() {
    let text = "d2d3 😀 d6d5 d1d2";
    let o = analyze_with(text, None);
    assert_eq!(o.status, Status::ParseError);
    assert_eq!(o.plies.len(), 1);
    let e = o.error.expect("an error");
    assert_eq!((e.ply, e.start, e.end), (1, 5, 7));
    assert_eq!(e.character.as_deref(), Some("😀"));
    assert_eq!((e.from, e.to), (None, None));
    assert_eq!(e.reason, "'😀' is not a file (a to g); a move is written like d2d3");
    assert_eq!(o.message, "malformed move \"😀\": '😀' is not a file (a to g); a move is written like d2d3");
    let unplayed: Vec<_> = o.unplayed.iter().map(|u| (u.notation.as_str(), u.start, u.end)).collect();
    assert_eq!(unplayed, [("d6d5", 8, 12), ("d1d2", 13, 17)]);
    assert!(o.suggestion.is_none());
}

#[test]
fn an_illegal_move_names_the_move_and_why() {
    let text = "é d2d3";
    assert_eq!(analyze_with(text, None).error.unwrap().character.as_deref(), Some("é"));
    let text = "d2d3 d7d4 d6d5";
    let o = analyze_with(text, None);
    assert_eq!(o.status, Status::IllegalMove);
    let e = o.error.clone().expect("an error");
    assert_eq!((e.ply, e.start, e.end), (1, 5, 9));
    assert_eq!((e.from.as_deref(), e.to.as_deref(), e.character), (Some("d7"), Some("d4"), None));
    assert_eq!(e.reason, "the lion may not leave its castle");
    assert_eq!(o.message, "illegal move d7d4: the lion may not leave its castle");
    assert_eq!(o.unplayed.len(), 1);
    assert_eq!(o.last_snapshot().fen, "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0");
}

#[test]
fn a_bad_fen_points_at_the_character() {
    let text = "  3l3/7/7/7/7/7/3Lé3 w 0\nd1d2";
    let o = analyze_with(text, None);
    assert_eq!(o.status, Status::ParseError);
    let e = o.error.expect("an error");
    assert_eq!((e.ply, e.start, e.end), (0, 18, 19));
    assert_eq!(e.character.as_deref(), Some("é"));
    assert_eq!(
        o.message,
        "invalid FEN at character 17: 'é' is not a piece letter (P S G M E L C Z, lower case for Black), a digit 1 to 7 or /"
    );
    assert_eq!(o.unplayed.len(), 1);
    assert_eq!(o.unplayed[0].start, utf16_at(text, "d1d2"));
    // A problem at the end of the FEN has an empty span there.
    let o = analyze_with("3l3/7/7/7/7/7/3L3 w", None);
    let e = o.error.expect("an error");
    assert_eq!((e.start, e.end, e.character), (19, 19, None));
    // A position problem points at the piece.
    let o = analyze_with("3l3/7/7/7/7/7/L6 w 0", None);
    let e = o.error.expect("an error");
    assert_eq!((e.start, e.end, e.reason.as_str()), (14, 15, "the white lion on a1 stands outside its castle"));
}

#[test]
fn capturing_the_lion_wins_and_ends_the_game() {
    // (With nothing but the lions it would already be a draw.)
    let text = "3l3/7/7/7/7/6P/3L3 w 0\r\nd1d7";
    let o = analyze(text);
    // Facing lions: the side to move's lion is attacked.
    assert_eq!(o.initial.check.as_deref(), Some("d1"));
    assert_eq!((o.status, o.winner, o.message.as_str()), (Status::Win, Some(Side::White), "White wins"));
    let p = &o.plies[0];
    assert_eq!((p.piece, p.captured.as_slice()), ('L', ['l'].as_slice()));
    assert_eq!(p.snapshot.fen, "3L3/7/7/7/7/6P/7 b 0");
    assert_eq!(p.snapshot.check, None);
    assert!(o.suggestion.is_none());

    let o = analyze_with("3l3/7/7/7/7/6P/3L3 w 0\nd1d7 d7d6", None);
    assert_eq!(o.status, Status::IllegalMove);
    assert_eq!(o.error.unwrap().reason, "the game is over: white has captured the enemy lion");
    assert_eq!(o.message, "illegal move d7d6: the game is over: white has captured the enemy lion");
}

#[test]
fn each_ply_names_the_pieces_the_river_took() {
    let drowned = |text: &str| -> Vec<Vec<(char, String)>> {
        let o = analyze_with(text, None);
        assert!(o.error.is_none(), "{text}");
        o.plies.iter().map(|p| p.drowned.iter().map(|d| (d.piece, d.square.to_string())).collect()).collect()
    };
    // The crocodile enters the river; the pawn already in it drowns.
    assert_eq!(drowned("3l3/7/7/P6/7/2C4/3L3 w 0\nc2c4"), [[('P', "a4".to_string())]]);
    // A monkey that jumps from the river into the river drowns itself; its capture stands.
    let o = analyze_with("3l3/7/7/1Mp4/7/7/3L3 w 0\nb4d4", None);
    assert_eq!(o.plies[0].captured, ['p']);
    assert_eq!(drowned("3l3/7/7/1Mp4/7/7/3L3 w 0\nb4d4"), [[('M', "d4".to_string())]]);
    // Several at once, in the order of their squares; the mover's alone.
    assert_eq!(
        drowned("3l3/7/7/PP4S/7/7/3L3 w 0\nd1d2"),
        [[('P', "a4".to_string()), ('P', "b4".to_string()), ('S', "g4".to_string())]]
    );
    assert_eq!(drowned("3l3/7/7/p6/7/7/3L3 w 0\nd1d2"), [Vec::<(char, String)>::new()]);
    // Nothing drowned: nothing said.
    assert_eq!(drowned("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\ne2e3"), [Vec::<(char, String)>::new()]);
}

#[test]
fn only_the_two_lions_left_is_a_draw() {
    // White's pawn drowns in the river when White moves its lion; the
    // lions (c2, d7) share no open line, so Black cannot take White's.
    let o = analyze("3l3/7/7/P6/7/7/3L3 w 0\nd1c2");
    assert_eq!((o.status, o.winner, o.message.as_str()), (Status::Draw, None, "Draw: only the two lions are left"));
    assert!(o.suggestion.is_none());
    let o = analyze_with("3l3/7/7/P6/7/7/3L3 w 0\nd1c2 d7d6", None);
    assert_eq!(o.error.unwrap().reason, "the game is over: only the two lions are left");
}

#[test]
fn only_the_two_lions_left_goes_on_while_the_side_to_move_can_take_the_other() {
    // spec/congo.md: "with only the two lions left it is a draw, unless the
    // side to move can capture the other lion (then the game goes on and
    // that capture wins)". After d1d2 the lions face each other on the open
    // d-file.
    let o = analyze("3l3/7/7/P6/7/7/3L3 w 0\nd1d2");
    assert_eq!((o.status, o.message.as_str()), (Status::Incomplete, "Continue"));
    assert_eq!(o.suggestion.map(|s| s.notation), Some("d7d2".to_string()));
    let o = analyze_with("3l3/7/7/P6/7/7/3L3 w 0\nd1d2 d7d2", None);
    assert_eq!((o.status, o.winner, o.message.as_str()), (Status::Win, Some(Side::Black), "Black wins"));
    // Not taking is a move like any other: the game goes on while a capture
    // stays possible (here White's, along the d-file).
    let o = analyze_with("3l3/7/7/P6/7/7/3L3 w 0\nd1d2 d7d6", None);
    assert_eq!((o.status, o.message.as_str()), (Status::Incomplete, "Continue"));
}

#[test]
fn promotion_and_monkey_jumps_in_plies() {
    let o = analyze_with("3l3/P6/7/7/7/7/3L3 w 0\na6a7", None);
    let p = &o.plies[0];
    assert_eq!((p.piece, p.promotion), ('P', Some('S')));
    assert!(p.snapshot.cells.starts_with("S..l..."));

    let o = analyze_with("3l3/7/2p1p2/3p3/3M3/7/3L3 w 0\nd3d5b5", None);
    let p = &o.plies[0];
    assert_eq!((p.notation.as_str(), p.from.as_str(), p.to.as_str()), ("d3d5b5", "d3", "b5"));
    assert_eq!((p.piece, p.captured.as_slice()), ('M', ['p', 'p'].as_slice()));
}

#[test]
fn suggest_takes_the_lion_when_it_can() {
    let s = suggest("3l3/7/7/7/7/6P/3L3 w 0").unwrap();
    assert_eq!((s.from.as_str(), s.to.as_str(), s.piece), ("d1", "d7", 'L'));
    assert_eq!(s.line, "suggest white lion from d1 to d7");
    // Other moves win too (the lion stays attacked); the capture comes first.
    let s = suggest("3l3/7/7/7/1P5/7/3L3 b 3").unwrap();
    assert_eq!(s.notation, "d7d1");
    assert!(matches!(suggest("3L3/7/7/7/7/7/7 b 4"), Err(SuggestError::GameOver(_))));
    assert!(matches!(suggest("3l3/7/7/7/7/7/3L3 w"), Err(SuggestError::Fen(_))));
}
