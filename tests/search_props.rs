//! Properties of the suggestion on random positions (seeded random
//! playouts from the start): always a legal move, the same on every call
//! and with a fresh searcher; a mate it claims is a mate.
#![cfg(feature = "engine")]

use analysis_board::chess::search::Reason;
use analysis_board::chess::search::{self, Searcher};
use analysis_board::chess::Position;
use common::mate::forced;
use proptest::prelude::*;

mod common;

/// A small deterministic generator (SplitMix64), so a failing case is
/// reproduced from its seed alone.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The position after up to `plies` random legal moves from the start
/// (stops early at the end of the game).
fn playout(seed: u64, plies: usize) -> Position {
    let mut state = seed;
    let mut pos = Position::start();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(next(&mut state) % moves.len() as u64) as usize];
        pos = pos.after(m);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_suggestion_is_legal_and_the_same_every_time(seed in any::<u64>(), plies in 0usize..120) {
        let pos = playout(seed, plies);
        let found = search::suggest(&pos);
        prop_assert_eq!(found.is_none(), pos.legal_moves().is_empty());
        if let Some(f) = found {
            prop_assert!(pos.legal_moves().contains(&f.best), "{} illegal in {}", f.best, pos.fen());
            if f.reason == Reason::Mate {
                let n = f.mate_in.unwrap_or(0);
                prop_assert!(forced(&pos.after(f.best), n), "{} does not mate in {} in {}", f.best, n, pos.fen());
            }
        }
        prop_assert_eq!(search::suggest(&pos), found, "second call differs: {}", pos.fen());
        prop_assert_eq!(Searcher::new().suggest(&pos), found, "fresh searcher differs: {}", pos.fen());
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move(seed in any::<u64>(), plies in 0usize..160) {
        let pos = playout(seed, plies);
        for &m in &pos.legal_moves() {
            prop_assert_eq!(search::gives_check(&pos, m), pos.after(m).is_check(), "{} in {}", m, pos.fen());
        }
    }
}
