//! The rules of play, in one place: which moves are legal, why a written
//! move is not, and what a move does to the position.

use std::fmt;

use arrayvec::ArrayVec;

use super::board::Board;
use super::square::{Color, Kind, Piece, Square};

/// Whether a player who can jump must jump.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CaptureRule {
    Capture,
    NoCapture,
}

/// Whether a jump may continue with further jumps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Jumps {
    Single,
    Multiple,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub capture: CaptureRule,
    pub jumps: Jumps,
}

impl fmt::Display for CaptureRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CaptureRule::Capture => "capture",
            CaptureRule::NoCapture => "no capture",
        })
    }
}

impl fmt::Display for Jumps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Jumps::Single => "single jumps",
            Jumps::Multiple => "multiple jumps",
        })
    }
}

/// A jump captures the piece it passes, so a chain holds at most as many
/// jumps as there are squares a piece can be jumped on (the 18 dark squares
/// off the edge), plus the start square.
pub const MAX_PATH: usize = 20;

/// A legal move: the squares the piece lands on, starting where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    path: ArrayVec<Square, MAX_PATH>,
}

impl Move {
    pub fn squares(&self) -> &[Square] {
        &self.path
    }

    pub fn from(&self) -> Square {
        self.path[0]
    }

    pub fn to(&self) -> Square {
        self.path[self.path.len() - 1]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_path(f, &self.path)
    }
}

/// Writes squares as the course does: `d4->b6->d8`.
pub fn write_path(f: &mut impl fmt::Write, squares: &[Square]) -> fmt::Result {
    for (i, square) in squares.iter().enumerate() {
        if i > 0 {
            f.write_str("->")?;
        }
        write!(f, "{square}")?;
    }
    Ok(())
}

/// Why a written move cannot be played, in the words a player should read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Fewer than two squares: not a move at all.
    TooShort,
    /// The first square is empty.
    NoPiece { square: Square, turn: Color },
    /// The first square holds the opponent's piece.
    NotYours { square: Square, piece: Piece, turn: Color },
    /// More than two squares, and the rules say `single jumps`.
    SingleJumpsOnly,
    /// A step that is not one or two squares diagonally.
    NotDiagonal { from: Square, to: Square },
    /// A pawn moving towards its own side.
    Backwards { piece: Piece, from: Square, to: Square },
    /// The landing square holds a piece.
    Occupied { square: Square },
    /// A two-square step with no opponent piece in between.
    NothingToJump { from: Square, to: Square, piece: Piece },
    /// A one-square step inside a chain of jumps.
    StepInChain { from: Square, to: Square },
    /// A pawn reached the far rank before the last square.
    CrownedMidChain { square: Square },
    /// The rules say `capture`, the move captures nothing, and a jump exists.
    MustCapture { turn: Color },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::TooShort => f.write_str("a move needs at least two squares"),
            Illegal::NoPiece { square, turn } => {
                write!(f, "there is no piece on {square} for {turn} to move")
            }
            Illegal::NotYours { square, piece, turn } => {
                write!(f, "the piece on {square} is a {}, and it is {turn}'s turn", piece.describe())
            }
            Illegal::SingleJumpsOnly => f.write_str("the rules say single jumps, so a move has only two squares"),
            Illegal::NotDiagonal { from, to } => {
                write!(f, "{from} to {to} is not one or two squares diagonally")
            }
            Illegal::Backwards { piece, from, to } => {
                write!(f, "a {} cannot move backwards ({from} to {to})", piece.describe())
            }
            Illegal::Occupied { square } => write!(f, "{square} is not empty"),
            Illegal::NothingToJump { from, to, piece } => {
                write!(f, "{from} to {to} does not jump over a {} piece", piece.color.opponent())
            }
            Illegal::StepInChain { from, to } => {
                write!(f, "{from} to {to} is a step, but every part of a multiple jump must be a jump")
            }
            Illegal::CrownedMidChain { square } => {
                write!(f, "the pawn is crowned on {square}, which ends its move")
            }
            Illegal::MustCapture { turn } => {
                write!(f, "the rules say capture and {turn} has a jump, but this move captures nothing")
            }
        }
    }
}

