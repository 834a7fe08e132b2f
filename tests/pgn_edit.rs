//! Edits of a PGN from the board (`chess::edit`, behind the page's
//! `editGame`), seen from outside: what the user did not touch stays in the
//! text.

use analysis_board::chess::analysis::{analyze, export_pgn};
use analysis_board::chess::edit::edit;
use analysis_board::chess::notation::pgn::read_games;
use analysis_board::chess::play::legal_moves;
use analysis_board::chess::Position;
use analysis_board::edit::{Edit, EditError};
use analysis_board::NotationChoice;

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

/// Two legal moves after `fen` (the first and the last the board offers).
fn two_moves(fen: &str) -> [String; 2] {
    let moves = legal_moves(&Position::from_fen(fen).unwrap());
    [moves[0].notation.to_string(), moves[moves.len() - 1].notation.to_string()]
}

/// Every kind of edit, at places the board shows in each text below.
fn edits_of(text: &str) -> Vec<Edit> {
    let outcome = analyze(text, NotationChoice::Auto, 0, false);
    let last = outcome.plies.len() - 1;
    let mut edits = vec![Edit::Delete { at: vec![last] }];
    for (at, ply) in [(last, &outcome.plies[last]), (0, &outcome.plies[0])] {
        edits.extend(two_moves(&ply.snapshot.fen).map(|mv| Edit::Add { at: vec![at], mv }));
    }
    // In the first variation the board shows: play on at its end, delete it, promote it.
    if let Some((i, v)) = outcome.plies.iter().enumerate().find_map(|(i, p)| p.variations.first().map(|v| (i, v))) {
        let end = v.plies.len() - 1;
        edits.extend(two_moves(&v.plies[end].snapshot.fen).map(|mv| Edit::Add { at: vec![i, 0, end], mv }));
        edits.push(Edit::Delete { at: vec![i, 0, end] });
        edits.push(Edit::Delete { at: vec![i, 0, 0] });
        edits.push(Edit::Promote { at: vec![i, 0, 0] });
    }
    edits
}

/// `text` with its runs of whitespace as single spaces.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn an_edit_keeps_a_null_move_in_a_variation_and_its_rest_as_written() {
    // The board ends a variation at a null move; the rest of it is written back word for word.
    for (text, rest) in [
        ("1. e4 e5 (1... c5 2. -- Nc6 3. d4) 2. Nf3 Nc6 *", "-- Nc6 3. d4"),
        ("1. e4 e5 2. Nf3 (2. Z0 {pass} Nc6 3. Nf3) 2... Nc6 3. Bb5 *", "Z0 {pass} Nc6 3. Nf3"),
        // Nested, with a NAG, a comment and a variation of its own in the rest.
        ("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 3. -- $2 {?} Nc6 (3... Nf6) 4. d4)) 2. Nf3 Nc6 *", "-- $2 {?} Nc6 (3... Nf6) 4. d4"),
        // A variation that opens with one: the board does not show it, the text keeps it.
        ("1. e4 e5 (1... -- 2. d4) 2. Nf3 Nc6 *", "-- 2. d4"),
        // Black to move from a FEN, read as PGN and as a FEN followed by moves.
        (
            "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 (2. Z0 Nc6) 2... Nc6 *",
            "Z0 Nc6",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n1... e5 2. Nf3 (2. -- Nc6) 2... Nc6",
            "-- Nc6",
        ),
    ] {
        let notes = analyze(text, NotationChoice::Auto, 0, false).chess.unwrap().notes;
        let mut kept = 0;
        for change in edits_of(text) {
            match edit(text, NotationChoice::Auto, 0, &change) {
                Ok(edited) if words(&edited.text).contains(rest) => {
                    kept += 1;
                    // Read again, the null move ends its variation as before.
                    let again = analyze(&edited.text, NotationChoice::Auto, 0, false);
                    assert_eq!(again.error, None, "{change:?} on {text}: {}", edited.text);
                    assert_eq!(again.chess.unwrap().notes.len(), notes.len(), "{change:?} on {text}: {}", edited.text);
                }
                // Deleting the moves before the null move takes their line with it.
                Ok(edited) => assert!(matches!(change, Edit::Delete { .. }), "{change:?} on {text}: {}", edited.text),
                // A line that goes on with a null move cannot become the main line.
                Err(e) => assert_eq!(e, EditError::NullMoveMainLine, "{change:?} on {text}"),
            }
        }
        assert!(kept >= 4, "{text}: {kept}");
    }
    // Played on at the end of such a variation: the null move and its rest are an alternative to the new move.
    let text = "1. e4 e5 (1... c5 2. -- Nc6 3. d4) 2. Nf3 Nc6 *";
    let edited = edit(text, NotationChoice::Auto, 0, &Edit::Add { at: vec![1, 0, 0], mv: "Nf3".into() }).unwrap();
    assert_eq!(edited.text, "1. e4 e5 (1... c5 2. Nf3 (2. -- Nc6 3. d4)) 2. Nf3 Nc6 *\n");
    assert_eq!(edited.path, vec![1, 0, 1]);
    // In the main line it cannot be: neither promoted nor in the place of a deleted move.
    let deleted = edit(text, NotationChoice::Auto, 0, &Edit::Delete { at: vec![1] }).unwrap_err();
    assert_eq!(deleted, EditError::NullMoveMainLine);
    let promoted = edit(text, NotationChoice::Auto, 0, &Edit::Promote { at: vec![1, 0, 0] }).unwrap_err();
    assert_eq!(promoted.to_string(), "the variation that would become the main line goes on with a null move (--), which passes the turn: the board cannot play it there");
}

