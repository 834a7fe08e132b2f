//! The course's `rankmoves` program; see `analysis_board::checkers::cli::rankmoves`.
//! (The depth is bounded, `checkers::rank::MAX_DEPTH`, so the default
//! stack is enough for the search's recursion.)

use std::io;

fn main() {
    let args: Vec<_> = std::env::args_os().collect();
    let code = analysis_board::checkers::cli::rankmoves(&args, &mut io::stdin(), &mut io::stdout(), &mut io::stderr());
    std::process::exit(code);
}
