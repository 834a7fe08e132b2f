//! The crate built without the `all-games` feature: the reader (the page's
//! first module, without the feature `engine` either) and chess with the
//! engine (the worker's module). Chess works, and a text of another game,
//! or another game named, is recognised and answered with `NeedsAllGames`,
//! never read as chess and never a panic; the reader answers what needs
//! the engine with `NeedsEngine`.
//!
//!     cargo test --no-default-features --test chess_only
//!     cargo test --no-default-features --features engine --test chess_only
#![cfg(not(feature = "all-games"))]

use analysis_board::analysis::{game_of, reporter};
use analysis_board::edit::{Edit, EditError};
use analysis_board::game::NeedsAllGames;
use analysis_board::outcome::{Refusal, Status};
use analysis_board::{analyze, games, play, GameKind, Options};

const CONGO: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5\n";
const CHECKERS: &str = "c3->d4 f6->e5 d4->f6\n";
const GRID: &str = "2\nw\n4 4\nk...\n....\n....\n...K\n";

/// Each text of another game, with its game.
fn others() -> [(&'static str, GameKind); 3] {
    [(CONGO, GameKind::Congo), (CHECKERS, GameKind::Checkers), (GRID, GameKind::Grid)]
}

#[test]
fn chess_is_analysed_as_in_the_full_build() {
    let outcome = analyze("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7", &Options::default());
    assert_eq!((outcome.game, outcome.status), (GameKind::Chess, Status::Checkmate));
    assert_eq!(outcome.message, "white wins by checkmate");
    assert_eq!(play::moves(GameKind::Chess, &outcome.initial.fen).map(|m| m.len()), Ok(20));
}

#[cfg(feature = "engine")]
#[test]
fn chess_with_the_engine_suggests_and_reports() {
    assert!(reporter("e4 e5", &Options::default()).is_ok());
    let suggested = games::adapter(GameKind::Chess).unwrap().suggest("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(suggested.map(|s| s.map(|s| s.notation)), Ok(Some("Ra8#".into())));
    let outcome = analyze("e4 e5", &Options { suggest: true, ..Options::default() });
    assert!(outcome.suggestion.is_some());
}

#[cfg(not(feature = "engine"))]
#[test]
fn the_reader_refuses_what_needs_the_engine() {
    let why = reporter("e4 e5", &Options::default()).err().expect("no report in the reader");
    assert_eq!(why.0, Refusal::NeedsEngine.to_string());
    let suggested = games::adapter(GameKind::Chess).unwrap().suggest("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(suggested.map(|s| s.is_some()), Err(Refusal::NeedsEngine));
    assert_eq!(Refusal::NeedsEngine.code(), "needs_engine");
    // A suggestion asked of the reader is left out; the verdict is there.
    let outcome = analyze("e4 e5", &Options { suggest: true, ..Options::default() });
    assert_eq!((outcome.status, outcome.suggestion.is_none()), (Status::Incomplete, true));
}

#[test]
fn every_game_is_still_recognised() {
    assert_eq!(GameKind::ALL.len(), 4);
    for (text, game) in others() {
        assert_eq!(game_of(text, &Options::default()), game);
        assert_eq!(games::has_rules(game), Err(NeedsAllGames(game)));
    }
    assert_eq!(games::has_rules(GameKind::Chess), Ok(()));
}

#[test]
fn congo_moves_without_a_fen_that_chess_cannot_play_are_left_to_the_module_with_every_game() {
    // Which of the two reads further only that module can tell.
    assert_eq!(game_of("d2d3 d6d5 c2c3", &Options::default()), GameKind::Congo);
    assert_eq!(game_of("e2e4 e6e5", &Options::default()), GameKind::Congo);
    // Moves chess can play stay chess's.
    assert_eq!(game_of("e2e4 e7e5 g1f3", &Options::default()), GameKind::Chess);
}

#[test]
fn another_games_text_is_an_error_that_names_the_game() {
    for (text, game) in others() {
        let outcome = analyze(text, &Options::default());
        assert_eq!((outcome.game, outcome.status), (game, Status::ParseError), "{text:?}");
        let error = outcome.error.expect("an error");
        assert_eq!((error.start, error.end), (0, 0));
        let said = NeedsAllGames(game).to_string();
        assert!(said.starts_with(&format!("{}: ", game.id())), "{said}");
        assert_eq!(error.reason, said);
        assert_eq!(outcome.message, said);
        assert!(outcome.plies.is_empty());
    }
}

#[test]
fn another_game_named_in_the_options_is_an_error_too() {
    for game in [GameKind::Congo, GameKind::Checkers, GameKind::Grid] {
        let outcome = analyze("e4 e5", &Options::game(game));
        assert_eq!((outcome.game, outcome.status), (game, Status::ParseError));
    }
}

#[test]
fn moves_play_edits_and_reports_of_another_game_are_refused_with_the_code() {
    let congo_start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    let refused = play::moves(GameKind::Congo, congo_start).expect_err("no Congo rules here");
    assert_eq!(refused, Refusal::NeedsAllGames(GameKind::Congo));
    assert_eq!(refused.code(), "needs_all_games");
    assert_eq!(play::play(GameKind::Checkers, "anything", "c3->d4"), Err(Refusal::NeedsAllGames(GameKind::Checkers)));
    assert_eq!(play::moves(GameKind::Grid, GRID), Err(Refusal::NeedsAllGames(GameKind::Grid)));
    let edit = Edit::Add { at: vec![1], mv: "c2c3".into() };
    assert_eq!(
        play::edit(CONGO, &Options::default(), &edit),
        Err(EditError::Move(Refusal::NeedsAllGames(GameKind::Congo)))
    );
    for (text, game) in others() {
        let why = reporter(text, &Options::default()).err().expect("no report here");
        assert_eq!(why.0, NeedsAllGames(game).to_string());
    }
}
