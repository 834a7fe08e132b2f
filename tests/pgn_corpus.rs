//! The PGN corpus: every game's verdict, number of plies and final FEN
//! match python-chess's reading (`tests/data/pgn/expected.tsv`, written by
//! `tools/pgn/expected.py`). The generated games come from
//! `tools/pgn/corpus.py` (Stockfish self-play and python-chess's exporter);
//! the hand-written ones are `tests/data/pgn/nasty/*.pgn`.

use analysis_board::chess::analysis::analyze_pgn;
use analysis_board::chess::analysis::export_pgn;
use analysis_board::chess::notation::pgn::export_outcome;
use analysis_board::chess::notation::pgn::{read_games, replay};
use analysis_board::chess::Position;
use analysis_board::outcome::Ply;
use analysis_board::outcome::{Outcome, Status};
use analysis_board::NotationChoice;
use std::path::PathBuf;

struct Expected {
    file: String,
    game: usize,
    verdict: String,
    plies: usize,
    fen: String,
    games: usize,
}

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn").join(name);
    String::from_utf8(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))).unwrap()
}

fn expected() -> Vec<Expected> {
    data("expected.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Expected {
                file: f[0].to_string(),
                game: f[1].parse().unwrap(),
                verdict: f[2].to_string(),
                plies: f[3].parse().unwrap(),
                fen: f[4].to_string(),
                games: f[5].parse().unwrap(),
            }
        })
        .collect()
}

fn verdict(outcome: &Outcome) -> &'static str {
    match outcome.status {
        Status::Checkmate => "checkmate",
        Status::Stalemate => "stalemate",
        Status::Incomplete => "incomplete",
        s if s.is_error() => "error",
        _ => "other",
    }
}

/// The outcome agrees with python-chess's reading.
fn check(outcome: &Outcome, e: &Expected, what: &str) {
    let label = format!("{} game {} ({what})", e.file, e.game);
    assert_eq!(verdict(outcome), e.verdict, "{label}: {} {:?}", outcome.message, outcome.error);
    assert_eq!(outcome.plies.len(), e.plies, "{label}: {}", outcome.message);
    if let Some(error) = &outcome.error {
        assert_eq!(error.ply, e.plies, "{label}");
    }
    if e.fen != "-" {
        assert_eq!(outcome.last_snapshot().fen, e.fen, "{label}");
    }
    assert_eq!(outcome.chess.as_ref().unwrap().games_in_text, e.games, "{label}: games in the text");
}

#[test]
fn generated_games_match_python_chess() {
    let expected = expected();
    let mut checked = 0;
    for file in ["python-chess.pgn", "stockfish.pgn"] {
        let text = data(file);
        let rows: Vec<&Expected> = expected.iter().filter(|e| e.file == file).collect();
        let games: Vec<_> = read_games(&text).collect();
        assert_eq!(games.len(), rows.len(), "{file}: number of games");
        for (read, e) in games.iter().zip(&rows) {
            assert_eq!(read.error, None, "{file} game {}", e.game);
            // The reader and replay alone...
            let line = replay(&read.game).unwrap();
            assert_eq!(line.error, None, "{file} game {}", e.game);
            assert_eq!(line.moves.len(), e.plies, "{file} game {}", e.game);
            assert_eq!(line.end.fen(), e.fen, "{file} game {}", e.game);
            // ...and the whole analysis of the game's text.
            let one = &text[read.game.span.start..read.game.span.end];
            let mut outcome = analyze_pgn(one, false);
            outcome.chess.as_mut().unwrap().games_in_text = e.games;
            check(&outcome, e, "alone");
            checked += 1;
        }
        // The first game of the whole file, with the count of games.
        check(&analyze_pgn(&text, false), rows[0], "whole file");
    }
    assert!(checked >= 40, "only {checked} games");
}

#[test]
fn hand_written_games_match_python_chess() {
    let rows: Vec<Expected> = expected().into_iter().filter(|e| e.file.starts_with("nasty/")).collect();
    assert!(rows.len() >= 30, "only {} hand-written files", rows.len());
    for e in &rows {
        let text = data(&e.file);
        check(&analyze_pgn(&text, false), e, "as written");
    }
}

/// Every file, whatever its line endings, read with Windows line endings
/// and a byte order mark gives the same answers.
#[test]
fn line_endings_and_byte_order_marks_change_nothing() {
    for e in expected().iter().filter(|e| e.game == 0) {
        let text = data(&e.file);
        let unix = text.replace("\r\n", "\n").trim_start_matches('\u{feff}').to_string();
        for variant in [unix.clone(), unix.replace('\n', "\r\n"), format!("\u{feff}{}", unix.replace('\n', "\r\n"))] {
            check(&analyze_pgn(&variant, false), e, "line endings");
        }
    }
}

