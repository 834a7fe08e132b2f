//! The search below the root: principal variation search with a
//! transposition table, null-move pruning, late move reductions, futility
//! and late move pruning, check extensions and mate distance pruning,
//! ending in a quiescence search of captures (losing ones pruned by static
//! exchange evaluation). The root and iterative deepening are in `root.rs`.

use super::eval::evaluate_with;
use super::limits::{Limits, MAX_DEPTH};
use super::ordering::{is_noisy, noisy_moves, Heuristics, Picker, Staged, MAX_PLY};
use super::pawn_table::PawnTable;
use super::see::{see_at_least, VALUE};
use super::tt::{pack, unpack, Bound, Table};
use crate::chess::bitboard::Bitboard;
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;
use arrayvec::ArrayVec;

/// Beyond any score.
pub const INF: i32 = 32_000;
/// Mate now; mate in `p` plies scores `MATE - p`.
pub const MATE: i32 = 31_000;
/// Scores at least this far from zero are mates.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;

/// How often (in nodes) `stop` is asked.
const POLL_EVERY: u64 = 512;

/// A line of moves.
pub type Line = ArrayVec<Move, MAX_PLY>;

/// One search's state.
pub struct Searcher<'a> {
    pub(super) table: &'a mut Table,
    pub(super) heuristics: &'a mut Heuristics,
    pawns: &'a mut PawnTable,
    max_nodes: u64,
    pub(super) max_depth: u32,
    stop: Option<&'a dyn Fn() -> bool>,
    /// Whether a stop may end the search now (not before the first
    /// iteration completes: there is always an answer).
    pub(super) may_stop: bool,
    pub(super) stopped: bool,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    /// The game's hashes, then the hashes along the searched line.
    pub(super) line: Vec<u64>,
    /// The principal variation found from each ply.
    pub(super) pv: Vec<Line>,
    /// The move played to reach each ply (none after a null move).
    pub(super) played: [Option<Move>; MAX_PLY + 1],
    /// The static evaluation at each ply (to see whether it improves).
    evals: [i32; MAX_PLY + 1],
    reductions: [[u8; 64]; 64],
}

impl<'a> Searcher<'a> {
    pub fn new(
        table: &'a mut Table,
        heuristics: &'a mut Heuristics,
        pawns: &'a mut PawnTable,
        history: &[u64],
        limits: &Limits<'a>,
    ) -> Self {
        let mut line = Vec::with_capacity(history.len() + MAX_PLY + 1);
        line.extend_from_slice(history);
        Searcher {
            table,
            heuristics,
            pawns,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            max_depth: limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            stop: limits.stop,
            may_stop: false,
            stopped: false,
            nodes: 0,
            seldepth: 0,
            line,
            pv: vec![Line::new(); MAX_PLY + 1],
            played: [None; MAX_PLY + 1],
            evals: [0; MAX_PLY + 1],
            reductions: reduction_table(),
        }
    }

    /// Counts a node; true when the search must end now.
    #[inline]
    fn tick(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.may_stop
            && (self.nodes >= self.max_nodes || (self.nodes % POLL_EVERY == 0 && self.stop.is_some_and(|stop| stop())))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the position last pushed on `line` came before, since the
    /// last capture or pawn move, with the same side to move.
    fn is_repetition(&self, pos: &Position) -> bool {
        let n = self.line.len() - 1;
        let back = (pos.halfmoves() as usize).min(n);
        (2..=back).step_by(2).any(|d| self.line[n - d] == pos.hash())
    }

    /// Records `m` followed by the line from `ply + 1` as the line at `ply`.
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(m);
        let rest = &below[0];
        let room = MAX_PLY - 1;
        line.extend(rest.iter().copied().take(room));
    }

