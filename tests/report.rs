//! The game report against the definitions of issue 12, every fact and
//! every mate in an evaluation checked with the exhaustive checker of
//! `common::mate` (not the engine's search). The positions come from the
//! search suite (`data/search/suite.txt`); `tools/report/find_cases.py`
//! found, with its own python-chess prover, which moves show which fact.
#![cfg(feature = "engine")]

mod common;

use analysis_board::chess::exchange;
use analysis_board::chess::notation::san::san;
use analysis_board::chess::report::{
    report_game, winning_chances, Eval, Fact, GameReport, Mark, PlyReport, PositionEval, Reporter, Why,
};
use analysis_board::chess::{Color, Move, Position};
use common::mate::{forced, mates_within, shortest};

/// The horizon of the facts.
const HORIZON: u32 = 3;

fn sign(color: Color) -> i32 {
    color.fold(1, -1)
}

/// Whether the side to move is mated now or within `j` further moves of
/// its opponent, whatever it plays.
fn mated_within(pos: &Position, j: u32) -> bool {
    forced(pos, j + 1)
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move written `text` in SAN (check marks optional).
fn find(pos: &Position, text: &str) -> Move {
    let bare = |s: &str| s.trim_end_matches(['+', '#']).to_string();
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&m| bare(&san(pos, m)) == bare(text))
        .unwrap_or_else(|| panic!("{text} is not legal in {}", pos.fen()))
}

/// A game from `fen`: the position and the moves of `sans`.
fn game(fen: &str, sans: &str) -> (Position, Vec<Move>) {
    let start = position(fen);
    let mut pos = start;
    let mut moves = Vec::new();
    for text in sans.split_whitespace() {
        let m = find(&pos, text);
        moves.push(m);
        pos = pos.after(m);
    }
    (start, moves)
}

/// What the checker says of one move: the facts (kind, N) by the issue's
/// definitions, and the mate in the evaluation after it.
#[derive(Debug, PartialEq, Eq)]
struct Expected {
    missed: Option<u32>,
    allows: Option<u32>,
    /// `Some(None)`: the game is over; `Some(Some(n))`: a mate in n (White's view).
    mate_eval: Option<Option<i32>>,
}

/// The opponent's fastest mate (within the horizon) after each legal move.
fn allowed_after_each(before: &Position) -> Vec<(Move, Option<u32>)> {
    before.legal_moves().iter().map(|&m| (m, shortest(&before.after(m), HORIZON))).collect()
}

fn expected(before: &Position, m: Move, allowed: &[(Move, Option<u32>)]) -> Expected {
    let mover = before.turn();
    let after = before.after(m);
    // missed mate in N: the mover's fastest mate N, and the move leaves the
    // opponent not mated within N - 1 further moves of the mover.
    let missed = shortest(before, HORIZON).filter(|&n| !mated_within(&after, n - 1));
    // allows mate in N: the opponent's fastest mate N after the move, and
    // some other move leaves it no mate in N or fewer.
    let opponent = allowed.iter().find(|(a, _)| *a == m).and_then(|&(_, n)| n);
    let allows = opponent.filter(|&n| allowed.iter().any(|&(a, k)| a != m && k.is_none_or(|k| k > n)));
    let mate_eval = if !after.has_legal_moves() {
        Some(None)
    } else if let Some(n) = opponent {
        Some(Some(sign(!mover) * n as i32))
    } else {
        (1..=HORIZON).find(|&j| mated_within(&after, j)).map(|j| Some(sign(mover) * j as i32))
    };
    Expected { missed, allows, mate_eval }
}

