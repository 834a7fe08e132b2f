//! Why a move is not legal, in words a player understands.

use super::movegen::LionLine;
use super::moves::Move;
use super::piece::{Piece, Role};
use super::position::Position;
use super::square::{forward, Square};
use crate::color::Color;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// A lion is gone: nothing may move.
    GameOver(Color),
    NoPiece(Square),
    NotYourPiece {
        square: Square,
        piece: Piece,
    },
    OwnPiece {
        square: Square,
        piece: Piece,
    },
    SeveralJumps(Role),
    LionLeavesCastle,
    LionBlocked(Square),
    LionStep,
    ZebraMove,
    GiraffeStepCapture,
    GiraffeMove,
    ElephantMove,
    PawnRetreatBeforeRiver,
    RetreatBlocked(Role, Square),
    PawnMove,
    SuperpawnMove,
    CrocodileBlocked(Square),
    CrocodileMove,
    MonkeyStepCapture,
    MonkeyNothingToJump(Square),
    MonkeyJumpsOwnPiece(Square),
    MonkeyJumpsTwice(Square),
    MonkeyLandingTaken(Square),
    MonkeyAfterLion,
    MonkeyMove,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMove::*;
        match self {
            GameOver(winner) => write!(f, "the game is over: {winner} has captured the enemy lion"),
            NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            NotYourPiece { square, piece } => {
                write!(f, "the {piece} on {square} is not yours: it is {}'s move", !piece.color)
            }
            OwnPiece { square, piece } => write!(f, "{square} holds your own {}", piece.role),
            SeveralJumps(role) => write!(f, "only a monkey may make several jumps in one move, not a {role}"),
            LionLeavesCastle => f.write_str("the lion may not leave its castle"),
            LionBlocked(sq) => write!(f, "the lion's line to the enemy lion is blocked on {sq}"),
            LionStep => f.write_str(
                "the lion moves one step, or captures the enemy lion along an open line across the river",
            ),
            ZebraMove => f.write_str("the zebra moves like a chess knight"),
            GiraffeStepCapture => f.write_str("the giraffe cannot capture one step away, only two"),
            GiraffeMove => f.write_str("the giraffe moves one step, or exactly two squares in a straight or diagonal line"),
            ElephantMove => f.write_str("the elephant moves one or two squares straight"),
            PawnRetreatBeforeRiver => f.write_str("a pawn may retreat only once it is past the river"),
            RetreatBlocked(role, sq) => write!(f, "a retreating {role} may not capture or jump, and {sq} is taken"),
            PawnMove => f.write_str(
                "a pawn moves one step forward, straight or diagonally, or past the river one or two squares straight back",
            ),
            SuperpawnMove => f.write_str(
                "a superpawn moves one step forward or sideways, or one or two squares straight or diagonally back",
            ),
            CrocodileBlocked(sq) => write!(f, "the crocodile's path is blocked on {sq}"),
            CrocodileMove => f.write_str(
                "the crocodile moves one step, or slides along its file toward the river, or along the river",
            ),
            MonkeyStepCapture => f.write_str("the monkey captures only by jumping"),
            MonkeyNothingToJump(sq) => write!(f, "the monkey can only jump over a piece, and {sq} is empty"),
            MonkeyJumpsOwnPiece(sq) => write!(f, "the monkey can only jump an enemy piece, and the one on {sq} is yours"),
            MonkeyJumpsTwice(sq) => write!(f, "the monkey may not jump the piece on {sq} twice"),
            MonkeyLandingTaken(sq) => write!(f, "the monkey must land on an empty square, and {sq} is not"),
            MonkeyAfterLion => f.write_str("jumping the enemy lion ends the monkey's move"),
            MonkeyMove => f.write_str(
                "the monkey steps one square onto an empty square, or jumps an adjacent enemy piece to the empty square beyond",
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Says why `mv` is not legal in `pos` (call it only for a move that is not
/// among the legal moves).
pub fn explain(pos: &Position, mv: &Move) -> IllegalMove {
    use IllegalMove::*;
    if let Some(winner) = pos.winner() {
        return GameOver(winner);
    }
    let from = mv.from();
    let Some(piece) = pos.piece_at(from) else {
        return NoPiece(from);
    };
    if piece.color != pos.turn() {
        return NotYourPiece { square: from, piece };
    }
    if piece.role == Role::Monkey {
        return explain_monkey(pos, mv, piece.color);
    }
    if mv.path().len() > 1 {
        return SeveralJumps(piece.role);
    }
    let to = mv.to();
    if let Some(there) = pos.piece_at(to) {
        if there.color == piece.color {
            return OwnPiece { square: to, piece: there };
        }
    }
    let (df, dr) = from.delta_to(to);
    // `back` counts squares toward the mover's own side.
    let back = -dr * forward(piece.color);
    match piece.role {
        Role::Lion => match pos.lion_line(from, to) {
            LionLine::Blocked(block) if pos.lion(!piece.color) == Some(to) => LionBlocked(block),
            _ if !to.in_castle(piece.color) => LionLeavesCastle,
            _ => LionStep,
        },
        Role::Zebra => ZebraMove,
        Role::Giraffe if df.abs() <= 1 && dr.abs() <= 1 => GiraffeStepCapture,
        Role::Giraffe => GiraffeMove,
        Role::Elephant => ElephantMove,
        Role::Pawn if df == 0 && (1..=2).contains(&back) => {
            if from.on_side_of(!piece.color) {
                RetreatBlocked(Role::Pawn, first_taken(pos, from, to).unwrap_or(to))
            } else {
                PawnRetreatBeforeRiver
            }
        }
        Role::Pawn => PawnMove,
        Role::Superpawn if (1..=2).contains(&back) && (df == 0 || df.abs() == back) => {
            RetreatBlocked(Role::Superpawn, first_taken(pos, from, to).unwrap_or(to))
        }
        Role::Superpawn => SuperpawnMove,
        Role::Crocodile => {
            let toward_river = df == 0 && !from.in_river() && {
                let river_dr = Square::RIVER_RANK as i8 - from.rank() as i8;
                dr.signum() == river_dr.signum() && dr.abs() <= river_dr.abs()
            };
            let along_river = dr == 0 && from.in_river();
            match first_taken(pos, from, to) {
                Some(block) if (toward_river || along_river) && block != to => CrocodileBlocked(block),
                _ => CrocodileMove,
            }
        }
        Role::Monkey => MonkeyMove,
    }
}

/// The first occupied square on the straight line from `from` (exclusive)
/// to `to` (inclusive).
fn first_taken(pos: &Position, from: Square, to: Square) -> Option<Square> {
    let (df, dr) = from.delta_to(to);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let step = (df.signum(), dr.signum());
    let mut sq = from;
    while sq != to {
        sq = sq.offset(step)?;
        if pos.piece_at(sq).is_some() {
            return Some(sq);
        }
    }
    None
}

fn explain_monkey(pos: &Position, mv: &Move, color: Color) -> IllegalMove {
    use IllegalMove::*;
    let from = mv.from();
    let path = mv.path();
    if let [to] = path {
        let (df, dr) = from.delta_to(*to);
        if df.abs() <= 1 && dr.abs() <= 1 {
            return match pos.piece_at(*to) {
                Some(p) if p.color == color => OwnPiece { square: *to, piece: p },
                _ => MonkeyStepCapture,
            };
        }
    }
    let mut at = from;
    let mut jumped: Vec<Square> = Vec::new();
    for &land in path {
        if jumped.last().and_then(|&sq| pos.piece_at(sq)).is_some_and(|p| p.role == Role::Lion) {
            return MonkeyAfterLion;
        }
        let (df, dr) = at.delta_to(land);
        let is_jump = matches!(df, -2 | 0 | 2) && matches!(dr, -2 | 0 | 2) && (df, dr) != (0, 0);
        if !is_jump {
            return MonkeyMove;
        }
        let Some(over) = at.offset((df / 2, dr / 2)) else {
            return MonkeyMove;
        };
        match pos.piece_at(over) {
            None => return MonkeyNothingToJump(over),
            Some(p) if p.color == color && over != from => return MonkeyJumpsOwnPiece(over),
            Some(_) if over == from => return MonkeyNothingToJump(over),
            _ if jumped.contains(&over) => return MonkeyJumpsTwice(over),
            _ => {}
        }
        if land != from && pos.piece_at(land).is_some() {
            return MonkeyLandingTaken(land);
        }
        jumped.push(over);
        at = land;
    }
    MonkeyMove
}
