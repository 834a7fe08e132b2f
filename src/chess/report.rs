//! The game report: for every ply of a game, the evaluation of the position
//! after it, a mark from what the move lost, the mistakes the exact mate
//! search proves (issue 12), and for a marked move why, in one sentence
//! from the engine's lines (issue 33).
//!
//! - **Facts** (exact, `N <= MATE_HORIZON`):
//!   - `missed mate in N (BEST)`: before the move the mover had a forced mate
//!     in N (the fastest, BEST a first move of one), and after it the
//!     opponent is not mated within N - 1 further moves of the mover;
//!   - `allows mate in N (REPLY)`: after the move the opponent mates in N
//!     (the fastest, REPLY its first move), and some other legal move would
//!     have left it no mate in N or fewer.
//! - **Evaluation** of the position after the move, from White's view: `#N`
//!   / `#-N` when the mate search proves a mate within the horizon for
//!   White / Black (for the side to move or against it), else the engine's
//!   centipawns (`chess::engine`, `REPORT_NODES` a position, put on
//!   Stockfish's scale by `CP_SCALE_PERCENT`); none once the game is over.
//!   Nothing depends on time, so native and wasm agree.
//! - **Consistency**: the positions of a game are searched in order with one
//!   table, so the search after a move finds what the search before it saw;
//!   when the move played is the engine's best, its value after the move is
//!   the search before it's (it loses nothing).
//! - **Mark** from the mover's loss of winning chances alone (see
//!   `Mark::for_loss`), as lichess's.
//! - **Why** (marked moves): the mate missed or allowed, else the material
//!   the reply wins or the better move would have won, counted along the
//!   engine's lines and the captures pending at their ends
//!   (`chess::exchange`), else the two evaluations.
//!
//! `Reporter::ply` takes the evaluation of the position before the move
//! (from `Reporter::evaluate` or the previous ply) and returns the one
//! after it, so a worker can report a ply at a time; `GameReport` does
//! exactly that over a whole game.

use super::analysis::{read, Builds, Snapshots};
use super::engine::{Limits, Score, REPORT_NODES};
use super::exchange;
use super::notation::san::{san, sans};
use super::search::{Searcher, MATE_HORIZON};
use super::{Color, Move, Position};
use crate::options::NotationChoice;
use std::fmt;

/// How long a principal variation is, at most (plies).
pub const PV_PLIES: usize = 6;

/// Nodes of the engine's search per position evaluated.
pub const EVAL_NODE_BUDGET: u64 = REPORT_NODES;

/// Nodes of the deeper searches, of the position before a move and the
/// one after it, that judge again a move the first searches would mark.
pub const VERIFY_NODE_BUDGET: u64 = 4 * REPORT_NODES;

/// The engine's centipawns times this, over 100, are the report's: fitted
/// so that lichess's winning chances from them agree with those from
/// Stockfish 15.1's evaluations (`tools/report/calibrate.py`), since the
/// marks keep lichess's thresholds.
pub const CP_SCALE_PERCENT: i32 = 100;

/// A material difference the why names (centipawns): a pawn.
const MATERIAL_NAMED: i32 = 100;

/// A strategic mate beyond the mate search's horizon is not proven: it is
/// shown as this many centipawns.
const UNPROVEN_MATE_CP: i32 = 10_000;

/// An evaluation from White's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// The engine's value, in hundredths of a pawn.
    Centipawns(i32),
    /// A forced mate proven by the mate search, in that many moves of the
    /// mating side: positive when White mates, negative when Black does.
    Mate(i32),
}

impl fmt::Display for Eval {
    /// `+1.25`, `-0.40`, `0.00`, `#2`, `#-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Mate(n) => write!(f, "#{n}"),
            Eval::Centipawns(0) => f.write_str("0.00"),
            Eval::Centipawns(cp) => {
                let sign = if cp > 0 { '+' } else { '-' };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
        }
    }
}

