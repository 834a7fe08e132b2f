//! A move played: executed when it is legal, explained when it is not.

use super::illegal::{explain, IllegalMove};
use super::moves::Move;
use super::position::{Played, Position};

impl Position {
    /// Plays a move of the side to move if it is legal.
    pub fn play(&self, mv: &Move) -> Result<Played, IllegalMove> {
        if self.moves_from(mv.from()).contains(mv) {
            Ok(self.execute(mv))
        } else {
            Err(explain(self, mv))
        }
    }
}
