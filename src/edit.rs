//! An edit of a game's tree from the board, for every game: what to do (a
//! move added, a move deleted with what follows, a variation promoted),
//! the text it gives, and why it cannot be made. Each game's adapter
//! rewrites its own texts.
//!
//! A node is named by its path in the tree: `[i]` is ply `i` of the main
//! line, `[i, v, j]` ply `j` of variation `v` of that ply, and so on; `[]`
//! is the start position.

use crate::outcome::{Outcome, Ply, Refusal, Status};

/// What to do to the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Play `mv` (SAN or long algebraic) from the position after node `at`.
    Add { at: Vec<usize>, mv: String },
    /// Remove node `at` and everything after it in its line (its
    /// alternatives stay: the first takes its place).
    Delete { at: Vec<usize> },
    /// Make the variation holding node `at` the line it branches from.
    Promote { at: Vec<usize> },
}

/// The text after an edit, and the node to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edited {
    pub text: String,
    pub path: Vec<usize>,
    /// What the edit left out of the text, when it left anything out.
    pub note: Option<String>,
}

/// Why an edit cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The path names no node of the tree.
    NoSuchNode(Vec<usize>),
    /// The text cannot be read far enough to be rewritten.
    Unreadable(String),
    /// The move cannot be played there.
    Move(Refusal),
    /// The node is not in a variation (nothing to promote).
    NotAVariation,
    /// The game holds what the board cannot show (a null move in a
    /// variation, a variation of comments alone), which rewriting the game
    /// from its tree would lose: what it is, and where.
    WouldLose(String),
    /// The variation that would become the main line (promoted, or in a
    /// deleted move's place) goes on with a null move, which cannot be in it.
    NullMoveMainLine,
}

impl EditError {
    /// The code the JavaScript API puts in brackets.
    pub fn code(&self) -> &'static str {
        match self {
            EditError::NoSuchNode(_) => "bad_path",
            EditError::Unreadable(_) => "unreadable",
            EditError::Move(refusal) => refusal.code(),
            EditError::NotAVariation => "not_a_variation",
            EditError::WouldLose(_) => "would_lose",
            EditError::NullMoveMainLine => "null_move_main_line",
        }
    }
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::NoSuchNode(path) => write!(f, "the game has no move at {path:?}"),
            EditError::Unreadable(why) => write!(f, "fix the text first: {why}"),
            EditError::Move(refusal) => write!(f, "{refusal}"),
            EditError::NotAVariation => f.write_str("this move is already in the main line"),
            EditError::NullMoveMainLine => f.write_str(
                "the variation that would become the main line goes on with a null move (--), which passes the \
                 turn: the board cannot play it there",
            ),
            EditError::WouldLose(what) => write!(
                f,
                "the board cannot show {what}, and an edit from the board would rewrite the game without it: \
                 edit the text itself"
            ),
        }
    }
}

/// An edit of a game written as a plain list of moves (Congo, checkers):
/// these texts hold no variations, so a move played before the end
/// replaces the moves after it. `play` plays a move on a position;
/// `line_comment` starts a comment that runs to the end of its line
/// (checkers' `#`), after which a move goes on a new line.
pub fn edit_move_list(
    text: &str,
    outcome: &Outcome,
    edit: &Edit,
    line_comment: Option<char>,
    play: impl Fn(&str, &str) -> Result<Ply, Refusal>,
) -> Result<Edited, EditError> {
    if let (Status::ParseError, Some(error)) = (outcome.status, &outcome.error) {
        return Err(EditError::Unreadable(error.reason.clone()));
    }
    let node = |at: &[usize]| -> Result<Option<usize>, EditError> {
        match at {
            [] => Ok(None),
            [i] if *i < outcome.plies.len() => Ok(Some(*i)),
            _ => Err(EditError::NoSuchNode(at.to_vec())),
        }
    };
    // Where what follows node `i` (or the first move) starts in the text.
    let after = |i: Option<usize>| -> Option<usize> {
        let next = i.map_or(0, |i| i + 1);
        outcome
            .plies
            .get(next)
            .map(|p| p.start)
            .or(outcome.error.as_ref().map(|e| e.start))
            .or(outcome.unplayed.first().map(|u| u.start))
    };
    let newline = if text.ends_with('\n') { "\n" } else { "" };
    let replaced = format!(
        "{} games have no variations: the moves after this one were replaced (Ctrl+Z brings them back)",
        outcome.game.title()
    );
    match edit {
        Edit::Add { at, mv } => {
            let i = node(at)?;
            let position = i.map_or(&outcome.initial, |i| &outcome.plies[i].snapshot);
            let ply = play(&position.fen, mv).map_err(EditError::Move)?;
            let next = i.map_or(0, |i| i + 1);
            if outcome.plies.get(next).is_some_and(|p| p.notation == ply.notation) {
                return Ok(Edited { text: text.to_string(), path: vec![next], note: None });
            }
            let cut = after(i);
            let kept = cut.map_or(text, |c| &text[..byte_offset(text, c)]).trim_end();
            let separator = match (kept.is_empty(), i) {
                (true, _) => "",
                (false, None) => "\n",
                // A move written after such a comment would be part of it.
                (false, Some(_)) if line_comment.is_some_and(|c| ends_in_comment(kept, c)) => "\n",
                (false, Some(_)) => " ",
            };
            Ok(Edited {
                text: format!("{kept}{separator}{}{newline}", ply.notation),
                path: vec![next],
                note: cut.map(|_| replaced),
            })
        }
        Edit::Delete { at } => {
            let i = node(at)?.ok_or_else(|| EditError::NoSuchNode(Vec::new()))?;
            let kept = text[..byte_offset(text, outcome.plies[i].start)].trim_end();
            Ok(Edited { text: format!("{kept}{newline}"), path: i.checked_sub(1).into_iter().collect(), note: None })
        }
        Edit::Promote { .. } => Err(EditError::NotAVariation),
    }
}

/// Whether the last line of `text` ends inside a comment that `comment` starts.
fn ends_in_comment(text: &str, comment: char) -> bool {
    text.rsplit('\n').next().is_some_and(|line| line.contains(comment))
}

/// The byte offset of UTF-16 offset `utf16` of `text` (what the Outcome's
/// spans count), clamped to the text.
pub fn byte_offset(text: &str, utf16: usize) -> usize {
    let mut units = 0;
    for (at, c) in text.char_indices() {
        if units >= utf16 {
            return at;
        }
        units += c.len_utf16();
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_offsets_undo_utf16_offsets() {
        let text = "aé😀b";
        assert_eq!([0, 1, 2, 4, 5, 9].map(|u| byte_offset(text, u)), [0, 1, 3, 7, 8, 8]);
    }
}
