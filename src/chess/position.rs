//! A chess position: the board, the side to move, castling rights, the en
//! passant square and the move counters. Only `Position::from_setup` and
//! `play` create one, so every `Position` is a valid one.

use super::attacks;
use super::bitboard::Bitboard;
use super::castling::{king_home, CastlingRights, CastlingSide};
use super::moves::Move;
use super::role::{Piece, Role};
use super::square::{Rank, Square};
use super::zobrist::{keys, Keys};
use crate::color::Color;
use std::fmt;
use std::sync::OnceLock;

/// A position as written down, not yet checked (what a FEN parses into).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 64],
    pub turn: Color,
    pub castling: CastlingRights,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

impl Setup {
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// One reason a setup is not a position we can play from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionProblem {
    NoKing(Color),
    TooManyKings(Color),
    TooManyPieces(Color),
    TooManyPawns(Color),
    /// More pieces than a side could have with its pawns promoted.
    TooManyPromoted(Color),
    PawnOnBackRank(Square),
    /// The side that just moved left its king attacked.
    OpponentInCheck,
    CastlingWithoutKingOrRook(Color, CastlingSide),
    BadEnPassant(Square),
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::NoKing(c) => write!(f, "{c} has no king"),
            PositionProblem::TooManyKings(c) => write!(f, "{c} has more than one king"),
            PositionProblem::TooManyPieces(c) => write!(f, "{c} has more than 16 pieces"),
            PositionProblem::TooManyPawns(c) => write!(f, "{c} has more than 8 pawns"),
            PositionProblem::TooManyPromoted(c) => {
                write!(f, "{c} has more officers than its missing pawns could have promoted to")
            }
            PositionProblem::PawnOnBackRank(sq) => write!(f, "a pawn stands on {sq}, a back rank"),
            PositionProblem::OpponentInCheck => write!(f, "the side not to move is in check"),
            PositionProblem::CastlingWithoutKingOrRook(c, side) => write!(
                f,
                "{c} may castle {} but its king or rook is not on its home square",
                match side {
                    CastlingSide::KingSide => "king side",
                    CastlingSide::QueenSide => "queen side",
                }
            ),
            PositionProblem::BadEnPassant(sq) => {
                write!(f, "en passant square {sq} does not follow a two-square pawn move")
            }
        }
    }
}

