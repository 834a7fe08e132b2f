//! The course's `rankmoves` program; see `analysis_board::checkers::cli::rankmoves`.

use std::io;

/// The search recurses once per move of lookahead; a large stack lets a
/// deep `-d` run as long as the user cares to wait instead of overflowing.
const STACK: usize = 512 << 20;

fn main() {
    let args: Vec<_> = std::env::args_os().collect();
    let run =
        move || analysis_board::checkers::cli::rankmoves(&args, &mut io::stdin(), &mut io::stdout(), &mut io::stderr());
    let code = match std::thread::Builder::new().stack_size(STACK).spawn(run) {
        Ok(handle) => handle.join().unwrap_or(1),
        Err(_) => 1,
    };
    std::process::exit(code);
}
