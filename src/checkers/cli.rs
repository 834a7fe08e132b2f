//! The course's three programs, `info`, `change` and `rankmoves`, as
//! functions over their arguments and streams (the binaries only call
//! these). Exit status 0 on success, 1 on a bad command line or a syntax
//! error; a bad command line prints the usage on standard error.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, Read, Write};

use super::game::play_moves;
use super::rank::{write_ranking, RankError, BRIEF_BUDGET, MAX_DEPTH, VERBOSE_BUDGET};
use super::reader::{read_file, GameFile};
use super::square::{Color, Kind, Piece};
use super::writer;
use crate::limits::{self, InputError};

const INFO_USAGE: &str = "Usage: info [FILE]";
const CHANGE_USAGE: &str = "Usage: change [FILE] [-e EFILE]... [-h HFILE]... [-m N]";
const RANKMOVES_USAGE: &str = "Usage: rankmoves [FILE] [-d D] [-v]";

/// The usage, with the limits that keep a search finite.
fn rankmoves_usage() -> String {
    format!(
        "{RANKMOVES_USAGE}\n  D is at most {MAX_DEPTH}; a search that would play more than {BRIEF_BUDGET} moves \
         (up to a minute or two), or print more than {VERBOSE_BUDGET} with -v, is refused"
    )
}

/// What is wrong with a command line.
#[derive(Debug)]
pub enum UsageError {
    UnknownSwitch(String),
    MissingName(&'static str),
    BadNumber(&'static str),
    /// A number above the switch's largest value.
    TooLarge(&'static str, u32),
    TwoInputs,
    CannotRead(String, io::Error),
    CannotWrite(String, io::Error),
    /// The input named is longer than the limit.
    TooLong(String, usize),
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::UnknownSwitch(s) => write!(f, "unknown switch '{s}'"),
            UsageError::MissingName(s) => write!(f, "'{s}' needs a file name"),
            UsageError::BadNumber(s) => write!(f, "'{s}' needs a non-negative number"),
            UsageError::TooLarge(s, max) => write!(f, "'{s}' is at most {max}"),
            UsageError::TwoInputs => f.write_str("only one input file can be given"),
            UsageError::CannotRead(path, e) => write!(f, "cannot read '{path}': {e}"),
            UsageError::CannotWrite(path, e) => write!(f, "cannot write '{path}': {e}"),
            UsageError::TooLong(path, limit) => {
                write!(f, "'{path}' {}", InputError::TooLong { limit: *limit })
            }
        }
    }
}

impl std::error::Error for UsageError {}

/// `info [FILE]`: validates a file and counts the pieces.
pub fn info(args: &[OsString], stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let mut input = None;
    for arg in args.iter().skip(1) {
        if let Err(e) = take_input(&mut input, arg) {
            return usage(stderr, "info", &e, INFO_USAGE);
        }
    }
    let file = match load(input.as_deref(), stdin) {
        Ok(Ok(file)) => file,
        Ok(Err(message)) => return fail(stderr, &message),
        Err(e) => return usage(stderr, "info", &e, INFO_USAGE),
    };
    let board = &file.position.board;
    let count = |color, kind| board.count(Piece::new(color, kind));
    let text = format!(
        "VALID INPUT\nInitial configuration:\nTurn: {}\nRed: {} kings, {} pawns\nBlack: {} kings, {} pawns\n",
        file.position.turn,
        count(Color::Red, Kind::King),
        count(Color::Red, Kind::Pawn),
        count(Color::Black, Kind::King),
        count(Color::Black, Kind::Pawn),
    );
    finish(stdout, text.as_bytes())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum OutputKind {
    Exchange,
    Human,
}

/// `change [FILE] [-e EFILE]... [-h HFILE]... [-m N]`: plays the moves and
/// writes the resulting state to every `-e` and `-h` file.
pub fn change(args: &[OsString], stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let mut input = None;
    let mut outputs: Vec<(OutputKind, &OsStr)> = Vec::new();
    let mut limit = usize::MAX;
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        let parsed = match arg.to_str() {
            Some("-e") => name_of(rest.next(), "-e").map(|n| outputs.push((OutputKind::Exchange, n))),
            Some("-h") => name_of(rest.next(), "-h").map(|n| outputs.push((OutputKind::Human, n))),
            // A later -m replaces an earlier one.
            Some("-m") => number_of(rest.next(), "-m").map(|n| limit = n),
            _ => take_input(&mut input, arg),
        };
        if let Err(e) = parsed {
            return usage(stderr, "change", &e, CHANGE_USAGE);
        }
    }
    let file = match load(input.as_deref(), stdin) {
        Ok(Ok(file)) => file,
        Ok(Err(message)) => return fail(stderr, &message),
        Err(e) => return usage(stderr, "change", &e, CHANGE_USAGE),
    };

    let total = file.moves.len();
    let processing = total.min(limit);
    let progress = play_moves(&file.position, &file.moves, processing, |_, _| {});
    let mut report = format!("Input file has {total} moves\nProcessing {processing} moves\n");
    match &progress.illegal {
        Some(_) => {
            let j = progress.played;
            report.push_str(&format!("Move {} is illegal: {}\n", j + 1, file.moves[j].text));
        }
        None => report.push_str("All moves are legal\n"),
    }

    // The moves not played: from the illegal one on, or after the last processed.
    let remaining: Vec<&str> = file.moves[progress.played..].iter().map(|m| m.text.as_str()).collect();
    let command_line = args.iter().map(|a| a.to_string_lossy()).collect::<Vec<_>>().join(" ");
    for (kind, path) in outputs {
        let text = match kind {
            OutputKind::Exchange => {
                writer::exchange(&progress.position, &remaining, &["Automatically generated by running", &command_line])
            }
            OutputKind::Human => writer::human(&progress.position.board, &remaining),
        };
        if let Err(e) = std::fs::write(path, text) {
            let e = UsageError::CannotWrite(path.to_string_lossy().into_owned(), e);
            return usage(stderr, "change", &e, CHANGE_USAGE);
        }
    }
    finish(stdout, report.as_bytes())
}

/// `rankmoves [FILE] [-d D] [-v]`: scores every legal move of the player to
/// move (after the file's moves, up to the first illegal one).
pub fn rankmoves(args: &[OsString], stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let mut input = None;
    let mut depth = 0u32;
    let mut verbose = false;
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        let parsed = match arg.to_str() {
            Some("-d") => number_of(rest.next(), "-d").and_then(|n| {
                // Deeper searches cannot finish (see `rank::MAX_DEPTH`).
                depth =
                    u32::try_from(n).ok().filter(|&d| d <= MAX_DEPTH).ok_or(UsageError::TooLarge("-d", MAX_DEPTH))?;
                Ok(())
            }),
            Some("-v") => {
                verbose = true;
                Ok(())
            }
            _ => take_input(&mut input, arg),
        };
        if let Err(e) = parsed {
            return usage(stderr, "rankmoves", &e, &rankmoves_usage());
        }
    }
    let file = match load(input.as_deref(), stdin) {
        Ok(Ok(file)) => file,
        Ok(Err(message)) => return fail(stderr, &message),
        Err(e) => return usage(stderr, "rankmoves", &e, &rankmoves_usage()),
    };
    let position = play_moves(&file.position, &file.moves, usize::MAX, |_, _| {}).position;
    let mut out = io::BufWriter::new(stdout);
    match write_ranking(&position, depth, verbose, &mut out).and_then(|()| Ok(out.flush()?)) {
        Ok(()) => 0,
        // A closed or failing standard output.
        Err(RankError::Io(_)) => 1,
        // Refused before anything was printed: a bad argument for this file.
        Err(e) => usage(stderr, "rankmoves", &e, &rankmoves_usage()),
    }
}

