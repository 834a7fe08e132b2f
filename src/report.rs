//! The report on every move of a game, for every game alike: its shape
//! (what the page draws: marks beside the moves, facts under them, an
//! evaluation graph), computed a ply at a time for progress; one scale of
//! winning chances and one set of marks for every game. Chess's report
//! proves mate facts (`chess::report`); Congo's and checkers' come from the
//! course's own search values (`ValueReporter`). This layer knows no game;
//! each game's adapter gives its reporter (`GameAdapter::reporter`).

use crate::outcome::Outcome;

/// What the report says of one ply of the main line.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct ReportPly {
    /// The ply's place in the main line, from 1.
    pub ply: usize,
    pub notation: String,
    /// The evaluation after the move, in the game's words (`+1.25`, `#-2`
    /// for chess; the search's value for Congo and checkers); `None` once
    /// the game is over.
    pub eval: Option<String>,
    /// What the graph draws: the first player's chances after the move,
    /// from -1 (lost) to +1 (won).
    pub value: f64,
    /// `??`, `?` or `?!` by the chances the mover lost; `None` for a good move.
    pub mark: Option<&'static str>,
    /// What the mate search proves about the move (chess only).
    pub facts: Vec<ReportFact>,
    /// The best line from the position after the move, a few plies.
    pub pv: Vec<String>,
    /// Why the move is marked, in one sentence (`the reply Nxe5 wins a
    /// knight.`); chess only.
    pub why: Option<String>,
    /// For a marked move, a better move from the position before it and
    /// its line (the better move first), to show on the board.
    pub better_line: Vec<ReportMove>,
}

/// A proven mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct ReportFact {
    /// `missed_mate` or `allows_mate`.
    pub kind: &'static str,
    /// Moves to mate.
    pub n: u32,
    /// The sentence: `missed mate in 2 (Qxh7+)`, `allows mate in 1 (Qf7#)`.
    pub text: String,
    /// A better move from the position before the ply (the mate missed,
    /// or a move that allows no such mate), to draw as an arrow there.
    pub better: ReportMove,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReportMove {
    pub notation: String,
    pub from: String,
    pub to: String,
}

/// The position before the first move.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReportStart {
    pub eval: Option<String>,
    pub value: f64,
    pub pv: Vec<String>,
}

/// How the report's evaluations are made, in words for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReportMethod {
    /// What judged the moves, to follow "Judged by": `this board's engine at
    /// 40,000 positions a move (depth 10 at the start) and 160,000 for a
    /// move it marks, with mates in 3 or fewer proven by an exact search`, `the course's alpha-beta at depth 4`.
    pub text: String,
    /// Whether facts are proven (chess only).
    pub proven: bool,
}

#[cfg(feature = "engine")]
crate::json::json_object!(ReportPly {
    ply,
    notation,
    eval,
    value,
    mark,
    facts,
    pv,
    why,
    "betterLine": better_line,
});
crate::json::json_object!(ReportFact { kind, n, text, better });
crate::json::json_object!(ReportMove { notation, from, to });
#[cfg(feature = "engine")]
crate::json::json_object!(ReportStart { eval, value, pv });
crate::json::json_object!(ReportMethod { text, proven });

/// A report made a ply at a time.
pub trait PlyReporter {
    fn start(&self) -> ReportStart;
    /// How many plies the report will have.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn method(&self) -> ReportMethod;
    /// The next ply's report, until the last legal ply of the main line.
    fn next_ply(&mut self) -> Option<ReportPly>;
}

/// The most plies a report covers: a ply takes about 4 ms natively and
/// 5 ms as wasm (chess: `cargo bench --bench report`), so a report takes
/// at most about five seconds; a longer game is reported up to there (no
/// real game is: the longest tournament games have about 600 plies).
pub const MAX_REPORT_PLIES: usize = 1000;

/// A reporter that stops after `MAX_REPORT_PLIES`, and says so in its method.
pub struct Capped {
    pub inner: Box<dyn PlyReporter>,
    pub reported: usize,
}

impl PlyReporter for Capped {
    fn start(&self) -> ReportStart {
        self.inner.start()
    }

    fn len(&self) -> usize {
        self.inner.len().min(MAX_REPORT_PLIES)
    }

    fn method(&self) -> ReportMethod {
        let mut method = self.inner.method();
        let all = self.inner.len();
        if all > MAX_REPORT_PLIES {
            method.text.push_str(&format!(
                "; the first {MAX_REPORT_PLIES} plies of {all} (at most {MAX_REPORT_PLIES} are reported)"
            ));
        }
        method
    }

    fn next_ply(&mut self) -> Option<ReportPly> {
        if self.reported >= MAX_REPORT_PLIES {
            return None;
        }
        self.reported += 1;
        self.inner.next_ply()
    }
}

/// Why a text has no report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoReport(pub String);

/// Centipawns beyond this count as this for winning chances (as lichess).
const CHANCES_CAP: u32 = 1_000;

