//! The rules of the grid problems, through the library: each piece's reach
//! on boards of several shapes, pawns at the edges, check by every kind of
//! piece, checkmate and not, and mate in one by every kind of piece. Every
//! expected answer here was worked out by hand on the drawn board.
#![cfg(feature = "all-games")]

use analysis_board::chess::{Color, Piece, Role};
use analysis_board::grid::{Answer, GridMove, Problem};

/// The problem text: id, specification, `N M`, rows.
fn text<S: AsRef<str>>(id: u8, spec: &str, rows: &[S]) -> String {
    let cols = rows.first().map_or(0, |r| r.as_ref().len());
    let mut text = format!("{id}\n{spec}\n{} {cols}\n", rows.len());
    for row in rows {
        text.push_str(row.as_ref());
        text.push('\n');
    }
    text
}

fn parse<S: AsRef<str>>(id: u8, spec: &str, rows: &[S]) -> Problem {
    let text = text(id, spec, rows);
    match Problem::parse(&text) {
        Ok(p) => p,
        Err(e) => panic!("{e}\n{text}"),
    }
}

/// Problem 1's chart for the piece named by `spec`.
#[track_caller]
fn assert_reach<S: AsRef<str>>(spec: &str, board: &[S], chart: &[&str]) {
    let out = parse(1, spec, board).solve().output();
    let expected: String = chart.iter().map(|r| format!("{r}\n")).collect();
    assert_eq!(out, expected, "{spec} on\n{}", board.iter().map(|r| r.as_ref()).collect::<Vec<_>>().join("\n"));
}

/// The one-line verdict of problems 2 to 4.
fn verdict<S: AsRef<str>>(id: u8, color: &str, board: &[S]) -> String {
    parse(id, color, board).solve().verdict().unwrap_or_default()
}

/// An empty board drawn as rows of dots, with `pieces` placed by square
/// name (`('Q', "m13")`); independent of the crate's square code.
fn drawn(rows: usize, cols: usize, pieces: &[(char, &str)]) -> Vec<String> {
    let mut grid = vec![vec!['.'; cols]; rows];
    for &(piece, square) in pieces {
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse().unwrap();
        grid[rows - rank][file] = piece;
    }
    grid.into_iter().map(|r| r.into_iter().collect()).collect()
}

fn mating_move<S: AsRef<str>>(color: &str, board: &[S]) -> Option<GridMove> {
    match parse(4, color, board).solve() {
        Answer::MateInOne { mating_move, .. } => mating_move,
        other => panic!("not a mate-in-one answer: {other:?}"),
    }
}

// ---- reach (problem 1) ----

#[test]
fn rook_on_4x4_stops_at_its_own_piece_and_takes_the_other() {
    assert_reach("Ra1", &["r...", "....", ".P..", "R.N."], &["x...", "o...", "o...", "Ro.."]);
}

#[test]
fn knight_on_a_tall_board_jumps_over_pieces() {
    let board = ["....", "....", "....", "....", "...p", ".N..", "....", "..P.", "....", "...."];
    let chart = ["....", "....", "....", "o.o.", "...x", ".N..", "...o", "o...", "....", "...."];
    assert_reach("Nb5", &board, &chart);
}

#[test]
fn knight_in_a_corner_of_4x4() {
    // From a4: b2 and c3 only; the own piece on c3 is not drawn.
    assert_reach("Na4", &["N...", "..P.", "....", "...."], &["N...", "....", ".o..", "...."]);
}

#[test]
fn bishop_on_a_wide_board() {
    let board = ["..Q.........", "............", "....b.......", ".....p......"];
    let chart = ["..x...o.....", "...o.o......", "....b.......", "...o........"];
    assert_reach("be2", &board, &chart);
}

#[test]
fn king_reaches_every_neighbour_and_marks_the_opponent_king() {
    let board = [".....", ".k...", "..K..", "...r.", "....."];
    let chart = [".....", ".xoo.", ".oKo.", ".oox.", "....."];
    assert_reach("Kc3", &board, &chart);
}

