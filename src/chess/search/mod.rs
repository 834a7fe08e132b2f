//! The suggested move.
//!
//! Interim strategy until the mate search lands: the move with the best
//! material balance after the opponent's best reply (a two-ply minimax on
//! material, checkmate worth more than any material); ties go to the first
//! move in generation order, so the answer is deterministic.

use super::moves::Move;
use super::position::Position;
use crate::outcome::Reason;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub best: Move,
    pub reason: Reason,
    pub mate_in: Option<u32>,
}

const MATE: i32 = 100_000;

fn balance(pos: &Position) -> i32 {
    let us = pos.turn();
    pos.material(us) - pos.material(!us)
}

/// The score of `pos` for the side to move after its best reply... from
/// the point of view of the side that just moved.
fn after_best_reply(pos: &Position) -> i32 {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return if pos.is_check() { MATE } else { 0 };
    }
    replies
        .iter()
        .map(|&r| {
            let next = pos.after(r);
            if next.is_checkmate() {
                -MATE
            } else {
                balance(&next)
            }
        })
        .min()
        .unwrap_or(0)
}

pub fn suggest(pos: &Position) -> Option<Found> {
    let moves = pos.legal_moves();
    let mut best: Option<(i32, Move)> = None;
    for &m in &moves {
        let score = after_best_reply(&pos.after(m));
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, m));
        }
    }
    best.map(|(_, m)| Found { best: m, reason: Reason::Strategy, mate_in: None })
}