/// How bad a move was, by the winning chances it lost.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?!`: lost at least 0.1 of winning chances.
    Inaccuracy,
    /// `?`: lost at least 0.2.
    Mistake,
    /// `??`: lost at least 0.3.
    Blunder,
}

impl Mark {
    /// The mark for a loss of winning chances (on lichess's scale, from -1,
    /// lost, to +1, won): 0.3 or more a blunder, 0.2 a mistake, 0.1 an
    /// inaccuracy (lichess's thresholds).
    pub fn for_loss(loss: f64) -> Option<Mark> {
        match crate::report::mark_for_loss(loss) {
            Some("??") => Some(Mark::Blunder),
            Some("?") => Some(Mark::Mistake),
            Some(_) => Some(Mark::Inaccuracy),
            None => None,
        }
    }

    /// The glyph: `?!`, `?` or `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.glyph())
    }
}

/// A mistake proven by the exact mate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The mover had a forced mate in `n` and the move played lets it go
    /// (or makes it slower). `best` starts a fastest mate; `san` is its SAN.
    MissedMate { n: u32, best: Move, san: String },
    /// After the move the opponent mates in `n` (its fastest), though
    /// `better` (another legal move) would have left it no mate in `n` or
    /// fewer. `reply` is the opponent's first mating move; `san` its SAN.
    AllowsMate { n: u32, reply: Move, san: String, better: Move },
}

impl fmt::Display for Fact {
    /// `missed mate in 2 (Qxh7+)`, `allows mate in 1 (Qf7#)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fact::MissedMate { n, san, .. } => write!(f, "missed mate in {n} ({san})"),
            Fact::AllowsMate { n, san, .. } => write!(f, "allows mate in {n} ({san})"),
        }
    }
}

/// What the report knows of one position, computed once.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    /// `None` once the game is over (checkmate or stalemate).
    pub eval: Option<Eval>,
    /// White's winning chances, from -1 (Black wins) to +1 (White wins):
    /// what the marks compare, and what a graph can draw.
    pub chances: f64,
    /// The best line from here, at most `PV_PLIES` (a mate's line when a
    /// mate is proven, the engine's otherwise).
    pub pv: Vec<Move>,
    /// The side to move's fastest forced mate within `MATE_HORIZON`: its
    /// first move and its length.
    pub mate: Option<(Move, u32)>,
    /// The engine's search, when it judged the position (no mate proven,
    /// the game not over).
    pub search: Option<Searched>,
}

/// What the engine's search of a position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// From the side to move's view, on the engine's own scale.
    pub score: Score,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Its whole principal variation, the best move first.
    pub line: Vec<Move>,
}

impl PositionEval {
    /// The engine's best move, when it judged the position.
    fn engine_best(&self) -> Option<Move> {
        self.search.as_ref().and_then(|s| s.line.first().copied())
    }

    /// The best line from here, as long as it is known: a proven mate's,
    /// else the engine's whole line.
    fn best_line(&self) -> &[Move] {
        self.search.as_ref().map_or(&self.pv, |s| &s.line)
    }
}

/// Why a move is marked, from the engine's lines and the mate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// `best` (SAN) would have forced mate in `n`.
    MissedMate { n: u32, best: String },
    /// The reply (SAN) forces mate in `n`: proven by the mate search, or
    /// only seen by the engine (beyond the mate search's horizon).
    AllowsMate { n: u32, reply: String, proven: bool },
    /// The reply (SAN) wins `material` (in words: `a knight`, `a rook for a
    /// bishop`), and the better move (SAN) would have won `instead`.
    ReplyWins { reply: String, material: String, instead: Option<(String, String)> },
    /// The better move (SAN) would have won `material`.
    BetterWins { better: String, material: String },
    /// The better move (SAN) keeps `better`; the move played gives `played`.
    Better { better: String, kept: Eval, played: Eval },
    /// The move stalemates the opponent, where the better move (SAN) keeps `kept`.
    Stalemate { better: String, kept: Eval },
}