#[test]
fn queen_on_26x26() {
    // From m13: 25 + 25 squares along file and rank; diagonals 13 up-right
    // (ending on the rook z26, a capture), 12 up-left, 12 down-right, 12
    // down-left (ending on its own king a1, not reached).
    let board = drawn(26, 26, &[('Q', "m13"), ('r', "z26"), ('K', "a1")]);
    let problem = parse(1, "Qm13", &board);
    let Answer::Reach(reach) = problem.solve() else { panic!("not a reach answer") };
    assert_eq!(reach.moves.len(), 50 + 12 + 12 + 12 + 11);
    assert_eq!(reach.captures.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["z26"]);
    let chart = reach.chart();
    let at = |sq: &str| {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        chart[26 - rank].as_bytes()[file] as char
    };
    for sq in ["m1", "m26", "a13", "z13", "a25", "y1", "b2", "n14", "l12"] {
        assert_eq!(at(sq), 'o', "{sq}");
    }
    for sq in ["a1", "a26", "n15", "z1", "l15"] {
        assert_eq!(at(sq), '.', "{sq}");
    }
    assert_eq!((at("m13"), at("z26")), ('Q', 'x'));
    assert_eq!(reach.sentence(), "the white queen on m13 can reach 97 squares and capture 1 piece");
}

#[test]
fn white_pawn_on_its_second_row_steps_one_or_two_and_captures_diagonally() {
    let board = [".....", ".....", ".....", "...n.", "..P..", "....."];
    assert_reach("Pc2", &board, &[".....", ".....", "..o..", "..ox.", "..P..", "....."]);
}

#[test]
fn white_pawn_two_step_needs_both_squares_empty() {
    let board = [".....", ".....", "..n..", "...n.", "..P..", "....."];
    assert_reach("Pc2", &board, &[".....", ".....", ".....", "..ox.", "..P..", "....."]);
    let board = [".....", ".....", ".....", "..nn.", "..P..", "....."];
    assert_reach("Pc2", &board, &[".....", ".....", ".....", "...x.", "..P..", "....."]);
}

#[test]
fn black_pawn_on_its_second_row_moves_down() {
    let board = [".....", ".p...", "P.p..", ".....", ".....", "....."];
    assert_reach("pb5", &board, &[".....", ".p...", "xo...", ".o...", ".....", "....."]);
}

#[test]
fn pawns_on_the_far_row_have_no_move() {
    assert_reach("Pa4", &["P...", "....", "....", "...."], &["P...", "....", "....", "...."]);
    assert_reach("pd1", &["....", "....", "....", "...p"], &["....", "....", "....", "...p"]);
}

#[test]
fn pawns_on_their_own_back_row_step_only_one() {
    assert_reach("Pb1", &["....", "....", "....", ".P.."], &["....", "....", ".o..", ".P.."]);
    assert_reach("pb4", &[".p..", "....", "....", "...."], &[".p..", ".o..", "....", "...."]);
}

#[test]
fn on_a_4_row_board_the_two_step_reaches_the_far_row() {
    assert_reach("Pb2", &["....", "....", ".P..", "...."], &[".o..", ".o..", ".P..", "...."]);
    assert_reach("pb3", &["....", ".p..", "....", "...."], &["....", ".p..", ".o..", ".o.."]);
}

#[test]
fn pawn_reaches_the_far_row_without_promotion() {
    assert_reach("Pb3", &["r.n.", ".P..", "....", "...."], &["xox.", ".P..", "....", "...."]);
}

#[test]
fn pawns_on_the_edge_files_capture_inwards_only() {
    let board = ["....", "....", ".n..", "P...", "...."];
    assert_reach("Pa2", &board, &["....", "o...", "ox..", "P...", "...."]);
    let board = ["....", "...p", "..P.", "....", "...."];
    assert_reach("pd4", &board, &["....", "...p", "..xo", "...o", "...."]);
}

// ---- check (problem 2) ----

#[test]
fn check_by_a_pawn() {
    assert_eq!(verdict(2, "b", &[".....", "..k..", ".P...", ".....", "K...."]), "Black king is in check");
    // A pawn straight ahead, or beyond the king, does not attack it.
    assert_eq!(verdict(2, "b", &[".....", "..k..", "..P..", ".....", "K...."]), "Black king is not in check");
    assert_eq!(verdict(2, "b", &[".P...", "..k..", ".....", ".....", "K...."]), "Black king is not in check");
    assert_eq!(verdict(2, "w", &["....k", ".....", ".p...", "..K..", "....."]), "White king is in check");
    assert_eq!(verdict(2, "w", &["....k", ".....", ".....", "..K..", ".p..."]), "White king is not in check");
}

