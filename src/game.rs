//! The games by name: the closed list of the games this crate knows, with
//! what every build knows of each (even one without its rules: see
//! `NeedsAllGames`). Part of the shared vocabulary: it imports no game.

use crate::snapshot::Side;

/// The games, each named once here; the page learns them from the module.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum GameKind {
    Chess,
    Grid,
    Congo,
    Checkers,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [GameKind::Chess, GameKind::Grid, GameKind::Congo, GameKind::Checkers];

    /// What every build knows of a game, one line each: its id (what the
    /// JavaScript API and the page's links use; serde writes the same), the
    /// name people read, and its players (the one who moves first in the
    /// standard start first).
    const fn names(self) -> (&'static str, &'static str, [Side; 2]) {
        const CHESS: [Side; 2] = [Side::White, Side::Black];
        match self {
            GameKind::Chess => ("chess", "Chess", CHESS),
            GameKind::Grid => ("grid", "Chess problem (any board)", CHESS),
            GameKind::Congo => ("congo", "Congo", CHESS),
            GameKind::Checkers => ("checkers", "Checkers", [Side::Red, Side::Black]),
        }
    }

    /// The name the JavaScript API and the page's links use.
    pub fn id(self) -> &'static str {
        self.names().0
    }

    /// The name people read.
    pub fn title(self) -> &'static str {
        self.names().1
    }

    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.id() == id)
    }

    /// The players, the one who moves first in the standard start first.
    pub fn players(self) -> [Side; 2] {
        self.names().2
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

crate::json::json_enum!(GameKind, id);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_is_known_by_its_id_as_serde_writes_it() {
        for game in GameKind::ALL {
            assert_eq!(crate::json::to_json(&game), serde_json::to_string(game.id()).unwrap());
            assert_eq!(GameKind::from_id(game.id()), Some(game));
        }
        assert_eq!(GameKind::from_id("Chess"), None);
    }
}