/// Records the input file, refusing a second one and unknown switches.
fn take_input(input: &mut Option<OsString>, arg: &OsStr) -> Result<(), UsageError> {
    if arg.to_string_lossy().starts_with('-') {
        return Err(UsageError::UnknownSwitch(arg.to_string_lossy().into_owned()));
    }
    if input.is_some() {
        return Err(UsageError::TwoInputs);
    }
    *input = Some(arg.to_os_string());
    Ok(())
}

/// The file name after `-e` or `-h` (not another switch).
fn name_of<'a>(value: Option<&'a OsString>, switch: &'static str) -> Result<&'a OsStr, UsageError> {
    match value {
        Some(v) if !v.is_empty() && !v.to_string_lossy().starts_with('-') => Ok(v),
        _ => Err(UsageError::MissingName(switch)),
    }
}

/// A non-negative decimal number; one too large for the machine counts as
/// the largest (it only ever limits).
fn number_of(value: Option<&OsString>, switch: &'static str) -> Result<usize, UsageError> {
    let digits = value.and_then(|v| v.to_str()).unwrap_or("");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(UsageError::BadNumber(switch));
    }
    Ok(digits.parse().unwrap_or(usize::MAX))
}

/// The most of a file the programs read: a course file is a few hundred
/// bytes, and this is a game of two million moves.
pub const INPUT_LIMIT: usize = 16 << 20;

/// Reads and checks the input: `Err` for a file that cannot be read (or
/// is longer than `INPUT_LIMIT`), `Ok(Err(message))` for a syntax error.
fn load(path: Option<&OsStr>, stdin: &mut dyn Read) -> Result<Result<GameFile, String>, UsageError> {
    let (name, bytes) = match path {
        Some(path) => {
            let name = path.to_string_lossy().into_owned();
            let bytes = std::fs::File::open(path)
                .map_err(InputError::Io)
                .and_then(|file| limits::all(&mut io::BufReader::new(file), INPUT_LIMIT));
            (name, bytes)
        }
        None => ("standard input".to_string(), limits::all(&mut io::BufReader::new(stdin), INPUT_LIMIT)),
    };
    let bytes = bytes.map_err(|e| match e {
        InputError::Io(e) => UsageError::CannotRead(name, e),
        InputError::TooLong { limit } => UsageError::TooLong(name, limit),
    })?;
    Ok(read_file(&bytes).map_err(|e| e.to_string()))
}

fn usage(stderr: &mut dyn Write, program: &str, error: &dyn fmt::Display, usage: &str) -> i32 {
    let _ = writeln!(stderr, "{program}: {error}\n{usage}");
    1
}

fn fail(stderr: &mut dyn Write, message: &str) -> i32 {
    let _ = writeln!(stderr, "{message}");
    1
}

fn finish(stdout: &mut dyn Write, text: &[u8]) -> i32 {
    match stdout.write_all(text).and_then(|()| stdout.flush()) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}