#[test]
fn check_by_a_knight() {
    assert_eq!(verdict(2, "b", &["...N.", ".....", "..k..", ".....", "K...."]), "Black king is in check");
    assert_eq!(verdict(2, "b", &[".....", "...N.", "..k..", ".....", "K...."]), "Black king is not in check");
}

#[test]
fn check_by_a_bishop_unless_blocked() {
    assert_eq!(verdict(2, "b", &["k...K", ".....", ".....", ".....", "....B"]), "Black king is in check");
    assert_eq!(verdict(2, "b", &["k...K", ".....", "..p..", ".....", "....B"]), "Black king is not in check");
}

#[test]
fn check_by_a_rook_unless_blocked() {
    assert_eq!(verdict(2, "b", &["k....", ".....", ".....", ".....", "R...K"]), "Black king is in check");
    assert_eq!(verdict(2, "b", &["k....", ".....", "N....", ".....", "R...K"]), "Black king is not in check");
}

#[test]
fn check_by_a_queen_across_a_26_wide_board() {
    let open = drawn(4, 26, &[('Q', "a4"), ('k', "z4"), ('K', "a1")]);
    assert_eq!(verdict(2, "b", &open), "Black king is in check");
    let blocked = drawn(4, 26, &[('Q', "a4"), ('p', "m4"), ('k', "z4"), ('K', "a1")]);
    assert_eq!(verdict(2, "b", &blocked), "Black king is not in check");
    let diagonal = drawn(26, 26, &[('q', "z26"), ('K', "a1"), ('k', "z1")]);
    assert_eq!(verdict(2, "w", &diagonal), "White king is in check");
}

#[test]
fn two_kings_side_by_side_are_both_in_check() {
    let board = ["k....", ".K...", ".....", ".....", "....."];
    assert_eq!(verdict(2, "w", &board), "White king is in check");
    assert_eq!(verdict(2, "b", &board), "Black king is in check");
    let apart = ["k....", ".....", "..K..", ".....", "....."];
    assert_eq!(verdict(2, "w", &apart), "White king is not in check");
    assert_eq!(verdict(2, "b", &apart), "Black king is not in check");
}

// ---- checkmate (problem 3) ----

#[test]
fn back_rank_mate_on_6x6() {
    let board = ["k....R", "pp....", "......", "......", "......", ".....K"];
    assert_eq!(verdict(3, "b", &board), "Black king is checkmated");
}

#[test]
fn a_king_that_can_capture_the_checker_is_not_mated() {
    let board = ["kR....", "pp....", "......", "......", "......", ".....K"];
    assert_eq!(verdict(3, "b", &board), "Black king is not checkmated");
    // The same rook, protected by a knight on d5: mate.
    let board = ["kR....", "pp.N..", "......", "......", "......", ".....K"];
    assert_eq!(verdict(3, "b", &board), "Black king is checkmated");
}

#[test]
fn another_piece_capturing_the_checker_saves_the_king() {
    let board = ["k....R", "pp....", "......", "......", "......", "..K..r"];
    assert_eq!(verdict(3, "b", &board), "Black king is not checkmated");
}

#[test]
fn a_pinned_defender_cannot_interpose() {
    // The knight g7 could block on e8, but the bishop a1 pins it to h8.
    let mut board = ["R......k", "......np", "........", "........", "........", "........", "........", "B.K....."];
    assert_eq!(verdict(3, "b", &board), "Black king is checkmated");
    board[7] = "..K.....";
    assert_eq!(verdict(3, "b", &board), "Black king is not checkmated");
}

#[test]
fn a_pawn_two_step_can_block_the_check() {
    // White king h4 checked along rank 4; its only legal move is d2-d4.
    let mut board = ["k.......", "........", "........", "r.......", "r......K", ".....r..", "...P....", "........"];
    assert_eq!(verdict(3, "w", &board), "White king is not checkmated");
    let legal: Vec<String> =
        parse(3, "w", &board).board.legal_moves(Color::White).iter().map(|m| m.notation()).collect();
    assert_eq!(legal, ["Pd2-d4"]);
    // With d3 occupied the pawn cannot pass: mate.
    board[5] = "...n.r..";
    assert_eq!(verdict(3, "w", &board), "White king is checkmated");
}

#[test]
fn no_move_without_check_is_not_checkmate() {
    assert_eq!(verdict(3, "b", &["k...", "....", ".Q..", "...K"]), "Black king is not checkmated");
}

