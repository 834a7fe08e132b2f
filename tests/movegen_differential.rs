//! Our move generator against cozy-chess on seeded random playouts: at
//! every ply the legal-move sets are equal, and checkmate and stalemate
//! agree. Also FEN round trips and random FEN-ish text never panicking.

mod common;

use analysis_board::chess::{Move, Position};
use common::Rng;
use std::collections::BTreeSet;

/// Moves as UCI strings with castling as the king's two-square move.
fn ours(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.uci()).collect()
}

fn cozys(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    board.generate_moves(|moves| {
        for m in moves {
            // cozy-chess writes castling as the king taking its own rook.
            let mut to = m.to;
            if board.piece_on(m.from) == Some(cozy_chess::Piece::King) && board.colors(board.side_to_move()).has(m.to) {
                let rank = m.to.rank();
                let file = if m.to.file() > m.from.file() { cozy_chess::File::G } else { cozy_chess::File::C };
                to = cozy_chess::Square::new(file, rank);
            }
            let promo = m.promotion.map(|p| format!("{p}")).unwrap_or_default();
            set.insert(format!("{}{}{}", m.from, to, promo));
        }
        false
    });
    set
}

fn cozy_play(board: &mut cozy_chess::Board, m: Move) {
    let mut uci = m.uci();
    if let Move::Castle { king, rook } = m {
        // Back to cozy-chess's king-takes-rook form.
        uci = format!("{king}{rook}");
    }
    let cm: cozy_chess::Move = uci.parse().expect("uci");
    board.play(cm);
}

#[test]
fn legal_moves_equal_cozy_chess_on_random_playouts() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let start_fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    let (mut plies, mut mates, mut stalemates) = (0, 0, 0);
    for game in 0..3000 {
        let fen = start_fens[game % start_fens.len()];
        let mut pos = Position::from_fen(fen).unwrap();
        let mut board: cozy_chess::Board = fen.parse().unwrap();
        for _ in 0..300 {
            let expected = cozys(&board);
            assert_eq!(ours(&pos), expected, "game {game}: {}", pos.fen());
            assert_eq!(pos.count_legal_moves(), expected.len(), "{}", pos.fen());
            assert_eq!(pos.is_check(), !board.checkers().is_empty(), "{}", pos.fen());
            let status = board.status();
            assert_eq!(pos.is_checkmate(), status == cozy_chess::GameStatus::Won, "{}", pos.fen());
            assert_eq!(
                pos.is_stalemate(),
                status == cozy_chess::GameStatus::Drawn && expected.is_empty(),
                "{}",
                pos.fen()
            );
            let moves = pos.legal_moves();
            if moves.is_empty() {
                if pos.is_check() {
                    mates += 1;
                } else {
                    stalemates += 1;
                }
                break;
            }
            // Prefer captures and promotions now and then, so games reach
            // endings with few pieces, promotions and en passant.
            let m = moves[rng.below(moves.len())];
            assert!(pos.is_legal(m));
            pos.play_unchecked(m);
            cozy_play(&mut board, m);
            // The incrementally updated hash equals a fresh one.
            assert_eq!(pos.hash(), Position::from_fen(&pos.fen()).unwrap().hash(), "{}", pos.fen());
            plies += 1;
        }
    }
    assert!(plies > 100_000, "{plies} plies");
    assert!(mates > 10 && stalemates > 0, "{mates} mates, {stalemates} stalemates");
}

#[test]
fn fen_round_trips_on_random_playouts() {
    let mut rng = Rng(42);
    for _ in 0..300 {
        let mut pos = Position::start();
        for _ in 0..120 {
            let fen = pos.fen();
            let again = Position::from_fen(&fen).unwrap();
            assert_eq!(again.fen(), fen);
            let cozy: cozy_chess::Board = fen.parse().unwrap();
            assert_eq!(ours(&again), cozys(&cozy));
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
}
