//! The result of analysing a pasted text, for every game alike: what the
//! page draws and what the command-line programs print.

use crate::snapshot::{Side, Snapshot};
use serde::Serialize;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Chess,
    Grid,
    Congo,
    Checkers,
}

/// Which chess notation a text was read with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    Course,
    Pgn,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Checkmate,
    Stalemate,
    Incomplete,
    ParseError,
    CompletionError,
    IllegalMove,
    /// Won other than by checkmate (a lion captured, no move left).
    Win,
    /// Drawn other than by stalemate.
    Draw,
    /// A position problem answered (grid problems).
    Answer,
}

impl Status {
    pub fn is_error(self) -> bool {
        matches!(self, Status::ParseError | Status::CompletionError | Status::IllegalMove)
    }
}

/// Where the first problem in the text is. `start..end` index the text as
/// JavaScript strings do (UTF-16 code units), so `text.slice(start, end)` is
/// the offending move or character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorInfo {
    /// How many plies were played before the problem.
    pub ply: usize,
    pub start: usize,
    pub end: usize,
    /// The offending character, for parse errors.
    pub character: Option<String>,
    /// The attempted move's squares, when the move could be completed.
    pub from: Option<String>,
    pub to: Option<String>,
    /// What was wrong, in plain words.
    pub reason: String,
}

/// One move as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Ply {
    /// The move as the game's players write it (SAN for chess).
    pub notation: String,
    pub from: String,
    pub to: String,
    /// The moving piece's letter, as in `Snapshot::cells`.
    pub piece: String,
    pub captured: Option<String>,
    pub promotion: Option<String>,
    /// The move's span in the text (UTF-16 code units).
    pub start: usize,
    pub end: usize,
    /// The position after the move.
    pub snapshot: Snapshot,
}

/// A move written in the text but not played (it follows an error).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unplayed {
    pub notation: String,
    pub start: usize,
    pub end: usize,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    /// The move starts a forced mate.
    Mate,
    /// The move stops a forced mate the opponent would otherwise have.
    #[serde(rename = "avoids mate")]
    AvoidsMate,
    /// Every move allows a forced mate; this one delays it longest.
    #[serde(rename = "only moves")]
    OnlyMoves,
    /// The best move of the strategic search.
    Strategy,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    pub from: String,
    pub to: String,
    pub piece: String,
    pub promotion: Option<String>,
    /// The move in the game's notation (SAN for chess).
    pub notation: String,
    /// The course program's line, e.g. `suggest white knight from g1 to f3`.
    pub line: String,
    pub reason: Reason,
    /// Moves to mate: ours for `mate`, the opponent's for `avoids mate` and
    /// `only moves`.
    pub mate_in: Option<u32>,
}

/// A PGN tag pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tag {
    pub name: String,
    pub value: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub game: GameKind,
    /// For chess: the notation the text was read with.
    pub notation: Option<Notation>,
    pub status: Status,
    pub winner: Option<Side>,
    /// The exact one-line verdict the course program prints.
    pub message: String,
    pub error: Option<ErrorInfo>,
    pub initial: Snapshot,
    pub plies: Vec<Ply>,
    /// Moves in the text after the error, not played.
    pub unplayed: Vec<Unplayed>,
    pub suggestion: Option<Suggestion>,
    /// PGN tags (empty for other notations).
    pub tags: Vec<Tag>,
    /// The result the PGN states (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub stated_result: Option<String>,
    /// How many games the text held (PGN may hold several; the first is analysed).
    pub games_in_text: usize,
}

impl Outcome {
    /// The snapshot after the last played ply.
    pub fn last_snapshot(&self) -> &Snapshot {
        self.plies.last().map_or(&self.initial, |p| &p.snapshot)
    }
}

/// Converts byte offsets of `text` into UTF-16 offsets, walking the text
/// once for a sorted series of queries.
pub struct Utf16Offsets<'a> {
    text: &'a str,
    byte: usize,
    utf16: usize,
}

impl<'a> Utf16Offsets<'a> {
    pub fn new(text: &'a str) -> Self {
        Utf16Offsets { text, byte: 0, utf16: 0 }
    }

    /// The UTF-16 offset of byte offset `byte` (clamped to the text, and
    /// rounded down to a character boundary).
    pub fn at(&mut self, byte: usize) -> usize {
        let byte = byte.min(self.text.len());
        if byte < self.byte {
            self.byte = 0;
            self.utf16 = 0;
        }
        for c in self.text[self.byte..].chars() {
            if self.byte + c.len_utf8() > byte {
                break;
            }
            self.byte += c.len_utf8();
            self.utf16 += c.len_utf16();
        }
        self.utf16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_offsets_count_surrogate_pairs_twice() {
        let text = "aé😀b";
        let mut o = Utf16Offsets::new(text);
        assert_eq!(o.at(0), 0);
        assert_eq!(o.at(1), 1);
        assert_eq!(o.at(3), 2);
        assert_eq!(o.at(7), 4);
        assert_eq!(o.at(8), 5);
        assert_eq!(o.at(100), 5);
        assert_eq!(o.at(1), 1);
    }
}
