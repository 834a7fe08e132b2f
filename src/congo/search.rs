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
use std::fmt;

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

/// One of the course's two searches, as `congo-move` and `congoAlphabeta`
/// run them to any depth asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CourseSearch {
    Minimax,
    AlphaBeta,
}

impl CourseSearch {
    /// Positions visited a second, measured natively on the 2-core
    /// development machine with other work running (full-game positions,
    /// depths 5 to 9): minimax 12 million (a material count at each leaf),
    /// alpha-beta 2.2 million (the advanced evaluation generates both
    /// sides' moves at each leaf). As wasm about 1.3 times slower.
    pub fn per_second(self) -> f64 {
        match self {
            CourseSearch::Minimax => 12e6,
            CourseSearch::AlphaBeta => 2.2e6,
        }
    }

    /// The most positions a search may be estimated to visit: about 10
    /// seconds natively at `per_second` (minimax to depth 6 from the start
    /// position, 258 million, is refused; alpha-beta to depth 7 there, 10
    /// million, is not).
    pub fn budget(self) -> u64 {
        (10.0 * self.per_second()) as u64
    }

    fn name(self) -> &'static str {
        match self {
            CourseSearch::Minimax => "minimax",
            CourseSearch::AlphaBeta => "alpha-beta",
        }
    }

    /// The value at `depth`, with the count of positions visited.
    fn run(self, pos: &Position, depth: u32) -> (i32, u64) {
        let mut search = Search::default();
        let value = match self {
            CourseSearch::Minimax => search.minimax(pos, depth),
            CourseSearch::AlphaBeta => search.alphabeta(pos, depth, -INFINITY, INFINITY),
        };
        (value, search.nodes)
    }

    /// The value at `depth` and the positions visited; refused at once
    /// when the search is estimated to visit more than `budget` positions
    /// (see `estimate`): a depth-20 search would run for years.
    pub fn bounded(self, pos: &Position, depth: u32) -> Result<(i32, u64), OverBudget> {
        match self.estimate(pos, depth) {
            Estimate::Done(value, nodes) => Ok((value, nodes)),
            Estimate::About(nodes) if nodes > self.budget() => Err(OverBudget { search: self, depth, nodes }),
            Estimate::About(_) => Ok(self.run(pos, depth)),
        }
    }

    /// How many positions the search to `depth` visits, from the searches
    /// to smaller depths (as `chess-analyze --perft` estimates a count):
    /// once one visits `ESTIMATED_FROM` positions, the rest is its count
    /// grown by `grown`. A search that finishes on the way gives its value.
    pub fn estimate(self, pos: &Position, depth: u32) -> Estimate {
        let mut counts = Vec::new();
        for d in 0..=depth {
            let (value, nodes) = self.run(pos, d);
            if d == depth {
                return Estimate::Done(value, nodes);
            }
            counts.push(nodes);
            if nodes >= ESTIMATED_FROM && d >= 2 {
                return Estimate::About(grown(&counts, depth));
            }
        }
        Estimate::About(0)
    }
}

/// The count of a search to `depth`, from `counts`, those of the searches
/// to depths 0, 1, 2, ... (at least three): the last one grown, depth by
/// depth, alternately by the growth of the last step and of the one
/// before, each step by the step of its parity (alpha-beta's count grows
/// unevenly from odd depths to even ones: 20 times, then 3). On 130
/// searches of 33 positions of every stage (`tests/congo_search.rs`), one
/// or two depths ahead: minimax within 1.1 times the count; alpha-beta at
/// most 2.2 times under it, and up to 10 times over.
pub fn grown(counts: &[u64], depth: u32) -> u64 {
    let [.., before, last, now] = counts else { return 0 };
    let steps = [*now as f64 / (*last).max(1) as f64, *last as f64 / (*before).max(1) as f64];
    let mut count = *now as f64;
    for left in 1..=(depth as usize + 1).saturating_sub(counts.len()).min(1000) {
        // Saturates at u64::MAX (an `as` cast from f64 does).
        count *= steps[left % 2];
    }
    count as u64
}

/// Searches that visit fewer positions than this are run rather than
/// estimated (a tenth of a second of alpha-beta).
const ESTIMATED_FROM: u64 = 200_000;

/// What `CourseSearch::estimate` found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Estimate {
    /// The search was cheap enough to run: its value and count.
    Done(i32, u64),
    /// About this many positions.
    About(u64),
}

/// A search estimated to visit more positions than its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverBudget {
    pub search: CourseSearch,
    pub depth: u32,
    /// The estimate.
    pub nodes: u64,
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let search = self.search;
        write!(
            f,
            "the {} search to depth {} would visit about {:.1e} positions, {} at the {:.1} million a second \
             measured on the development machine; searches estimated to visit more than {} positions \
             (about 10 seconds) are refused",
            search.name(),
            self.depth,
            self.nodes as f64,
            crate::limits::duration(self.nodes as f64 / search.per_second()),
            search.per_second() / 1e6,
            search.budget()
        )
    }
}

impl std::error::Error for OverBudget {}

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
