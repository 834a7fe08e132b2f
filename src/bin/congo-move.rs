//! `congo-move`: the course's Congo move-execution program, plus its
//! search checks. All the work is in `analysis_board::congo::program`.

use analysis_board::congo::program::{self, Command, USAGE};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    let mode = match Command::from_args(&args) {
        Ok(Command::Run(mode)) => mode,
        Ok(Command::Help) => return write_out(USAGE),
        Err(e) => {
            let _ = write!(std::io::stderr(), "congo-move: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // Only the lines the cases need are read (`program::run`).
    let report = program::run(mode, &mut std::io::stdin().lock());
    let written = write_out(&report.output);
    let mut stderr = std::io::stderr().lock();
    for line in &report.errors {
        let _ = writeln!(stderr, "{line}");
    }
    match (written, report.errors.is_empty()) {
        (ExitCode::SUCCESS, false) => ExitCode::from(2),
        (written, _) => written,
    }
}

/// Writes standard output: a failure to (a full disk, a closed pipe) is
/// status 1, as for the other programs, not a panic.
fn write_out(text: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
