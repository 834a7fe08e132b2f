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
//!
//! `San::parse_lenient_at` (the PGN reader's) also reads what people type
//! by hand, and says which `Spelling` it read: piece letters in lower case,
//! `o-o`, and figurines. A lower-case `b` is SAN's b-file whenever a pawn
//! move fits: `b4` is a pawn move, `bdc3` a bishop's, and `bxc3` is
//! `San::PawnOrBishop`, which `resolve` reads as the pawn's capture when it
//! is legal, else as the bishop's.

use crate::chess::bitboard::Bitboard;
use crate::chess::castling::{king_home, CastlingSide};
use crate::chess::moves::Move;
use crate::chess::notation::course::{self, CompletionError, CourseMove, IllegalMove, Illegality, ParseError};
use crate::chess::notation::cursor::Cursor;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::{File, Rank, Square};
use arrayvec::ArrayString;
use std::fmt;
use std::str::FromStr;

/// The SAN of a legal move, with `+` or `#`.
pub fn san(pos: &Position, m: Move) -> String {
    let after = pos.after(m);
    san_with_suffix(pos, m, after.is_check(), !after.has_legal_moves()).to_string()
}

/// A SAN as written, held in place: at most seven characters (`Qa1xb2+`,
/// `exd8=Q#`), written once for every ply of an analysed game.
pub type SanText = ArrayString<8>;

/// The SAN of a legal move when the caller already knows whether it gives
/// check and whether the opponent is left without a move.
pub fn san_with_suffix(pos: &Position, m: Move, gives_check: bool, no_reply: bool) -> SanText {
    let mut s = san_without_suffix(pos, m);
    if gives_check {
        push(&mut s, if no_reply { "#" } else { "+" });
    }
    s
}

/// Appends to a SAN; it never fills its eight bytes.
fn push(s: &mut SanText, part: &str) {
    let _ = s.try_push_str(part);
}

fn push_char(s: &mut SanText, c: char) {
    let _ = s.try_push(c);
}

/// The SAN of a legal move without the check mark.
pub fn san_without_suffix(pos: &Position, m: Move) -> SanText {
    let mut s = SanText::new();
    match m {
        Move::Castle { .. } => {
            push(&mut s, if m.castling_side() == Some(CastlingSide::KingSide) { "O-O" } else { "O-O-O" });
            return s;
        }
        Move::EnPassant { from, to } => {
            push_char(&mut s, from.file().char());
            push(&mut s, "x");
            push(&mut s, to.name());
            return s;
        }
        Move::Normal { role: Role::Pawn, from, capture, to, promotion } => {
            if capture.is_some() {
                push_char(&mut s, from.file().char());
                push(&mut s, "x");
            }
            push(&mut s, to.name());
            if let Some(p) = promotion {
                push(&mut s, "=");
                push_char(&mut s, p.upper_char());
            }
        }
        Move::Normal { role, from, capture, to, .. } => {
            push_char(&mut s, role.upper_char());
            if role != Role::King && pos.pieces(pos.turn(), role).more_than_one() {
                // Other pieces of the same kind that could also go there.
                let mut others = Bitboard::EMPTY;
                pos.for_each_piece_moves_among(pos.pieces(pos.turn(), role).without(from), |pm| {
                    if pm.to.contains(to) {
                        others = others.with(pm.from);
                    }
                    true
                });
                if others.any() {
                    if (others & Bitboard::file(from.file())).is_empty() {
                        push_char(&mut s, from.file().char());
                    } else if (others & Bitboard::rank(from.rank())).is_empty() {
                        push_char(&mut s, from.rank().char());
                    } else {
                        push_char(&mut s, from.file().char());
                        push_char(&mut s, from.rank().char());
                    }
                }
            }
            if capture.is_some() {
                push(&mut s, "x");
            }
            push(&mut s, to.name());
        }
    }
    s
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
    /// write it in variations ("the threat is ..."); the board cannot play
    /// it (the PGN reader ends a variation there, and a main line fails).
    Null,
    /// `bxc3`, `bc3`, `bb5` as the lenient reader reads them: the pawn's
    /// move from the b-file (SAN's reading) or a bishop's typed in lower
    /// case. `resolve` takes the pawn's when it is legal.
    PawnOrBishop { capture: bool, to: Square },
}