#[test]
fn an_edit_never_drops_what_the_board_cannot_keep_it_is_refused_and_says_where() {
    for (text, lost) in [
        // A null move with alternatives (the board plays the first on in its place): its own line would go.
        (
            "1. e4 e5 (1... c5 2. -- (2. Nf3 d6 (2... Nc6 3. --)) Nc6) 2. Nf3 Nc6 *",
            "the null move -- at line 1, column 22",
        ),
        // A rest with a `;` comment, which runs to the end of its line: written anew, it would swallow what follows.
        ("1. e4 e5 (1... c5 2. -- ; a pass\n Nc6) 2. Nf3 Nc6 *", "the null move -- at line 1, column 22"),
        // A variation of comments alone: the board does not show it either.
        ("1. e4 e5 ({weaker}) (1... c5) 2. Nf3 Nc6 *", "the variation without moves at line 1, column 11"),
    ] {
        let edits = edits_of(text);
        assert!(edits.len() > 4, "{text}");
        for change in edits {
            match edit(text, NotationChoice::Auto, 0, &change) {
                Err(e) => {
                    let said = e.to_string();
                    assert!(said.contains(lost), "{change:?} on {text}: {said}");
                }
                // Only a move the tree already has is followed, the text as it was.
                Ok(edited) => assert_eq!(edited.text, text, "{change:?} on {text}"),
            }
        }
    }
}

#[test]
fn a_typo_in_a_variation_does_not_stop_edits_which_say_what_they_leave_out() {
    let text = "1. e4 e5 (1... c5 2. Nf9 d6) ({only words} 1... @) 2. Nf3 Nc6 *";
    let edited = edit(text, NotationChoice::Auto, 0, &Edit::Add { at: vec![3], mv: "Bb5".into() }).expect("an edit");
    assert_eq!(edited.path, vec![4]);
    // Each variation up to its problem (the one with none before it goes, its words with it).
    assert_eq!(edited.text, "1. e4 e5 (1... c5) 2. Nf3 Nc6 3. Bb5 *\n");
    assert!(edited.note.as_deref().is_some_and(|n| n.contains("left out")), "{:?}", edited.note);
}

