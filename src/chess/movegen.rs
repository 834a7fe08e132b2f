//! Legal move generation with check and pin masks: no move is played and
//! taken back to test legality, except en passant (rare, and the one move
//! that removes two pieces from a line at once).

use super::attacks;
use super::bitboard::Bitboard;
use super::castling::{king_home, CastlingSide};
use super::moves::Move;
use super::position::Position;
use super::role::Role;
use super::square::{Rank, Square};
use crate::color::Color;
use arrayvec::ArrayVec;

/// Enough for every position `Position` accepts (the known maximum is 218).
pub type MoveList = ArrayVec<Move, 256>;

/// The legal destinations of one piece. Castling appears as the king's
/// two-square move, en passant as the pawn's diagonal move to the empty
/// en passant square; a pawn reaching the last rank stands for four moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    pub role: Role,
    pub from: Square,
    pub to: Bitboard,
}

impl PieceMoves {
    fn is_promotion(&self, turn: Color) -> bool {
        self.role == Role::Pawn && self.from.rank() == turn.fold(Rank::Seventh, Rank::Second)
    }

    /// How many moves these destinations stand for.
    #[inline(always)]
    pub fn len(&self, turn: Color) -> usize {
        let n = self.to.count() as usize;
        if self.is_promotion(turn) {
            n * 4
        } else {
            n
        }
    }

    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

impl Position {
    /// Calls `visit` with the legal moves of each piece that has any; stops
    /// early when `visit` returns false. Returns false if it stopped early.
    #[inline(always)]
    pub fn for_each_piece_moves(&self, visit: impl FnMut(PieceMoves) -> bool) -> bool {
        self.for_each_piece_moves_among(Bitboard::FULL, visit)
    }

    /// `for_each_piece_moves` for the pieces standing on `among` only (in
    /// the same order): what is not asked for is not computed.
    #[inline(always)]
    pub fn for_each_piece_moves_among(&self, among: Bitboard, visit: impl FnMut(PieceMoves) -> bool) -> bool {
        self.for_each_piece_moves_given(self.checkers(), among, visit)
    }

    /// `for_each_piece_moves_among`, `checkers` being `self.checkers()` (a
    /// caller that knows them already saves finding them again).
    #[inline(always)]
    pub(crate) fn for_each_piece_moves_given(
        &self,
        checkers: Bitboard,
        among: Bitboard,
        mut visit: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = self.turn();
        let them = !us;
        let ours = self.by_color(us);
        let theirs = self.by_color(them);
        let occupied = ours | theirs;
        let king = self.king_of(us);

        // King steps: the destination must not be attacked once the king has
        // left its square (so it cannot step back along a checking line).
        if among.contains(king) {
            let mut king_targets = Bitboard::EMPTY;
            let without_king = occupied.without(king);
            for to in attacks::king_attacks(king) - ours {
                if !self.is_attacked_by(to, them, without_king) {
                    king_targets = king_targets.with(to);
                }
            }
            if checkers.is_empty() {
                king_targets |= self.castling_targets(king, occupied);
            }
            if king_targets.any() && !visit(PieceMoves { role: Role::King, from: king, to: king_targets }) {
                return false;
            }
        }
        if checkers.more_than_one() {
            return true;
        }

        // With one checker, other pieces must capture it or block the line.
        let check_mask = match checkers.first() {
            Some(checker) => attacks::between(king, checker).with(checker),
            None => Bitboard::FULL,
        };
        let pinned = self.slider_blockers(king, !us, occupied) & self.by_color(us);
        let targets = check_mask - ours;

        for from in (self.pieces(us, Role::Knight) & among) - pinned {
            let to = attacks::knight_attacks(from) & targets;
            if to.any() && !visit(PieceMoves { role: Role::Knight, from, to }) {
                return false;
            }
        }
        for role in [Role::Bishop, Role::Rook, Role::Queen] {
            for from in self.pieces(us, role) & among {
                let mut to = match role {
                    Role::Bishop => attacks::bishop_attacks(from, occupied),
                    Role::Rook => attacks::rook_attacks(from, occupied),
                    _ => attacks::queen_attacks(from, occupied),
                } & targets;
                if pinned.contains(from) {
                    to &= attacks::line(king, from);
                }
                if to.any() && !visit(PieceMoves { role, from, to }) {
                    return false;
                }
            }
        }

        let ep = self.ep_square();
        let start_rank = Bitboard::rank(us.fold(Rank::Second, Rank::Seventh));
        let empty = !occupied;
        for from in self.pieces(us, Role::Pawn) & among {
            let one = match us {
                Color::White => Bitboard::from_square(from).north(),
                Color::Black => Bitboard::from_square(from).south(),
            } & empty;
            let two = if start_rank.contains(from) {
                let ahead = match us {
                    Color::White => one.north(),
                    Color::Black => one.south(),
                };
                ahead & empty
            } else {
                Bitboard::EMPTY
            };
            let pawn_attacks = attacks::pawn_attacks(us, from);
            let mut to = ((one | two) & check_mask) | (pawn_attacks & theirs & check_mask);
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            // The en passant square is only set when the capture is legal
            // for some pawn; with two capturers, each is tested.
            if let Some(ep) = ep {
                if pawn_attacks.contains(ep) && self.ep_is_legal(from, ep, king) {
                    to = to.with(ep);
                }
            }
            if to.any() && !visit(PieceMoves { role: Role::Pawn, from, to }) {
                return false;
            }
        }
        true
    }