/// The first player's winning chances for a value in hundredths of a pawn
/// (lichess's formula: `2 / (1 + e^(-0.00368208 v)) - 1`, v capped at
/// 1000), computed for |v| so that the other side's chances are exactly
/// the negation. With our own `exp`: the standard one may differ in the
/// last bit between native and wasm builds, and a mark must not.
pub fn winning_chances(hundredths: i32) -> f64 {
    let magnitude = hundredths.unsigned_abs().min(CHANCES_CAP);
    let chances = 2.0 / (1.0 + exp(-0.003_682_08 * f64::from(magnitude))) - 1.0;
    if hundredths < 0 {
        -chances
    } else {
        chances
    }
}

/// e^x for |x| <= 4 from plain arithmetic (exact IEEE operations, so the
/// same bits everywhere): e^(x/16) by its series, squared four times.
fn exp(x: f64) -> f64 {
    let y = x / 16.0;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..=12 {
        term *= y / f64::from(k);
        sum += term;
    }
    (0..4).fold(sum, |acc, _| acc * acc)
}

/// The mark for the mover's loss of winning chances (lichess's thresholds:
/// 0.3 or more `??`, 0.2 `?`, 0.1 `?!`).
pub fn mark_for_loss(loss: f64) -> Option<&'static str> {
    if loss >= 0.3 {
        Some("??")
    } else if loss >= 0.2 {
        Some("?")
    } else if loss >= 0.1 {
        Some("?!")
    } else {
        None
    }
}

/// A report from a game's own search values (Congo, checkers): each
/// position's value, from the first player's view in hundredths of a pawn,
/// put on chess's scale of winning chances; marks by the chances the mover
/// lost. No facts: nothing here is proven.
pub struct ValueReporter {
    /// The positions (their FEN) before the first move and after each one,
    /// and whether the game is over there (then its value is the result:
    /// the first player's +1, -1, or 0).
    positions: Vec<(String, Option<f64>)>,
    notations: Vec<String>,
    /// The first player to move at each position.
    first_to_move: Vec<bool>,
    value: fn(&str) -> Option<i32>,
    method: String,
    /// The chances of the position before the next ply, once computed.
    known: Option<f64>,
    at: usize,
}

impl ValueReporter {
    /// The reporter for the main line of `outcome`; `value(fen)` is the
    /// search's value of a position from the first player's view.
    pub fn new(outcome: &Outcome, method: String, value: fn(&str) -> Option<i32>) -> ValueReporter {
        let first = outcome.players[0];
        let result = |s: &crate::snapshot::Snapshot| {
            s.over.as_ref().map(|o| match o.winner {
                Some(w) if w == first => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            })
        };
        let mut positions = vec![(outcome.initial.fen.to_string(), result(&outcome.initial))];
        let mut first_to_move = vec![outcome.initial.side_to_move == Some(first)];
        for ply in &outcome.plies {
            positions.push((ply.snapshot.fen.to_string(), result(&ply.snapshot)));
            first_to_move.push(ply.snapshot.side_to_move == Some(first));
        }
        let notations = outcome.plies.iter().map(|p| p.notation.to_string()).collect();
        ValueReporter { positions, notations, first_to_move, value, method, known: None, at: 0 }
    }

    /// The chances and words of position `i`.
    fn evaluate(&mut self, i: usize) -> (f64, Option<String>) {
        let (fen, over) = &self.positions[i];
        if let Some(result) = over {
            return (*result, None);
        }
        match (self.value)(fen) {
            Some(v) => (winning_chances(v), Some(format!("{v:+}"))),
            None => (0.0, None),
        }
    }
}

impl PlyReporter for ValueReporter {
    fn start(&self) -> ReportStart {
        // The start's value is computed with the first ply (the search is
        // not shared); the graph starts from an even game until then.
        ReportStart { eval: None, value: 0.0, pv: Vec::new() }
    }

    fn len(&self) -> usize {
        self.notations.len()
    }

    fn method(&self) -> ReportMethod {
        ReportMethod { text: self.method.clone(), proven: false }
    }

    fn next_ply(&mut self) -> Option<ReportPly> {
        let i = self.at;
        if i >= self.notations.len() {
            return None;
        }
        let before = match self.known {
            Some(v) => v,
            None => self.evaluate(i).0,
        };
        let (after, eval) = self.evaluate(i + 1);
        self.known = Some(after);
        self.at += 1;
        // The mover's view: the first player's chances, or their negation.
        let sign = if self.first_to_move[i] { 1.0 } else { -1.0 };
        let loss = sign * (before - after);
        Some(ReportPly {
            ply: i + 1,
            notation: self.notations[i].clone(),
            eval,
            value: after,
            mark: mark_for_loss(loss),
            facts: Vec::new(),
            pv: Vec::new(),
            why: None,
            better_line: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_exp_matches_the_standard_one() {
        for i in -400..=400 {
            let x = f64::from(i) / 100.0;
            assert!((exp(x) - x.exp()).abs() <= 1e-12 * x.exp(), "{x}");
        }
    }

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!([0.09, 0.1, 0.2, 0.3, -0.5].map(mark_for_loss), [None, Some("?!"), Some("?"), Some("??"), None]);
        assert_eq!(winning_chances(-300), -winning_chances(300));
        assert_eq!(winning_chances(5000), winning_chances(1000));
    }
}