/// Every reason a setup was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub problems: Vec<PositionProblem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    roles: [Bitboard; 6],
    colors: [Bitboard; 2],
    turn: Color,
    castling: CastlingRights,
    /// Set after a two-square pawn move only when an en passant capture is
    /// legal, so equal positions hash and print alike.
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The standard starting position.
    pub fn start() -> Position {
        // Built once: validating it was 1.5% of analysing a game.
        static START: OnceLock<Position> = OnceLock::new();
        *START.get_or_init(Position::build_start)
    }

    fn build_start() -> Position {
        let mut setup = Setup::empty();
        let back =
            [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];
        for (i, &role) in back.iter().enumerate() {
            setup.board[i] = Some(Piece::new(Color::White, role));
            setup.board[8 + i] = Some(Piece::new(Color::White, Role::Pawn));
            setup.board[48 + i] = Some(Piece::new(Color::Black, Role::Pawn));
            setup.board[56 + i] = Some(Piece::new(Color::Black, role));
        }
        setup.castling = CastlingRights::ALL;
        match Position::from_setup(&setup) {
            Ok(pos) => pos,
            Err(_) => unreachable!("the start position is valid"),
        }
    }

    /// Validates a setup. The error lists every problem found.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            turn: setup.turn,
            castling: setup.castling,
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for sq in Square::ALL {
            if let Some(piece) = setup.board[sq.index()] {
                pos.put(piece, sq);
            }
        }
        let mut problems = Vec::new();
        for color in Color::ALL {
            let kings = pos.pieces(color, Role::King).count();
            if kings == 0 {
                problems.push(PositionProblem::NoKing(color));
            } else if kings > 1 {
                problems.push(PositionProblem::TooManyKings(color));
            }
            let pawns = pos.pieces(color, Role::Pawn).count();
            if pos.colors[color.index()].count() > 16 {
                problems.push(PositionProblem::TooManyPieces(color));
            }
            if pawns > 8 {
                problems.push(PositionProblem::TooManyPawns(color));
            } else {
                // Extra officers must come from promoted pawns; this also
                // bounds the number of legal moves (at most 218 are known).
                let extra = |role: Role, start: u32| pos.pieces(color, role).count().saturating_sub(start);
                let promoted =
                    extra(Role::Queen, 1) + extra(Role::Rook, 2) + extra(Role::Bishop, 2) + extra(Role::Knight, 2);
                if promoted > 8 - pawns {
                    problems.push(PositionProblem::TooManyPromoted(color));
                }
            }
            for side in CastlingSide::ALL {
                if setup.castling.has(color, side)
                    && !(pos.pieces(color, Role::King).contains(king_home(color))
                        && pos.pieces(color, Role::Rook).contains(side.rook_square(color)))
                {
                    problems.push(PositionProblem::CastlingWithoutKingOrRook(color, side));
                }
            }
        }
        for sq in pos.roles[Role::Pawn.index()] & (Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth)) {
            problems.push(PositionProblem::PawnOnBackRank(sq));
        }
        if problems.is_empty() && pos.is_attacked_by(pos.king_of(!pos.turn), pos.turn, pos.occupied()) {
            problems.push(PositionProblem::OpponentInCheck);
        }
        if let Some(ep) = setup.ep_square {
            // The square a pawn of the other side just passed over: empty,
            // the square it came from empty, the pawn in front of it.
            let them = !pos.turn;
            let (ep_rank, dir) = match pos.turn {
                Color::White => (Rank::Sixth, -1),
                Color::Black => (Rank::Third, 1),
            };
            let valid = ep.rank() == ep_rank
                && !pos.occupied().contains(ep)
                && ep.offset(0, -dir).is_some_and(|origin| !pos.occupied().contains(origin))
                && ep.offset(0, dir).is_some_and(|pawn| pos.pieces(them, Role::Pawn).contains(pawn));
            if valid {
                pos.ep_square = pos.ep_capture_is_legal(ep).then_some(ep);
            } else {
                problems.push(PositionProblem::BadEnPassant(ep));
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The position written down (for editing, or for a FEN).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.mailbox(),
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    fn put(&mut self, piece: Piece, sq: Square) {
        self.roles[piece.role.index()] |= Bitboard::from_square(sq);
        self.colors[piece.color.index()] |= Bitboard::from_square(sq);
    }

    fn compute_hash(&self) -> u64 {
        let keys = keys();
        let mut h = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                h ^= keys.pieces[p.color.index()][p.role.index()][sq.index()];
            }
        }
        h ^= keys.castling[self.castling.bits() as usize];
        if let Some(ep) = self.ep_square {
            h ^= keys.en_passant_file[ep.file().index() as usize];
        }
        if self.turn == Color::Black {
            h ^= keys.black_to_move;
        }
        h
    }

    // ---- queries ----

    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The square a pawn may capture onto en passant (only when that
    /// capture is legal).
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.roles[role.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    pub fn king_of(&self, color: Color) -> Square {
        self.pieces(color, Role::King).single()
    }

    #[inline(always)]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        let bb = Bitboard::from_square(sq);
        if (self.occupied() & bb).is_empty() {
            None
        } else if (self.roles[Role::Pawn.index()] & bb).any() {
            Some(Role::Pawn)
        } else if (self.roles[Role::Knight.index()] & bb).any() {
            Some(Role::Knight)
        } else if (self.roles[Role::Bishop.index()] & bb).any() {
            Some(Role::Bishop)
        } else if (self.roles[Role::Rook.index()] & bb).any() {
            Some(Role::Rook)
        } else if (self.roles[Role::Queen.index()] & bb).any() {
            Some(Role::Queen)
        } else {
            Some(Role::King)
        }
    }

    #[inline(always)]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.colors[0].contains(sq) {
            Some(Color::White)
        } else if self.colors[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece::new(self.color_at(sq)?, self.role_at(sq)?))
    }

    /// The pieces of `color` attacking `sq`, given the occupancy `occupied`.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let rooks = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let bishops = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        self.colors[color.index()]
            & ((attacks::knight_attacks(sq) & self.roles[Role::Knight.index()])
                | (attacks::king_attacks(sq) & self.roles[Role::King.index()])
                | (attacks::pawn_attacks(!color, sq) & self.roles[Role::Pawn.index()])
                | (attacks::rook_attacks(sq, occupied) & rooks)
                | (attacks::bishop_attacks(sq, occupied) & bishops))
    }

    #[inline(always)]
    pub fn is_attacked_by(&self, sq: Square, color: Color, occupied: Bitboard) -> bool {
        self.attackers(sq, color, occupied).any()
    }

    /// The pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.king_of(self.turn), !self.turn, self.occupied())
    }

    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether a pawn of the side to move may legally capture onto `ep`.
    fn ep_capture_is_legal(&self, ep: Square) -> bool {
        let king = self.king_of(self.turn);
        let capturers = attacks::pawn_attacks(!self.turn, ep) & self.pieces(self.turn, Role::Pawn);
        let mut capturers = capturers;
        capturers.find(|&from| self.ep_is_legal(from, ep, king)).is_some()
    }

    // ---- playing moves ----

    #[inline(always)]
    fn toggle(&mut self, keys: &Keys, color: Color, role: Role, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.roles[role.index()] ^= bb;
        self.colors[color.index()] ^= bb;
        self.hash ^= keys.pieces[color.index()][role.index()][sq.index()];
    }

    /// Plays a move known to be legal in this position (one from the move
    /// generator, or one checked with `is_legal`). Anything else leaves an
    /// unspecified but memory-safe position.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        self.play_inline(m);
    }

    /// `play_unchecked`, always inlined: for the few hottest loops (perft,
    /// the searches), where the call itself costs a third of the work.
    #[inline(always)]
    pub(crate) fn play_inline(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let keys = keys();
        let rights_before = self.castling;
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= keys.en_passant_file[ep.file().index() as usize];
        }
        // Saturating: a FEN may start the counters at their largest.
        self.halfmoves = self.halfmoves.saturating_add(1);
        let mut ep_candidate = None;
        match m {
            Move::Normal { role, from, capture, to, promotion } => {
                if let Some(captured) = capture {
                    self.toggle(keys, them, captured, to);
                    self.halfmoves = 0;
                }
                self.toggle(keys, us, role, from);
                self.toggle(keys, us, promotion.unwrap_or(role), to);
                self.castling.touch(from);
                self.castling.touch(to);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        let passed = Square::from_index_unchecked(((from.index() + to.index()) / 2) as u32);
                        // Cheap test first; legality once the move is made.
                        if (attacks::pawn_attacks(us, passed) & self.pieces(them, Role::Pawn)).any() {
                            ep_candidate = Some(passed);
                        }
                    }
                }
            }
            Move::EnPassant { from, to } => {
                let captured = Square::new(to.file(), from.rank());
                self.toggle(keys, them, Role::Pawn, captured);
                self.toggle(keys, us, Role::Pawn, from);
                self.toggle(keys, us, Role::Pawn, to);
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let side = if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
                self.toggle(keys, us, Role::King, king);
                self.toggle(keys, us, Role::Rook, rook);
                self.toggle(keys, us, Role::King, side.king_target(us));
                self.toggle(keys, us, Role::Rook, side.rook_target(us));
                self.castling.touch(king);
            }
        }
        if self.castling != rights_before {
            self.hash ^= keys.castling[rights_before.bits() as usize] ^ keys.castling[self.castling.bits() as usize];
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= keys.black_to_move;
        if let Some(ep) = ep_candidate {
            if self.ep_capture_is_legal(ep) {
                self.ep_square = Some(ep);
                self.hash ^= keys.en_passant_file[ep.file().index() as usize];
            }
        }
    }

    /// The position after a legal move.
    #[inline]
    pub fn after(&self, m: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(m);
        next
    }

    /// The position with the other side to move and no en passant square
    /// (a "null move", used to ask what the opponent threatens). `None` if
    /// the side to move is in check.
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let keys = keys();
        let mut next = *self;
        if let Some(ep) = next.ep_square.take() {
            next.hash ^= keys.en_passant_file[ep.file().index() as usize];
        }
        next.turn = !next.turn;
        next.hash ^= keys.black_to_move;
        Some(next)
    }

    // ---- the end of the game ----

    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// The material of each side in pawns (queen 9, rook 5, bishop and knight 3).
    pub fn material(&self, color: Color) -> i32 {
        const VALUES: [i32; 6] = [1, 3, 3, 5, 9, 0];
        Role::ALL.iter().map(|&r| VALUES[r.index()] * self.pieces(color, r).count() as i32).sum()
    }

    /// The piece on every square, indexed by square.
    pub fn mailbox(&self) -> [Option<Piece>; 64] {
        let mut board = [None; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    board[sq.index()] = Some(Piece::new(color, role));
                }
            }
        }
        board
    }

    /// The board as 64 characters, rank 8 first, `.` for empty squares.
    pub fn board_cells(&self) -> String {
        ascii_string(&self.cell_bytes())
    }

    /// `board_cells` as bytes. Only the squares that differ from the last
    /// board spelt are spelt again (two to four after a move: analysing a
    /// game spells every position, and spelling all 32 pieces was a twentieth
    /// of it).
    pub(crate) fn cell_bytes(&self) -> [u8; 64] {
        LAST_CELLS.with(|last| {
            let (boards, mut cells) = last.get();
            let mine = self.boards();
            let changed = mine.iter().zip(&boards).fold(Bitboard::EMPTY, |changed, (&a, &b)| changed | (a ^ b));
            if changed.count() > 8 {
                cells = self.cell_bytes_from_scratch();
            } else {
                for sq in changed {
                    cells[sq.index() ^ 56] = self.piece_at(sq).map_or(b'.', |p| p.char() as u8);
                }
            }
            last.set((mine, cells));
            cells
        })
    }

    /// The bitboards that say what stands where.
    fn boards(&self) -> [Bitboard; 8] {
        let [a, b, c, d, e, f] = self.roles;
        let [g, h] = self.colors;
        [a, b, c, d, e, f, g, h]
    }

    /// `cell_bytes`, every piece spelt.
    fn cell_bytes_from_scratch(&self) -> [u8; 64] {
        let mut cells = [b'.'; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                let letter = Piece::new(color, role).char() as u8;
                for sq in self.pieces(color, role) {
                    // Cells run from rank 8: the rank bits of the index flipped.
                    cells[sq.index() ^ 56] = letter;
                }
            }
        }
        cells
    }
}

