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
    /// A chess problem on a board of any size (`shared/spec/grid-problems.md`).
    Grid,
    /// A checkers file in the course format, or a list of moves (`c3->d4`).
    Checkers,
    /// Congo: an optional FEN line, then moves (`d2d3`).
    Congo,
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
    let game = match options.game {
        GameChoice::Auto => detect_game(text),
        chosen => chosen,
    };
    match game {
        GameChoice::Grid => crate::grid::analyze(text),
        GameChoice::Checkers => crate::checkers::analysis::analyze_with(text, options.suggest),
        GameChoice::Congo => {
            let depth = options.suggest.then_some(crate::congo::search::SUGGESTION_DEPTH);
            crate::congo::analysis::analyze_with(text, depth)
        }
        _ => match options.notation {
            NotationChoice::Course => analyze_course(text, options.suggest),
            NotationChoice::Pgn => analyze_pgn(text, options.suggest),
            NotationChoice::Auto => analyze_auto(text, options.suggest),
        },
    }
}

/// Guesses the game from the text's shape: a grid problem starts with a
/// problem id alone on its line and has `N M` on its third line; checkers
/// files have `RULES:` and checkers moves an arrow (`c3->d4`); a Congo
/// game starts with a FEN of seven ranks.
pub fn detect_game(text: &str) -> GameChoice {
    let first_word = text.split_whitespace().next().unwrap_or("");
    if text.contains("RULES:") || first_word.contains("->") {
        return GameChoice::Checkers;
    }
    let congo_letters = |c: char| "pPsSgGmMeElLcCzZ1234567/".contains(c);
    if first_word.matches('/').count() == 6 && first_word.chars().all(congo_letters) {
        return GameChoice::Congo;
    }
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    let id = lines.next().unwrap_or("").trim();
    let _spec = lines.next();
    let size = lines.next().unwrap_or("");
    let numbers: Vec<&str> = size.split_whitespace().collect();
    let is_number = |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
    if id.len() == 1
        && id.bytes().all(|b| b.is_ascii_digit())
        && numbers.len() == 2
        && numbers.iter().all(|n| is_number(n))
    {
        return GameChoice::Grid;
    }
    GameChoice::Chess
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
