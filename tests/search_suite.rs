//! The suggested move against the contract (`spec/course-notation.md`,
//! "The suggested move"), on the suite `data/search/suite.txt` and the
//! positions of the Stockfish mate audit, `data/search/audit.txt`, in the
//! same format (sources and generators: `tools/search/`). Every property is checked with the plain
//! exhaustive mate checker of `common::mate`, which shares nothing with the
//! search except the move generator, and against the facts the suite file
//! states (proven separately with python-chess).
#![cfg(feature = "engine")]

mod common;

use analysis_board::chess::search::Reason;
use analysis_board::chess::search::{self, Found, Searcher};
use analysis_board::chess::{Move, Position};
use common::mate::{forced, shortest};

// ---- the suite ----

struct Case {
    fen: String,
    kind: String,
    own: Option<u32>,
    threat: Option<u32>,
    safe: Option<u32>,
    delay: Option<u32>,
    source: String,
}

fn number(field: &str, name: &str) -> Option<u32> {
    let value = field.strip_prefix(name).unwrap_or_else(|| panic!("expected {name}: {field}")).trim();
    if value == "-" {
        None
    } else {
        Some(value.parse().unwrap_or_else(|_| panic!("bad number in {field}")))
    }
}

fn suite() -> Vec<Case> {
    [include_str!("data/search/suite.txt"), include_str!("data/search/audit.txt")]
        .iter()
        .flat_map(|file| file.lines())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            assert_eq!(f.len(), 7, "{l}");
            Case {
                fen: f[0].to_string(),
                kind: f[1].to_string(),
                own: number(f[2], "own"),
                threat: number(f[3], "threat"),
                safe: number(f[4], "safe"),
                delay: number(f[5], "delay"),
                source: f[6].to_string(),
            }
        })
        .collect()
}

fn cases(kinds: &[&str]) -> Vec<Case> {
    let all: Vec<Case> = suite().into_iter().filter(|c| kinds.iter().any(|k| c.kind == *k)).collect();
    assert!(!all.is_empty(), "no case of kind {kinds:?}");
    all
}

/// Checks every rule of the contract for one position; returns the suggestion.
fn check_contract(case: &Case) -> Found {
    let name = format!("{} ({}, {})", case.fen, case.kind, case.source);
    let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{name}: {e}"));
    let found = search::suggest(&pos).unwrap_or_else(|| panic!("{name}: no suggestion"));
    let best = found.best;
    assert!(pos.legal_moves().contains(&best), "{name}: {best} is not legal");

    // Rule 2: our fastest mate in at most three.
    let own = shortest(&pos, 3);
    assert_eq!(own, case.own, "{name}: the suite's own mate disagrees with the checker");
    if let Some(n) = own {
        assert_eq!((found.reason, found.mate_in), (Reason::Mate, Some(n)), "{name}");
        assert!(forced(&pos.after(best), n), "{name}: {best} does not force mate in {n}");
        return found;
    }

    // The opponent's threat, when we are not in check.
    let threat = pos.null_move().and_then(|passed| shortest(&passed, 3));
    assert_eq!(threat, case.threat, "{name}: the suite's threat disagrees with the checker");

    // Rule 3: the suggestion allows no mate in at most three, unless every
    // move does; then it delays the mate longest.
    match shortest(&pos.after(best), 3) {
        None => {
            if pos.is_check() {
                match found.reason {
                    Reason::Strategy => assert_eq!(found.mate_in, None, "{name}"),
                    Reason::AvoidsMate => {
                        let k = found.mate_in.unwrap_or_else(|| panic!("{name}: avoids which mate?"));
                        let allows_k = pos.legal_moves().iter().any(|&m| shortest(&pos.after(m), 3) == Some(k));
                        assert!(allows_k, "{name}: no move allows the mate in {k} it claims to avoid");
                    }
                    r => panic!("{name}: reason {r:?} for a safe move"),
                }
            } else {
                let expected = match threat {
                    Some(_) => Reason::AvoidsMate,
                    None => Reason::Strategy,
                };
                assert_eq!((found.reason, found.mate_in), (expected, threat), "{name}");
            }
        }
        Some(allowed) => {
            assert_eq!((found.reason, found.mate_in), (Reason::OnlyMoves, Some(allowed)), "{name}");
            for &m in &pos.legal_moves() {
                let after_m = shortest(&pos.after(m), 3);
                assert!(
                    after_m.is_some_and(|n| n <= allowed),
                    "{name}: {m} allows {after_m:?}, the suggestion {best} allows mate in {allowed}"
                );
            }
            assert_eq!(case.safe, Some(0), "{name}: the suite says some move is safe");
            assert_eq!(case.delay, Some(allowed), "{name}");
        }
    }
    found
}

