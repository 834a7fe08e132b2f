//! The `congo-move` program's input and output (the course's move
//! execution assignment, plus the checks of its search), here so that the
//! binary is only glue and the format is tested with the library.

use super::moves::Move;
use super::position::Position;
use super::search::{self, CourseSearch};
use crate::color::Color;
use std::fmt;
use std::io::{BufRead, Read};

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

/// The deepest search the options accept (it bounds the recursion); a
/// search estimated to take more than about 10 seconds is refused for
/// that position (`CourseSearch::bounded`).
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

/// The most of its input the program reads: about 200,000 cases of a FEN
/// and a move (the course's tests have a few hundred).
pub const INPUT_LIMIT: usize = 16 << 20;

/// Answers every case of `input` in `mode`, reading only the lines it
/// needs: the count, the cases, and after them up to the first line that
/// is not blank (the text after the last case), at most `INPUT_LIMIT`
/// bytes.
pub fn run(mode: Mode, input: &mut dyn BufRead) -> Report {
    let mut report = Report::default();
    let mut lines = Lines::new(input);
    // The input ended: why, when it did not simply end.
    let ended = |lines: &Lines, report: &mut Report, otherwise: String| {
        report.errors.push(lines.problem.clone().unwrap_or(otherwise));
    };
    let count = match lines.next() {
        None => {
            ended(&lines, &mut report, "line 1: the input is empty; expected the number of cases".to_string());
            return report;
        }
        Some((n, line)) => {
            let text = line.as_deref().unwrap_or_default().trim_start();
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
            let missing =
                format!("line {}: missing FEN: the input ended after {} of {count} cases", lines.number + 1, case - 1);
            ended(&lines, &mut report, missing);
            return report;
        };
        let step = match mode {
            Mode::Execute => match lines.next() {
                Some(mv) => execute_case(fen, mv),
                None => {
                    ended(&lines, &mut report, format!("line {}: missing move: the input ended", lines.number + 1));
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
    for (n, line) in lines.by_ref() {
        if line.map_or(true, |l| !l.trim().is_empty()) {
            report.errors.push(format!("line {n}: unexpected text after the last case (the first line said {count})"));
            return report;
        }
    }
    report.errors.extend(lines.problem);
    report
}

/// A numbered line with trailing spaces, tabs and `\r` removed, or the
/// line's number if it is not UTF-8.
type Line = (usize, Result<String, ()>);

fn position(line: &Line) -> Result<Position, String> {
    let (n, text) = line;
    let text = text.as_deref().map_err(|_| format!("line {n}: the line is not valid UTF-8 text"))?;
    Position::from_fen(text).map_err(|e| format!("line {n}: invalid FEN at character {}: {e}", e.column(text)))
}

fn execute_case(fen: Line, mv: Line) -> Result<String, String> {
    let pos = position(&fen)?;
    let (n, text) = mv;
    let text = text.as_deref().map_err(|_| format!("line {n}: the line is not valid UTF-8 text"))?;
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
    let pos = position(&fen)?;
    let answer = match mode {
        Mode::Moves => pos.legal_move_texts().join(" "),
        Mode::Eval => search::evaluate(&pos).to_string(),
        Mode::AdvEval => search::advanced_evaluate(&pos).to_string(),
        Mode::Minimax(depth) => bounded(CourseSearch::Minimax, &fen, &pos, depth)?,
        Mode::AlphaBeta(depth) => bounded(CourseSearch::AlphaBeta, &fen, &pos, depth)?,
        Mode::Execute => String::new(),
    };
    Ok(answer + "\n")
}

/// A search's value, or why it is refused (see `CourseSearch::bounded`).
fn bounded(search: CourseSearch, fen: &Line, pos: &Position, depth: u32) -> Result<String, String> {
    match search.bounded(pos, depth) {
        Ok((value, _)) => Ok(value.to_string()),
        Err(e) => Err(format!("line {}: {e}", fen.0)),
    }
}

/// Reads input a line at a time, split on `\n`, numbering lines from 1 and
/// trimming the end of each (trailing spaces and `\r` are tolerated); at
/// most `INPUT_LIMIT` bytes in all.
struct Lines<'a> {
    input: &'a mut dyn BufRead,
    number: usize,
    /// Bytes that may still be read.
    left: usize,
    /// Why the lines ended before the input did (too long, unreadable).
    problem: Option<String>,
}

impl<'a> Lines<'a> {
    fn new(input: &'a mut dyn BufRead) -> Self {
        Lines { input, number: 0, left: INPUT_LIMIT, problem: None }
    }
}

impl Iterator for Lines<'_> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        if self.problem.is_some() {
            return None;
        }
        let mut line = Vec::new();
        // One byte more than is left, to tell a limit reached from an end.
        let read = (&mut self.input).take(self.left as u64 + 1).read_until(b'\n', &mut line);
        match read {
            Err(e) => self.problem = Some(format!("line {}: cannot read the input: {e}", self.number + 1)),
            Ok(n) if n > self.left => {
                self.problem = Some(format!(
                    "line {}: the input is longer than {} ({INPUT_LIMIT} bytes), the most congo-move reads",
                    self.number + 1,
                    crate::limits::size(INPUT_LIMIT)
                ))
            }
            // A final newline ends the last line; it does not start another.
            Ok(0) => return None,
            Ok(n) => self.left -= n,
        }
        if self.problem.is_some() {
            return None;
        }
        self.number += 1;
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        let end = line.iter().rposition(|b| !matches!(b, b' ' | b'\t' | b'\r')).map_or(0, |i| i + 1);
        line.truncate(end);
        Some((self.number, String::from_utf8(line).map_err(|_| ())))
    }
}