/// Checks one reported ply against the checker and the rules; returns the
/// facts' kinds for coverage.
fn check_ply(before: &Position, m: Move, known: &PositionEval, r: &PlyReport, allowed: &[(Move, Option<u32>)]) {
    let name = format!("{} in {}", san(before, m), before.fen());
    let mover = before.turn();
    let after = before.after(m);
    let want = expected(before, m, allowed);
    assert_eq!(r.san, san(before, m), "{name}");

    // The evaluation: empty once over, #N exactly when the checker proves
    // a mate within the horizon, centipawns otherwise.
    match (want.mate_eval, r.eval) {
        (Some(None), None) => {
            let chances = if after.is_check() { f64::from(sign(mover)) } else { 0.0 };
            assert_eq!(r.chances, chances, "{name}");
        }
        (Some(Some(n)), Some(Eval::Mate(k))) => {
            assert_eq!(k, n, "{name}: mate");
            assert_eq!(r.chances, f64::from(n.signum()), "{name}");
        }
        (None, Some(Eval::Centipawns(cp))) => assert_eq!(r.chances, winning_chances(cp), "{name}"),
        (w, got) => panic!("{name}: evaluation {got:?}, the checker says {w:?}"),
    }

    // The facts, in order: missed, then allows.
    let mut kinds = Vec::new();
    for fact in &r.facts {
        match fact {
            Fact::MissedMate { n, best, san: text } => {
                kinds.push(("missed", *n));
                assert!(before.legal_moves().contains(best), "{name}: {best} illegal");
                assert!(forced(&before.after(*best), *n), "{name}: {best} does not mate in {n}");
                assert_eq!(text, &san(before, *best), "{name}");
                assert_eq!(fact.to_string(), format!("missed mate in {n} ({text})"), "{name}");
            }
            Fact::AllowsMate { n, reply, san: text, better } => {
                kinds.push(("allows", *n));
                assert!(after.legal_moves().contains(reply), "{name}: {reply} illegal");
                assert!(forced(&after.after(*reply), *n), "{name}: {reply} does not mate in {n}");
                assert_eq!(text, &san(&after, *reply), "{name}");
                assert_eq!(fact.to_string(), format!("allows mate in {n} ({text})"), "{name}");
                assert!(*better != m && before.legal_moves().contains(better), "{name}: better {better}");
                assert!(!mates_within(&before.after(*better), *n), "{name}: {better} allows mate in {n} too");
            }
        }
    }
    let want_kinds: Vec<(&str, u32)> =
        want.missed.map(|n| ("missed", n)).into_iter().chain(want.allows.map(|n| ("allows", n))).collect();
    assert_eq!(kinds, want_kinds, "{name}: facts {:?}", r.facts);

    // The engine's best move loses nothing: its value after the move is
    // the value before it.
    let engine_best = known.search.as_ref().and_then(|s| s.line.first().copied());
    if engine_best == Some(m) && matches!(r.eval, Some(Eval::Centipawns(_))) {
        assert_eq!((r.eval, r.chances), (known.eval, known.chances), "{name}: the engine's best move");
    }
    // A marked move says why, with a better move to show unless a fact
    // says it all.
    assert_eq!(r.why.is_some(), r.mark.is_some(), "{name}: {:?}", r.why);
    if let Some(&better) = r.better.first() {
        assert!(better != m && before.legal_moves().contains(&better), "{name}: better {better}");
    }
    // The material a sentence names is what the line shown with it wins
    // (and the captures pending at its end), not what the engine's longer
    // line finds further on.
    let played_line: Vec<Move> = std::iter::once(m).chain(r.pv.iter().copied()).collect();
    let shown = |side: Color, line: &[Move]| exchange::along(before, side, line).0.words();
    match &r.why {
        Some(Why::ReplyWins { material, instead, .. }) => {
            assert_eq!(shown(!mover, &played_line).as_ref(), Some(material), "{name}: {:?}", r.why);
            if let Some((_, won)) = instead {
                assert_eq!(shown(mover, &r.better).as_ref(), Some(won), "{name}: {:?}", r.why);
            }
        }
        Some(Why::BetterWins { material, .. }) => {
            assert_eq!(shown(mover, &r.better).as_ref(), Some(material), "{name}: {:?}", r.why);
        }
        _ => {}
    }

    // The mark: from the loss of winning chances alone (a fact in a lost
    // position loses nothing more), from the chances before the move as
    // the evaluation before it gives them, or as a deeper search of that
    // position does when the first searches would have marked the move.
    if r.judged_from != known.chances {
        assert!(known.search.is_some(), "{name}: judged again without an engine's search before");
    }
    let loss = f64::from(sign(mover)) * (r.judged_from - r.chances);
    assert_eq!(r.mark, Mark::for_loss(loss), "{name}: loss {loss}");
}

