//! The evaluation's pawn terms: passed, isolated, doubled, backward,
//! supported pawns and phalanxes, and the shelter of pawns before a king;
//! with the bitboard helpers the piece terms share.

use super::terms::{
    Sink, BACKWARD, DOUBLED, ISOLATED, KING_EXPOSED, KING_OPEN_FILE, PASSED, PASSED_FREE, PASSED_OWN_KING,
    PASSED_THEIR_KING, PHALANX, SHIELD, SUPPORTED,
};
use crate::chess::bitboard::Bitboard;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::Square;
use crate::color::Color;

pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The squares attacked by `color`'s pawns standing on `pawns`.
pub(super) fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

/// The files beside `file` (not `file` itself).
pub(super) fn adjacent_files(file: usize) -> u64 {
    let here = FILE_A << file;
    ((here & !FILE_A) >> 1) | ((here & !FILE_H) << 1)
}

/// The squares strictly ahead of `sq` for `color`, on every file.
pub(super) fn ranks_ahead(color: Color, sq: Square) -> u64 {
    let rank = sq.index() / 8;
    match color {
        Color::White => (!0u64).checked_shl(8 * (rank as u32 + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    }
}

/// The rank of `sq` counted from `color`'s side (0..=7).
pub(super) fn relative_rank(color: Color, sq: Square) -> usize {
    color.fold(sq.index() / 8, 7 - sq.index() / 8)
}

fn distance(a: Square, b: Square) -> i32 {
    let df = (a.index() % 8).abs_diff(b.index() % 8);
    let dr = (a.index() / 8).abs_diff(b.index() / 8);
    df.max(dr) as i32
}

/// Passed, isolated, doubled, backward, supported and phalanx pawns of
/// `color`: the terms that depend on the pawns alone (so a table keyed by
/// the pawns can keep them). Returns `color`'s passed pawns.
pub(super) fn structure(pos: &Position, color: Color, sink: &mut impl Sink) -> u64 {
    let sign = color.fold(1, -1);
    let them = !color;
    let ours = pos.pieces(color, Role::Pawn).0;
    let theirs = pos.pieces(them, Role::Pawn).0;
    let our_attacks = pawn_attacks(color, ours);
    let their_attacks = pawn_attacks(them, theirs);
    let mut passed = 0;
    for sq in pos.pieces(color, Role::Pawn) {
        let file = sq.index() % 8;
        let here = FILE_A << file;
        let ahead = ranks_ahead(color, sq);
        if theirs & ahead & (here | adjacent_files(file)) == 0 {
            sink.add(PASSED + relative_rank(color, sq), sign);
            passed |= 1 << sq.index();
        }
        if ours & adjacent_files(file) == 0 {
            sink.add(ISOLATED, sign);
        } else if ours & adjacent_files(file) & !ahead == 0
            && stop_square(color, sq).is_some_and(|s| their_attacks & (1 << s.index()) != 0)
        {
            sink.add(BACKWARD, sign);
        }
        if ours & here & ahead != 0 {
            sink.add(DOUBLED, sign);
        }
        if our_attacks & (1 << sq.index()) != 0 {
            sink.add(SUPPORTED, sign);
        }
        if ours & adjacent_files(file) & (0xff << (sq.index() / 8 * 8)) != 0 {
            sink.add(PHALANX, sign);
        }
    }
    passed
}

/// Both sides' `structure` terms; their passed pawns.
pub(super) fn both_structures(pos: &Position, sink: &mut impl Sink) -> u64 {
    structure(pos, Color::White, sink) | structure(pos, Color::Black, sink)
}

/// The terms of `color`'s passed pawns (`passed`, from `structure`) that
/// depend on more than the pawns: the square ahead free, the kings' distances.
pub(super) fn passed_pawns(pos: &Position, color: Color, passed: u64, sink: &mut impl Sink) {
    let sign = color.fold(1, -1);
    let (our_king, their_king) = (pos.king_of(color), pos.king_of(!color));
    for sq in Bitboard(passed) {
        let rank = relative_rank(color, sq);
        if let Some(stop) = stop_square(color, sq) {
            if !pos.occupied().contains(stop) {
                sink.add(PASSED_FREE + rank, sign);
            }
            let weight = rank as i32 - 1;
            sink.add(PASSED_OWN_KING, sign * distance(our_king, stop) * weight);
            sink.add(PASSED_THEIR_KING, sign * distance(their_king, stop) * weight);
        }
    }
}

/// The square before a pawn of `color` on `sq` (none on the last rank).
fn stop_square(color: Color, sq: Square) -> Option<Square> {
    Square::from_index(color.fold(sq.index() + 8, sq.index().wrapping_sub(8)) as u8)
}

/// The files `squares` touches, as the bits 0..8 (file a is bit 0).
fn files_of(squares: u64) -> u8 {
    let half = squares | squares >> 32;
    let quarter = half | half >> 16;
    (quarter | quarter >> 8) as u8
}

/// Pawns in front of `color`'s king, and open files beside it.
pub(super) fn king_shelter(pos: &Position, color: Color, sink: &mut impl Sink) {
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
    // Pawns shelter a king on its first two ranks; a king that walked up
    // the board has pawns beside or behind it, not a shield.
    if relative_rank(color, king) <= 1 {
        sink.add(SHIELD, sign * (ours & files & row(1)).count_ones() as i32);
        sink.add(SHIELD + 1, sign * (ours & files & row(2)).count_ones() as i32);
    }
    // The files by the king without a pawn of ours, one bit a file.
    let open = files_of(files) & !files_of(ours);
    sink.add(KING_OPEN_FILE, sign * open.count_ones() as i32);
    // A king walked up the board while the enemy queen lives (after a
    // sacrifice on f7, say) is in more danger than its shelter shows.
    if pos.pieces(!color, Role::Queen).any() {
        sink.add(KING_EXPOSED, sign * relative_rank(color, king).saturating_sub(1) as i32);
    }
}