/// Our export of each generated game equals python-chess's export of it
/// (tags, moves wrapped at 80 columns, result), comments and variations
/// left out.
#[test]
fn exports_without_annotations_match_python_chess() {
    let python = data("exported.pgn");
    let theirs: Vec<String> = python
        .trim_end()
        .split("\n\n[")
        .enumerate()
        .map(|(i, g)| if i == 0 { g.to_string() } else { format!("[{g}") })
        .collect();
    let mut ours = Vec::new();
    for file in ["python-chess.pgn", "stockfish.pgn"] {
        let text = data(file);
        for read in read_games(&text) {
            let mut outcome = analyze_pgn(&text[read.game.span.start..read.game.span.end], false);
            let start = Position::from_fen(&outcome.initial.fen).unwrap();
            outcome.comments.clear();
            for ply in &mut outcome.plies {
                *ply = Ply::new(ply.notation.clone(), ply.path.clone(), ply.piece, ply.snapshot.clone());
            }
            ours.push(export_outcome(&outcome, &start));
        }
    }
    assert_eq!(ours.len(), theirs.len());
    for (i, (ours, theirs)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(ours.trim_end(), theirs, "game {i}");
    }
}

/// The tree without the spans, which differ between two texts of a game.
fn without_spans(mut plies: Vec<Ply>) -> Vec<Ply> {
    for ply in &mut plies {
        (ply.start, ply.end) = (0, 0);
        for line in &mut ply.variations {
            line.plies = without_spans(std::mem::take(&mut line.plies));
            if let Some(e) = &mut line.error {
                (e.start, e.end) = (0, 0);
            }
            for u in &mut line.unplayed {
                (u.start, u.end) = (0, 0);
            }
        }
    }
    plies
}

/// The exported PGN (comments, NAGs, drawings, clocks, evaluations and
/// variations included) reads back to the same tree.
#[test]
fn export_reads_back_to_the_same_tree() {
    let mut variations = 0;
    let mut comments = 0;
    for file in ["python-chess.pgn", "stockfish.pgn"] {
        let text = data(file);
        for read in read_games(&text) {
            let one = &text[read.game.span.start..read.game.span.end];
            let outcome = analyze_pgn(one, false);
            let exported = export_pgn(one, NotationChoice::Pgn, 0);
            let again = analyze_pgn(&exported, false);
            variations += outcome.plies.iter().map(|p| p.variations.len()).sum::<usize>();
            comments += outcome.plies.iter().filter(|p| !p.comments.is_empty() || p.clock.is_some()).count();
            assert_eq!(without_spans(again.plies.clone()), without_spans(outcome.plies.clone()), "{exported}");
            assert_eq!(again.comments, outcome.comments);
            assert_eq!(again.shapes, outcome.shapes);
            assert_eq!(again.status, outcome.status);
            assert_eq!(again.initial, outcome.initial);
            // Writing what was read back gives the same text.
            assert_eq!(export_pgn(&exported, NotationChoice::Pgn, 0), exported);
        }
    }
    assert!(variations > 20 && comments > 20, "{variations} variations, {comments} commented moves");
}

/// Drawings in the comments before a line's first move (the game's or a
/// variation's) are read apart from the words, and written back by the
/// export and by an edit of the tree.
#[test]
fn drawings_before_a_lines_first_move_are_kept() {
    use analysis_board::chess::edit::edit;
    use analysis_board::edit::Edit;
    use analysis_board::outcome::{Shape, ShapeColor};
    let text = "{ Look [%cal Ge2e4] } 1. e4 ({ [%csl Rd4] } 1. d4 d5) 1... e5 *";
    let shape = |color, from: &str, to: Option<&str>| Shape { color, from: from.into(), to: to.map(String::from) };
    let check = |outcome: &Outcome, what: &str| {
        assert_eq!(outcome.comments, ["Look"], "{what}");
        assert_eq!(outcome.shapes, [shape(ShapeColor::Green, "e2", Some("e4"))], "{what}");
        let variation = &outcome.plies[0].variations[0];
        assert_eq!(variation.comments, Vec::<String>::new(), "{what}");
        assert_eq!(variation.shapes, [shape(ShapeColor::Red, "d4", None)], "{what}");
    };
    check(&analyze_pgn(text, false), "read");
    let exported = export_pgn(text, NotationChoice::Pgn, 0);
    assert!(exported.contains("{ Look [%cal Ge2e4] } 1. e4 ({ [%csl Rd4] } 1. d4 d5) 1... e5 *"), "{exported}");
    check(&analyze_pgn(&exported, false), "exported");
    let edited = edit(text, NotationChoice::Pgn, 0, &Edit::Add { at: vec![1], mv: "Nf3".into() }).unwrap();
    let after = analyze_pgn(&edited.text, false);
    check(&after, "edited");
    assert_eq!(after.plies.len(), 3);
}
