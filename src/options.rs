//! What a text is read as: the game, and for chess the notation and the
//! game of a PGN. Front ends fill these in (the JavaScript API from its
//! option objects, each program its own); every game's adapter reads them.

use crate::game::GameKind;

/// Which game the text holds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum GameChoice {
    /// Decide from the text (the page's default; command-line programs
    /// always name their game).
    #[default]
    Auto,
    Game(GameKind),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub game: GameChoice,
    /// For chess: which notation to read.
    pub notation: NotationChoice,
    /// For a PGN of several games: which one (from 0).
    pub game_index: usize,
    /// Compute the suggested move for an unfinished game (the page asks
    /// for it separately, in a worker).
    pub suggest: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { game: GameChoice::Auto, notation: NotationChoice::Auto, game_index: 0, suggest: true }
    }
}

impl Options {
    /// The options for one game, the rest as default.
    pub fn game(game: GameKind) -> Options {
        Options { game: GameChoice::Game(game), ..Options::default() }
    }
}

/// Which chess notation to read.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum NotationChoice {
    /// A FEN when the text starts with one; else the strict course notation
    /// when the text is one valid course line; else PGN.
    #[default]
    Auto,
    Course,
    Pgn,
}
