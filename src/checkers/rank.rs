//! `rankmoves`' lookahead: every legal move scored by looking D moves ahead.
//!
//! The score of a position for red is -99 if red has no moves, 99 if black
//! has no moves, otherwise (#r + 2 #R) - (#b + 2 #B); black's is the
//! negative. A move searched 0 deep scores its mover's score of the
//! position after it; D deep, it scores 99 if the opponent has no reply,
//! else minus the best of the opponent's replies searched D - 1 deep.

use std::io::{self, Write};

use super::rules::{Move, Position};
use super::square::{Color, Kind};

/// The score of a win (the opponent cannot move).
pub const WIN: i32 = 99;

/// Above every score, for the search window.
const INFINITY: i32 = 1000;

/// The score of `position` for `color`.
pub fn evaluate(position: &Position, color: Color) -> i32 {
    // One pass over the pieces: material, and whether each side can move.
    let (mut red_material, mut black_material) = (0, 0);
    let (mut red_moves, mut black_moves) = (false, false);
    for (square, piece) in position.board.pieces() {
        let value = match piece.kind {
            Kind::Pawn => 1,
            Kind::King => 2,
        };
        let (material, moves) = match piece.color {
            Color::Red => (&mut red_material, &mut red_moves),
            Color::Black => (&mut black_material, &mut black_moves),
        };
        *material += value;
        *moves = *moves || position.can_move(square, piece);
    }
    let red = if !red_moves {
        -WIN
    } else if !black_moves {
        WIN
    } else {
        red_material - black_material
    };
    match color {
        Color::Red => red,
        Color::Black => -red,
    }
}

/// The deepest lookahead `rankmoves` accepts: twice the course's deepest
/// test (9). The search recurses once per move ahead and the verbose tree
/// indents 4 spaces per level, so this bounds the stack and the line
/// width; what a depth costs depends on the position (10x per 2 moves on
/// kings-only boards), which the budgets below bound.
pub const MAX_DEPTH: u32 = 20;

/// The most moves one brief ranking may play (every root move's alpha-beta
/// search together). The brief search plays 1.5 to 7 million moves a
/// second on the 2-core development machine, as loaded by other work
/// (`cargo bench --bench checkers`, last table), so this is half a minute
/// to two minutes of work (42 s for the ignored test in checkers_course).
/// Counting moves, not time, gives the same answer on every machine.
pub const BRIEF_BUDGET: u64 = 200_000_000;

/// The most moves a verbose tree may print (one or two lines each, some
/// 20 bytes a line: a few hundred MB of output, written in seconds).
pub const VERBOSE_BUDGET: u64 = 10_000_000;

/// Why `write_ranking` printed nothing, or not everything.
#[derive(Debug)]
pub enum RankError {
    /// Deeper than `MAX_DEPTH`; nothing printed.
    TooDeep {
        depth: u32,
    },
    /// The search would play (brief) or print (verbose) more moves than
    /// its budget; found out before anything was printed.
    TooMuchWork {
        depth: u32,
        verbose: bool,
    },
    Io(io::Error),
}

impl std::fmt::Display for RankError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RankError::TooDeep { depth } => write!(f, "depth {depth} is deeper than the limit, {MAX_DEPTH}"),
            RankError::TooMuchWork { depth, verbose: false } => write!(
                f,
                "looking {depth} moves ahead from this position needs more than {BRIEF_BUDGET} moves of search; \
                 use a smaller -d"
            ),
            RankError::TooMuchWork { depth, verbose: true } => write!(
                f,
                "looking {depth} moves ahead from this position would print more than {VERBOSE_BUDGET} moves; \
                 use a smaller -d"
            ),
            RankError::Io(e) => write!(f, "cannot write the ranking: {e}"),
        }
    }
}

impl std::error::Error for RankError {}

impl From<io::Error> for RankError {
    fn from(e: io::Error) -> RankError {
        RankError::Io(e)
    }
}

/// Every legal move of the player to move, sorted alphabetically, with its
/// score searched `depth` moves ahead (no budget: for depths known to be
/// small; `rankmoves` itself goes through `write_ranking`).
pub fn rank_moves(position: &Position, depth: u32) -> Vec<(Move, i32)> {
    let mut unlimited = u64::MAX;
    rank_moves_within(position, depth, &mut unlimited).unwrap_or_default()
}

/// `rank_moves`, playing at most `budget` moves (what is left is returned
/// in it); `None` when that is not enough.
pub fn rank_moves_within(position: &Position, depth: u32, budget: &mut u64) -> Option<Vec<(Move, i32)>> {
    sorted_moves(position)
        .into_iter()
        .map(|mv| {
            // A full window: each move's score is exact, as the course prints it.
            let score = move_score(position, &mv, depth, -INFINITY, INFINITY, budget)?;
            Some((mv, score))
        })
        .collect()
}

