//! Arbitrary text never makes the analyser or the FEN reader panic, and
//! every error points inside the text.

use analysis_board::chess::Position;
use analysis_board::outcome::{GameKind, Status};
use analysis_board::{analyze, NotationChoice, Options};
use proptest::prelude::*;

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

fn check_outcome(text: &str, notation: NotationChoice) {
    let outcome = analyze(text, &Options { notation, suggest: false, ..Options::default() });
    let len = utf16_len(text);
    if let Some(e) = &outcome.error {
        assert!(outcome.status.is_error());
        assert!(e.start <= e.end && e.end <= len, "{text:?}: {e:?}");
        assert_eq!(e.ply, outcome.plies.len());
    } else {
        assert!(!outcome.status.is_error(), "{text:?}");
    }
    for p in &outcome.plies {
        assert!(p.start < p.end && p.end <= len);
        assert_eq!(p.snapshot.cells.chars().count(), 64);
    }
    // Chess parse errors name a character (other games word theirs differently).
    if outcome.status == Status::ParseError && outcome.game == GameKind::Chess {
        let e = outcome.error.as_ref().unwrap();
        let shown = e.character.as_deref().unwrap();
        let units: Vec<u16> = text.encode_utf16().collect();
        let sliced = String::from_utf16_lossy(&units[e.start..e.end]);
        match shown {
            "\\n" => assert!(sliced.is_empty() || sliced == "\n" || sliced == "\r", "{text:?}"),
            // The span is the character, or a whole bad token starting with it (`--`).
            "\\t" => assert!(sliced.starts_with('\t'), "{text:?}"),
            c => assert!(sliced.starts_with(c), "{text:?}: {sliced:?} does not start with {c:?}"),
        }
        assert_eq!(outcome.message, format!("parse error at character '{shown}'"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn any_text(text in any::<String>()) {
        check_outcome(&text, NotationChoice::Auto);
        check_outcome(&text, NotationChoice::Course);
        match Position::from_fen(&text) {
            // A position we accept writes back to a FEN we read as the same position.
            Ok(pos) => prop_assert_eq!(Position::from_fen(&pos.fen()).map(|p| p.fen()), Ok(pos.fen())),
            Err(e) => prop_assert!(!e.to_string().is_empty(), "{:?}: an error without words", text),
        }
    }

    #[test]
    fn move_like_text(text in "([a-hKQRBNOx0-9=+#!? \\-\t\n]{1,6} ?){0,30}") {
        check_outcome(&text, NotationChoice::Auto);
        check_outcome(&text, NotationChoice::Course);
    }

    #[test]
    fn fen_like_text(text in "[1-8pnbrqkPNBRQK/]{10,70} [wb] [KQkq-]{1,4} [a-h36-]{1,2} [0-9]{1,3} [0-9]{1,3}") {
        if let Ok(pos) = Position::from_fen(&text) {
            // A position we accept can be played on and written back.
            let again = Position::from_fen(&pos.fen()).unwrap();
            prop_assert_eq!(again.fen(), pos.fen());
            // Perft is the move tree the generator gives, counted.
            let tree: u64 = pos.legal_moves().iter().map(|&m| pos.after(m).legal_moves().len() as u64).sum();
            prop_assert_eq!(pos.perft(2), tree, "{}", text);
        }
    }
}
