//! A chess game read with its main line's snapshots left for later (as the
//! JavaScript API reads it) is the game read with every snapshot, once each
//! kept move is made a ply: on the PGN corpus, the handout's games,
//! the generated course games (every kind of error among them), and random
//! games that end in every way.

mod common;

use analysis_board::analysis::analyze;
use analysis_board::chess::analysis::analyze_deferred;
use analysis_board::chess::notation::pgn::read_games;
use analysis_board::chess::plies::{build_deferred, Ending};
use analysis_board::game::GameKind;
use analysis_board::options::{GameChoice, NotationChoice, Options};
use analysis_board::outcome::Outcome;

fn read(text: &str, notation: NotationChoice, game_index: usize) -> Outcome {
    let options = Options { game: GameChoice::Game(GameKind::Chess), notation, game_index, suggest: false };
    analyze(text, &options)
}

/// Checks one text in one notation; whether its main line had moves.
fn same_either_way(text: &str, notation: NotationChoice, game_index: usize) -> bool {
    let now = read(text, notation, game_index);
    let (mut later, line) = analyze_deferred(text, notation, game_index, false);
    assert!(later.plies.is_empty(), "the plies are left for later: {text:?}");
    assert_eq!(line.plies.len(), now.plies.len(), "a move kept for each ply: {text:?}");
    // A ply built while reading (a move with something to add) has only its snapshot left.
    for (kept, ply) in line.plies.iter().zip(&now.plies) {
        let annotated = !(ply.comments.is_empty() && ply.nags.is_empty() && ply.shapes.is_empty())
            || ply.clock.is_some()
            || ply.eval.is_some()
            || !ply.variations.is_empty();
        if annotated {
            assert!(kept.built.as_ref().is_some_and(|b| b.snapshot.fen.is_empty()), "{text:?}");
        }
    }
    later.plies = build_deferred(line);
    assert_eq!(later, now, "{notation:?} {text:?}");
    !now.plies.is_empty()
}

#[test]
fn the_pgn_corpus_reads_the_same_with_snapshots_later() {
    let mut games = 0;
    for file in ["python-chess.pgn", "stockfish.pgn", "exported.pgn"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn").join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        for (index, _) in read_games(&text).enumerate() {
            games += usize::from(same_either_way(&text, NotationChoice::Pgn, index));
        }
    }
    let nasty = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn/nasty");
    for entry in std::fs::read_dir(nasty).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        for (index, _) in read_games(&text).enumerate() {
            for notation in [NotationChoice::Auto, NotationChoice::Pgn] {
                games += usize::from(same_either_way(&text, notation, index));
            }
        }
    }
    assert!(games > 100, "{games} games with moves");
}

#[test]
fn course_games_read_the_same_with_snapshots_later() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let appendix = std::fs::read_to_string(root.join("course-appendix-games.tsv")).unwrap();
    let generated = std::fs::read_to_string(root.join("course-generated.jsonl")).unwrap();
    let mut texts: Vec<String> = appendix.lines().filter_map(|l| l.split('\t').nth(1)).map(String::from).collect();
    texts.extend(generated.lines().filter_map(|l| serde_json::from_str::<Vec<String>>(l).ok()?.into_iter().next()));
    assert!(texts.len() > 100, "{} texts", texts.len());
    for text in &texts {
        for notation in [NotationChoice::Course, NotationChoice::Auto] {
            same_either_way(text, notation, 0);
        }
    }
}

#[test]
fn random_games_read_the_same_with_snapshots_later() {
    use analysis_board::chess::notation::san::san;
    let mut endings = std::collections::HashSet::new();
    for seed in 0..400 {
        let (_, moves) = common::random_game(seed, 300);
        let mut pos = analysis_board::chess::Position::start();
        let mut words = Vec::new();
        for m in moves {
            words.push(san(&pos, m));
            pos = pos.after(m);
        }
        endings.insert(format!("{:?}", Ending::of(&pos)));
        let text = words.join(" ");
        same_either_way(&text, NotationChoice::Pgn, 0);
        // A move after the end, and a move that cannot be played.
        same_either_way(&format!("{text} Ke2"), NotationChoice::Pgn, 0);
        same_either_way(&format!("{text} Qxz9"), NotationChoice::Pgn, 0);
    }
    assert!(endings.len() >= 2, "{endings:?}");
}
