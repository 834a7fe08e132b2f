//! The one interface of the games: what the dispatcher (`analysis`,
//! `play`), the board and the JavaScript API ask of a game, each game's
//! adapter answering for its own rules (`chess::adapter`, `grid::adapter`,
//! `congo::adapter`, `checkers::adapter`). `games::adapter` is the table
//! that lists them.

use crate::edit::{Edit, EditError, Edited};
use crate::options::Options;
use crate::outcome::{BoardMove, LaterPlies, Outcome, Ply, Refusal, Suggestion};
use crate::report::{NoReport, PlyReporter};
use crate::snapshot::PieceNames;

/// A game, as every front end uses it. Each game keeps its own moves and
/// positions; they cross this interface as text (a position is what its
/// `Snapshot::fen` holds; a grid problem's is its text).
pub trait GameAdapter: Sync {
    /// What the page can do with a game of this kind (`games()`).
    fn rules(&self) -> GameRules;

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

/// What the page can do with a game, so that it decides nothing from the
/// game's id (the JavaScript API's `games()`, `GameRules` in `api.d.ts`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct GameRules {
    /// Moves are played on the board and written into the text (a grid
    /// problem is studied: its board shows where pieces can go).
    pub play: bool,
    /// The position `moves` and `play` take.
    pub position: PositionForm,
    /// `Snapshot::fen` is a FEN (else the game's own text of a position).
    pub fen: bool,
    /// `exportPgn` writes the game's whole tree as PGN.
    pub pgn: bool,
    /// `exchangeFile` writes a position as the course's exchange file.
    pub exchange_file: bool,
    /// `suggest` suggests a move (a grid problem's answer comes with it).
    pub suggest: bool,
    /// How the suggestion chooses when no mate decides, in words.
    pub strategy: Option<&'static str>,
    /// `report` and `Reporter` report on every move.
    pub report: bool,
    /// `puzzle` and `puzzleMove` make a position a mate puzzle.
    pub puzzle: bool,
    /// The letters a piece may become, in the order to offer a choice
    /// (`Ply::promotion`).
    pub promotions: &'static str,
    /// The board editor (`positionSetup`, `writePosition`), if the game has one.
    pub setup: Option<SetupRules>,
}

/// What a game's position is given as.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum PositionForm {
    /// A snapshot's `fen`.
    Fen,
    /// The game's whole text (a grid problem).
    Text,
}

/// The board editor of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SetupRules {
    pub width: u8,
    pub height: u8,
    /// The letters of the pieces to place, in the order to offer them.
    pub palette: &'static str,
    /// The start position, as the editor's "Start position" sets it (a FEN).
    pub start: String,
    /// The name of every letter of the palette.
    pub pieces: PieceNames,
}

crate::json::json_object!(GameRules {
    play,
    position,
    fen,
    pgn,
    "exchangeFile": exchange_file,
    suggest,
    strategy,
    report,
    puzzle,
    promotions,
    setup,
});
crate::json::json_enum!(PositionForm { Fen: "fen", Text: "text" });
crate::json::json_object!(SetupRules { width, height, palette, start, pieces });
