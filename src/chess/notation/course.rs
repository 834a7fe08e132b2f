//! The course notation (strict): the grammar, move completion and the
//! legality rules of `shared/spec/course-notation.md`.
//!
//! Reading is one move at a time, as the handout's flowchart does: the
//! caller parses a token, completes it, applies it, and only then reads
//! the next one, so the first problem in reading order is the one reported.

pub use super::cursor::ParseError;
use super::cursor::{reader_over_cursor, Cursor};
use crate::chess::attacks;
use crate::chess::bitboard::Bitboard;
use crate::chess::castling::{king_home, CastlingSide};
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::{File, Rank, Square};
use crate::color::Color;
use std::fmt;

/// A move as written in course notation, before it is matched to a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CourseMove {
    Castle(CastlingSide),
    /// Pawn moves carry `file` only for captures (`exd5`); pieces may carry
    /// a file and/or rank hint (`Nbd7`, `R1e2`, `Nf3d5`).
    Normal {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
}

/// The course line: everything before the first `\n` or `\r`.
pub fn first_line(text: &str) -> &str {
    // Two searches for one character each (fast, with `memchr`) rather
    // than one for either (a character at a time); the second only up to
    // the first's find (a long PGN text has no `\r` at all).
    let line = text.find('\n').map_or(text, |end| &text[..end]);
    line.find('\r').map_or(line, |end| &line[..end])
}

pub fn is_separator(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Reads the move token starting at byte `start` of `line` (which must not
/// be a separator). Returns the move and the byte offset just past it.
pub fn parse_move(line: &str, start: usize) -> Result<(CourseMove, usize), ParseError> {
    let mut reader = Reader(Cursor::new(line, start));
    let first = reader.peek();
    let mv = match first {
        Some('O' | '0') => CourseMove::Castle(reader.castling()?),
        Some(c) if File::from_char(c).is_some() => reader.pawn()?,
        Some(c) if Role::from_upper_char(c).is_some_and(|r| r != Role::Pawn) => reader.piece()?,
        _ => return Err(reader.error("a move (a file a-h, a piece letter K Q R B N, or O-O)")),
    };
    // A complete move must end here.
    match reader.peek() {
        None => Ok((mv, reader.at)),
        Some(c) if is_separator(c) => Ok((mv, reader.at)),
        Some(_) => Err(reader.error(match mv {
            CourseMove::Normal { role: Role::Pawn, promotion: None, .. } => "the end of the move or a promotion (=Q)",
            _ => "the end of the move",
        })),
    }
}

reader_over_cursor!(
    /// The course grammar's reader: a cursor with the course's rules.
    Reader
);

impl Reader<'_> {
    fn expect_file(&mut self) -> Result<File, ParseError> {
        self.file().ok_or_else(|| self.error("a file a-h"))
    }

    fn expect_rank(&mut self) -> Result<Rank, ParseError> {
        self.rank().ok_or_else(|| self.error("a rank 1-8"))
    }

    /// `e4`, `e8=Q`, `exd5`, `bxa1=N`.
    fn pawn(&mut self) -> Result<CourseMove, ParseError> {
        let file = self.expect_file()?;
        let (from_file, to) = if let Some(rank) = self.rank() {
            (None, Square::new(file, rank))
        } else if self.eat('x') {
            let to_file = self.expect_file()?;
            (Some(file), Square::new(to_file, self.expect_rank()?))
        } else {
            return Err(self.error("a rank 1-8, or x for a capture"));
        };
        let promotion = if self.eat('=') {
            let role = match self.peek() {
                Some('Q') => Role::Queen,
                Some('R') => Role::Rook,
                Some('B') => Role::Bishop,
                // The handout's own example writes bxa1=K for a knight.
                Some('N' | 'K') => Role::Knight,
                _ => return Err(self.error("a promotion piece Q, R, B or N")),
            };
            self.bump();
            Some(role)
        } else {
            None
        };
        Ok(CourseMove::Normal {
            role: Role::Pawn,
            file: from_file,
            rank: None,
            capture: from_file.is_some(),
            to,
            promotion,
        })
    }

    /// kind [file] [rank] [x] square. A file and rank read first are the
    /// target when the token ends there (`Nf3`), else a hint (`Nf3d5`).
    fn piece(&mut self) -> Result<CourseMove, ParseError> {
        let role = self.peek().and_then(Role::from_upper_char).unwrap_or(Role::King);
        self.bump();
        let file = self.file();
        let rank = self.rank();
        if let (Some(f), Some(r)) = (file, rank) {
            if self.peek().is_none_or(is_separator) {
                let to = Square::new(f, r);
                return Ok(CourseMove::Normal { role, file: None, rank: None, capture: false, to, promotion: None });
            }
        }
        let capture = self.eat('x');
        let to_file = self.file().ok_or_else(|| {
            self.error(if capture || file.is_some() || rank.is_some() { "a file a-h" } else { "a square" })
        })?;
        let to = Square::new(to_file, self.expect_rank()?);
        Ok(CourseMove::Normal { role, file, rank, capture, to, promotion: None })
    }
}

/// No piece, or more than one, could make the move (`move completion
/// error: white knight to d2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionError {
    pub color: Color,
    pub role: Role,
    pub to: Square,
    /// The pieces that matched (none, or two and more).
    pub candidates: Vec<Square>,
}

