//! Legal move generation, one function per animal, the rule beside it.
//! Congo has no check: every move the rules allow is legal.

use super::moves::Move;
use super::piece::{Piece, Role};
use super::position::Position;
use super::square::{forward, Delta, Square, KING_STEPS, KNIGHT_JUMPS, ORTHOGONAL_STEPS};
use crate::color::Color;
use arrayvec::ArrayVec;

/// How two lions stand toward each other (see `Position::lion_line`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LionLine {
    NotALine,
    Open,
    /// The first piece between them.
    Blocked(Square),
}

impl Position {
    /// Every legal move of the side to move (none once a lion is gone), in
    /// board order: by starting square a1..g7, then by the piece's own order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        if self.winner().is_none() {
            self.for_each_move(self.turn(), &mut |m| moves.push(m));
        }
        moves
    }

    /// The legal moves of the piece on `from` (none if it is not the side
    /// to move's, or the game is over).
    pub fn moves_from(&self, from: Square) -> Vec<Move> {
        let mut moves = Vec::new();
        match self.piece_at(from) {
            Some(piece) if piece.color == self.turn() && self.winner().is_none() => {
                self.piece_moves(from, piece, &mut |m| moves.push(m))
            }
            _ => {}
        }
        moves
    }

    /// The legal moves sorted as strings, as the course prints them.
    pub fn legal_move_texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.legal_moves().iter().map(Move::to_string).collect();
        crate::sort::sort(&mut texts);
        texts
    }

    /// Calls `f` with every move `color` would have if it were to move,
    /// whoever is to move and whether or not the game is over.
    pub fn for_each_move(&self, color: Color, f: &mut impl FnMut(Move)) {
        for from in Square::all() {
            if let Some(piece) = self.piece_at(from) {
                if piece.color == color {
                    self.piece_moves(from, piece, f);
                }
            }
        }
    }

    fn piece_moves(&self, from: Square, piece: Piece, f: &mut impl FnMut(Move)) {
        let color = piece.color;
        match piece.role {
            Role::Lion => self.lion_moves(from, color, f),
            // A chess knight.
            Role::Zebra => self.leaps(from, color, &KNIGHT_JUMPS, f),
            Role::Giraffe => self.giraffe_moves(from, color, f),
            Role::Elephant => self.elephant_moves(from, color, f),
            Role::Pawn => self.pawn_moves(from, color, false, f),
            Role::Superpawn => self.pawn_moves(from, color, true, f),
            Role::Crocodile => self.crocodile_moves(from, color, f),
            Role::Monkey => self.monkey_moves(from, color, f),
        }
    }

    /// Empty, or holding an enemy piece.
    fn can_land(&self, sq: Square, color: Color) -> bool {
        self.piece_at(sq).is_none_or(|p| p.color != color)
    }

    fn is_empty(&self, sq: Square) -> bool {
        self.piece_at(sq).is_none()
    }

    /// Moves or captures one `delta` away, jumping whatever is between.
    fn leaps(&self, from: Square, color: Color, deltas: &[Delta], f: &mut impl FnMut(Move)) {
        for &d in deltas {
            if let Some(to) = from.offset(d) {
                if self.can_land(to, color) {
                    f(Move::new(from, to));
                }
            }
        }
    }

    /// One step in any direction, moving or capturing, never leaving its
    /// castle; and the flying capture of the enemy lion.
    fn lion_moves(&self, from: Square, color: Color, f: &mut impl FnMut(Move)) {
        for d in KING_STEPS {
            if let Some(to) = from.offset(d) {
                if to.in_castle(color) && self.can_land(to, color) {
                    f(Move::new(from, to));
                }
            }
        }
        if let Some(enemy) = self.lion(!color) {
            if self.lion_sees(from, enemy) {
                f(Move::new(from, enemy));
            }
        }
    }

    /// Whether a lion on `from` may capture the enemy lion on `to`.
    pub(crate) fn lion_sees(&self, from: Square, to: Square) -> bool {
        self.lion_line(from, to) == LionLine::Open
    }

    /// The line between two lions: they may capture each other along an
    /// open line across the river, on a shared file or on the diagonals
    /// c3-d4-e5 and e3-d4-c5.
    pub(crate) fn lion_line(&self, from: Square, to: Square) -> LionLine {
        // One on each side of the river.
        let across = !from.in_river()
            && !to.in_river()
            && (from.rank() < Square::RIVER_RANK) != (to.rank() < Square::RIVER_RANK);
        let diagonals = [(Square::C3, Square::E5), (Square::E3, Square::C5)];
        let diagonal = diagonals.iter().any(|&(a, b)| (from, to) == (a, b) || (from, to) == (b, a));
        if !across || !(from.file() == to.file() || diagonal) {
            return LionLine::NotALine;
        }
        let (df, dr) = from.delta_to(to);
        let step = (df.signum(), dr.signum());
        let mut at = from;
        while let Some(sq) = at.offset(step) {
            if sq == to {
                break;
            }
            if !self.is_empty(sq) {
                return LionLine::Blocked(sq);
            }
            at = sq;
        }
        LionLine::Open
    }

    /// One step in any direction onto an empty square only; or exactly two
    /// steps in a straight or diagonal line, jumping, moving or capturing.
    fn giraffe_moves(&self, from: Square, color: Color, f: &mut impl FnMut(Move)) {
        for (df, dr) in KING_STEPS {
            if let Some(to) = from.offset((df, dr)) {
                if self.is_empty(to) {
                    f(Move::new(from, to));
                }
            }
            if let Some(to) = from.offset((2 * df, 2 * dr)) {
                if self.can_land(to, color) {
                    f(Move::new(from, to));
                }
            }
        }
    }

    /// One or two squares orthogonally, moving or capturing; two jumps.
    fn elephant_moves(&self, from: Square, color: Color, f: &mut impl FnMut(Move)) {
        for (df, dr) in ORTHOGONAL_STEPS {
            for n in 1..=2 {
                if let Some(to) = from.offset((n * df, n * dr)) {
                    if self.can_land(to, color) {
                        f(Move::new(from, to));
                    }
                }
            }
        }
    }

    /// Pawn: its three forward squares, moving or capturing; past the river
    /// (not in it) also one or two squares straight back, never capturing
    /// or jumping. Superpawn: also one step sideways (moving or capturing),
    /// and its retreats go straight or diagonally back anywhere.
    fn pawn_moves(&self, from: Square, color: Color, superpawn: bool, f: &mut impl FnMut(Move)) {
        let fwd = forward(color);
        for df in [-1, 0, 1] {
            if let Some(to) = from.offset((df, fwd)) {
                if self.can_land(to, color) {
                    f(Move::new(from, to));
                }
            }
        }
        if superpawn {
            self.leaps(from, color, &[(-1, 0), (1, 0)], f);
        }
        let past_river = from.on_side_of(!color);
        let back_files: &[i8] = match (superpawn, past_river) {
            (true, _) => &[-1, 0, 1],
            (false, true) => &[0],
            (false, false) => &[],
        };
        for &df in back_files {
            for n in 1..=2 {
                match from.offset((n * df, -n * fwd)) {
                    Some(to) if self.is_empty(to) => f(Move::new(from, to)),
                    _ => break,
                }
            }
        }
    }

    /// One step in any direction, moving or capturing. Outside the river it
    /// also slides like a rook along its file toward the river, up to and
    /// including the river square; in the river it slides along the river.
    fn crocodile_moves(&self, from: Square, color: Color, f: &mut impl FnMut(Move)) {
        let slides: ArrayVec<Delta, 2> = if from.in_river() {
            [(-1, 0), (1, 0)].into_iter().collect()
        } else if from.rank() < Square::RIVER_RANK {
            [(0, 1)].into_iter().collect()
        } else {
            [(0, -1)].into_iter().collect()
        };
        // A slide's first square is the step that way, so steps skip it.
        for d in KING_STEPS {
            if !slides.contains(&d) {
                self.leaps(from, color, &[d], f);
            }
        }
        for d in slides {
            let mut at = from;
            while let Some(to) = at.offset(d) {
                if !self.can_land(to, color) {
                    break;
                }
                f(Move::new(from, to));
                if !self.is_empty(to) || (!from.in_river() && to.in_river()) {
                    break;
                }
                at = to;
            }
        }
    }

    /// One step in any direction onto an empty square; or a capture by
    /// jumping an adjacent enemy piece to the empty square beyond, possibly
    /// followed by more jumps (each its own legal move).
    fn monkey_moves(&self, from: Square, color: Color, f: &mut impl FnMut(Move)) {
        for d in KING_STEPS {
            if let Some(to) = from.offset(d) {
                if self.is_empty(to) {
                    f(Move::new(from, to));
                }
            }
        }
        let mut path = ArrayVec::new();
        self.monkey_jumps(from, from, color, 0, &mut path, f);
    }

    /// Jumps on from `at`. `jumped` holds a bit per square already jumped;
    /// those pieces stay on the board until the move ends, so they still
    /// block landing, but may not be jumped again. The monkey's own
    /// starting square is empty while it jumps.
    fn monkey_jumps(
        &self,
        from: Square,
        at: Square,
        color: Color,
        jumped: u64,
        path: &mut ArrayVec<Square, { super::moves::MAX_PATH }>,
        f: &mut impl FnMut(Move),
    ) {
        for (df, dr) in KING_STEPS {
            let (Some(over), Some(land)) = (at.offset((df, dr)), at.offset((2 * df, 2 * dr))) else {
                continue;
            };
            let Some(victim) = self.piece_at(over) else { continue };
            let free = land == from || self.is_empty(land);
            if victim.color == color || jumped & (1 << over.index()) != 0 || !free {
                continue;
            }
            if path.try_push(land).is_err() {
                continue;
            }
            if let Some(m) = Move::with_path(from, path) {
                f(m);
            }
            // Jumping the enemy lion ends the move.
            if victim.role != Role::Lion {
                self.monkey_jumps(from, land, color, jumped | (1 << over.index()), path, f);
            }
            path.pop();
        }
    }
}

impl Position {
    /// The side to move's lion, if the other side could capture it were it
    /// to move (what the page marks the way it marks a king in check).
    pub fn lion_in_danger(&self) -> Option<Square> {
        let lion = self.lion(self.turn())?;
        let mut danger = false;
        self.for_each_move(!self.turn(), &mut |m| {
            let monkey = self.piece_at(m.from()).is_some_and(|p| p.role == Role::Monkey);
            danger |= m.to() == lion || (monkey && m.last_jump_over() == Some(lion));
        });
        danger.then_some(lion)
    }
}
