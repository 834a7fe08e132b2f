//! A Congo position and move execution. Only `Position::from_setup` and
//! `play` make one, so every `Position` is a valid one.

use super::moves::{Move, MAX_PATH};
use super::piece::{Piece, Role};
use super::square::Square;
use crate::color::{ByColor, Color};
use arrayvec::ArrayVec;
use std::fmt;

/// The most pieces one side can have: the full game's fourteen.
pub const MAX_PIECES: usize = 14;

/// How many of an animal a side may have: what the full game starts with.
/// Pawns and superpawns are bounded only by `MAX_PIECES`: the course's own
/// samples give Black eight of them.
const fn most_per_side(role: Role) -> Option<usize> {
    match role {
        Role::Pawn | Role::Superpawn => None,
        Role::Elephant => Some(2),
        Role::Giraffe | Role::Monkey | Role::Lion | Role::Crocodile | Role::Zebra => Some(1),
    }
}

/// A position as written down, not yet checked (what a FEN parses into).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; Square::COUNT],
    pub turn: Color,
    /// Completed move pairs: goes up by one after Black moves. Wider than
    /// the FEN reader's largest number (`u32::MAX`), so that it can.
    pub move_number: u64,
}

/// Why a setup is not a position a game can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionProblem {
    /// Both lions are gone (one gone is a finished game, which is fine).
    NoLions,
    /// More of an animal than the full game gives a side (pawns never
    /// promote to it).
    TooMany(Color, Role),
    /// A lion stands outside its castle (it may stand in the enemy castle
    /// only once it has captured the enemy lion there).
    LionOutsideCastle(Color, Square),
    /// A pawn on its far rank would have become a superpawn.
    PawnOnFarRank(Color, Square),
    TooManyPieces(Color),
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionProblem::NoLions => f.write_str("neither side has a lion"),
            PositionProblem::TooMany(c, role) => match most_per_side(role) {
                Some(2) => write!(f, "{c} has more than two {role}s"),
                _ => write!(f, "{c} has more than one {role}"),
            },
            PositionProblem::LionOutsideCastle(c, sq) => write!(f, "the {c} lion on {sq} stands outside its castle"),
            PositionProblem::PawnOnFarRank(c, sq) => {
                write!(f, "a {c} pawn stands on {sq}, its far rank, where it would have become a superpawn")
            }
            PositionProblem::TooManyPieces(c) => write!(f, "{c} has more than {MAX_PIECES} pieces"),
        }
    }
}

/// A position problem and the square it is about, if one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub problem: PositionProblem,
    pub square: Option<Square>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; Square::COUNT],
    turn: Color,
    move_number: u64,
    /// Where each lion stands (kept with the board: the search asks often).
    lions: ByColor<Option<Square>>,
}

/// What a move did, besides the new position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub position: Position,
    /// The piece that moved, as it was before the move.
    pub moved: Piece,
    /// Captured pieces: the target's, or every piece a monkey jumped.
    pub captured: ArrayVec<Piece, MAX_PATH>,
    /// A pawn reached its far rank and became a superpawn.
    pub promoted: bool,
    /// The mover's pieces the river took, with where they stood.
    pub drowned: ArrayVec<(Square, Piece), 7>,
}