#[test]
fn a_null_move_in_the_main_line_refuses_every_edit_rather_than_dropping_it() {
    let text = "1. e4 e5 2. Nf3 -- 3. Bc4 Nf6 *";
    for change in [
        Edit::Add { at: vec![2], mv: "Nc6".into() },
        Edit::Add { at: vec![0], mv: "c5".into() },
        Edit::Delete { at: vec![1] },
    ] {
        let refused = edit(text, NotationChoice::Pgn, 0, &change).unwrap_err().to_string();
        assert!(refused.contains("null move (--)"), "{change:?}: {refused}");
    }
}

#[test]
fn a_game_the_board_cannot_rewrite_is_refused_but_its_neighbours_are_edited() {
    // Only the game that holds it: the others of the text are edited as before.
    let text = "[Event \"a\"]\n\n1. e4 e5 ({only words}) *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
    assert!(edit(text, NotationChoice::Pgn, 0, &Edit::Add { at: vec![1], mv: "Nf3".into() }).is_err());
    let edited = edit(text, NotationChoice::Pgn, 1, &Edit::Add { at: vec![1], mv: "c4".into() }).unwrap();
    assert!(edited.text.starts_with("[Event \"a\"]\n\n1. e4 e5 ({only words}) *\n\n"), "{}", edited.text);
    assert!(edited.text.contains("1. d4 d5 2. c4 *"), "{}", edited.text);
}

/// A variation whose first move cannot be played is left out of an edited
/// game with the comment before that move: kept alone, it was a variation of
/// comments (`({ c })`), which the next edit refused to rewrite, and the
/// variations after it were a place off.
#[test]
fn a_variation_that_fails_at_once_goes_with_its_comment() {
    let text = "1. e4 e5 (1... {c} Ke7 2. Ke3) (1... c5 2. Nf3) 2. Nf3 *";
    let first = edit(text, NotationChoice::Pgn, 0, &Edit::Add { at: vec![2], mv: "Nc6".into() }).expect("an edit");
    assert!(!first.text.contains("{ c }") && !first.text.contains("Ke7"), "{}", first.text);
    assert!(first.text.contains("(1... c5 2. Nf3)"), "{}", first.text);
    // The next edit is not refused, and the c5 variation is its second move's first.
    let c5 = analyze(&first.text, NotationChoice::Pgn, 0, false);
    assert_eq!(c5.plies[1].variations[0].plies[0].notation.as_str(), "c5");
    let second = edit(&first.text, NotationChoice::Pgn, 0, &Edit::Add { at: vec![1, 0, 1], mv: "Nc6".into() })
        .expect("the next edit");
    assert!(second.text.contains("(1... c5 2. Nf3 Nc6)"), "{}", second.text);
    assert_eq!(second.path, [1, 0, 2]);
}

#[test]
fn an_edit_that_changes_a_stated_result_says_so() {
    let add = |text: &str, at: Vec<usize>, mv: &str| {
        edit(text, NotationChoice::Auto, 0, &Edit::Add { at, mv: mv.into() }).expect("an edit")
    };
    // Played on past a resignation: the game goes on, its result is unknown.
    let edited = add("1. e4 e5 2. Nf3 1-0", vec![2], "Nc6");
    assert_eq!(edited.text, "1. e4 e5 2. Nf3 Nc6 *\n");
    let edited = add("[White \"A\"]\n\n1. e4 e5 2. Nf3 1-0", vec![2], "Nc6");
    assert!(edited.text.ends_with("2. Nf3 Nc6 *\n"), "{}", edited.text);
    assert!(edited.text.contains("[Result \"*\"]"), "{}", edited.text);
    assert_eq!(
        edited.note.as_deref(),
        Some("the result 1-0 became *: the game now ends at another move (Ctrl+Z brings it back)")
    );
    // The mate taken back.
    let text = "1. f3 e5 2. g4 Qh4# 0-1";
    let edited = edit(text, NotationChoice::Auto, 0, &Edit::Delete { at: vec![3] }).expect("an edit");
    assert!(edited.text.ends_with("2. g4 *\n"), "{}", edited.text);
    assert!(edited.note.as_deref().is_some_and(|n| n.contains("the result 0-1 became *")), "{:?}", edited.note);
    // An unknown result that the new end settles is filled in without a word.
    let edited = add("1. f3 e5 2. g4 *", vec![2], "Qh4#");
    assert!(edited.text.ends_with("2. g4 Qh4# 0-1\n"), "{}", edited.text);
    assert_eq!(edited.note, None);
    // A variation leaves the end, and the result, as they were.
    let edited = add("1. e4 e5 2. Nf3 1-0", vec![1], "d4");
    assert!(edited.text.ends_with("2. Nf3 (2. d4) 1-0\n"), "{}", edited.text);
    assert_eq!(edited.note, None);
}

