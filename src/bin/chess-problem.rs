//! `chess-problem`: reads a grid chess problem on standard input and prints
//! its answer (`shared/spec/grid-problems.md`). Bad input: one line on
//! standard error, nothing on standard output, exit status 2.

use analysis_board::grid::Problem;
use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        let _ = writeln!(std::io::stderr(), "chess-problem: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    // Bytes that are not UTF-8 become U+FFFD, which no line accepts, so
    // they are reported on their own line like any unknown character.
    let text = String::from_utf8_lossy(&bytes);
    match Problem::parse(&text) {
        Ok(problem) => match std::io::stdout().lock().write_all(problem.solve().output().as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "chess-problem: {error}");
            ExitCode::from(2)
        }
    }
}
