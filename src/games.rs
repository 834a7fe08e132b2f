//! The table of the games: each game's adapter (`adapter::GameAdapter`),
//! where this build has its rules. A new game is its folder with its
//! adapter, its name in `game::GameKind`, and its arm here.

use crate::adapter::GameAdapter;
use crate::game::{GameKind, NeedsAllGames};

/// The table: `with_adapter!(game, |g| g.analyze(text, options))` calls
/// the adapter of `game` on its own type, or gives `NeedsAllGames` when
/// this build has not its rules (built without the `all-games` feature,
/// the crate has chess alone). A call on its own type is compiled with the
/// caller's: analysing game C.1 natively took 15.5 us through a `&dyn
/// GameAdapter`, 14.4 us so (`cargo bench --bench perft -- c1`); calls
/// that are not hot take the adapter as a `&dyn` (`adapter`).
macro_rules! with_adapter {
    ($game:expr, |$adapter:ident| $call:expr) => {{
        #[allow(unused_imports)]
        use $crate::adapter::GameAdapter as _;
        match $game {
            $crate::game::GameKind::Chess => {
                let $adapter = &$crate::chess::adapter::Chess;
                Ok($call)
            }
            #[cfg(feature = "all-games")]
            $crate::game::GameKind::Grid => {
                let $adapter = &$crate::grid::adapter::Grid;
                Ok($call)
            }
            #[cfg(feature = "all-games")]
            $crate::game::GameKind::Congo => {
                let $adapter = &$crate::congo::adapter::Congo;
                Ok($call)
            }
            #[cfg(feature = "all-games")]
            $crate::game::GameKind::Checkers => {
                let $adapter = &$crate::checkers::adapter::Checkers;
                Ok($call)
            }
            #[cfg(not(feature = "all-games"))]
            missing => Err($crate::game::NeedsAllGames(missing)),
        }
    }};
}
pub(crate) use with_adapter;

/// The adapter of `game`, or why this build has none.
pub fn adapter(game: GameKind) -> Result<&'static dyn GameAdapter, NeedsAllGames> {
    with_adapter!(game, |adapter| adapter as &dyn GameAdapter)
}

/// Whether this build has the rules of `game`.
pub fn has_rules(game: GameKind) -> Result<(), NeedsAllGames> {
    adapter(game).map(|_| ())
}
