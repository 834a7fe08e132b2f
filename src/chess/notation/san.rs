//! Standard algebraic notation (SAN) as players and PGN writers use it:
//! the writer (`san`), and a lenient reader: `San::parse_at` reads the text
//! into a `San` (syntax only), `resolve` matches it to a legal move.
//!
//! The reader accepts what PGN writers and people produce: SAN, long
//! algebraic (`e2e4`, `Ng1-f3`, `Ng1xf3`), castling with `O` or `0`,
//! promotions with or without `=` (`e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`), and
//! over-disambiguated moves. As every PGN reader does, the legal moves
//! decide: `Nd2` is not ambiguous when the other knight is pinned, and the
//! `x` mark is not checked against the board.

use crate::chess::bitboard::Bitboard;
use crate::chess::castling::{king_home, CastlingSide};
use crate::chess::moves::Move;
use crate::chess::notation::course::{self, CompletionError, CourseMove, IllegalMove, Illegality, ParseError};
use crate::chess::notation::cursor::{reader_over_cursor, Cursor};
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::{File, Rank, Square};
use std::fmt;
use std::str::FromStr;

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
                pos.for_each_piece_moves_among(pos.pieces(pos.turn(), role).without(from), |pm| {
                    if pm.to.contains(to) {
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

/// A move as written, before it is matched to a legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// `O-O`, `0-0-0`.
    Castle(CastlingSide),
    /// `Nf3`, `Nbd7`, `R1e2`, `Ng1-f3`, `exd5`, `e8=Q`. `file` and `rank`
    /// describe the moving piece's square. A pawn move without a file goes
    /// straight ahead, as in SAN (`d5` is never a capture).
    Normal { role: Role, file: Option<File>, rank: Option<Rank>, capture: bool, to: Square, promotion: Option<Role> },
    /// Long algebraic without a piece letter (`e2e4`, `g1f3`, `e1g1`): the
    /// piece standing on `from` moves.
    FromTo { from: Square, capture: bool, to: Square, promotion: Option<Role> },
    /// `--` (also `Z0`, `0000`, `@@@@`): passing the turn. Analysis programs
    /// write it in variations; a game cannot be played through it.
    Null,
}

impl San {
    /// Reads one move starting at byte `start` of `text`: the move itself,
    /// without `+`, `#` or `!`, so the caller decides what may follow.
    /// Returns the move and the byte offset just past it.
    pub fn parse_at(text: &str, start: usize) -> Result<(San, usize), ParseError> {
        let mut r = SanReader(Cursor::new(text, start));
        let rest = text.get(start..).unwrap_or("");
        let null = ["--", "Z0", "0000", "@@@@"].into_iter().find(|n| rest.starts_with(n));
        let san = match r.peek() {
            _ if null.is_some() => {
                r.at += null.map_or(0, str::len);
                San::Null
            }
            Some('O' | '0') => San::Castle(r.castling()?),
            Some(c) if File::from_char(c).is_some() => r.body(None)?,
            Some(c) => match Role::from_upper_char(c) {
                Some(role) if role != Role::Pawn => {
                    r.bump();
                    r.body(Some(role))?
                }
                _ => return Err(r.error("a move (a file a-h, a piece letter K Q R B N, or O-O)")),
            },
            None => return Err(r.error("a move (a file a-h, a piece letter K Q R B N, or O-O)")),
        };
        Ok((san, r.at))
    }
}

/// One move alone, optionally followed by `+` or `#` (what `san` writes).
impl FromStr for San {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<San, ParseError> {
        let (san, mut end) = San::parse_at(text, 0)?;
        if text[end..].starts_with(['+', '#']) {
            end += 1;
        }
        match text[end..].chars().next() {
            None => Ok(san),
            Some(c) => Err(ParseError { offset: end, character: Some(c), expected: "the end of the move" }),
        }
    }
}

/// The move as it was read, in a canonical spelling (`Ng1f3`, `exd5`, `O-O`).
impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let promote = |f: &mut fmt::Formatter<'_>, p: Option<Role>| match p {
            Some(p) => write!(f, "={}", p.upper_char()),
            None => Ok(()),
        };
        match *self {
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            San::Null => f.write_str("--"),
            San::FromTo { from, capture, to, promotion } => {
                write!(f, "{from}{}{to}", if capture { "x" } else { "" })?;
                promote(f, promotion)
            }
            San::Normal { role, file, rank, capture, to, promotion } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{}", file.char())?;
                }
                if let Some(rank) = rank {
                    write!(f, "{}", rank.char())?;
                }
                write!(f, "{}{to}", if capture { "x" } else { "" })?;
                promote(f, promotion)
            }
        }
    }
}

