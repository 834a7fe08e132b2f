//! `analyze(text, options)`: the one entry point every front end calls;
//! it picks the game and the notation and hands the text to that game.

use crate::chess::analysis::{analyze_course, analyze_pgn};
use crate::chess::notation::course;
use crate::outcome::{Outcome, Status};

/// Which game the text holds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum GameChoice {
    /// Decide from the text.
    #[default]
    Auto,
    Chess,
}

/// For chess: which notation to read.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum NotationChoice {
    /// The strict course notation when the text is valid course notation,
    /// else PGN.
    #[default]
    Auto,
    Course,
    Pgn,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub game: GameChoice,
    pub notation: NotationChoice,
    /// Compute the suggested move for an unfinished game (the page asks
    /// for it separately, in a worker).
    pub suggest: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { game: GameChoice::Auto, notation: NotationChoice::Auto, suggest: true }
    }
}

pub fn analyze(text: &str, options: &Options) -> Outcome {
    match options.notation {
        NotationChoice::Course => analyze_course(text, options.suggest),
        NotationChoice::Pgn => analyze_pgn(text, options.suggest),
        NotationChoice::Auto => analyze_auto(text, options.suggest),
    }
}

/// The course notation when the whole text is one valid course line (the
/// course analysis finds no parse error, and nothing but white space
/// follows the line, which course reading would silently drop); PGN
/// otherwise.
fn analyze_auto(text: &str, suggest: bool) -> Outcome {
    let line = course::first_line(text);
    if text[line.len()..].trim().is_empty() {
        let outcome = analyze_course(text, suggest);
        if outcome.status != Status::ParseError {
            return outcome;
        }
    }
    analyze_pgn(text, suggest)
}
