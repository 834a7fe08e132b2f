//! Standard algebraic notation (SAN) as players and PGN writers use it.

use crate::chess::castling::CastlingSide;
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;

/// The SAN of a legal move, with `+` or `#`.
pub fn san(pos: &Position, m: Move) -> String {
    let after = pos.after(m);
    san_with_suffix(pos, m, after.is_check(), !after.has_legal_moves())
}

/// The SAN of a legal move when the caller already knows whether it gives
/// check and whether the opponent is left without a move.
pub fn san_with_suffix(pos: &Position, m: Move, gives_check: bool, no_reply: bool) -> String {
    let mut s = san_without_suffix(pos, m);
    if gives_check {
        s.push(if no_reply { '#' } else { '+' });
    }
    s
}

/// The SAN of a legal move without the check mark.
pub fn san_without_suffix(pos: &Position, m: Move) -> String {
    let mut s = String::with_capacity(8);
    match m {
        Move::Castle { .. } => {
            s.push_str(if m.castling_side() == Some(CastlingSide::KingSide) { "O-O" } else { "O-O-O" });
            return s;
        }
        Move::EnPassant { from, to } => {
            s.push(from.file().char());
            s.push('x');
            push_square(&mut s, to);
            return s;
        }
        Move::Normal { role: Role::Pawn, from, capture, to, promotion } => {
            if capture.is_some() {
                s.push(from.file().char());
                s.push('x');
            }
            push_square(&mut s, to);
            if let Some(p) = promotion {
                s.push('=');
                s.push(p.upper_char());
            }
        }
        Move::Normal { role, from, capture, to, .. } => {
            s.push(role.upper_char());
            if role != Role::King && pos.pieces(pos.turn(), role).more_than_one() {
                // Other pieces of the same kind that could also go there.
                let mut others = Vec::new();
                pos.for_each_piece_moves(|pm| {
                    if pm.role == role && pm.from != from && pm.to.contains(to) {
                        others.push(pm.from);
                    }
                    true
                });
                if !others.is_empty() {
                    if others.iter().all(|o| o.file() != from.file()) {
                        s.push(from.file().char());
                    } else if others.iter().all(|o| o.rank() != from.rank()) {
                        s.push(from.rank().char());
                    } else {
                        s.push(from.file().char());
                        s.push(from.rank().char());
                    }
                }
            }
            if capture.is_some() {
                s.push('x');
            }
            push_square(&mut s, to);
        }
    }
    s
}

fn push_square(s: &mut String, sq: crate::chess::square::Square) {
    s.push_str(sq.name());
}
