//! The course's chess analyser: reads one line of moves from standard input
//! and prints the verdict (and, for an unfinished game, a suggested move).
//!
//!     chess-analyze < game.txt
//!     chess-analyze --pgn < game.pgn       the first game of a PGN (lenient)
//!     chess-analyze --report [--pgn]        then one report line per ply
//!     chess-analyze --fen FEN --perft N     leaf count of the move tree
//!     chess-analyze --fen FEN               verdict and suggestion for a position

use analysis_board::chess::notation::san::san;
use analysis_board::chess::plies::{suggestion, verdict, Ending};
use analysis_board::chess::report::GameReport;
use analysis_board::chess::Position;
use analysis_board::outcome::{Outcome, Status};
use analysis_board::{analyze, GameKind, NotationChoice, Options};
use std::io::{Read, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: chess-analyze [--report] < moves.txt
       chess-analyze [--report] --pgn < game.pgn
       chess-analyze --fen FEN [--perft DEPTH]";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe is not worth a panic.
            let _ = stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("chess-analyze: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<String, String> {
    let mut fen = None;
    let mut perft = None;
    // The strict course notation unless asked for PGN: the program's
    // output is the course's contract.
    let mut notation = NotationChoice::Course;
    let mut report = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--fen" => fen = Some(args.next().ok_or(format!("--fen needs a FEN\n{USAGE}"))?),
            "--perft" => {
                let depth = args.next().ok_or(format!("--perft needs a depth\n{USAGE}"))?;
                if depth.is_empty() || !depth.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!("bad depth {depth:?}: a number of plies\n{USAGE}"));
                }
                match depth.parse::<u32>() {
                    Ok(d) if d <= MAX_PERFT_DEPTH => perft = Some(d),
                    _ => {
                        return Err(format!(
                            "--perft {depth} is too deep; the limit is {MAX_PERFT_DEPTH} (and {PERFT_LIMIT})"
                        ))
                    }
                }
            }
            "--pgn" => notation = NotationChoice::Pgn,
            "--report" => report = true,
            "-h" | "--help" => return Ok(format!("{USAGE}\n")),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    match (fen, perft) {
        (Some(_), _) if notation == NotationChoice::Pgn || report => {
            Err(format!("--pgn and --report read a game from standard input, not --fen\n{USAGE}"))
        }
        (Some(fen), perft) => {
            let pos = Position::from_fen(&fen).map_err(|e| e.to_string())?;
            match perft {
                Some(depth) => {
                    refuse_slow_perft(&pos, depth)?;
                    Ok(format!("{}\n", pos.perft(depth)))
                }
                None => Ok(position_verdict(&pos)),
            }
        }
        (None, Some(_)) => Err(format!("--perft needs --fen\n{USAGE}")),
        (None, None) => {
            let mut input = Vec::new();
            std::io::stdin().read_to_end(&mut input).map_err(|e| format!("cannot read standard input: {e}"))?;
            let text = String::from_utf8_lossy(&input);
            let outcome = analyze(&text, &Options { notation, ..Options::game(GameKind::Chess) });
            // A PGN syntax error's one character rarely says why (a variation
            // nested too deep is refused at its `(`): the reason goes to
            // standard error. The course notation keeps standard error empty.
            if let (NotationChoice::Pgn, Status::ParseError, Some(e)) = (notation, outcome.status, &outcome.error) {
                eprintln!("chess-analyze: {}: {}", outcome.message, e.reason);
            }
            let mut out = format!("{}\n", outcome.message);
            if outcome.status == Status::Incomplete {
                if let Some(s) = &outcome.suggestion {
                    out.push_str(&s.line);
                    out.push('\n');
                }
            }
            if report {
                out.push_str(&report_lines(&outcome));
            }
            Ok(out)
        }
    }
}

/// Deeper than this, no position's count finishes (bare kings already
/// give 8^20 leaves); it also bounds the recursion.
const MAX_PERFT_DEPTH: u32 = 20;

/// Leaves counted per second by `--perft`, measured on the 2-core
/// development machine under load (start position depth 7: 3.2e9 leaves
/// in 19 s; quiet, `cargo bench --bench perft` gives 400-530 million).
const PERFT_LEAVES_PER_SECOND: f64 = 170e6;

/// The longest count accepted: "finishes in minutes".
const PERFT_MAX_SECONDS: f64 = 600.0;

const PERFT_LIMIT: &str = "counts estimated to take more than about 10 minutes are refused";

/// Refuses a count that cannot finish in minutes, saying how long it
/// would take: an estimate from the position's own growth
/// (`Position::perft_estimate`) at the measured speed.
fn refuse_slow_perft(pos: &Position, depth: u32) -> Result<(), String> {
    let leaves = pos.perft_estimate(depth) as f64;
    let seconds = leaves / PERFT_LEAVES_PER_SECOND;
    if seconds <= PERFT_MAX_SECONDS {
        return Ok(());
    }
    Err(format!(
        "--perft {depth} would take {}: about {leaves:.1e} leaves at the {:.0} million a second measured on \
         the development machine; {PERFT_LIMIT}",
        duration(seconds),
        PERFT_LEAVES_PER_SECOND / 1e6
    ))
}

/// A long time in the largest unit that fits (`about 3 hours`).
fn duration(seconds: f64) -> String {
    let units = [("years", 365.25 * 86400.0), ("days", 86400.0), ("hours", 3600.0), ("minutes", 60.0)];
    match units.iter().find(|(_, size)| seconds >= 2.0 * size) {
        Some((name, size)) if seconds / size < 1e6 => format!("about {:.0} {name}", seconds / size),
        Some((name, size)) => format!("about {:.0e} {name}", seconds / size),
        None => format!("about {seconds:.0} seconds"),
    }
}

fn position_verdict(pos: &Position) -> String {
    let ending = Ending::of(pos);
    let (_, _, message) = verdict(pos, ending);
    let mut out = format!("{message}\n");
    if let Some(s) = suggestion(pos) {
        out.push_str(&s.line);
        out.push('\n');
    }
    out
}

/// The game report (`--report`): one line per legal ply of the main line,
/// `PLY\tSAN\tEVAL\tMARK\tFACTS`, up to the first error.
fn report_lines(outcome: &Outcome) -> String {
    // The plies as the analysis read them, turned back into moves.
    let Ok(start) = Position::from_fen(&outcome.initial.fen) else { return String::new() };
    let mut pos = start;
    let mut moves = Vec::new();
    for ply in &outcome.plies {
        let Some(m) = pos.legal_moves().iter().copied().find(|&m| san(&pos, m) == ply.notation) else { break };
        moves.push(m);
        pos = pos.after(m);
    }
    let mut out = String::new();
    for (i, ply) in GameReport::new(start, moves).enumerate() {
        out.push_str(&format!("{}\t{}\n", i + 1, ply.columns()));
    }
    out
}
