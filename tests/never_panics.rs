//! Arbitrary text never makes the analyser or the FEN reader panic, and
//! every error points inside the text.

mod common;

use analysis_board::chess::Position;
use analysis_board::NotationChoice;
use common::invariants::chess_outcome as check_outcome;
use proptest::prelude::*;

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
