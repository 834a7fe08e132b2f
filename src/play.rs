//! Playing on the board, for every game: the legal moves of a position,
//! one move played, and an edit of the game's text (a move added, a move
//! deleted, a variation promoted). Each game's adapter does the work; this
//! module only finds it in the table (`games`).

use crate::analysis::analyze;
use crate::edit::{Edit, EditError, Edited};
use crate::game::GameKind;
use crate::games::adapter;
use crate::options::Options;
use crate::outcome::{BoardMove, Ply, Refusal};

/// The legal moves of `position` (the game's FEN; for grid problems the
/// problem text, and the squares each piece can reach by its pattern).
pub fn moves(game: GameKind, position: &str) -> Result<Vec<BoardMove>, Refusal> {
    adapter(game).map_err(|e| Refusal::NeedsAllGames(e.0))?.moves(position)
}

/// Plays the move written `mv` on `position`.
pub fn play(game: GameKind, position: &str, mv: &str) -> Result<Ply, Refusal> {
    adapter(game).map_err(|e| Refusal::NeedsAllGames(e.0))?.play(position, mv)
}

/// A move given as the squares it passes, written as the game writes it
/// (`e2e4`, `b3d5f3`, `c3->d4->e5`); for a game this build has no rules
/// for, as chess writes it (playing it is refused then).
pub fn path_text(game: GameKind, squares: &[String]) -> String {
    adapter(game).map_or_else(|_| squares.concat(), |a| a.path_text(squares))
}

