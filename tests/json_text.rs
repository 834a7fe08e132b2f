//! The results' JSON text written by hand (`analysis_board::json`, what the
//! wasm API hands to JavaScript) is byte for byte serde_json's text of the
//! same value: field names and order, null, escapes, numbers. On every
//! game of the test data, with errors, variations, comments and tags
//! holding quotes, backslashes, control characters, non-ASCII and emoji,
//! and on every other result type of the API.
#![cfg(feature = "serde")]

use analysis_board::json::to_json;
use analysis_board::{analyze, GameKind, NotationChoice, Options};

/// Both texts of `value`, equal or the first place they differ shown.
fn same<T: analysis_board::json::ToJson + serde::Serialize>(value: &T, what: &str) {
    let ours = to_json(value);
    let serde = serde_json::to_string(value).unwrap();
    if ours != serde {
        let at = ours.bytes().zip(serde.bytes()).take_while(|(a, b)| a == b).count();
        let from = at.saturating_sub(60);
        panic!(
            "{what:?}: differs at byte {at}\n  ours:  {}\n  serde: {}",
            ours.get(from..(at + 60).min(ours.len())).unwrap_or(&ours),
            serde.get(from..(at + 60).min(serde.len())).unwrap_or(&serde)
        );
    }
}

/// Texts with every kind of string the results carry, written into
/// comments, tags, names and errors.
const TRICKY: &[&str] = &[
    "",
    "[Event \"A \\\"quoted\\\" \\\\ back\\\\slash\"]\n[White \"Zoë 🎉 ♞\"]\n[Black \"tab\there\"]\n1. e4 {a \"quote\", a \\ backslash, é, 🎉, \u{1}\u{1f}\u{7f} and a\u{8}b\u{c}c\rd} e5 (1... c5 {\"x\" [%cal Gd7d5] [%csl Re4]} 2. Nf3 $1) 2. Nf3 {[%clk 0:01:00] [%eval -0.5]} Nc6 $2 $14 1-0",
    "1. e4 e5 2. Qh5 {line\nbreak} Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0",
    "1. e4 (1. d4 d5 (1... Nf6 2. c4 {deep \"nest\"}) 2. c4) 1... e5 2. Ke2 *",
    "1. e4 e5 2. Zz9 {after the error} Nc6 3. Nf3",
    "e4 e5 \"quoted\" Nf3 \\ back",
    "1. e4 é5 🎉 Nf3",
    "f3 e5 g4 Qh4",
    "e4 d5 exd5 0-0 Nf3",
    "a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6 bxa8=Q",
    "8/8/8/8/8/5k2/5p2/5K2 b - - 0 1",
    "e4\te5\tNf3\tNc6",
    "\u{0}\u{1}\u{2}",
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5 b3d5",
    "3l3/7/7/Z6/7/7/3L3 w 0\nd1d2 d7d6",
    "3l3/7/2p1p2/3p3/3M3/7/3L3 w 0\nd3d5b5",
    "c3->d4 f6->e5 d4->f6 g7->e5",
    "1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n",
    "RULES: capture multiple jumps\nTURN: red\nBOARD:\n\" . \" . \" . \" b\n. \" . \" . \" . \"\n\" . \" b \" . \" .\n. \" . \" . \" . \"\n\" . \" b \" . \" .\n. \" r \" . \" . \"\n\" . \" . \" . \" .\nr \" . \" . \" . \"\nMOVES:\nc3->e5->c7\n",
];

fn data(name: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)).unwrap()
}