impl CompletionError {
    /// The same problem in plain words, for the page.
    pub fn explain(&self) -> String {
        let (c, r, to) = (self.color, self.role, self.to);
        match self.candidates.as_slice() {
            [] => format!("no {c} {r} can move to {to}"),
            many => {
                let from: Vec<String> = many.iter().map(Square::to_string).collect();
                format!(
                    "{} {c} {r}s could move to {to} (from {}); add the file or rank of the one that moves",
                    many.len(),
                    from.join(" and ")
                )
            }
        }
    }
}

impl fmt::Display for CompletionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move completion error: {} {} to {}", self.color, self.role, self.to)
    }
}

/// Why a complete move may not be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Illegality {
    /// The mover's own king would be (or stay) attacked.
    LeavesKingInCheck,
    /// Written with `x` but nothing is captured.
    CaptureMarkWithoutCapture,
    /// Captures an enemy piece but was written without `x`.
    CaptureWithoutMark,
    PromotionMissing,
    PromotionNotAllowed,
    /// The king or that rook has moved, or the rook was captured.
    CastlingRightLost,
    CastlingBlocked,
    CastlingOutOfCheck,
    /// The king would pass through or land on this attacked square.
    CastlingThroughAttack(Square),
    /// The game already ended by checkmate (`true`) or stalemate.
    GameOver {
        checkmate: bool,
    },
}

impl fmt::Display for Illegality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegality::LeavesKingInCheck => f.write_str("it would leave the mover's own king in check"),
            Illegality::CaptureMarkWithoutCapture => f.write_str("it is written as a capture (x) but captures nothing"),
            Illegality::CaptureWithoutMark => f.write_str("it captures a piece but is not written with x"),
            Illegality::PromotionMissing => {
                f.write_str("a pawn reaching the last rank must promote (=Q, =R, =B or =N)")
            }
            Illegality::PromotionNotAllowed => f.write_str("only a pawn reaching the last rank may promote"),
            Illegality::CastlingRightLost => {
                f.write_str("the king or that rook has already moved (or the rook is gone)")
            }
            Illegality::CastlingBlocked => f.write_str("the squares between the king and the rook are not empty"),
            Illegality::CastlingOutOfCheck => f.write_str("a king in check may not castle"),
            Illegality::CastlingThroughAttack(sq) => {
                write!(f, "the king would pass through or land on {sq}, which is attacked")
            }
            Illegality::GameOver { checkmate: true } => f.write_str("the game already ended in checkmate"),
            Illegality::GameOver { checkmate: false } => f.write_str("the game already ended in stalemate"),
        }
    }
}

/// A completed move that may not be played (`illegal move: white knight
/// from g1 to f3`; castling names the king's squares).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub color: Color,
    pub role: Role,
    pub from: Square,
    pub to: Square,
    pub reason: Illegality,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move: {} {} from {} to {}", self.color, self.role, self.from, self.to)
    }
}

/// A move matched to the piece that makes it (not yet checked for legality).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Completed {
    pub role: Role,
    pub from: Square,
    pub to: Square,
}

impl CourseMove {
    pub fn role(&self) -> Role {
        match *self {
            CourseMove::Castle(_) => Role::King,
            CourseMove::Normal { role, .. } => role,
        }
    }
}

/// The square a pawn passed over with `m`, if `m` is a two-square push:
/// where the next move may capture en passant. This is the pseudo-legal
/// en passant square the course's completion needs; `Position` keeps
/// only a *legal* one (so that equal positions print alike), and drops it
/// when the only capturing pawn is pinned.
pub fn passed_square(m: Move) -> Option<Square> {
    match m {
        Move::Normal { role: Role::Pawn, from, to, .. } if from.index().abs_diff(to.index()) == 16 => {
            from.offset(0, if to.rank() > from.rank() { 1 } else { -1 })
        }
        _ => None,
    }
}

