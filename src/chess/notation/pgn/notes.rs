//! How a game was read where it is not standard PGN, in words for the
//! page: one note per kind of spelling, with its first example and how many
//! more there are (`read "nf3" as "Nf3" (and 3 more)`).

use super::{MoveNode, PgnGame, Span};
use crate::chess::notation::san::{San, Spelling};
use crate::chess::{Move, Role};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Spelling(Spelling),
    /// `,` or `;` between moves.
    Separator(char),
}

#[derive(Clone, Debug)]
struct Note {
    kind: Kind,
    /// Where its first example is in the text (notes come in text order).
    at: usize,
    first: String,
    more: usize,
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
        notes
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
        match self.notes.iter_mut().find(|n| n.kind == kind) {
            Some(note) => note.more += 1,
            None => self.notes.push(Note { kind, at, first: first(), more: 0 }),
        }
    }

    /// The notes in the order of their first example in the text.
    pub fn into_words(mut self) -> Vec<String> {
        // (Few notes: the small shared sort, not another copy of the standard one in the wasm.)
        crate::sort::sort_by_key(&mut self.notes, |n| n.at);
        self.notes
            .into_iter()
            .map(|n| if n.more == 0 { n.first } else { format!("{} (and {} more)", n.first, n.more) })
            .collect()
    }
}

fn written(text: &str, span: Span) -> &str {
    text.get(span.start..span.end).unwrap_or("")
}
