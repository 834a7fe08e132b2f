//! The evaluation's piece terms: material, piece-square values, mobility,
//! attacks near the enemy king, threats, outposts and rooks on open files
//! and the seventh rank.

use super::pawns::{adjacent_files, pawn_attacks, ranks_ahead, relative_rank, FILE_A};
use super::terms::{
    Sink, BISHOP_PAIR, KING_ATTACK, KING_DANGER, MATERIAL, MOBILITY_BISHOP, MOBILITY_KNIGHT, MOBILITY_QUEEN,
    MOBILITY_ROOK, OUTPOST, PSQT, ROOK_OPEN, ROOK_SEMI_OPEN, ROOK_SEVENTH, THREAT_BY_MINOR, THREAT_BY_PAWN,
    THREAT_BY_ROOK,
};
use crate::chess::attacks;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::color::Color;

/// What `count` found that the other side's terms need.
pub(super) struct Reach {
    /// Every square `color` attacks (pieces, pawns and king).
    pub attacked: u64,
    /// Empty or enemy squares from which a piece of `color` could give check.
    pub checks: u64,
}

/// Counts `color`'s piece terms into `sink`; `counts`: `color`'s pieces by role.
pub(super) fn count(pos: &Position, color: Color, counts: &[i32; 6], sink: &mut impl Sink) -> Reach {
    let sign = color.fold(1, -1);
    let them = !color;
    let occupied = pos.occupied();
    let our_pawns = pos.pieces(color, Role::Pawn).0;
    let their_pawns = pos.pieces(them, Role::Pawn).0;
    let our_pawn_attacks = pawn_attacks(color, our_pawns);
    let mobility_area = !(pos.by_color(color).0 | pawn_attacks(them, their_pawns));
    let their_king = pos.king_of(them);
    let king_zone = attacks::king_attacks(their_king).with(their_king);
    let their_queens = pos.pieces(them, Role::Queen);
    let their_majors = pos.pieces(them, Role::Rook) | their_queens;
    let mut attacked = our_pawn_attacks | attacks::king_attacks(pos.king_of(color)).0;
    let mut king_hits = [0i32; 4];
    let mut king_attackers = 0;
    let knight_checks = attacks::knight_attacks(their_king).0;
    let bishop_checks = attacks::bishop_attacks(their_king, occupied).0;
    let rook_checks = attacks::rook_attacks(their_king, occupied).0;
    let mut checks = 0;

    for role in Role::ALL {
        let pieces = pos.pieces(color, role);
        if role != Role::King {
            sink.add(MATERIAL + role.index(), sign * counts[role.index()]);
        }
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
            attacked |= reach.0;
            checks |= reach.0
                & match role {
                    Role::Knight => knight_checks,
                    Role::Bishop => bishop_checks,
                    Role::Rook => rook_checks,
                    _ => bishop_checks | rook_checks,
                };
            let mobility = (reach.0 & mobility_area).count_ones() as usize;
            let base = [0, MOBILITY_KNIGHT, MOBILITY_BISHOP, MOBILITY_ROOK, MOBILITY_QUEEN][role.index()];
            sink.add(base + mobility, sign);
            // Counted only when there is something to count: most pieces
            // are far from the king and threaten nothing.
            let near = reach & king_zone;
            if near.any() {
                king_hits[role.index() - 1] += near.count() as i32;
                king_attackers += 1;
            }
            match role {
                Role::Knight | Role::Bishop => {
                    let threats = reach & their_majors;
                    if threats.any() {
                        sink.add(THREAT_BY_MINOR, sign * threats.count() as i32);
                    }
                    // An outpost: defended by a pawn, and no enemy pawn can
                    // ever chase it away.
                    let rank = relative_rank(color, sq);
                    let chasers = their_pawns & ranks_ahead(color, sq) & adjacent_files(sq.index() % 8);
                    if (3..=5).contains(&rank) && our_pawn_attacks & (1 << sq.index()) != 0 && chasers == 0 {
                        sink.add(OUTPOST + role.index() - 1, sign);
                    }
                }
                Role::Rook => {
                    let threats = reach & their_queens;
                    if threats.any() {
                        sink.add(THREAT_BY_ROOK, sign * threats.count() as i32);
                    }
                    let file = FILE_A << (sq.index() % 8);
                    if file & our_pawns == 0 {
                        sink.add(if file & their_pawns == 0 { ROOK_OPEN } else { ROOK_SEMI_OPEN }, sign);
                    }
                    if relative_rank(color, sq) == 6 {
                        sink.add(ROOK_SEVENTH, sign);
                    }
                }
                _ => {}
            }
        }
    }
    // One piece near the king is no attack; two or more are, and they
    // grow more dangerous together than apart.
    if king_attackers >= 2 {
        for (i, &hits) in king_hits.iter().enumerate() {
            sink.add(KING_ATTACK + i, sign * hits);
        }
        let units = 2 * king_hits[0] + 2 * king_hits[1] + 3 * king_hits[2] + 5 * king_hits[3];
        sink.add(KING_DANGER, sign * units * units / 8);
    }
    if counts[Role::Bishop.index()] >= 2 {
        sink.add(BISHOP_PAIR, sign);
    }
    let their_pieces = pos.by_color(them).0 & !their_pawns;
    sink.add(THREAT_BY_PAWN, sign * (our_pawn_attacks & their_pieces).count_ones() as i32);
    Reach { attacked, checks: checks & !pos.by_color(color).0 }
}
