//! The evaluation: a sum of features (material, piece-square values,
//! mobility, pawn structure, king safety, ...) each counted for white minus
//! black and weighted twice, once for the middlegame and once for the
//! endgame, the two blended by the material left (a tapered evaluation).
//!
//! The weights live in `params.rs`, written by the tuner
//! (`examples/engine_tune.rs`), which fits them to labelled positions
//! through `trace`: the same code counts the features for the search and
//! for the tuner, so the two cannot disagree.

use super::params::PARAMS;
use super::{pawns, pieces};
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::color::Color;

// Where each feature's weights start in `PARAMS`.
pub(super) const MATERIAL: usize = 0; // pawn .. queen
pub(super) const PSQT: usize = MATERIAL + 5; // 6 roles x 32 squares (files e-h mirror a-d)
pub(super) const MOBILITY_KNIGHT: usize = PSQT + 6 * 32; // by number of squares, 0..=8
pub(super) const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9; // 0..=13
pub(super) const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14; // 0..=14
pub(super) const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15; // 0..=27
pub(super) const PASSED: usize = MOBILITY_QUEEN + 28; // by rank from its side
pub(super) const PASSED_FREE: usize = PASSED + 8; // by rank, the square ahead empty
pub(super) const PASSED_OWN_KING: usize = PASSED_FREE + 8; // king distance x (rank - 1)
pub(super) const PASSED_THEIR_KING: usize = PASSED_OWN_KING + 1;
pub(super) const ISOLATED: usize = PASSED_THEIR_KING + 1;
pub(super) const DOUBLED: usize = ISOLATED + 1;
pub(super) const BACKWARD: usize = DOUBLED + 1;
pub(super) const SUPPORTED: usize = BACKWARD + 1; // a pawn defended by a pawn
pub(super) const BISHOP_PAIR: usize = SUPPORTED + 1;
pub(super) const ROOK_OPEN: usize = BISHOP_PAIR + 1;
pub(super) const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
pub(super) const KING_ATTACK: usize = ROOK_SEMI_OPEN + 1; // knight .. queen: squares hit near the king
pub(super) const SHIELD: usize = KING_ATTACK + 4; // pawns one and two ranks ahead of the king
pub(super) const KING_OPEN_FILE: usize = SHIELD + 2;
pub(super) const THREAT_BY_PAWN: usize = KING_OPEN_FILE + 1;
pub(super) const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
pub(super) const TEMPO: usize = THREAT_BY_MINOR + 1;
pub(super) const KING_DANGER: usize = TEMPO + 1; // (weighted hits near the king)^2 / 8
pub(super) const HANGING: usize = KING_DANGER + 1; // attacked and not defended
pub(super) const OUTPOST: usize = HANGING + 1; // knight, bishop: pawn-defended, out of pawns' reach
pub(super) const ROOK_SEVENTH: usize = OUTPOST + 2;
pub(super) const THREAT_BY_ROOK: usize = ROOK_SEVENTH + 1; // a rook attacking a queen
pub(super) const PHALANX: usize = THREAT_BY_ROOK + 1; // a pawn beside a pawn
/// How many weights (each a middlegame and an endgame value) there are.
pub const PARAM_COUNT: usize = PHALANX + 1;

