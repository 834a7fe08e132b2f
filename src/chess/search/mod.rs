//! The suggested move (the contract: `spec/course-notation.md`, "The
//! suggested move"), decided in this order:
//!
//! 1. if the side to move forces mate in at most three of its moves, the
//!    first move of the fastest such mate (`Reason::Mate`);
//! 2. otherwise the first move, in the strategy's order, after which the
//!    opponent cannot force mate in at most three of its moves
//!    (`Reason::AvoidsMate` when the opponent threatened mate, else
//!    `Reason::Strategy`); if every move allows such a mate, the one that
//!    delays it longest (`Reason::OnlyMoves`);
//! 3. the strategy's order is the engine's root ranking (`chess::engine`)
//!    at a fixed node budget, `SUGGESTION_NODES`: its best move first.
//!
//! Every mate claim comes from the exact mate search (`mate`), and nothing
//! depends on time, threads, randomness or earlier calls: the same position
//! gives the same suggestion everywhere.

mod checks;
mod mate;

pub use mate::MAX_MOVES;

use super::engine::{Engine, Limits, SUGGESTION_NODES};
use super::moves::Move;
use super::position::Position;
use checks::CheckInfo;
use mate::{pack, MateSearch};
use std::cell::RefCell;

/// How far the suggestion looks for mates, in moves of one side.
pub const MATE_HORIZON: u32 = 3;

/// Why the suggested move was chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The move starts a forced mate.
    Mate,
    /// The move stops a forced mate the opponent would otherwise have.
    AvoidsMate,
    /// Every move allows a forced mate; this one delays it longest.
    OnlyMoves,
    /// The engine's best move (or, when it allows a mate, the next in the
    /// engine's ranking that does not).
    Strategy,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub best: Move,
    pub reason: Reason,
    /// `Mate`: moves to our mate. `AvoidsMate`: the opponent's mate it stops.
    /// `OnlyMoves`: the opponent's mate it allows.
    pub mate_in: Option<u32>,
}

/// The search state, reusable from one position to the next (tables are
/// allocated once; what they learnt is forgotten at each call).
#[derive(Default)]
pub struct Searcher {
    mate: MateSearch,
    engine: Engine,
    /// The depth the engine's last ranking completed.
    depth: u32,
}

impl Searcher {
    pub fn new() -> Searcher {
        Searcher { mate: MateSearch::new(), engine: Engine::new(), depth: 0 }
    }

    /// Nodes the mate search visited in the last call (for benchmarks).
    pub fn mate_nodes(&self) -> u64 {
        self.mate.nodes
    }

    /// The engine behind the ranking (its table is reused, not shared:
    /// each `rank` starts it afresh).
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// The depth the engine's last ranking completed, for benchmarks.
    pub fn strategy_depth(&self) -> u32 {
        self.depth
    }

    /// Every legal move, best first by the engine alone (rule 3), searched
    /// within `SUGGESTION_NODES`; a single legal move needs no search.
    pub fn rank(&mut self, pos: &Position) -> Vec<Move> {
        let moves = pos.legal_moves();
        if moves.len() <= 1 {
            return moves.to_vec();
        }
        let found = self.engine.search(pos, &[], &Limits::nodes(SUGGESTION_NODES), &mut |_| {});
        self.depth = found.as_ref().map_or(0, |f| f.depth);
        found.map(|f| f.root_moves.iter().map(|r| r.mv).collect()).unwrap_or_default()
    }

    /// The fastest forced mate for the side to move in at most `max_moves`
    /// of its moves (at most `MAX_MOVES`): its first move and its length.
    pub fn mate_in(&mut self, pos: &Position, max_moves: u32) -> Option<(Move, u32)> {
        self.mate.new_search();
        self.mate.shortest(pos, max_moves, 0)
    }

    /// Whether the side to move forces mate within `n` of its moves (at
    /// most `MAX_MOVES`).
    pub fn mates_within(&mut self, pos: &Position, n: u32) -> bool {
        self.mate.new_search();
        self.mate.mates_within(pos, n)
    }

    /// Whether the side to move is checkmated now or within `n` further
    /// moves of its opponent (at most `MAX_MOVES - 1`), whatever it plays.
    pub fn mated_within(&mut self, pos: &Position, n: u32) -> bool {
        self.mate.new_search();
        self.mate.mated_within(pos, n)
    }

    /// The suggested move; `None` only when there is no legal move.
    pub fn suggest(&mut self, pos: &Position) -> Option<Found> {
        self.mate.new_search();
        let moves = pos.legal_moves();
        let first = *moves.first()?;

        // 1. Our own fastest mate.
        if let Some((m, n)) = self.mate.shortest(pos, MATE_HORIZON, 0) {
            return Some(Found { best: m, reason: Reason::Mate, mate_in: Some(n) });
        }

        // The opponent's threat: its fastest mate if we could pass.
        let threat = pos.null_move().and_then(|passed| self.mate.shortest(&passed, MATE_HORIZON, 0));
        // Tried first when testing each candidate: the move that mates if
        // the candidate does nothing about the threat.
        let hint = threat.map_or(0, |(m, _)| pack(m));

        // 3. The engine's order.
        let ranked = self.rank(pos);

        // 2. The first move, in that order, that allows no mate.
        let mut longest: Option<(Move, u32)> = None;
        let mut fastest_allowed: Option<u32> = None;
        for &m in &ranked {
            match self.mate.shortest(&pos.after(m), MATE_HORIZON, hint) {
                None => {
                    // In check there is no pass to ask what the opponent
                    // threatens: a mate allowed by a move the strategy
                    // preferred is the threat then.
                    let stopped = threat.map(|(_, n)| n).or(if pos.is_check() { fastest_allowed } else { None });
                    let reason = if stopped.is_some() { Reason::AvoidsMate } else { Reason::Strategy };
                    return Some(Found { best: m, reason, mate_in: stopped });
                }
                Some((_, n)) => {
                    fastest_allowed = Some(fastest_allowed.map_or(n, |f| f.min(n)));
                    if longest.is_none_or(|(_, l)| n > l) {
                        longest = Some((m, n));
                    }
                }
            }
        }
        let (best, n) = longest.unwrap_or((first, 0));
        Some(Found { best, reason: Reason::OnlyMoves, mate_in: Some(n) })
    }
}

thread_local! {
    /// One searcher per thread, so repeated suggestions reuse its tables.
    static SEARCHER: RefCell<Searcher> = RefCell::new(Searcher::new());
}

/// Runs `f` with this thread's searcher (or a fresh one if it is busy).
fn with_searcher<T>(f: impl FnOnce(&mut Searcher) -> T) -> T {
    SEARCHER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut searcher) => f(&mut searcher),
        Err(_) => f(&mut Searcher::new()),
    })
}

/// The suggested move for the side to move; `None` only when it has no
/// legal move.
pub fn suggest(pos: &Position) -> Option<Found> {
    with_searcher(|s| s.suggest(pos))
}

/// The fastest forced mate for the side to move in at most `max_moves` of
/// its moves (at most `MAX_MOVES`): its first move and its length.
pub fn mate_in(pos: &Position, max_moves: u32) -> Option<(Move, u32)> {
    with_searcher(|s| s.mate_in(pos, max_moves))
}

/// Whether the legal move `m` gives check (exposed for tests).
pub fn gives_check(pos: &Position, m: Move) -> bool {
    CheckInfo::new(pos).gives_check(pos, m)
}
