//! A chess move, carrying enough to print it without the board.

use super::castling::CastlingSide;
use super::role::Role;
use super::square::{File, Square};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Normal {
        role: Role,
        from: Square,
        capture: Option<Role>,
        to: Square,
        promotion: Option<Role>,
    },
    EnPassant {
        from: Square,
        to: Square,
    },
    /// `king` and `rook` are the squares they start on.
    Castle {
        king: Square,
        rook: Square,
    },
}

impl Move {
    pub const fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    pub const fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// Where the moving piece lands (for castling: the king's target square).
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                Square::new(if rook.file() > king.file() { File::G } else { File::C }, king.rank())
            }
        }
    }

    pub const fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    pub fn castling_side(self) -> Option<CastlingSide> {
        match self {
            Move::Castle { king, rook } => {
                Some(if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide })
            }
            _ => None,
        }
    }

    /// A move that changes material or pawn structure irreversibly.
    pub const fn is_zeroing(self) -> bool {
        matches!(self, Move::Normal { role: Role::Pawn, .. } | Move::EnPassant { .. })
            || matches!(self, Move::Normal { capture: Some(_), .. })
    }

    /// UCI notation: `e2e4`, `e7e8q`, castling as the king's two-square move `e1g1`.
    pub fn uci(self) -> String {
        let mut s = format!("{}{}", self.from(), self.to());
        if let Some(p) = self.promotion() {
            s.push(p.upper_char().to_ascii_lowercase());
        }
        s
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci())
    }
}
