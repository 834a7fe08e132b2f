//! A PGN game's main line played, variations aside.

use super::tree::{FenTagError, PgnGame};
use crate::chess::notation::course;
use crate::chess::notation::san::{self, SanError};
use crate::chess::{Move, Position};

/// The main line played from the game's start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainLine {
    pub start: Position,
    /// The moves played, in order.
    pub moves: Vec<Move>,
    /// The position after the last move played.
    pub end: Position,
    /// The first move that could not be played: its index in the main
    /// line, and why. The moves after it are not played.
    pub error: Option<(usize, SanError)>,
}

/// Plays the game's main line (variations are not played).
pub fn replay(game: &PgnGame) -> Result<MainLine, FenTagError> {
    let start = game.start_position()?;
    let mut pos = start;
    let mut passed = game.start_passed_square();
    let mut moves = Vec::with_capacity(game.main.moves.len());
    let mut error = None;
    for (i, node) in game.main.moves.iter().enumerate() {
        match san::resolve(&pos, passed, &node.san) {
            Ok(m) => {
                pos.play_unchecked(m);
                passed = course::passed_square(m);
                moves.push(m);
            }
            Err(e) => {
                error = Some((i, e));
                break;
            }
        }
    }
    Ok(MainLine { start, moves, end: pos, error })
}
