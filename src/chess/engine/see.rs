//! Static exchange evaluation: what a capture wins once every piece bearing
//! on its square has taken back, each side free to stop, the cheapest
//! attacker taking first. Pins are not seen (the usual simplification).

use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::Square;

/// Piece values for exchanges (the king's: more than all the rest).
pub const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// The material the side to move wins by `m` and the exchange on its
/// square that follows (negative: it loses material).
pub fn see(pos: &Position, m: Move) -> i32 {
    let (from, to) = match m {
        Move::Castle { .. } => return 0,
        _ => (m.from(), m.to()),
    };
    let mut occupied = pos.occupied().without(from);
    if let Move::EnPassant { .. } = m {
        occupied = occupied.without(Square::new(to.file(), from.rank()));
    }
    let mut gain = [0i32; 33];
    gain[0] = m.capture().map_or(0, |r| VALUE[r.index()]);
    // The value standing on the square, ready to be taken next.
    let mut on_square = match m.promotion() {
        Some(p) => {
            gain[0] += VALUE[p.index()] - VALUE[Role::Pawn.index()];
            VALUE[p.index()]
        }
        None => VALUE[m.role().index()],
    };
    let mut side = !pos.turn();
    let mut d = 0;
    while d + 1 < gain.len() {
        let attackers = pos.attackers(to, side, occupied) & occupied;
        let Some((role, sq)) = least_valuable(pos, attackers) else { break };
        if role == Role::King && (pos.attackers(to, !side, occupied) & occupied).any() {
            // The king may not take a defended piece.
            break;
        }
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if gain[d].max(-gain[d - 1]) < 0 {
            // Whatever follows, this side does not want to go on.
            break;
        }
        on_square = VALUE[role.index()];
        occupied = occupied.without(sq);
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Whether `see(pos, m) >= threshold`, the exchange played out only when
/// the move's own bounds leave it open: the mover wins at most what it
/// takes, and loses at most the piece it puts on the square (it may stop
/// after any capture).
pub fn see_at_least(pos: &Position, m: Move, threshold: i32) -> bool {
    let (taken, at_risk) = match m {
        Move::Castle { .. } => return 0 >= threshold,
        _ => {
            let captured = m.capture().map_or(0, |r| VALUE[r.index()]);
            match m.promotion() {
                Some(p) => (captured + VALUE[p.index()] - VALUE[Role::Pawn.index()], VALUE[p.index()]),
                None => (captured, VALUE[m.role().index()]),
            }
        }
    };
    if taken - at_risk >= threshold {
        return true;
    }
    if taken < threshold {
        return false;
    }
    see(pos, m) >= threshold
}

/// The cheapest piece among `attackers` (all of one side) and its square.
fn least_valuable(pos: &Position, attackers: crate::chess::Bitboard) -> Option<(Role, Square)> {
    Role::ALL.iter().find_map(|&role| Some((role, (attackers & pos.by_role(role)).first()?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen).expect("fen");
        let m = *pos.legal_moves().iter().find(|m| m.uci() == uci).expect("move");
        see(&pos, m)
    }

    #[test]
    fn the_bounds_settle_as_the_exchange_does() {
        let thresholds = [-2000, -500, -360, -320, -160, -100, -40, -1, 0, 1, 100, 200, 500, 1000];
        let mut settled = 0;
        for pos in crate::chess::position::tests::random_walks() {
            for &m in &pos.legal_moves() {
                let value = see(&pos, m);
                for t in thresholds {
                    assert_eq!(see_at_least(&pos, m, t), value >= t, "{m} {t} {pos:?}");
                    settled += 1;
                }
            }
        }
        assert!(settled > 100_000, "{settled}");
    }

    #[test]
    fn a_free_pawn_wins_a_pawn() {
        assert_eq!(see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
    }

    #[test]
    fn a_pawn_defended_by_a_pawn_costs_the_knight() {
        assert_eq!(see_of("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5"), 100 - 320);
    }

    #[test]
    fn a_queen_taking_a_defended_rook_loses_the_difference() {
        assert_eq!(see_of("4k3/8/8/3r4/4P3/8/8/3QK3 w - - 0 1", "d1d5"), 500);
        assert_eq!(see_of("4k3/8/4p3/3r4/8/8/8/3QK3 w - - 0 1", "d1d5"), 500 - 950);
    }

    #[test]
    fn the_king_takes_back_only_an_undefended_piece() {
        assert_eq!(see_of("8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100 - 500);
        assert_eq!(see_of("8/8/4k3/3p4/8/8/B7/3RK3 w - - 0 1", "d1d5"), 100);
    }
}
