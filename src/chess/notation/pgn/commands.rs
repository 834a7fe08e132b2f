//! The drawing and timing commands that lichess, chess.com and ChessBase
//! write inside PGN comments: `[%cal Ge2e4,Rd1d8]` (arrows), `[%csl Gd5]`
//! (squares), `[%clk 0:03:12]` (the clock after the move) and
//! `[%eval 0.35]` / `[%eval #-3]` (an engine's evaluation).

use crate::chess::notation::found;
use crate::chess::Square;
use std::fmt::Write;

/// The four colours of the convention: G, R, Y, B.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Brush {
    Green,
    Red,
    Yellow,
    Blue,
}

impl Brush {
    fn from_letter(c: char) -> Option<Brush> {
        match c {
            'G' => Some(Brush::Green),
            'R' => Some(Brush::Red),
            'Y' => Some(Brush::Yellow),
            'B' => Some(Brush::Blue),
            _ => None,
        }
    }

    fn letter(self) -> char {
        match self {
            Brush::Green => 'G',
            Brush::Red => 'R',
            Brush::Yellow => 'Y',
            Brush::Blue => 'B',
        }
    }
}

/// An arrow (`to` set) or a marked square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Drawing {
    pub brush: Brush,
    pub from: Square,
    pub to: Option<Square>,
}

/// A comment split into its words and its commands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotated {
    /// The words, with the known commands taken out and spaces tidied.
    pub text: String,
    pub drawings: Vec<Drawing>,
    pub clock: Option<String>,
    /// `+0.35`, `-1.20`, `0.00`, `#3`, `#-3`.
    pub eval: Option<String>,
    /// The drawing commands that do not read (kept in the words), as
    /// written (`[%cal Gе2e4]`), and why they were not drawn.
    pub undrawn: Vec<(String, String)>,
}

/// Splits a comment. Unknown commands (`[%emt ...]`) and malformed ones
/// stay in the words, so nothing written is lost.
pub fn split(comment: &str) -> Annotated {
    let mut out = Annotated::default();
    let mut words = String::new();
    let mut rest = comment;
    while let Some(open) = rest.find("[%") {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else { break };
        words.push_str(&rest[..open]);
        let command = &rest[open + 2..close];
        if !out.take(command) {
            words.push_str(&rest[open..=close]);
            if let Some(why) = undrawn(command) {
                out.undrawn.push((rest[open..=close].to_string(), why));
            }
        }
        rest = &rest[close + 1..];
    }
    words.push_str(rest);
    // Squares before arrows, as `write` writes them, so a round trip keeps the order.
    // (A stable partition: the text may hold any number of them.)
    let (mut squares, arrows): (Vec<Drawing>, Vec<Drawing>) =
        std::mem::take(&mut out.drawings).into_iter().partition(|d| d.to.is_none());
    squares.extend(arrows);
    out.drawings = squares;
    out.text = words.split_whitespace().collect::<Vec<_>>().join(" ");
    out
}

impl Annotated {
    /// Reads one command (`cal Ge2e4`); false when it is not one we know or
    /// does not read.
    fn take(&mut self, command: &str) -> bool {
        let (name, args) = command.trim().split_once(char::is_whitespace).unwrap_or((command.trim(), ""));
        let args = args.trim();
        match name {
            "cal" | "csl" => {
                let arrows = name == "cal";
                let mut drawings = Vec::new();
                for item in args.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    match drawing(item, arrows) {
                        Some(d) => drawings.push(d),
                        None => return false,
                    }
                }
                self.drawings.extend(drawings);
                true
            }
            "clk" if is_clock(args) => {
                self.clock = Some(args.to_string());
                true
            }
            "eval" => match eval(args) {
                Some(e) => {
                    self.eval = Some(e);
                    true
                }
                None => false,
            },
            _ => false,
        }
    }
}

/// Why a drawing command (`cal ...`, `csl ...`) that does not read was not
/// drawn: a look-alike letter in it named (a Cyrillic е for an e), else
/// what a drawing is. `None` for another command.
fn undrawn(command: &str) -> Option<String> {
    let (name, args) = command.trim().split_once(char::is_whitespace).unwrap_or((command.trim(), ""));
    let arrows = match name {
        "cal" => true,
        "csl" => false,
        _ => return None,
    };
    Some(match args.chars().find(|&c| found::lookalike(c).is_some()) {
        Some(c) => format!("it holds {}", found::character(c)),
        None if arrows => "an arrow is a colour (G, R, Y or B) and two squares, such as Ge2e4".to_string(),
        None => "a marked square is a colour (G, R, Y or B) and a square, such as Gd5".to_string(),
    })
}

fn drawing(item: &str, arrow: bool) -> Option<Drawing> {
    let mut chars = item.chars();
    let brush = Brush::from_letter(chars.next()?)?;
    let squares = chars.as_str();
    let square = |s: &str| Square::parse(s);
    match (arrow, squares.len()) {
        (true, 4) => {
            let (from, to) = (square(squares.get(..2)?)?, square(squares.get(2..)?)?);
            // An arrow from a square to itself marks the square, as lichess and python-chess draw it.
            Some(Drawing { brush, from, to: (to != from).then_some(to) })
        }
        (false, 2) => Some(Drawing { brush, from: square(squares)?, to: None }),
        _ => None,
    }
}

