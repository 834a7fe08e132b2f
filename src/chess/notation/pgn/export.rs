//! Writing PGN: the Seven Tag Roster, the other tags, and the movetext
//! (moves in SAN, comments, NAGs and variations) wrapped at 80 columns,
//! then the result. The writer knows nothing of how the tree was read.

use super::commands;
use super::notes::place;
use super::reader::variation_rest;
use super::tree::{GameResult, Line, MoveNode};
use crate::chess::notation::san::{san, San};
use crate::chess::{Move, Position, Square};
use crate::color::Color;
use crate::outcome::{self as outcome, Outcome, Ply, Shape, ShapeColor};

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
    write_setup(&mut out, start);
    for (name, value) in tags {
        let ours = ROSTER.iter().any(|(roster, _)| roster == name) || name == "SetUp" || name == "FEN";
        if !ours {
            write_tag(&mut out, name, value);
        }
    }
    write_movetext(out, start, main, Some(result))
}

/// The PGN of a game whose text had no tags, written as it was: no tags
/// but those reading it back needs (`FEN` and `SetUp`, when it does not
/// start from the standard position), then the movetext of `main`, ending
/// with `result` when there is one to write (`1. e4 e5 2. Nf3 Nc6 3. Bb5
/// (3. Bc4) 3... a6`).
pub fn write_untagged_pgn(start: &Position, main: &ExportLine, result: Option<GameResult>) -> String {
    let mut out = String::new();
    write_setup(&mut out, start);
    write_movetext(out, start, main, result)
}

/// `FEN` and `SetUp`, when `start` is not the standard position.
fn write_setup(out: &mut String, start: &Position) {
    let fen = start.fen();
    if fen != Position::start().fen() {
        // In the order python-chess and lichess write them.
        write_tag(out, "FEN", &fen);
        write_tag(out, "SetUp", "1");
    }
}

