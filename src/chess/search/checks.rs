//! Which moves give check, decided without playing them (the mate search
//! asks this of every move at every node, and at its leaves wants only the
//! checking moves).

use crate::chess::attacks;
use crate::chess::bitboard::Bitboard;
use crate::chess::movegen::PieceMoves;
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::{Rank, Square};

/// What it takes for the side to move to check the opponent's king.
pub struct CheckInfo {
    /// The opponent's king.
    king: Square,
    /// For each role, the squares from which a piece of ours of that role
    /// would attack the king (current occupancy; see `gives_check`).
    direct: [Bitboard; 6],
    /// Our pieces standing alone between one of our sliders and the king:
    /// moving one off that line uncovers a check.
    blockers: Bitboard,
    occupied: Bitboard,
}

impl CheckInfo {
    pub fn new(pos: &Position) -> CheckInfo {
        let us = pos.turn();
        let king = pos.king_of(!us);
        let occupied = pos.occupied();
        let diagonal = attacks::bishop_attacks(king, occupied);
        let straight = attacks::rook_attacks(king, occupied);
        let direct = [
            attacks::pawn_attacks(!us, king),
            attacks::knight_attacks(king),
            diagonal,
            straight,
            diagonal | straight,
            Bitboard::EMPTY,
        ];
        let blockers = pos.slider_blockers(king, us, occupied) & pos.by_color(us);
        CheckInfo { king, direct, blockers, occupied }
    }

    /// Whether leaving `from` for `to` uncovers a check.
    #[inline(always)]
    fn discovers(&self, from: Square, to: Square) -> bool {
        self.blockers.contains(from) && !attacks::line(self.king, from).contains(to)
    }

    /// Whether the legal move `m` gives check.
    ///
    /// A direct check is read off the current occupancy: the moving piece
    /// cannot stand between the king and its target on a line it moves
    /// along, for then it would attack the king already, and the side to
    /// move never attacks the king of the side not to move.
    #[inline]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        match m {
            Move::Normal { role, from, to, promotion: None, .. } => {
                self.direct[role.index()].contains(to) || self.discovers(from, to)
            }
            Move::Normal { from, to, promotion: Some(promoted), .. } => {
                let occupied = self.occupied.without(from).with(to);
                let attacked = match promoted {
                    Role::Knight => attacks::knight_attacks(to),
                    Role::Bishop => attacks::bishop_attacks(to, occupied),
                    Role::Rook => attacks::rook_attacks(to, occupied),
                    _ => attacks::queen_attacks(to, occupied),
                };
                attacked.contains(self.king) || self.discovers(from, to)
            }
            // Rare: a rook that castles, or two pawns leaving their squares.
            Move::EnPassant { .. } | Move::Castle { .. } => pos.after(m).is_check(),
        }
    }

    /// The destinations among `pm` that may give check (a superset of the
    /// checking ones; `gives_check` decides).
    #[inline(always)]
    pub fn check_candidates(&self, pos: &Position, pm: PieceMoves) -> Bitboard {
        if self.blockers.contains(pm.from) {
            return pm.to;
        }
        match pm.role {
            // Only castling: the rook may check.
            Role::King => pm.to & !attacks::king_attacks(pm.from),
            Role::Pawn => {
                let us = pos.turn();
                if pm.from.rank() == us.fold(Rank::Seventh, Rank::Second) {
                    pm.to
                } else {
                    let ep = pos.ep_square().map_or(Bitboard::EMPTY, Bitboard::from_square);
                    pm.to & (self.direct[Role::Pawn.index()] | ep)
                }
            }
            role => pm.to & self.direct[role.index()],
        }
    }
}
