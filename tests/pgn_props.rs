//! Properties of the PGN reader on any text: it never panics, every span
//! it reports is a valid range of the text (UTF-16, never splitting a
//! surrogate pair), and what we write reads back to the same game.

mod common;

use analysis_board::chess::analysis::analyze_pgn;
use analysis_board::chess::notation::pgn::{export_moves, read_game, read_games, GameIndex, GameResult};
use analysis_board::chess::Position;
use common::invariants::pgn_outcome as check_all;
use proptest::prelude::*;

/// Characters PGN gives meaning to, and a few it does not.
const ALPHABET: &[char] = &[
    '[', ']', '"', '\\', '{', '}', '(', ')', ';', '%', '$', '!', '?', '*', '.', '…', '-', '+', '#', '=', '/', ':', '@',
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'x', 'p', 'K', 'Q', 'R',
    'B', 'N', 'O', 'P', 'Z', ' ', ' ', ' ', '\n', '\r', '\t', '\u{feff}', '\u{a0}', '½', 'е', '😀',
    // What typography and web pages put in (dashes, times, quotes, invisible marks).
    '–', '—', '−', '×', '“', '”', '„', '«', '»', '\u{200b}', '\u{200e}',
];

fn pgnish() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET), 0..120).prop_map(|cs| cs.into_iter().collect())
}

fn corpus_games() -> Vec<String> {
    let mut games = Vec::new();
    for text in [
        include_str!("data/pgn/python-chess.pgn"),
        include_str!("data/pgn/stockfish.pgn"),
        include_str!("data/pgn/nasty/02-comments-with-tricky-text.pgn"),
        include_str!("data/pgn/nasty/10-lichess-export.pgn"),
        include_str!("data/pgn/nasty/12-notation-variants.pgn"),
        include_str!("data/pgn/nasty/21-promotions.pgn"),
    ] {
        for read in read_games(text) {
            games.push(text[read.game.span.start..read.game.span.end].to_string());
        }
    }
    games
}

#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match *edit {
            Edit::Delete(i) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars.remove(i);
            }
            Edit::Insert(i, c) => {
                let i = at(i, chars.len() + 1);
                chars.insert(i, c);
            }
            Edit::Replace(i, c) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars[i] = c;
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = prop::sample::select(ALPHABET);
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Replace(i, c)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_text_gives_an_outcome_with_valid_spans(text in any::<String>()) {
        check_all(&text);
    }

    #[test]
    fn pgn_like_text_gives_an_outcome_with_valid_spans(text in pgnish()) {
        check_all(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn damaged_real_games_give_an_outcome_with_valid_spans(
        game in 0usize..1000,
        edits in prop::collection::vec(edit(), 1..8),
    ) {
        let games = corpus_games();
        let text = apply(&games[game % games.len()], &edits);
        check_all(&text);
    }

    /// A random legal game written by our exporter reads back to the same
    /// moves and positions.
    #[test]
    fn written_games_read_back(seed in any::<u64>(), plies in 0usize..200) {
        let (pos, moves) = common::random_game(seed, plies);
        let text = export_moves(&Position::start(), &moves, &[], GameResult::Unknown);
        prop_assert!(text.lines().all(|l| l.chars().count() <= 80));
        let o = analyze_pgn(&text, false);
        prop_assert_eq!(&o.error, &None);
        prop_assert_eq!(o.plies.len(), moves.len());
        prop_assert_eq!(&o.last_snapshot().fen, &pos.fen());
        for (p, m) in o.plies.iter().zip(&moves) {
            prop_assert_eq!(&p.from, &m.from().to_string());
            prop_assert_eq!(&p.to, &m.to().to_string());
        }
    }
}

/// `count` and `nth` skim the games they pass over (nothing is built):
/// they must find exactly the games reading finds.
fn check_skimming(text: &str) {
    let games: Vec<_> = read_games(text).collect();
    assert_eq!(read_games(text).count(), games.len(), "{text:?}");
    for (k, game) in games.iter().enumerate() {
        assert_eq!(read_games(text).nth(k).as_ref(), Some(game), "game {k} of {text:?}");
    }
    assert_eq!(read_games(text).nth(games.len()), None, "{text:?}");
    // `read_game`: game `index`, else the last one, else an empty one; the
    // same from the text's index (which long texts are read through).
    let count = games.len().max(1);
    let indexed = GameIndex::of(text);
    for index in 0..games.len() + 2 {
        let chosen = index.min(count - 1);
        let expected = games.get(chosen).cloned().unwrap_or_default();
        let expected = (expected, chosen, count);
        assert_eq!(read_game(text, index), expected, "game {index} of {text:?}");
        assert_eq!(indexed.game(index), expected, "game {index} of {text:?}, indexed");
    }
}

/// A long text is indexed once and kept: reading its games again, in any
/// order, and then another long text, finds what reading in order does.
#[test]
fn games_of_long_texts_are_found_from_their_index() {
    let games = corpus_games();
    let long = |skip: usize| {
        let mut text = String::new();
        for game in games.iter().cycle().skip(skip).take(300) {
            text.push_str(game);
            text.push_str("\n\n");
        }
        assert!(text.len() > 64 * 1024, "{} bytes", text.len());
        text
    };
    for text in [long(0), long(7), long(0)] {
        let in_order: Vec<_> = read_games(&text).collect();
        for index in [0, 299, 150, 150, 1, 500] {
            let chosen = index.min(in_order.len() - 1);
            let (game, at, count) = read_game(&text, index);
            assert_eq!((at, count), (chosen, in_order.len()));
            assert!(game == in_order[chosen], "game {index}");
        }
    }
}

#[test]
fn skimming_finds_the_games_of_the_corpus() {
    for text in [
        include_str!("data/pgn/python-chess.pgn"),
        include_str!("data/pgn/stockfish.pgn"),
        include_str!("data/pgn/exported.pgn"),
    ] {
        check_skimming(text);
    }
    let nasty = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn/nasty");
    let mut all = String::new();
    for entry in std::fs::read_dir(nasty).expect("the nasty corpus") {
        let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a text file");
        check_skimming(&text);
        all.push_str(&text);
    }
    check_skimming(&all);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn skimming_finds_the_games_of_any_text(text in pgnish()) {
        check_skimming(&text);
    }

    /// Several real games in one text, damaged: broken tags, comments and
    /// variations move where games end.
    #[test]
    fn skimming_finds_the_games_of_damaged_texts(
        picks in prop::collection::vec(0usize..1000, 2..5),
        edits in prop::collection::vec(edit(), 0..12),
    ) {
        let games = corpus_games();
        let joined: Vec<&str> = picks.iter().map(|&k| games[k % games.len()].as_str()).collect();
        check_skimming(&apply(&joined.join("\n\n"), &edits));
    }
}
