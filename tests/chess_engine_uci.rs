//! The UCI program driven through its standard input and output, as a GUI
//! or a match runner drives it.
#![cfg(feature = "engine")]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Program {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Program {
    fn start() -> Program {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chess-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the program starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Program { child, input, output }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the program reads");
        self.input.flush().expect("flush");
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("the program writes");
            assert!(n > 0, "the output ended before {prefix:?}: {lines:?}");
            let line = line.trim_end().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("the program ends");
        assert!(status.success(), "{status}");
    }
}

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("a line");
    last.strip_prefix("bestmove ").expect("bestmove").split_whitespace().next().expect("a move").to_string()
}

#[test]
fn introduces_itself() {
    let mut p = Program::start();
    p.send("uci");
    let lines = p.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name Hash type spin")), "{lines:?}");
    p.send("isready");
    p.until("readyok");
    p.quit();
}

#[test]
fn searches_to_a_depth_and_reports_each_iteration() {
    let mut p = Program::start();
    p.send("ucinewgame");
    p.send("position startpos moves e2e4 e7e5 g1f3");
    p.send("go depth 5");
    let lines = p.until("bestmove");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 5, "{lines:?}");
    for info in &infos {
        for word in [" score ", " nodes ", " pv "] {
            assert!(info.contains(word), "{info}");
        }
    }
    // Black to move: its best move is one of its legal moves.
    let pos =
        analysis_board::chess::Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
            .expect("fen");
    let m = bestmove(&lines);
    assert!(pos.legal_moves().iter().any(|l| l.uci() == m), "{m}");
    p.quit();
}

#[test]
fn finds_a_mate_and_says_so() {
    let mut p = Program::start();
    p.send("position fen 6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1");
    p.send("go nodes 100000");
    let lines = p.until("bestmove");
    assert_eq!(bestmove(&lines), "g2g1");
    assert!(lines.iter().any(|l| l.contains("score mate 2")), "{lines:?}");
    p.quit();
}

#[test]
fn plays_the_moves_given() {
    // After 1. f3 e5 2. g4, black mates at once.
    let mut p = Program::start();
    p.send("position startpos moves f2f3 e7e5 g2g4");
    p.send("go depth 3");
    let lines = p.until("bestmove");
    assert_eq!(bestmove(&lines), "d8h4");
    p.quit();
}

#[test]
fn stops_when_told() {
    let mut p = Program::start();
    p.send("position startpos");
    p.send("go infinite");
    p.send("isready");
    p.until("readyok");
    p.send("stop");
    let lines = p.until("bestmove");
    assert_eq!(bestmove(&lines).len(), 4);
    p.quit();
}

#[test]
fn keeps_to_the_clock() {
    let mut p = Program::start();
    p.send("position startpos");
    let started = std::time::Instant::now();
    p.send("go wtime 2000 btime 2000 winc 0 binc 0");
    p.until("bestmove");
    // Its share of two seconds, not the whole (a loose bound: the machine
    // may be busy; this only catches a search that ignores the clock).
    assert!(started.elapsed() < std::time::Duration::from_millis(1500), "{:?}", started.elapsed());
    p.send("go movetime 100");
    p.until("bestmove");
    p.quit();
}

#[test]
fn a_position_without_moves_gets_a_null_move() {
    let mut p = Program::start();
    p.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    p.send("go depth 3");
    assert_eq!(bestmove(&p.until("bestmove")), "0000");
    p.quit();
}

#[test]
fn bad_lines_get_a_reason_and_the_program_goes_on() {
    let mut p = Program::start();
    let bad = [
        ("position fen 8/8/8/8 w - - 0 1", "position fen"),
        ("position startpos moves e2e4 e7e5 e4e5", "move 3 (e4e5) is not legal"),
        ("position sideways", "startpos or fen"),
        ("go depth many", "not a number"),
        ("go nodes", "needs a number"),
        ("go sometimes 3", "unknown word"),
        ("setoption name Hash value 0", "not a size"),
        ("setoption name Contempt value 3", "unknown option"),
        ("fly", "unknown command"),
    ];
    for (line, reason) in bad {
        p.send(line);
        p.send("isready");
        let lines = p.until("readyok");
        assert!(lines.iter().any(|l| l.starts_with("info string") && l.contains(reason)), "{line}: {lines:?}");
    }
    // A bad position leaves the last good one in place.
    p.send("position startpos moves f2f3 e7e5 g2g4");
    p.send("position startpos moves f2f3 e7e5 g2g5");
    p.send("setoption name Hash value 2");
    p.send("go depth 3");
    assert_eq!(bestmove(&p.until("bestmove")), "d8h4");
    p.quit();
}
