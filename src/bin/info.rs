//! The course's `info` program; see `analysis_board::checkers::cli::info`.

use std::io;

fn main() {
    let args: Vec<_> = std::env::args_os().collect();
    let code = analysis_board::checkers::cli::info(&args, &mut io::stdin(), &mut io::stdout(), &mut io::stderr());
    std::process::exit(code);
}
