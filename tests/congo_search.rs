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

/// The estimate that refuses a search over its budget (`CourseSearch::
/// estimate`, `search::grown`) is near the count the search really makes,
/// one or two depths ahead of the first count it grows: on the counts of
/// `tests/data/congo-search-counts.txt`, minimax within 1.2 times, and
/// alpha-beta at most 2.5 times under the count (a search let run takes
/// at most a few times its budget) and 12 times over it; and on a search
/// run here.
#[test]
fn the_estimated_cost_of_a_search_is_near_its_count() {
    use analysis_board::congo::search::{grown, CourseSearch, Estimate};
    let data =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/congo-search-counts.txt")).unwrap();
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.splitn(3, ' ');
        let (_, kind, counts) = (words.next(), words.next().unwrap(), words.next().unwrap());
        let counts: Vec<u64> = counts.trim_matches(['[', ']']).split(", ").map(|n| n.parse().unwrap()).collect();
        // The first count the estimate grows: one of 200,000 or more.
        let Some(d) = (2..counts.len()).find(|&d| counts[d] >= 200_000) else { continue };
        for ahead in [1, 2].into_iter().filter(|a| d + a < counts.len()) {
            let estimate = grown(&counts[..=d], (d + ahead) as u32) as f64;
            let counted = counts[d + ahead] as f64;
            let (under, over) = if kind == "mm" { (1.2, 1.2) } else { (2.5, 12.0) };
            assert!(estimate * under >= counted && estimate <= counted * over, "{line}: {ahead} ahead: {estimate}");
            checked += 1;
        }
    }
    assert!(checked >= 90, "{checked}");
    // Live: a lone elephant against the lions, minimax to depth 8.
    let pos = Position::from_fen("3l3/7/7/7/7/7/E2L3 w 0").unwrap();
    let Estimate::About(estimate) = CourseSearch::Minimax.estimate(&pos, 8) else { panic!("run, not estimated") };
    let mut search = Search::default();
    search.minimax(&pos, 8);
    let ratio = estimate as f64 / search.nodes as f64;
    assert!((0.8..1.25).contains(&ratio), "estimated {estimate}, counted {}", search.nodes);
}
