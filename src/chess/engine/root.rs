//! Iterative deepening at the root: each iteration searches every root
//! move one ply deeper than the last, within an aspiration window around
//! the last score (widened when the score falls outside), the best moves
//! of the last iteration first. The answer is the last completed
//! iteration's.

use super::ordering::MAX_PLY;
use super::search::{Line, Searcher, INF, MATE, MATE_BOUND};
use super::{Info, RootMove, Score, SearchResult};
use crate::chess::moves::Move;
use crate::chess::position::Position;

/// A root move as the iterations go: its last score and whether exact.
#[derive(Copy, Clone)]
struct Candidate {
    mv: Move,
    score: i32,
    exact: bool,
}

/// What the last completed iteration found.
struct Completed {
    depth: u32,
    score: i32,
    pv: Line,
    candidates: Vec<Candidate>,
}

impl Completed {
    /// Puts `best` (found in the next, unfinished iteration) first, with
    /// its score and line.
    fn adopt(&mut self, best: Candidate, pv: &Line) {
        if let Some(i) = self.candidates.iter().position(|c| c.mv == best.mv) {
            self.candidates[..=i].rotate_right(1);
            self.candidates[0] = best;
            self.score = best.score;
            self.pv = pv.clone();
        }
    }
}

impl Searcher<'_> {
    /// Searches `pos` by iterative deepening until a limit; `None` when it
    /// has no legal move.
    pub fn run(mut self, pos: &Position, info: &mut dyn FnMut(&Info)) -> Option<SearchResult> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        self.line.push(pos.hash());
        let mut picker = self.heuristics.score(pos, 0, None, 0, &moves);
        let mut candidates = Vec::with_capacity(moves.len());
        while let Some((_, mv)) = picker.next() {
            candidates.push(Candidate { mv, score: -INF, exact: false });
        }
        let mut completed: Option<Completed> = None;
        for depth in 1..=self.max_depth {
            let last = completed.as_ref().map_or(0, |c| c.score);
            let score = self.aspiration(pos, &mut candidates, depth as i32, last);
            if self.stopped {
                // A move that beat the others in the unfinished iteration
                // (fully searched, one ply deeper) is the better guess.
                if let (Some(done), Some(&m)) = (completed.as_mut(), self.pv[0].first()) {
                    if let Some(c) = candidates.iter().find(|c| c.mv == m) {
                        done.adopt(*c, &self.pv[0]);
                    }
                }
                break;
            }
            let done = Completed { depth, score, pv: self.pv[0].clone(), candidates: candidates.clone() };
            info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score: score_of(score),
                nodes: self.nodes,
                pv: done.pv.to_vec(),
            });
            completed = Some(done);
            self.may_stop = true;
            // A forced mate found within this depth will not change.
            if score.abs() >= MATE_BOUND && MATE - score.abs() + 4 <= depth as i32 {
                break;
            }
            if self.stopped {
                break;
            }
        }
        let done = completed?;
        let best = done.candidates[0].mv;
        let pv = if done.pv.first() == Some(&best) { done.pv.to_vec() } else { vec![best] };
        Some(SearchResult {
            best,
            score: score_of(done.score),
            depth: done.depth,
            pv,
            nodes: self.nodes,
            root_moves: done
                .candidates
                .iter()
                .map(|c| RootMove { mv: c.mv, score: score_of(c.score), exact: c.exact })
                .collect(),
        })
    }

    /// One iteration within a window around `last`, widened until the
    /// score falls inside.
    fn aspiration(&mut self, pos: &Position, candidates: &mut [Candidate], depth: i32, last: i32) -> i32 {
        if depth < 5 || last.abs() >= MATE_BOUND {
            return self.root(pos, candidates, depth, -INF, INF);
        }
        let mut delta = 25;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.root(pos, candidates, depth, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 800 {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// Searches every root move (principal variation search); leaves the
    /// candidates ordered best first.
    fn root(&mut self, pos: &Position, candidates: &mut [Candidate], depth: i32, mut alpha: i32, beta: i32) -> i32 {
        self.pv[0].clear();
        let mut best = -INF;
        let mut best_index = 0;
        for (i, candidate) in candidates.iter_mut().enumerate() {
            let m = candidate.mv;
            let child = pos.after(m);
            let checkers = child.checkers();
            let new_depth = depth - 1 + i32::from(checkers.any());
            self.line.push(child.hash());
            self.played[1] = Some(m);
            let score = if i == 0 {
                -self.negamax(&child, checkers, new_depth, -beta, -alpha, 1, true)
            } else {
                let mut score = -self.negamax(&child, checkers, new_depth, -alpha - 1, -alpha, 1, false);
                if score > alpha && score < beta {
                    score = -self.negamax(&child, checkers, new_depth, -beta, -alpha, 1, true);
                }
                score
            };
            self.line.pop();
            if self.stopped {
                return best;
            }
            candidate.score = score;
            candidate.exact = score > alpha && score < beta;
            if score > best {
                best = score;
                best_index = i;
                if score > alpha {
                    alpha = score;
                    self.update_pv(0, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // The best first, the others by their scores (bounds, mostly), ties
        // in the order searched.
        candidates[..=best_index].rotate_right(1);
        crate::sort::sort_by_key(&mut candidates[1..], |c| std::cmp::Reverse(c.score));
        best
    }
}

/// A score as the API tells it.
pub fn score_of(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Centipawns(score)
    }
}

const _: () = assert!(MAX_PLY >= 64, "the pv holds a full line");
