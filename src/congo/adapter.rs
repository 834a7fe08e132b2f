//! Congo behind the games' interface (`adapter::GameAdapter`).

use super::analysis::{analyze_with, legal_moves, play_text, report_value, suggest, SuggestError, REPORT_DEPTH};
use super::position::Position;
use super::search::{CourseSearch, SUGGESTION_DEPTH};
use crate::adapter::{GameAdapter, GameRules, PositionForm};
use crate::edit::{edit_move_list, Edit, EditError, Edited};
use crate::options::Options;
use crate::outcome::{BoardMove, Outcome, Ply, Refusal, Suggestion};
use crate::report::{NoReport, PlyReporter, ValueReporter};

/// Congo, as the course defines it.
pub struct Congo;

impl GameAdapter for Congo {
    fn rules(&self) -> GameRules {
        GameRules {
            play: true,
            position: PositionForm::Fen,
            fen: true,
            pgn: false,
            exchange_file: false,
            suggest: true,
            strategy: Some("best by the course's search"),
            report: true,
            puzzle: false,
            // A pawn on the far rank becomes a superpawn.
            promotions: "Ss",
            setup: None,
        }
    }

    fn analyze(&self, text: &str, options: &Options) -> Outcome {
        analyze_with(text, options.suggest.then_some(SUGGESTION_DEPTH))
    }

    fn moves(&self, position: &str) -> Result<Vec<BoardMove>, Refusal> {
        Ok(legal_moves(&position_of(position)?))
    }

    fn play(&self, position: &str, mv: &str) -> Result<Ply, Refusal> {
        play_text(&position_of(position)?, mv)
    }

    fn suggest(&self, position: &str) -> Result<Option<Suggestion>, Refusal> {
        match suggest(position) {
            Ok(found) => Ok(Some(found)),
            Err(SuggestError::GameOver(_)) => Ok(None),
            Err(e) => Err(Refusal::BadPosition(e.to_string())),
        }
    }

    fn reporter(&self, _: &str, outcome: &Outcome, _: &Options) -> Result<Box<dyn PlyReporter>, NoReport> {
        let method = format!("the course's alpha-beta with the advanced evaluation at depth {REPORT_DEPTH}");
        Ok(Box::new(ValueReporter::new(outcome, method, report_value)))
    }

    fn edit(&self, text: &str, outcome: &Outcome, _: &Options, edit: &Edit) -> Result<Edited, EditError> {
        edit_move_list(text, outcome, edit, None, |position, mv| self.play(position, mv))
    }
}

/// The course's alpha-beta (fail-hard negamax, advanced evaluation) on a
/// FEN to `depth`: its value and the positions it visited; refused at once
/// when estimated to take more than about ten seconds (`CourseSearch::bounded`).
pub fn alphabeta(fen: &str, depth: u32) -> Result<(i32, u64), Refusal> {
    let pos = position_of(fen)?;
    CourseSearch::AlphaBeta.bounded(&pos, depth).map_err(|e| Refusal::OverBudget(e.to_string()))
}

fn position_of(fen: &str) -> Result<Position, Refusal> {
    Position::from_fen(fen.trim()).map_err(|e| Refusal::BadPosition(e.to_string()))
}