    /// The value of `pos` searched `depth` plies deep, within `alpha` and
    /// `beta` (fail-soft), `ply` plies from the root. `checkers` are
    /// `pos.checkers()`, found once by the caller (which needs them too).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        checkers: Bitboard,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.quiesce(pos, checkers, alpha, beta, ply);
        }
        self.pv[ply].clear();
        if self.tick(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate_with(pos, self.pawns);
        }
        let in_check = checkers.any();
        if self.is_repetition(pos) || insufficient_material(pos) {
            return 0;
        }
        // A mate on the hundredth half-move still counts.
        if pos.halfmoves() >= 100 && (!in_check || pos.has_legal_moves_given(checkers)) {
            return 0;
        }
        // Mate distance pruning: no line from here beats a mate found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let hash = pos.hash();
        let entry = self.table.probe(hash);
        let tt_move = entry.map_or(0, |e| e.mv);
        if let Some(e) = entry {
            let score = from_tt(e.score as i32, ply);
            if !pv_node && e.depth as i32 >= depth && cuts(e.bound, score, alpha, beta) {
                return score;
            }
        }
        let eval = if in_check {
            -INF
        } else {
            let eval = entry.map_or_else(|| evaluate_with(pos, self.pawns), |e| e.eval as i32);
            // The table's score is a better guess when its bound allows.
            match entry {
                Some(e) if cuts(e.bound, from_tt(e.score as i32, ply), eval, eval + 1) => from_tt(e.score as i32, ply),
                _ => eval,
            }
        };
        self.evals[ply] = eval;
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];

        if !pv_node && !in_check {
            // Reverse futility: far above beta at a shallow depth.
            let margin = 75 * depth - if improving { 50 } else { 0 };
            if depth <= 7 && eval - margin >= beta && beta.abs() < MATE_BOUND {
                return eval;
            }
            // Null move: if passing still holds beta, a move will too (not
            // with king and pawns alone, where passing may be the best move).
            if depth >= 3 && eval >= beta && self.played[ply].is_some() && has_pieces(pos) {
                if let Some(passed) = pos.null_move() {
                    let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                    self.line.push(passed.hash());
                    self.played[ply + 1] = None;
                    // The side that passed was not in check, so neither is the other.
                    let score =
                        -self.negamax(&passed, Bitboard::EMPTY, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                    self.line.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
            // Razoring: far below alpha, only captures could save it.
            if depth <= 2 && eval + 250 * depth < alpha {
                let score = self.quiesce(pos, checkers, alpha, beta, ply);
                if score < alpha {
                    return score;
                }
            }
        }
        let tt_move = unpack(pos, tt_move);
        // Without a known best move, a shallower search is as good a guess.
        let depth = if tt_move.is_none() && depth >= 4 { depth - 1 } else { depth };

        let previous = self.played[ply];
        let mut moves = Staged::new(tt_move);
        let mut best_score = -INF;
        let mut best_move = None;
        let mut quiets: ArrayVec<Move, 64> = ArrayVec::new();
        let mut index = 0;
        while let Some(m) = moves.next(self.heuristics, pos, checkers, ply, previous) {
            let quiet = !is_noisy(m);
            let child = pos.after(m);
            let child_checkers = child.checkers();
            let gives_check = child_checkers.any();
            if best_score > -MATE_BOUND && !in_check && !gives_check {
                if quiet {
                    // Late move pruning and futility pruning of quiet moves.
                    let late = 3 + depth * depth / if improving { 1 } else { 2 };
                    if depth <= 6 && index >= late {
                        continue;
                    }
                    if depth <= 6 && !pv_node && eval + 100 + 100 * depth <= alpha {
                        continue;
                    }
                    // A quiet move that loses material in exchanges, shallow.
                    if depth <= 8 && !see_at_least(pos, m, -40 * depth * depth) {
                        continue;
                    }
                } else if !pv_node && depth <= 4 && !see_at_least(pos, m, -100 * depth) {
                    continue;
                }
            }
            let new_depth = depth - 1 + i32::from(gives_check);
            self.line.push(child.hash());
            self.played[ply + 1] = Some(m);
            let score = if index == 0 {
                -self.negamax(&child, child_checkers, new_depth, -beta, -alpha, ply + 1, pv_node)
            } else {
                let mut r = 0;
                if depth >= 3 && quiet && !in_check && !gives_check && index >= 2 {
                    r = self.reductions[(depth as usize).min(63)][(index as usize).min(63)] as i32;
                    r += i32::from(!pv_node) + i32::from(!improving);
                    r -= self.heuristics.history(pos, m) / 6000;
                    r = r.clamp(0, new_depth - 1);
                }
                let mut score =
                    -self.negamax(&child, child_checkers, new_depth - r, -alpha - 1, -alpha, ply + 1, false);
                if score > alpha && r > 0 {
                    score = -self.negamax(&child, child_checkers, new_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if score > alpha && score < beta && pv_node {
                    score = -self.negamax(&child, child_checkers, new_depth, -beta, -alpha, ply + 1, true);
                }
                score
            };
            self.line.pop();
            if self.stopped {
                return 0;
            }
            index += 1;
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            self.heuristics.reward(pos, ply, previous, m, &quiets, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = quiets.try_push(m);
            }
        }
        if best_score == -INF {
            // No legal move (the first move is never pruned).
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { self.evals[ply] };
        self.table.store(hash, best_move.map_or(0, pack), to_tt(best_score, ply), stored_eval, depth, bound);
        best_score
    }

    /// Captures (and queen promotions) only, until the position is quiet;
    /// in check, every evasion. `checkers` are `pos.checkers()`.
    pub(super) fn quiesce(&mut self, pos: &Position, checkers: Bitboard, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.tick(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate_with(pos, self.pawns);
        }
        let hash = pos.hash();
        let entry = self.table.probe(hash);
        if let Some(e) = entry {
            let score = from_tt(e.score as i32, ply);
            if cuts(e.bound, score, alpha, beta) {
                return score;
            }
        }
        let in_check = checkers.any();
        let (mut best, moves, stand) = if in_check {
            let moves = pos.legal_moves_given(checkers);
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            (-INF, moves, -INF)
        } else {
            let stand = entry.map_or_else(|| evaluate_with(pos, self.pawns), |e| e.eval as i32);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            (stand, noisy_moves(pos, checkers), stand)
        };
        let mut picker = Picker::new();
        if in_check {
            picker.score_into(self.heuristics, pos, ply, entry.map_or(0, |e| e.mv), &moves);
        } else {
            picker.captures_into(&moves);
        }
        let mut best_move = None;
        while let Some((_, m)) = picker.next() {
            if !in_check {
                if m.promotion().is_some_and(|p| p != Role::Queen) {
                    continue;
                }
                // Delta pruning: even winning the piece would not reach alpha.
                let gain = m.capture().map_or(0, |r| VALUE[r.index()]) + if m.promotion().is_some() { 800 } else { 0 };
                if stand + gain + 200 < alpha || !see_at_least(pos, m, 0) {
                    continue;
                }
            }
            let child = pos.after(m);
            let score = -self.quiesce(&child, child.checkers(), -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        let stored_eval = if in_check { 0 } else { stand };
        self.table.store(hash, best_move.map_or(0, pack), to_tt(best, ply), stored_eval, 0, bound);
        best
    }
}

/// Whether a stored score with `bound` settles the window.
fn cuts(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
        Bound::None => false,
    }
}

/// Mate scores are stored relative to the stored position, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Whether the side to move has a piece other than king and pawns.
fn has_pieces(pos: &Position) -> bool {
    let us = pos.by_color(pos.turn());
    (us & !(pos.by_role(Role::Pawn) | pos.by_role(Role::King))).any()
}

/// Neither side can ever mate: kings alone, or with one minor piece.
fn insufficient_material(pos: &Position) -> bool {
    let heavy = pos.by_role(Role::Pawn) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    heavy.is_empty() && (pos.by_role(Role::Knight) | pos.by_role(Role::Bishop)).count() <= 1
}

/// Late move reductions by depth and move number: about
/// `0.75 + ln(depth) ln(moves) / 2.25`, computed with basic arithmetic only
/// (exactly rounded everywhere, so native and wasm reduce alike).
fn reduction_table() -> [[u8; 64]; 64] {
    let mut table = [[0u8; 64]; 64];
    for (d, row) in table.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + ln(d as f64) * ln(m as f64) / 2.25) as u8;
        }
    }
    table
}

/// The natural logarithm of `x >= 1`: `k ln 2 + 2 atanh((y - 1) / (y + 1))`
/// with `x = y 2^k`, `y` in [1, 2).
fn ln(x: f64) -> f64 {
    const LN_2: f64 = std::f64::consts::LN_2;
    let (mut y, mut k) = (x, 0.0);
    while y >= 2.0 {
        y /= 2.0;
        k += 1.0;
    }
    let t = (y - 1.0) / (y + 1.0);
    let (mut term, mut sum) = (t, 0.0);
    for n in 0..30 {
        sum += term / (2 * n + 1) as f64;
        term *= t * t;
    }
    k * LN_2 + 2.0 * sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logarithm_is_right() {
        for x in [1.0, 2.0, 3.0, 10.0, 63.0] {
            assert!((ln(x) - f64::ln(x)).abs() < 1e-12, "{x}");
        }
    }

    #[test]
    fn kings_alone_cannot_mate() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").expect("fen");
        assert!(insufficient_material(&pos));
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3RK3 w - - 0 1").expect("fen");
        assert!(!insufficient_material(&pos));
    }
}
