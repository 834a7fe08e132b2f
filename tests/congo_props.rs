//! Properties: no text makes the FEN reader, the move reader or `analyze`
//! panic; in random games every generated move plays, and FEN and move
//! text round-trip.
#![cfg(feature = "all-games")]

use analysis_board::congo::{analyze_with, Move, Position, Square, REDUCED_START_FEN, START_FEN};
use proptest::prelude::*;

/// Text that looks like a FEN, so that the reader gets past its first
/// checks often.
fn fen_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[1-8pPsSgGmMeElLcCzZxé/]{0,30}( [wbWBx]( [0-9]{1,3})?)?( .{0,3})?",
        // Ranks of plausible content, with the lions somewhere.
        proptest::collection::vec("[1-7pPsSgGmMeEcCzZ]{1,4}", 7).prop_map(|ranks| {
            let mut ranks = ranks;
            ranks[0] = format!("3l{}", &ranks[0][..ranks[0].len().min(3)]);
            ranks[6] = format!("3L{}", &ranks[6][..ranks[6].len().min(3)]);
            format!("{} w 0", ranks.join("/"))
        }),
    ]
}

fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

proptest! {
    #[test]
    fn fen_reading_never_panics_and_round_trips(text in fen_like()) {
        match Position::from_fen(&text) {
            Ok(pos) => {
                let fen = pos.fen();
                prop_assert_eq!(Position::from_fen(&fen), Ok(pos));
            }
            Err(e) => {
                prop_assert!(e.offset <= text.len());
                prop_assert!(e.column(&text) <= text.chars().count() + 1);
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn move_reading_never_panics_and_round_trips(text in prop_oneof![any::<String>(), "([a-h][0-8]){0,16}"]) {
        if let Ok(mv) = Move::parse(&text) {
            prop_assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn analyze_never_panics_and_spans_stay_in_the_text(
        fen in prop_oneof![Just(String::new()), fen_like().prop_map(|f| f + "\n")],
        moves in proptest::collection::vec(prop_oneof!["([a-g][1-7]){2,3}", any::<String>()], 0..8),
        separators in proptest::collection::vec(prop_oneof![Just(" "), Just("\n"), Just("\r\n"), Just("\u{3000}")], 8),
    ) {
        let mut text = fen;
        for (i, m) in moves.iter().enumerate() {
            text.push_str(m);
            text.push_str(separators[i]);
        }
        let o = analyze_with(&text, None);
        let len = utf16_len(&text);
        for p in &o.plies {
            prop_assert!(p.start < p.end && p.end <= len);
        }
        for u in &o.unplayed {
            prop_assert!(u.start < u.end && u.end <= len);
        }
        if let Some(e) = &o.error {
            prop_assert!(o.status.is_error());
            prop_assert!(e.start <= e.end && e.end <= len);
            prop_assert_eq!(e.ply, o.plies.len());
        } else {
            prop_assert!(o.unplayed.is_empty());
        }
        prop_assert_eq!(o.last_snapshot().cells.chars().count(), 49);
    }
}

/// Plays `choices` from `fen`, checking at every position that each legal
/// move plays, that every refused move is refused for a reason, and that
/// FEN and move text round-trip; returns the moves played.
fn playout(fen: &str, choices: &[u32]) -> Result<Vec<Move>, TestCaseError> {
    let mut pos = Position::from_fen(fen).unwrap();
    let mut played = Vec::new();
    for &choice in choices {
        let moves = pos.legal_moves();
        let mut texts: Vec<String> = moves.iter().map(Move::to_string).collect();
        texts.sort();
        let count = texts.len();
        texts.dedup();
        prop_assert_eq!(texts.len(), count, "duplicate moves in {}", pos.fen());
        for m in &moves {
            prop_assert_eq!(&Move::parse(&m.to_string()).unwrap(), m);
            let next = pos.play(m);
            prop_assert!(next.is_ok(), "{} refused in {}", m, pos.fen());
            let next = next.unwrap().position;
            let again = Position::from_fen(&next.fen());
            prop_assert_eq!(again, Ok(next), "after {} in {}", m, pos.fen());
        }
        // Every one-jump move that was not generated is refused.
        let from = Square::from_index(choice as usize % 49).unwrap();
        for to in Square::all() {
            let m = Move::new(from, to);
            prop_assert_eq!(pos.play(&m).is_ok(), moves.contains(&m), "{} in {}", m, pos.fen());
        }
        // The board's game ends here too (a draw).
        if moves.is_empty() || pos.only_lions_left() {
            break;
        }
        let m = &moves[choice as usize % moves.len()];
        pos = pos.play(m).unwrap().position;
        played.push(m.clone());
    }
    Ok(played)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_games_play_every_generated_move(
        full in any::<bool>(),
        choices in proptest::collection::vec(any::<u32>(), 0..120),
    ) {
        let fen = if full { START_FEN } else { REDUCED_START_FEN };
        let moves = playout(fen, &choices)?;
        // The same game through `analyze` ends in the same position.
        let text = format!("{fen}\n{}", moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" "));
        let o = analyze_with(&text, None);
        prop_assert!(o.error.is_none(), "{:?}", o.error);
        prop_assert_eq!(o.plies.len(), moves.len());
        let mut pos = Position::from_fen(fen).unwrap();
        for m in &moves {
            pos = pos.play(m).unwrap().position;
        }
        prop_assert_eq!(&o.last_snapshot().fen, &pos.fen());
    }
}