reader_over_cursor!(
    /// The SAN reader: a cursor with SAN's rules.
    SanReader
);

impl SanReader<'_> {
    /// After the piece letter (or none, for pawns and long algebraic):
    /// `[file] [rank] [x | : | -] square [promotion]`. A file and rank not
    /// followed by another square are the target (`Nf3`), else the moving
    /// piece's square or part of it (`Nbd7`, `Ng1f3`).
    fn body(&mut self, role: Option<Role>) -> Result<San, ParseError> {
        let file = self.file();
        let rank = self.rank();
        let capture = self.eat('x') || self.eat(':');
        let dash = !capture && self.eat('-');
        let (file, rank, to) = match self.file() {
            Some(to_file) => {
                let to_rank = self.rank().ok_or_else(|| self.error("a rank 1-8"))?;
                (file, rank, Square::new(to_file, to_rank))
            }
            None => match (file, rank) {
                (Some(f), Some(r)) if !capture && !dash => (None, None, Square::new(f, r)),
                (Some(_), None) if !capture && !dash => return Err(self.error("a rank 1-8")),
                _ => return Err(self.error("a square")),
            },
        };
        if let Some(role) = role {
            return Ok(San::Normal { role, file, rank, capture, to, promotion: None });
        }
        let promotion = self.promotion(to)?;
        Ok(match (file, rank) {
            (Some(f), Some(r)) => San::FromTo { from: Square::new(f, r), capture, to, promotion },
            _ => San::Normal { role: Role::Pawn, file, rank: None, capture, to, promotion },
        })
    }

    /// `=Q`, `/Q`, `(Q)`, or the letter alone when the pawn reaches a last
    /// rank (`e8Q`; lower case too, as UCI writes it).
    fn promotion(&mut self, to: Square) -> Result<Option<Role>, ParseError> {
        let letter = |c: char| match c.to_ascii_uppercase() {
            'Q' => Some(Role::Queen),
            'R' => Some(Role::Rook),
            'B' => Some(Role::Bishop),
            'N' => Some(Role::Knight),
            _ => None,
        };
        const EXPECTED: &str = "a promotion piece Q, R, B or N";
        if self.eat('=') || self.eat('/') {
            let role = self.peek().and_then(letter).ok_or_else(|| self.error(EXPECTED))?;
            self.bump();
            return Ok(Some(role));
        }
        // `(` also opens a variation, so `(Q)` counts only when complete.
        let rest = self.text.get(self.at..).unwrap_or("").as_bytes();
        if let [b'(', p, b')', ..] = rest {
            if let Some(role) = letter(*p as char) {
                self.at += 3;
                return Ok(Some(role));
            }
        }
        if matches!(to.rank(), Rank::First | Rank::Eighth) {
            if let Some(role) = self.peek().and_then(letter) {
                self.bump();
                return Ok(Some(role));
            }
        }
        Ok(None)
    }
}

/// Why a written move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// No piece can make the move, or more than one can.
    Completion(CompletionError),
    /// One piece makes the move, but the rules forbid it.
    Illegal(IllegalMove),
    /// A null move (`--`).
    Null,
}

impl SanError {
    /// The problem in plain words, for the page.
    pub fn explain(&self) -> String {
        match self {
            SanError::Completion(e) => e.explain(),
            SanError::Illegal(e) => e.reason.to_string(),
            SanError::Null => "a null move (--) only passes the turn: analysis programs write it in variations, \
                               but a game cannot be played through it"
                .to_string(),
        }
    }
}

/// The course program's words where they apply.
impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Completion(e) => write!(f, "{e}"),
            SanError::Illegal(e) => write!(f, "{e}"),
            SanError::Null => f.write_str("null move"),
        }
    }
}

impl std::error::Error for SanError {}

