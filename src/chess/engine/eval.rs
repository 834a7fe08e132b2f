//! The evaluation: a sum of features (material, piece-square values,
//! mobility, pawn structure, king safety, ...) each counted for white minus
//! black and weighted twice, once for the middlegame and once for the
//! endgame, the two blended by the material left (a tapered evaluation).
//!
//! The weights live in `params.rs`, written by the tuner
//! (`examples/engine_tune.rs`), which fits them to labelled positions
//! through `trace`: the same code counts the features for the search and
//! for the tuner, so the two cannot disagree.

use super::pawn_table::PawnTable;
use super::terms::{Sink, HANGING, SAFE_CHECK, TEMPO};
use super::weighted::Weighted;
use super::{pawns, pieces};
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::color::Color;

/// The game phase at full material (knight and bishop 1, rook 2, queen 4).
pub const MAX_PHASE: i32 = 24;

/// The features of a position, for the tuner.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// `MAX_PHASE` at full material, 0 with pawns and kings alone.
    pub phase: i32,
    /// The value is multiplied by `scale / 64` (drawish endings).
    pub scale: i32,
    /// Feature index and count (white's minus black's), each index once.
    pub features: Vec<(u16, i16)>,
}

impl Sink for Trace {
    fn add(&mut self, feature: usize, count: i32) {
        if count == 0 {
            return;
        }
        match self.features.iter_mut().find(|(f, _)| *f as usize == feature) {
            Some((_, n)) => *n += count as i16,
            None => self.features.push((feature as u16, count as i16)),
        }
    }
}

/// The position's value in centipawns for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let mut w = Weighted::default();
    let (phase, scale) = features(pos, &mut w, pawns::both_structures);
    weigh(pos, &w, phase, scale)
}

/// `evaluate`, the pawn-structure terms taken from `table` when it has them
/// (the same value: a test compares the two).
pub(super) fn evaluate_with(pos: &Position, table: &mut PawnTable) -> i32 {
    let mut w = Weighted::default();
    let (phase, scale) = features(pos, &mut w, |pos, w: &mut Weighted| {
        let (sums, passed) = table.probe(pos);
        w.mg += sums.mg;
        w.eg += sums.eg;
        passed
    });
    weigh(pos, &w, phase, scale)
}

/// The blend of the weighted sums by phase and scale, for the side to move.
fn weigh(pos: &Position, w: &Weighted, phase: i32, scale: i32) -> i32 {
    let white = (w.mg * phase + w.eg * (MAX_PHASE - phase)) * scale / (64 * MAX_PHASE);
    pos.turn().fold(white, -white)
}

/// The features `evaluate` weighs, for the tuner: `evaluate` is
/// `(mg . f * phase + eg . f * (24 - phase)) * scale / (64 * 24)` for white.
pub fn trace(pos: &Position) -> Trace {
    let mut t = Trace::default();
    let (phase, scale) = features(pos, &mut t, pawns::both_structures);
    t.phase = phase;
    t.scale = scale;
    t.features.sort_unstable();
    t.features.retain(|&(_, n)| n != 0);
    t
}

/// Counts every feature into `sink`, the pawn-structure terms by
/// `structure` (which returns both sides' passed pawns); returns the phase
/// and the endgame scale.
fn features<S: Sink>(pos: &Position, sink: &mut S, structure: impl FnOnce(&Position, &mut S) -> u64) -> (i32, i32) {
    // Each side's pieces by role, counted once for material, phase and scale.
    let counts = Color::ALL.map(|c| Role::ALL.map(|r| pos.pieces(c, r).count() as i32));
    let reach =
        [pieces::count(pos, Color::White, &counts[0], sink), pieces::count(pos, Color::Black, &counts[1], sink)];
    let attacked = [reach[0].attacked, reach[1].attacked];
    let passed = structure(pos, sink);
    let mut phase = 0;
    for color in Color::ALL {
        let sign = color.fold(1, -1);
        for (role, weight) in [(Role::Knight, 1), (Role::Bishop, 1), (Role::Rook, 2), (Role::Queen, 4)] {
            phase += weight * counts[color.index()][role.index()];
        }
        // Pieces the other side attacks and this side does not defend.
        let pieces = pos.by_color(color).0 & !(pos.by_role(Role::Pawn).0 | pos.by_role(Role::King).0);
        let hanging = pieces & attacked[(!color).index()] & !attacked[color.index()];
        sink.add(HANGING, sign * hanging.count_ones() as i32);
        // Checks the other side cannot answer by taking the checking piece.
        let safe_checks = reach[color.index()].checks & !attacked[(!color).index()];
        sink.add(SAFE_CHECK, sign * safe_checks.count_ones() as i32);
        pawns::passed_pawns(pos, color, passed & pos.by_color(color).0, sink);
        pawns::king_shelter(pos, color, sink);
    }
    sink.add(TEMPO, pos.turn().fold(1, -1));
    (phase.min(MAX_PHASE), endgame_scale(&counts))
}

