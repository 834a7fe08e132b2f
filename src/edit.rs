//! An edit of a game's tree from the board, for every game: what to do (a
//! move added, a move deleted with what follows, a variation promoted),
//! the text it gives, and why it cannot be made. Each game's adapter
//! rewrites its own texts.
//!
//! A node is named by its path in the tree: `[i]` is ply `i` of the main
//! line, `[i, v, j]` ply `j` of variation `v` of that ply, and so on; `[]`
//! is the start position.

use crate::outcome::Refusal;

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
