//! The suggested move on the search suite (`tests/data/search/suite.txt`),
//! natively: per kind of position the median and the worst time of
//! `suggest`, and for the positions with a mate the time of `mate_in`
//! next to Stockfish's `go mate N` (run over UCI in the same run; skipped
//! when `/usr/games/stockfish` is absent).
//!
//!     cargo bench --bench search

#[path = "support/peer.rs"]
mod peer;

use analysis_board::chess::search::Reason;
use analysis_board::chess::search::Searcher;
use analysis_board::chess::Position;
use peer::{ms, Stockfish};
use std::time::{Duration, Instant};

const RUNS: usize = 5;

/// Stockfish's time from `go mate n` to `bestmove`, and the mate length it reported.
fn go_mate(sf: &mut Stockfish, fen: &str, n: u32) -> Option<(Duration, Option<i32>)> {
    sf.send("ucinewgame");
    sf.send(&format!("position fen {fen}"));
    sf.ready()?;
    let t = Instant::now();
    sf.send(&format!("go mate {n}"));
    let lines = sf.wait_for("bestmove")?;
    let elapsed = t.elapsed();
    let mate = lines.iter().rev().find_map(|l| {
        let mut words = l.split_whitespace();
        while let Some(w) = words.next() {
            if w == "mate" {
                return words.next()?.parse().ok();
            }
        }
        None
    });
    Some((elapsed, mate))
}

fn best_of<T>(f: impl FnMut() -> T) -> (T, Duration) {
    peer::best_of(RUNS, f)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        0.0
    } else {
        v[v.len() / 2]
    }
}

fn main() {
    analysis_board::chess::attacks::init();
    let suite = include_str!("../tests/data/search/suite.txt");
    let cases: Vec<(String, String, String)> = suite
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            Some((f.first()?.to_string(), f.get(1)?.to_string(), f.get(6)?.to_string()))
        })
        .collect();
    let mut searcher = Searcher::new();
    let mut stockfish = Stockfish::start();
    if stockfish.is_none() {
        println!("stockfish not found at /usr/games/stockfish: comparison skipped");
    }

    let kinds = ["mate1", "mate2", "mate3", "defend", "lost", "threat", "quiet"];
    let mut all: Vec<(f64, String, String)> = Vec::new();
    println!("suggest (native, best of {RUNS} runs per position)");
    println!("{:<8} {:>5} {:>10} {:>10} {:>14}", "kind", "count", "median ms", "max ms", "strategy depth");
    for kind in kinds {
        let mut times = Vec::new();
        let mut depths = Vec::new();
        for (fen, k, source) in cases.iter().filter(|c| c.1 == kind) {
            let Ok(pos) = Position::from_fen(fen) else { continue };
            let (found, t) = best_of(|| searcher.suggest(&pos));
            if found.is_some_and(|f| f.reason != Reason::Mate) && pos.legal_moves().len() > 1 {
                depths.push(f64::from(searcher.strategy_depth()));
            }
            times.push(ms(t));
            all.push((ms(t), fen.clone(), format!("{k}, {source}")));
        }
        if !times.is_empty() {
            let max = times.iter().copied().fold(0.0, f64::max);
            let depth = if depths.is_empty() { "-".to_string() } else { format!("{}", median(depths)) };
            println!("{:<8} {:>5} {:>10.3} {:>10.3} {:>14}", kind, times.len(), median(times), max, depth);
        }
    }
    let every: Vec<f64> = all.iter().map(|a| a.0).collect();
    println!(
        "{:<8} {:>5} {:>10.3} {:>10.3}",
        "all",
        every.len(),
        median(every.clone()),
        every.iter().copied().fold(0.0, f64::max)
    );
    all.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("\nslowest suggestions");
    for (t, fen, what) in all.iter().take(5) {
        println!("{t:>9.3} ms  {fen}  ({what})");
    }

    println!("\nmate_in(pos, N) against stockfish `go mate N` (best of {RUNS} runs each)");
    println!("(ratio: ours / stockfish; `suggest` also finds the mate, through iterative deepening)");
    println!(
        "{:<8} {:>5} {:>12} {:>12} {:>12} {:>10} {:>14}",
        "kind", "count", "ours med ms", "sf med ms", "ratio med", "ratio max", "suggest max r"
    );
    for (kind, n) in [("mate1", 1), ("mate2", 2), ("mate3", 3)] {
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        let mut ratios = Vec::new();
        let mut suggest_ratios = Vec::new();
        for (fen, _, _) in cases.iter().filter(|c| c.1 == kind) {
            let Ok(pos) = Position::from_fen(fen) else { continue };
            let (found, t) = best_of(|| searcher.mate_in(&pos, n));
            assert_eq!(found.map(|(_, k)| k), Some(n), "{fen}");
            let (_, t_suggest) = best_of(|| searcher.suggest(&pos));
            ours.push(ms(t));
            if let Some(sf) = stockfish.as_mut() {
                let mut best = Duration::MAX;
                for _ in 0..RUNS {
                    if let Some((d, mate)) = go_mate(sf, fen, n) {
                        if mate != Some(n as i32) {
                            println!("  stockfish reported mate {mate:?} for {fen}");
                        }
                        best = best.min(d);
                    }
                }
                if best != Duration::MAX {
                    theirs.push(ms(best));
                    ratios.push(ms(t) / ms(best));
                    suggest_ratios.push(ms(t_suggest) / ms(best));
                }
            }
        }
        let max_ratio = ratios.iter().copied().fold(0.0, f64::max);
        let max_suggest = suggest_ratios.iter().copied().fold(0.0, f64::max);
        println!(
            "{:<8} {:>5} {:>12.4} {:>12.4} {:>12.3} {:>10.3} {:>14.3}",
            kind,
            ours.len(),
            median(ours),
            median(theirs),
            median(ratios),
            max_ratio,
            max_suggest
        );
    }
}
