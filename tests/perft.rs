//! Perft: the number of leaf nodes of the legal move tree, compared with the
//! counts Stockfish gives (`tests/data/perft.epd`, copied from the shared
//! project data). Every depth of every position is checked; the test
//! profile is optimised so the whole suite takes seconds.

use analysis_board::chess::Position;

#[test]
fn every_position_of_the_suite_at_every_depth() {
    let suite = include_str!("data/perft.epd");
    let mut checked = 0;
    for line in suite.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for part in parts {
            let mut words = part.split_whitespace();
            let depth: u32 = words.next().unwrap()[1..].parse().unwrap();
            let expected: u64 = words.next().unwrap().parse().unwrap();
            assert_eq!(pos.perft(depth), expected, "{fen} at depth {depth}");
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} counts checked");
}

/// `perft_estimate` (what `chess-analyze --perft` uses to refuse counts
/// that cannot finish): exact while the counts stay under a million, and
/// within a factor of three of the published counts far beyond. (Counts
/// reached from under a million are exact too, but cost a full perft.)
#[test]
fn the_estimate_is_exact_while_small_and_close_far_beyond() {
    let suite = include_str!("data/perft.epd");
    let mut estimated = 0;
    for line in suite.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut parts = line.split(';');
        let pos = Position::from_fen(parts.next().unwrap().trim()).unwrap();
        let mut below_a_million = true;
        for part in parts {
            let mut words = part.split_whitespace();
            let depth: u32 = words.next().unwrap()[1..].parse().unwrap();
            let expected: u64 = words.next().unwrap().parse().unwrap();
            if below_a_million && expected < 1_000_000 {
                assert_eq!(pos.perft_estimate(depth), expected, "{line} at depth {depth}");
            } else if !below_a_million {
                let ratio = pos.perft_estimate(depth) as f64 / expected as f64;
                assert!((1.0 / 3.0..3.0).contains(&ratio), "{line} at depth {depth}: {ratio}");
                estimated += 1;
            }
            below_a_million &= expected < 1_000_000;
        }
    }
    assert!(estimated > 5, "only {estimated} estimates beyond a million");
    // The start position's published counts at depths 8 to 12.
    let start = Position::start();
    for (depth, published) in [
        (8, 84_998_978_956_u64),
        (9, 2_439_530_234_167),
        (10, 69_352_859_712_417),
        (11, 2_097_651_003_696_806),
        (12, 62_854_969_236_701_747),
    ] {
        let ratio = start.perft_estimate(depth) as f64 / published as f64;
        assert!((1.0 / 3.0..3.0).contains(&ratio), "depth {depth}: {ratio}");
    }
}
