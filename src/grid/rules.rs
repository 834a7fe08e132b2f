//! The movement rules of the grid problems: chess without castling, en
//! passant or promotion, on any board size.
//!
//! A *possible* move follows the piece's pattern only; a *legal* move is a
//! possible move after which the mover's own king (if it has one) is not
//! attacked.

use super::board::{piece_name, Board};
use super::square::GridSquare;
use crate::chess::{Piece, Role};
use crate::color::Color;
use std::fmt;

const KNIGHT_JUMPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK_RAYS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_RAYS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// One move, with what it captures: enough to play, undo or print it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GridMove {
    pub piece: Piece,
    pub from: GridSquare,
    pub to: GridSquare,
    pub capture: Option<Piece>,
}

impl GridMove {
    /// Long algebraic with the piece letter: `Qg4-g2`, `nd2xb1`.
    pub fn notation(&self) -> String {
        let sep = if self.capture.is_some() { 'x' } else { '-' };
        format!("{}{}{sep}{}", self.piece.char(), self.from, self.to)
    }
}

impl fmt::Display for GridMove {
    /// In words: `white queen from g4 to g2`, `black knight from d2 to b1
    /// taking the white rook`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} from {} to {}", piece_name(self.piece), self.from, self.to)?;
        if let Some(captured) = self.capture {
            write!(f, " taking the {}", piece_name(captured))?;
        }
        Ok(())
    }
}

/// Which way a pawn of `color` moves: white up the page, black down.
fn forward(color: Color) -> i8 {
    color.fold(1, -1)
}

/// The rank (from 0) a pawn two-steps from: the second row from its side.
fn two_step_rank(board: &Board, color: Color) -> u8 {
    color.fold(1, board.size().rows() - 2)
}

impl Board {
    /// The moves the piece on `from` could make by its pattern alone (none
    /// for an empty square).
    pub fn possible_moves_from(&self, from: GridSquare, out: &mut Vec<GridMove>) {
        let Some(piece) = self.piece_at(from) else { return };
        let size = self.size();
        // A move to `to`, if it is not onto one of the mover's own pieces.
        let push = |to: GridSquare, out: &mut Vec<GridMove>| {
            let capture = self.piece_at(to);
            if capture.is_none_or(|c| c.color != piece.color) {
                out.push(GridMove { piece, from, to, capture });
            }
        };
        match piece.role {
            Role::Pawn => {
                let dir = forward(piece.color);
                // Forward onto empty squares only; two squares from the
                // second row if both are empty. Nothing beyond the far row.
                if let Some(one) = size.offset(from, 0, dir).filter(|&s| self.piece_at(s).is_none()) {
                    push(one, out);
                    if from.rank() == two_step_rank(self, piece.color) {
                        if let Some(two) = size.offset(one, 0, dir).filter(|&s| self.piece_at(s).is_none()) {
                            push(two, out);
                        }
                    }
                }
                // Diagonally forward only to capture.
                for df in [-1, 1] {
                    if let Some(to) = size.offset(from, df, dir).filter(|&s| self.piece_at(s).is_some()) {
                        push(to, out);
                    }
                }
            }
            Role::Knight => {
                KNIGHT_JUMPS.iter().filter_map(|&(df, dr)| size.offset(from, df, dr)).for_each(|to| push(to, out))
            }
            Role::King => {
                KING_STEPS.iter().filter_map(|&(df, dr)| size.offset(from, df, dr)).for_each(|to| push(to, out))
            }
            Role::Bishop => self.slide(from, &BISHOP_RAYS, |to| push(to, out)),
            Role::Rook => self.slide(from, &ROOK_RAYS, |to| push(to, out)),
            Role::Queen => {
                self.slide(from, &ROOK_RAYS, |to| push(to, out));
                self.slide(from, &BISHOP_RAYS, |to| push(to, out));
            }
        }
    }

    /// Visits each square along each ray up to and including the first
    /// piece in the way.
    fn slide(&self, from: GridSquare, rays: &[(i8, i8)], mut visit: impl FnMut(GridSquare)) {
        for &(df, dr) in rays {
            let mut at = from;
            while let Some(to) = self.size().offset(at, df, dr) {
                visit(to);
                if self.piece_at(to).is_some() {
                    break;
                }
                at = to;
            }
        }
    }

    /// The first piece along a ray from `from` (not including `from`).
    fn first_along(&self, from: GridSquare, (df, dr): (i8, i8)) -> Option<Piece> {
        let mut at = from;
        while let Some(to) = self.size().offset(at, df, dr) {
            if let Some(piece) = self.piece_at(to) {
                return Some(piece);
            }
            at = to;
        }
        None
    }

    /// Every possible move of `color`'s pieces.
    pub fn possible_moves(&self, color: Color) -> Vec<GridMove> {
        let mut out = Vec::new();
        for (sq, _) in self.pieces().filter(|(_, p)| p.color == color) {
            self.possible_moves_from(sq, &mut out);
        }
        out
    }

