//! Mate puzzles, judged by the exact mate search: a position where the side
//! to move forces mate in at most `MATE_HORIZON` moves. A move is right when
//! it keeps a fastest forced mate; the board then answers with the defence
//! that holds out longest, until mate.

use super::moves::Move;
use super::notation::san::{san, sans};
use super::play::move_of;
use super::plies::ply;
use super::position::Position;
use super::search::{Searcher, MATE_HORIZON};
use crate::outcome::{Ply, Refusal};

/// What a move played in a mate puzzle does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// The move mates: solved.
    Mates,
    /// The move keeps a fastest mate; `reply` is the defence that holds out
    /// longest, after which the mover mates in `left` more moves.
    Keeps { reply: Move, left: u32 },
    /// The opponent then forces mate in `n`, starting with `reply`.
    Allows { n: u32, reply: Move },
    /// Still a forced mate, but a slower one (in `n` more moves).
    Slower { n: u32 },
    /// No forced mate within the puzzle's horizon any more.
    Lets { best: Move },
}

/// The side to move's fastest forced mate within `MATE_HORIZON`: its first
/// move and its length; `None` when the position is not a mate puzzle.
pub fn mate_of(pos: &Position) -> Option<(Move, u32)> {
    Searcher::new().mate_in(pos, MATE_HORIZON)
}

/// Judges `m`, a legal move of `pos`, where the side to move mates in
/// `n` (from `mate_of`) at the fastest.
pub fn judge(pos: &Position, n: u32, m: Move) -> Judged {
    let mut searcher = Searcher::new();
    let after = pos.after(m);
    if after.is_checkmate() {
        return Judged::Mates;
    }
    if n > 1 && searcher.mated_within(&after, n - 1) {
        let reply = longest_defence(&mut searcher, &after, n - 1);
        let left = searcher.mate_in(&after.after(reply), n - 1).map_or(n - 1, |(_, k)| k);
        return Judged::Keeps { reply, left };
    }
    if let Some((reply, k)) = searcher.mate_in(&after, MATE_HORIZON) {
        return Judged::Allows { n: k, reply };
    }
    match (1..=MATE_HORIZON).find(|&k| searcher.mated_within(&after, k)) {
        Some(k) => Judged::Slower { n: k },
        None => Judged::Lets { best: mate_of(pos).map_or(m, |(best, _)| best) },
    }
}

/// The reply to `pos` (the defender to move, mated within `within` of the
/// attacker's moves) after which the attacker's fastest mate is longest;
/// the first such in move order.
fn longest_defence(searcher: &mut Searcher, pos: &Position, within: u32) -> Move {
    let mut best: Option<(Move, u32)> = None;
    for &reply in pos.legal_moves().iter() {
        let length = searcher.mate_in(&pos.after(reply), within).map_or(0, |(_, k)| k);
        if best.is_none_or(|(_, b)| length > b) {
            best = Some((reply, length));
        }
    }
    best.map_or_else(|| pos.legal_moves()[0], |(m, _)| m)
}

/// The solution: the fastest mating moves, each answered by the defence
/// that holds out longest, until mate.
pub fn solution(pos: &Position) -> Vec<Move> {
    let mut line = Vec::new();
    let mut pos = *pos;
    while let Some((m, n)) = mate_of(&pos) {
        line.push(m);
        match judge(&pos, n, m) {
            Judged::Keeps { reply, .. } => {
                line.push(reply);
                pos = pos.after(m).after(reply);
            }
            _ => break,
        }
    }
    line
}

/// A position as a mate puzzle: the fastest forced mate for the side to
/// move (`None`: not a mate puzzle), the square of the piece that starts it
/// (the hint), and the solution in SAN.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct PuzzleInfo {
    pub mate_in: Option<u32>,
    pub hint: Option<String>,
    pub solution: Vec<String>,
}

