//! The two files `change` writes: the exchange file (a valid input file)
//! and the human-readable board.

use std::fmt::Write;

use super::board::Board;
use super::rules::Position;
use super::square::Square;

/// The exchange format: a valid input file holding the rules, the side to
/// move, the board and the `remaining` moves, after a comment made of
/// `header` (one comment line each; line breaks in it become spaces so
/// that the file stays valid).
pub fn exchange(position: &Position, remaining: &[&str], header: &[&str]) -> String {
    let mut out = String::from("#\n");
    for line in header {
        let line: String = line.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect();
        let _ = writeln!(out, "# {line}");
    }
    out.push_str("#\n\n");
    let rules = position.rules;
    let _ = write!(out, "RULES:\n  {}\n  {}\n", rules.capture, rules.jumps);
    let _ = write!(out, "TURN:\n  {}\n", position.turn);
    out.push_str("BOARD:\n-----------------\n");
    for row in rows() {
        out.push('|');
        for square in row {
            out.push(position.board.file_char(square));
            out.push('|');
        }
        out.push('\n');
    }
    out.push_str("-----------------\nMOVES:\n");
    for mv in remaining {
        out.push_str(mv);
        out.push('\n');
    }
    out
}

/// The human-readable board, then a blank line, then the `remaining`
/// moves one a line.
pub fn human(board: &Board, remaining: &[&str]) -> String {
    const LETTERS: &str = "    a   b   c   d   e   f   g   h\n";
    const RULE: &str = "  +---+---+---+---+---+---+---+---+\n";
    let mut out = String::from(LETTERS);
    out.push_str(RULE);
    for (i, row) in rows().enumerate() {
        let rank = 8 - i;
        let _ = write!(out, "{rank} |");
        for square in row {
            let _ = write!(out, " {} |", board.file_char(square));
        }
        let _ = writeln!(out, " {rank}");
        out.push_str(RULE);
    }
    out.push_str(LETTERS);
    out.push('\n');
    for mv in remaining {
        out.push_str(mv);
        out.push('\n');
    }
    out
}

/// The board's rows from rank 8 down, each from file a.
fn rows() -> impl Iterator<Item = impl Iterator<Item = Square>> {
    (0..8u8).rev().map(|rank| (0..8u8).filter_map(move |file| Square::new(file, rank)))
}
