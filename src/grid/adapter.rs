//! Grid problems behind the games' interface (`adapter::GameAdapter`): a
//! problem is answered, not played, so most of it is refused with a reason.

use super::analysis::{analyze, reachable};
use crate::adapter::{GameAdapter, GameRules, PositionForm};
use crate::edit::{Edit, EditError, Edited};
use crate::options::Options;
use crate::outcome::{BoardMove, Outcome, Ply, Refusal, Suggestion};
use crate::report::{NoReport, PlyReporter};

/// Chess problems on a board of any size.
pub struct Grid;

/// Why a problem's position takes no move.
fn studied() -> Refusal {
    Refusal::NotPlayable("a problem's position is studied, not played".into())
}

impl GameAdapter for Grid {
    fn rules(&self) -> GameRules {
        GameRules {
            play: false,
            position: PositionForm::Text,
            fen: false,
            pgn: false,
            exchange_file: false,
            suggest: false,
            strategy: None,
            report: false,
            puzzle: false,
            promotions: "",
            setup: None,
        }
    }

    fn analyze(&self, text: &str, _: &Options) -> Outcome {
        analyze(text)
    }

    /// Where each piece of the problem (its text) can go by its pattern.
    fn moves(&self, position: &str) -> Result<Vec<BoardMove>, Refusal> {
        reachable(position)
    }

    fn play(&self, _: &str, _: &str) -> Result<Ply, Refusal> {
        Err(studied())
    }

    fn suggest(&self, _: &str) -> Result<Option<Suggestion>, Refusal> {
        Err(Refusal::NotPlayable("grid problems have answers, not suggestions".into()))
    }

    fn reporter(&self, _: &str, _: &Outcome, _: &Options) -> Result<Box<dyn PlyReporter>, NoReport> {
        Err(NoReport("a problem has no moves to report on".into()))
    }

    fn edit(&self, _: &str, _: &Outcome, _: &Options, _: &Edit) -> Result<Edited, EditError> {
        Err(EditError::Move(studied()))
    }
}
