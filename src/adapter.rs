//! The one interface of the games: what the dispatcher (`analysis`,
//! `play`), the board and the JavaScript API ask of a game, each game's
//! adapter answering for its own rules (`chess::adapter`, `grid::adapter`,
//! `congo::adapter`, `checkers::adapter`). `games::adapter` is the table
//! that lists them.

use crate::edit::{Edit, EditError, Edited};
use crate::options::Options;
use crate::outcome::{BoardMove, LaterPlies, Outcome, Ply, Refusal, Suggestion};
use crate::report::{NoReport, PlyReporter};

/// A game, as every front end uses it. Each game keeps its own moves and
/// positions; they cross this interface as text (a position is what its
/// `Snapshot::fen` holds; a grid problem's is its text).
pub trait GameAdapter: Sync {
    /// Reads `text` (a game, or a grid problem) and plays it.
    fn analyze(&self, text: &str, options: &Options) -> Outcome;

    /// `analyze`, with the main line's plies left for later where the
    /// game's reader can keep what building them needs instead (chess):
    /// the Outcome's `plies` are empty then, and the line comes beside it.
    fn analyze_later(&self, text: &str, options: &Options) -> (Outcome, Option<Box<dyn LaterPlies>>) {
        (self.analyze(text, options), None)
    }

    /// The legal moves of `position`, as the board offers them.
    fn moves(&self, position: &str) -> Result<Vec<BoardMove>, Refusal>;

    /// Plays the move written `mv` on `position`.
    fn play(&self, position: &str, mv: &str) -> Result<Ply, Refusal>;

    /// A move given as the squares it passes, written as the game writes
    /// it (`e2e4`, `b3d5f3`).
    fn path_text(&self, squares: &[String]) -> String {
        squares.concat()
    }

    /// The suggested move for `position`; `None` when the game is over there.
    fn suggest(&self, position: &str) -> Result<Option<Suggestion>, Refusal>;

    /// The report on the main line of the game `text` holds, which
    /// `outcome` is (read without a suggestion).
    fn reporter(&self, text: &str, outcome: &Outcome, options: &Options) -> Result<Box<dyn PlyReporter>, NoReport>;

    /// Applies `edit` to the game `text` holds, which `outcome` is.
    fn edit(&self, text: &str, outcome: &Outcome, options: &Options, edit: &Edit) -> Result<Edited, EditError>;
}