/// How a move was written: as SAN writes it, or in a spelling people type
/// that only the lenient reader (`San::parse_lenient_at`) accepts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Spelling {
    /// SAN, long algebraic, and the variants every PGN reader accepts.
    #[default]
    Standard,
    /// A piece letter in lower case: `nf3`, `qxd5`, `rfe1`, `kg1`, `bdc3`.
    /// (`bxc3` reads as `San::PawnOrBishop` with the standard spelling:
    /// only its bishop's reading is lower case.)
    LowerCasePiece,
    /// `o-o`, `o-o-o`.
    LowerCaseCastling,
    /// Figurines of either colour for the piece or the promotion: `♘f3`,
    /// `♞f6`, `♙e4` (a pawn), `e8=♕`.
    Figurine,
    /// What typography makes of text copied from web pages and books: a
    /// dash other than `-` (`0–0`, `e2–e4`, see `is_typographic_dash`) or
    /// `×` for a capture (`e×d5`).
    Typographic,
}

impl Spelling {
    /// The move as SAN writes it, from the move as written in this
    /// spelling (anything else in `written`, a check mark or a glyph, is kept).
    pub fn respell(self, written: &str) -> String {
        // A move has one spelling, the first met; typography may come
        // with any other (`♘×f3`).
        let written = &untypeset(written);
        match self {
            Spelling::Standard | Spelling::Typographic => written.to_string(),
            Spelling::LowerCasePiece => {
                let mut chars = written.chars();
                chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect()
            }
            Spelling::LowerCaseCastling => written.replace('o', "O"),
            Spelling::Figurine => written
                .chars()
                .filter(|&c| !is_variation_selector(c))
                .filter_map(|c| match figurine(c) {
                    Some(Role::Pawn) => None,
                    Some(role) => Some(role.upper_char()),
                    None => Some(c),
                })
                .collect(),
        }
    }
}

/// The dashes typography puts where `-` was typed: hyphen, non-breaking
/// hyphen, figure dash, en dash, em dash, minus sign.
pub fn is_typographic_dash(c: char) -> bool {
    matches!(c, '\u{2010}'..='\u{2014}' | '\u{2212}')
}

/// `-` and `x` for their typographic forms.
fn untypeset(written: &str) -> String {
    written
        .chars()
        .map(|c| {
            if is_typographic_dash(c) {
                '-'
            } else if c == '×' {
                'x'
            } else {
                c
            }
        })
        .collect()
}

/// The piece a figurine draws, whatever its colour (people paste both).
fn figurine(c: char) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        '♙' | '♟' => Some(Role::Pawn),
        _ => None,
    }
}

/// The invisible mark that asks for a symbol's text or emoji form: `♟️`
/// from an emoji keyboard is the figurine and U+FE0F.
fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{fe0e}' | '\u{fe0f}')
}

const EXPECTED_MOVE: &str = "a move (a file a-h, a piece letter K Q R B N, or O-O)";

impl San {
    /// Reads one move starting at byte `start` of `text`: the move itself,
    /// without `+`, `#` or `!`, so the caller decides what may follow.
    /// Returns the move and the byte offset just past it.
    pub fn parse_at(text: &str, start: usize) -> Result<(San, usize), ParseError> {
        let (san, _, end) = SanReader::new(text, start, false).read()?;
        Ok((san, end))
    }

