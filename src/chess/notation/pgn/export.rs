//! Writing PGN: the Seven Tag Roster, the other tags, and the movetext
//! (moves in SAN, comments, NAGs and variations) wrapped at 80 columns,
//! then the result. The writer knows nothing of how the tree was read.

use super::GameResult;
use crate::chess::notation::san::san;
use crate::chess::{Move, Position};
use crate::color::Color;

/// The Seven Tag Roster in its order, with the values PGN uses for
/// "unknown". `Result` is always the result being written.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Lines hold at most this many characters.
const COLUMNS: usize = 80;

/// A line of moves to write: the main line or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportLine {
    /// Comments before the first move.
    pub comments: Vec<String>,
    pub moves: Vec<ExportMove>,
    /// The rest of a variation from a null move on (`-- 3. Qxe5+`), as
    /// written: the board cannot play it, and it is written back word for word.
    pub tail: Option<String>,
}

impl ExportLine {
    /// Nothing to write: no move and no words (a variation whose first move
    /// was a problem, left out).
    pub fn is_blank(&self) -> bool {
        self.moves.is_empty()
            && self.tail.is_none()
            && self.comments.iter().all(|c| c.split_whitespace().next().is_none())
    }
}

/// One move to write, with what is said about it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportMove {
    /// SAN, with its check or mate mark.
    pub san: String,
    pub nags: Vec<u8>,
    /// Comments after the move, each written as `{ ... }`.
    pub comments: Vec<String>,
    /// Alternatives to this move.
    pub variations: Vec<ExportLine>,
}

/// The PGN of a game: its tags (the Seven Tag Roster first, unknown values
/// as `?`, `Result` as `result`), `SetUp` and `FEN` when it does not start
/// from the standard position, and the movetext of `main`.
pub fn write_pgn(tags: &[(String, String)], start: &Position, main: &ExportLine, result: GameResult) -> String {
    let mut out = String::new();
    let own = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    for (name, unknown) in ROSTER {
        let value = if name == "Result" { result.as_str() } else { own(name).unwrap_or(unknown) };
        write_tag(&mut out, name, value);
    }
    let fen = start.fen();
    if fen != Position::start().fen() {
        // In the order python-chess and lichess write them.
        write_tag(&mut out, "FEN", &fen);
        write_tag(&mut out, "SetUp", "1");
    }
    for (name, value) in tags {
        let ours = ROSTER.iter().any(|(roster, _)| roster == name) || name == "SetUp" || name == "FEN";
        if !ours {
            write_tag(&mut out, name, value);
        }
    }
    out.push('\n');

    let mut text = Wrapped { out, line: String::new(), glue: None };
    write_line(&mut text, main, start.fullmoves(), start.turn());
    text.word(result.as_str());
    text.finish()
}

/// The PGN of legal `moves` played from `start`, without annotations.
pub fn export_moves(start: &Position, moves: &[Move], tags: &[(String, String)], result: GameResult) -> String {
    let mut pos = *start;
    let main = ExportLine {
        comments: Vec::new(),
        tail: None,
        moves: moves
            .iter()
            .map(|&m| {
                let san = san(&pos, m);
                pos.play_unchecked(m);
                ExportMove { san, ..ExportMove::default() }
            })
            .collect(),
    };
    write_pgn(tags, start, &main, result)
}