impl std::error::Error for Illegal {}

/// What a legal written move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position after the move.
    pub position: Position,
    /// The moving piece, as it stood before the move.
    pub piece: Piece,
    /// Every piece it captured, in the order it jumped them.
    pub captured: Vec<Piece>,
    /// Whether a pawn became a king.
    pub crowned: bool,
}

/// Everything that decides what happens next: board, turn and rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: Board,
    pub turn: Color,
    pub rules: Rules,
}

impl Position {
    /// The usual start, red to move.
    pub fn start(rules: Rules) -> Position {
        Position { board: Board::start(), turn: Color::Red, rules }
    }

    /// Every legal move of the player to move, in no particular order.
    /// With `multiple jumps` every stopping point of a chain is a move;
    /// with `capture`, only jumps when any jump exists.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for (from, piece) in self.board.pieces() {
            if piece.color == self.turn {
                self.jumps_from(from, piece, &mut moves);
            }
        }
        if self.rules.capture == CaptureRule::Capture && !moves.is_empty() {
            return moves;
        }
        for (from, piece) in self.board.pieces() {
            if piece.color != self.turn {
                continue;
            }
            for &(df, dr) in piece.directions() {
                if let Some(to) = from.offset(df, dr) {
                    if self.board.get(to).is_none() {
                        let mut path = ArrayVec::new();
                        path.push(from);
                        path.push(to);
                        moves.push(Move { path });
                    }
                }
            }
        }
        moves
    }

    /// Whether `color` could move if it were its turn (the capture rule
    /// never removes the last move, so it does not matter here).
    pub fn has_moves(&self, color: Color) -> bool {
        self.board.pieces().any(|(from, piece)| piece.color == color && self.can_move(from, piece))
    }

    /// Whether the piece on `from` has a step or a jump.
    pub fn can_move(&self, from: Square, piece: Piece) -> bool {
        piece.directions().iter().any(|&(df, dr)| match from.offset(df, dr) {
            Some(to) if self.board.get(to).is_none() => true,
            Some(over) => self.can_jump(piece, over, from.offset(2 * df, 2 * dr)),
            None => false,
        })
    }

    /// Whether `color` has a jump anywhere.
    fn has_jump(&self, color: Color) -> bool {
        self.board.pieces().any(|(from, piece)| {
            piece.color == color
                && piece.directions().iter().any(|&(df, dr)| match from.offset(df, dr) {
                    Some(over) => self.can_jump(piece, over, from.offset(2 * df, 2 * dr)),
                    None => false,
                })
        })
    }

    fn can_jump(&self, piece: Piece, over: Square, land: Option<Square>) -> bool {
        let opponent = matches!(self.board.get(over), Some(p) if p.color != piece.color);
        opponent && matches!(land, Some(land) if self.board.get(land).is_none())
    }

    /// Adds every jump (and, with multiple jumps, every continuation) of the
    /// piece on `from`.
    fn jumps_from(&self, from: Square, piece: Piece, out: &mut Vec<Move>) {
        // The piece leaves its square at once: a king may land on it again.
        let mut board = self.board.clone();
        board.take(from);
        let mut path = ArrayVec::new();
        path.push(from);
        self.extend_jumps(&mut board, piece, &mut path, out);
    }

    fn extend_jumps(
        &self,
        board: &mut Board,
        piece: Piece,
        path: &mut ArrayVec<Square, MAX_PATH>,
        out: &mut Vec<Move>,
    ) {
        let at = path[path.len() - 1];
        for &(df, dr) in piece.directions() {
            let (Some(over), Some(land)) = (at.offset(df, dr), at.offset(2 * df, 2 * dr)) else {
                continue;
            };
            match board.get(over) {
                Some(p) if p.color != piece.color => {}
                _ => continue,
            }
            if board.get(land).is_some() || path.is_full() {
                continue;
            }
            // Jumped pieces leave the board at once, so no piece is jumped twice.
            let captured = board.take(over);
            path.push(land);
            out.push(Move { path: path.clone() });
            // Crowning ends the move, even in the middle of a chain.
            if self.rules.jumps == Jumps::Multiple && !piece.crowns_on(land) {
                self.extend_jumps(board, piece, path, out);
            }
            path.pop();
            if let Some(p) = captured {
                let _ = board.put(over, p);
            }
        }
    }

    /// The position after a legal move (from `legal_moves` or checked by
    /// `check_move`): the piece moves, jumped pieces leave, a pawn ending
    /// on the far rank is crowned, and the turn passes.
    pub fn play(&self, mv: &Move) -> Position {
        self.apply(mv.squares())
    }

    fn apply(&self, squares: &[Square]) -> Position {
        let mut next = self.clone();
        next.turn = self.turn.opponent();
        let (Some(&from), Some(&to)) = (squares.first(), squares.last()) else {
            return next;
        };
        let Some(mut piece) = next.board.take(from) else {
            return next;
        };
        for pair in squares.windows(2) {
            if let Some(over) = midpoint(pair[0], pair[1]) {
                next.board.take(over);
            }
        }
        if piece.crowns_on(to) {
            piece = piece.crowned();
        }
        let _ = next.board.put(to, piece);
        next
    }

    /// Checks a move as written (`squares` from the file) against the
    /// rules, and plays it if legal.
    pub fn check_move(&self, squares: &[Square]) -> Result<Played, Illegal> {
        let turn = self.turn;
        if squares.len() < 2 {
            return Err(Illegal::TooShort);
        }
        let from = squares[0];
        let piece = match self.board.get(from) {
            Some(piece) if piece.color == turn => piece,
            Some(piece) => return Err(Illegal::NotYours { square: from, piece, turn }),
            None => return Err(Illegal::NoPiece { square: from, turn }),
        };
        let chain = squares.len() > 2;
        if chain && self.rules.jumps == Jumps::Single {
            return Err(Illegal::SingleJumpsOnly);
        }
        let mut board = self.board.clone();
        board.take(from);
        let mut captured = Vec::new();
        let mut jumps = 0;
        let last = squares.len() - 1;
        for (i, pair) in squares.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let df = b.file() as i8 - a.file() as i8;
            let dr = b.rank() as i8 - a.rank() as i8;
            if df.abs() != dr.abs() || !(1..=2).contains(&df.abs()) {
                return Err(Illegal::NotDiagonal { from: a, to: b });
            }
            if piece.kind == Kind::Pawn && dr.signum() != piece.color.forward() {
                return Err(Illegal::Backwards { piece, from: a, to: b });
            }
            if board.get(b).is_some() {
                return Err(Illegal::Occupied { square: b });
            }
            match midpoint(a, b) {
                Some(over) => match board.get(over) {
                    Some(p) if p.color != turn => {
                        board.take(over);
                        captured.push(p);
                        jumps += 1;
                    }
                    _ => return Err(Illegal::NothingToJump { from: a, to: b, piece }),
                },
                None if chain => return Err(Illegal::StepInChain { from: a, to: b }),
                None => {}
            }
            if piece.crowns_on(b) && i + 1 < last {
                return Err(Illegal::CrownedMidChain { square: b });
            }
        }
        if jumps == 0 && self.rules.capture == CaptureRule::Capture && self.has_jump(turn) {
            return Err(Illegal::MustCapture { turn });
        }
        Ok(Played { position: self.apply(squares), piece, captured, crowned: piece.crowns_on(squares[last]) })
    }
}

/// The square between two squares two apart diagonally (a jump's victim).
fn midpoint(a: Square, b: Square) -> Option<Square> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if df.abs() == 2 && dr.abs() == 2 {
        a.offset(df / 2, dr / 2)
    } else {
        None
    }
}
