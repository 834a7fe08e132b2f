//! The report of the text on standard input as JSON lines, every field the
//! page gets (the measurement scripts of `tools/report/` read it):
//! first `{"start":..,"method":..}`, then one line per ply.
//!
//!     cargo run --release --example report_json < game.pgn

use analysis_board::{analysis::reporter, Options};
use std::io::Read;

fn main() {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("report_json: {e}");
        std::process::exit(1);
    }
    let mut report = match reporter(&text, &Options::default()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("report_json: {}", e.0);
            std::process::exit(1);
        }
    };
    let head = serde_json::json!({ "start": report.start(), "method": report.method() });
    println!("{head}");
    while let Some(ply) = report.next_ply() {
        println!("{}", serde_json::to_string(&ply).unwrap_or_default());
    }
}
