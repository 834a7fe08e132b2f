//! Perft speed against cozy-chess, in one run: every-leaf (each leaf move
//! played) and bulk-counted (the last ply counted from move sets).
//! Also the time to analyse the handout's game C.1 with all snapshots.
//!
//!     cargo bench --bench perft

use analysis_board::chess::Position;
use std::time::{Duration, Instant};

fn cozy_every_leaf(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|moves| {
        for m in moves {
            let mut child = board.clone();
            child.play_unchecked(m);
            n += if depth == 1 {
                std::hint::black_box(&child);
                1
            } else {
                cozy_every_leaf(&child, depth - 1)
            };
        }
        false
    });
    n
}

fn cozy_bulk(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut n = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            n += moves.len() as u64;
            false
        });
        return n;
    }
    board.generate_moves(|moves| {
        for m in moves {
            let mut child = board.clone();
            child.play_unchecked(m);
            n += cozy_bulk(&child, depth - 1);
        }
        false
    });
    n
}

/// Runs `f` until at least `min` has passed; returns nodes and the best
/// (shortest) single-run time, which is the least disturbed by other load.
fn measure(min: Duration, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    let start = Instant::now();
    while start.elapsed() < min || best == Duration::MAX {
        let t = Instant::now();
        nodes = std::hint::black_box(f());
        best = best.min(t.elapsed());
    }
    (nodes, best)
}

fn mnps(nodes: u64, d: Duration) -> f64 {
    nodes as f64 / d.as_secs_f64() / 1e6
}

fn main() {
    analysis_board::chess::attacks::init();
    let cases = [
        ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5),
        ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ];
    let min = Duration::from_secs(3);
    println!("{:<10} {:<11} {:>12} {:>10} {:>10} {:>7}", "position", "mode", "nodes", "ours M/s", "cozy M/s", "ratio");
    for (name, fen, depth) in cases {
        let ours = Position::from_fen(fen).unwrap();
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        for mode in ["every-leaf", "bulk"] {
            let (n1, t1) = match mode {
                "bulk" => measure(min, || ours.perft(depth)),
                _ => measure(min, || ours.perft_every_leaf(depth)),
            };
            let (n2, t2) = match mode {
                "bulk" => measure(min, || cozy_bulk(&cozy, depth)),
                _ => measure(min, || cozy_every_leaf(&cozy, depth)),
            };
            assert_eq!(n1, n2, "{name} {mode}: node counts differ");
            let (a, b) = (mnps(n1, t1), mnps(n2, t2));
            println!("{:<10} {:<11} {:>12} {:>10.1} {:>10.1} {:>7.2}", name, mode, n1, a, b, a / b);
        }
    }

    // Analysing the handout's game C.1 (104 plies), every snapshot included.
    let games = include_str!("../tests/data/course-appendix-games.tsv");
    let c1 = games.lines().find(|l| l.starts_with("C.1 (as printed")).and_then(|l| l.split('\t').nth(1)).unwrap();
    let options = analysis_board::Options { suggest: false, ..Default::default() };
    let (plies, best) = measure(Duration::from_secs(2), || analysis_board::analyze(c1, &options).plies.len() as u64);
    println!("analyse game C.1 ({plies} plies, all snapshots): {:.1} us", best.as_secs_f64() * 1e6);
}
