//! The game report, natively, on the course handout's appendix games
//! (`shared/data/course-appendix-games.tsv`, each up to its last legal
//! ply): the time of the whole report per game and per ply, against the
//! issue's target of 5 s for 100 plies, and against a peer run in the
//! same process: Stockfish evaluating every position of the game at the
//! same node budget (`go nodes` `EVAL_NODE_BUDGET` over UCI, one thread;
//! skipped when `/usr/games/stockfish` is absent). Then where the time
//! goes, per position: the mate search for the side to move, the search
//! for a mate against it, and the engine's search.
//!
//!     cargo bench --bench report

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/peer.rs"]
mod peer;

use peer::{ms, Stockfish};

use analysis_board::chess::engine::Limits;
use analysis_board::chess::notation::san::san;
use analysis_board::chess::report::{report_game, EVAL_NODE_BUDGET};
use analysis_board::chess::search::{Searcher, MATE_HORIZON};
use analysis_board::chess::{Move, Position};
use analysis_board::{analyze, Options};
use std::time::{Duration, Instant};

const RUNS: usize = 3;

/// The target: a 100-ply game natively in 5 s or less.
const TARGET_PER_PLY_MS: f64 = 50.0;

/// Stockfish evaluates every position that has a move at `nodes` nodes.
fn evaluate_all(sf: &mut Stockfish, positions: &[Position], nodes: u64) -> Option<Duration> {
    sf.send("ucinewgame");
    sf.ready()?;
    let t = Instant::now();
    for pos in positions.iter().filter(|p| p.has_legal_moves()) {
        sf.send(&format!("position fen {}", pos.fen()));
        sf.send(&format!("go nodes {nodes}"));
        sf.wait_for("bestmove")?;
    }
    Some(t.elapsed())
}

fn best_of<T>(f: impl FnMut() -> T) -> (T, Duration) {
    peer::best_of(RUNS, f)
}

fn main_line(text: &str) -> (Position, Vec<Move>) {
    let outcome = analyze(text, &Options { suggest: false, ..Options::default() });
    let mut pos = Position::from_fen(&outcome.initial.fen).expect("the start position");
    let start = pos;
    let mut moves = Vec::new();
    for ply in &outcome.plies {
        let m = pos.legal_moves().iter().copied().find(|&m| san(&pos, m) == ply.notation).expect("a legal ply");
        moves.push(m);
        pos = pos.after(m);
    }
    (start, moves)
}

fn main() {
    analysis_board::chess::attacks::init();
    let path = common::shared_data().join("course-appendix-games.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let games: Vec<(String, Position, Vec<Move>)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut fields = l.split('\t');
            let name = fields.next()?.to_string();
            let (start, moves) = main_line(fields.next()?);
            Some((name, start, moves))
        })
        .collect();

    let mut stockfish = Stockfish::start();
    if stockfish.is_none() {
        println!("stockfish not found at /usr/games/stockfish: the peer column is skipped");
    }
    println!("game report (native, best of {RUNS} runs; target {TARGET_PER_PLY_MS} ms per ply, 5 s per 100 plies)");
    println!("(sf: Stockfish evaluating the same positions at `go nodes {EVAL_NODE_BUDGET}`, best of {RUNS})");
    println!(
        "{:<44} {:>5} {:>9} {:>8} {:>10} {:>9} {:>8}",
        "game", "plies", "total ms", "ms/ply", "vs target", "sf ms", "ours/sf"
    );
    let mut positions = Vec::new();
    for (name, start, moves) in &games {
        let (plies, t) = best_of(|| report_game(start, moves));
        assert_eq!(plies.len(), moves.len(), "{name}");
        let per_ply = ms(t) / moves.len().max(1) as f64;
        let mut game = vec![*start];
        for &m in moves {
            game.push(game[game.len() - 1].after(m));
        }
        let peer =
            stockfish.as_mut().and_then(|sf| (0..RUNS).filter_map(|_| evaluate_all(sf, &game, EVAL_NODE_BUDGET)).min());
        let (sf_ms, ratio) = match peer {
            Some(p) => (format!("{:.1}", ms(p)), format!("{:.2}", ms(t) / ms(p))),
            None => ("-".to_string(), "-".to_string()),
        };
        let name: String = name.chars().take(44).collect();
        println!(
            "{:<44} {:>5} {:>9.1} {:>8.3} {:>10.2} {:>9} {:>8}",
            name,
            moves.len(),
            ms(t),
            per_ply,
            per_ply / TARGET_PER_PLY_MS,
            sf_ms,
            ratio
        );
        positions.extend(game);
    }

    // Where the time goes, over every position of every game.
    let mut searcher = Searcher::new();
    let mut parts = [Duration::ZERO; 3];
    let mut worst: Vec<(Duration, String)> = vec![(Duration::ZERO, String::new()); 3];
    for pos in positions.iter().filter(|p| p.has_legal_moves()) {
        let times = [
            best_of(|| searcher.mate_in(pos, MATE_HORIZON)).1,
            best_of(|| searcher.mated_within(pos, MATE_HORIZON)).1,
            best_of(|| searcher.engine().search(pos, &[], &Limits::nodes(EVAL_NODE_BUDGET), &mut |_| {})).1,
        ];
        for (i, t) in times.into_iter().enumerate() {
            parts[i] += t;
            if t > worst[i].0 {
                worst[i] = (t, pos.fen());
            }
        }
    }
    let n = positions.len() as f64;
    println!("\nper position ({} positions): mean ms, worst ms (position)", positions.len());
    let names = ["own mate in <= 3", "mated within 3", "engine search"];
    for (i, name) in names.iter().enumerate() {
        println!("{:<22} {:>8.3} {:>8.3}  {}", name, ms(parts[i]) / n, ms(worst[i].0), worst[i].1);
    }
}