/// The value's scale in 64ths: a side without pawns needs more than
/// a minor piece's worth of advantage to win. `counts`: each side's pieces
/// by role.
fn endgame_scale(counts: &[[i32; 6]; 2]) -> i32 {
    let value = |c: &[i32; 6]| {
        c[Role::Knight.index()] * 3
            + c[Role::Bishop.index()] * 3
            + c[Role::Rook.index()] * 5
            + c[Role::Queen.index()] * 9
    };
    let (white, black) = (value(&counts[0]), value(&counts[1]));
    let stronger = if white >= black { Color::White } else { Color::Black };
    let (strong, weak) = if white >= black { (white, black) } else { (black, white) };
    if counts[stronger.index()][Role::Pawn.index()] > 0 {
        return 64;
    }
    match strong - weak {
        // A lone minor piece cannot mate.
        _ if strong <= 3 => 0,
        d if d <= 3 => 16,
        _ => 64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::engine::params::PARAMS;
    use crate::chess::engine::terms::{KING_EXPOSED, KING_OPEN_FILE, SHIELD};

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).expect("fen"))
    }

    #[test]
    fn the_start_position_is_about_even() {
        let v = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(v.abs() < 60, "{v}");
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        // A position and its mirror image (colours swapped) are worth the
        // same to the side to move.
        let a = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(a, b);
    }

    #[test]
    fn a_queen_up_is_winning() {
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 500);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -500);
    }

    #[test]
    fn a_lone_minor_piece_is_a_draw() {
        assert_eq!(eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), 0);
        assert_eq!(eval("4k3/8/8/8/8/8/8/3BK3 b - - 0 1"), 0);
    }

    /// The count of feature `index` in the trace of `fen` (white's minus black's).
    fn feature(fen: &str, index: usize) -> i16 {
        let t = trace(&Position::from_fen(fen).expect("fen"));
        t.features.iter().find(|&&(f, _)| f as usize == index).map_or(0, |&(_, n)| n)
    }

    #[test]
    fn a_king_walked_up_the_board_has_no_shield_and_is_exposed() {
        // The Fried Liver after 7.Qf3+ Ke6: the pawn on e5 is no shield for
        // the king before it; white's king at home has d2 and f2.
        let fen = "r1bq1b1r/ppp3pp/2n1k3/3np3/2B5/5Q2/PPPP1PPP/RNB1K2R w KQ - 2 8";
        assert_eq!(feature(fen, SHIELD), 2);
        assert_eq!(feature(fen, KING_EXPOSED), -1);
        // White's king has the e-file open beside it, black's the d and f.
        assert_eq!(feature(fen, KING_OPEN_FILE), 1 - 2);
    }

    #[test]
    fn the_trace_weighs_to_the_evaluation() {
        let pos = Position::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9").expect("fen");
        let t = trace(&pos);
        let (mut mg, mut eg) = (0, 0);
        for &(f, n) in &t.features {
            mg += PARAMS[f as usize][0] as i32 * n as i32;
            eg += PARAMS[f as usize][1] as i32 * n as i32;
        }
        let white = (mg * t.phase + eg * (MAX_PHASE - t.phase)) * t.scale / (64 * MAX_PHASE);
        assert_eq!(white, evaluate(&pos));
    }

    #[test]
    fn the_pawn_table_gives_the_evaluation_from_scratch() {
        // Every move from the random walks' positions, twice (the second
        // pass finds the pawns in the table).
        let mut table = PawnTable::new();
        let mut compared = 0;
        for _ in 0..2 {
            for pos in crate::chess::position::tests::random_walks() {
                for m in pos.legal_moves() {
                    let child = pos.after(m);
                    assert_eq!(evaluate_with(&child, &mut table), evaluate(&child), "{m} {pos:?}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 100_000, "{compared}");
    }
}
