//! `analyze(text, options)`: the one entry point every front end calls; it
//! hands the text to the adapter (`games`) of the game chosen, or, in
//! `Auto` (the page only), of the game the text's first line or PGN headers
//! look like.

use crate::game::{GameKind, NeedsAllGames};
use crate::games::{adapter, with_adapter};
use crate::options::{GameChoice, NotationChoice, Options};
use crate::outcome::{Failure, LaterPlies, Outcome, Status};
use crate::report::{Capped, NoReport, PlyReporter, ReportPly, ReportStart};

/// The game `text` is read as: the one chosen, or the one it looks like.
pub fn game_of(text: &str, options: &Options) -> GameKind {
    match options.game {
        // The course notation is chess's, whatever the text looks like
        // (spec/course-notation.md: a Congo FEN gets chess's verdict).
        GameChoice::Auto if options.notation == NotationChoice::Course => GameKind::Chess,
        GameChoice::Auto => detect_game(text),
        GameChoice::Game(chosen) => chosen,
    }
}

pub fn analyze(text: &str, options: &Options) -> Outcome {
    with_adapter!(game_of(text, options), |game| game.analyze(text, options))
        .unwrap_or_else(|missing| not_built(missing, text))
}

/// `analyze`, with the main line's plies left for later where the game's
/// reader can keep what building them needs (chess): the Outcome's `plies`
/// are empty then, and the line is returned beside it.
pub fn analyze_later(text: &str, options: &Options) -> (Outcome, Option<Box<dyn LaterPlies>>) {
    with_adapter!(game_of(text, options), |game| game.analyze_later(text, options))
        .unwrap_or_else(|missing| (not_built(missing, text), None))
}

/// The verdict on a text of a game this build has no rules for: it cannot
/// be read here, and the reason says where the rules are.
fn not_built(missing: NeedsAllGames, text: &str) -> Outcome {
    let why = missing.to_string();
    let mut outcome = Outcome::new(missing.0, crate::snapshot::Snapshot::empty());
    outcome.fail(*Failure::new(Status::ParseError, why.clone(), why), text);
    outcome
}

/// Guesses the game from the text's first line (PGN headers are chess):
/// a grid problem starts with a problem id alone on its line and has `N M`
/// on its third line or a board row on its fourth; checkers files start with `RULES:` (after any `#`
/// comment lines), and checkers moves have an arrow (`c3->d4`); a Congo
/// game starts with a FEN of seven ranks, or is moves chess cannot play
/// from its start and Congo can (see `congo_moves_alone`).
pub fn detect_game(text: &str) -> GameKind {
    let text = text.trim_start_matches('\u{feff}');
    let first_line = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("");
    let first_word = first_line.split_whitespace().next().unwrap_or("");
    if first_line.starts_with("RULES:") || first_word.contains("->") {
        return GameKind::Checkers;
    }
    let congo_letters = |c: char| "pPsSgGmMeElLcCzZ1234567/".contains(c);
    let ranks = first_word.matches('/').count();
    if ranks == 6 && first_word.chars().all(congo_letters) {
        return GameKind::Congo;
    }
    // A Congo FEN with a mistake in it (a wrong letter, a rank too many or
    // too few) is still Congo's, so that Congo's reader says what is wrong:
    // read as chess, it gave "expected a rank 1-8 but found 'm'". It has
    // seven ranks or Congo's own letters, and none of chess's own.
    let chess_only = |c: char| "nNbBrRqQkK".contains(c);
    let congo_only = |c: char| "sSgGmMeElLcCzZ".contains(c);
    if ranks > 0 && !first_word.contains(chess_only) && (ranks == 6 || first_word.contains(congo_only)) {
        return GameKind::Congo;
    }
    let mut lines = text.lines();
    let id = lines.next().unwrap_or("").trim();
    let _spec = lines.next();
    let size = lines.next().unwrap_or("");
    let numbers: Vec<&str> = size.split_whitespace().collect();
    let is_number = |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
    // A board row after a wrong size line still makes a problem, so that
    // the size line is what the verdict names.
    let first_row = lines.next().unwrap_or("").trim();
    let is_row = !first_row.is_empty() && first_row.chars().all(|c| ".PNBRQKpnbrqk".contains(c));
    if id.len() == 1
        && id.bytes().all(|b| b.is_ascii_digit())
        && ((numbers.len() == 2 && numbers.iter().all(|n| is_number(n))) || is_row)
    {
        return GameKind::Grid;
    }
    if congo_moves_alone(text) {
        return GameKind::Congo;
    }
    GameKind::Chess
}

