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