/// One move of a mate puzzle, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PuzzleStep {
    /// `solved`, `continue` (right; the board answers) or `wrong` (taken back).
    pub result: &'static str,
    /// Why a wrong move is wrong: `not the fastest mate`, `this allows Rxa1#`, ...
    pub reason: Option<String>,
    /// The move played.
    pub ply: Ply,
    /// The answer of the defence that holds out longest.
    pub reply: Option<Ply>,
}

crate::json::json_object!(PuzzleInfo { "mateIn": mate_in, hint, solution });
crate::json::json_object!(PuzzleStep { result, reason, ply, reply });

/// The mate puzzle of a FEN.
pub fn puzzle_info(fen: &str) -> Result<PuzzleInfo, Refusal> {
    let pos = Position::from_fen(fen.trim()).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    let mate = mate_of(&pos);
    Ok(PuzzleInfo {
        mate_in: mate.map(|(_, n)| n),
        hint: mate.map(|(m, _)| m.from().name().to_string()),
        solution: sans(pos, &solution(&pos)),
    })
}

/// Plays `text` in the mate puzzle of a FEN, and judges it.
pub fn puzzle_move(fen: &str, text: &str) -> Result<PuzzleStep, Refusal> {
    let pos = Position::from_fen(fen.trim()).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    let m = move_of(&pos, text)?;
    let (_, n) = mate_of(&pos).ok_or_else(|| Refusal::NotPlayable("the position has no forced mate in 3".into()))?;
    let after = pos.after(m);
    let played = ply(&pos, &after, m);
    // Called once, by one of the arms below: it takes the played ply.
    let step = |result, reason: Option<String>, reply: Option<Move>| PuzzleStep {
        result,
        reason,
        ply: played,
        reply: reply.map(|r| {
            let next = after.after(r);
            ply(&after, &next, r)
        }),
    };
    Ok(match judge(&pos, n, m) {
        Judged::Mates => step("solved", None, None),
        Judged::Keeps { reply, .. } => step("continue", None, Some(reply)),
        Judged::Allows { reply, .. } => step("wrong", Some(format!("this allows {}", san(&after, reply))), None),
        Judged::Slower { .. } => step("wrong", Some("not the fastest mate".into()), None),
        Judged::Lets { .. } => step("wrong", Some("there is no forced mate after this move".into()), None),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(pos: &Position, from: &str, to: &str) -> Move {
        pos.legal_moves().iter().copied().find(|m| m.from().name() == from && m.to().name() == to).unwrap()
    }

    #[test]
    fn a_mate_in_two_is_judged_move_by_move() {
        // Back-rank mate in 2: Re8+ Rxe8 Rxe8#.
        let pos = Position::from_fen("3r2k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1").unwrap();
        let (first, n) = mate_of(&pos).unwrap();
        assert_eq!(n, 2);
        assert_eq!((first.from().name(), first.to().name()), ("e2", "e8"));
        let Judged::Keeps { reply, left } = judge(&pos, n, first) else { panic!("Re8+ keeps the mate") };
        assert_eq!(left, 1);
        assert_eq!((reply.from().name(), reply.to().name()), ("d8", "e8"));
        let next = pos.after(first).after(reply);
        let (mate, _) = mate_of(&next).unwrap();
        assert_eq!(judge(&next, 1, mate), Judged::Mates);
        assert_eq!(solution(&pos).len(), 3);
        // A quiet move lets the mate go.
        assert!(matches!(judge(&pos, n, find(&pos, "h2", "h3")), Judged::Lets { .. } | Judged::Slower { .. }));
    }

    #[test]
    fn a_move_that_allows_mate_says_which() {
        // White mates with Qc8#; Qh4?? lets Black mate first with Rxa1#.
        let pos = Position::from_fen("6k1/r4ppp/8/8/2Q5/8/5PPP/R5K1 w - - 0 1").unwrap();
        let (mate, n) = mate_of(&pos).unwrap();
        assert_eq!((n, mate.to().name()), (1, "c8"));
        let Judged::Allows { n, reply } = judge(&pos, 1, find(&pos, "c4", "h4")) else { panic!("Qh4 allows mate") };
        assert_eq!((n, reply.from().name(), reply.to().name()), (1, "a7", "a1"));
    }
}