    /// `parse_at`, and the spellings people type (see `Spelling`): returns
    /// the move, how it was spelt, and the byte offset just past it. A
    /// lower-case word that is no move (`nice`, `bad`) gets `parse_at`'s
    /// error.
    pub fn parse_lenient_at(text: &str, start: usize) -> Result<(San, Spelling, usize), ParseError> {
        SanReader::new(text, start, true).read()
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
            San::PawnOrBishop { capture, to } => write!(f, "b{}{to}", if capture { "x" } else { "" }),
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

/// The SAN reader: a cursor with SAN's rules; `lenient` for the
/// spellings people type, and the spelling it read.
struct SanReader<'a> {
    cursor: Cursor<'a>,
    lenient: bool,
    spelling: Spelling,
}

impl<'a> std::ops::Deref for SanReader<'a> {
    type Target = Cursor<'a>;
    fn deref(&self) -> &Cursor<'a> {
        &self.cursor
    }
}

impl std::ops::DerefMut for SanReader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.cursor
    }
}

impl SanReader<'_> {
    fn new(text: &str, start: usize, lenient: bool) -> SanReader<'_> {
        SanReader { cursor: Cursor::new(text, start), lenient, spelling: Spelling::Standard }
    }

    fn read(mut self) -> Result<(San, Spelling, usize), ParseError> {
        let start = self.at;
        let null = ["--", "Z0", "0000", "@@@@"].into_iter().find(|n| self.rest().starts_with(n));
        let san = match self.peek() {
            _ if null.is_some() => {
                self.at += null.map_or(0, str::len);
                San::Null
            }
            Some('O' | '0') if self.lenient => San::Castle(self.castling_with(|c| c == '-' || is_typographic_dash(c))?),
            Some('O' | '0') => San::Castle(self.castling()?),
            Some('o') if self.lenient => self.lower_case_castling().ok_or_else(|| self.error(EXPECTED_MOVE))?,
            Some('b') if self.lenient => self.b_file_or_bishop()?,
            Some(c) if File::from_char(c).is_some() => self.body(None)?,
            Some(c) => {
                let Some((role, spelling)) = self.piece_letter(c) else {
                    return Err(self.error(EXPECTED_MOVE));
                };
                self.bump();
                if spelling == Spelling::Figurine && self.peek().is_some_and(is_variation_selector) {
                    self.bump();
                }
                self.spelling = spelling;
                match self.body(Some(role).filter(|&r| r != Role::Pawn)) {
                    Ok(san) => san,
                    Err(_) if spelling == Spelling::LowerCasePiece => {
                        return Err(ParseError { offset: start, character: Some(c), expected: EXPECTED_MOVE })
                    }
                    Err(e) => return Err(e),
                }
            }
            None => return Err(self.error(EXPECTED_MOVE)),
        };
        let typeset = |c: char| is_typographic_dash(c) || c == '×';
        if self.spelling == Spelling::Standard && self.text[start..self.at].contains(typeset) {
            self.spelling = Spelling::Typographic;
        }
        Ok((san, self.spelling, self.at))
    }

    /// The piece a letter or figurine names (`Role::Pawn` for the pawn's
    /// figurine), and how it is spelt; lower case and figurines only when
    /// lenient. A lower-case `b` is read apart (`b_file_or_bishop`).
    fn piece_letter(&self, c: char) -> Option<(Role, Spelling)> {
        match Role::from_upper_char(c) {
            Some(role) if role != Role::Pawn => return Some((role, Spelling::Standard)),
            _ if !self.lenient => return None,
            _ => {}
        }
        match c {
            'k' | 'q' | 'r' | 'n' => {
                Role::from_upper_char(c.to_ascii_uppercase()).map(|role| (role, Spelling::LowerCasePiece))
            }
            _ => figurine(c).map(|role| (role, Spelling::Figurine)),
        }
    }

    /// `o-o` or `o-o-o` (lenient only).
    fn lower_case_castling(&mut self) -> Option<San> {
        let mut ahead = self.cursor;
        let side = ahead.castling_with(|c| c == '-' || is_typographic_dash(c)).ok()?;
        self.cursor = ahead;
        self.spelling = Spelling::LowerCaseCastling;
        Some(San::Castle(side))
    }

    /// A lower-case `b` (lenient only): SAN's b-file, or a bishop's
    /// letter typed in lower case. The longer reading wins, the pawn's on a
    /// tie: `b4` and `bxc8=Q` are pawn moves, `b2b4` and `b1d2` long
    /// algebraic (the piece on b2, b1), `bdc3` and `bd2xc3` a bishop's, and
    /// `bxc3`, `bc3`, `bb5` may be either (`San::PawnOrBishop`, for
    /// `resolve` to decide). A text neither reads is refused as a pawn's
    /// move.
    fn b_file_or_bishop(&mut self) -> Result<San, ParseError> {
        let start = self.at;
        let as_pawn = self.body(None).map(|san| (san, self.at));
        self.at = start + 1;
        let as_bishop = self.body(Some(Role::Bishop)).map(|san| (san, self.at));
        let (san, end) = match (as_pawn, as_bishop) {
            (Ok((_, pawn_end)), Ok(bishop)) if bishop.1 > pawn_end => {
                self.spelling = Spelling::LowerCasePiece;
                bishop
            }
            (Ok(pawn), _) => pawn,
            (Err(_), Ok(bishop)) => {
                self.spelling = Spelling::LowerCasePiece;
                bishop
            }
            (Err(e), Err(_)) => return Err(e),
        };
        self.at = end;
        Ok(match san {
            San::Normal { role: Role::Pawn, file: Some(File::B), rank: None, capture, to, promotion: None } => {
                San::PawnOrBishop { capture, to }
            }
            san => san,
        })
    }

    /// After the piece letter (or none, for pawns and long algebraic):
    /// `[file] [rank] [x | : | -] square [promotion]`. A file and rank not
    /// followed by another square are the target (`Nf3`), else the moving
    /// piece's square or part of it (`Nbd7`, `Ng1f3`).
    fn body(&mut self, role: Option<Role>) -> Result<San, ParseError> {
        let file = self.file();
        let rank = self.rank();
        let lenient = self.lenient;
        let capture = self.eat('x') || self.eat(':') || (lenient && self.eat('×'));
        let dash = !capture && self.eat_if(|c| c == '-' || (lenient && is_typographic_dash(c)));
        let before_to = self.at;
        let (file, rank, to) = match self.file() {
            Some(to_file) => match (self.rank(), file, rank) {
                (Some(to_rank), ..) => (file, rank, Square::new(to_file, to_rank)),
                // `a8b`: a pawn's square on the last rank and a bishop's
                // promotion in lower case, as `a8q` is a queen's (UCI).
                (None, Some(f), Some(r))
                    if role.is_none()
                        && to_file == File::B
                        && !capture
                        && !dash
                        && matches!(r, Rank::First | Rank::Eighth) =>
                {
                    self.at = before_to;
                    (None, None, Square::new(f, r))
                }
                _ => return Err(self.error("a rank 1-8")),
            },
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
        const EXPECTED: &str = "a promotion piece Q, R, B or N";
        if self.eat('=') || self.eat('/') {
            return self.promotion_piece().map(Some).ok_or_else(|| self.error(EXPECTED));
        }
        // `(` also opens a variation, so `(Q)` counts only when complete.
        let rest = self.text.get(self.at..).unwrap_or("").as_bytes();
        if let [b'(', p, b')', ..] = rest {
            if let Some(role) = promotion_letter(*p as char) {
                self.at += 3;
                return Ok(Some(role));
            }
        }
        if matches!(to.rank(), Rank::First | Rank::Eighth) {
            return Ok(self.promotion_piece());
        }
        Ok(None)
    }

    /// The promotion piece here, a letter in either case, or (lenient) a
    /// figurine: read and returned.
    fn promotion_piece(&mut self) -> Option<Role> {
        let c = self.peek()?;
        let role = match promotion_letter(c) {
            Some(role) => role,
            None if self.lenient => {
                let role = figurine(c).filter(|r| Role::PROMOTIONS.contains(r))?;
                self.spelling = Spelling::Figurine;
                role
            }
            None => return None,
        };
        self.bump();
        if self.spelling == Spelling::Figurine && self.peek().is_some_and(is_variation_selector) {
            self.bump();
        }
        Some(role)
    }
}