/// The number of moves after which the opponent has no mate in <= 3.
fn safe_moves(pos: &Position) -> Vec<Move> {
    pos.legal_moves().iter().copied().filter(|&m| shortest(&pos.after(m), 3).is_none()).collect()
}

#[test]
fn mates_in_one_are_found() {
    for case in cases(&["mate1"]) {
        check_contract(&case);
    }
}

#[test]
fn mates_in_two_are_found_and_no_mate_in_one_is_invented() {
    for case in cases(&["mate2"]) {
        check_contract(&case);
    }
}

#[test]
fn mates_in_three_are_found_and_are_the_fastest() {
    for case in cases(&["mate3"]) {
        check_contract(&case);
    }
}

#[test]
fn threatened_mates_are_stopped_by_one_of_the_few_saving_moves() {
    for case in cases(&["defend"]) {
        let found = check_contract(&case);
        let pos = Position::from_fen(&case.fen).unwrap();
        let safe = safe_moves(&pos);
        assert_eq!(Some(safe.len() as u32), case.safe, "{}: saving moves {safe:?}", case.fen);
        assert!(safe.contains(&found.best), "{}: {} is not among {safe:?}", case.fen, found.best);
    }
}

#[test]
fn when_every_move_allows_mate_the_longest_delay_is_chosen() {
    for case in cases(&["lost"]) {
        let found = check_contract(&case);
        assert_eq!(found.reason, Reason::OnlyMoves, "{}", case.fen);
    }
}

#[test]
fn quiet_and_threatened_positions_get_a_safe_strategic_move() {
    for case in cases(&["quiet", "threat"]) {
        let found = check_contract(&case);
        assert!(matches!(found.reason, Reason::Strategy | Reason::AvoidsMate), "{}", case.fen);
        if let Some(expected) = case.safe {
            let pos = Position::from_fen(&case.fen).unwrap();
            assert_eq!(safe_moves(&pos).len() as u32, expected, "{}: saving moves", case.fen);
        }
    }
}

#[test]
fn mate_in_agrees_with_the_checker_at_every_horizon() {
    let mut searcher = Searcher::new();
    for case in suite() {
        let pos = Position::from_fen(&case.fen).unwrap();
        for max in 1..=3 {
            let expected = case.own.filter(|&n| n <= max);
            let got = searcher.mate_in(&pos, max);
            assert_eq!(got.map(|(_, n)| n), expected, "{} within {max}", case.fen);
            if let Some((m, n)) = got {
                assert!(forced(&pos.after(m), n), "{}: {m} does not mate in {n}", case.fen);
            }
            assert_eq!(search::mate_in(&pos, max), got, "{}: the free function differs", case.fen);
        }
    }
}

#[test]
fn the_suggestion_never_depends_on_what_the_searcher_saw_before() {
    let all = suite();
    let mut reused = Searcher::new();
    let first: Vec<Option<Found>> = all.iter().map(|c| reused.suggest(&Position::from_fen(&c.fen).unwrap())).collect();
    // Again in reverse order with the same searcher, and with fresh ones.
    for (case, expected) in all.iter().zip(&first).rev() {
        let pos = Position::from_fen(&case.fen).unwrap();
        assert_eq!(&reused.suggest(&pos), expected, "{}", case.fen);
        assert_eq!(&Searcher::new().suggest(&pos), expected, "{}", case.fen);
    }
}

#[test]
fn the_suite_covers_every_kind() {
    let all = suite();
    for kind in ["mate1", "mate2", "mate3", "defend", "lost", "quiet"] {
        let n = all.iter().filter(|c| c.kind == kind).count();
        assert!(n >= 3, "only {n} cases of kind {kind}");
    }
}

#[test]
fn no_legal_move_no_suggestion() {
    let mated = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    let stalemated = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(search::suggest(&mated), None);
    assert_eq!(search::suggest(&stalemated).map(|f| f.best), None);
    assert_eq!(search::mate_in(&mated, 3), None);
}

#[test]
fn stalemate_is_not_mate() {
    // Qf7 stalemates, Qg7 mates: the mate in one must be the real one.
    let pos = Position::from_fen("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1").unwrap();
    let (m, n) = search::mate_in(&pos, 3).unwrap();
    assert_eq!(n, 1);
    assert!(pos.after(m).is_checkmate());
}