impl fmt::Display for Why {
    /// One sentence, without its full stop: `the reply Nxe5 wins a knight`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::MissedMate { n: 1, best } => write!(f, "{best} would have mated"),
            Why::MissedMate { n, best } => write!(f, "{best} would have forced mate in {n}"),
            Why::AllowsMate { n: 1, reply, .. } => write!(f, "the reply {reply} mates"),
            Why::AllowsMate { n, reply, proven: true } => write!(f, "the reply {reply} forces mate in {n}"),
            Why::AllowsMate { n, reply, proven: false } => {
                write!(f, "after the reply {reply} the engine sees mate in {n}")
            }
            Why::ReplyWins { reply, material, instead: None } => write!(f, "the reply {reply} wins {material}"),
            Why::ReplyWins { reply, material, instead: Some((better, won)) } => {
                write!(f, "the reply {reply} wins {material}, where {better} would have won {won}")
            }
            Why::BetterWins { better, material } => write!(f, "{better} would have won {material}"),
            Why::Better { better, kept, played } => {
                write!(f, "{better} was better: {kept}, where this move gives {played}")
            }
            Why::Stalemate { better, kept } => write!(f, "this move stalemates: a draw, where {better} keeps {kept}"),
        }
    }
}

/// The report on one ply.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReport {
    /// The move as played, in SAN with `+` or `#`.
    pub san: String,
    /// The evaluation of the position after the move.
    pub eval: Option<Eval>,
    /// White's winning chances after the move (see `PositionEval`).
    pub chances: f64,
    /// White's winning chances before the move as the mark judged them:
    /// the previous evaluation's, or the deeper search's of that position
    /// when the move was judged again (`VERIFY_NODE_BUDGET`).
    pub judged_from: f64,
    /// The principal variation from the position after the move.
    pub pv: Vec<Move>,
    /// `??`, `?` or `?!`, or none.
    pub mark: Option<Mark>,
    /// Missed mate first, then allowed mate.
    pub facts: Vec<Fact>,
    /// Why the move is marked (marked moves only).
    pub why: Option<Why>,
    /// For a marked move: a better move from the position before it and
    /// its line (the engine's, or the mate missed), to show on the board.
    pub better: Vec<Move>,
}

impl PlyReport {
    /// The command line's columns after PLY: `SAN\tEVAL\tMARK\tFACTS`.
    pub fn columns(&self) -> String {
        let eval = self.eval.map(|e| e.to_string()).unwrap_or_default();
        let mark = self.mark.map_or("-", Mark::glyph);
        let facts = if self.facts.is_empty() {
            "-".to_string()
        } else {
            self.facts.iter().map(Fact::to_string).collect::<Vec<_>>().join("; ")
        };
        format!("{}\t{eval}\t{mark}\t{facts}", self.san)
    }
}

/// The searches behind a report (their tables are allocated once).
#[derive(Default)]
pub struct Reporter {
    searcher: Searcher,
}

impl Reporter {
    pub fn new() -> Reporter {
        Reporter { searcher: Searcher::new() }
    }

    /// Evaluates a position on its own (the start of a game, or the
    /// position on screen): the engine's table starts afresh.
    pub fn evaluate(&mut self, pos: &Position) -> PositionEval {
        self.searcher.engine().clear();
        self.evaluate_from(pos, &[], 1, EVAL_NODE_BUDGET)
    }