/// The groups of weights by name, start and length (for the tuner's output).
pub const GROUPS: [(&str, usize, usize); 29] = [
    ("material", MATERIAL, 5),
    ("piece-square", PSQT, 6 * 32),
    ("knight mobility", MOBILITY_KNIGHT, 9),
    ("bishop mobility", MOBILITY_BISHOP, 14),
    ("rook mobility", MOBILITY_ROOK, 15),
    ("queen mobility", MOBILITY_QUEEN, 28),
    ("passed pawn", PASSED, 8),
    ("passed pawn, free", PASSED_FREE, 8),
    ("passed pawn, own king distance", PASSED_OWN_KING, 1),
    ("passed pawn, their king distance", PASSED_THEIR_KING, 1),
    ("isolated pawn", ISOLATED, 1),
    ("doubled pawn", DOUBLED, 1),
    ("backward pawn", BACKWARD, 1),
    ("supported pawn", SUPPORTED, 1),
    ("bishop pair", BISHOP_PAIR, 1),
    ("rook on open file", ROOK_OPEN, 1),
    ("rook on half-open file", ROOK_SEMI_OPEN, 1),
    ("king attack", KING_ATTACK, 4),
    ("pawn shield", SHIELD, 2),
    ("open file by the king", KING_OPEN_FILE, 1),
    ("threat by pawn", THREAT_BY_PAWN, 1),
    ("threat by minor", THREAT_BY_MINOR, 1),
    ("tempo", TEMPO, 1),
    ("king danger", KING_DANGER, 1),
    ("hanging piece", HANGING, 1),
    ("outpost", OUTPOST, 2),
    ("rook on the seventh", ROOK_SEVENTH, 1),
    ("threat by rook", THREAT_BY_ROOK, 1),
    ("pawn phalanx", PHALANX, 1),
];

/// The game phase at full material (knight and bishop 1, rook 2, queen 4).
pub const MAX_PHASE: i32 = 24;

/// Receives feature counts (white's minus black's).
pub(super) trait Sink {
    fn add(&mut self, feature: usize, count: i32);
}

/// Sums the weights.
#[derive(Default)]
struct Weighted {
    mg: i32,
    eg: i32,
}

impl Sink for Weighted {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        let [mg, eg] = PARAMS[feature];
        self.mg += mg as i32 * count;
        self.eg += eg as i32 * count;
    }
}

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
    let (phase, scale) = features(pos, &mut w);
    let white = (w.mg * phase + w.eg * (MAX_PHASE - phase)) * scale / (64 * MAX_PHASE);
    pos.turn().fold(white, -white)
}

/// The features `evaluate` weighs, for the tuner: `evaluate` is
/// `(mg . f * phase + eg . f * (24 - phase)) * scale / (64 * 24)` for white.
pub fn trace(pos: &Position) -> Trace {
    let mut t = Trace::default();
    let (phase, scale) = features(pos, &mut t);
    t.phase = phase;
    t.scale = scale;
    t.features.sort_unstable();
    t.features.retain(|&(_, n)| n != 0);
    t
}

/// Counts every feature into `sink`; returns the phase and the endgame scale.
fn features(pos: &Position, sink: &mut impl Sink) -> (i32, i32) {
    let attacked = [pieces::count(pos, Color::White, sink), pieces::count(pos, Color::Black, sink)];
    let mut phase = 0;
    for color in Color::ALL {
        let sign = color.fold(1, -1);
        for (role, weight) in [(Role::Knight, 1), (Role::Bishop, 1), (Role::Rook, 2), (Role::Queen, 4)] {
            phase += weight * pos.pieces(color, role).count() as i32;
        }
        // Pieces the other side attacks and this side does not defend.
        let pieces = pos.by_color(color).0 & !(pos.by_role(Role::Pawn).0 | pos.by_role(Role::King).0);
        let hanging = pieces & attacked[(!color).index()] & !attacked[color.index()];
        sink.add(HANGING, sign * hanging.count_ones() as i32);
        pawns::count(pos, color, sink);
        pawns::king_shelter(pos, color, sink);
    }
    sink.add(TEMPO, pos.turn().fold(1, -1));
    (phase.min(MAX_PHASE), endgame_scale(pos))
}

/// The value's scale in 64ths: a side without pawns needs more than
/// a minor piece's worth of advantage to win.
fn endgame_scale(pos: &Position) -> i32 {
    let value = |c: Color| {
        pos.pieces(c, Role::Knight).count() as i32 * 3
            + pos.pieces(c, Role::Bishop).count() as i32 * 3
            + pos.pieces(c, Role::Rook).count() as i32 * 5
            + pos.pieces(c, Role::Queen).count() as i32 * 9
    };
    let (white, black) = (value(Color::White), value(Color::Black));
    let stronger = if white >= black { Color::White } else { Color::Black };
    let (strong, weak) = if white >= black { (white, black) } else { (black, white) };
    if pos.pieces(stronger, Role::Pawn).any() {
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
}
