//! The games' table: every game has its adapter, and what an adapter's
//! rules say the game can do is what it does. The page reads these rules
//! (`games()`) instead of deciding from a game's id, so a rule that says
//! too much or too little would show a button that fails or hide one that
//! works.
#![cfg(feature = "all-games")]

use analysis_board::adapter::{GameRules, PositionForm};
use analysis_board::analysis::reporter;
use analysis_board::chess::{editor, puzzle};
use analysis_board::edit::Edit;
use analysis_board::game::GameKind;
use analysis_board::games::adapter;
use analysis_board::outcome::Outcome;
use analysis_board::{play, Options};

/// A text of each game, with moves.
fn sample(game: GameKind) -> &'static str {
    match game {
        GameKind::Chess => "e4 e5 Nf3",
        GameKind::Grid => {
            "1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n"
        }
        GameKind::Congo => "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5",
        GameKind::Checkers => "c3->d4 f6->e5",
    }
}

/// Positions of each game where some legal move changes what a piece is.
fn promoting(game: GameKind) -> Option<&'static str> {
    match game {
        GameKind::Chess => Some("4k3/P7/8/8/8/8/1p6/4K3 w - - 0 1"),
        GameKind::Congo => Some("3l3/P6/7/7/7/7/3L3 w 0"),
        GameKind::Checkers => Some("8/2r5/8/8/8/6b1/8/8 r nocapture single"),
        GameKind::Grid => None,
    }
}

fn quietly(game: GameKind) -> Options {
    Options { suggest: false, ..Options::game(game) }
}

/// The position the game's moves are asked of, in the form its rules name.
fn position(rules: &GameRules, outcome: &Outcome, text: &str) -> String {
    match rules.position {
        PositionForm::Fen => outcome.last_snapshot().fen.to_string(),
        PositionForm::Text => text.to_string(),
    }
}

#[test]
fn every_game_has_an_adapter_that_reads_its_texts() {
    for game in GameKind::ALL {
        let outcome = adapter(game).expect("every game is built").analyze(sample(game), &quietly(game));
        assert_eq!((outcome.game, &outcome.error), (game, &None), "{game:?}");
    }
}

#[test]
fn a_game_is_played_on_the_board_when_its_rules_say_so() {
    for game in GameKind::ALL {
        let (adapter, text) = (adapter(game).unwrap(), sample(game));
        let rules = adapter.rules();
        let outcome = adapter.analyze(text, &quietly(game));
        let at = position(&rules, &outcome, text);
        let moves = adapter.moves(&at).unwrap_or_else(|e| panic!("{game:?}: {e}"));
        assert!(!moves.is_empty(), "{game:?}");
        let first = &moves[0];
        assert_eq!(adapter.play(&at, &first.notation).is_ok(), rules.play, "{game:?} plays {}", first.notation);
        assert_eq!(
            adapter
                .play(&at, &adapter.path_text(&first.path.iter().map(|s| s.to_string()).collect::<Vec<_>>()))
                .is_ok(),
            rules.play,
            "{game:?}"
        );
        let add = Edit::Add { at: vec![outcome.plies.len().saturating_sub(1)], mv: first.notation.clone() };
        assert_eq!(play::edit(text, &quietly(game), &add).is_ok(), rules.play, "{game:?}");
    }
}

#[test]
fn suggestions_reports_and_puzzles_are_there_when_the_rules_say_so() {
    for game in GameKind::ALL {
        let (adapter, text) = (adapter(game).unwrap(), sample(game));
        let rules = adapter.rules();
        let at = position(&rules, &adapter.analyze(text, &quietly(game)), text);
        let suggested = adapter.suggest(&at);
        assert_eq!(suggested.is_ok(), rules.suggest, "{game:?}: {suggested:?}");
        assert_eq!(rules.strategy.is_some(), rules.suggest, "{game:?}: a suggestion says how it chose");
        assert_eq!(reporter(text, &quietly(game)).is_ok(), rules.report, "{game:?}");
        assert_eq!(puzzle::puzzle_info(&at).is_ok(), rules.puzzle, "{game:?}");
        assert_eq!(editor::setup_view(&at).is_ok(), rules.setup.is_some(), "{game:?}");
    }
}