    /// Reports the legal move `m` played from `before`, whose evaluation
    /// `known` is (from `evaluate`, or from the previous ply); `history`
    /// holds the hashes of the game's positions before `before`, oldest
    /// first (repetitions are draws). Returns the evaluation of the
    /// position after the move for the next ply. `None` when `m` is not
    /// legal in `before`.
    ///
    /// The engine keeps its table from the searches before: a game's
    /// plies reported in order by one reporter give the same report every
    /// time, natively and as wasm.
    pub fn ply(
        &mut self,
        history: &[u64],
        before: &Position,
        known: &PositionEval,
        m: Move,
    ) -> Option<(PlyReport, PositionEval)> {
        if !before.legal_moves().contains(&m) {
            return None;
        }
        let mover = before.turn();
        let after = before.after(m);
        // Exact shortcut: a mate in j against the opponent after the move is
        // a mate in j + 1 for the mover before it, so no j shorter than
        // the mover's fastest mate minus one (or than the horizon, without
        // one) needs looking for.
        let shortest_loss = known.mate.map_or(MATE_HORIZON, |(_, n)| n.saturating_sub(1)).max(1);
        let mut seen = history.to_vec();
        seen.push(before.hash());
        let now = self.evaluate_from(&after, &seen, shortest_loss, EVAL_NODE_BUDGET);

        let mut facts = Vec::new();
        if let Some((best, n)) = known.mate {
            let kept = after.is_checkmate()
                || matches!(now.eval, Some(Eval::Mate(k)) if k.signum() == sign(mover) && k.unsigned_abs() < n);
            if !kept {
                facts.push(Fact::MissedMate { n, best, san: san(before, best) });
            }
        }
        if let Some((reply, n)) = now.mate {
            if let Some(better) = self.avoiding(before, m, n, known.pv.first().copied()) {
                facts.push(Fact::AllowsMate { n, reply, san: san(&after, reply), better });
            }
        }

        let mut known = std::borrow::Cow::Borrowed(known);
        let mut now = now;
        let mut judged = judge(&known, &now, m, mover);
        // A move the first searches would mark is judged again by deeper
        // ones of both positions: at REPORT_NODES the engine's values swing
        // enough to mark good moves. The deeper value after the move is the
        // one the next ply starts from.
        if Mark::for_loss(judged.loss).is_some() && known.search.is_some() && now.search.is_some() {
            known = std::borrow::Cow::Owned(self.evaluate_from(before, history, 1, VERIFY_NODE_BUDGET));
            now = self.evaluate_from(&after, &seen, shortest_loss, VERIFY_NODE_BUDGET);
            judged = judge(&known, &now, m, mover);
        }
        let Judged { eval, chances, pv, loss } = judged;
        let mark = Mark::for_loss(loss);
        let (why, better) = match mark {
            Some(_) => self.why(before, m, &known, &now, &facts, eval),
            None => (None, Vec::new()),
        };
        let judged_from = known.chances;
        let report = PlyReport { san: san(before, m), eval, chances, judged_from, pv, mark, facts, why, better };
        Some((report, now))
    }

