//! The course's search, exactly as its checks pin it down: material
//! evaluation, the advanced evaluation (material, mobility, attack),
//! negamax minimax and fail-hard alpha-beta negamax; and the page's
//! suggestion, the best move of that alpha-beta search at a fixed depth.
//! Everything is deterministic: no clocks, no randomness.

use super::moves::Move;
use super::piece::{Piece, Role};
use super::position::Position;
use crate::color::Color;
use crate::sort::{sort_by, sort_by_score_descending};

/// The score of a captured lion.
pub const WIN: i32 = 10_000;
/// Beyond every score (and safe to negate).
pub const INFINITY: i32 = 1_000_000;

/// The depth of the page's suggestion. Natively, full-game positions take
/// 30 ms on average and 200 ms at worst at depth 5 (depth 6 takes up to
/// 2 s), so as wasm (1.5 to 2 times slower) it answers within half a
/// second. See the `congo` benchmark.
pub const SUGGESTION_DEPTH: u32 = 5;

/// Material values. The course's reduced game has no elephant, crocodile or
/// monkey; their values are ours. Lions are not counted.
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Elephant => 200,
        Role::Crocodile => 250,
        Role::Zebra | Role::Monkey => 300,
        Role::Superpawn => 350,
        Role::Giraffe => 400,
        Role::Lion => 0,
    }
}

/// The score of a finished game from White's view: a lion gone, or only
/// the two lions left.
fn game_over_score(pos: &Position) -> Option<i32> {
    match pos.winner() {
        Some(Color::White) => Some(WIN),
        Some(Color::Black) => Some(-WIN),
        None if pos.only_lions_left() => Some(0),
        None => None,
    }
}

fn for_side_to_move(pos: &Position, white_view: i32) -> i32 {
    pos.turn().fold(white_view, -white_view)
}

fn material(pos: &Position) -> i32 {
    let mut score = 0;
    for sq in super::square::Square::all() {
        if let Some(Piece { color, role }) = pos.piece_at(sq) {
            score += color.fold(value(role), -value(role));
        }
    }
    score
}

/// The course's `eval`: material, White minus Black, from the side to
/// move's view.
pub fn evaluate(pos: &Position) -> i32 {
    for_side_to_move(pos, game_over_score(pos).unwrap_or_else(|| material(pos)))
}

/// Mobility (the moves `color` would have if it were to move) plus attack
/// (those landing on an enemy piece, and 10 more for each landing on the
/// enemy lion).
fn activity(pos: &Position, color: Color) -> i32 {
    let mut score = 0;
    pos.for_each_move(color, &mut |m| {
        score += 1;
        if let Some(target) = pos.piece_at(m.to()) {
            if target.color != color {
                score += if target.role == Role::Lion { 11 } else { 1 };
            }
        }
    });
    score
}

/// The course's advanced evaluation: material plus mobility and attack,
/// White minus Black, from the side to move's view.
pub fn advanced_evaluate(pos: &Position) -> i32 {
    let white_view = game_over_score(pos)
        .unwrap_or_else(|| material(pos) + activity(pos, Color::White) - activity(pos, Color::Black));
    for_side_to_move(pos, white_view)
}

/// A side to move with no legal move (but both lions) has lost. The
/// course's checks never reach such a position; the analysis board rules
/// it a loss, so the search does too.
const NO_MOVE_SCORE: i32 = -WIN;

/// Counts the positions a search visits.
#[derive(Clone, Debug, Default)]
pub struct Search {
    pub nodes: u64,
}

impl Search {
    /// The course's `minimax`: negamax to `depth` with `evaluate` at the
    /// leaves, stopping where a lion is gone.
    pub fn minimax(&mut self, pos: &Position, depth: u32) -> i32 {
        self.nodes += 1;
        if depth == 0 || pos.winner().is_some() {
            return evaluate(pos);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return NO_MOVE_SCORE;
        }
        moves.iter().map(|m| -self.minimax(&pos.execute(m).position, depth - 1)).max().unwrap_or(NO_MOVE_SCORE)
    }