/// `H:MM:SS`, with optional tenths (`0:00:09.5`).
fn is_clock(s: &str) -> bool {
    let parts: Vec<&str> = s.split(':').collect();
    let digits = |p: &str| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [h, m, sec] => {
            let whole = sec.split_once('.').map_or(*sec, |(w, f)| if digits(f) { w } else { "x" });
            digits(h) && digits(m) && digits(whole)
        }
        _ => false,
    }
}

/// An evaluation as written (`0.35`, `-1.2`, `#-3`, `0.35,20` with a depth),
/// normalised to two decimals with a sign, or `#N`.
fn eval(s: &str) -> Option<String> {
    let value = s.split(',').next()?.trim();
    if let Some(mate) = value.strip_prefix('#') {
        let n: i32 = mate.parse().ok()?;
        return Some(format!("#{n}"));
    }
    Some(format_centipawns(super::pawns::centipawns(value)?))
}

/// `+1.25`, `-0.40`, `0.00`.
pub fn format_centipawns(cp: i64) -> String {
    let sign = match cp.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    format!("{sign}{}.{:02}", cp.abs() / 100, cp.abs() % 100)
}

/// The commands of an annotation, written back as one comment's text
/// (empty when there is none): `[%csl Gd5][%cal Ge2e4][%clk 0:03:12][%eval 0.35]`.
pub fn write(drawings: &[Drawing], clock: Option<&str>, eval: Option<&str>) -> String {
    let mut out = String::new();
    for (name, arrows) in [("csl", false), ("cal", true)] {
        let items: Vec<String> = drawings
            .iter()
            .filter(|d| d.to.is_some() == arrows)
            .map(|d| {
                let mut s = String::new();
                s.push(d.brush.letter());
                let _ = write!(s, "{}", d.from);
                if let Some(to) = d.to {
                    let _ = write!(s, "{to}");
                }
                s
            })
            .collect();
        if !items.is_empty() {
            let _ = write!(out, "[%{name} {}]", items.join(","));
        }
    }
    if let Some(clock) = clock {
        let _ = write!(out, "[%clk {clock}]");
    }
    if let Some(eval) = eval {
        // Written as engines write it: no plus sign.
        let _ = write!(out, "[%eval {}]", eval.trim_start_matches('+'));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_commands_are_taken_out_of_the_words() {
        let a = split("Good move [%cal Ge2e4,Rd1d8] [%csl Gd5] [%clk 0:03:12] [%eval -0.3,22] here");
        assert_eq!(a.text, "Good move here");
        assert_eq!(a.drawings.len(), 3);
        assert_eq!(a.drawings[0], Drawing { brush: Brush::Green, from: Square::D5, to: None });
        assert_eq!(a.drawings[1], Drawing { brush: Brush::Green, from: Square::E2, to: Some(Square::E4) });
        assert_eq!(a.clock.as_deref(), Some("0:03:12"));
        assert_eq!(a.eval.as_deref(), Some("-0.30"));
        assert_eq!(split("[%eval #-3]").eval.as_deref(), Some("#-3"));
        assert_eq!(split("[%eval 0]").eval.as_deref(), Some("0.00"));
    }

    #[test]
    fn an_arrow_from_a_square_to_itself_marks_the_square() {
        // Drawn as a circle, as lichess and python-chess draw it (it was an arrow of no length), and written back so.
        let a = split("[%cal Ge4e4,Rd1d8]");
        assert_eq!(a.drawings[0], Drawing { brush: Brush::Green, from: Square::E4, to: None });
        assert_eq!(a.drawings[1], Drawing { brush: Brush::Red, from: Square::D1, to: Some(Square::D8) });
        assert_eq!(write(&a.drawings, None, None), "[%csl Ge4][%cal Rd1d8]");
    }

    #[test]
    fn unknown_or_broken_commands_stay_in_the_words() {
        assert_eq!(split("[%emt 0:00:05] ok").text, "[%emt 0:00:05] ok");
        assert_eq!(split("[%cal Xe2e4]").text, "[%cal Xe2e4]");
        assert_eq!(
            split("[%cal Xe2e4]").undrawn[0].1,
            "an arrow is a colour (G, R, Y or B) and two squares, such as Ge2e4"
        );
        // A look-alike letter is named: it looks right.
        let a = split("[%csl Gе4] [%cal Ge2e4]");
        assert_eq!(a.drawings.len(), 1);
        assert_eq!(
            a.undrawn,
            [(
                "[%csl Gе4]".to_string(),
                "it holds the Cyrillic letter е (U+0435), which looks like the Latin e".to_string()
            )]
        );
        assert_eq!(split("[%emt 0:00:05]").undrawn, []);
        assert_eq!(split("[%clk soon]").text, "[%clk soon]");
        assert_eq!(split("[%eval big]").text, "[%eval big]");
        assert_eq!(split("unclosed [%cal Ge2e4").text, "unclosed [%cal Ge2e4");
    }

    #[test]
    fn written_commands_read_back_the_same() {
        let a = split("[%cal Ge2e4,Rd1d8][%csl Bd5,Yh8][%clk 1:00:00.5][%eval 2.5]");
        let written = write(&a.drawings, a.clock.as_deref(), a.eval.as_deref());
        let b = split(&written);
        assert_eq!(a, b);
        assert_eq!(b.eval.as_deref(), Some("+2.50"));
    }
}