    /// Why the move `m` from `before` is marked, and the better line shown
    /// with it. `played` is the evaluation the report gives the move.
    fn why(
        &mut self,
        before: &Position,
        m: Move,
        known: &PositionEval,
        now: &PositionEval,
        facts: &[Fact],
        played: Option<Eval>,
    ) -> (Option<Why>, Vec<Move>) {
        let after = before.after(m);
        let better_line: Vec<Move> = known.best_line().iter().take(PV_PLIES).copied().collect();
        // The first fact says it all (a missed mate before an allowed one).
        match facts.first() {
            Some(Fact::MissedMate { n, san, .. }) => {
                return (Some(Why::MissedMate { n: *n, best: san.clone() }), known.pv.clone());
            }
            Some(Fact::AllowsMate { n, san, better, .. }) => {
                let line = if better_line.first() == Some(better) { better_line } else { vec![*better] };
                return (Some(Why::AllowsMate { n: *n, reply: san.clone(), proven: true }), line);
            }
            None => {}
        }
        let better_line = if better_line.first() == Some(&m) { Vec::new() } else { better_line };
        let better = better_line.first().map(|&b| san(before, b));
        // A mate the engine sees against the mover, beyond the horizon.
        if let (Some(s), Some(&reply)) = (now.search.as_ref(), now.best_line().first()) {
            if let Score::Mate(n) = s.score {
                let before_mated = matches!(known.search.as_ref().map(|k| k.score), Some(Score::Mate(k)) if k < 0);
                if n > 0 && !before_mated {
                    let why = Why::AllowsMate { n: n as u32, reply: san(&after, reply), proven: false };
                    return (Some(why), better_line);
                }
            }
        }
        let Some(better) = better else { return (None, Vec::new()) };
        if after.is_stalemate() {
            return (known.eval.map(|kept| Why::Stalemate { better, kept }), better_line);
        }
        // Material along each line as the page shows it (the engine's lines
        // cut to `PV_PLIES`) and the captures pending at its end, from the
        // mover's view, both from before the move: the sentence claims only
        // what its line shows, not what the engine found deeper.
        let mut played_line = vec![m];
        played_line.extend(now.best_line().iter().take(PV_PLIES));
        let (played_won, _) = exchange::along(before, before.turn(), &played_line);
        let (better_won, _) = exchange::along(before, before.turn(), &better_line);
        let reply = now.best_line().first().map(|&r| san(&after, r));
        let why = match (played_won.value(), better_won.value(), reply) {
            (p, b, Some(reply)) if b - p >= MATERIAL_NAMED && p <= -MATERIAL_NAMED => Some(Why::ReplyWins {
                reply,
                material: played_won.flip().words().unwrap_or_default(),
                instead: better_won.words().filter(|_| b >= MATERIAL_NAMED).map(|w| (better.clone(), w)),
            }),
            (p, b, _) if b - p >= MATERIAL_NAMED && b >= MATERIAL_NAMED => {
                better_won.words().map(|material| Why::BetterWins { better: better.clone(), material })
            }
            _ => None,
        };
        let why = why.or_else(|| Some(Why::Better { better, kept: known.eval?, played: played? }));
        (why, better_line)
    }

    /// A legal move of `pos` other than `played` after which the opponent
    /// has no mate in `n` or fewer: `first` (the best line's move) if it
    /// is one, else the first in generation order.
    fn avoiding(&mut self, pos: &Position, played: Move, n: u32, first: Option<Move>) -> Option<Move> {
        let moves = pos.legal_moves();
        first
            .into_iter()
            .chain(moves.iter().copied())
            .filter(|&m| m != played && moves.contains(&m))
            .find(|&m| !self.searcher.mates_within(&pos.after(m), n))
    }

    /// Evaluates `pos`, knowing that the side to move cannot be mated
    /// within fewer than `shortest_loss` further moves; `history` as for
    /// `ply`, the game's positions before `pos`; the engine searches `nodes`.
    fn evaluate_from(&mut self, pos: &Position, history: &[u64], shortest_loss: u32, nodes: u64) -> PositionEval {
        let us = pos.turn();
        if !pos.has_legal_moves() {
            let chances = if pos.is_check() { -f64::from(sign(us)) } else { 0.0 };
            return PositionEval { eval: None, chances, pv: Vec::new(), mate: None, search: None };
        }
        if let Some((m, n)) = self.searcher.mate_in(pos, MATE_HORIZON) {
            return PositionEval {
                eval: Some(Eval::Mate(sign(us) * n as i32)),
                chances: f64::from(sign(us)),
                pv: self.mate_line(pos, us, n),
                mate: Some((m, n)),
                search: None,
            };
        }
        if let Some(n) = (shortest_loss..=MATE_HORIZON).find(|&n| self.searcher.mated_within(pos, n)) {
            return PositionEval {
                eval: Some(Eval::Mate(sign(!us) * n as i32)),
                chances: f64::from(sign(!us)),
                pv: self.mate_line(pos, !us, n),
                mate: None,
                search: None,
            };
        }
        let limits = Limits::nodes(nodes);
        let history = repeated_only(history, pos.hash());
        let Some(found) = self.searcher.engine().search_keeping_tables(pos, &history, &limits, &mut |_| {}) else {
            // Unreachable: the position has a legal move.
            return PositionEval { eval: None, chances: 0.0, pv: Vec::new(), mate: None, search: None };
        };
        let cp = shown_centipawns(found.score) * sign(us);
        PositionEval {
            eval: Some(Eval::Centipawns(cp)),
            chances: winning_chances(cp),
            pv: found.pv.iter().take(PV_PLIES).copied().collect(),
            mate: None,
            search: Some(Searched { score: found.score, depth: found.depth, line: found.pv }),
        }
    }

