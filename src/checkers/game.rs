//! Playing the moves of a file, in order, up to the first illegal one.

use super::reader::WrittenMove;
use super::rules::{Illegal, Played, Position};

/// Where playing the moves stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The position after the moves played.
    pub position: Position,
    /// How many moves were played (also the index of the illegal move).
    pub played: usize,
    /// Why the next move could not be played, if one was illegal.
    pub illegal: Option<Illegal>,
}

/// Plays at most `limit` of `moves` from `start`, stopping before the first
/// illegal one; `each` sees every move played. Moves after `limit` are not
/// checked.
pub fn play_moves(
    start: &Position,
    moves: &[WrittenMove],
    limit: usize,
    mut each: impl FnMut(&WrittenMove, &Played),
) -> Progress {
    let mut position = start.clone();
    for (i, mv) in moves.iter().take(limit).enumerate() {
        match position.check_move(&mv.squares) {
            Ok(played) => {
                each(mv, &played);
                position = played.position;
            }
            Err(illegal) => return Progress { position, played: i, illegal: Some(illegal) },
        }
    }
    Progress { position, played: moves.len().min(limit), illegal: None }
}