/// Applies `edit` to the game `text` holds, read as `options` say.
pub fn edit(text: &str, options: &Options, edit: &Edit) -> Result<Edited, EditError> {
    let outcome = analyze(text, &Options { suggest: false, ..*options });
    let game = adapter(outcome.game).map_err(|e| EditError::Move(Refusal::NeedsAllGames(e.0)))?;
    game.edit(text, &outcome, options, edit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(text: &str, at: &[usize], mv: &str) -> Edited {
        edit(text, &Options::default(), &Edit::Add { at: at.to_vec(), mv: mv.into() }).unwrap()
    }

    #[test]
    #[cfg(feature = "all-games")]
    fn congo_moves_extend_or_replace_the_list() {
        let start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";
        let first = add(start, &[], "d2d3");
        assert_eq!(
            (first.text.as_str(), first.path.as_slice(), &first.note),
            (format!("{start}d2d3\n").as_str(), &[0][..], &None)
        );
        let second = add(&first.text, &[0], "d6d5");
        assert_eq!(second.text, format!("{start}d2d3 d6d5\n"));
        let followed = add(&second.text, &[0], "d6d5");
        assert_eq!((followed.text, followed.path), (second.text.clone(), vec![1]));
        let replaced = add(&second.text, &[0], "a6a5");
        assert_eq!(replaced.text, format!("{start}d2d3 a6a5\n"));
        assert!(replaced.note.is_some_and(|n| n.contains("no variations")));
        let deleted = edit(&second.text, &Options::default(), &Edit::Delete { at: vec![1] }).unwrap();
        assert_eq!((deleted.text, deleted.path), (format!("{start}d2d3\n"), vec![0]));
    }

    #[test]
    #[cfg(feature = "all-games")]
    fn checkers_moves_extend_the_list() {
        let first = add("c3->d4", &[0], "f6->e5");
        assert_eq!(first.text, "c3->d4 f6->e5");
        let jump = add(&first.text, &[1], "d4->f6");
        assert_eq!((jump.text.as_str(), jump.path.as_slice()), ("c3->d4 f6->e5 d4->f6", &[2][..]));
        let illegal = edit(&first.text, &Options::default(), &Edit::Add { at: vec![1], mv: "d4->e6".into() });
        assert!(matches!(illegal, Err(EditError::Move(Refusal::Illegal(_)))), "{illegal:?}");
    }

    #[test]
    #[cfg(feature = "all-games")]
    fn a_checkers_move_after_a_comment_goes_on_a_new_line() {
        // The comment ran to the end of the text: the move went into it and was lost.
        let after_comment = add("c3->d4 # red opens", &[0], "f6->e5");
        assert_eq!(after_comment.text, "c3->d4 # red opens\nf6->e5");
        let outcome = analyze(&after_comment.text, &Options::default());
        assert_eq!(outcome.plies.iter().map(|p| p.notation.as_str()).collect::<Vec<_>>(), ["c3->d4", "f6->e5"]);
        // Replacing a move that follows a comment on the line before it.
        let replaced = add("c3->d4 # red opens\nf6->e5\n", &[0], "f6->g5");
        assert_eq!(replaced.text, "c3->d4 # red opens\nf6->g5\n");
        // A '#' on an earlier line is no reason for a new line.
        assert_eq!(add("# a game\nc3->d4", &[0], "f6->e5").text, "# a game\nc3->d4 f6->e5");
    }

    #[test]
    fn chess_course_lines_stay_course_lines_until_a_variation() {
        let first = add("e4 e5", &[1], "Nf3");
        assert_eq!((first.text.as_str(), first.path.as_slice()), ("e4 e5 Nf3", &[2][..]));
        let empty = add("", &[], "e4");
        assert_eq!(empty.text, "e4");
        let branch = add("e4 e5 Nf3", &[0], "c5");
        assert_eq!(branch.path, [1, 0, 0]);
        // (Bare moves had no tags and no result: the PGN has none either.)
        assert_eq!(branch.text, "1. e4 e5 (1... c5) 2. Nf3\n");
        // Reading the new text gives the tree with the variation.
        let outcome = analyze(&branch.text, &Options::default());
        assert_eq!(outcome.plies[1].variations[0].plies[0].notation, "c5");
        let mate = add("f3 e5 g4", &[2], "Qh4");
        assert_eq!(mate.text, "f3 e5 g4 Qh4");
        // In PGN, the mate is written once, with the result it gives.
        let pgn = add("1. f3 e5 2. g4 *", &[2], "Qh4");
        assert!(pgn.text.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"), "{}", pgn.text);
    }

    #[test]
    fn chess_edits_of_a_pgn_keep_its_annotations() {
        let text = "[White \"A\"]\n1. e4 {best [%clk 0:01:00]} e5 $1 (1... c5 {Sicilian}) 2. Nf3 *";
        let added = add(text, &[2], "Nc6");
        let movetext = added.text.replace('\n', " ");
        assert!(added.text.contains("[White \"A\"]"));
        assert!(
            movetext.contains("1. e4 { best [%clk 0:01:00] } 1... e5 $1 (1... c5 { Sicilian }) 2. Nf3 Nc6 *"),
            "{movetext}"
        );
        let promoted = edit(text, &Options::default(), &Edit::Promote { at: vec![1, 0, 0] }).unwrap();
        assert_eq!(promoted.path, [1]);
        let outcome = analyze(&promoted.text, &Options::default());
        let main: Vec<&str> = outcome.plies.iter().map(|p| p.notation.as_str()).collect();
        assert_eq!(main, ["e4", "c5"]);
        assert_eq!(outcome.plies[1].variations[0].plies.len(), 2, "{}", promoted.text);
        // An illegal move is refused with the reason.
        let refused = edit(text, &Options::default(), &Edit::Add { at: vec![2], mv: "Ke3".into() });
        assert!(matches!(refused, Err(EditError::Move(Refusal::Illegal(_)))), "{refused:?}");
        let nowhere = edit(text, &Options::default(), &Edit::Add { at: vec![7], mv: "a3".into() });
        assert_eq!(nowhere, Err(EditError::NoSuchNode(vec![7])));
    }

    #[test]
    fn a_move_after_an_error_replaces_the_bad_tail_and_says_so() {
        let edited = add("e4 e5 Ke3 Nc6", &[1], "Nf3");
        let outcome = analyze(&edited.text, &Options::default());
        let main: Vec<&str> = outcome.plies.iter().map(|p| p.notation.as_str()).collect();
        assert_eq!(main, ["e4", "e5", "Nf3"]);
        assert!(edited.note.is_some());
    }

    #[test]
    #[cfg(feature = "all-games")]
    fn moves_and_play_for_every_game() {
        let start = crate::chess::Position::start().fen();
        assert_eq!(moves(GameKind::Chess, &start).unwrap().len(), 20);
        let ply = play(GameKind::Chess, &start, "g1f3").unwrap();
        assert_eq!(ply.notation, "Nf3");
        // A glyph typed after the move (a puzzle's answer `Nf3!`) does not stop it being played.
        assert_eq!(play(GameKind::Chess, &start, "Nf3?!").unwrap(), ply);
        assert!(matches!(play(GameKind::Chess, &start, "Ke2"), Err(Refusal::Illegal(_))));
        assert!(matches!(play(GameKind::Chess, &start, "hello"), Err(Refusal::BadMove(_))));
        assert!(matches!(play(GameKind::Chess, "nonsense", "e4"), Err(Refusal::BadPosition(_))));
        let congo = crate::congo::START_FEN;
        assert!(!moves(GameKind::Congo, congo).unwrap().is_empty());
        assert_eq!(play(GameKind::Congo, congo, "d2d3").unwrap().to, "d3");
        let grid = "0\n\n4 4\nk...\n....\n....\n...R\n";
        let reach = moves(GameKind::Grid, grid).unwrap();
        assert_eq!(reach.iter().filter(|m| m.from == "d1").count(), 6);
        assert!(matches!(play(GameKind::Grid, grid, "d1d2"), Err(Refusal::NotPlayable(_))));
    }
}
