//! Edits of a PGN from the board (`chess::edit`, behind the page's
//! `editGame`), seen from outside: what the user did not touch stays in the
//! text.

use analysis_board::chess::analysis::{analyze, legal_moves, NotationChoice};
use analysis_board::chess::edit::{edit, Edit};
use analysis_board::chess::notation::pgn::read_games;
use analysis_board::chess::Position;

/// Where each game of `text` begins, and the text's end.
fn game_starts(text: &str) -> Vec<usize> {
    let mut starts: Vec<usize> = read_games(text).map(|g| g.game.span.start).collect();
    starts.push(text.len());
    starts
}

/// An edit every game can take: delete its last move, else play a legal
/// move from its start.
fn some_edit(game: &str) -> Option<Edit> {
    let outcome = analyze(game, NotationChoice::Pgn, 0, false);
    if !outcome.plies.is_empty() {
        return Some(Edit::Delete { at: vec![outcome.plies.len() - 1] });
    }
    let pos = Position::from_fen(&outcome.initial.fen).ok()?;
    let mv = legal_moves(&pos).into_iter().next()?;
    Some(Edit::Add { at: vec![], mv: mv.notation.to_string() })
}

#[test]
fn an_edit_of_game_k_of_many_is_the_game_edited_alone_spliced_in_by_hand() {
    let corpus = [
        include_str!("data/pgn/python-chess.pgn"),
        include_str!("data/pgn/nasty/01-nested-variations.pgn"),
        include_str!("data/pgn/nasty/03-missing-result-then-next-game.pgn"),
        include_str!("data/pgn/nasty/09-illegal-move.pgn"),
        include_str!("data/pgn/nasty/15-fen-black-to-move.pgn"),
        include_str!("data/pgn/nasty/19-multiple-games.pgn"),
        include_str!("data/pgn/nasty/29-parse-error.pgn"),
        include_str!("data/pgn/stockfish.pgn"),
    ]
    .join("\n");
    // Long enough to be read through the game index, and short (skimmed).
    let short = &corpus[..game_starts(&corpus)[12]];
    for text in [corpus.as_str(), short] {
        let starts = game_starts(text);
        let count = starts.len() - 1;
        assert!(count > 10);
        let last = count - 1;
        let picked: Vec<usize> = (0..count).step_by(7).chain([1, 2, last - 1, last]).collect();
        let mut edited = 0;
        for &k in &picked {
            let alone = &text[starts[k]..starts[k + 1]];
            let Some(change) = some_edit(alone) else { continue };
            let by_hand = edit(alone, NotationChoice::Pgn, 0, &change).map(|edited| {
                let gap = if k < last { "\n" } else { "" };
                format!("{}{}{gap}{}", &text[..starts[k]], edited.text, &text[starts[k + 1]..])
            });
            let spliced = edit(text, NotationChoice::Pgn, k, &change).map(|edited| edited.text);
            assert_eq!(spliced, by_hand, "game {k} of {count}, {change:?}");
            edited += usize::from(spliced.is_ok());
        }
        assert!(edited * 2 > picked.len(), "most games take the edit: {edited} of {}", picked.len());
    }
}
