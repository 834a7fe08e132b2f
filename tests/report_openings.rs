//! The report's marks on well-known openings (issue 33): the main lines of
//! the Italian, the Sicilian Najdorf, the Queen's Gambit Declined, the
//! Caro-Kann and the English carry no mark, and the Fried Liver's 6.Nxf7
//! (Stockfish 15.1's best move at depth 20, +1.00 after 5...Nxd5) is no
//! error: the engine must see what the black king's walk up the board costs.
#![cfg(feature = "engine")]

use analysis_board::chess::notation::san::san;
use analysis_board::chess::report::{report_game, PlyReport};
use analysis_board::chess::{Move, Position};

/// The report of the game of `line` (SAN moves from the start, check
/// marks optional).
fn report(line: &str) -> Vec<PlyReport> {
    let bare = |s: &str| s.trim_end_matches(['+', '#']).to_string();
    let mut pos = Position::start();
    let mut moves: Vec<Move> = Vec::new();
    for text in line.split_whitespace() {
        let m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| bare(&san(&pos, m)) == bare(text))
            .unwrap_or_else(|| panic!("{text} is not legal in {}", pos.fen()));
        moves.push(m);
        pos = pos.after(m);
    }
    report_game(&Position::start(), &moves)
}

/// The marked moves of a report, as "ply. SAN mark".
fn marked(plies: &[PlyReport]) -> Vec<String> {
    plies.iter().enumerate().filter_map(|(i, r)| r.mark.map(|mark| format!("{}. {} {mark:?}", i + 1, r.san))).collect()
}

#[test]
fn main_line_openings_carry_no_mark() {
    for line in [
        "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O",
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
        "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O",
        "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5",
        "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5",
    ] {
        let plies = report(line);
        assert_eq!(plies.len(), line.split_whitespace().count(), "{line}");
        assert_eq!(marked(&plies), Vec::<String>::new(), "{line}");
    }
}

#[test]
fn the_fried_liver_sacrifice_is_no_error() {
    let plies = report("e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 Nxf7");
    let nxf7 = &plies[10];
    assert_eq!(nxf7.san, "Nxf7");
    assert_eq!(nxf7.mark, None, "6.Nxf7 marked: {:?}", marked(&plies));
}
