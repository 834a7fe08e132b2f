//! Checkers benchmarks, printed as tables:
//! 1. `rankmoves -d 9` (brief) on the course's stress positions (test04,
//!    test06, multi07), timed natively, against a plain minimax that
//!    scores every node (the course's algorithm as written) at depth 6,
//!    whose scores must agree.
//! 2. The page's suggestion (`suggest`, depth `SUGGESTION_DEPTH` and
//!    deeper) over every position of the course's 100-move game.
//! 3. What `rankmoves`' limits mean: moves played per second by the brief
//!    search on kings-only positions (the widest), against
//!    `rank::BRIEF_BUDGET`.
//!
//! Run: `cargo bench --bench checkers`. Needs the shared course data
//! (`$SHARED_DATA`, or a `shared/data` folder beside the checkout).

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use analysis_board::checkers::rank::{evaluate, rank_moves, rank_moves_within, BRIEF_BUDGET, WIN};
use analysis_board::checkers::rules::{Move, Position};
use analysis_board::checkers::{play_moves, read_file, suggest, SUGGESTION_DEPTH};

fn load(rel: &str) -> analysis_board::checkers::GameFile {
    let path = common::shared_data().join("checkers").join(rel);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_file(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The median of `runs` timings of `f`.
fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        last = Some(std::hint::black_box(f()));
        times.push(start.elapsed());
    }
    times.sort();
    (times[times.len() / 2], last.expect("at least one run"))
}

/// The course's algorithm as written: every reply of every move scored.
fn plain_score(position: &Position, mv: &Move, depth: u32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let next = position.play(mv);
    if depth == 0 {
        return evaluate(&next, position.turn);
    }
    let replies = next.legal_moves();
    match replies.iter().map(|r| plain_score(&next, r, depth - 1, nodes)).max() {
        Some(best) => -best,
        None => WIN,
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let stress = [
        ("test04", "instructor-part3-tests/test04.d9.txt"),
        ("test06", "instructor-part3-tests/test06.d5.txt"),
        ("multi07", "instructor-part3-tests/multi07.d0.txt"),
    ];

    println!("rankmoves -d 9 (brief: alpha-beta under each move, every move's score exact)");
    println!("{:<8} {:>6} {:>12}", "file", "moves", "median of 5");
    for (name, rel) in stress {
        let position = load(rel).position;
        let (t, ranked) = time(5, || rank_moves(&position, 9));
        println!("{name:<8} {:>6} {:>12}", ranked.len(), ms(t));
    }

    println!();
    println!("depth 6: our search against a plain minimax (scores must agree)");
    println!("{:<8} {:>12} {:>14} {:>14} {:>8}", "file", "ours", "plain", "plain nodes", "ratio");
    for (name, rel) in stress {
        let position = load(rel).position;
        let (ours, ranked) = time(3, || rank_moves(&position, 6));
        let (plain, (scores, nodes)) = time(1, || {
            let mut nodes = 0;
            let mut moves = position.legal_moves();
            moves.sort();
            let scores: Vec<i32> = moves.iter().map(|m| plain_score(&position, m, 6, &mut nodes)).collect();
            (scores, nodes)
        });
        let our_scores: Vec<i32> = ranked.iter().map(|(_, s)| *s).collect();
        assert_eq!(our_scores, scores, "{name}: the searches disagree");
        let ratio = plain.as_secs_f64() / ours.as_secs_f64().max(1e-9);
        println!("{name:<8} {:>12} {:>14} {:>14} {:>7.0}x", ms(ours), ms(plain), nodes, ratio);
    }

    println!();
    println!("suggest() over every position of the course's 100-move game (and the stress positions)");
    let game = load("games/bawarren-input-file.txt");
    let mut positions = vec![game.position.clone()];
    play_moves(&game.position, &game.moves, usize::MAX, |_, played| positions.push(played.position.clone()));
    positions.extend(stress.iter().map(|(_, rel)| load(rel).position));
    println!("{:<7} {:>10} {:>12} {:>12} {:>16}", "depth", "positions", "mean", "worst", "kings endgame");
    // Eleven kings roaming: the widest search a game is likely to meet.
    let kings = analysis_board::checkers::read_fen("1B3B2/4B3/3B3B/8/1R6/4R3/1R5R/R3R3 r nocapture multiple")
        .expect("a valid position");
    for depth in [SUGGESTION_DEPTH, 8, 10] {
        let mut total = Duration::ZERO;
        let mut worst = Duration::ZERO;
        for position in &positions {
            let (t, _) = time(1, || {
                if depth == SUGGESTION_DEPTH {
                    suggest(position).map(|s| s.notation)
                } else {
                    analysis_board::checkers::rank::best_move(position, depth).map(|(m, _)| m.to_string())
                }
            });
            total += t;
            worst = worst.max(t);
        }
        let mean = total / positions.len() as u32;
        let (endgame, _) = time(3, || analysis_board::checkers::rank::best_move(&kings, depth));
        println!("{depth:<7} {:>10} {:>12} {:>12} {:>16}", positions.len(), ms(mean), ms(worst), ms(endgame));
    }

    println!();
    println!("rankmoves' limits: moves played by the brief search (the budget is {BRIEF_BUDGET})");
    println!("{:<22} {:>6} {:>14} {:>12} {:>14}", "position", "depth", "moves played", "time", "moves/s");
    let wide = [
        ("kings 6+5, multiple", "1B3B2/4B3/3B3B/8/1R6/4R3/1R5R/R3R3 r nocapture multiple", &[8, 10][..]),
        (
            "kings 12+12, single",
            "1B1B1B1B/B1B1B1B1/1B1B1B1B/8/8/R1R1R1R1/1R1R1R1R/R1R1R1R1 r nocapture single",
            &[8, 10, 12],
        ),
    ];
    for (name, fen, depths) in wide {
        let position = analysis_board::checkers::read_fen(fen).expect("a valid position");
        for &depth in depths {
            let mut left = u64::MAX;
            let (t, _) = time(1, || rank_moves_within(&position, depth, &mut left));
            let played = u64::MAX - left;
            let rate = played as f64 / t.as_secs_f64().max(1e-9);
            println!("{name:<22} {depth:>6} {played:>14} {:>12} {:>14.0}", ms(t), rate);
        }
    }
}