/// The legal move that `san` names in `pos`. Legal moves decide, as in
/// every PGN reader: the hints only have to single out one legal move (so
/// over-disambiguation is accepted, and a pinned piece does not make a move
/// ambiguous), and the `x` mark is not checked against the board.
pub fn resolve(pos: &Position, san: &San) -> Result<Move, SanError> {
    let us = pos.turn();
    let (role, file, rank, to, promotion) = match *san {
        San::Null => return Err(SanError::Null),
        San::Castle(side) => {
            let m = Move::Castle { king: king_home(us), rook: side.rook_square(us) };
            return if pos.is_legal(m) { Ok(m) } else { explain(pos, san) };
        }
        San::Normal { role, file, rank, to, promotion, .. } => (role, file, rank, to, promotion),
        San::FromTo { from, to, promotion, .. } => match pos.piece_at(from) {
            Some(p) if p.color == us => (p.role, Some(from.file()), Some(from.rank()), to, promotion),
            _ => return explain(pos, san),
        },
    };
    let mut found = None;
    let mut froms = Bitboard::EMPTY;
    pos.for_each_piece_moves_among(pos.pieces(us, role), |pm| {
        let matches = pm.role == role
            && pm.to.contains(to)
            && file.is_none_or(|f| pm.from.file() == f)
            && rank.is_none_or(|r| pm.from.rank() == r)
            // SAN names a pawn's file only for captures.
            && (role != Role::Pawn || file.is_some() || pm.from.file() == to.file());
        if matches {
            if let Some(m) = legal_move(pos, role, pm.from, to, promotion) {
                found = Some(m);
                froms = froms.with(pm.from);
            }
        }
        true
    });
    match found {
        Some(m) if !froms.more_than_one() => Ok(m),
        Some(_) => Err(SanError::Completion(CompletionError { color: us, role, to, candidates: froms.collect() })),
        None => explain(pos, san),
    }
}

/// The move of the piece on `from` to `to`, where `to` is known to be one
/// of its legal destinations; `None` if `promotion` does not fit the move.
fn legal_move(pos: &Position, role: Role, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    let us = pos.turn();
    let capture = if pos.by_color(!us).contains(to) { pos.role_at(to) } else { None };
    let m = match role {
        Role::King if from.file().index().abs_diff(to.file().index()) == 2 => {
            let side = if to.file() > from.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            Move::Castle { king: from, rook: side.rook_square(us) }
        }
        Role::Pawn if capture.is_none() && from.file() != to.file() => Move::EnPassant { from, to },
        Role::Pawn if to.rank() == us.fold(Rank::Eighth, Rank::First) => {
            let p = promotion.filter(|p| Role::PROMOTIONS.contains(p))?;
            return Some(Move::Normal { role, from, capture, to, promotion: Some(p) });
        }
        _ => Move::Normal { role, from, capture, to, promotion: None },
    };
    promotion.is_none().then_some(m)
}

/// For a move that names no legal move: says why in the course program's
/// terms. The movement rules alone (as the course completes a move) find
/// no piece or several (a completion error), or one piece whose move the
/// rules forbid (an illegal move). Should those rules accept the move
/// after all, it is legal and returned.
fn explain(pos: &Position, san: &San) -> Result<Move, SanError> {
    let us = pos.turn();
    let no_piece = |role, to| SanError::Completion(CompletionError { color: us, role, to, candidates: Vec::new() });
    let enemy_on = |sq: Square| pos.by_color(!us).contains(sq);
    // The course move, and the square the piece must come from if written.
    let (mv, from) = match *san {
        San::Null => return Err(SanError::Null),
        San::Castle(side) => (CourseMove::Castle(side), None),
        San::Normal { role: Role::Pawn, file, to, promotion, .. } => {
            let capture = file.is_some_and(|f| f != to.file());
            let file = file.filter(|_| capture);
            (CourseMove::Normal { role: Role::Pawn, file, rank: None, capture, to, promotion }, None)
        }
        San::Normal { role, file, rank, to, promotion, .. } => {
            (CourseMove::Normal { role, file, rank, capture: enemy_on(to), to, promotion }, None)
        }
        San::FromTo { from, to, promotion, .. } => {
            let Some(piece) = pos.piece_at(from).filter(|p| p.color == us) else {
                return Err(no_piece(Role::Pawn, to));
            };
            let role = piece.role;
            let mv = if role == Role::Pawn {
                let capture = from.file() != to.file();
                let file = capture.then_some(from.file());
                CourseMove::Normal { role, file, rank: None, capture, to, promotion }
            } else if role == Role::King
                && from == king_home(us)
                && from.file().index().abs_diff(to.file().index()) == 2
                && from.rank() == to.rank()
            {
                // `e1g1`: castling as the king's two-square move.
                let side = if to.file() > from.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
                CourseMove::Castle(side)
            } else {
                CourseMove::Normal {
                    role,
                    file: Some(from.file()),
                    rank: Some(from.rank()),
                    capture: enemy_on(to),
                    to,
                    promotion,
                }
            };
            (mv, Some(from))
        }
    };
    let done = course::complete(pos, &mv).map_err(SanError::Completion)?;
    if from.is_some_and(|from| from != done.from) {
        return Err(no_piece(done.role, done.to));
    }
    if !pos.has_legal_moves() {
        let reason = Illegality::GameOver { checkmate: pos.is_check() };
        return Err(SanError::Illegal(IllegalMove {
            color: us,
            role: done.role,
            from: done.from,
            to: done.to,
            reason,
        }));
    }
    course::resolve(pos, &mv, done).map_err(SanError::Illegal)
}
