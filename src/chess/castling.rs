//! Castling rights of standard chess: four flags.

use super::square::Square;
use crate::color::Color;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    KingSide,
    QueenSide,
}

impl CastlingSide {
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The rook's home square.
    pub const fn rook_square(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::KingSide, Color::White) => Square::H1,
            (CastlingSide::QueenSide, Color::White) => Square::A1,
            (CastlingSide::KingSide, Color::Black) => Square::H8,
            (CastlingSide::QueenSide, Color::Black) => Square::A8,
        }
    }

    /// Where the king lands.
    pub const fn king_target(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::KingSide, Color::White) => Square::G1,
            (CastlingSide::QueenSide, Color::White) => Square::C1,
            (CastlingSide::KingSide, Color::Black) => Square::G8,
            (CastlingSide::QueenSide, Color::Black) => Square::C8,
        }
    }

    /// Where the rook lands.
    pub const fn rook_target(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::KingSide, Color::White) => Square::F1,
            (CastlingSide::QueenSide, Color::White) => Square::D1,
            (CastlingSide::KingSide, Color::Black) => Square::F8,
            (CastlingSide::QueenSide, Color::Black) => Square::D8,
        }
    }
}

/// The king's home square.
pub const fn king_home(color: Color) -> Square {
    match color {
        Color::White => Square::E1,
        Color::Black => Square::E8,
    }
}

/// Which castlings are still allowed (neither the king nor that rook has
/// moved). One bit per colour and side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(15);

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (3 << (color as u8 * 2)) != 0
    }

    pub fn add(&mut self, color: Color, side: CastlingSide) {
        self.0 |= Self::bit(color, side);
    }

    pub fn remove(&mut self, color: Color, side: CastlingSide) {
        self.0 &= !Self::bit(color, side);
    }

    /// Rights lost when a piece leaves or arrives on `sq`.
    #[inline(always)]
    pub fn touch(&mut self, sq: Square) {
        self.0 &= LOST_ON_TOUCH[sq.index()];
    }

    pub const fn bits(self) -> u8 {
        self.0
    }

    /// FEN field: `KQkq`, a subset, or `-`.
    pub fn fen(self) -> &'static str {
        FEN_FIELDS[(self.0 & 15) as usize]
    }
}

/// The FEN's castling field for each set of rights (indexed by their bits).
pub(crate) const FEN_FIELDS: [&str; 16] =
    ["-", "K", "Q", "KQ", "k", "Kk", "Qk", "KQk", "q", "Kq", "Qq", "KQq", "kq", "Kkq", "Qkq", "KQkq"];

/// For each square, the mask of rights that survive a move from or to it.
const LOST_ON_TOUCH: [u8; 64] = {
    let mut t = [15u8; 64];
    t[Square::E1 as usize] = 15 & !3;
    t[Square::H1 as usize] = 15 & !1;
    t[Square::A1 as usize] = 15 & !2;
    t[Square::E8 as usize] = 15 & !12;
    t[Square::H8 as usize] = 15 & !4;
    t[Square::A8 as usize] = 15 & !8;
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_home_squares_removes_rights() {
        let mut rights = CastlingRights::ALL;
        assert_eq!(rights.fen(), "KQkq");
        rights.touch(Square::H1);
        assert_eq!(rights.fen(), "Qkq");
        rights.touch(Square::E8);
        assert_eq!(rights.fen(), "Q");
        rights.touch(Square::D4);
        assert_eq!(rights.fen(), "Q");
        rights.touch(Square::E1);
        assert_eq!(rights.fen(), "-");
    }
}