/// Reports every legal move of `fen` as a one-ply game and checks each;
/// returns the (fact kind, N) seen and whether some move kept a fastest
/// mate that is not the engine's first choice.
fn every_move(fen: &str) -> (Vec<(&'static str, u32)>, bool) {
    let before = position(fen);
    let mut reporter = Reporter::new();
    let known = reporter.evaluate(&before);
    let allowed = allowed_after_each(&before);
    let mut seen = Vec::new();
    let mut other_fastest = false;
    for &m in &before.legal_moves() {
        let (r, _) = reporter.ply(&[], &before, &known, m).expect("a legal move");
        check_ply(&before, m, &known, &r, &allowed);
        for f in &r.facts {
            seen.push(match f {
                Fact::MissedMate { n, .. } => ("missed", *n),
                Fact::AllowsMate { n, .. } => ("allows", *n),
            });
        }
        if let Some((best, _)) = known.mate {
            other_fastest |= m != best && r.facts.is_empty();
        }
        // A slower mate played instead of a faster one is still missed.
        if let (Some((_, n)), Some(Eval::Mate(k))) = (known.mate, r.eval) {
            if k.signum() == sign(before.turn()) && k.unsigned_abs() >= n {
                seen.push(("slower", n));
            }
        }
    }
    (seen, other_fastest)
}

/// Checks a whole game, ply by ply: with one reporter, from the
/// evaluation each ply returns, the same as the whole game at once.
fn check_game(start: &Position, moves: &[Move]) -> Vec<PlyReport> {
    let whole: Vec<PlyReport> = GameReport::new(*start, moves.to_vec()).collect();
    assert_eq!(whole.len(), moves.len(), "a report for every legal ply");
    let mut reporter = Reporter::new();
    let mut known = reporter.evaluate(start);
    let mut history = Vec::new();
    let mut pos = *start;
    for (&m, expected) in moves.iter().zip(&whole) {
        let (r, next) = reporter.ply(&history, &pos, &known, m).expect("a legal ply");
        assert_eq!(&r, expected, "{} in {}", r.san, pos.fen());
        check_ply(&pos, m, &known, &r, &allowed_after_each(&pos));
        history.push(pos.hash());
        known = next;
        pos = pos.after(m);
    }
    whole
}

#[test]
fn mates_missed_in_one_two_and_three_and_the_slower_mates() {
    let mut seen = Vec::new();
    let mut other_fastest = 0;
    for fen in [
        "6k1/2p2ppp/pnp5/B7/2P3PP/1P2PPR1/r3b2r/3R2K1 w - - 2 30", // mate in 1 (lichess 008Nz)
        "4r1k1/p4ppp/8/8/8/8/PP1R1PPP/K7 b - - 0 21",              // mate in 2 (lichess 00fgg)
        "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1",                        // mate in 2, the rook roller
        "4k3/4n3/5b2/1P6/5p2/5P1K/p1r5/8 b - - 0 45",              // mate in 3
        "8/8/8/8/8/8/8/R3K2k w Q - 0 1",                           // mate in 3, by castling among others
    ] {
        let (kinds, other) = every_move(fen);
        seen.extend(kinds);
        other_fastest += usize::from(other);
    }
    for kind in [("missed", 1), ("missed", 2), ("missed", 3), ("slower", 2), ("slower", 3)] {
        assert!(seen.contains(&kind), "no {kind:?} among {seen:?}");
    }
    assert!(!seen.iter().any(|k| k.0 == "slower" && !seen.contains(&("missed", k.1))));
    assert!(other_fastest >= 2, "no other fastest mate played without a fact");
}

#[test]
fn mates_allowed_in_one_two_and_three() {
    let mut seen = Vec::new();
    for fen in [
        "6k1/2p2ppp/pnp5/B7/2P3PP/1P1bPPR1/r6r/3R2K1 b - - 1 29", // Bg6 allows mate in 1 (lichess 008Nz)
        "4r1k1/p4ppp/8/8/8/8/PP1b1PPP/K2R4 w - - 0 21",           // Rxd2 allows mate in 2 (lichess 00fgg)
        "5r1k/pb3Qpp/2p5/5p2/3P4/8/PPP2PPP/4R1K1 b - - 0 21",     // one move of all avoids mate (lichess 00JQS)
    ] {
        seen.extend(every_move(fen).0);
    }
    for n in 1..=3 {
        assert!(seen.contains(&("allows", n)), "no allowed mate in {n} among {seen:?}");
    }
}

#[test]
fn when_every_move_allows_mate_only_a_faster_one_is_a_fact() {
    // Every white move allows a mate in at most 3.
    let fen = "4k3/4n3/5b2/8/1P3p2/5P1K/p1r5/8 w - - 6 45";
    let before = position(fen);
    let allowed = allowed_after_each(&before);
    assert!(allowed.iter().all(|(_, n)| n.is_some()), "{allowed:?}");
    let longest = allowed.iter().filter_map(|(_, n)| *n).max();
    let (seen, _) = every_move(fen);
    // Only a move that hastens the mate below another move's delay allows it.
    for (m, n) in &allowed {
        let said = Reporter::new().ply(&[], &before, &Reporter::new().evaluate(&before), *m).unwrap().0.facts;
        assert_eq!(!said.is_empty(), *n != longest, "{m}: {said:?}");
    }
    assert!(seen.iter().all(|k| k.0 == "allows"));
}

#[test]
fn mates_that_only_castling_en_passant_or_an_underpromotion_start() {
    // Every fastest mate starts with that move (random positions, picked
    // with an independent python-chess prover); every legal move reported
    // and checked: each other move misses the mate.
    let mut seen = Vec::new();
    for (fen, first) in [
        ("1n6/8/8/8/8/4P3/7R/2k1K2R w K - 0 1", "O-O#"),
        ("r3k2K/1q6/2b5/p1P5/2pP4/8/1p6/5b2 b q d3 0 1", "O-O-O#"),
        ("r3k2r/8/8/4K3/b7/3q4/3p4/8 b kq - 0 1", "O-O"),
        ("q6Q/8/8/2p3n1/2B3N1/1K6/2p2N1p/1k6 b - - 0 1", "c1=N+"),
        ("8/8/8/2pP4/8/4R3/k7/2K5 w - c6 0 2", "dxc6"),
        ("5k2/8/8/8/1pP5/1p6/4r3/K7 b - c3 0 1", "bxc3"),
    ] {
        let before = position(fen);
        let known = Reporter::new().evaluate(&before);
        let (best, n) = known.mate.unwrap_or_else(|| panic!("{fen}: no mate"));
        assert_eq!(san(&before, best), first, "{fen}");
        let (kinds, other) = every_move(fen);
        assert!(!other, "{fen}: another fastest mate");
        let missed = kinds.iter().filter(|k| **k == ("missed", n)).count();
        assert_eq!(missed, before.legal_moves().len() - 1, "{fen}: {kinds:?}");
        seen.extend(kinds);
    }
    assert!(seen.contains(&("missed", 1)) && seen.contains(&("missed", 2)), "{seen:?}");
}

#[test]
fn games_with_every_kind_of_fact() {
    let games = [
        // Bg6 allows mate in one, Bxb6 misses it, cxb6 allows it again,
        // Rd8 mates (lichess puzzle 008Nz, played on).
        ("6k1/2p2ppp/pnp5/B7/2P3PP/1P1bPPR1/r6r/3R2K1 b - - 1 29", "Bg6 Bxb6 cxb6 Rd8#"),
        // Rxd2 allows mate in two, Kh8 misses it (lichess puzzle 00fgg).
        ("4r1k1/p4ppp/8/8/8/8/PP1b1PPP/K2R4 w - - 0 21", "Rxd2 Kh8 Rd1 Re1 Rxe1"),
        // Every move allows mate, b5 among them; Kf8 plays a slower mate
        // than the mate in three.
        ("4k3/4n3/5b2/8/1P3p2/5P1K/p1r5/8 w - - 6 45", "b5 Kf8 b6 a1=Q"),
    ];
    let mut kinds = Vec::new();
    for (fen, moves) in games {
        let (start, moves) = game(fen, moves);
        for r in check_game(&start, &moves) {
            kinds.extend(r.facts.iter().map(|f| f.to_string()));
        }
    }
    for words in ["allows mate in 1", "missed mate in 1", "allows mate in 2", "missed mate in 2", "missed mate in 3"] {
        assert!(kinds.iter().any(|k| k.starts_with(words)), "no {words:?} in {kinds:?}");
    }
}

#[test]
fn a_real_game_is_reported_by_the_definitions() {
    // The handout's game C.2: it ends with allowed and missed mates.
    let text = std::fs::read_to_string(common::shared_data().join("course-appendix-games.tsv")).unwrap();
    let line = text.lines().find(|l| l.starts_with("C.2\t")).and_then(|l| l.split('\t').nth(1)).unwrap();
    let outcome = analysis_board::analyze(line, &analysis_board::Options::default());
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for ply in &outcome.plies {
        let m = find(&pos, &ply.notation);
        moves.push(m);
        pos = pos.after(m);
    }
    let reports = check_game(&Position::start(), &moves);
    let facts: Vec<String> = reports.iter().flat_map(|r| r.facts.iter().map(Fact::to_string)).collect();
    assert!(facts.iter().any(|f| f.starts_with("allows mate in 3")), "{facts:?}");
    assert_eq!(reports.last().map(|r| r.eval), Some(None), "over after the mate");
}

#[test]
fn a_ply_at_a_time_gives_the_whole_game_report_whatever_came_before() {
    let (start, moves) = game("4r1k1/p4ppp/8/8/8/8/PP1b1PPP/K2R4 w - - 0 21", "Rxd2 Kh8 Rd1 Re1 Rxe1");
    let whole = report_game(&start, &moves);
    // One reporter that reported another game first, ply by ply from the
    // evaluation the previous ply returned: the same report.
    let mut reporter = Reporter::new();
    let (other, other_moves) = game_from_start("e4 e5 Nf3 Nc6 Bb5 a6");
    let mut known = reporter.evaluate(&other);
    let mut pos = other;
    for &m in &other_moves {
        known = reporter.ply(&[], &pos, &known, m).unwrap().1;
        pos = pos.after(m);
    }
    let mut known = reporter.evaluate(&start);
    let mut history = Vec::new();
    let mut pos = start;
    for (m, expected) in moves.iter().zip(&whole) {
        let (r, next) = reporter.ply(&history, &pos, &known, *m).unwrap();
        assert_eq!(&r, expected);
        history.push(pos.hash());
        known = next;
        pos = pos.after(*m);
    }
    assert_eq!(report_game(&start, &moves), whole);
}

#[test]
fn an_illegal_move_ends_the_report() {
    let start = Position::start();
    let e4 = find(&start, "e4");
    let mut reporter = Reporter::new();
    let known = reporter.evaluate(&start);
    let e5 = find(&start.after(e4), "e5");
    assert!(reporter.ply(&[], &start, &known, e5).is_none(), "a black move with White to move");
    let report = report_game(&start, &[e4, e4, e4]);
    assert_eq!(report.len(), 1);
}

#[test]
fn the_principal_variation_is_legal_and_a_mate_line_ends_in_mate() {
    for fen in ["6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1", "4k3/4n3/5b2/8/1P3p2/5P1K/p1r5/8 w - - 6 45"] {
        let pos = position(fen);
        let eval = Reporter::new().evaluate(&pos);
        let mut p = pos;
        for &m in &eval.pv {
            assert!(p.legal_moves().contains(&m), "{m} in {}", p.fen());
            p = p.after(m);
        }
        assert!(matches!(eval.eval, Some(Eval::Mate(_))), "{fen}: {:?}", eval.eval);
        assert!(p.is_checkmate(), "{fen}: the line {:?} does not end in mate", eval.pv);
    }
    let start = Reporter::new().evaluate(&Position::start());
    assert!(!start.pv.is_empty() && matches!(start.eval, Some(Eval::Centipawns(_))));
}

// ---- the command line: `chess-analyze --report` ----

fn chess_analyze(args: &[&str], stdin: &str) -> (i32, String, String) {
    common::run_program(env!("CARGO_BIN_EXE_chess-analyze"), args, stdin.as_bytes())
}

/// Checks the shape of every report line; returns the lines split.
fn report_lines(out: &str, before: &str) -> Vec<Vec<String>> {
    let rest = out.strip_prefix(before).unwrap_or_else(|| panic!("the report does not start with {before:?}: {out:?}"));
    let eval_ok = |e: &str| {
        let number = |s: &str| {
            s.split_once('.').is_some_and(|(a, b)| {
                !a.is_empty()
                    && a.bytes().all(|c| c.is_ascii_digit())
                    && b.len() == 2
                    && b.bytes().all(|c| c.is_ascii_digit())
            })
        };
        e.is_empty()
            || e == "0.00"
            || e.strip_prefix(['+', '-']).is_some_and(|s| number(s) && s != "0.00")
            || e.strip_prefix('#').and_then(|n| n.parse::<i32>().ok()).is_some_and(|n| n != 0 && n.abs() <= 3)
    };
    let fact_ok = |f: &str| {
        ["missed mate in ", "allows mate in "].iter().any(|p| {
            f.strip_prefix(p).is_some_and(|r| {
                r.len() > 4
                    && matches!(&r[..3], "1 (" | "2 (" | "3 (")
                    && r.ends_with(')')
                    && !r[3..r.len() - 1].contains(' ')
            })
        })
    };
    rest.lines()
        .enumerate()
        .map(|(i, line)| {
            let fields: Vec<String> = line.split('\t').map(str::to_string).collect();
            assert_eq!(fields.len(), 5, "{line:?}");
            assert_eq!(fields[0], (i + 1).to_string(), "{line:?}");
            assert!(eval_ok(&fields[2]), "EVAL in {line:?}");
            assert!(["-", "?!", "?", "??"].contains(&fields[3].as_str()), "MARK in {line:?}");
            assert!(fields[4] == "-" || fields[4].split("; ").all(fact_ok), "FACTS in {line:?}");
            fields
        })
        .collect()
}

#[test]
fn the_command_line_prints_the_verdict_then_one_line_per_ply() {
    let game = "f3 e5 g4 a6 Nc3\n";
    let (code, plain, _) = chess_analyze(&[], game);
    assert_eq!(code, 0);
    let (code, out, err) = chess_analyze(&["--report"], game);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines = report_lines(&out, &plain);
    let sans: Vec<&str> = lines.iter().map(|l| l[1].as_str()).collect();
    assert_eq!(sans, ["f3", "e5", "g4", "a6", "Nc3"]);
    // The same as the library's report, column for column.
    let (start, moves) = game_from_start(game);
    let library: Vec<String> =
        report_game(&start, &moves).iter().enumerate().map(|(i, r)| format!("{}\t{}", i + 1, r.columns())).collect();
    assert_eq!(out.strip_prefix(&plain).unwrap().lines().collect::<Vec<_>>(), library);
    // g4 allows Qh4#, a6 misses it; both at least `?`, and the checker agrees.
    check_game(&start, &moves);
    assert_eq!(lines[2][4], "allows mate in 1 (Qh4#)");
    assert_eq!(lines[2][2], "#-1");
    assert_eq!(lines[3][4], "missed mate in 1 (Qh4#)");
    assert!(lines[2][3].starts_with('?') && lines[3][3].starts_with('?'));
}

/// The course line's moves from the start.
fn game_from_start(line: &str) -> (Position, Vec<Move>) {
    let outcome = analysis_board::analyze(line, &analysis_board::Options::default());
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for ply in &outcome.plies {
        let m = find(&pos, &ply.notation);
        moves.push(m);
        pos = pos.after(m);
    }
    (Position::start(), moves)
}

#[test]
fn the_report_stops_at_the_last_legal_ply() {
    let text = std::fs::read_to_string(common::shared_data().join("course-appendix-games.tsv")).unwrap();
    for prefix in ["C.1 as printed in the other copy", "C.3 as printed in the other copy"] {
        let line = text.lines().find(|l| l.starts_with(prefix)).and_then(|l| l.split('\t').nth(1)).unwrap();
        let (_, plain, _) = chess_analyze(&[], line);
        assert!(plain.contains("error"), "{plain}");
        let (code, out, _) = chess_analyze(&["--report"], line);
        assert_eq!(code, 0);
        let legal = analysis_board::analyze(line, &analysis_board::Options::default()).plies.len();
        assert_eq!(report_lines(&out, &plain).len(), legal, "{prefix}");
    }
    // An error in the first move: the verdict alone.
    let (_, plain, _) = chess_analyze(&[], "e5\n");
    let (_, out, _) = chess_analyze(&["--report"], "e5\n");
    assert_eq!(plain, "move completion error: white pawn to e5\n");
    assert_eq!(out, plain);
}

#[test]
fn the_command_line_reports_a_pgn_from_a_position() {
    let pgn = "[FEN \"6k1/2p2ppp/pnp5/B7/2P3PP/1P1bPPR1/r6r/3R2K1 b - - 1 29\"]\n[SetUp \"1\"]\n\n\
               29... Bg6 30. Bxb6 cxb6 31. Rd8# 1-0\n";
    let (code, plain, _) = chess_analyze(&["--pgn"], pgn);
    assert_eq!((code, plain.as_str()), (0, "white wins by checkmate\n"));
    let (code, out, _) = chess_analyze(&["--pgn", "--report"], pgn);
    assert_eq!(code, 0);
    let lines = report_lines(&out, &plain);
    let column = |i: usize, c: usize| lines[i][c].as_str();
    assert_eq!(lines.len(), 4);
    assert_eq!([column(0, 1), column(0, 2), column(0, 4)], ["Bg6", "#1", "allows mate in 1 (Rd8#)"]);
    assert_eq!([column(1, 1), column(1, 4)], ["Bxb6", "missed mate in 1 (Rd8#)"]);
    assert_eq!(lines[3], ["4", "Rd8#", "", "-", "-"], "the game is over: no evaluation");
}

#[test]
fn report_reads_a_game_not_a_position() {
    let (code, out, err) = chess_analyze(&["--report", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--report"), "{err}");
}
