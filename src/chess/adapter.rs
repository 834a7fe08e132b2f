//! Chess behind the games' interface (`adapter::GameAdapter`).

use super::analysis::{analyze, analyze_deferred};
use super::play::{legal_moves, play_text};
use super::plies::PIECE_NAMES;
use super::position::Position;
use crate::adapter::{GameAdapter, GameRules, PositionForm, SetupRules};
use crate::edit::{Edit, EditError, Edited};
use crate::options::Options;
use crate::outcome::{BoardMove, LaterPlies, Outcome, Ply, Refusal, Suggestion};
use crate::report::{NoReport, PlyReporter};

/// Standard chess.
pub struct Chess;

impl GameAdapter for Chess {
    fn rules(&self) -> GameRules {
        GameRules {
            play: true,
            position: PositionForm::Fen,
            fen: true,
            pgn: true,
            exchange_file: false,
            suggest: true,
            strategy: Some("best by this board's engine"),
            report: true,
            puzzle: true,
            promotions: "QqRrBbNn",
            setup: Some(SetupRules {
                width: 8,
                height: 8,
                palette: "KQRBNPkqrbnp",
                start: Position::start().fen(),
                pieces: PIECE_NAMES,
            }),
        }
    }

    fn analyze(&self, text: &str, options: &Options) -> Outcome {
        analyze(text, options.notation, options.game_index, options.suggest)
    }

    fn analyze_later(&self, text: &str, options: &Options) -> (Outcome, Option<Box<dyn LaterPlies>>) {
        let (outcome, line) = analyze_deferred(text, options.notation, options.game_index, options.suggest);
        let later = (!line.plies.is_empty()).then(|| Box::new(line) as Box<dyn LaterPlies>);
        (outcome, later)
    }

    fn moves(&self, position: &str) -> Result<Vec<BoardMove>, Refusal> {
        Ok(legal_moves(&position_of(position.trim())?))
    }

    fn play(&self, position: &str, mv: &str) -> Result<Ply, Refusal> {
        play_text(&position_of(position.trim())?, mv)
    }

    #[cfg(feature = "engine")]
    fn suggest(&self, position: &str) -> Result<Option<Suggestion>, Refusal> {
        Ok(super::plies::suggestion(&position_of(position)?))
    }

    #[cfg(not(feature = "engine"))]
    fn suggest(&self, _: &str) -> Result<Option<Suggestion>, Refusal> {
        Err(Refusal::NeedsEngine)
    }

    #[cfg(feature = "engine")]
    fn reporter(&self, text: &str, _: &Outcome, options: &Options) -> Result<Box<dyn PlyReporter>, NoReport> {
        Ok(Box::new(super::report::reporter(text, options.notation, options.game_index)?))
    }

    #[cfg(not(feature = "engine"))]
    fn reporter(&self, _: &str, _: &Outcome, _: &Options) -> Result<Box<dyn PlyReporter>, NoReport> {
        Err(NoReport(Refusal::NeedsEngine.to_string()))
    }

    fn edit(&self, text: &str, _: &Outcome, options: &Options, edit: &Edit) -> Result<Edited, EditError> {
        super::edit::edit(text, options.notation, options.game_index, edit)
    }
}

fn position_of(fen: &str) -> Result<Position, Refusal> {
    Position::from_fen(fen).map_err(|e| Refusal::BadPosition(e.to_string()))
}