/// Finds the piece that makes the move: the candidates are the mover's
/// pieces of the named kind, matching the hints, with a pseudo-legal move
/// to the target (movement pattern, blocking, not onto their own piece;
/// ignoring checks and the `x` mark). Pawns: pushes without `x`, diagonal
/// captures from the named file with `x`, onto an enemy piece or onto
/// `passed`, the square the last move's pawn passed over (`passed_square`;
/// not `pos.ep_square()`, which ignores a capture that would be illegal).
/// Castling is always complete.
pub fn complete(pos: &Position, passed: Option<Square>, mv: &CourseMove) -> Result<Completed, CompletionError> {
    let us = pos.turn();
    let (role, file, rank, capture, to) = match *mv {
        CourseMove::Castle(side) => {
            return Ok(Completed { role: Role::King, from: king_home(us), to: side.king_target(us) });
        }
        CourseMove::Normal { role, file, rank, capture, to, .. } => (role, file, rank, capture, to),
    };
    let occupied = pos.occupied();
    let ours = pos.by_color(us);
    let mut candidates = match role {
        // A pawn's candidate squares, found backwards from the target.
        Role::Pawn => {
            let back = us.fold(-1, 1);
            let pawns = pos.pieces(us, Role::Pawn);
            let mut found = Bitboard::EMPTY;
            if capture {
                let takes = pos.by_color(!us).contains(to) || passed == Some(to);
                if let (true, Some(f)) = (takes, file) {
                    let df = f.index() as i8 - to.file().index() as i8;
                    if df.abs() == 1 {
                        if let Some(from) = to.offset(df, back) {
                            found = pawns & Bitboard::from_square(from);
                        }
                    }
                }
            } else if !occupied.contains(to) {
                if let Some(one) = to.offset(0, back) {
                    if pawns.contains(one) {
                        found = Bitboard::from_square(one);
                    } else if !occupied.contains(one) && to.rank() == us.fold(Rank::Fourth, Rank::Fifth) {
                        found = pawns & one.offset(0, back).map_or(Bitboard::EMPTY, Bitboard::from_square);
                    }
                }
            }
            found
        }
        _ if ours.contains(to) => Bitboard::EMPTY,
        // Movement patterns are symmetric: a piece on `from` reaches `to`
        // exactly when the same piece on `to` would reach `from`.
        Role::Knight => attacks::knight_attacks(to) & pos.pieces(us, role),
        Role::Bishop => attacks::bishop_attacks(to, occupied) & pos.pieces(us, role),
        Role::Rook => attacks::rook_attacks(to, occupied) & pos.pieces(us, role),
        Role::Queen => attacks::queen_attacks(to, occupied) & pos.pieces(us, role),
        Role::King => attacks::king_attacks(to) & pos.pieces(us, role),
    };
    if role != Role::Pawn {
        if let Some(f) = file {
            candidates &= Bitboard::file(f);
        }
        if let Some(r) = rank {
            candidates &= Bitboard::rank(r);
        }
    }
    match candidates.first() {
        Some(from) if !candidates.more_than_one() => Ok(Completed { role, from, to }),
        _ => Err(CompletionError { color: us, role, to, candidates: candidates.collect() }),
    }
}

/// Checks a completed move against every rule of the spec and returns the
/// move to play.
pub fn resolve(pos: &Position, mv: &CourseMove, done: Completed) -> Result<Move, IllegalMove> {
    resolve_and_play(pos, mv, done).map(|(m, _)| m)
}

/// `resolve`, and the position after the move (which checking it found).
pub fn resolve_and_play(pos: &Position, mv: &CourseMove, done: Completed) -> Result<(Move, Position), IllegalMove> {
    let us = pos.turn();
    let illegal = |reason| IllegalMove { color: us, role: done.role, from: done.from, to: done.to, reason };
    let m = match *mv {
        CourseMove::Castle(side) => {
            if !pos.castling_rights().has(us, side) {
                return Err(illegal(Illegality::CastlingRightLost));
            }
            let rook = side.rook_square(us);
            if (attacks::between(done.from, rook) & pos.occupied()).any() {
                return Err(illegal(Illegality::CastlingBlocked));
            }
            if pos.is_check() {
                return Err(illegal(Illegality::CastlingOutOfCheck));
            }
            let path = attacks::between(done.from, done.to).with(done.to);
            if let Some(sq) = path.into_iter().find(|&sq| pos.is_attacked_by(sq, !us, pos.occupied())) {
                return Err(illegal(Illegality::CastlingThroughAttack(sq)));
            }
            Move::Castle { king: done.from, rook }
        }
        CourseMove::Normal { capture: marked, promotion, .. } => {
            let captured = if pos.by_color(!us).contains(done.to) { pos.role_at(done.to) } else { None };
            let en_passant = done.role == Role::Pawn && marked && captured.is_none();
            match (marked, captured.is_some() || en_passant) {
                (true, false) => return Err(illegal(Illegality::CaptureMarkWithoutCapture)),
                (false, true) => return Err(illegal(Illegality::CaptureWithoutMark)),
                _ => {}
            }
            let last_rank = done.to.rank() == us.fold(Rank::Eighth, Rank::First);
            match (done.role == Role::Pawn && last_rank, promotion.is_some()) {
                (true, false) => return Err(illegal(Illegality::PromotionMissing)),
                (false, true) => return Err(illegal(Illegality::PromotionNotAllowed)),
                _ => {}
            }
            if en_passant {
                Move::EnPassant { from: done.from, to: done.to }
            } else {
                Move::Normal { role: done.role, from: done.from, capture: captured, to: done.to, promotion }
            }
        }
    };
    // The pattern was pseudo-legal (castling checked in full above); what
    // is left is the own king's safety, seen on the board after the move
    // (which is well defined for any pseudo-legal move, and cheaper than
    // generating the piece's legal moves).
    let after = pos.after(m);
    if after.is_attacked_by(after.king_of(us), !us, after.occupied()) {
        Err(illegal(Illegality::LeavesKingInCheck))
    } else {
        Ok((m, after))
    }
}
