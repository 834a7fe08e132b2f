//! The search beyond the course's values: alpha-beta agrees with plain
//! negamax over the same leaves, the best move carries the search's value,
//! and a won position is won by the quickest route the search sees.
#![cfg(feature = "all-games")]

use analysis_board::congo::search::{self, Search, WIN};
use analysis_board::congo::{Position, START_FEN};

/// Plain negamax with the advanced evaluation (what alpha-beta must equal).
fn negamax(pos: &Position, depth: u32) -> i32 {
    if depth == 0 || pos.winner().is_some() {
        return search::advanced_evaluate(pos);
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return -WIN;
    }
    moves.iter().map(|m| -negamax(&pos.play(m).unwrap().position, depth - 1)).max().unwrap()
}

/// Positions from deterministic pseudo-random games of the full game.
fn positions() -> Vec<Position> {
    let mut state: u64 = 99;
    let mut list = Vec::new();
    for game in 0..12 {
        let mut pos = Position::from_fen(START_FEN).unwrap();
        for ply in 0..(10 + 4 * game) {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.only_lions_left() {
                break;
            }
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            pos = pos.play(&moves[(state >> 33) as usize % moves.len()]).unwrap().position;
            if ply % 3 == 0 && pos.winner().is_none() {
                list.push(pos.clone());
            }
        }
    }
    list
}

#[test]
fn alphabeta_equals_negamax_and_the_best_move_carries_the_value() {
    for pos in positions() {
        for depth in 1..=3 {
            let value = search::alphabeta(&pos, depth);
            assert_eq!(value, negamax(&pos, depth), "depth {depth}: {}", pos.fen());
            let (m, best) = Search::default().best_move(&pos, depth).unwrap();
            assert_eq!(best, value, "depth {depth}: {}", pos.fen());
            // The move is legal and reaches that value.
            let after = pos.play(&m).unwrap().position;
            assert_eq!(-negamax(&after, depth - 1), value, "{m} at depth {depth}: {}", pos.fen());
        }
    }
}

#[test]
fn a_won_position_is_won_by_the_quickest_route_in_sight() {
    let mut wins = 0;
    for pos in positions() {
        let Some((m, value)) = search::best_move(&pos, 4) else {
            continue;
        };
        if value != WIN {
            continue;
        }
        wins += 1;
        let quickest = (1..=4).find(|&d| search::alphabeta(&pos, d) == WIN).unwrap();
        let after = pos.play(&m).unwrap().position;
        assert_eq!(-search::alphabeta(&after, quickest - 1), WIN, "{m} in {}", pos.fen());
    }
    assert!(wins > 0, "no won position among the samples");
}

#[test]
fn the_suggestion_is_the_same_every_time() {
    for pos in positions().iter().take(6) {
        let first = search::best_move(pos, 3);
        assert_eq!(search::best_move(pos, 3), first);
    }
}
