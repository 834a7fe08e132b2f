//! Scratch harness for the mate audit (tools/search/audit_mates.py):
//! reads lines `S FEN` (suggest) or `P FEN UCI` (the report's ply), prints
//! one tab-separated answer per line.
use analysis_board::chess::report::{Eval, Fact, Reporter};
use analysis_board::chess::search::Searcher;
use analysis_board::chess::Position;
use std::io::{BufRead, Write};
use std::time::Instant;

fn main() {
    let mut searcher = Searcher::new();
    let mut reporter = Reporter::new();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let (kind, rest) = line.split_at(2);
        let rest = rest.trim();
        match kind.trim() {
            "S" => {
                let pos = Position::from_fen(rest).unwrap();
                let t = Instant::now();
                let found = searcher.suggest(&pos);
                let us = t.elapsed().as_micros();
                match found {
                    Some(f) => writeln!(out, "{}\t{:?}\t{}\t{us}", f.best.uci(), f.reason, f.mate_in.map_or(0, |n| n)),
                    None => writeln!(out, "-\tNone\t0\t{us}"),
                }
                .unwrap();
            }
            "P" => {
                let (fen, uci) = rest.rsplit_once(' ').unwrap();
                let pos = Position::from_fen(fen).unwrap();
                let m = pos.legal_moves().iter().copied().find(|m| m.uci() == uci).unwrap();
                let known = reporter.evaluate(&pos);
                let (rep, _) = reporter.ply(&[], &pos, &known, m).unwrap();
                let facts: Vec<String> = rep
                    .facts
                    .iter()
                    .map(|f| match f {
                        Fact::MissedMate { n, best, .. } => format!("missed {n} {}", best.uci()),
                        Fact::AllowsMate { n, reply, better, .. } => {
                            format!("allows {n} {} {}", reply.uci(), better.uci())
                        }
                    })
                    .collect();
                let eval = match rep.eval {
                    Some(Eval::Mate(n)) => format!("#{n}"),
                    Some(Eval::Centipawns(c)) => format!("{c}"),
                    None => "over".into(),
                };
                writeln!(out, "{eval}\t{}", facts.join(";")).unwrap();
            }
            _ => panic!("bad line {line}"),
        }
        out.flush().unwrap();
    }
}