    /// The course's `alphabeta`: fail-hard alpha-beta negamax with the
    /// advanced evaluation at the leaves. Move order changes only how much
    /// is searched, never the value.
    pub fn alphabeta(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 || pos.winner().is_some() {
            return advanced_evaluate(pos);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return NO_MOVE_SCORE.clamp(alpha, beta);
        }
        for m in ordered(pos, moves) {
            let value = -self.alphabeta(&pos.execute(&m).position, depth - 1, -beta, -alpha);
            if value >= beta {
                return beta;
            }
            if value > alpha {
                alpha = value;
            }
        }
        alpha
    }

    /// The best move at `depth` (at least 1) and its value: the first in
    /// root order to reach the best value. Root order is the search's move
    /// order (lion captures, then captures of the most valuable pieces,
    /// then monkey jumps), moves alike sorted as strings. When the position
    /// is won, the move of the shallowest search that already wins (so a
    /// win is not put off).
    pub fn best_move(&mut self, pos: &Position, depth: u32) -> Option<(Move, i32)> {
        let depth = depth.max(1);
        let best = self.root(pos, depth)?;
        if best.1 == WIN {
            for shallower in 1..depth {
                if let Some(found) = self.root(pos, shallower).filter(|b| b.1 == WIN) {
                    return Some(found);
                }
            }
        }
        Some(best)
    }

    fn root(&mut self, pos: &Position, depth: u32) -> Option<(Move, i32)> {
        self.nodes += 1;
        let mut named: Vec<(String, Move)> = pos.legal_moves().into_iter().map(|m| (m.to_string(), m)).collect();
        sort_by(&mut named, |a, b| a.0.cmp(&b.0));
        let mut best = None;
        let mut alpha = -INFINITY;
        for m in ordered(pos, named.into_iter().map(|(_, m)| m).collect()) {
            let value = -self.alphabeta(&pos.execute(&m).position, depth - 1, -INFINITY, -alpha);
            if value > alpha || best.is_none() {
                alpha = alpha.max(value);
                best = Some(m);
            }
        }
        best.map(|m| (m, alpha))
    }
}

/// The course's `minimax` value at `depth`.
pub fn minimax(pos: &Position, depth: u32) -> i32 {
    Search::default().minimax(pos, depth)
}

/// The course's `alphabeta` value at `depth`, root window wide open.
pub fn alphabeta(pos: &Position, depth: u32) -> i32 {
    Search::default().alphabeta(pos, depth, -INFINITY, INFINITY)
}

/// The best move at `depth` (see `Search::best_move`).
pub fn best_move(pos: &Position, depth: u32) -> Option<(Move, i32)> {
    Search::default().best_move(pos, depth)
}

/// Likely good moves first, for more cut-offs: lion captures, then
/// captures of valuable pieces (a monkey's longer jumps before shorter),
/// then the rest, each group in the order given (the sort is stable).
fn ordered(pos: &Position, moves: Vec<Move>) -> impl Iterator<Item = Move> {
    let mut scored: Vec<(i32, Move)> = moves
        .into_iter()
        .map(|m| {
            let monkey = pos.piece_at(m.from()).is_some_and(|p| p.role == Role::Monkey);
            // What the move takes: the piece it lands on, or the last one a
            // monkey jumps.
            let taken = match pos.piece_at(m.to()) {
                None if monkey => m.last_jump_over().and_then(|sq| pos.piece_at(sq)),
                other => other,
            };
            let score = match taken {
                Some(p) if p.role == Role::Lion => WIN,
                Some(p) => value(p.role) + 100 * (m.path().len() as i32 - 1),
                None => 0,
            };
            (score, m)
        })
        .collect();
    sort_by_score_descending(&mut scored);
    scored.into_iter().map(|(_, m)| m)
}