thread_local! {
    /// The last board `cell_bytes` spelt (its bitboards) and its cells; at
    /// first the empty board.
    static LAST_CELLS: std::cell::Cell<([Bitboard; 8], [u8; 64])> =
        const { std::cell::Cell::new(([Bitboard::EMPTY; 8], [b'.'; 64])) };
}

/// A mailbox as 64 characters, rank 8 first, `.` for empty squares.
pub fn cells_of(board: &[Option<Piece>; 64]) -> String {
    ascii_string(&cell_bytes(board))
}

/// `cells_of` as bytes.
pub(crate) fn cell_bytes(board: &[Option<Piece>; 64]) -> [u8; 64] {
    std::array::from_fn(|i| board[i ^ 56].map_or(b'.', |p| p.char() as u8))
}

/// Cells are ASCII letters and dots.
pub(crate) fn ascii_string(cells: &[u8; 64]) -> String {
    String::from_utf8(cells.to_vec()).unwrap_or_default()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Positions of random games from every perft position, the games
    /// interleaved so that consecutive positions are sometimes a move
    /// apart and sometimes unrelated.
    pub(crate) fn random_walks() -> Vec<Position> {
        let starts: Vec<Position> = include_str!("../../tests/data/perft.epd")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| Position::from_fen(l.split(';').next()?.trim()).ok())
            .collect();
        assert!(starts.len() > 100, "the perft positions are read");
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut games = starts.clone();
        let mut walk = Vec::new();
        for ply in 0..60 {
            for (i, pos) in games.iter_mut().enumerate() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let moves = pos.legal_moves();
                if !moves.is_empty() {
                    *pos = pos.after(moves[(seed % moves.len() as u64) as usize]);
                }
                // Several plies of one game in a row, then the next game.
                if (ply + i) % 3 == 0 {
                    walk.push(*pos);
                }
            }
        }
        walk.extend(starts);
        walk
    }

    #[test]
    fn cells_spelt_from_the_last_board_are_the_cells_spelt_afresh() {
        for pos in random_walks() {
            assert_eq!(ascii_string(&pos.cell_bytes()), ascii_string(&pos.cell_bytes_from_scratch()), "{pos:?}");
            // Twice: the second time nothing has changed.
            assert_eq!(pos.cell_bytes(), pos.cell_bytes_from_scratch());
        }
    }
}