impl Position {
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let err = |problem, square| Err(PositionError { problem, square });
        let mut lions: ByColor<Option<Square>> = ByColor::default();
        let mut counts: ByColor<usize> = ByColor::default();
        let mut role_counts: ByColor<[usize; 8]> = ByColor::default();
        // In reading order (from rank 7), so "the second lion" is the one a
        // reader of the FEN meets second.
        let reading_order = (0..7u8).rev().flat_map(|rank| (0..7u8).filter_map(move |file| Square::new(file, rank)));
        for sq in reading_order {
            let Some(piece) = setup.board[sq.index()] else { continue };
            counts[piece.color] += 1;
            if counts[piece.color] > MAX_PIECES {
                return err(PositionProblem::TooManyPieces(piece.color), Some(sq));
            }
            role_counts[piece.color][piece.role as usize] += 1;
            if most_per_side(piece.role).is_some_and(|most| role_counts[piece.color][piece.role as usize] > most) {
                return err(PositionProblem::TooMany(piece.color, piece.role), Some(sq));
            }
            match piece.role {
                Role::Lion => lions[piece.color] = Some(sq),
                Role::Pawn if sq.is_far_rank(piece.color) => {
                    return err(PositionProblem::PawnOnFarRank(piece.color, sq), Some(sq))
                }
                _ => {}
            }
        }
        if lions.white.is_none() && lions.black.is_none() {
            return err(PositionProblem::NoLions, None);
        }
        for color in Color::ALL {
            if let Some(sq) = lions[color] {
                let captured_there = lions[!color].is_none() && sq.in_castle(!color);
                if !sq.in_castle(color) && !captured_there {
                    return err(PositionProblem::LionOutsideCastle(color, sq), Some(sq));
                }
            }
        }
        Ok(Position { board: setup.board, turn: setup.turn, move_number: setup.move_number, lions })
    }

    /// The board, square by square (for writing it out).
    pub(super) fn board(&self) -> &[Option<Piece>; Square::COUNT] {
        &self.board
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn move_number(&self) -> u64 {
        self.move_number
    }

    pub fn lion(&self, color: Color) -> Option<Square> {
        self.lions[color]
    }

    /// The side that captured the enemy lion, once the game is won.
    pub fn winner(&self) -> Option<Color> {
        match (self.lion(Color::White), self.lion(Color::Black)) {
            (Some(_), None) => Some(Color::White),
            (None, Some(_)) => Some(Color::Black),
            _ => None,
        }
    }

    /// Whether nothing but the two lions is left.
    pub fn only_lions_left(&self) -> bool {
        self.board.iter().flatten().all(|p| p.role == Role::Lion) && self.winner().is_none()
    }

    /// The board as `Snapshot::cells` wants it: row by row from rank 7,
    /// FEN letters, `.` for an empty square.
    pub fn cells(&self) -> String {
        (0..7u8)
            .rev()
            .flat_map(|rank| (0..7u8).map(move |file| (file, rank)))
            .map(|(file, rank)| Square::new(file, rank).and_then(|sq| self.piece_at(sq)).map_or('.', Piece::char))
            .collect()
    }

    /// Executes a move known to be legal (one `legal_moves` gave), in the
    /// spec's order: take, move, promote, drown, switch sides. Crate-only:
    /// outside, `play` checks the move first, so every position stays valid.
    pub(crate) fn execute(&self, mv: &Move) -> Played {
        let mover = self.turn;
        let mut next = self.clone();
        let from = mv.from();
        let to = mv.to();
        let Some(piece) = self.board[from.index()] else {
            // Not a legal move; leave the position as it is.
            return Played {
                position: next,
                moved: Piece::new(mover, Role::Pawn),
                captured: ArrayVec::new(),
                promoted: false,
                drowned: ArrayVec::new(),
            };
        };
        // Whose pieces stand in the river now (the mover's, crocodiles aside).
        let drowns = |p: Option<Piece>| matches!(p, Some(p) if p.color == mover && p.role != Role::Crocodile);
        let in_river_before: ArrayVec<Square, 7> = (0..7)
            .filter_map(|f| Square::new(f, Square::RIVER_RANK))
            .filter(|sq| drowns(self.board[sq.index()]))
            .collect();

        let mut captured = ArrayVec::new();
        next.board[from.index()] = None;
        if piece.role == Role::Monkey {
            // Each jump takes the piece it passes over; a step takes nothing.
            let mut at = from;
            for &land in mv.path() {
                let (df, dr) = at.delta_to(land);
                if df.abs() == 2 || dr.abs() == 2 {
                    if let Some(mid) = at.offset((df / 2, dr / 2)) {
                        if let Some(p) = next.board[mid.index()].take() {
                            let _ = captured.try_push(p);
                        }
                    }
                }
                at = land;
            }
        }
        if let Some(p) = next.board[to.index()] {
            let _ = captured.try_push(p);
        }
        if captured.iter().any(|p| p.role == Role::Lion) {
            next.lions[!mover] = None;
        }
        if piece.role == Role::Lion {
            next.lions[mover] = Some(to);
        }
        let promoted = piece.role == Role::Pawn && to.is_far_rank(mover);
        next.board[to.index()] = Some(if promoted { Piece::new(mover, Role::Superpawn) } else { piece });

        // Drowning: every piece that stood in the river when the move began
        // and stands there when it ends; the others stood still, the mover
        // drowns if it went from the river to the river.
        let mut drowned = ArrayVec::new();
        for sq in in_river_before {
            if sq != from {
                if let Some(p) = next.board[sq.index()].take() {
                    let _ = drowned.try_push((sq, p));
                }
            }
        }
        if from.in_river() && to.in_river() && drowns(Some(piece)) {
            if let Some(p) = next.board[to.index()].take() {
                let _ = drowned.try_push((to, p));
            }
        }

        next.turn = !mover;
        if mover == Color::Black {
            next.move_number = next.move_number.saturating_add(1);
        }
        Played { position: next, moved: piece, captured, promoted, drowned }
    }
}
