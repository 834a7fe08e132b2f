//! The course's chess analyser: reads one line of moves from standard input
//! and prints the verdict (and, for an unfinished game, a suggested move).
//!
//!     chess-analyze < game.txt
//!     chess-analyze --pgn < game.pgn       the first game of a PGN (lenient)
//!     chess-analyze --report [--pgn]        then one report line per ply
//!     chess-analyze --fen FEN --perft N     leaf count of the move tree
//!     chess-analyze --fen FEN               verdict and suggestion for a position

use analysis_board::chess::analysis::analyze_deferred;
use analysis_board::chess::notation::pgn;
use analysis_board::chess::plies::{suggestion, verdict, DeferredLine, Ending};
use analysis_board::chess::report::GameReport;
use analysis_board::chess::Position;
use analysis_board::limits::{self, InputError};
use analysis_board::outcome::Status;
use analysis_board::report::MAX_REPORT_PLIES;
use analysis_board::NotationChoice;
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: chess-analyze [--report] < moves.txt
       chess-analyze [--report] --pgn < game.pgn
       chess-analyze --fen FEN [--perft DEPTH]";

/// The most of standard input read: the course line, or the first game
/// of a PGN (a game has a few kilobytes; a line of a million bytes is
/// 250,000 plies, analysed in about a second in 100 MB).
const INPUT_LIMIT: usize = 1 << 20;

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // Output that cannot be written (a full disk, a closed pipe)
            // fails the run, as the other programs do, without a panic.
            match stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Err(message) => {
            say(&message);
            ExitCode::from(2)
        }
    }
}

/// A line on standard error (nothing, not a panic, if that fails too).
fn say(message: &str) {
    let _ = writeln!(std::io::stderr(), "chess-analyze: {message}");
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
            let input = read_input(notation)?;
            let text = String::from_utf8_lossy(limits::without_bom(&input));
            // The moves are kept, not their snapshots: nothing here shows them.
            let (outcome, line) = analyze_deferred(&text, notation, 0, true);
            // A PGN syntax error's one character rarely says why (a variation
            // nested too deep is refused at its `(`): the reason goes to
            // standard error. The course notation keeps standard error empty.
            if let (NotationChoice::Pgn, Status::ParseError, Some(e)) = (notation, outcome.status, &outcome.error) {
                say(&format!("{}: {}", outcome.message, e.reason));
            }
            let mut out = format!("{}\n", outcome.message);
            if outcome.status == Status::Incomplete {
                if let Some(s) = &outcome.suggestion {
                    out.push_str(&s.line);
                    out.push('\n');
                }
            }
            if report {
                out.push_str(&report_lines(line));
            }
            Ok(out)
        }
    }
}

/// What of standard input the notation reads: the first line of the
/// course notation (what follows it is never waited for), or a PGN up to
/// the end of its first game (the games after it are not read).
fn read_input(notation: NotationChoice) -> Result<Vec<u8>, String> {
    let stdin = &mut std::io::stdin().lock();
    let (read, what) = match notation {
        NotationChoice::Pgn => {
            (limits::until(stdin, INPUT_LIMIT, &first_game_read), "the first game of standard input")
        }
        _ => (limits::first_line(stdin, INPUT_LIMIT), "the first line of standard input"),
    };
    read.map_err(|e| match e {
        InputError::Io(e) => format!("cannot read standard input: {e}"),
        InputError::TooLong { .. } => format!("{what} {e}"),
    })
}

/// Whether `bytes`, the start of a PGN text, hold its whole first game:
/// a second game begins before their last line (the part line, which may
/// hold half a word, is left out).
fn first_game_read(bytes: &[u8]) -> bool {
    let whole_lines = bytes.iter().rposition(|&b| b == b'\n').map_or(&bytes[..0], |end| &bytes[..end]);
    pgn::read_games(&String::from_utf8_lossy(whole_lines)).nth(1).is_some()
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
        limits::duration(seconds),
        PERFT_LEAVES_PER_SECOND / 1e6
    ))
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
/// `PLY\tSAN\tEVAL\tMARK\tFACTS`, up to the first error and at most
/// `MAX_REPORT_PLIES` (standard error says where a longer game stops).
fn report_lines(line: DeferredLine) -> String {
    let mut moves: Vec<_> = line.plies.iter().map(|ply| ply.m).collect();
    if moves.len() > MAX_REPORT_PLIES {
        say(&format!(
            "the report stops at ply {MAX_REPORT_PLIES} of {}: at most {MAX_REPORT_PLIES} plies are reported",
            moves.len()
        ));
        moves.truncate(MAX_REPORT_PLIES);
    }
    let mut out = String::new();
    for (i, ply) in GameReport::new(line.start, moves).enumerate() {
        out.push_str(&format!("{}\t{}\n", i + 1, ply.columns()));
    }
    out
}