#[test]
fn checkmate_on_4x4_and_on_26x26() {
    assert_eq!(verdict(3, "b", &["k.K.", "....", "....", "R..."]), "Black king is checkmated");
    let ladder = drawn(26, 26, &[('k', "z26"), ('R', "a26"), ('R', "a25"), ('K', "a1")]);
    assert_eq!(verdict(3, "b", &ladder), "Black king is checkmated");
    let one_rook = drawn(26, 26, &[('k', "z26"), ('R', "a26"), ('K', "a1")]);
    assert_eq!(verdict(3, "b", &one_rook), "Black king is not checkmated");
}

// ---- mate in one (problem 4) ----

const QUIET: &str = "........";

#[test]
fn mate_in_one_by_a_rook_and_not_when_the_rook_is_pinned() {
    let board = ["......k.", ".....ppp", QUIET, QUIET, QUIET, QUIET, QUIET, "...R...K"];
    assert_eq!(verdict(4, "b", &board), "Black king is checkmated in one move");
    assert_eq!(mating_move("b", &board).map(|m| m.notation()), Some("Rd1-d8".into()));
    // The black rook a1 pins the white rook to its king on h1.
    let pinned = ["......k.", ".....ppp", QUIET, QUIET, QUIET, QUIET, QUIET, "r..R...K"];
    assert_eq!(verdict(4, "b", &pinned), "Black king is not checkmated in one move");
}

#[test]
fn mate_in_one_by_a_bishop() {
    let board = [".......k", ".....K..", "......P.", QUIET, QUIET, "B.......", QUIET, QUIET];
    assert_eq!(mating_move("b", &board).map(|m| m.notation()), Some("Ba3-b2".into()));
}

#[test]
fn mate_in_one_by_a_knight_and_not_when_the_knight_is_pinned() {
    let board = ["......rk", "......pp", QUIET, "......N.", QUIET, QUIET, QUIET, "K......."];
    assert_eq!(mating_move("b", &board).map(|m| m.notation()), Some("Ng5-f7".into()));
    let pinned = ["......rk", "......pp", QUIET, "K.....Nr", QUIET, QUIET, QUIET, QUIET];
    assert_eq!(verdict(4, "b", &pinned), "Black king is not checkmated in one move");
}

#[test]
fn mate_in_one_by_a_pawn() {
    let board = ["...bkb..", "....pp..", ".N.P....", QUIET, QUIET, QUIET, QUIET, "K......."];
    assert_eq!(mating_move("b", &board).map(|m| m.notation()), Some("Pd6-d7".into()));
}

#[test]
fn mate_in_one_by_a_king_uncovering_a_rook() {
    let board = ["R..K...k", "......pp", QUIET, QUIET, QUIET, QUIET, QUIET, QUIET];
    let m = mating_move("b", &board).expect("a discovered mate");
    assert_eq!((m.piece, m.from.to_string()), (Piece::new(Color::White, Role::King), "d8".to_string()));
}

#[test]
fn mate_in_one_by_a_queen() {
    let board = [QUIET, QUIET, QUIET, QUIET, "......Q.", QUIET, ".....K.k", QUIET];
    let m = mating_move("b", &board).expect("the spec's mate");
    assert_eq!(m.piece, Piece::new(Color::White, Role::Queen));
}

#[test]
fn mate_in_one_by_black_against_white() {
    let board = ["r......k", QUIET, QUIET, QUIET, QUIET, QUIET, ".....PPP", "......K."];
    assert_eq!(verdict(4, "w", &board), "White king is checkmated in one move");
    assert_eq!(mating_move("w", &board).map(|m| m.notation()), Some("ra8-a1".into()));
}

#[test]
fn the_mover_in_check_must_answer_it_with_its_mating_move() {
    // White is in check from the rook d8; taking it answers the check and mates.
    let mut board = ["R..r..k.", ".....ppp", QUIET, QUIET, QUIET, QUIET, "...K....", QUIET];
    assert_eq!(mating_move("b", &board).map(|m| m.notation()), Some("Ra8xd8".into()));
    // Also in check from the bishop b4: taking the rook is no longer legal.
    board[4] = ".b......";
    assert_eq!(verdict(4, "b", &board), "Black king is not checkmated in one move");
}

#[test]
fn mate_in_one_on_26x26() {
    let board = drawn(26, 26, &[('k', "z26"), ('p', "y25"), ('p', "z25"), ('R', "a1"), ('K', "m1")]);
    assert_eq!(mating_move("b", &board).map(|m| m.notation()), Some("Ra1-a26".into()));
}
