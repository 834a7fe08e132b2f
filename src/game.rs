//! The games by name: the closed list of the games this crate knows, with
//! what every build knows of each (even one without its rules: see
//! `NeedsAllGames`). Part of the shared vocabulary: it imports no game.

use crate::snapshot::Side;
use serde::Serialize;

/// The games, each named once here; the page learns them from the module.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Chess,
    Grid,
    Congo,
    Checkers,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [GameKind::Chess, GameKind::Grid, GameKind::Congo, GameKind::Checkers];

    /// The name the JavaScript API and the page's links use.
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Grid => "grid",
            GameKind::Congo => "congo",
            GameKind::Checkers => "checkers",
        }
    }

    /// The name people read.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Chess => "Chess",
            GameKind::Grid => "Chess problem (any board)",
            GameKind::Congo => "Congo",
            GameKind::Checkers => "Checkers",
        }
    }

    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.id() == id)
    }

    /// The players, the one who moves first in the standard start first.
    pub fn players(self) -> [Side; 2] {
        match self {
            GameKind::Checkers => [Side::Red, Side::Black],
            _ => [Side::White, Side::Black],
        }
    }
}

/// A game whose rules this build leaves out: built without the `all-games`
/// feature, the crate has chess alone (the page's first module, which
/// loads the module with every game when it meets this).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NeedsAllGames(pub GameKind);

impl NeedsAllGames {
    /// The code the JavaScript API puts in brackets; the game's id follows it.
    pub const CODE: &'static str = "needs_all_games";
}

impl std::fmt::Display for NeedsAllGames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let NeedsAllGames(game) = self;
        write!(
            f,
            "{}: this module has the chess rules alone; the {} rules are in the module with every game",
            game.id(),
            game.title()
        )
    }
}
