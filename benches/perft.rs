//! Perft speed against cozy-chess, in one run: every-leaf (each leaf move
//! played) and bulk-counted (the last ply counted from move sets).
//! Also the time to analyse the handout's game C.1 with all snapshots,
//! beside cozy-chess replaying it with a FEN per ply.
//!
//!     cargo bench --bench perft
//!     cargo bench --bench perft -- c1     (game C.1 alone)

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

/// The best times of `ours` and `theirs`, measured in turns (ten of
/// `each` apiece), so that a spell of load elsewhere on the machine
/// weighs on both alike rather than on whichever ran during it.
fn measure_in_turns(
    each: Duration,
    mut ours: impl FnMut() -> u64,
    mut theirs: impl FnMut() -> u64,
) -> (Duration, Duration) {
    let (mut a, mut b) = (Duration::MAX, Duration::MAX);
    for _ in 0..10 {
        a = a.min(measure(each, &mut ours).1);
        b = b.min(measure(each, &mut theirs).1);
    }
    (a, b)
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
    // `-- c1`: game C.1 alone.
    let perft_too = !std::env::args().any(|a| a == "c1");
    for (name, fen, depth) in cases.into_iter().filter(|_| perft_too) {
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
    let plies = analysis_board::analyze(c1, &options).plies.len();

    // cozy-chess replaying the same moves (from/to, legality checked) and
    // writing its FEN after every ply: the least a snapshot per ply costs
    // there. Its FENs must be ours, but for the en passant field (cozy
    // writes it after every double step, we when the capture is legal).
    let outcome = analysis_board::analyze(c1, &options);
    let moves: Vec<cozy_chess::Move> = outcome.plies.iter().map(cozy_move).collect();
    let replay = |fens: &mut Vec<String>| {
        let mut board = cozy_chess::Board::default();
        for &m in &moves {
            board.play(m);
            fens.push(board.to_string());
        }
    };
    let mut fens = Vec::new();
    replay(&mut fens);
    fn without_ep(fen: &str) -> Vec<&str> {
        fen.split(' ').enumerate().filter(|&(i, _)| i != 3).map(|(_, f)| f).collect()
    }
    for (theirs, ply) in fens.iter().zip(&outcome.plies) {
        assert_eq!(
            without_ep(theirs),
            without_ep(&ply.snapshot.fen),
            "cozy-chess and we disagree on a position of C.1"
        );
    }
    let (ours, cozy) = measure_in_turns(
        Duration::from_millis(200),
        || analysis_board::analyze(c1, &options).plies.len() as u64,
        || {
            let mut fens = Vec::with_capacity(moves.len());
            replay(&mut fens);
            fens.len() as u64
        },
    );
    println!("analyse game C.1 ({plies} plies, all snapshots): {:.1} us", ours.as_secs_f64() * 1e6);
    let (_, bare) = measure(Duration::from_secs(1), || {
        let mut board = cozy_chess::Board::default();
        moves.iter().for_each(|&m| board.play(m));
        std::hint::black_box(board.hash())
    });
    println!(
        "cozy-chess replaying C.1 from/to with a FEN per ply: {:.1} us (bare replay {:.1} us); ours is {:.2}x as fast",
        cozy.as_secs_f64() * 1e6,
        bare.as_secs_f64() * 1e6,
        cozy.as_secs_f64() / ours.as_secs_f64()
    );
}

/// A ply as cozy-chess writes moves: from and to squares (castling as the
/// king taking its own rook), and the promotion.
fn cozy_move(ply: &analysis_board::outcome::Ply) -> cozy_chess::Move {
    let square = |name: &str| name.parse::<cozy_chess::Square>().expect("a square name");
    let (from, mut to) = (square(&ply.from), square(&ply.to));
    let castles = ply.piece.eq_ignore_ascii_case(&'k') && (from.file() as i32 - to.file() as i32).abs() == 2;
    if castles {
        let rook_file = if to.file() > from.file() { cozy_chess::File::H } else { cozy_chess::File::A };
        to = cozy_chess::Square::new(rook_file, to.rank());
    }
    let promotion = ply.promotion.map(|p| match p.to_ascii_lowercase() {
        'q' => cozy_chess::Piece::Queen,
        'r' => cozy_chess::Piece::Rook,
        'b' => cozy_chess::Piece::Bishop,
        _ => cozy_chess::Piece::Knight,
    });
    cozy_chess::Move { from, to, promotion }
}