    /// Whether a piece of colour `by` could capture on `sq` (whatever
    /// stands there). Looks outward from `sq` for each kind of attacker.
    pub fn is_attacked(&self, sq: GridSquare, by: Color) -> bool {
        let size = self.size();
        let is = |role: Role| move |p: Piece| p == Piece::new(by, role);
        let any_at = |steps: &[(i8, i8)], role: Role| {
            steps.iter().any(|&(df, dr)| size.offset(sq, df, dr).and_then(|s| self.piece_at(s)).is_some_and(is(role)))
        };
        // A pawn attacks diagonally forward, so its attackers stand
        // diagonally behind `sq` as seen from their side.
        let back = -forward(by);
        any_at(&[(-1, back), (1, back)], Role::Pawn)
            || any_at(&KNIGHT_JUMPS, Role::Knight)
            || any_at(&KING_STEPS, Role::King)
            || ROOK_RAYS
                .iter()
                .any(|&ray| self.first_along(sq, ray).is_some_and(|p| is(Role::Rook)(p) || is(Role::Queen)(p)))
            || BISHOP_RAYS
                .iter()
                .any(|&ray| self.first_along(sq, ray).is_some_and(|p| is(Role::Bishop)(p) || is(Role::Queen)(p)))
    }

    /// Check: `color`'s king is attacked (no king, no check).
    pub fn is_check(&self, color: Color) -> bool {
        self.king(color).is_some_and(|k| self.is_attacked(k, !color))
    }

    /// Plays a move from `possible_moves` (no promotion: the piece lands as
    /// it is).
    pub fn play(&mut self, m: GridMove) {
        self.remove(m.from);
        // Cannot fail: `to` is on the board, and the only king of this
        // colour just left `from`.
        let _ = self.place(m.to, m.piece);
    }

    /// Takes back `m`, just played with `play`.
    fn unplay(&mut self, m: GridMove) {
        match m.capture {
            Some(captured) => {
                let _ = self.place(m.to, captured);
            }
            None => self.remove(m.to),
        }
        let _ = self.place(m.from, m.piece);
    }

    /// The board after `m`.
    pub fn after(&self, m: GridMove) -> Board {
        let mut next = self.clone();
        next.play(m);
        next
    }

    /// Whether the mover's king is safe after `m` (the board is left as it was).
    fn keeps_king_safe(&mut self, m: GridMove) -> bool {
        self.play(m);
        let safe = !self.is_check(m.piece.color);
        self.unplay(m);
        safe
    }

    /// Every legal move of `color`.
    pub fn legal_moves(&self, color: Color) -> Vec<GridMove> {
        let mut scratch = self.clone();
        self.possible_moves(color).into_iter().filter(|&m| scratch.keeps_king_safe(m)).collect()
    }

    fn has_legal_move_mut(&mut self, color: Color) -> bool {
        let mut moves = Vec::new();
        let squares: Vec<GridSquare> = self.pieces().filter(|(_, p)| p.color == color).map(|(sq, _)| sq).collect();
        for sq in squares {
            moves.clear();
            self.possible_moves_from(sq, &mut moves);
            if moves.iter().any(|&m| self.keeps_king_safe(m)) {
                return true;
            }
        }
        false
    }

    pub fn has_legal_move(&self, color: Color) -> bool {
        self.clone().has_legal_move_mut(color)
    }

    fn is_checkmate_mut(&mut self, color: Color) -> bool {
        self.is_check(color) && !self.has_legal_move_mut(color)
    }

    /// Checkmate: `color` is in check and has no legal move.
    pub fn is_checkmate(&self, color: Color) -> bool {
        self.clone().is_checkmate_mut(color)
    }

    /// A legal move of `color`'s opponent that checkmates `color`, if there
    /// is one: the first found, in reading order of the moving piece, then
    /// in the order the pattern lists its targets.
    pub fn mate_in_one_against(&self, color: Color) -> Option<GridMove> {
        let mut scratch = self.clone();
        self.legal_moves(!color).into_iter().find(|&m| {
            scratch.play(m);
            let mate = scratch.is_checkmate_mut(color);
            scratch.unplay(m);
            mate
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::square::BoardSize;

    fn board(rows: &[&str]) -> Board {
        let size = BoardSize::new(rows.len() as u8, rows[0].len() as u8).unwrap();
        let mut b = Board::empty(size);
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if let Some(p) = Piece::from_char(ch) {
                    b.place(size.at_row_col(r, c).unwrap(), p).unwrap();
                }
            }
        }
        b
    }

    #[test]
    fn play_then_unplay_restores_the_board() {
        let mut b = board(&["k..r", "....", ".Q..", "K..."]);
        let before = b.clone();
        for m in b.possible_moves(Color::White).into_iter().chain(b.possible_moves(Color::Black)) {
            b.play(m);
            b.unplay(m);
            assert_eq!(b, before, "{m}");
        }
    }
}
