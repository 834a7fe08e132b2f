//! Writing PGN: the Seven Tag Roster, the other tags, and the moves in
//! SAN wrapped at 80 columns, then the result.

use super::GameResult;
use crate::chess::notation::san::san;
use crate::chess::{Color, Move, Position};
use crate::outcome::{Outcome, Status, Tag};
use crate::snapshot::Side;

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

/// The PGN of an analysed game ("copy PGN"): its tags (the Seven Tag
/// Roster first, unknown values as `?`), `SetUp` and `FEN` when it does not
/// start from the standard position, and the moves played. The result is
/// the board's verdict (checkmate or stalemate), else the result the text
/// stated, else `*`; a game cut short by an error ends with `*` after its
/// last legal move.
pub fn export_pgn(outcome: &Outcome) -> String {
    let result = match (outcome.status, outcome.winner) {
        (Status::Checkmate, Some(Side::White)) => GameResult::WhiteWins,
        (Status::Checkmate, Some(_)) => GameResult::BlackWins,
        (Status::Stalemate, _) => GameResult::Draw,
        (Status::Incomplete, _) => {
            outcome.stated_result.as_deref().and_then(GameResult::parse).unwrap_or(GameResult::Unknown)
        }
        _ => GameResult::Unknown,
    };
    // The initial snapshot's FEN is one we wrote, so it reads back.
    let start = Position::from_fen(&outcome.initial.fen).unwrap_or_default();
    write_pgn(&outcome.tags, &start, outcome.plies.iter().map(|p| p.notation.as_str()), result)
}

/// The PGN of legal `moves` played from `start`, with `tags` as in
/// `export_pgn`.
pub fn export_moves(start: &Position, moves: &[Move], tags: &[Tag], result: GameResult) -> String {
    let mut pos = *start;
    let sans: Vec<String> = moves
        .iter()
        .map(|&m| {
            let s = san(&pos, m);
            pos.play_unchecked(m);
            s
        })
        .collect();
    write_pgn(tags, start, sans.iter().map(String::as_str), result)
}

fn write_pgn<'a>(tags: &[Tag], start: &Position, sans: impl Iterator<Item = &'a str>, result: GameResult) -> String {
    let mut out = String::new();
    let own = |name: &str| tags.iter().find(|t| t.name == name).map(|t| t.value.as_str());
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
    for tag in tags {
        let ours = ROSTER.iter().any(|(name, _)| *name == tag.name) || tag.name == "SetUp" || tag.name == "FEN";
        if !ours {
            write_tag(&mut out, &tag.name, &tag.value);
        }
    }
    out.push('\n');

    let mut text = Wrapped { out, line: String::new() };
    let mut number = start.fullmoves();
    let mut turn = start.turn();
    for (i, san) in sans.enumerate() {
        match turn {
            Color::White => text.word(&format!("{number}.")),
            Color::Black if i == 0 => text.word(&format!("{number}...")),
            Color::Black => {}
        }
        text.word(san);
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    text.word(result.as_str());
    text.finish()
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
}

impl Wrapped {
    fn word(&mut self, word: &str) {
        if self.line.chars().count() + word.chars().count() + 1 > COLUMNS {
            self.flush();
        }
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