/// `out` (the tags written, or nothing), a blank line after them, and the movetext.
fn write_movetext(mut out: String, start: &Position, main: &ExportLine, result: Option<GameResult>) -> String {
    if !out.is_empty() {
        out.push('\n');
    }
    let mut text = Wrapped { out, line: String::new(), glue: None };
    write_line(&mut text, main, start.fullmoves(), start.turn());
    if let Some(result) = result {
        text.word(result.as_str());
    }
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

/// The PGN of `tree`, with the tags and result of the game `outcome` read.
pub(crate) fn write_tree(outcome: &Outcome, start: &Position, tree: &ExportLine) -> String {
    let tags: Vec<(String, String)> = outcome
        .chess
        .as_ref()
        .map(|info| info.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect())
        .unwrap_or_default();
    let result = outcome.chess.as_ref().and_then(|info| GameResult::parse(&info.result)).unwrap_or(GameResult::Unknown);
    write_pgn(&tags, start, tree, result)
}

/// The PGN of an analysed chess game starting from `start`, from its
/// Outcome alone (as `export_pgn`, without the rests of variations after
/// null moves, which only the text holds).
pub fn export_outcome(outcome: &Outcome, start: &Position) -> String {
    write_tree(outcome, start, &export_plies(&outcome.comments, &outcome.shapes, &outcome.plies))
}

/// Gives the variations of `tree` (the export of `plies`, which `line` of
/// the text holds) that stop at a null move the rest of them as written;
/// returns the first thing it cannot keep (see `export_tree`). The
/// variations the Outcome leaves out (one that opens with a null move, or
/// holds no move) are found in the text as `play_pgn_line` leaves them out.
pub(crate) fn keep_rests(text: &str, line: &Line, plies: &[Ply], tree: &mut ExportLine) -> Option<String> {
    let null_move = |node: &MoveNode| {
        let written = text.get(node.span.start..node.span.end).unwrap_or("--");
        Some(format!("the null move {written} {}", place(text, node.span)))
    };
    for (i, node) in line.moves.iter().enumerate() {
        if node.san == San::Null {
            return if tree.tail.is_some() { None } else { null_move(node) };
        }
        // Past the line's first problem nothing is written back (and the edit says so).
        let (Some(ply), Some(exported)) = (plies.get(i), tree.moves.get_mut(i)) else { return None };
        let mut shown = ply.variations.iter().zip(exported.variations.iter_mut());
        let mut opening_with_null = Vec::new();
        for variation in &node.variations {
            // A null move with alternatives: the first is played in its place, and the null move's own line is lost.
            if let Some(passed) = variation.moves.iter().find(|n| n.san == San::Null && !n.variations.is_empty()) {
                return null_move(passed);
            }
            let Some(first) = variation.moves.first() else {
                // A variation ended by a syntax error before its first move is in the Outcome (with its
                // error) and a problem, written nowhere; one without moves or error is not in it.
                if variation.error.is_some() {
                    shown.next();
                } else if let Some(comment) = variation.comments.first() {
                    return Some(format!("the variation without moves {}", place(text, comment.span)));
                }
                continue;
            };
            if first.san == San::Null {
                // Left out of the Outcome: kept as an alternative of its own, after the ones shown.
                let Some(rest) = variation_rest(text, first.span.start) else { return null_move(first) };
                let comments = variation.comments.iter().map(|c| c.text.clone()).collect();
                opening_with_null.push(ExportLine { comments, moves: Vec::new(), tail: Some(rest.to_string()) });
                continue;
            }
            let Some((shown, kept)) = shown.next() else { return Some("a variation the board does not show".into()) };
            let null = variation.moves.iter().position(|n| n.san == San::Null);
            if let Some(k) = null.filter(|&k| shown.error.is_none() && shown.plies.len() == k) {
                kept.tail = variation_rest(text, variation.moves[k].span.start).map(str::to_string);
            }
            if let Some(unkept) = keep_rests(text, variation, &shown.plies, kept) {
                return Some(unkept);
            }
        }
        exported.variations.append(&mut opening_with_null);
    }
    None
}

/// `comments` with the commands for `shapes`, `clock` and `eval` written
/// into the last one (as lichess writes them), or into a comment of their own.
pub(crate) fn with_commands(
    comments: &[String],
    shapes: &[Shape],
    clock: Option<&str>,
    eval: Option<&str>,
) -> Vec<String> {
    let mut comments = comments.to_vec();
    let drawings: Vec<commands::Drawing> = shapes.iter().filter_map(drawing_of).collect();
    let written = commands::write(&drawings, clock, eval);
    match comments.last_mut() {
        Some(last) if !written.is_empty() => {
            last.push(' ');
            last.push_str(&written);
        }
        _ if !written.is_empty() => comments.push(written),
        _ => {}
    }
    comments
}

pub fn export_line(line: &outcome::Line) -> ExportLine {
    // A variation whose first move was a problem has nothing to show: its
    // words go with it (alone they would be a variation of comments, which
    // an edit from the board then refuses to rewrite).
    if line.plies.is_empty() && line.error.is_some() {
        return ExportLine::default();
    }
    export_plies(&line.comments, &line.shapes, &line.plies)
}

/// A line given by its parts: an Outcome's main line is not a `Line`.
pub(crate) fn export_plies(comments: &[String], shapes: &[Shape], plies: &[Ply]) -> ExportLine {
    ExportLine {
        tail: None,
        comments: with_commands(comments, shapes, None, None),
        moves: plies
            .iter()
            .map(|ply| {
                let comments = with_commands(&ply.comments, &ply.shapes, ply.clock.as_deref(), ply.eval.as_deref());
                ExportMove {
                    san: ply.notation.to_string(),
                    nags: ply.nags.clone(),
                    comments,
                    variations: ply.variations.iter().map(export_line).collect(),
                }
            })
            .collect(),
    }
}

pub(crate) fn drawing_of(shape: &Shape) -> Option<commands::Drawing> {
    let square = |name: &str| Square::parse(name);
    Some(commands::Drawing {
        brush: match shape.color {
            ShapeColor::Green => commands::Brush::Green,
            ShapeColor::Red => commands::Brush::Red,
            ShapeColor::Yellow => commands::Brush::Yellow,
            ShapeColor::Blue => commands::Brush::Blue,
        },
        from: square(&shape.from)?,
        to: match &shape.to {
            Some(to) => Some(square(to)?),
            None => None,
        },
    })
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