    /// The pieces (of either side) standing alone between `king` and a
    /// slider of `sliders` on a line to it: of the king's side, they are
    /// pinned; of the slider's, moving one off the line uncovers a check
    /// (`search::checks`).
    #[inline(always)]
    pub(crate) fn slider_blockers(&self, king: Square, sliders: Color, occupied: Bitboard) -> Bitboard {
        let queens = self.pieces(sliders, Role::Queen);
        let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & (self.pieces(sliders, Role::Rook) | queens))
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & (self.pieces(sliders, Role::Bishop) | queens));
        let mut found = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if !between.more_than_one() {
                found |= between;
            }
        }
        found
    }

    /// En passant removes two pawns from the board at once, which pin
    /// masks do not describe (a rank pin through both pawns, or a check
    /// from the captured pawn): test the resulting position directly.
    pub(crate) fn ep_is_legal(&self, from: Square, ep: Square, king: Square) -> bool {
        let us = self.turn();
        let captured = Square::new(ep.file(), from.rank());
        let occupied = (self.occupied().without(from).without(captured)).with(ep);
        let attackers = self.attackers(king, !us, occupied).without(captured);
        attackers.is_empty()
    }

    /// The king's castling destinations (FIDE rules: king and rook unmoved,
    /// squares between them empty, the king not in check and not passing
    /// through or landing on an attacked square). Called only when not in check.
    fn castling_targets(&self, king: Square, occupied: Bitboard) -> Bitboard {
        let us = self.turn();
        let rights = self.castling_rights();
        if !rights.has_any(us) || king != king_home(us) {
            return Bitboard::EMPTY;
        }
        let mut targets = Bitboard::EMPTY;
        for side in CastlingSide::ALL {
            if !rights.has(us, side) {
                continue;
            }
            let rook = side.rook_square(us);
            if !self.pieces(us, Role::Rook).contains(rook) || (attacks::between(king, rook) & occupied).any() {
                continue;
            }
            let target = side.king_target(us);
            let mut path = attacks::between(king, target).with(target);
            if path.all(|sq| !self.is_attacked_by(sq, !us, occupied)) {
                targets = targets.with(target);
            }
        }
        targets
    }

    /// Turns one piece's destinations into moves.
    #[inline(always)]
    pub fn expand(&self, pm: PieceMoves, out: &mut MoveList) {
        let us = self.turn();
        let theirs = self.by_color(!us);
        let from = pm.from;
        match pm.role {
            Role::Pawn => {
                let promotes = pm.is_promotion(us);
                for to in pm.to {
                    let capture = if theirs.contains(to) { self.role_at(to) } else { None };
                    if capture.is_none() && to.file() != from.file() {
                        let _ = out.try_push(Move::EnPassant { from, to });
                    } else if promotes {
                        for promotion in Role::PROMOTIONS {
                            let _ = out.try_push(Move::Normal {
                                role: Role::Pawn,
                                from,
                                capture,
                                to,
                                promotion: Some(promotion),
                            });
                        }
                    } else {
                        let _ = out.try_push(Move::Normal { role: Role::Pawn, from, capture, to, promotion: None });
                    }
                }
            }
            Role::King => {
                for to in pm.to {
                    if from.file().index().abs_diff(to.file().index()) == 2 {
                        let side =
                            if to.file() > from.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
                        let _ = out.try_push(Move::Castle { king: from, rook: side.rook_square(us) });
                    } else {
                        let capture = if theirs.contains(to) { self.role_at(to) } else { None };
                        let _ = out.try_push(Move::Normal { role: Role::King, from, capture, to, promotion: None });
                    }
                }
            }
            role => {
                for to in pm.to {
                    let capture = if theirs.contains(to) { self.role_at(to) } else { None };
                    let _ = out.try_push(Move::Normal { role, from, capture, to, promotion: None });
                }
            }
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_given(self.checkers())
    }

    /// `legal_moves`, `checkers` being `self.checkers()`.
    pub fn legal_moves_given(&self, checkers: Bitboard) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_piece_moves_given(checkers, Bitboard::FULL, |pm| {
            self.expand(pm, &mut moves);
            true
        });
        moves
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> usize {
        let turn = self.turn();
        let mut n = 0;
        self.for_each_piece_moves(|pm| {
            n += pm.len(turn);
            true
        });
        n
    }

    pub fn has_legal_moves(&self) -> bool {
        self.has_legal_moves_given(self.checkers())
    }

    /// `has_legal_moves`, `checkers` being `self.checkers()` (a caller that
    /// knows them already saves finding them again).
    pub fn has_legal_moves_given(&self, checkers: Bitboard) -> bool {
        // The other pieces first: their moves cost less to find than the king's.
        let king = Bitboard::from_square(self.king_of(self.turn()));
        !self.for_each_piece_moves_given(checkers, self.by_color(self.turn()) - king, |_| false)
            || !self.for_each_piece_moves_given(checkers, king, |_| false)
    }

    /// Whether `m` is one of the legal moves here.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut moves = MoveList::new();
        self.for_each_piece_moves_among(Bitboard::from_square(m.from()), |pm| {
            self.expand(pm, &mut moves);
            false
        });
        moves.contains(&m)
    }

    /// Counts the leaves of the legal move tree `depth` plies deep, the last
    /// ply counted in bulk from the piece-move sets.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves() as u64,
            _ => self
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut child = *self;
                    child.play_inline(m);
                    child.perft(depth - 1)
                })
                .sum(),
        }
    }

    /// An estimate of `perft(depth)`, found in a fraction of a second:
    /// exact while the counts stay under a million, then the first count
    /// to reach a million grown by its own growth factor for each ply
    /// left. Within a factor of two on the usual test positions (the
    /// start position's depth 8: 7.3e10 for 8.5e10), which is enough to
    /// tell minutes from years.
    pub fn perft_estimate(&self, depth: u32) -> u64 {
        let mut previous = 1;
        for d in 1..=depth {
            let count = self.perft(d);
            if d == depth || count == 0 {
                return count;
            }
            if count >= 1_000_000 {
                let growth = count as f64 / previous as f64;
                // Saturates at u64::MAX (an `as` cast from f64 does).
                let left = (depth - d).min(1000) as i32;
                return (count as f64 * growth.powi(left)) as u64;
            }
            previous = count;
        }
        1
    }

    /// Perft that plays every move down to the leaves (no bulk counting):
    /// the measure of generating and playing moves.
    pub fn perft_every_leaf(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            // Still play each leaf move, as a search would.
            let mut n = 0;
            for &m in &moves {
                let mut child = *self;
                child.play_inline(m);
                std::hint::black_box(&child);
                n += 1;
            }
            return n;
        }
        moves
            .iter()
            .map(|&m| {
                let mut child = *self;
                child.play_inline(m);
                child.perft_every_leaf(depth - 1)
            })
            .sum()
    }
}
