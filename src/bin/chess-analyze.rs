//! The course's chess analyser: reads one line of moves from standard input
//! and prints the verdict (and, for an unfinished game, a suggested move).
//!
//!     chess-analyze < game.txt
//!     chess-analyze --pgn < game.pgn       the first game of a PGN (lenient)
//!     chess-analyze --report [--pgn]        then one report line per ply
//!     chess-analyze --fen FEN --perft N     leaf count of the move tree
//!     chess-analyze --fen FEN               verdict and suggestion for a position

use analysis_board::chess::analysis::{suggestion, verdict, Ending};
use analysis_board::chess::notation::san::san;
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
                let depth: u32 = depth.parse().map_err(|_| format!("bad depth {depth:?}\n{USAGE}"))?;
                if depth > 12 {
                    return Err(format!("depth {depth} would take years; use 12 or less"));
                }
                perft = Some(depth);
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
                Some(depth) => Ok(format!("{}\n", pos.perft(depth))),
                None => Ok(position_verdict(&pos)),
            }
        }
        (None, Some(_)) => Err(format!("--perft needs --fen\n{USAGE}")),
        (None, None) => {
            let mut input = Vec::new();
            std::io::stdin().read_to_end(&mut input).map_err(|e| format!("cannot read standard input: {e}"))?;
            let text = String::from_utf8_lossy(&input);
            let outcome = analyze(&text, &Options { notation, ..Options::game(GameKind::Chess) });
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