/// Whether `text` is Congo's moves without a FEN (its start position): every
/// word a move on its 7x7 board (`d2d3`, a monkey's `b3d5f3`), of which
/// chess cannot play the first two (Black's first starts on rank 6, where
/// chess has nothing), while Congo, whose black pawns stand there, reads
/// further. Checked last and rarely: a word of another kind stops it.
fn congo_moves_alone(text: &str) -> bool {
    let congo_move = |word: &str| {
        let b = word.as_bytes();
        b.len() >= 4
            && b.len() % 2 == 0
            && b.chunks(2).all(|sq| (b'a'..=b'g').contains(&sq[0]) && (b'1'..=b'7').contains(&sq[1]))
    };
    let mut words = text.split_whitespace();
    let (Some(_), Some(second)) = (words.next(), words.next()) else { return false };
    if !(text.split_whitespace().all(congo_move) && second.as_bytes()[1] == b'6') {
        return false;
    }
    let quietly = |game| Options { suggest: false, ..Options::game(game) };
    let as_chess = analyze(text, &quietly(GameKind::Chess));
    let Some(stopped) = as_chess.error else { return false };
    // Whether Congo reads further: the module with chess alone cannot
    // tell, and leaves it to the module with every game.
    match adapter(GameKind::Congo) {
        Ok(congo) => congo.analyze(text, &quietly(GameKind::Congo)).error.is_none_or(|e| e.ply > stopped.ply),
        Err(_) => true,
    }
}

/// The report on the game `text` holds, a ply at a time (see `report`).
pub fn reporter(text: &str, options: &Options) -> Result<Box<dyn PlyReporter>, NoReport> {
    // Read with the main line's plies left for later where the game can
    // (chess): a long game's snapshots are never built for a report, whose
    // plies stop at `Capped`'s limit.
    let (outcome, _) = analyze_later(text, &Options { suggest: false, ..*options });
    let game = adapter(outcome.game).map_err(|missing| NoReport(missing.to_string()))?;
    Ok(Box::new(Capped { inner: game.reporter(text, &outcome, options)?, reported: 0 }))
}

/// The whole report at once: the start and every ply.
pub fn report(text: &str, options: &Options) -> Result<(ReportStart, Vec<ReportPly>), NoReport> {
    let mut reporter = reporter(text, options)?;
    let start = reporter.start();
    let mut plies = Vec::with_capacity(reporter.len());
    while let Some(ply) = reporter.next_ply() {
        plies.push(ply);
    }
    Ok((start, plies))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_congo_fen_with_a_mistake_is_still_congo() {
        for text in [
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3",
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECX w 0\nd2d3",
            "gmelecz/ppppppp/8/7/7/PPPPPPP/GMELECZ w 0",
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/7 w 0",
            "gmelecz/ppppppp/7/7/PPPPPPP/GMELECZ w 0",
        ] {
            assert_eq!(detect_game(text), GameKind::Congo, "{text:?}");
        }
        for text in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            // A chess FEN a rank short is still chess's.
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "e4 e5 Nf3",
        ] {
            assert_eq!(detect_game(text), GameKind::Chess, "{text:?}");
        }
    }

    #[test]
    fn congo_moves_without_a_fen_are_congo_when_chess_cannot_play_them_and_congo_can() {
        // Black's first move from rank 6: a pawn in Congo, nothing in chess.
        for text in ["d2d3 d6d5 c2c3", "c2c3 c6c5\nd1d2", "  a2a3\ta6a5 ", "b2b3 d6d5 b1b2 e6e5 b2d4"] {
            assert_eq!(detect_game(text), GameKind::Congo, "{text:?}");
            assert_eq!(analyze(text, &Options::default()).game, GameKind::Congo, "{text:?}");
        }
        for text in [
            // Chess can play them.
            "e2e4 e7e5 g1f3",
            "a2a3 a7a6",
            // Chess cannot, and neither can Congo (a pawn's double step): chess says why.
            "e2e4 e6e5",
            // A word Congo's board has no room for, or no move at all.
            "d2d3 d6d5 h2h3",
            "d2d3 d6d5 Nf3",
            "d2d3 d6d5 1-0",
            "d2d3",
            "d2d3 d6",
            "",
        ] {
            assert_eq!(detect_game(text), GameKind::Chess, "{text:?}");
        }
    }

    #[test]
    fn the_course_notation_is_always_chess() {
        let course = Options { notation: NotationChoice::Course, ..Options::default() };
        for text in ["c3->d4", "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", "2\nb\n4 4\nk...\n....\n....\n...K\n"] {
            assert_eq!(game_of(text, &course), GameKind::Chess, "{text:?}");
            assert_ne!(
                game_of(text, &Options::default()),
                GameKind::Chess,
                "{text:?} is guessed in the automatic mode"
            );
        }
        let chosen = Options { game: GameChoice::Game(GameKind::Congo), ..course };
        assert_eq!(game_of("d2d3", &chosen), GameKind::Congo, "a game chosen stays chosen");
    }
}