    /// A line of the forced mate `attacker` has in `n` of its moves: its
    /// fastest mating moves, and the replies that delay the mate longest.
    fn mate_line(&mut self, pos: &Position, attacker: Color, mut n: u32) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = *pos;
        while line.len() < PV_PLIES && n > 0 {
            let m = if pos.turn() == attacker {
                let Some((m, k)) = self.searcher.mate_in(&pos, n) else { break };
                n = k - 1;
                m
            } else {
                let mut longest: Option<(Move, u32)> = None;
                for &d in &pos.legal_moves() {
                    let k = self.searcher.mate_in(&pos.after(d), n).map_or(0, |(_, k)| k);
                    if longest.is_none_or(|(_, l)| k > l) {
                        longest = Some((d, k));
                    }
                }
                let Some((d, k)) = longest else { break };
                n = k;
                d
            };
            line.push(m);
            pos = pos.after(m);
        }
        line
    }
}

/// The game's earlier positions as the engine should see them: only those
/// that came twice already (with `root`, the position searched, counted),
/// so that reaching one again is a threefold repetition; the others are
/// blanked (0), their places kept (the engine counts back by plies). The
/// engine takes any return to a position of its history for a draw: with
/// the whole game, a side that went back once to an old position would be
/// judged to hold a draw it does not have (as Stockfish decides it).
fn repeated_only(history: &[u64], root: u64) -> Vec<u64> {
    let count = |h: u64| history.iter().filter(|&&k| k == h).count() + usize::from(h == root);
    history.iter().map(|&h| if count(h) >= 2 { h } else { 0 }).collect()
}

/// The report's centipawns for an engine score (the side to move's view):
/// calibrated to Stockfish's scale; a mate the engine sees beyond the mate
/// search's horizon is not proven, and shows as `UNPROVEN_MATE_CP`.
pub fn shown_centipawns(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp.saturating_mul(CP_SCALE_PERCENT) / 100,
        Score::Mate(n) if n > 0 => UNPROVEN_MATE_CP,
        Score::Mate(_) => -UNPROVEN_MATE_CP,
    }
}

/// What judged the moves, to follow "Judged by": the engine, its budget
/// and the depth it reached from `start`.
pub fn method(start: &PositionEval) -> String {
    let depth = start.search.as_ref().map_or(String::new(), |s| format!(" (depth {} at the start)", s.depth));
    format!(
        "this board's engine at {} positions a move{depth} and {} for a move it marks, with mates in {MATE_HORIZON} or fewer proven by an exact search",
        thousands(EVAL_NODE_BUDGET),
        thousands(VERIFY_NODE_BUDGET)
    )
}

/// `n` with a comma between its thousands: 160,000.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What a move is judged to give: the evaluation and winning chances
/// after it, its line, and the mover's loss of winning chances.
struct Judged {
    eval: Option<Eval>,
    chances: f64,
    pv: Vec<Move>,
    loss: f64,
}