#[test]
fn a_position_is_a_fen_when_the_rules_say_so() {
    // A FEN: ranks separated by `/`, one for each row, then the side to move.
    for game in GameKind::ALL {
        let adapter = adapter(game).unwrap();
        let rules = adapter.rules();
        let outcome = adapter.analyze(sample(game), &quietly(game));
        let fen = outcome.last_snapshot().fen.to_string();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let ranks = fields.first().map_or(0, |board| board.split('/').count());
        let looks = ranks == usize::from(outcome.initial.height) && matches!(fields.get(1), Some(&"w" | &"b"));
        assert_eq!(looks, rules.fen, "{game:?}: {fen}");
    }
}

#[test]
fn pgn_and_exchange_files_are_written_when_the_rules_say_so() {
    for game in GameKind::ALL {
        let (adapter, text) = (adapter(game).unwrap(), sample(game));
        let rules = adapter.rules();
        let outcome = adapter.analyze(text, &quietly(game));
        if rules.pgn {
            // The PGN of the game reads back as the same moves.
            let pgn = analysis_board::chess::analysis::export_pgn(text, Default::default(), 0);
            let again = adapter.analyze(&pgn, &quietly(game));
            let moves = |o: &Outcome| o.plies.iter().map(|p| p.notation.to_string()).collect::<Vec<_>>();
            assert_eq!(moves(&again), moves(&outcome), "{game:?}: {pgn}");
        }
        // The exchange file of the position reads back as the same board.
        let exchanged = analysis_board::checkers::adapter::exchange_file(&outcome.last_snapshot().fen);
        assert_eq!(exchanged.is_ok(), rules.exchange_file, "{game:?}");
        if let Ok(file) = exchanged {
            let again = adapter.analyze(&file, &quietly(game));
            assert_eq!(again.initial.cells, outcome.last_snapshot().cells, "{game:?}: {file}");
        }
    }
}

#[test]
fn every_promotion_a_move_makes_is_one_the_rules_offer_in_order() {
    for game in GameKind::ALL {
        let adapter = adapter(game).unwrap();
        let rules = adapter.rules();
        let Some(at) = promoting(game) else {
            assert_eq!(rules.promotions, "", "{game:?}");
            continue;
        };
        let promotions: Vec<char> = adapter.moves(at).unwrap().iter().filter_map(|m| m.promotion).collect();
        assert!(!promotions.is_empty(), "{game:?}");
        for letter in &promotions {
            assert!(rules.promotions.contains(*letter), "{game:?}: {letter} is not in {:?}", rules.promotions);
        }
        for letter in rules.promotions.chars() {
            let piece = adapter.analyze("", &quietly(game)).initial.piece_name(letter);
            assert!(piece.is_some(), "{game:?}: {letter} is a piece of the game");
        }
    }
    // Chess offers the queen first, then the rook, the bishop, the knight.
    let chess = adapter(GameKind::Chess).unwrap();
    let order = chess.rules().promotions;
    let mut offered: Vec<char> =
        chess.moves(promoting(GameKind::Chess).unwrap()).unwrap().iter().filter_map(|m| m.promotion).collect();
    offered.sort_by_key(|&c| order.find(c));
    assert_eq!(offered, ['Q', 'R', 'B', 'N']);
}

#[test]
fn the_board_editor_places_every_piece_of_its_palette_on_its_board() {
    for game in GameKind::ALL {
        let Some(setup) = adapter(game).unwrap().rules().setup else { continue };
        let mut view = editor::setup_view(&setup.start).expect("the start position reads");
        assert_eq!(view.cells.chars().count(), usize::from(setup.width) * usize::from(setup.height), "{game:?}");
        for letter in setup.palette.chars() {
            assert!(setup.pieces.name(letter).is_some(), "{game:?}: {letter} has a name");
            view.cells.replace_range(27..28, &letter.to_string());
            assert!(editor::write_setup(&view).is_ok(), "{game:?}: {letter} can be placed");
        }
    }
}
