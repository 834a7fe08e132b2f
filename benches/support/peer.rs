//! What the benches share: the best of several runs, and Stockfish over UCI
//! (one thread; skipped when it is not installed), run in the same process
//! as our code so that the figures compare.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// The shortest of `runs` runs of `f` (the least disturbed by other load),
/// after one run to warm up; and what the last run returned.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = f();
    for _ in 0..runs {
        let t = Instant::now();
        out = std::hint::black_box(f());
        best = best.min(t.elapsed());
    }
    (out, best)
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Debian's Stockfish over UCI, with one thread and a 16 MB table.
pub struct Stockfish {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Stockfish {
    pub fn start() -> Option<Stockfish> {
        let mut child = Command::new("/usr/games/stockfish")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut sf = Stockfish { child, input, output };
        sf.send("uci");
        sf.wait_for("uciok")?;
        sf.send("setoption name Threads value 1");
        sf.send("setoption name Hash value 16");
        sf.ready()?;
        Some(sf)
    }

    pub fn send(&mut self, line: &str) {
        let _ = writeln!(self.input, "{line}");
        let _ = self.input.flush();
    }

    /// Reads lines until one starts with `prefix`; returns the lines read.
    pub fn wait_for(&mut self, prefix: &str) -> Option<Vec<String>> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return Some(lines);
            }
        }
    }

    pub fn ready(&mut self) -> Option<()> {
        self.send("isready");
        self.wait_for("readyok").map(|_| ())
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}