#[test]
fn a_move_played_on_a_text_without_tags_writes_no_tags_copy_pgn_writes_the_roster() {
    let add = |text: &str, at: Vec<usize>, mv: &str| {
        edit(text, NotationChoice::Auto, 0, &Edit::Add { at, mv: mv.into() }).expect("an edit").text
    };
    // Bare moves (the course notation) and bare PGN movetext: no tags, no result where none was.
    assert_eq!(add("e4 e5 Nf3 Nc6 Bb5 a6", vec![3], "Bc4"), "1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4) 3... a6\n");
    assert_eq!(add("1. e4 e5 2. Nf3", vec![0], "c5"), "1. e4 e5 (1... c5) 2. Nf3\n");
    // A result stated, or reached on the board, is written.
    assert_eq!(add("1. e4 e5 *", vec![1], "Nf3"), "1. e4 e5 2. Nf3 *\n");
    assert_eq!(add("1. f3 e5 2. g4", vec![2], "Qh4"), "1. f3 e5 2. g4 Qh4# 0-1\n");
    // (A move at the end of a course line is written in the course notation, as before.)
    assert_eq!(add("f3 e5 g4", vec![2], "Qh4"), "f3 e5 g4 Qh4");
    // A FEN and moves: the two tags that reading it back needs, no more.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    assert_eq!(
        add(&format!("{fen} e4 Kd7"), vec![], "e3"),
        format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n1. e4 (1. e3) 1... Kd7\n")
    );
    // A tagged text keeps the Seven Tag Roster, and so does Copy PGN of any text.
    let tagged = add("[Event \"Club\"]\n\n1. e4 e5 *", vec![1], "Nf3");
    assert!(tagged.starts_with("[Event \"Club\"]\n[Site \"?\"]\n"), "{tagged}");
    let copied = export_pgn("e4 e5 Nf3", NotationChoice::Auto, 0);
    assert!(copied.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"), "{copied}");
    assert!(copied.ends_with("\n\n1. e4 e5 2. Nf3 *\n"), "{copied}");
}

#[test]
fn copy_pgn_keeps_a_null_move_in_a_variation_and_its_rest() {
    let copy = |text: &str| {
        let pgn = export_pgn(text, NotationChoice::Auto, 0);
        pgn.split_once("\n\n").map(|(_, moves)| moves.trim_end().to_string()).unwrap_or(pgn)
    };
    assert_eq!(
        copy("1. e4 e5 2. Nf3 (2. Qh5 -- 3. Qxe5+ {threat}) 2... Nc6 *"),
        "1. e4 e5 2. Nf3 (2. Qh5 -- 3. Qxe5+ {threat}) 2... Nc6 *"
    );
    // One that opens with a null move is written after the alternatives the board shows.
    assert_eq!(
        copy("1. e4 (1. d4 d5 (1... -- 2. c4) (1... Nf6)) 1... e5 *"),
        "1. e4 (1. d4 d5 (1... Nf6) (1... -- 2. c4)) 1... e5 *"
    );
    // What a rest cannot keep as written is left out, as before (a `;` comment).
    assert_eq!(copy("1. e4 e5 (1... c5 2. -- ; a pass\n Nc6) 2. Nf3 *"), "1. e4 e5 (1... c5) 2. Nf3 *");
}
