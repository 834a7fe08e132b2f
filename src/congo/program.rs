//! The `congo-move` program's input and output (the course's move
//! execution assignment, plus the checks of its search), here so that the
//! binary is only glue and the format is tested with the library.

use super::moves::Move;
use super::position::Position;
use super::search;
use crate::color::Color;
use std::fmt;

pub const USAGE: &str = "\
usage: congo-move [OPTION]   (reads standard input)

With no option: N, then N cases of two lines, a FEN and a move; prints the
resulting FEN and Continue, White wins or Black wins for each.

Options (input: N, then N FEN lines; one line out per FEN):
  --moves          the legal moves, sorted as strings, space separated
  --eval           the course's material evaluation
  --adv-eval       the course's advanced evaluation
  --minimax D      the course's negamax value at depth D
  --alphabeta D    the course's fail-hard alpha-beta value at depth D
  --help           this text
";

/// The deepest search the options accept (depth 10 already takes hours).
pub const MAX_DEPTH: u32 = 20;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Execute,
    Moves,
    Eval,
    AdvEval,
    Minimax(u32),
    AlphaBeta(u32),
}

/// What the command line asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Run(Mode),
    Help,
}

/// A command line the program does not understand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

impl Command {
    /// Reads the arguments after the program name.
    pub fn from_args(args: &[String]) -> Result<Command, UsageError> {
        let depth = |arg: Option<&String>, option: &str| -> Result<u32, UsageError> {
            let text = arg.ok_or_else(|| UsageError(format!("{option} needs a depth")))?;
            match text.parse::<u32>() {
                Ok(d) if d <= MAX_DEPTH => Ok(d),
                _ => Err(UsageError(format!("{option} needs a depth from 0 to {MAX_DEPTH}, not {text:?}"))),
            }
        };
        let command = match args.first().map(String::as_str) {
            None => Command::Run(Mode::Execute),
            Some("--help" | "-h") => Command::Help,
            Some("--moves") => Command::Run(Mode::Moves),
            Some("--eval") => Command::Run(Mode::Eval),
            Some("--adv-eval") => Command::Run(Mode::AdvEval),
            Some(option @ "--minimax") => Command::Run(Mode::Minimax(depth(args.get(1), option)?)),
            Some(option @ "--alphabeta") => Command::Run(Mode::AlphaBeta(depth(args.get(1), option)?)),
            Some(other) => return Err(UsageError(format!("unknown option {other:?}"))),
        };
        let used = match command {
            Command::Run(Mode::Minimax(_) | Mode::AlphaBeta(_)) => 2,
            Command::Run(Mode::Execute) => 0,
            _ => 1,
        };
        match args.get(used) {
            Some(extra) => Err(UsageError(format!("unexpected argument {extra:?}"))),
            None => Ok(command),
        }
    }
}

/// What the program prints: everything for standard output, and one line
/// per problem for standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub output: String,
    pub errors: Vec<String>,
}

/// Answers every case of `input` in `mode`.
pub fn run(mode: Mode, input: &[u8]) -> Report {
    let mut report = Report::default();
    let mut lines = Lines::new(input);
    let count = match lines.next() {
        None => {
            report.errors.push("line 1: the input is empty; expected the number of cases".to_string());
            return report;
        }
        Some((n, line)) => {
            let text = line.unwrap_or_default().trim_start();
            match text.parse::<u64>() {
                Ok(count) => count,
                // All digits, yet not read: more cases than can be counted.
                Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                    report.errors.push(format!("line {n}: the number of cases is too large"));
                    return report;
                }
                Err(_) => {
                    report.errors.push(format!("line {n}: expected the number of cases, like 3"));
                    return report;
                }
            }
        }
    };
    for case in 1..=count {
        let Some(fen) = lines.next() else {
            report.errors.push(format!(
                "line {}: missing FEN: the input ended after {} of {count} cases",
                lines.number + 1,
                case - 1
            ));
            return report;
        };
        let step = match mode {
            Mode::Execute => match lines.next() {
                Some(mv) => execute_case(fen, mv),
                None => {
                    report.errors.push(format!("line {}: missing move: the input ended", lines.number + 1));
                    return report;
                }
            },
            _ => query_case(mode, fen),
        };
        match step {
            Ok(text) => report.output.push_str(&text),
            Err(e) => report.errors.push(e),
        }
    }
    for (n, line) in lines {
        if line.map_or(true, |l| !l.trim().is_empty()) {
            report.errors.push(format!("line {n}: unexpected text after the last case (the first line said {count})"));
            break;
        }
    }
    report
}

/// A numbered line with trailing spaces, tabs and `\r` removed, or the
/// line's number if it is not UTF-8.
type Line<'a> = (usize, Result<&'a str, ()>);

fn position(line: Line) -> Result<Position, String> {
    let (n, text) = line;
    let text = text.map_err(|_| format!("line {n}: the line is not valid UTF-8 text"))?;
    Position::from_fen(text).map_err(|e| format!("line {n}: invalid FEN at character {}: {e}", e.column(text)))
}

fn execute_case(fen: Line, mv: Line) -> Result<String, String> {
    let pos = position(fen)?;
    let (n, text) = mv;
    let text = text.map_err(|_| format!("line {n}: the line is not valid UTF-8 text"))?;
    let mv = Move::parse(text).map_err(|e| format!("line {n}: malformed move {text:?}: {e}"))?;
    let played = pos.play(&mv).map_err(|e| format!("line {n}: illegal move {mv}: {e}"))?;
    let next = played.position;
    let status = match next.winner() {
        Some(Color::White) => "White wins",
        Some(Color::Black) => "Black wins",
        None => "Continue",
    };
    Ok(format!("{}\n{status}\n", next.fen()))
}

fn query_case(mode: Mode, fen: Line) -> Result<String, String> {
    let pos = position(fen)?;
    let answer = match mode {
        Mode::Moves => pos.legal_move_texts().join(" "),
        Mode::Eval => search::evaluate(&pos).to_string(),
        Mode::AdvEval => search::advanced_evaluate(&pos).to_string(),
        Mode::Minimax(depth) => search::minimax(&pos, depth).to_string(),
        Mode::AlphaBeta(depth) => search::alphabeta(&pos, depth).to_string(),
        Mode::Execute => String::new(),
    };
    Ok(answer + "\n")
}

/// Splits input on `\n`, numbering lines from 1 and trimming the end of
/// each (trailing spaces and `\r` are tolerated).
struct Lines<'a> {
    rest: Option<&'a [u8]>,
    number: usize,
}

impl<'a> Lines<'a> {
    fn new(input: &'a [u8]) -> Self {
        Lines { rest: (!input.is_empty()).then_some(input), number: 0 }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        let rest = self.rest?;
        let (line, after) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        // A final newline ends the last line; it does not start another.
        self.rest = (!after.is_empty()).then_some(after);
        self.number += 1;
        let end = line.iter().rposition(|b| !matches!(b, b' ' | b'\t' | b'\r')).map_or(0, |i| i + 1);
        Some((self.number, std::str::from_utf8(&line[..end]).map_err(|_| ())))
    }
}
