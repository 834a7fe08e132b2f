//! Congo search speed: the course's fail-hard alpha-beta (advanced
//! evaluation at the leaves) at depths 4 and 6 from the course's start
//! position, the full game's start and the positions of `search.txt`;
//! then the page's suggestion at the depths around the chosen one.
//! Run: `cargo bench --bench congo`. Prints tables; asserts nothing.

#[path = "../tests/common/mod.rs"]
mod common;

use analysis_board::congo::search::{Search, SUGGESTION_DEPTH};
use analysis_board::congo::{Position, REDUCED_START_FEN, START_FEN};
use std::time::{Duration, Instant};

fn positions() -> Vec<(String, Position)> {
    let mut list = vec![
        ("course start".to_string(), Position::from_fen(REDUCED_START_FEN).unwrap()),
        ("full start".to_string(), Position::from_fen(START_FEN).unwrap()),
    ];
    let path = common::shared_data().join("congo").join("search.txt");
    let text = std::fs::read_to_string(path).expect("read search.txt");
    let mut seen = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        if !seen.contains(&fields[0]) {
            seen.push(fields[0]);
            list.push((fields[3].to_string(), Position::from_fen(fields[0]).unwrap()));
        }
    }
    list.extend(middlegames());
    // Realistic games: the search against itself at depths 2 and 3, from
    // the full start, sampled every eight plies.
    for self_depth in [2, 3] {
        let mut pos = Position::from_fen(START_FEN).unwrap();
        for ply in 1..=48 {
            match Search::default().best_move(&pos, self_depth) {
                Some((m, _)) => pos = pos.play(&m).unwrap().position,
                None => break,
            }
            if pos.winner().is_some() {
                break;
            }
            if ply % 8 == 0 {
                list.push((format!("game{self_depth}-{ply}"), pos.clone()));
            }
        }
    }
    list
}

/// Full-game positions after 12 to 32 plies of deterministic random play
/// (an LCG picks the moves), for the suggestion's worst cases.
fn middlegames() -> Vec<(String, Position)> {
    let mut state: u64 = 2024;
    let mut next = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut list = Vec::new();
    for (i, plies) in [12, 16, 20, 24, 28, 32].into_iter().enumerate() {
        let mut pos = Position::from_fen(START_FEN).unwrap();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.only_lions_left() {
                break;
            }
            let m = &moves[next() % moves.len()];
            pos = pos.play(m).unwrap().position;
        }
        if pos.winner().is_none() {
            list.push((format!("full mid-{}", i + 1), pos));
        }
    }
    list
}

fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9)
}

fn main() {
    let positions = positions();
    println!("alpha-beta (fail-hard negamax, advanced evaluation), native, one thread");
    println!("{:<14} {:>5} {:>7} {:>12} {:>10} {:>12}", "position", "depth", "value", "nodes", "ms", "nodes/s");
    for depth in [4, 6] {
        let (mut all_nodes, mut all_time) = (0, Duration::ZERO);
        for (name, pos) in &positions {
            let mut search = Search::default();
            let start = Instant::now();
            let value = search.alphabeta(pos, depth, -1_000_000, 1_000_000);
            let time = start.elapsed();
            all_nodes += search.nodes;
            all_time += time;
            println!(
                "{:<14} {:>5} {:>7} {:>12} {:>10.1} {:>12.0}",
                name,
                depth,
                value,
                search.nodes,
                time.as_secs_f64() * 1e3,
                rate(search.nodes, time)
            );
        }
        println!(
            "{:<14} {:>5} {:>7} {:>12} {:>10.1} {:>12.0}",
            "all",
            depth,
            "",
            all_nodes,
            all_time.as_secs_f64() * 1e3,
            rate(all_nodes, all_time)
        );
    }

    println!();
    println!("suggestion (best move at a fixed depth; the page uses depth {SUGGESTION_DEPTH})");
    println!("{:<6} {:>12} {:>12} {:>12}", "depth", "mean ms", "worst ms", "worst at");
    for depth in SUGGESTION_DEPTH - 1..=SUGGESTION_DEPTH + 1 {
        let mut times = Vec::new();
        for (name, pos) in &positions {
            let start = Instant::now();
            let _ = Search::default().best_move(pos, depth);
            times.push((start.elapsed(), name));
        }
        if std::env::var_os("CONGO_BENCH_VERBOSE").is_some() {
            for (time, name) in &times {
                println!("    {name:<14} {:>10.1} ms", time.as_secs_f64() * 1e3);
            }
        }
        let total: Duration = times.iter().map(|t| t.0).sum();
        let worst = times.iter().max_by_key(|t| t.0).unwrap();
        println!(
            "{:<6} {:>12.1} {:>12.1} {:>12}",
            depth,
            total.as_secs_f64() * 1e3 / times.len() as f64,
            worst.0.as_secs_f64() * 1e3,
            worst.1
        );
    }
}