/// The move `rankmoves` scores highest (the first alphabetically among
/// equals), with its score; `None` when the player to move has no moves.
pub fn best_move(position: &Position, depth: u32) -> Option<(Move, i32)> {
    let mut best: Option<(Move, i32)> = None;
    let mut alpha = -INFINITY;
    let mut unlimited = u64::MAX;
    for mv in sorted_moves(position) {
        // A later move must beat the best so far strictly, so a window
        // above it is enough; equal moves fail low and the first one stays.
        let score = move_score(position, &mv, depth, alpha, INFINITY, &mut unlimited)?;
        if best.as_ref().is_none_or(|(_, b)| score > *b) {
            alpha = score;
            best = Some((mv, score));
        }
    }
    best
}

/// Prints `rankmoves`' output: one line per move, or the verbose tree.
/// Nothing is printed when the search would exceed its budget (the whole
/// answer is known, or its size counted, before the first line).
pub fn write_ranking(position: &Position, depth: u32, verbose: bool, out: &mut dyn Write) -> Result<(), RankError> {
    let moves = sorted_moves(position);
    if moves.is_empty() {
        writeln!(out, "Player {} has no moves available.", position.turn)?;
        return Ok(());
    }
    if depth > MAX_DEPTH {
        return Err(RankError::TooDeep { depth });
    }
    let too_much = RankError::TooMuchWork { depth, verbose };
    if verbose {
        let mut budget = VERBOSE_BUDGET;
        if !moves.iter().all(|mv| count_tree(position, mv, depth, &mut budget)) {
            return Err(too_much);
        }
        for mv in &moves {
            verbose_score(position, mv, depth, 0, out)?;
        }
    } else {
        let mut budget = BRIEF_BUDGET;
        let ranked = rank_moves_within(position, depth, &mut budget).ok_or(too_much)?;
        for (mv, score) in ranked {
            writeln!(out, "{mv} for {}: score {score}", position.turn)?;
        }
    }
    Ok(())
}

fn sorted_moves(position: &Position) -> Vec<Move> {
    let mut moves = position.legal_moves();
    crate::sort::sort(&mut moves);
    moves
}

/// Takes one move from the budget; `None` when it is spent.
fn spend(budget: &mut u64) -> Option<()> {
    *budget = budget.checked_sub(1)?;
    Some(())
}

/// The score of `mv` for its mover, searched `depth` ahead: exact when it
/// lies inside `alpha..beta`, otherwise a bound on the far side (alpha-beta
/// in negamax form). `None` when the budget runs out.
fn move_score(position: &Position, mv: &Move, depth: u32, alpha: i32, beta: i32, budget: &mut u64) -> Option<i32> {
    spend(budget)?;
    let next = position.play(mv);
    if depth == 0 {
        return Some(evaluate(&next, position.turn));
    }
    let replies = next.legal_moves();
    if replies.is_empty() {
        return Some(WIN);
    }
    // The opponent's window is ours turned round.
    let (mut alpha, beta) = (-beta, -alpha);
    let mut best = -INFINITY;
    for reply in &replies {
        let score = move_score(&next, reply, depth - 1, alpha, beta, budget)?;
        if score > best {
            best = score;
            if best > alpha {
                alpha = best;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    Some(-best)
}

/// Whether the verbose tree under `mv` (every move `depth` deep, no
/// pruning: the course prints them all) fits in the budget, which it uses.
fn count_tree(position: &Position, mv: &Move, depth: u32, budget: &mut u64) -> bool {
    if spend(budget).is_none() {
        return false;
    }
    if depth == 0 {
        return true;
    }
    let next = position.play(mv);
    next.legal_moves().iter().all(|reply| count_tree(&next, reply, depth - 1, budget))
}

/// The verbose tree: `? MOVE for PLAYER:` before a move searched deeper,
/// its replies 4 spaces further in, then `. MOVE for PLAYER: score S`.
fn verbose_score(position: &Position, mv: &Move, depth: u32, indent: usize, out: &mut dyn Write) -> io::Result<i32> {
    let mover = position.turn;
    let next = position.play(mv);
    let score = if depth == 0 {
        evaluate(&next, mover)
    } else {
        writeln!(out, "{:indent$}? {mv} for {mover}:", "")?;
        let mut best = None;
        for reply in sorted_moves(&next) {
            let score = verbose_score(&next, &reply, depth - 1, indent + 4, out)?;
            best = best.max(Some(score));
        }
        best.map_or(WIN, |b| -b)
    };
    writeln!(out, "{:indent$}. {mv} for {mover}: score {score}", "")?;
    Ok(score)
}
