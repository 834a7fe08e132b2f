//! Checkers behind the games' interface (`adapter::GameAdapter`).

use super::analysis::{analyze_with, legal_moves, play_text, report_value, suggest_fen, REPORT_DEPTH};
use crate::adapter::{GameAdapter, GameRules, PositionForm};
use crate::edit::{edit_move_list, Edit, EditError, Edited};
use crate::options::Options;
use crate::outcome::{BoardMove, Outcome, Ply, Refusal, Suggestion};
use crate::report::{NoReport, PlyReporter, ValueReporter};

/// Checkers, as the course project defines it.
pub struct Checkers;

impl GameAdapter for Checkers {
    fn rules(&self) -> GameRules {
        GameRules {
            play: true,
            position: PositionForm::Fen,
            // Its positions are written in the course's own form.
            fen: false,
            pgn: false,
            exchange_file: true,
            suggest: true,
            strategy: Some("best by the course's search"),
            report: true,
            puzzle: false,
            // A pawn crowned is a king: the uppercase letter.
            promotions: "RB",
            setup: None,
        }
    }

    fn analyze(&self, text: &str, options: &Options) -> Outcome {
        analyze_with(text, options.suggest)
    }

    fn moves(&self, position: &str) -> Result<Vec<BoardMove>, Refusal> {
        legal_moves(position)
    }

    fn play(&self, position: &str, mv: &str) -> Result<Ply, Refusal> {
        play_text(position, mv)
    }

    fn path_text(&self, squares: &[String]) -> String {
        squares.join("->")
    }

    fn suggest(&self, position: &str) -> Result<Option<Suggestion>, Refusal> {
        suggest_fen(position).map_err(|e| Refusal::BadPosition(e.to_string()))
    }

    fn reporter(&self, _: &str, outcome: &Outcome, _: &Options) -> Result<Box<dyn PlyReporter>, NoReport> {
        let method = format!("the rankmoves search at depth {REPORT_DEPTH}");
        Ok(Box::new(ValueReporter::new(outcome, method, report_value)))
    }

    fn edit(&self, text: &str, outcome: &Outcome, _: &Options, edit: &Edit) -> Result<Edited, EditError> {
        // A comment runs from `#` to the end of its line.
        edit_move_list(text, outcome, edit, Some('#'), |position, mv| self.play(position, mv))
    }
}

/// The course's exchange file for a position (`Snapshot::fen`): what "copy
/// exchange file" copies.
pub fn exchange_file(position: &str) -> Result<String, Refusal> {
    super::analysis::exchange_file(position).map_err(|e| Refusal::BadPosition(e.to_string()))
}
