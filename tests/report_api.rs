//! The report as the page receives it, for every game: chess's proven facts
//! with the better move to draw, Congo's and checkers' values and marks from
//! the course's searches, and no report for a problem.
#![cfg(feature = "all-games")]

use analysis_board::analysis::{analyze, report, reporter};
use analysis_board::chess::Position;
use analysis_board::outcome::Status;
use analysis_board::GameKind;
use analysis_board::Options;

#[test]
fn chess_facts_come_with_a_better_move_from_the_position_before() {
    let (start, plies) = report("f3 e5 g4 d6", &Options::default()).unwrap();
    assert_eq!(plies.len(), 4);
    assert!(start.value.abs() < 0.2, "{start:?}");
    let g4 = &plies[2];
    assert_eq!((g4.ply, g4.notation.as_str(), g4.mark), (3, "g4", Some("??")));
    assert_eq!(g4.eval.as_deref(), Some("#-1"));
    assert_eq!(g4.facts.len(), 1);
    assert_eq!(g4.facts[0].kind, "allows_mate");
    assert_eq!(g4.facts[0].text, "allows mate in 1 (Qh4#)");
    // The better move is legal before g4 and allows no mate in 1.
    let before = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2").unwrap();
    let better = &g4.facts[0].better;
    let m = before.legal_moves().iter().copied().find(|m| m.from().name() == better.from && m.to().name() == better.to);
    let after = before.after(m.expect("a legal better move"));
    assert!(after.legal_moves().iter().all(|&reply| !after.after(reply).is_checkmate()), "{better:?}");
    // Black then missed the mate: d6 instead of Qh4#.
    let d6 = &plies[3];
    assert_eq!(d6.facts[0].text, "missed mate in 1 (Qh4#)");
    assert_eq!((d6.facts[0].better.from.as_str(), d6.facts[0].better.to.as_str()), ("d8", "h4"));
    assert!(!d6.pv.is_empty());
}

#[test]
fn a_report_stops_at_the_last_legal_ply_and_goes_a_ply_at_a_time() {
    let mut r = reporter("e4 e5 Ke3 Nc6", &Options::default()).unwrap();
    assert_eq!(r.len(), 2);
    assert_eq!(r.next_ply().map(|p| p.notation), Some("e4".into()));
    assert_eq!(r.next_ply().map(|p| p.ply), Some(2));
    assert!(r.next_ply().is_none());
    assert!(r.method().proven);
}

#[test]
fn congo_and_checkers_reports_use_their_searches_and_prove_nothing() {
    for (text, game) in [("d2d3 d6d5 c2c3", GameKind::Congo), ("c3->d4 f6->e5 d4->f6 g7->e5", GameKind::Checkers)] {
        let mut r = reporter(text, &Options::game(game)).unwrap();
        assert!(!r.method().proven);
        assert!(r.method().text.contains("depth"), "{}", r.method().text);
        let mut n = 0;
        while let Some(ply) = r.next_ply() {
            n += 1;
            assert!((-1.0..=1.0).contains(&ply.value), "{text}: {ply:?}");
            assert!(ply.facts.is_empty());
            assert!(ply.eval.is_some(), "{text}: {ply:?}");
        }
        assert_eq!(n, text.split(' ').count(), "{text}");
    }
    // A monkey's capture of a pawn is good for White; the eval says so.
    let (_, plies) = report("3l3/7/7/3p3/3M3/7/3L3 w 0\nd3d5", &Options::default()).unwrap();
    assert!(plies[0].value > 0.0, "{plies:?}");
}

#[test]
fn a_problem_has_no_report() {
    assert!(reporter("0\n\n4 4\nk...\n....\n....\n...K\n", &Options::default()).is_err());
}

/// Regression (issue 36): a text whose FEN gives no position was reported
/// from the standard start position, while `analyze` says parse error.
#[test]
fn a_text_that_gives_no_position_has_no_report() {
    for text in [
        "kk6/8/8/8/8/8/8/KK6 w - - 0 1\ne4 e5",
        "[FEN \"garbage\"]\n\n1. e4 e5 *",
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1\nKd2",
    ] {
        let refused = reporter(text, &Options::default()).err().expect(text);
        let analysed = analyze(text, &Options::default());
        assert_eq!(analysed.status, Status::ParseError, "{text:?}");
        assert_eq!(refused.0, analysed.error.unwrap().reason, "{text:?}");
        assert!(refused.0.contains("does not give a position to play from: "), "{text:?}: {}", refused.0);
        assert!(report(text, &Options::default()).is_err());
    }
}

/// At most `MAX_REPORT_PLIES` plies are reported, and the method says so.
#[test]
fn a_report_stops_at_its_longest_and_says_so() {
    use analysis_board::report::MAX_REPORT_PLIES;
    let long = "Nf3 Nf6 Ng1 Ng8 ".repeat(MAX_REPORT_PLIES / 4 + 1);
    let r = reporter(&long, &Options::default()).unwrap();
    assert_eq!(r.len(), MAX_REPORT_PLIES);
    let all = MAX_REPORT_PLIES + 4;
    assert!(r.method().text.ends_with(&format!(
        "; the first {MAX_REPORT_PLIES} plies of {all} (at most {MAX_REPORT_PLIES} are reported)"
    )));
    let short = reporter("e4 e5", &Options::default()).unwrap();
    assert!(!short.method().text.contains("at most"), "{}", short.method().text);
}
