//! The stated strategy: material first, then a simple positional score
//! (piece-square tables, a little mobility), searched by alpha-beta within a
//! fixed node budget. The budget counts nodes, never time, so every machine
//! ranks the moves alike.

use crate::chess::attacks;
use crate::chess::bitboard::Bitboard;
use crate::chess::movegen::{MoveList, PieceMoves};
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::{Rank, Square};
use crate::color::Color;
use crate::sort::sort_by_score_descending;
use arrayvec::ArrayVec;

/// Nodes (positions evaluated or expanded) per ranking.
pub const NODE_BUDGET: u64 = 24_000;
const MAX_DEPTH: i32 = 24;
const MAX_PLY: usize = 64;

const MATE: i32 = 30_000;
/// Scores beyond this are mates (in plies from the root).
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;

/// Quiescence skips captures that stay this far below alpha.
const DELTA_MARGIN: i32 = 200;

/// Centipawns: pawn, knight, bishop, rook, queen, king.
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

// Piece-square tables from white's side, rank 8 first (so index `sq ^ 56`
// for a white piece on `sq`, `sq` for a black one). Small next to material.
#[rustfmt::skip]
const PAWN: [i8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i8; 64] = [
   -50,-40,-30,-30,-30,-30,-40,-50,
   -40,-20,  0,  0,  0,  0,-20,-40,
   -30,  0, 10, 15, 15, 10,  0,-30,
   -30,  5, 15, 20, 20, 15,  5,-30,
   -30,  0, 15, 20, 20, 15,  0,-30,
   -30,  5, 10, 15, 15, 10,  5,-30,
   -40,-20,  0,  5,  5,  0,-20,-40,
   -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i8; 64] = [
   -20,-10,-10,-10,-10,-10,-10,-20,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5, 10, 10,  5,  0,-10,
   -10,  5,  5, 10, 10,  5,  5,-10,
   -10,  0, 10, 10, 10, 10,  0,-10,
   -10, 10, 10, 10, 10, 10, 10,-10,
   -10,  5,  0,  0,  0,  0,  5,-10,
   -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i8; 64] = [
   -20,-10,-10, -5, -5,-10,-10,-20,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5,  5,  5,  5,  0,-10,
    -5,  0,  5,  5,  5,  5,  0, -5,
     0,  0,  5,  5,  5,  5,  0, -5,
   -10,  5,  5,  5,  5,  5,  0,-10,
   -10,  0,  5,  0,  0,  0,  0,-10,
   -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MIDDLE: [i8; 64] = [
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -20,-30,-30,-40,-40,-30,-30,-20,
   -10,-20,-20,-20,-20,-20,-20,-10,
    20, 20,  0,  0,  0,  0, 20, 20,
    20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_END: [i8; 64] = [
   -50,-40,-30,-20,-20,-30,-40,-50,
   -30,-20,-10,  0,  0,-10,-20,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-30,  0,  0,  0,  0,-30,-30,
   -50,-30,-30,-30,-30,-30,-30,-50,
];

/// Centipawns per square a piece attacks that is not held by its own side.
const MOBILITY: [i32; 6] = [0, 4, 4, 2, 1, 0];

/// The score of `color`'s pieces: material, squares, mobility.
fn side_score(pos: &Position, color: Color, phase: i32) -> i32 {
    let ours = pos.by_color(color);
    let occupied = pos.occupied();
    let flip = color.fold(56, 0);
    let square = |table: &[i8; 64], sq: Square| i32::from(table[sq.index() ^ flip]);
    let reach = |attacked: Bitboard, role: Role| MOBILITY[role.index()] * (attacked - ours).count() as i32;
    let mut score = 0;
    for role in Role::ALL {
        score += VALUE[role.index()] * pos.pieces(color, role).count() as i32;
    }
    for sq in pos.pieces(color, Role::Pawn) {
        score += square(&PAWN, sq);
    }
    for sq in pos.pieces(color, Role::Knight) {
        score += square(&KNIGHT, sq) + reach(attacks::knight_attacks(sq), Role::Knight);
    }
    for sq in pos.pieces(color, Role::Bishop) {
        score += square(&BISHOP, sq) + reach(attacks::bishop_attacks(sq, occupied), Role::Bishop);
    }
    for sq in pos.pieces(color, Role::Rook) {
        score += square(&ROOK, sq) + reach(attacks::rook_attacks(sq, occupied), Role::Rook);
    }
    for sq in pos.pieces(color, Role::Queen) {
        score += square(&QUEEN, sq) + reach(attacks::queen_attacks(sq, occupied), Role::Queen);
    }
    // The king: tapered from the middle game (phase 24) to the end (0).
    let king = pos.king_of(color);
    score + (square(&KING_MIDDLE, king) * phase + square(&KING_END, king) * (24 - phase)) / 24
}

/// The static score for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let minors = (pos.by_role(Role::Knight) | pos.by_role(Role::Bishop)).count() as i32;
    let phase =
        (minors + 2 * pos.by_role(Role::Rook).count() as i32 + 4 * pos.by_role(Role::Queen).count() as i32).min(24);
    let us = pos.turn();
    side_score(pos, us, phase) - side_score(pos, !us, phase)
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i32,
    bound: Bound,
    generation: u16,
}

/// 2^14 entries: about half a megabyte.
const TABLE_BITS: u32 = 14;

pub struct Strategy {
    table: Vec<Option<Entry>>,
    generation: u16,
    killers: [[Option<Move>; 2]; MAX_PLY],
    nodes: u64,
    /// Nodes allowed to the current search.
    budget: u64,
    aborted: bool,
    /// The depth of the last finished iteration of the last ranking.
    pub depth: i32,
    /// The best scores of the last two finished iterations (older first).
    last_two: [Option<i32>; 2],
}

impl Default for Strategy {
    fn default() -> Strategy {
        Strategy::new()
    }
}

fn victim_first(m: Move) -> i32 {
    match m.capture() {
        Some(victim) => 10 * VALUE[victim.index()] - VALUE[m.role().index()] / 10 + 1,
        None => 0,
    }
}

impl Strategy {
    pub fn new() -> Strategy {
        Strategy {
            table: vec![None; 1 << TABLE_BITS],
            generation: 0,
            killers: [[None; 2]; MAX_PLY],
            nodes: 0,
            budget: NODE_BUDGET,
            aborted: false,
            depth: 0,
            last_two: [None; 2],
        }
    }

    /// Every legal move, best first by the strategy. Iterative deepening:
    /// the ranking of the deepest search finished within the budget (an
    /// unfinished one is discarded; its nodes counted, so the cut-off is the
    /// same everywhere). Ties keep the order of the previous ranking.
    pub fn rank(&mut self, pos: &Position) -> MoveList {
        self.deepen(pos, NODE_BUDGET, false, false).into_iter().map(|(_, m)| m).collect()
    }

    /// The position's value for the side to move (centipawns; beyond
    /// `MATE_BOUND` in either direction a mate the search saw) and the
    /// principal variation, at most `plies` long, searched within `budget`
    /// nodes (even with a single legal move; see `deepen` for when it
    /// stops early). `None` without a legal move.
    pub fn principal(&mut self, pos: &Position, plies: usize, budget: u64) -> Option<(i32, Vec<Move>)> {
        let ranked = self.deepen(pos, budget, true, true);
        let &(_, best) = ranked.first()?;
        // The mean of the last two depths: a search that ends on the side
        // to move's ply overrates it, one that ends on the other's ply
        // underrates it, and which one the budget allows varies from one
        // position to the next. A mate is kept as it is.
        let score = match self.last_two {
            [_, Some(last)] if last.abs() > MATE_BOUND => last,
            [Some(before), Some(last)] if before.abs() <= MATE_BOUND => (before + last) / 2,
            [_, Some(last)] => last,
            // No iteration finished (never seen in practice): the static value.
            [_, None] => evaluate(pos),
        };
        Some((score, self.line(pos, best, plies)))
    }

    /// `first`, then the moves the table holds for the positions that
    /// follow (each checked to be legal: the table may hold another
    /// position with the same slot).
    fn line(&self, pos: &Position, first: Move, plies: usize) -> Vec<Move> {
        let mut line = Vec::with_capacity(plies);
        let mut next = Some(first);
        let mut pos = *pos;
        while let Some(m) = next.filter(|_| line.len() < plies) {
            if !pos.legal_moves().contains(&m) {
                break;
            }
            line.push(m);
            pos = pos.after(m);
            let key = pos.hash();
            next = match self.table.get(self.slot(key)) {
                Some(Some(e)) if e.key == key && e.generation == self.generation => e.mv,
                _ => None,
            };
        }
        line
    }

    /// The moves with the scores of the deepest finished iteration, best
    /// first (with a single legal move, searched only if `always`).
    /// `frugal`: no new iteration once a quarter of the budget is spent:
    /// each iteration costs 3 to 8 times all those before it (measured on
    /// the course's appendix games), so that one would almost never finish
    /// and its nodes would be thrown away. Still a count of nodes, never of
    /// time.
    fn deepen(&mut self, pos: &Position, budget: u64, always: bool, frugal: bool) -> ArrayVec<(i32, Move), 256> {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.iter_mut().for_each(|e| *e = None);
            self.generation = 1;
        }
        self.killers = [[None; 2]; MAX_PLY];
        self.nodes = 0;
        self.budget = budget;
        self.aborted = false;
        self.depth = 0;
        self.last_two = [None; 2];

        let mut ranked: ArrayVec<(i32, Move), 256> = pos.legal_moves().iter().map(|&m| (victim_first(m), m)).collect();
        sort_by_score_descending(&mut ranked);
        if ranked.len() > 1 || (always && !ranked.is_empty()) {
            for depth in 1..=MAX_DEPTH {
                let Some(scores) = self.root(pos, &ranked, depth) else { break };
                self.depth = depth;
                for (entry, score) in ranked.iter_mut().zip(scores) {
                    entry.0 = score;
                }
                // Stable: equal scores keep their previous order.
                sort_by_score_descending(&mut ranked);
                self.last_two = [self.last_two[1], ranked.first().map(|&(s, _)| s)];
                if ranked.first().is_some_and(|&(s, _)| s.abs() > MATE_BOUND) || (frugal && self.nodes * 4 > budget) {
                    break;
                }
            }
        }
        ranked
    }

    /// One iteration at the root: a score for every move (exact for the
    /// best, an upper bound for the others). `None` if the budget ran out.
    fn root(&mut self, pos: &Position, moves: &[(i32, Move)], depth: i32) -> Option<Vec<i32>> {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut scores = Vec::with_capacity(moves.len());
        for (i, &(_, m)) in moves.iter().enumerate() {
            let child = pos.after(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.aborted {
                    -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            if self.aborted {
                return None;
            }
            alpha = alpha.max(score);
            scores.push(score);
        }
        Some(scores)
    }

    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
        }
        self.aborted
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn negamax(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        if self.spend() {
            return 0;
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(Some(e)) = self.table.get(self.slot(key)) {
            if e.key == key && e.generation == self.generation {
                tt_move = e.mv;
                if e.depth >= depth {
                    let score = from_table(e.score, ply);
                    let usable = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    };
                    if usable {
                        return score;
                    }
                }
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() { -(MATE - ply as i32) } else { 0 };
        }
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        let mut list: ArrayVec<(i32, Move), 256> = moves
            .iter()
            .map(|&m| {
                let score = if Some(m) == tt_move {
                    1 << 24
                } else if m.is_capture() || m.promotion() == Some(Role::Queen) {
                    (1 << 16) + victim_first(m) + m.promotion().map_or(0, |_| 8000)
                } else if Some(m) == killers[0] {
                    1 << 12
                } else if Some(m) == killers[1] {
                    1 << 11
                } else {
                    0
                };
                (score, m)
            })
            .collect();
        sort_by_score_descending(&mut list);

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &(_, m)) in list.iter().enumerate() {
            let child = pos.after(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !m.is_capture() {
                    if let Some(k) = self.killers.get_mut(ply) {
                        if k[0] != Some(m) {
                            k[1] = k[0];
                            k[0] = Some(m);
                        }
                    }
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let slot = self.slot(key);
        let entry = Entry { key, mv: best_move, score: to_table(best, ply), depth, bound, generation: self.generation };
        if let Some(e) = self.table.get_mut(slot) {
            *e = Some(entry);
        }
        best
    }

    /// Captures (and queen promotions) until the position is quiet; every
    /// reply when in check, so mates at the horizon are seen.
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.spend() {
            return 0;
        }
        let in_check = pos.is_check();
        let mut best = -INFINITY;
        if !in_check {
            best = evaluate(pos);
            if best >= beta || ply >= MAX_PLY - 1 {
                return best;
            }
            alpha = alpha.max(best);
        }
        // In check every reply (so a mate is seen), else captures and
        // promotions only.
        let theirs = pos.by_color(!pos.turn());
        let last_rank = Bitboard::rank(pos.turn().fold(Rank::Eighth, Rank::First));
        let mut moves = MoveList::new();
        pos.for_each_piece_moves(|pm| {
            let to = if in_check {
                pm.to
            } else if pm.role == Role::Pawn {
                pm.to & (theirs | last_rank)
            } else {
                pm.to & theirs
            };
            if to.any() {
                pos.expand(PieceMoves { to, ..pm }, &mut moves);
            }
            true
        });
        if moves.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { best };
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        let mut list: ArrayVec<(i32, Move), 256> = moves
            .iter()
            .filter(|m| in_check || m.promotion().is_none_or(|p| p == Role::Queen))
            .map(|&m| (victim_first(m) + m.promotion().map_or(0, |_| 8000), m))
            .collect();
        sort_by_score_descending(&mut list);
        for &(_, m) in &list {
            // Delta pruning: a capture that cannot lift the score near alpha
            // even if nothing is taken back is not worth a node.
            let gain = m.capture().map_or(0, |v| VALUE[v.index()]) + m.promotion().map_or(0, |p| VALUE[p.index()]);
            if !in_check && best + gain + DELTA_MARGIN < alpha {
                continue;
            }
            let score = -self.quiesce(&pos.after(m), -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