/// Judges the move `m` of `mover` from the evaluations before and after
/// it. The engine's best move loses nothing: its value after the move is
/// the search before it's, and so is its line (unless the position after
/// it holds a proven mate or ends the game: facts first). The loss is of
/// winning chances alone, as lichess's: a mate allowed from a lost
/// position, or a mate in one missed by a move that still wins, keeps its
/// fact but loses nothing.
fn judge(known: &PositionEval, now: &PositionEval, m: Move, mover: Color) -> Judged {
    let (eval, chances, pv) = match known.search.as_ref() {
        Some(s) if known.engine_best() == Some(m) && now.search.is_some() => {
            (known.eval, known.chances, s.line.iter().skip(1).take(PV_PLIES).copied().collect())
        }
        _ => (now.eval, now.chances, now.pv.clone()),
    };
    let loss = f64::from(sign(mover)) * (known.chances - chances);
    Judged { eval, chances, pv, loss }
}

/// +1 for White, -1 for Black.
fn sign(color: Color) -> i32 {
    color.fold(1, -1)
}

/// White's winning chances for a value in centipawns (the common scale,
/// `report::winning_chances`).
pub fn winning_chances(cp: i32) -> f64 {
    crate::report::winning_chances(cp)
}

/// Reports every ply of a game, one at a time (an iterator, so that a
/// caller can show progress); stops before the first illegal move.
pub struct GameReport {
    reporter: Reporter,
    start: PositionEval,
    pos: Position,
    known: PositionEval,
    moves: std::vec::IntoIter<Move>,
    /// The hashes of the positions before `pos`, oldest first.
    history: Vec<u64>,
}

impl GameReport {
    /// Evaluates the start position; the plies come from `next`.
    pub fn new(start: Position, moves: Vec<Move>) -> GameReport {
        let mut reporter = Reporter::new();
        let first = reporter.evaluate(&start);
        let moves = moves.into_iter();
        GameReport { reporter, start: first.clone(), pos: start, known: first, moves, history: Vec::new() }
    }

    /// The evaluation of the start position (the graph's first point).
    pub fn start(&self) -> &PositionEval {
        &self.start
    }
}

impl Iterator for GameReport {
    type Item = PlyReport;

    fn next(&mut self) -> Option<PlyReport> {
        let m = self.moves.next()?;
        let Some((report, now)) = self.reporter.ply(&self.history, &self.pos, &self.known, m) else {
            self.moves = Vec::new().into_iter();
            return None;
        };
        self.history.push(self.pos.hash());
        self.pos = self.pos.after(m);
        self.known = now;
        Some(report)
    }
}

/// The report of every ply of `moves` played from `start` (up to the first
/// illegal move).
pub fn report_game(start: &Position, moves: &[Move]) -> Vec<PlyReport> {
    GameReport::new(*start, moves.to_vec()).collect()
}

/// The report on a chess text's main line, a ply at a time: proven mate
/// facts and the strategic evaluation (`chess::report`), in the page's words.
pub struct ChessReporter {
    report: GameReport,
    /// The position before the next ply.
    pos: Position,
    moves: Vec<Move>,
    at: usize,
}

/// The reporter for the main line of the chess game `text` holds (up to
/// its last legal ply); refused when the text gives no position to start
/// from (a FEN that gives none: its error, as `analyze` reads it).
pub fn reporter(
    text: &str,
    notation: NotationChoice,
    game_index: usize,
) -> Result<ChessReporter, crate::report::NoReport> {
    // The moves as read, without their snapshots.
    let (outcome, start, line) =
        read(text, notation, game_index, Builds { suggestion: false, snapshots: Snapshots::Deferred });
    if outcome.initial.fen.is_empty() {
        return Err(crate::report::NoReport(outcome.error.map_or(outcome.message, |e| e.reason)));
    }
    let moves: Vec<Move> = line.map(|line| line.plies.iter().map(|ply| ply.m).collect()).unwrap_or_default();
    Ok(ChessReporter { report: GameReport::new(start, moves.clone()), pos: start, moves, at: 0 })
}

