//! How a game was read where it is not standard PGN, in words for the
//! page: one note per kind of spelling, with its first example and how many
//! more there are (`read "nf3" as "Nf3" (and 3 more)`); what was left out
//! says where (`at line 3, column 12`).

use super::{commands, Line, MoveNode, PgnGame, Span};
use crate::chess::notation::san::{San, Spelling};
use crate::chess::{Move, Role};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Spelling(Spelling),
    /// `,` or `;` between moves.
    Separator(char),
    /// A null move that ended its variation.
    NullMove,
    /// A null move whose alternative was played in its place.
    NullMoveReplaced,
    /// A result inside a variation.
    VariationResult,
    /// A drawing command (`[%cal ...]`) that does not read.
    Undrawn,
}

#[derive(Clone, Debug)]
struct Note {
    kind: Kind,
    /// Where its first example is in the text (notes come in text order).
    at: usize,
    first: String,
    more: usize,
    /// Words after the count of more examples (the why).
    why: &'static str,
}

/// The notes of one game, gathered as its moves are played.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    notes: Vec<Note>,
}

impl Notes {
    /// The notes on the separators of `game` (read from `text`); its moves
    /// are noted as they are played (`played`).
    pub fn new(text: &str, game: &PgnGame) -> Notes {
        let mut notes = Notes::default();
        for separator in &game.separators {
            let name = if separator.mark == ',' { "comma" } else { "semicolon" };
            notes.add(Kind::Separator(separator.mark), separator.span.start, || match separator.after {
                Some(after) => format!("read the {name} after \"{}\" as a space", written(text, after)),
                None => format!("read a {name} as a space"),
            });
        }
        notes.undrawn(text, &game.main);
        for &result in &game.variation_results {
            notes.add_why(
                Kind::VariationResult,
                result.start,
                || {
                    format!(
                        "left out the result \"{}\" inside a variation {}",
                        written(text, result),
                        place(text, result)
                    )
                },
                ": only the result after the main line ends the game",
            );
        }
        notes
    }

    /// The drawing commands of `line`'s comments (and its variations') that
    /// do not read: left in the words, and said why.
    fn undrawn(&mut self, text: &str, line: &Line) {
        let comments = line.comments.iter().chain(line.moves.iter().flat_map(|m| &m.comments));
        for comment in comments {
            for (written, why) in commands::split(&comment.text).undrawn {
                let inside = text.get(comment.span.start..comment.span.end).unwrap_or("");
                let start = comment.span.start + inside.find(&written).unwrap_or(0);
                let span = Span::new(start, start + written.len());
                self.add(Kind::Undrawn, start, || format!("did not draw \"{written}\" {}: {why}", place(text, span)));
            }
        }
        for variation in line.moves.iter().flat_map(|m| &m.variations) {
            self.undrawn(text, variation);
        }
    }

    /// A null move (at `span`) that ended its variation (the moves after it
    /// left out), or, `replaced`, whose first alternative was played in its
    /// place (the moves after it left out all the same).
    pub fn null_move(&mut self, text: &str, span: Span, replaced: bool) {
        // The board shows an ended variation up to it, and the text (Copy PGN, an edit) keeps the rest.
        let (kind, what, why) = match replaced {
            false => (
                Kind::NullMove,
                "ended a variation at the null move",
                ": a null move passes the turn and cannot be played on the board, which shows that variation up to it \
                 (the text keeps the rest)",
            ),
            true => (
                Kind::NullMoveReplaced,
                "played the alternative to the null move",
                ": a null move passes the turn and cannot be played on the board, so the rest of that variation is \
                 left out",
            ),
        };
        self.add_why(kind, span.start, || format!("{what} \"{}\" {}", written(text, span), place(text, span)), why);
    }

    /// A move of the game, and the legal move it was read as (`None` when
    /// it could not be played: how it was read is still said).
    pub fn played(&mut self, text: &str, node: &MoveNode, played: Option<Move>) {
        let spelling = match node.san {
            // SAN reads a lower-case `b` as a file: only a bishop's move
            // was read leniently.
            San::PawnOrBishop { .. } if played.is_some_and(|m| m.role() == Role::Bishop) => Spelling::LowerCasePiece,
            _ => node.spelling,
        };
        if spelling == Spelling::Standard {
            return;
        }
        let written = written(text, node.span);
        self.add(Kind::Spelling(spelling), node.span.start, || {
            format!("read \"{written}\" as \"{}\"", spelling.respell(written))
        });
    }

    fn add(&mut self, kind: Kind, at: usize, first: impl FnOnce() -> String) {
        self.add_why(kind, at, first, "");
    }

    fn add_why(&mut self, kind: Kind, at: usize, first: impl FnOnce() -> String, why: &'static str) {
        match self.notes.iter_mut().find(|n| n.kind == kind) {
            Some(note) => note.more += 1,
            None => self.notes.push(Note { kind, at, first: first(), more: 0, why }),
        }
    }

    /// The notes in the order of their first example in the text.
    pub fn into_words(mut self) -> Vec<String> {
        // (Few notes: the small shared sort, not another copy of the standard one in the wasm.)
        crate::sort::sort_by_key(&mut self.notes, |n| n.at);
        self.notes
            .into_iter()
            .map(|n| match n.more {
                0 => format!("{}{}", n.first, n.why),
                more => format!("{} (and {more} more){}", n.first, n.why),
            })
            .collect()
    }
}

/// `at line 3, column 12`: where `span` starts in `text`, counted as a
/// person reads it (lines from 1, ending at `\n`, `\r\n` or `\r`; columns
/// in characters, from 1).
pub(crate) fn place(text: &str, span: Span) -> String {
    let before = text.get(..span.start).unwrap_or(text);
    // One walk, no substring search (which would add its code to the page's module).
    let (mut line, mut column, mut after_cr) = (1, 1, false);
    for c in before.chars() {
        match c {
            '\n' if after_cr => {}
            '\n' | '\r' => (line, column) = (line + 1, 1),
            _ => column += 1,
        }
        after_cr = c == '\r';
    }
    format!("at line {line}, column {column}")
}

fn written(text: &str, span: Span) -> &str {
    text.get(span.start..span.end).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lines_and_characters_from_one() {
        let at = |text: &str, start: usize| place(text, Span::new(start, start));
        assert_eq!(at("e4 e5", 3), "at line 1, column 4");
        assert_eq!(at("a\nb\r\nc\rd", 7), "at line 4, column 1");
        assert_eq!(at("é\n½ -- x", 7), "at line 2, column 4");
        // An offset past the text or inside a character is no panic.
        assert_eq!(at("e4", 9), "at line 1, column 3");
        assert_eq!(at("é", 1), "at line 1, column 2");
    }
}