/// A promotion letter in either case (UCI writes `e7e8q`).
fn promotion_letter(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'Q' => Some(Role::Queen),
        'R' => Some(Role::Rook),
        'B' => Some(Role::Bishop),
        'N' => Some(Role::Knight),
        _ => None,
    }
}

/// Why a written move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// No piece can make the move, or more than one can.
    Completion(CompletionError),
    /// One piece makes the move, but the rules forbid it.
    Illegal(IllegalMove),
    /// Long algebraic from a square without a piece of the mover's
    /// (`e4e5`, two moves run together, at the start): no piece to move,
    /// said with the square (`error` is the course's words for it).
    NoPieceOn { error: CompletionError, from: Square, written: San },
    /// A null move (`--`).
    Null,
    /// `Kg1` (`Ke1g1`, ...) with the king on e1: SAN writes castling as
    /// `O-O`, and a king's move is one square (as the course notation and
    /// python-chess read it). `error` is the course's words for the move.
    NotCastling { error: CompletionError, written: San, side: CastlingSide },
}

impl SanError {
    /// The problem in plain words, for the page.
    pub fn explain(&self) -> String {
        match self {
            SanError::Completion(e) => e.explain(),
            SanError::NoPieceOn { error, from, written } => format!(
                "no {} piece stands on {from} (long algebraic {written} moves the piece on {from} to {})",
                error.color, error.to
            ),
            SanError::Illegal(e) => e.reason.to_string(),
            SanError::Null => "a null move (--) passes the turn and cannot be played on the board".to_string(),
            SanError::NotCastling { written, side, .. } => not_castling(&written.to_string(), *side),
        }
    }
}

