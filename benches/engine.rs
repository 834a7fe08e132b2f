//! The engine's speed natively on the benchmark positions
//! (`tests/data/engine/positions.txt`): nodes a second, and the time of the
//! proposed budgets (the suggestion's and one report position's), next to
//! Stockfish searching the same number of nodes over UCI in the same run
//! (skipped when `/usr/games/stockfish` is absent).
//!
//!     cargo bench --bench engine

#[path = "support/peer.rs"]
#[allow(dead_code)] // best_of: this bench times every search once
mod peer;

use analysis_board::chess::engine::{Engine, Limits, REPORT_NODES, SUGGESTION_NODES};
use analysis_board::chess::Position;
use peer::{ms, Stockfish};
use std::time::{Duration, Instant};

fn positions() -> Vec<Position> {
    include_str!("../tests/data/engine/positions.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| Position::from_fen(l.trim()).ok())
        .collect()
}

/// Stockfish's time from `go nodes n` to `bestmove`, and the nodes it searched.
fn stockfish_nodes(sf: &mut Stockfish, fen: &str, nodes: u64) -> Option<(Duration, u64)> {
    sf.send("ucinewgame");
    sf.send(&format!("position fen {fen}"));
    sf.ready()?;
    let t = Instant::now();
    sf.send(&format!("go nodes {nodes}"));
    let lines = sf.wait_for("bestmove")?;
    let elapsed = t.elapsed();
    let searched = lines.iter().rev().find_map(|l| {
        let mut words = l.split_whitespace();
        words.find(|&w| w == "nodes")?;
        words.next()?.parse().ok()
    })?;
    Some((elapsed, searched))
}

fn quantiles(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

fn main() {
    let positions = positions();
    let mut engine = Engine::new();
    let mut sf = Stockfish::start();
    println!("{} positions; load {}", positions.len(), load());
    println!("budget      nodes   median ms   worst ms   our Mnps   depth (median)   stockfish ms (median)   ratio");
    for (name, budget) in [("suggestion", SUGGESTION_NODES), ("report", REPORT_NODES)] {
        let (mut times, mut depths, mut sf_times) = (Vec::new(), Vec::new(), Vec::new());
        let (mut nodes, mut total) = (0u64, Duration::ZERO);
        for pos in &positions {
            let t = Instant::now();
            let r = engine.search(pos, &[], &Limits::nodes(budget), &mut |_| {});
            let elapsed = t.elapsed();
            if let Some(r) = r {
                nodes += r.nodes;
                depths.push(r.depth as f64);
            }
            total += elapsed;
            times.push(ms(elapsed));
            if let Some((d, _)) = sf.as_mut().and_then(|sf| stockfish_nodes(sf, &pos.fen(), budget)) {
                sf_times.push(ms(d));
            }
        }
        let (median, worst) = quantiles(times);
        let (depth, _) = quantiles(depths);
        let mnps = nodes as f64 / total.as_secs_f64() / 1e6;
        let (sf_median, ratio) = if sf_times.is_empty() {
            ("-".to_string(), "-".to_string())
        } else {
            let (m, _) = quantiles(sf_times);
            (format!("{m:.1}"), format!("{:.2}x", median / m))
        };
        println!(
            "{name:<10} {budget:>7} {median:>11.1} {worst:>10.1} {mnps:>10.2} {depth:>16} {sf_median:>23} {ratio:>7}"
        );
    }
    println!("(ratio: our median time over Stockfish's for the same node count; load {})", load());
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or("?".into(), |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}