/// Writes a line whose first move is move `number` of `turn`. A black move
/// gets its number (`5...`) where a reader could not tell it otherwise:
/// first in its line, or after a comment or a variation.
fn write_line(text: &mut Wrapped, line: &ExportLine, mut number: u32, mut turn: Color) {
    for comment in &line.comments {
        text.comment(comment);
    }
    let mut needs_number = true;
    let write_number = |text: &mut Wrapped, number: u32, turn: Color, needs_number: bool| match turn {
        Color::White => text.word(&format!("{number}.")),
        Color::Black if needs_number => text.word(&format!("{number}...")),
        Color::Black => {}
    };
    for m in &line.moves {
        write_number(text, number, turn, needs_number);
        text.word(&m.san);
        for nag in &m.nags {
            text.word(&format!("${nag}"));
        }
        for comment in &m.comments {
            text.comment(comment);
        }
        // A blank variation is not written: its `(` would stick to the next word.
        for variation in m.variations.iter().filter(|v| !v.is_blank()) {
            text.open();
            write_line(text, variation, number, turn);
            text.close();
        }
        needs_number = !m.comments.is_empty() || m.variations.iter().any(|v| !v.is_blank());
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    // The null move's own number, then its rest as written.
    if let Some(tail) = &line.tail {
        write_number(text, number, turn, needs_number);
        tail.split_whitespace().for_each(|word| text.word(word));
    }
}

/// `[Name "value"]` with `\` and `"` escaped.
fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '\\' || c == '"' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// Movetext wrapped as python-chess wraps it: each word is written with
/// a space after it, and goes on a new line when the two would pass the
/// last column.
struct Wrapped {
    out: String,
    line: String,
    /// Written before the next word, without a space (a variation's `(`).
    glue: Option<&'static str>,
}

impl Wrapped {
    /// `{ words }`, wrapped like the moves; a `}` cannot be written inside.
    fn comment(&mut self, comment: &str) {
        // A command (`[%cal Ge2e4]`) is kept on one line.
        let mut words: Vec<String> = Vec::new();
        let mut in_command = false;
        for word in comment.split_whitespace() {
            match words.last_mut() {
                Some(last) if in_command => {
                    last.push(' ');
                    last.push_str(word);
                }
                _ => words.push(word.to_string()),
            }
            if word.contains("[%") {
                in_command = true;
            }
            if word.contains(']') {
                in_command = false;
            }
        }
        if words.is_empty() {
            return;
        }
        self.word("{");
        for word in words {
            self.word(&word.replace('}', ""));
        }
        self.word("}");
    }

    /// A variation's `(` sticks to its first word, as PGN writers do.
    fn open(&mut self) {
        self.glue = Some("(");
    }

    /// `)` sticks to the word before it.
    fn close(&mut self) {
        if self.line.ends_with(' ') {
            self.line.pop();
        }
        self.line.push_str(") ");
    }

    fn word(&mut self, word: &str) {
        let glue = self.glue.take().unwrap_or("");
        if self.line.chars().count() + glue.len() + word.chars().count() + 1 > COLUMNS {
            self.flush();
        }
        self.line.push_str(glue);
        self.line.push_str(word);
        self.line.push(' ');
    }

    fn flush(&mut self) {
        let line = self.line.trim_end();
        if !line.is_empty() {
            self.out.push_str(line);
            self.out.push('\n');
        }
        self.line.clear();
    }

    fn finish(mut self) -> String {
        self.flush();
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(san: &str, variations: Vec<ExportLine>) -> ExportMove {
        ExportMove { san: san.into(), variations, ..ExportMove::default() }
    }

    #[test]
    fn a_blank_variation_is_left_out() {
        let blank = ExportLine { comments: vec![" ".into()], ..ExportLine::default() };
        let c5 = ExportLine { moves: vec![mv("c5", Vec::new())], ..ExportLine::default() };
        let main = ExportLine {
            moves: vec![mv("e4", Vec::new()), mv("e5", vec![blank.clone(), c5]), mv("Nf3", vec![blank])],
            ..ExportLine::default()
        };
        let text = write_pgn(&[], &Position::start(), &main, GameResult::Unknown);
        assert!(text.ends_with("\n1. e4 e5 (1... c5) 2. Nf3 *\n"), "{text}");
    }

    #[test]
    fn a_null_moves_rest_is_written_word_for_word_after_its_number() {
        let rest = |moves: Vec<ExportMove>| ExportLine {
            moves,
            tail: Some("--  {a\npass}\n2. d4".into()),
            ..ExportLine::default()
        };
        let main = ExportLine {
            moves: vec![mv("e4", vec![rest(Vec::new())]), mv("e5", vec![rest(vec![mv("c5", Vec::new())])])],
            ..ExportLine::default()
        };
        let text = write_pgn(&[], &Position::start(), &main, GameResult::Unknown);
        assert!(text.ends_with("\n1. e4 (1. -- {a pass} 2. d4) 1... e5 (1... c5 2. -- {a pass} 2. d4) *\n"), "{text}");
    }
}
