//! Congo rules the course data leaves out: the diagonal lion capture, the
//! crocodile, the monkey, the elephant, drowning several pieces, and why a
//! move or a FEN is refused.
#![cfg(feature = "all-games")]

use analysis_board::congo::{Move, Position, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays `mv` on `fen`: the resulting FEN, or why it is illegal.
fn play(fen: &str, mv: &str) -> Result<String, String> {
    let mv = Move::parse(mv).map_err(|e| e.to_string())?;
    pos(fen).play(&mv).map(|p| p.position.fen()).map_err(|e| e.to_string())
}

/// The legal moves of the piece on `from`, sorted as strings.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let mut moves: Vec<String> =
        pos(fen).moves_from(Square::parse(from).unwrap()).iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

fn list(moves: &str) -> Vec<String> {
    moves.split_whitespace().map(String::from).collect()
}

#[test]
fn lions_capture_each_other_on_the_two_diagonals_through_d4() {
    assert_eq!(play("7/7/4l2/7/2L4/7/7 w 3", "c3e5"), Ok("7/7/4L2/7/7/7/7 b 3".into()));
    assert_eq!(play("7/7/2l4/7/4L2/7/7 w 3", "e3c5"), Ok("7/7/2L4/7/7/7/7 b 3".into()));
    assert_eq!(play("7/7/2l4/7/4L2/7/7 b 3", "c5e3"), Ok("7/7/7/7/4l2/7/7 w 4".into()));
    assert_eq!(play("7/7/4l2/7/2L4/7/7 b 3", "e5c3"), Ok("7/7/7/7/2l4/7/7 w 4".into()));
    assert!(moves_from("7/7/4l2/7/2L4/7/7 w 3", "c3").contains(&"c3e5".to_string()));
    // Blocked on d4 (by either side's piece).
    assert_eq!(
        play("7/7/4l2/3p3/2L4/7/7 w 3", "c3e5"),
        Err("the lion's line to the enemy lion is blocked on d4".into())
    );
    assert_eq!(
        play("7/7/4l2/3P3/2L4/7/7 b 3", "e5c3"),
        Err("the lion's line to the enemy lion is blocked on d4".into())
    );
    // Other diagonals are not lines across the river between the castles.
    assert!(play("7/7/4l2/7/7/2L4/7 w 3", "c2e5").is_err());
    assert!(!moves_from("7/7/4l2/7/3L3/7/7 w 3", "d3").contains(&"d3e5".to_string()));
}

#[test]
fn lions_capture_along_a_file_and_stay_in_their_castle() {
    assert_eq!(moves_from("3l3/7/7/7/7/7/E2L3 w 0", "d1"), list("d1c1 d1c2 d1d2 d1d7 d1e1 d1e2"));
    assert_eq!(play("3l3/7/7/7/7/7/3L3 w 0", "d1d4"), Err("the lion may not leave its castle".into()));
    assert_eq!(play("3l3/7/7/7/7/7/4L2 w 0", "e1f1"), Err("the lion may not leave its castle".into()));
    assert!(play("3l3/7/7/7/7/7/3L3 w 0", "d1d3").is_err());
    assert_eq!(
        play("3l3/7/7/3p3/7/7/3L3 b 0", "d7d1"),
        Err("the lion's line to the enemy lion is blocked on d4".into())
    );
    // A lion steps onto and captures enemy pieces inside its castle.
    assert_eq!(play("3l3/7/7/7/7/3p3/3L3 w 0", "d1d2"), Ok("3l3/7/7/7/7/3L3/7 b 0".into()));
}

#[test]
fn crocodile_slides_toward_the_river_and_along_it() {
    // From its own side: one step anywhere, and up its file to the river.
    assert_eq!(moves_from("3l3/7/7/7/7/7/C2L3 w 0", "a1"), list("a1a2 a1a3 a1a4 a1b1 a1b2"));
    // Blocked by its own piece; takes the first enemy on the way.
    assert_eq!(moves_from("3l3/7/7/7/P6/7/C2L3 w 0", "a1"), list("a1a2 a1b1 a1b2"));
    assert_eq!(moves_from("3l3/7/7/7/p6/7/C2L3 w 0", "a1"), list("a1a2 a1a3 a1b1 a1b2"));
    assert_eq!(play("3l3/7/7/p6/7/7/C2L3 w 0", "a1a4"), Ok("3l3/7/7/C6/7/7/3L3 b 0".into()));
    // Black's slides go down to the river.
    assert_eq!(moves_from("3l2c/7/7/7/7/7/3L3 b 0", "g7"), list("g7f6 g7f7 g7g4 g7g5 g7g6"));
    // In the river: along the river like a rook, and one step off it.
    assert_eq!(moves_from("3l3/7/7/1p1C1P1/7/7/3L3 w 3", "d4"), list("d4b4 d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5"));
    // Not past the river, not away from it.
    assert_eq!(
        play("3l3/7/7/7/7/7/C2L3 w 0", "a1a5"),
        Err("the crocodile moves one step, or slides along its file toward the river, or along the river".into())
    );
    assert_eq!(play("3l3/7/7/7/P6/7/C2L3 w 0", "a1a4"), Err("the crocodile's path is blocked on a3".into()));
    assert!(play("3l3/7/7/C6/7/7/3L3 w 0", "a4a2").is_err());
}

#[test]
fn crocodile_never_drowns() {
    // Moving along the river, and standing in it while another piece moves.
    assert_eq!(play("3l3/7/7/C6/7/7/3L3 w 0", "a4g4"), Ok("3l3/7/7/6C/7/7/3L3 b 0".into()));
    assert_eq!(play("3l3/7/7/C6/7/7/3L3 w 0", "d1d2"), Ok("3l3/7/7/C6/7/3L3/7 b 0".into()));
    assert_eq!(play("3l3/7/7/6c/7/7/3L3 b 0", "d7d6"), Ok("7/3l3/7/6c/7/7/3L3 w 1".into()));
}

#[test]
fn several_pieces_drown_at_once_the_crocodile_aside() {
    // White's pawns a4 and b4 and superpawn g4 stood in the river: all drown
    // when White moves anything; the crocodile stays.
    assert_eq!(play("z2l3/7/7/PPC3S/7/7/3L3 w 5", "d1d2"), Ok("z2l3/7/7/2C4/7/3L3/7 b 5".into()));
    // The opponent's pieces in the river wait for their own side's move.
    assert_eq!(play("3l3/7/7/PPp3s/7/7/3L3 w 5", "d1d2"), Ok("3l3/7/7/2p3s/7/3L3/7 b 5".into()));
    // A piece entering the river survives; one moving within it drowns.
    assert_eq!(play("3l3/7/7/7/1S5/7/3L3 w 5", "b3b4"), Ok("3l3/7/7/1S5/7/7/3L3 b 5".into()));
    assert_eq!(play("3l3/7/7/1S5/7/7/3L3 w 5", "b4c4"), Ok("3l3/7/7/7/7/7/3L3 b 5".into()));
    // Leaving the river saves the mover, not the others.
    assert_eq!(play("3l3/7/7/1SS4/7/7/3L3 w 5", "b4b5"), Ok("3l3/7/1S5/7/7/7/3L3 b 5".into()));
}

#[test]
fn monkey_steps_without_capturing_and_jumps_to_capture() {
    let fen = "3l3/7/7/7/2p4/3M3/3L3 w 0";
    // Steps onto empty squares only; the jump over c3 to b4 captures.
    assert_eq!(moves_from(fen, "d2"), list("d2b4 d2c1 d2c2 d2d3 d2e1 d2e2 d2e3"));
    assert_eq!(play(fen, "d2c3"), Err("the monkey captures only by jumping".into()));
    assert_eq!(play(fen, "d2b4"), Ok("3l3/7/7/1M5/7/7/3L3 b 0".into()));
}

#[test]
fn monkey_jumps_several_times_changing_direction() {
    let fen = "3l3/7/2p1p2/3p3/3M3/7/3L3 w 0";
    // d3 over d4 to d5, then over c5 to b5 or over e5 to f5; every prefix
    // is a move of its own.
    assert_eq!(moves_from(fen, "d3"), list("d3c2 d3c3 d3c4 d3d2 d3d5 d3d5b5 d3d5f5 d3e2 d3e3 d3e4"));
    assert_eq!(play(fen, "d3d5b5"), Ok("3l3/7/1M2p2/7/7/7/3L3 b 0".into()));
    assert_eq!(play(fen, "d3d5f5"), Ok("3l3/7/2p2M1/7/7/7/3L3 b 0".into()));
    assert_eq!(play(fen, "d3d5"), Ok("3l3/7/2pMp2/7/7/7/3L3 b 0".into()));
    assert_eq!(play(fen, "d3d5b5d5"), Err("the monkey may not jump the piece on c5 twice".into()));
    assert_eq!(play(fen, "d3d5d3"), Err("the monkey may not jump the piece on d4 twice".into()));
    assert_eq!(play(fen, "d3d5d7"), Err("the monkey can only jump over a piece, and d6 is empty".into()));
    assert_eq!(play(fen, "d3f5"), Err("the monkey can only jump over a piece, and e4 is empty".into()));
}

#[test]
fn monkey_may_come_back_over_its_starting_square() {
    // a1 -> c1 -> c3 -> a3 -> a1, taking b1, c2, b3 and a2: the square it
    // started on is empty while it jumps.
    let fen = "3l3/7/7/7/1p5/z1e4/Mg2L2 w 0";
    assert_eq!(play(fen, "a1c1c3a3a1"), Ok("3l3/7/7/7/7/7/M3L2 b 0".into()));
}

#[test]
fn jumping_the_lion_ends_the_monkeys_move() {
    // b4 over the lion on c5 to d6; it may not go on over e5.
    let fen = "7/7/2l1p2/1M5/7/7/3L3 w 0";
    assert!(moves_from(fen, "b4").contains(&"b4d6".to_string()));
    assert!(!moves_from(fen, "b4").contains(&"b4d6f4".to_string()));
    assert_eq!(play(fen, "b4d6"), Ok("7/3M3/4p2/7/7/7/3L3 b 0".into()));
    assert_eq!(play(fen, "b4d6f4"), Err("jumping the enemy lion ends the monkey's move".into()));
    // Jumping the lion last is fine. This monkey started in the river and
    // ends there: it drowns, and White has still won.
    let fen = "7/7/2l1p2/5M1/7/7/3L3 w 0";
    assert_eq!(play(fen, "f4d6b4"), Ok("7/7/7/7/7/7/3L3 b 0".into()));
    assert_eq!(pos("7/7/7/7/7/7/3L3 b 0").winner(), Some(analysis_board::chess::Color::White));
}

#[test]
fn monkey_leaving_the_river_and_coming_back_drowns_but_its_captures_stand() {
    let fen = "3l3/7/4pp1/3M3/7/7/3L2P w 0";
    // d4 over e5 to f6, over f5 back into the river on f4.
    assert_eq!(play(fen, "d4f6f4"), Ok("3l3/7/7/7/7/7/3L2P b 0".into()));
    // Ending out of the river, it survives.
    assert_eq!(play(fen, "d4f6"), Ok("3l3/5M1/5p1/7/7/7/3L2P b 0".into()));
}

#[test]
fn elephant_moves_one_or_two_straight_jumping() {
    assert_eq!(moves_from("3l3/7/7/7/7/7/E2L3 w 0", "a1"), list("a1a2 a1a3 a1b1 a1c1"));
    // Jumps over any piece; captures one or two away; not onto its own.
    let fen = "3l3/7/7/p6/Pp5/1E5/3L3 w 0";
    assert_eq!(moves_from(fen, "b2"), list("b2a2 b2b1 b2b3 b2b4 b2c2 b2d2"));
    assert_eq!(moves_from("3l3/7/7/7/1P5/pE5/3L3 w 0", "b2"), list("b2a2 b2b1 b2b4 b2c2 b2d2"));
    assert_eq!(play("3l3/7/7/7/7/7/E2L3 w 0", "a1b2"), Err("the elephant moves one or two squares straight".into()));
}

#[test]
fn giraffe_zebra_pawn_and_superpawn() {
    // Giraffe: no capture one step away.
    assert_eq!(
        play("3l3/7/7/7/7/1p5/G2L3 w 0", "a1b2"),
        Err("the giraffe cannot capture one step away, only two".into())
    );
    assert_eq!(play("3l3/7/7/7/2p4/1p5/G2L3 w 0", "a1c3"), Ok("3l3/7/7/7/2G4/1p5/3L3 b 0".into()));
    assert_eq!(play("3l3/7/7/7/7/7/Z2L3 w 0", "a1a3"), Err("the zebra moves like a chess knight".into()));
    // Pawn: captures straight ahead, promotes on capture, retreats past the
    // river only, never jumping.
    assert_eq!(play("p2l3/P6/7/7/7/7/3L3 w 0", "a6a7"), Ok("S2l3/7/7/7/7/7/3L3 b 0".into()));
    assert_eq!(play("3l3/7/7/7/7/P6/3L3 w 0", "a2a1"), Err("a pawn may retreat only once it is past the river".into()));
    assert_eq!(play("3l3/7/7/P6/7/7/3L3 w 0", "a4a3"), Err("a pawn may retreat only once it is past the river".into()));
    assert_eq!(
        play("3l3/7/P6/p6/7/7/3L3 w 0", "a5a3"),
        Err("a retreating pawn may not capture or jump, and a4 is taken".into())
    );
    assert_eq!(play("3l3/7/P6/7/7/7/3L3 w 0", "a5a3"), Ok("3l3/7/7/7/P6/7/3L3 b 0".into()));
    // Superpawn: sideways capture, diagonal retreat blocked.
    assert_eq!(play("3l3/7/7/7/7/Sp5/3L3 w 0", "a2b2"), Ok("3l3/7/7/7/7/1S5/3L3 b 0".into()));
    assert_eq!(
        play("3l3/7/7/2S4/1p5/7/3L3 w 0", "c4a2"),
        Err("a retreating superpawn may not capture or jump, and b3 is taken".into())
    );
    assert_eq!(play("3l3/7/7/2S4/7/7/3L3 w 0", "c4a2"), Ok("3l3/7/7/7/7/S6/3L3 b 0".into()));
    assert_eq!(
        play("3l3/7/7/2S4/7/7/3L3 w 0", "c4a4"),
        Err("a superpawn moves one step forward or sideways, or one or two squares straight or diagonally back".into())
    );
}

#[test]
fn refusals_name_the_reason() {
    let start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    assert_eq!(play(start, "d4d5"), Err("there is no piece on d4".into()));
    assert_eq!(play(start, "d6d5"), Err("the black pawn on d6 is not yours: it is white's move".into()));
    assert_eq!(play(start, "a1a2"), Err("a2 holds your own pawn".into()));
    assert_eq!(play(start, "a1c3e5"), Err("only a monkey may make several jumps in one move, not a giraffe".into()));
    assert_eq!(play("3L3/7/7/7/7/7/7 b 4", "d7d6"), Err("the game is over: white has captured the enemy lion".into()));
}

#[test]
fn move_number_counts_after_black() {
    let start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    let after_white = play(start, "d2d3").unwrap();
    assert!(after_white.ends_with(" b 0"));
    assert!(play(&after_white, "d6d5").unwrap().ends_with(" w 1"));
}

#[test]
fn bad_fens_say_what_and_where() {
    let err = |fen: &str| {
        let e = Position::from_fen(fen).unwrap_err();
        (e.column(fen), e.to_string())
    };
    assert_eq!(
        err("3l3/7/7/7/7/7/3X3 w 0"),
        (16, "'X' is not a piece letter (P S G M E L C Z, lower case for Black), a digit 1 to 7 or /".into())
    );
    assert_eq!(err("3l3/7/7/7/7/7/3L3 w 0 extra"), (22, "unexpected text after the move number".into()));
    assert_eq!(
        err("3l3/7/7/7/7/7/3Lé3 w 0"),
        (17, "'é' is not a piece letter (P S G M E L C Z, lower case for Black), a digit 1 to 7 or /".into())
    );
    assert_eq!(err("3l3/7/7/7/7/7/3L3 é 0"), (19, "the side to move must be w or b".into()));
    assert_eq!(err("3l3/3l3/7/7/7/7/3L3 w 0"), (6, "black has more than one lion".into()));
    assert_eq!(
        err("3l3/7/7/7/7/7/2pL3 w 0"),
        (16, "a black pawn stands on c1, its far rank, where it would have become a superpawn".into())
    );
    assert_eq!(err("ppppppp/ppppppp/ppl4/7/7/7/3L3 w 0").1, "black has more than 14 pieces");
    assert_eq!(err("7/7/7/7/7/7/7 w 0"), (1, "neither side has a lion".into()));
    assert_eq!(err("7/7/7/3L3/7/7/3l3 w 0"), (8, "the white lion on d4 stands outside its castle".into()));
}

#[test]
fn a_lion_the_enemy_could_take_is_in_danger() {
    let sq = |s| Square::parse(s);
    // The white monkey on b4 could jump the black lion on c5.
    assert_eq!(pos("7/7/2l1p2/1M5/7/7/3L3 b 0").lion_in_danger(), sq("c5"));
    // Not if the square beyond is taken.
    assert_eq!(pos("7/3p3/2l1p2/1M5/7/7/3L3 b 0").lion_in_danger(), None);
    // Lions facing each other on an open file.
    assert_eq!(pos("3l3/7/7/7/7/6P/3L3 w 0").lion_in_danger(), sq("d1"));
    assert_eq!(pos("3l3/7/7/3P3/7/7/3L3 w 0").lion_in_danger(), None);
    // A zebra a knight's jump away.
    assert_eq!(pos("3l3/7/7/7/2z4/7/3L3 w 0").lion_in_danger(), sq("d1"));
}

#[test]
fn the_last_jump_of_a_move() {
    let over = |m: &str| Move::parse(m).unwrap().last_jump_over().map(|s| s.to_string());
    assert_eq!(over("d3d5b5"), Some("c5".into()));
    assert_eq!(over("b4d6"), Some("c5".into()));
    assert_eq!(over("d2d3"), None);
    assert_eq!(over("g1f3"), None);
}
