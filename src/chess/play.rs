//! Moves on the board: the legal moves of a position as the board offers
//! them, and one move, written in SAN or long algebraic, played.

use super::moves::Move;
use super::notation::course;
use super::notation::pgn::split_glyph;
use super::notation::san::{resolve, San};
use super::plies::ply;
use super::position::Position;
use crate::outcome::{BoardMove, Ply, Refusal};

/// Every legal move of `pos`, as the board offers them.
pub fn legal_moves(pos: &Position) -> Vec<BoardMove> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let after = pos.after(m);
            BoardMove::from(&ply(pos, &after, m))
        })
        .collect()
}

/// The legal move `text` names on `pos`, written in SAN or long algebraic
/// (`Nf3`, `g1f3`, `e7e8=Q`, `O-O`), or why there is none.
pub(crate) fn move_of(pos: &Position, text: &str) -> Result<Move, Refusal> {
    // A glyph after the move (`Bb5!`) says what the player thinks of it: played all the same.
    let (text, _) = split_glyph(text);
    let san: San = text.parse().map_err(|e: course::ParseError| {
        Refusal::BadMove(format!("{text:?} is not a move: at character {}, expected {}", e.offset + 1, e.expected))
    })?;
    resolve(pos, None, &san).map_err(|e| Refusal::Illegal(e.explain()))
}

/// Plays one move written in SAN or long algebraic on `pos`: the ply, or
/// why it cannot be played.
pub fn play_text(pos: &Position, text: &str) -> Result<Ply, Refusal> {
    let m = move_of(pos, text)?;
    let after = pos.after(m);
    Ok(ply(pos, &after, m))
}
