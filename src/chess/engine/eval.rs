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
use crate::chess::attacks;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::Square;
use crate::color::Color;

// Where each feature's weights start in `PARAMS`.
const MATERIAL: usize = 0; // pawn .. queen
const PSQT: usize = MATERIAL + 5; // 6 roles x 32 squares (files e-h mirror a-d)
const MOBILITY_KNIGHT: usize = PSQT + 6 * 32; // by number of squares, 0..=8
const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9; // 0..=13
const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14; // 0..=14
const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15; // 0..=27
const PASSED: usize = MOBILITY_QUEEN + 28; // by rank from its side
const PASSED_FREE: usize = PASSED + 8; // by rank, the square ahead empty
const PASSED_OWN_KING: usize = PASSED_FREE + 8; // king distance x (rank - 1)
const PASSED_THEIR_KING: usize = PASSED_OWN_KING + 1;
const ISOLATED: usize = PASSED_THEIR_KING + 1;
const DOUBLED: usize = ISOLATED + 1;
const BACKWARD: usize = DOUBLED + 1;
const SUPPORTED: usize = BACKWARD + 1; // a pawn defended by a pawn
const BISHOP_PAIR: usize = SUPPORTED + 1;
const ROOK_OPEN: usize = BISHOP_PAIR + 1;
const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
const KING_ATTACK: usize = ROOK_SEMI_OPEN + 1; // knight .. queen: squares hit near the king
const SHIELD: usize = KING_ATTACK + 4; // pawns one and two ranks ahead of the king
const KING_OPEN_FILE: usize = SHIELD + 2;
const THREAT_BY_PAWN: usize = KING_OPEN_FILE + 1;
const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
const TEMPO: usize = THREAT_BY_MINOR + 1;
/// How many weights (each a middlegame and an endgame value) there are.
pub const PARAM_COUNT: usize = TEMPO + 1;

/// The groups of weights by name, start and length (for the tuner's output).
pub const GROUPS: [(&str, usize, usize); 23] = [
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
];

/// The game phase at full material (knight and bishop 1, rook 2, queen 4).
pub const MAX_PHASE: i32 = 24;