/// The course program's words where they apply.
impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Completion(e) | SanError::NoPieceOn { error: e, .. } | SanError::NotCastling { error: e, .. } => {
                write!(f, "{e}")
            }
            SanError::Illegal(e) => write!(f, "{e}"),
            SanError::Null => f.write_str("null move"),
        }
    }
}

impl std::error::Error for SanError {}

/// Why a king's move written as `written` (`Kg1`) is refused.
pub fn not_castling(written: &str, side: CastlingSide) -> String {
    let castling = if side == CastlingSide::KingSide { "O-O" } else { "O-O-O" };
    format!("{written} is not castling: write {castling}")
}

/// The legal move that `san` names in `pos`. Legal moves decide, as in
/// every PGN reader: the hints only have to single out one legal move (so
/// over-disambiguation is accepted, and a pinned piece does not make a move
/// ambiguous), and the `x` mark is not checked against the board.
///
/// `passed` is the square the last move's pawn passed over, if any
/// (`course::passed_square`): it only shapes the error for a move that is
/// not legal (a pinned pawn's en passant capture is an illegal move, not
/// a move without a piece).
pub fn resolve(pos: &Position, passed: Option<Square>, san: &San) -> Result<Move, SanError> {
    let us = pos.turn();
    let (role, file, rank, to, promotion) = match *san {
        San::Null => return Err(SanError::Null),
        San::PawnOrBishop { capture, to } => return resolve_pawn_or_bishop(pos, passed, capture, to),
        San::Castle(side) => {
            let m = Move::Castle { king: king_home(us), rook: side.rook_square(us) };
            return if pos.is_legal(m) { Ok(m) } else { explain(pos, passed, san) };
        }
        San::Normal { role: Role::King, file, rank, to, .. } if king_to_castling_square(pos, file, rank, to) => {
            let side = if to.file() > File::E { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            let error = CompletionError { color: us, role: Role::King, to, candidates: Vec::new() };
            return Err(SanError::NotCastling { error, written: *san, side });
        }
        San::Normal { role, file, rank, to, promotion, .. } => (role, file, rank, to, promotion),
        San::FromTo { from, to, promotion: None, .. } if king_takes_own_rook(pos, from, to) => {
            // Castling as Chess960 programs write it in UCI (`e1h1`).
            let side = if to.file() > from.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            return resolve(pos, passed, &San::Castle(side));
        }
        San::FromTo { from, to, promotion, .. } => match pos.piece_at(from) {
            Some(p) if p.color == us => (p.role, Some(from.file()), Some(from.rank()), to, promotion),
            _ => return explain(pos, passed, san),
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
        None => explain(pos, passed, san),
    }
}

/// Whether a king's move in SAN (`Kg1`, `Ke1g1`) goes from the mover's
/// king's home square two files along its rank, where castling takes it: a
/// king moves one square, so it is not castling.
fn king_to_castling_square(pos: &Position, file: Option<File>, rank: Option<Rank>, to: Square) -> bool {
    let home = king_home(pos.turn());
    pos.pieces(pos.turn(), Role::King).contains(home)
        && file.is_none_or(|f| f == home.file())
        && rank.is_none_or(|r| r == home.rank())
        && to.rank() == home.rank()
        && to.file().index().abs_diff(home.file().index()) == 2
}

/// Whether `from` holds the mover's king and `to` one of its rooks on the
/// same rank: castling written as the king taking the rook.
fn king_takes_own_rook(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.turn();
    pos.pieces(us, Role::King).contains(from) && pos.pieces(us, Role::Rook).contains(to) && from.rank() == to.rank()
}

/// `bxc3` typed with a lower-case `b`: the pawn's capture when it is
/// legal (SAN reads `b` as the file), else the bishop's move. For neither,
/// the pawn's error, unless no pawn could make the move at all and a bishop
/// could (pinned, say): the bishop's.
fn resolve_pawn_or_bishop(pos: &Position, passed: Option<Square>, capture: bool, to: Square) -> Result<Move, SanError> {
    let pawn = San::Normal { role: Role::Pawn, file: Some(File::B), rank: None, capture, to, promotion: None };
    let bishop = San::Normal { role: Role::Bishop, file: None, rank: None, capture, to, promotion: None };
    let as_pawn = match resolve(pos, passed, &pawn) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    let no_piece = |e: &SanError| matches!(e, SanError::Completion(c) if c.candidates.is_empty());
    match resolve(pos, passed, &bishop) {
        Ok(m) => Ok(m),
        Err(as_bishop) if no_piece(&as_pawn) && !no_piece(&as_bishop) => Err(as_bishop),
        Err(_) => Err(as_pawn),
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
fn explain(pos: &Position, passed: Option<Square>, san: &San) -> Result<Move, SanError> {
    let us = pos.turn();
    let no_piece = |role, to| SanError::Completion(CompletionError { color: us, role, to, candidates: Vec::new() });
    let enemy_on = |sq: Square| pos.by_color(!us).contains(sq);
    // The course move, and the square the piece must come from if written.
    let (mv, from) = match *san {
        San::Null => return Err(SanError::Null),
        San::PawnOrBishop { capture, to } => return resolve_pawn_or_bishop(pos, passed, capture, to),
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
                let error = CompletionError { color: us, role: Role::Pawn, to, candidates: Vec::new() };
                return Err(SanError::NoPieceOn { error, from, written: *san });
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
    let done = course::complete(pos, passed, &mv).map_err(SanError::Completion)?;
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

/// SAN of a line of moves from `pos`.
pub fn sans(mut pos: Position, line: &[Move]) -> Vec<String> {
    line.iter()
        .map(|&m| {
            let s = san(&pos, m);
            pos = pos.after(m);
            s
        })
        .collect()
}