/// The game texts of the test data: the course's appendix and generated
/// games, grid problems, Congo positions with a move, and every PGN file.
fn texts() -> Vec<String> {
    let mut texts: Vec<String> = TRICKY.iter().map(|t| t.to_string()).collect();
    texts.extend(data("course-appendix-games.tsv").lines().filter_map(|l| l.split('\t').nth(1)).map(String::from));
    for file in ["course-generated.jsonl", "grid-generated.jsonl"] {
        let lines = data(file);
        texts.extend(lines.lines().filter_map(|l| serde_json::from_str::<Vec<String>>(l).ok()?.into_iter().next()));
    }
    for line in data("congo-generated.txt").lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" ; ").collect();
        if let [fen, _, mv, ..] = fields[..] {
            texts.push(format!("{fen}\n{mv}"));
        }
    }
    let pgn = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn");
    let mut files: Vec<_> = std::fs::read_dir(pgn.join("nasty")).unwrap().map(|e| e.unwrap().path()).collect();
    files.extend(["python-chess.pgn", "stockfish.pgn", "exported.pgn"].map(|f| pgn.join(f)));
    for file in files {
        texts.push(String::from_utf8_lossy(&std::fs::read(file).unwrap()).into_owned());
    }
    texts
}

#[test]
fn every_outcome_is_written_as_serde_json_writes_it() {
    let texts = texts();
    assert!(texts.len() > 4000, "{} texts", texts.len());
    for (i, text) in texts.iter().enumerate() {
        for notation in [NotationChoice::Auto, NotationChoice::Course] {
            // The suggestion for some (it searches).
            let options = Options { notation, suggest: i < 40, ..Options::default() };
            let outcome = analyze(text, &options);
            same(&outcome, text);
            // Every game of a PGN text with several.
            let games = outcome.chess.as_ref().map_or(1, |chess| chess.games_in_text);
            for game_index in 1..games.min(40) {
                same(&analyze(text, &Options { game_index, ..options }), text);
            }
        }
        same(&analysis_board::chess::notation::pgn::list_games(text), text);
    }
}

#[test]
fn moves_and_plays_are_written_as_serde_json_writes_them() {
    let options = Options { suggest: false, ..Options::default() };
    let mut positions = 0;
    for text in
        TRICKY.iter().copied().chain(data("course-appendix-games.tsv").lines().filter_map(|l| l.split('\t').nth(1)))
    {
        let outcome = analyze(text, &options);
        if !matches!(outcome.game, GameKind::Chess | GameKind::Congo) {
            continue;
        }
        for snapshot in std::iter::once(&outcome.initial).chain(outcome.plies.iter().map(|p| &p.snapshot)) {
            let moves = analysis_board::play::moves(outcome.game, &snapshot.fen).unwrap_or_default();
            same(&moves, &snapshot.fen);
            for mv in moves.iter().take(4) {
                let ply = analysis_board::play::play(outcome.game, &snapshot.fen, &mv.notation).unwrap();
                same(&ply, &mv.notation);
            }
            positions += 1;
        }
    }
    assert!(positions > 200, "{positions} positions");
}

#[test]
fn the_games_rules_are_written_as_serde_json_writes_them() {
    for game in GameKind::ALL {
        same(&game, game.id());
        same(&analysis_board::games::adapter(game).unwrap().rules(), game.id());
    }
}

#[test]
fn reports_puzzles_and_setups_are_written_as_serde_json_writes_them() {
    use analysis_board::chess::{editor, puzzle};
    let options = Options { suggest: false, ..Options::default() };
    for text in
        ["1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1. f3 e5 2. g4 Qh4#", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6"]
    {
        let mut reporter = analysis_board::analysis::reporter(text, &options).map_err(|e| e.0).unwrap();
        same(&reporter.start(), text);
        same(&reporter.method(), text);
        while let Some(ply) = reporter.next_ply() {
            same(&ply, text);
        }
    }
    for fen in
        ["6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"]
    {
        same(&puzzle::puzzle_info(fen).unwrap(), fen);
        for mv in ["Ra8#", "Qxf7#", "Kh2", "Zz9"] {
            if let Ok(step) = puzzle::puzzle_move(fen, mv) {
                same(&step, mv);
            }
        }
        let view = editor::setup_view(fen).unwrap();
        same(&view, fen);
        same(&editor::write_setup(&view).unwrap(), fen);
        let bad = editor::SetupView { cells: "K\"\\\u{1}é".repeat(13)[..64].into(), ..view };
        if let Ok(written) = editor::write_setup(&bad) {
            same(&written, fen);
        }
    }
}
