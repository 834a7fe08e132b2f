//! The game report: for every ply of a game, the evaluation of the position
//! after it, a mark from what the move lost, and the mistakes the exact mate
//! search proves (issue 12).
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
//!   White / Black (for the side to move or against it), else the strategic
//!   search's centipawns at its fixed node budget; none once the game is
//!   over. Nothing depends on time, so native and wasm agree.
//! - **Mark** from the mover's loss of winning chances (see `Mark::for_loss`);
//!   every `allows mate` and every `missed mate in 1` is at least `?`.
//!
//! Each position is evaluated once: `Reporter::ply` takes the evaluation of
//! the position before the move (from `Reporter::evaluate` or the previous
//! ply) and returns the one after it, so a worker can report a ply at a
//! time; `GameReport` does exactly that over a whole game.

use super::analysis::{read, Builds, Snapshots};
use super::notation::san::{san, sans};
use super::search::{self, Searcher, MATE_BOUND, MATE_HORIZON};
use super::{Color, Move, Position};
use crate::options::NotationChoice;
use std::fmt;

/// How long a principal variation is, at most (plies).
pub const PV_PLIES: usize = 6;

/// Nodes of the strategic search per position evaluated.
pub const EVAL_NODE_BUDGET: u64 = 24_000;

/// A strategic mate beyond the mate search's horizon is not proven: it is
/// shown as this many centipawns.
const UNPROVEN_MATE_CP: i32 = 10_000;

/// An evaluation from White's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// The strategic search's value, in hundredths of a pawn.
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
    /// mate is proven, the strategic search's otherwise).
    pub pv: Vec<Move>,
    /// The side to move's fastest forced mate within `MATE_HORIZON`: its
    /// first move and its length.
    pub mate: Option<(Move, u32)>,
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
    /// The principal variation from the position after the move.
    pub pv: Vec<Move>,
    /// `??`, `?` or `?!`, or none.
    pub mark: Option<Mark>,
    /// Missed mate first, then allowed mate.
    pub facts: Vec<Fact>,
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
    /// position on screen).
    pub fn evaluate(&mut self, pos: &Position) -> PositionEval {
        self.evaluate_from(pos, 1)
    }

    /// Reports the legal move `m` played from `before`, whose evaluation
    /// `known` is (from `evaluate`, or from the previous ply); returns the
    /// evaluation of the position after it for the next ply. `None` when
    /// `m` is not legal in `before`.
    pub fn ply(&mut self, before: &Position, known: &PositionEval, m: Move) -> Option<(PlyReport, PositionEval)> {
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
        let now = self.evaluate_from(&after, shortest_loss);

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

        let loss = f64::from(sign(mover)) * (known.chances - now.chances);
        let mut mark = Mark::for_loss(loss);
        let grave = facts.iter().any(|f| matches!(f, Fact::AllowsMate { .. } | Fact::MissedMate { n: 1, .. }));
        if grave {
            mark = mark.max(Some(Mark::Mistake));
        }
        let report =
            PlyReport { san: san(before, m), eval: now.eval, chances: now.chances, pv: now.pv.clone(), mark, facts };
        Some((report, now))
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
    /// within fewer than `shortest_loss` further moves.
    fn evaluate_from(&mut self, pos: &Position, shortest_loss: u32) -> PositionEval {
        let us = pos.turn();
        if !pos.has_legal_moves() {
            let chances = if pos.is_check() { -f64::from(sign(us)) } else { 0.0 };
            return PositionEval { eval: None, chances, pv: Vec::new(), mate: None };
        }
        if let Some((m, n)) = self.searcher.mate_in(pos, MATE_HORIZON) {
            return PositionEval {
                eval: Some(Eval::Mate(sign(us) * n as i32)),
                chances: f64::from(sign(us)),
                pv: self.mate_line(pos, us, n),
                mate: Some((m, n)),
            };
        }
        if let Some(n) = (shortest_loss..=MATE_HORIZON).find(|&n| self.searcher.mated_within(pos, n)) {
            return PositionEval {
                eval: Some(Eval::Mate(sign(!us) * n as i32)),
                chances: f64::from(sign(!us)),
                pv: self.mate_line(pos, !us, n),
                mate: None,
            };
        }
        let (score, pv) = self.searcher.principal(pos, PV_PLIES, EVAL_NODE_BUDGET).unwrap_or_default();
        let cp = match score {
            s if s > MATE_BOUND => UNPROVEN_MATE_CP,
            s if s < -MATE_BOUND => -UNPROVEN_MATE_CP,
            s => s,
        } * sign(us);
        PositionEval { eval: Some(Eval::Centipawns(cp)), chances: winning_chances(cp), pv, mate: None }
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
}

impl GameReport {
    /// Evaluates the start position; the plies come from `next`.
    pub fn new(start: Position, moves: Vec<Move>) -> GameReport {
        let mut reporter = Reporter::new();
        let first = reporter.evaluate(&start);
        GameReport { reporter, start: first.clone(), pos: start, known: first, moves: moves.into_iter() }
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
        let Some((report, now)) = self.reporter.ply(&self.pos, &self.known, m) else {
            self.moves = Vec::new().into_iter();
            return None;
        };
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
        crate::report::ReportMethod {
            text: format!(
                "mates in {} or fewer proven by the exact mate search; otherwise a search of {},{:03} positions",
                search::MATE_HORIZON,
                EVAL_NODE_BUDGET / 1000,
                EVAL_NODE_BUDGET % 1000
            ),
            proven: true,
        }
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
