//! The table of the games: each game's adapter (`adapter::GameAdapter`),
//! where this build has its rules. A new game is its folder with its
//! adapter, its name in `game::GameKind`, and one line here.

use crate::adapter::GameAdapter;
use crate::game::{GameKind, NeedsAllGames};

/// Whether this build has the rules of `game`.
pub fn has_rules(game: GameKind) -> Result<(), NeedsAllGames> {
    adapter(game).map(|_| ())
}

/// The adapter of `game`, or why this build has none (built without the
/// `all-games` feature, the crate has chess alone).
pub fn adapter(game: GameKind) -> Result<&'static dyn GameAdapter, NeedsAllGames> {
    match game {
        GameKind::Chess => Ok(&crate::chess::adapter::Chess),
        #[cfg(feature = "all-games")]
        GameKind::Grid => Ok(&crate::grid::adapter::Grid),
        #[cfg(feature = "all-games")]
        GameKind::Congo => Ok(&crate::congo::adapter::Congo),
        #[cfg(feature = "all-games")]
        GameKind::Checkers => Ok(&crate::checkers::adapter::Checkers),
        #[cfg(not(feature = "all-games"))]
        game => Err(NeedsAllGames(game)),
    }
}