#[test]
fn gives_check_is_right_for_every_kind_of_move() {
    // (position, a move that checks, written in UCI)
    let special = [
        ("k7/6P1/8/8/8/8/8/K7 w - - 0 1", "g7g8q"), // promotion checks along the rank
        ("k7/6P1/8/8/8/8/8/K7 w - - 0 1", "g7g8r"),
        ("8/8/8/R2pP2k/8/8/8/K7 w - d6 0 1", "e5d6"), // en passant opens the rank
        ("8/8/8/8/8/8/8/R3K2k w Q - 0 1", "e1c1"),    // the castled rook checks
        ("8/8/8/8/R1K4k/8/8/8 w - - 0 1", "c4d3"),    // the king uncovers its rook
        ("7k/8/8/8/8/8/7B/K6R w - - 0 1", "h2g3"),    // a bishop uncovers the rook
        ("4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1", "d2d4"), // no check: the pawn stays on the file
    ];
    for (fen, uci) in special {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.legal_moves().iter().copied().find(|m| m.uci() == uci).unwrap_or_else(|| panic!("{uci} in {fen}"));
        assert_eq!(search::gives_check(&pos, m), pos.after(m).is_check(), "{uci} in {fen}");
        assert_eq!(search::gives_check(&pos, m), uci != "d2d4", "{uci} in {fen}");
    }
    for case in suite() {
        let pos = Position::from_fen(&case.fen).unwrap();
        for &m in &pos.legal_moves() {
            assert_eq!(search::gives_check(&pos, m), pos.after(m).is_check(), "{m} in {}", case.fen);
        }
    }
}

#[test]
fn a_single_legal_move_is_suggested() {
    // In check from the queen: only Kxb2.
    let pos = Position::from_fen("k7/8/8/8/8/8/1q6/K7 w - - 0 1").unwrap();
    assert_eq!(pos.legal_moves().len(), 1);
    let found = search::suggest(&pos).unwrap();
    assert_eq!(found.best.uci(), "a1b2");
    assert_eq!((found.reason, found.mate_in), (Reason::Strategy, None));
}

#[test]
fn mate_in_respects_its_horizon() {
    // Mate in two (Ra7 then Rb8 mate); none within one.
    let pos = Position::from_fen("6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1").unwrap();
    assert_eq!(search::mate_in(&pos, 0), None);
    assert_eq!(search::mate_in(&pos, 1), None);
    let (m, n) = search::mate_in(&pos, 2).unwrap();
    assert_eq!(n, 2);
    assert!(forced(&pos.after(m), 2));
    // Beyond the cap the search still answers, with the same fastest mate.
    assert_eq!(search::mate_in(&pos, 100).map(|(_, n)| n), Some(2));
}

/// Positions whose every fastest mate starts with castling, en passant or
/// an underpromotion (random positions, picked with an independent
/// python-chess prover; the mate lengths are checked again here by the
/// exhaustive checker).
/// (The first two: the castled rook checks and the castled king takes the
/// last flight square, so the rook's own move does not mate; the king is
/// not between a line and the enemy king, as in the others.)
const SPECIAL_FIRST_MOVES: [(&str, &str, u32); 12] = [
    ("8/8/8/8/4ppp1/2N1pk2/7P/4K2R w K - 0 1", "e1g1", 1),
    ("4k2r/7p/2n1PK2/4PPP1/8/8/8/8 b k - 0 1", "e8g8", 1),
    ("1n6/8/8/8/8/4P3/7R/2k1K2R w K - 0 1", "e1g1", 1),
    ("8/8/3B4/4P3/5p2/2P5/1Q6/R3K1k1 w Q - 0 1", "e1c1", 1),
    ("1K2k2r/5q2/8/7b/6pP/8/8/8 b k h3 0 1", "e8g8", 1),
    ("r3k2K/1q6/2b5/p1P5/2pP4/8/1p6/5b2 b q d3 0 1", "e8c8", 1),
    ("r3k2r/8/8/4K3/b7/3q4/3p4/8 b kq - 0 1", "e8g8", 2),
    ("q6Q/8/8/2p3n1/2B3N1/1K6/2p2N1p/1k6 b - - 0 1", "c2c1n", 2),
    ("r2rk2r/8/6p1/5r2/4pP2/4p3/2p5/R3K3 b Qkq f3 0 1", "e4f3", 2),
    ("8/8/8/2pP4/8/4R3/k7/2K5 w - c6 0 2", "d5c6", 2),
    ("5k2/8/8/8/1pP5/1p6/4r3/K7 b - c3 0 1", "b4c3", 2),
    ("r3k2r/P5P1/2rp4/3q4/3pPp1b/8/1N1K2p1/8 b kq e3 0 1", "d4e3", 2),
];

#[test]
fn mates_that_only_castling_en_passant_or_an_underpromotion_start_are_found() {
    for (fen, first, n) in SPECIAL_FIRST_MOVES {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(shortest(&pos, 3), Some(n), "{fen}: the checker's fastest mate");
        let starts: Vec<String> =
            pos.legal_moves().iter().filter(|&&m| forced(&pos.after(m), n)).map(|m| m.uci()).collect();
        assert_eq!(starts, [first], "{fen}: the only first move of a fastest mate");
        let found = search::suggest(&pos).unwrap_or_else(|| panic!("{fen}: no suggestion"));
        assert_eq!(
            (found.best.uci(), found.reason, found.mate_in),
            (first.to_string(), Reason::Mate, Some(n)),
            "{fen}"
        );
    }
}
