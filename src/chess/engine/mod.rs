//! A chess engine: iterative deepening principal variation search over the
//! crate's legal move generator, with a transposition table, quiescence,
//! null-move pruning and late move reductions, and a tapered evaluation
//! whose weights were fitted by our own tuner (`tools/engine/`).
//!
//! Deterministic: budgets count nodes, never time, and every table is
//! cleared at the start of each `Engine::search`, so the same position,
//! history and limits give the same answer natively and as wasm, whatever
//! was searched before. A time limit (for the UCI program) is a `stop`
//! callback, polled every 512 nodes; the library never reads a
//! clock (`std::time` panics on `wasm32-unknown-unknown`).
//!
//! The proposed budgets (`cargo bench --bench engine` measures them):
//!
//! - [`SUGGESTION_NODES`] for the suggested move (target: median 300 ms or
//!   less as wasm in Chromium);
//! - [`REPORT_NODES`] for each position of the game report (target: a
//!   100-ply game in 5 s natively, 20 s as wasm).

mod eval;
mod limits;
mod ordering;
mod params;
mod pawn_table;
mod pawns;
mod pieces;
mod root;
mod search;
mod see;
mod terms;
mod tt;
mod weighted;

pub use eval::{evaluate, trace, Trace, MAX_PHASE};
pub use limits::{Limits, MAX_DEPTH};
/// The evaluation's weights (for the tuner, which starts from them).
pub use params::PARAMS;
pub use terms::{GROUPS, PARAM_COUNT};

use super::moves::Move;
use super::position::Position;
use ordering::Heuristics;
use pawn_table::PawnTable;
use search::Searcher;
use tt::Table;

/// Nodes for the suggested move.
pub const SUGGESTION_NODES: u64 = 150_000;
/// Nodes for each position of the game report.
pub const REPORT_NODES: u64 = 40_000;
/// The table size of `Engine::new()`, in MiB: small enough for the page.
pub const DEFAULT_HASH_MIB: usize = 8;
/// The largest table `with_hash_mib` makes.
pub const MAX_HASH_MIB: usize = tt::MAX_MIB;

/// A score from the side to move's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Hundredths of a pawn.
    Centipawns(i32),
    /// Mate in this many moves of the side to move; negative when the side
    /// to move is mated (`Mate(0)`... never: a mated side has no move).
    Mate(i32),
}

impl Score {
    /// The score seen from the other side.
    pub fn flip(self) -> Score {
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }
}

/// A root move and its score in the last iteration that searched it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RootMove {
    pub mv: Move,
    pub score: Score,
    /// Whether `score` is exact; otherwise the move is at most this good
    /// (it was refuted without finding its exact value).
    pub exact: bool,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Move,
    pub score: Score,
    /// The last completed iteration.
    pub depth: u32,
    /// The principal variation, `best` first.
    pub pv: Vec<Move>,
    /// Nodes searched in all.
    pub nodes: u64,
    /// Every legal move, best first (`best` is the first).
    pub root_moves: Vec<RootMove>,
}

/// Progress, reported after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// The engine: owns its tables, reusable from one search to the next.
pub struct Engine {
    table: Table,
    heuristics: Heuristics,
    /// Pure cache (keyed by the pawns in full): never cleared, never
    /// changes a value.
    pawns: PawnTable,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine with a `DEFAULT_HASH_MIB` table.
    pub fn new() -> Engine {
        Engine::with_hash_mib(DEFAULT_HASH_MIB)
    }

    /// An engine with a table of about `mib` MiB (at least one entry, at
    /// most `MAX_HASH_MIB`; less when the memory cannot be had).
    pub fn with_hash_mib(mib: usize) -> Engine {
        Engine { table: Table::with_mib(mib), heuristics: Heuristics::new(), pawns: PawnTable::new() }
    }

    /// Searches `pos` within `limits`; `history` holds the hashes of the
    /// game's earlier positions, oldest first, so that repetitions count
    /// as draws. `info` hears of each completed iteration. `None` when the
    /// side to move has no legal move.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        self.clear();
        self.search_keeping_tables(pos, history, limits, info)
    }

    /// `search`, keeping what earlier searches stored in the table: faster
    /// from one move of a game to the next (and no table to clear), but
    /// the answer then depends on those searches. For the UCI program, not
    /// where the same question must get the same answer.
    pub fn search_keeping_tables(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        self.table.new_search();
        self.heuristics.clear();
        Searcher::new(&mut self.table, &mut self.heuristics, &mut self.pawns, history, limits).run(pos, info)
    }

    /// Forgets everything searches stored (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.heuristics.clear();
    }
}
