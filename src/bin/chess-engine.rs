//! The engine as a UCI program, for chess GUIs and matches:
//!
//!     chess-engine        then UCI commands on standard input
//!
//! Understood: `uci`, `isready`, `ucinewgame`, `setoption name Hash value N`,
//! `position startpos|fen FEN [moves ...]`, `go` with `depth`, `nodes`,
//! `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo` or `infinite`,
//! `stop` and `quit`. The search runs on its own thread, so `stop`, `isready`
//! and `quit` are read while it thinks. A line it cannot use gets an
//! `info string` saying why; nothing in the input makes it panic.

use analysis_board::chess::engine::{Engine, Info, Limits, Score, SearchResult, DEFAULT_HASH_MIB, MAX_HASH_MIB};
use analysis_board::chess::{Move, Position};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const NAME: &str = "analysis-board engine";
/// Kept back from the clock for the time it takes to answer (the stop is
/// asked every few hundred nodes: well under a millisecond unloaded).
const OVERHEAD: Duration = Duration::from_millis(10);

/// Writes one line to standard output at once (the search thread writes too).
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // A closed pipe is not worth a panic.
    let _ = writeln!(out, "{line}").and_then(|_| out.flush());
}

/// What `go` asked for.
#[derive(Default, Debug)]
struct Go {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    wtime: Option<u64>,
    btime: Option<u64>,
    winc: Option<u64>,
    binc: Option<u64>,
    movestogo: Option<u64>,
    infinite: bool,
}

fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        if word == "infinite" {
            go.infinite = true;
            i += 1;
            continue;
        }
        if word == "ponder" {
            i += 1;
            continue;
        }
        let value = words.get(i + 1).ok_or(format!("go {word} needs a number"))?;
        let n: u64 = value.parse().map_err(|_| format!("go {word}: {value:?} is not a number"))?;
        match word {
            "depth" => go.depth = Some(n.min(u32::MAX as u64) as u32),
            "nodes" => go.nodes = Some(n),
            "movetime" => go.movetime = Some(n),
            "wtime" => go.wtime = Some(n),
            "btime" => go.btime = Some(n),
            "winc" => go.winc = Some(n),
            "binc" => go.binc = Some(n),
            "movestogo" => go.movestogo = Some(n),
            "mate" => go.depth = Some((2 * n.min(64) as u32).max(1)),
            _ => return Err(format!("go: unknown word {word:?}")),
        }
        i += 2;
    }
    Ok(go)
}

/// How long to think, if the clock is what limits.
fn think_time(go: &Go, pos: &Position) -> Option<Duration> {
    if let Some(ms) = go.movetime {
        return Some(Duration::from_millis(ms).saturating_sub(OVERHEAD).max(Duration::from_millis(1)));
    }
    let (time, inc) = pos.turn().fold((go.wtime, go.winc), (go.btime, go.binc));
    let time = Duration::from_millis(time?);
    let inc = Duration::from_millis(inc.unwrap_or(0));
    let moves = go.movestogo.unwrap_or(30).clamp(1, 50) as u32;
    let share = time / moves + inc * 3 / 4;
    // Never more than half of what is left.
    Some(share.min(time / 2).saturating_sub(OVERHEAD).max(Duration::from_millis(1)))
}

/// Parses `position startpos|fen FEN [moves ...]`: the position and the
/// hashes of the positions before it, oldest first.
fn parse_position(words: &[&str]) -> Result<(Position, Vec<u64>), String> {
    let (mut pos, rest) = match words.first() {
        Some(&"startpos") => (Position::start(), &words[1..]),
        Some(&"fen") => {
            let end = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
            let fen = words[1..end].join(" ");
            let pos = Position::from_fen(&fen).map_err(|e| format!("position fen {fen}: {e}"))?;
            (pos, &words[end..])
        }
        _ => return Err("position needs startpos or fen".to_string()),
    };
    let mut history = Vec::new();
    match rest.first() {
        None => {}
        Some(&"moves") => {
            for (i, text) in rest[1..].iter().enumerate() {
                let m = pos.legal_moves().iter().copied().find(|m| m.uci() == *text).ok_or(format!(
                    "position: move {} ({text}) is not legal in {}",
                    i + 1,
                    pos.fen()
                ))?;
                history.push(pos.hash());
                pos = pos.after(m);
            }
        }
        Some(other) => return Err(format!("position: expected moves, found {other:?}")),
    }
    Ok((pos, history))
}

fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

fn line_text(pv: &[Move]) -> String {
    pv.iter().map(|m| m.uci()).collect::<Vec<_>>().join(" ")
}

/// The program's state between commands.
struct Uci {
    engine: Arc<Mutex<Engine>>,
    position: Position,
    history: Vec<u64>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
}

impl Uci {
    fn new() -> Uci {
        Uci {
            engine: Arc::new(Mutex::new(Engine::with_hash_mib(DEFAULT_HASH_MIB))),
            position: Position::start(),
            history: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
        }
    }

    /// Ends the search under way, if any, once it has said its move.
    fn finish_search(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    /// Handles one line; false when it is time to quit.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else { return true };
        match first {
            "uci" => {
                say(&format!("id name {NAME}"));
                say("id author the analysis-board authors");
                say(&format!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"));
                say("uciok");
            }
            "isready" => say("readyok"),
            "ucinewgame" => {
                self.finish_search();
                if let Ok(mut engine) = self.engine.lock() {
                    engine.clear();
                }
            }
            "setoption" => {
                self.finish_search();
                self.set_option(rest);
            }
            "position" => {
                self.finish_search();
                match parse_position(rest) {
                    Ok((pos, history)) => (self.position, self.history) = (pos, history),
                    Err(e) => say(&format!("info string {e}")),
                }
            }
            "go" => {
                self.finish_search();
                match parse_go(rest) {
                    Ok(go) => self.go(go),
                    Err(e) => say(&format!("info string {e}")),
                }
            }
            "stop" => self.finish_search(),
            "quit" => {
                self.finish_search();
                return false;
            }
            _ => say(&format!("info string unknown command {first:?}")),
        }
        true
    }

    fn set_option(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return say("info string setoption: expected name");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        if !name.eq_ignore_ascii_case("hash") {
            return say(&format!("info string setoption: unknown option {name:?}"));
        }
        match value.parse::<usize>() {
            Ok(mib) if (1..=MAX_HASH_MIB).contains(&mib) => {
                if let Ok(mut engine) = self.engine.lock() {
                    *engine = Engine::with_hash_mib(mib);
                }
            }
            _ => say(&format!("info string setoption Hash: {value:?} is not a size from 1 to {MAX_HASH_MIB} MiB")),
        }
    }

    fn go(&mut self, go: Go) {
        self.stop.store(false, Ordering::SeqCst);
        let (engine, stop) = (Arc::clone(&self.engine), Arc::clone(&self.stop));
        let (pos, history) = (self.position, self.history.clone());
        self.search = Some(std::thread::spawn(move || {
            let started = Instant::now();
            let think = think_time(&go, &pos);
            let should_stop = || stop.load(Ordering::SeqCst) || think.is_some_and(|t| started.elapsed() >= t);
            let limits = Limits { nodes: go.nodes, depth: go.depth, stop: Some(&should_stop) };
            let mut report = |info: &Info| {
                let ms = started.elapsed().as_millis().max(1);
                say(&format!(
                    "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
                    info.depth,
                    info.seldepth,
                    score_text(info.score),
                    info.nodes,
                    info.nodes as u128 * 1000 / ms,
                    ms,
                    line_text(&info.pv)
                ))
            };
            let result: Option<SearchResult> = match engine.lock() {
                // The table is kept from move to move (`ucinewgame` clears it).
                Ok(mut engine) => engine.search_keeping_tables(&pos, &history, &limits, &mut report),
                Err(_) => None,
            };
            // `infinite` waits for `stop` before answering, as UCI asks.
            while go.infinite && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(2));
            }
            match result {
                Some(r) => say(&format!("bestmove {}", r.best.uci())),
                None => say("bestmove 0000"),
            }
        }));
    }
}

fn main() {
    let mut uci = Uci::new();
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if !uci.command(&line) {
            return;
        }
    }
    uci.finish_search();
}
