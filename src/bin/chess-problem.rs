//! `chess-problem`: reads a grid chess problem on standard input and prints
//! its answer (`shared/spec/grid-problems.md`). Bad input: one line on
//! standard error, nothing on standard output, exit status 2.

use analysis_board::grid::Problem;
use analysis_board::limits::{self, InputError};
use std::io::Write;
use std::process::ExitCode;

/// The most of standard input read: a problem is three lines and at most
/// 26 rows of 26 squares, under a kilobyte; blank lines after it are
/// tolerated up to here.
const INPUT_LIMIT: usize = 64 << 10;

fn main() -> ExitCode {
    let bytes = match limits::all(&mut std::io::stdin().lock(), INPUT_LIMIT) {
        Ok(bytes) => bytes,
        Err(e) => {
            let e = match e {
                InputError::TooLong { .. } => format!("{e}: a problem is 3 lines and at most 26 rows of 26 squares"),
                e => e.to_string(),
            };
            let _ = writeln!(std::io::stderr(), "chess-problem: standard input {e}");
            return ExitCode::from(2);
        }
    };
    // Bytes that are not UTF-8 become U+FFFD, which no line accepts, so
    // they are reported on their own line like any unknown character.
    let text = String::from_utf8_lossy(&bytes);
    match Problem::parse(&text) {
        Ok(problem) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(problem.solve().output().as_bytes()).and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "chess-problem: {error}");
            ExitCode::from(2)
        }
    }
}
