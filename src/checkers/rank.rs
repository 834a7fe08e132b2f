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

/// Every legal move of the player to move, sorted alphabetically, with its
/// score searched `depth` moves ahead.
pub fn rank_moves(position: &Position, depth: u32) -> Vec<(Move, i32)> {
    sorted_moves(position)
        .into_iter()
        .map(|mv| {
            // A full window: each move's score is exact, as the course prints it.
            let score = move_score(position, &mv, depth, -INFINITY, INFINITY);
            (mv, score)
        })
        .collect()
}

/// The move `rankmoves` scores highest (the first alphabetically among
/// equals), with its score; `None` when the player to move has no moves.
pub fn best_move(position: &Position, depth: u32) -> Option<(Move, i32)> {
    let mut best: Option<(Move, i32)> = None;
    let mut alpha = -INFINITY;
    for mv in sorted_moves(position) {
        // A later move must beat the best so far strictly, so a window
        // above it is enough; equal moves fail low and the first one stays.
        let score = move_score(position, &mv, depth, alpha, INFINITY);
        if best.as_ref().is_none_or(|(_, b)| score > *b) {
            alpha = score;
            best = Some((mv, score));
        }
    }
    best
}

/// Prints `rankmoves`' output: one line per move, or the verbose tree.
pub fn write_ranking(position: &Position, depth: u32, verbose: bool, out: &mut dyn Write) -> io::Result<()> {
    let moves = sorted_moves(position);
    if moves.is_empty() {
        return writeln!(out, "Player {} has no moves available.", position.turn);
    }
    if verbose {
        for mv in &moves {
            verbose_score(position, mv, depth, 0, out)?;
        }
    } else {
        for (mv, score) in rank_moves(position, depth) {
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

/// The score of `mv` for its mover, searched `depth` ahead: exact when it
/// lies inside `alpha..beta`, otherwise a bound on the far side (alpha-beta
/// in negamax form).
fn move_score(position: &Position, mv: &Move, depth: u32, alpha: i32, beta: i32) -> i32 {
    let next = position.play(mv);
    if depth == 0 {
        return evaluate(&next, position.turn);
    }
    let replies = next.legal_moves();
    if replies.is_empty() {
        return WIN;
    }
    // The opponent's window is ours turned round.
    let (mut alpha, beta) = (-beta, -alpha);
    let mut best = -INFINITY;
    for reply in &replies {
        let score = move_score(&next, reply, depth - 1, alpha, beta);
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
    -best
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
