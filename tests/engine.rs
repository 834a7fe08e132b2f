//! The engine's contract: it finds mates and wins material, counts
//! repetitions and the fifty-move rule as draws, keeps to its budgets, and
//! gives the same answer for the same question whatever it searched before.
#![cfg(feature = "engine")]

use analysis_board::chess::engine::{Engine, Info, Limits, Score, SearchResult};
use analysis_board::chess::{Move, Position};
use std::cell::Cell;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid FEN")
}

fn search(engine: &mut Engine, p: &Position, history: &[u64], limits: &Limits) -> SearchResult {
    engine.search(p, history, limits, &mut |_| {}).expect("a legal move")
}

fn best(fen: &str, nodes: u64) -> SearchResult {
    search(&mut Engine::with_hash_mib(4), &pos(fen), &[], &Limits::nodes(nodes))
}

fn uci(m: Move) -> String {
    m.uci()
}

#[test]
fn finds_a_mate_in_one() {
    let r = best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 20_000);
    assert_eq!(uci(r.best), "a1a8");
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn finds_a_mate_in_two() {
    // ...Rg1+ Kxg1 Rf1 mate (Stockfish 15.1 agrees: mate in 2).
    let r = best("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 100_000);
    assert_eq!((uci(r.best), r.score), ("g2g1".to_string(), Score::Mate(2)));
}

#[test]
fn sees_it_is_mated() {
    // Black's only moves are pawn moves, and then Qg7 or Qh7 mates.
    let r = best("7k/p4K2/6Q1/8/8/8/8/8 b - - 0 1", 50_000);
    assert_eq!(r.score, Score::Mate(-1));
}

#[test]
fn takes_a_hanging_queen() {
    let r = best("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 1", 30_000);
    assert_eq!(uci(r.best), "c1g5");
}

#[test]
fn no_legal_move_is_none() {
    let mut e = Engine::new();
    let mated = pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(e.search(&mated, &[], &Limits::nodes(1000), &mut |_| {}).is_none());
    let stalemate = pos("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1");
    assert!(e.search(&stalemate, &[], &Limits::nodes(1000), &mut |_| {}).is_none());
}

#[test]
fn every_root_move_is_ranked_best_first() {
    let p = Position::start();
    let r = search(&mut Engine::new(), &p, &[], &Limits::depth(5));
    assert_eq!(r.root_moves.len(), 20);
    assert_eq!(r.root_moves[0].mv, r.best);
    assert_eq!(r.pv[0], r.best);
    assert!(r.root_moves[0].exact);
    let mut moves: Vec<String> = r.root_moves.iter().map(|m| uci(m.mv)).collect();
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 20);
}

#[test]
fn the_same_question_gets_the_same_answer() {
    let fens = [
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
    ];
    let mut fresh = Vec::new();
    for fen in fens {
        fresh.push(search(&mut Engine::new(), &pos(fen), &[], &Limits::nodes(30_000)));
    }
    // One engine, the positions in the other order, each searched twice.
    let mut e = Engine::new();
    for (i, fen) in fens.iter().enumerate().rev() {
        for _ in 0..2 {
            assert_eq!(search(&mut e, &pos(fen), &[], &Limits::nodes(30_000)), fresh[i]);
        }
    }
}

#[test]
fn keeps_to_its_node_budget() {
    let r = best("r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9", 10_000);
    assert!(r.nodes <= 10_000 + 1, "{}", r.nodes);
    assert!(r.depth >= 3, "{}", r.depth);
}

#[test]
fn reports_each_iteration() {
    let mut depths = Vec::new();
    let mut e = Engine::new();
    let r = e.search(&Position::start(), &[], &Limits::depth(4), &mut |i: &Info| depths.push(i.depth)).expect("moves");
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(r.depth, 4);
}

#[test]
fn a_stop_ends_the_search() {
    let asked = Cell::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        true
    };
    let limits = Limits { stop: Some(&stop), ..Limits::default() };
    let r = search(&mut Engine::new(), &Position::start(), &[], &limits);
    assert!(asked.get() >= 1);
    assert!(r.depth >= 1);
}

#[test]
fn a_repetition_is_a_draw() {
    // The knights go out and back: with the start in the history,
    // playing them out again heads for a repeated position.
    let start = Position::start();
    let line = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut history = vec![start.hash()];
    let mut p = start;
    for u in line {
        let m = *p.legal_moves().iter().find(|m| uci(**m) == u).expect("move");
        p = p.after(m);
        history.push(p.hash());
    }
    history.pop();
    // Back at the start, with the start in the history: Nf3 leads to a
    // position seen before (a draw), so its score is exactly 0.
    let r = search(&mut Engine::new(), &p, &history, &Limits::depth(4));
    let nf3 = r.root_moves.iter().find(|m| uci(m.mv) == "g1f3").expect("Nf3");
    assert_eq!(nf3.score, Score::Centipawns(0));
}

#[test]
fn the_fifty_move_rule_is_a_draw() {
    // A rook up, but the fifty-move rule ends the game at the next quiet move.
    let r = best("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", 20_000);
    assert_eq!(r.score, Score::Centipawns(0));
    let r = best("4k3/8/8/8/8/8/8/R3K3 w - - 0 80", 20_000);
    assert!(matches!(r.score, Score::Centipawns(cp) if cp > 300) || matches!(r.score, Score::Mate(_)));
}

#[test]
fn a_search_keeping_tables_after_a_clear_is_a_fresh_search() {
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
    let fresh = search(&mut Engine::new(), &p, &[], &Limits::nodes(20_000));
    let mut e = Engine::new();
    let other = Position::start();
    let warm = |e: &mut Engine, p: &Position| {
        e.search_keeping_tables(p, &[], &Limits::nodes(20_000), &mut |_| {}).expect("a legal move")
    };
    warm(&mut e, &other);
    // Warm, the answer may differ; it is still a legal move.
    assert!(p.is_legal(warm(&mut e, &p).best));
    e.clear();
    assert_eq!(warm(&mut e, &p), fresh);
}