/// Receives feature counts (white's minus black's).
trait Sink {
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

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The squares attacked by `color`'s pawns standing on `pawns`.
fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

/// The files beside `file` (not `file` itself).
fn adjacent_files(file: usize) -> u64 {
    let here = FILE_A << file;
    ((here & !FILE_A) >> 1) | ((here & !FILE_H) << 1)
}

/// The squares strictly ahead of `sq` for `color`, on every file.
fn ranks_ahead(color: Color, sq: Square) -> u64 {
    let rank = sq.index() / 8;
    match color {
        Color::White => (!0u64).checked_shl(8 * (rank as u32 + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    }
}

/// The rank of `sq` counted from `color`'s side (0..=7).
fn relative_rank(color: Color, sq: Square) -> usize {
    color.fold(sq.index() / 8, 7 - sq.index() / 8)
}

fn distance(a: Square, b: Square) -> i32 {
    let df = (a.index() % 8).abs_diff(b.index() % 8);
    let dr = (a.index() / 8).abs_diff(b.index() / 8);
    df.max(dr) as i32
}

/// Counts every feature into `sink`; returns the phase and the endgame scale.
fn features(pos: &Position, sink: &mut impl Sink) -> (i32, i32) {
    let occupied = pos.occupied();
    let mut phase = 0;
    for color in Color::ALL {
        let sign = color.fold(1, -1);
        let us = pos.by_color(color);
        let them = !color;
        let our_pawns = pos.pieces(color, Role::Pawn).0;
        let their_pawns = pos.pieces(them, Role::Pawn).0;
        let their_pawn_attacks = pawn_attacks(them, their_pawns);
        let their_king = pos.king_of(them);
        let king_zone = attacks::king_attacks(their_king).with(their_king);
        let mobility_area = !(us.0 | their_pawn_attacks);
        let mut king_hits = [0i32; 4];
        let mut king_attackers = 0;

        for role in Role::ALL {
            let pieces = pos.pieces(color, role);
            if role != Role::King {
                sink.add(MATERIAL + role.index(), sign * pieces.count() as i32);
            }
            phase += [0, 1, 1, 2, 4, 0][role.index()] * pieces.count() as i32;
            for sq in pieces {
                let rel = sq.index() ^ color.fold(0, 56);
                let file = rel % 8;
                sink.add(PSQT + role.index() * 32 + (rel / 8) * 4 + file.min(7 - file), sign);
                let reach = match role {
                    Role::Knight => attacks::knight_attacks(sq),
                    Role::Bishop => attacks::bishop_attacks(sq, occupied),
                    Role::Rook => attacks::rook_attacks(sq, occupied),
                    Role::Queen => attacks::queen_attacks(sq, occupied),
                    Role::Pawn | Role::King => continue,
                };
                let mobility = (reach.0 & mobility_area).count_ones() as usize;
                let base = [0, MOBILITY_KNIGHT, MOBILITY_BISHOP, MOBILITY_ROOK, MOBILITY_QUEEN][role.index()];
                sink.add(base + mobility, sign);
                let hits = (reach & king_zone).count() as i32;
                if hits > 0 {
                    king_hits[role.index() - 1] += hits;
                    king_attackers += 1;
                }
                if matches!(role, Role::Knight | Role::Bishop) {
                    let majors = pos.pieces(them, Role::Rook) | pos.pieces(them, Role::Queen);
                    sink.add(THREAT_BY_MINOR, sign * (reach & majors).count() as i32);
                }
                if role == Role::Rook {
                    let file = FILE_A << (sq.index() % 8);
                    if file & our_pawns == 0 {
                        sink.add(if file & their_pawns == 0 { ROOK_OPEN } else { ROOK_SEMI_OPEN }, sign);
                    }
                }
            }
        }
        // One piece near the king is no attack; two or more are.
        if king_attackers >= 2 {
            for (i, &hits) in king_hits.iter().enumerate() {
                sink.add(KING_ATTACK + i, sign * hits);
            }
        }
        if pos.pieces(color, Role::Bishop).count() >= 2 {
            sink.add(BISHOP_PAIR, sign);
        }
        let their_pieces = pos.by_color(them).0 & !their_pawns;
        sink.add(THREAT_BY_PAWN, sign * (pawn_attacks(color, our_pawns) & their_pieces).count_ones() as i32);
        pawn_features(pos, color, sink);
        king_shelter(pos, color, sink);
    }
    if pos.turn() == Color::White {
        sink.add(TEMPO, 1);
    } else {
        sink.add(TEMPO, -1);
    }
    (phase.min(MAX_PHASE), endgame_scale(pos))
}

/// Passed, isolated, doubled, backward and supported pawns of `color`.
fn pawn_features(pos: &Position, color: Color, sink: &mut impl Sink) {
    let sign = color.fold(1, -1);
    let them = !color;
    let ours = pos.pieces(color, Role::Pawn).0;
    let theirs = pos.pieces(them, Role::Pawn).0;
    let our_attacks = pawn_attacks(color, ours);
    let their_attacks = pawn_attacks(them, theirs);
    let (our_king, their_king) = (pos.king_of(color), pos.king_of(them));
    for sq in pos.pieces(color, Role::Pawn) {
        let file = sq.index() % 8;
        let here = FILE_A << file;
        let ahead = ranks_ahead(color, sq);
        let rank = relative_rank(color, sq);
        let stop = Square::from_index(color.fold(sq.index() + 8, sq.index().wrapping_sub(8)) as u8);
        if theirs & ahead & (here | adjacent_files(file)) == 0 {
            sink.add(PASSED + rank, sign);
            if let Some(stop) = stop {
                if !pos.occupied().contains(stop) {
                    sink.add(PASSED_FREE + rank, sign);
                }
                let weight = rank as i32 - 1;
                sink.add(PASSED_OWN_KING, sign * distance(our_king, stop) * weight);
                sink.add(PASSED_THEIR_KING, sign * distance(their_king, stop) * weight);
            }
        }
        if ours & adjacent_files(file) == 0 {
            sink.add(ISOLATED, sign);
        } else if ours & adjacent_files(file) & !ahead == 0
            && stop.is_some_and(|s| their_attacks & (1 << s.index()) != 0)
        {
            sink.add(BACKWARD, sign);
        }
        if ours & here & ahead != 0 {
            sink.add(DOUBLED, sign);
        }
        if our_attacks & (1 << sq.index()) != 0 {
            sink.add(SUPPORTED, sign);
        }
    }
}

/// Pawns in front of `color`'s king, and open files beside it.
fn king_shelter(pos: &Position, color: Color, sink: &mut impl Sink) {
    let sign = color.fold(1, -1);
    let king = pos.king_of(color);
    let ours = pos.pieces(color, Role::Pawn).0;
    let file = king.index() % 8;
    let files = (FILE_A << file) | adjacent_files(file);
    let rank = king.index() / 8;
    let row = |dr: usize| -> u64 {
        let r = color.fold(rank + dr, rank.wrapping_sub(dr));
        if r < 8 {
            0xff << (8 * r)
        } else {
            0
        }
    };
    sink.add(SHIELD, sign * (ours & files & row(1)).count_ones() as i32);
    sink.add(SHIELD + 1, sign * (ours & files & row(2)).count_ones() as i32);
    let open = (0..8).filter(|&f| files & (FILE_A << f) != 0 && ours & (FILE_A << f) == 0).count();
    sink.add(KING_OPEN_FILE, sign * open as i32);
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