impl crate::report::PlyReporter for ChessReporter {
    fn start(&self) -> crate::report::ReportStart {
        let start = self.report.start();
        crate::report::ReportStart {
            eval: start.eval.map(|e| e.to_string()),
            value: start.chances,
            pv: sans(self.pos, &start.pv),
        }
    }

    fn len(&self) -> usize {
        self.moves.len()
    }

    fn method(&self) -> crate::report::ReportMethod {
        crate::report::ReportMethod { text: method(self.report.start()), proven: true }
    }

    fn next_ply(&mut self) -> Option<crate::report::ReportPly> {
        let ply = self.report.next()?;
        let before = self.pos;
        let m = *self.moves.get(self.at)?;
        let after = before.after(m);
        self.pos = after;
        self.at += 1;
        let arrow = |m: Move, notation: String| crate::report::ReportMove {
            notation,
            from: m.from().name().into(),
            to: m.to().name().into(),
        };
        let facts = ply
            .facts
            .iter()
            .map(|fact| match fact {
                Fact::MissedMate { n, best, san: best_san } => crate::report::ReportFact {
                    kind: "missed_mate",
                    n: *n,
                    text: fact.to_string(),
                    better: arrow(*best, best_san.clone()),
                },
                Fact::AllowsMate { n, better, .. } => crate::report::ReportFact {
                    kind: "allows_mate",
                    n: *n,
                    text: fact.to_string(),
                    better: arrow(*better, san(&before, *better)),
                },
            })
            .collect();
        Some(crate::report::ReportPly {
            ply: self.at,
            notation: ply.san.clone(),
            eval: ply.eval.map(|e| e.to_string()),
            value: ply.chances,
            mark: ply.mark.map(|m| m.glyph()),
            facts,
            pv: sans(after, &ply.pv),
            why: ply.why.as_ref().map(|why| format!("{why}.")),
            better_line: sans(before, &ply.better).into_iter().zip(&ply.better).map(|(n, &m)| arrow(m, n)).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_print_as_the_issue_writes_them() {
        let shown: Vec<String> =
            [125, -40, 0, 5, -5, 100, -1234].into_iter().map(|cp| Eval::Centipawns(cp).to_string()).collect();
        assert_eq!(shown, ["+1.25", "-0.40", "0.00", "+0.05", "-0.05", "+1.00", "-12.34"]);
        assert_eq!(Eval::Mate(2).to_string(), "#2");
        assert_eq!(Eval::Mate(-1).to_string(), "#-1");
    }

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::for_loss(0.09), None);
        assert_eq!(Mark::for_loss(-0.5), None);
        assert_eq!(Mark::for_loss(0.1), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(0.2), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(0.29), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(1.5), Some(Mark::Blunder));
        assert!(Mark::Blunder > Mark::Mistake && Mark::Mistake > Mark::Inaccuracy);
        assert_eq!([Mark::Inaccuracy, Mark::Mistake, Mark::Blunder].map(Mark::glyph), ["?!", "?", "??"]);
    }

    #[test]
    fn only_positions_seen_twice_are_repetitions_to_the_engine() {
        // a came twice, c once and is searched now: a third time is a draw;
        // b came once: going back to it is no draw yet.
        assert_eq!(repeated_only(&[1, 2, 1, 3], 3), [1, 0, 1, 3]);
        assert_eq!(repeated_only(&[1, 2, 3], 4), [0, 0, 0]);
    }

    #[test]
    fn winning_chances_are_symmetric_and_capped() {
        assert_eq!(winning_chances(0), 0.0);
        for cp in [1, 37, 300, 999, 4000] {
            assert_eq!(winning_chances(cp), -winning_chances(-cp), "{cp}");
        }
        assert_eq!(winning_chances(1000), winning_chances(5000));
        // lichess: +1.00 is about 0.18 of winning chances.
        assert!((winning_chances(100) - 0.1820).abs() < 1e-3);
    }
}
