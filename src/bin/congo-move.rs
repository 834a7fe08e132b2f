//! `congo-move`: the course's Congo move-execution program, plus its
//! search checks. All the work is in `analysis_board::congo::program`.

use analysis_board::congo::program::{self, Command, USAGE};
use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    let mode = match Command::from_args(&args) {
        Ok(Command::Run(mode)) => mode,
        Ok(Command::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprint!("congo-move: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("congo-move: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let report = program::run(mode, &input);
    let written = std::io::stdout().lock().write_all(report.output.as_bytes());
    let mut stderr = std::io::stderr().lock();
    for line in &report.errors {
        let _ = writeln!(stderr, "{line}");
    }
    if written.is_err() || !report.errors.is_empty() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
