//! FEN: parsing into a `Setup` (syntax), then `Position::from_setup`
//! (meaning); and writing.

use super::castling::{CastlingRights, CastlingSide};
use super::position::{cell_bytes, Position, PositionError, PositionProblem, Setup};
use super::role::Piece;
use super::square::Square;
use crate::color::Color;
use crate::snapshot::PositionText;
use std::cell::Cell;
use std::fmt;

/// What is wrong with the text of a FEN, and where (a character offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// A syntax problem at this byte offset of the FEN text.
    Syntax { offset: usize, reason: &'static str },
    /// Well-formed, but not a position we can play from.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax { offset, reason } => write!(f, "bad FEN at character {}: {reason}", offset + 1),
            FenError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

fn syntax(offset: usize, reason: &'static str) -> FenError {
    FenError::Syntax { offset, reason }
}

/// A move counter: digits only, at most `u32::MAX`. A number too large is
/// said to be so, not "not a number"; both errors point at the counter.
fn parse_counter(text: &str, at: usize, not_a_number: &'static str, too_large: &'static str) -> Result<u32, FenError> {
    if let Some(bad) = text.find(|c: char| !c.is_ascii_digit()) {
        return Err(syntax(at + bad, not_a_number));
    }
    text.parse().map_err(|_| syntax(at, too_large))
}

impl Setup {
    /// Parses the six FEN fields; the last two (move counters) may be left
    /// out, as many tools do.
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        let mut setup = Setup::empty();
        let mut fields = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
            match (c.is_whitespace(), start) {
                (true, Some(s)) => {
                    fields.push((s, &text[s..i]));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if fields.is_empty() {
            return Err(syntax(0, "empty FEN"));
        }
        if fields.len() > 6 {
            return Err(syntax(fields[6].0, "more than six fields"));
        }
        let (board_at, board) = fields[0];
        parse_board(board, board_at, &mut setup.board)?;

        let (at, turn) = fields.get(1).copied().unwrap_or((text.len(), "w"));
        setup.turn = match turn {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return Err(syntax(at, "the side to move must be w or b")),
        };

        let (at, castling) = fields.get(2).copied().unwrap_or((text.len(), "-"));
        setup.castling = parse_castling(castling, at)?;

        let (at, ep) = fields.get(3).copied().unwrap_or((text.len(), "-"));
        if ep != "-" {
            setup.ep_square = Some(Square::parse(ep).ok_or(syntax(at, "the en passant field must be a square or -"))?);
        }
        if let Some(&(at, n)) = fields.get(4) {
            setup.halfmoves = parse_counter(
                n,
                at,
                "the halfmove clock must be a number",
                "the halfmove clock is too large (at most 4294967295)",
            )?;
        }
        if let Some(&(at, n)) = fields.get(5) {
            setup.fullmoves = parse_counter(
                n,
                at,
                "the move number must be a number",
                "the move number is too large (at most 4294967295)",
            )?;
            // Some programs write 0: read as 1, as python-chess reads it.
            setup.fullmoves = setup.fullmoves.max(1);
        }
        Ok(setup)
    }

    pub fn to_fen(&self) -> String {
        let fields = Fields { turn: self.turn, castling: self.castling, ep_square: self.ep_square };
        write_fen(&cell_bytes(&self.board), fields, self.halfmoves, self.fullmoves).into()
    }
}

/// What a pasted FEN gave that its board cannot have, dropped to read it
/// (`Position::from_fen_leniently`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dropped {
    pub castling: CastlingRights,
    pub en_passant: Option<Square>,
}

/// The FEN fields after the board.
#[derive(Clone, Copy)]
struct Fields {
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
}

/// A FEN from the board as 64 ASCII cells (rank 8 first, `.` empty) and
/// the other fields. Built as ASCII bytes: this runs for every ply of an
/// analysed game.
fn write_fen(cells: &[u8; 64], fields: Fields, halfmoves: u32, fullmoves: u32) -> PositionText {
    // Written into a buffer on the stack, then copied once. The longest FEN
    // has 103 bytes (71 of board, 11 of turn, castling and en passant, two
    // clocks of 10 digits and their spaces); a rank is stored as 8 bytes
    // whatever its length, so the buffer has room past that. Indices kept
    // under 128 by a mask never wrap and cost no bounds check.
    let mut bytes = [0u8; 136];
    let mut len = 0;
    for (i, row) in cells.chunks_exact(8).enumerate() {
        bytes[len & 127] = b'/';
        len += usize::from(i > 0);
        let rank = spelt_rank(i, row);
        let at = len & 127;
        bytes[at..at + 8].copy_from_slice(&rank.spelling.to_le_bytes());
        len += usize::from(rank.len);
    }
    // The other fields as words of up to 8 bytes, like the ranks: written
    // a byte at a time, a FEN took a quarter more instructions.
    let mut put = |word: [u8; 8], n: usize| {
        let at = len & 127;
        bytes[at..at + 8].copy_from_slice(&word);
        len += n;
    };
    put(if fields.turn == Color::White { *b" w\0\0\0\0\0\0" } else { *b" b\0\0\0\0\0\0" }, 2);
    let (castling, n) = CASTLING_FIELDS[usize::from(fields.castling.bits() & 15)];
    put(castling, usize::from(n));
    match fields.ep_square {
        Some(sq) => {
            let name = sq.name().as_bytes();
            put([b' ', name[0], name[1], 0, 0, 0, 0, 0], 3);
        }
        None => put(*b" -\0\0\0\0\0\0", 2),
    }
    for n in [halfmoves, fullmoves] {
        // Most clocks have one or two digits.
        let n = n as usize;
        match n {
            0..=9 => put([b' ', b'0' + n as u8, 0, 0, 0, 0, 0, 0], 2),
            10..=99 => put([b' ', b'0' + (n / 10) as u8, b'0' + (n % 10) as u8, 0, 0, 0, 0, 0], 3),
            _ => {
                put(*b" \0\0\0\0\0\0\0", 1);
                for &digit in crate::decimal::Digits::of(n as u64).as_bytes() {
                    put([digit, 0, 0, 0, 0, 0, 0, 0], 1);
                }
            }
        }
    }
    PositionText::from_ascii_block(&bytes, len.min(128))
}

/// The castling field of each set of rights (`CastlingRights::fen`), with
/// its leading space, as a word and its length.
const CASTLING_FIELDS: [([u8; 8], u8); 16] = {
    let mut fields = [([0u8; 8], 0u8); 16];
    let mut i = 0;
    while i < 16 {
        let spelt = super::castling::FEN_FIELDS[i].as_bytes();
        fields[i].0[0] = b' ';
        let mut j = 0;
        while j < spelt.len() {
            fields[i].0[j + 1] = spelt[j];
            j += 1;
        }
        fields[i].1 = spelt.len() as u8 + 1;
        i += 1;
    }
    fields
};

/// A rank's cells (8 bytes, file a first) and their spelling in a FEN
/// (its bytes, up to 8, and how many there are).
#[derive(Clone, Copy)]
struct SpeltRank {
    cells: u64,
    spelling: u64,
    len: u8,
}

thread_local! {
    /// The last spelling of each rank, rank 8 first. Between two plies of
    /// a game most ranks do not change, and comparing a rank with the last
    /// one costs less than spelling it again (`cargo bench --bench perft --
    /// c1`). No rank's cells are zero bytes, so at first every rank is spelt.
    static LAST_SPELT: [Cell<SpeltRank>; 8] =
        const { [const { Cell::new(SpeltRank { cells: 0, spelling: 0, len: 0 }) }; 8] };
}

/// The spelling of rank `i` (0 is rank 8) whose cells are `row`.
fn spelt_rank(i: usize, row: &[u8]) -> SpeltRank {
    let mut word = [0u8; 8];
    word.copy_from_slice(&row[..8]);
    let cells = u64::from_le_bytes(word);
    LAST_SPELT.with(|last| {
        let Some(last) = last.get(i) else { return spell_rank(cells) };
        if last.get().cells != cells {
            last.set(spell_rank(cells));
        }
        last.get()
    })
}

/// A rank spelt from the table, without a branch per cell (a branch on each
/// cell's emptiness was a third of analysing a game): the rank's empty
/// squares pick its spelling, each token an index into the rank's letters
/// followed by the counts 1 to 8.
fn spell_rank(cells: u64) -> SpeltRank {
    let spelling = &RANK_SPELLINGS[usize::from(empty_squares(cells))];
    let mut letters = *b"........12345678";
    letters[..8].copy_from_slice(&cells.to_le_bytes());
    let spelt = spelling.tokens.map(|token| letters[usize::from(token & 15)]);
    SpeltRank { cells, spelling: u64::from_le_bytes(spelt), len: spelling.len }
}

/// How a rank is spelt in a FEN, for one pattern of empty squares: up to 8
/// tokens, each a file (0 to 7: its piece letter) or 7 + a count of empty
/// squares (8 to 15: that count's digit).
#[derive(Clone, Copy)]
struct RankSpelling {
    tokens: [u8; 8],
    len: u8,
}

/// The spelling of each of the 256 patterns of empty squares (bit f set:
/// file f empty).
static RANK_SPELLINGS: [RankSpelling; 256] = {
    let mut table = [RankSpelling { tokens: [0; 8], len: 0 }; 256];
    let mut pattern = 0;
    while pattern < 256 {
        let mut spelling = RankSpelling { tokens: [0; 8], len: 0 };
        let mut empty = 0u8;
        let mut file = 0u8;
        while file < 8 {
            if pattern >> file & 1 == 1 {
                empty += 1;
            } else {
                if empty > 0 {
                    spelling.tokens[spelling.len as usize] = 7 + empty;
                    spelling.len += 1;
                    empty = 0;
                }
                spelling.tokens[spelling.len as usize] = file;
                spelling.len += 1;
            }
            file += 1;
        }
        if empty > 0 {
            spelling.tokens[spelling.len as usize] = 7 + empty;
            spelling.len += 1;
        }
        table[pattern] = spelling;
        pattern += 1;
    }
    table
};

/// The empty squares (`.`) of a rank's 8 cells as a bit per file, found
/// in all 8 bytes at once.
fn empty_squares(cells: u64) -> u8 {
    // Bytes equal to '.' become zero; then the high bit of each zero byte
    // (exactly: no carry runs between bytes) ...
    let x = cells ^ 0x2e2e_2e2e_2e2e_2e2e;
    let low7 = 0x7f7f_7f7f_7f7f_7f7f;
    let zero_high_bits = !(((x & low7) + low7) | x | low7);
    // ... gathered into one byte, file a as bit 0.
    ((zero_high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

fn parse_board(board: &str, at: usize, out: &mut [Option<Piece>; 64]) -> Result<(), FenError> {
    let mut rank = 7i32;
    let mut file = 0i32;
    for (i, c) in board.char_indices() {
        let offset = at + i;
        match c {
            '/' => {
                if file != 8 {
                    return Err(syntax(offset, "a rank does not have 8 squares"));
                }
                if rank == 0 {
                    return Err(syntax(offset, "more than 8 ranks"));
                }
                rank -= 1;
                file = 0;
            }
            '1'..='8' => {
                file += c as i32 - '0' as i32;
                if file > 8 {
                    return Err(syntax(offset, "a rank has more than 8 squares"));
                }
            }
            _ => {
                let piece = Piece::from_char(c).ok_or(syntax(offset, "unknown piece letter"))?;
                if file >= 8 {
                    return Err(syntax(offset, "a rank has more than 8 squares"));
                }
                out[(rank * 8 + file) as usize] = Some(piece);
                file += 1;
            }
        }
    }
    if rank != 0 || file != 8 {
        return Err(syntax(at + board.len(), "the board does not have 8 ranks of 8 squares"));
    }
    Ok(())
}

fn parse_castling(field: &str, at: usize) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    for (i, c) in field.char_indices() {
        let (color, side) = match c {
            'K' => (Color::White, CastlingSide::KingSide),
            'Q' => (Color::White, CastlingSide::QueenSide),
            'k' => (Color::Black, CastlingSide::KingSide),
            'q' => (Color::Black, CastlingSide::QueenSide),
            // Shredder-FEN names the rook's file; on the standard files it
            // is the standard right (`HAha` is `KQkq`).
            'H' => (Color::White, CastlingSide::KingSide),
            'A' => (Color::White, CastlingSide::QueenSide),
            'h' => (Color::Black, CastlingSide::KingSide),
            'a' => (Color::Black, CastlingSide::QueenSide),
            _ => return Err(syntax(at + i, "castling rights must be letters of KQkq (or HAha) or -")),
        };
        rights.add(color, side);
    }
    Ok(rights)
}

impl Position {
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(&Setup::from_fen(text)?)?)
    }

    /// `from_fen`, for a pasted game (not a program's input: `from_fen`
    /// refuses such a FEN), reading it as python-chess does: a castling right
    /// whose king or rook is not on its home square, and an en passant square
    /// no pawn has just passed over, are dropped, when that is all that is
    /// wrong (otherwise the error lists every problem). Returns the position
    /// and what was dropped.
    pub fn from_fen_leniently(text: &str) -> Result<(Position, Dropped), FenError> {
        let mut setup = Setup::from_fen(text)?;
        let error = match Position::from_setup(&setup) {
            Ok(pos) => return Ok((pos, Dropped::default())),
            Err(error) => error,
        };
        let mut dropped = Dropped::default();
        for problem in &error.problems {
            match *problem {
                PositionProblem::CastlingWithoutKingOrRook(color, side) => dropped.castling.add(color, side),
                PositionProblem::BadEnPassant(square) => dropped.en_passant = Some(square),
                _ => return Err(error.into()),
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if dropped.castling.has(color, side) {
                    setup.castling.remove(color, side);
                }
            }
        }
        if dropped.en_passant.is_some() {
            setup.ep_square = None;
        }
        // Without those another problem may show (the side not to move in
        // check is looked for only then): every one is said.
        Position::from_setup(&setup).map(|pos| (pos, dropped)).map_err(|again| {
            let problems = error.problems.into_iter().chain(again.problems).collect();
            PositionError { problems }.into()
        })
    }

    /// The FEN, with an en passant square only when that capture is legal
    /// (as python-chess and lichess write it).
    pub fn fen(&self) -> String {
        self.fen_of_cells(&self.cell_bytes()).into()
    }

    /// The FEN, given this position's `cell_bytes`.
    pub(crate) fn fen_of_cells(&self, cells: &[u8; 64]) -> PositionText {
        let fields = Fields { turn: self.turn(), castling: self.castling_rights(), ep_square: self.ep_square() };
        write_fen(cells, fields, self.halfmoves(), self.fullmoves())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_written_as_counts_and_letters() {
        // Checked against what a row must be, not against a second copy of
        // the writer: its letters and counts spell the row's eight cells
        // back, and a run of empty squares is one count (1 to 8).
        let spelled = |row: &str| -> Vec<u8> {
            row.bytes()
                .flat_map(|b| match b {
                    b'1'..=b'8' => vec![b'.'; usize::from(b - b'0')],
                    _ => vec![b],
                })
                .collect()
        };
        let fields = Fields { turn: Color::White, castling: CastlingRights::NONE, ep_square: None };
        for pattern in 0..256u32 {
            // Eight rows, each this pattern's files shifted by the row number.
            let mut cells = [b'.'; 64];
            for (i, cell) in cells.iter_mut().enumerate() {
                if pattern.rotate_left((i / 8) as u32) >> (i % 8) & 1 == 1 {
                    *cell = b"PNBRQKpnbrqk"[i % 12];
                }
            }
            let fen = write_fen(&cells, fields, 0, 1);
            let rows: Vec<&str> = fen.split(' ').next().unwrap_or_default().split('/').collect();
            assert_eq!(rows.len(), 8, "{fen}");
            for (row, cells) in rows.iter().zip(cells.chunks_exact(8)) {
                assert_eq!(spelled(row), cells, "{fen}");
                let counts: Vec<bool> = row.bytes().map(|b| b.is_ascii_digit()).collect();
                assert!(!counts.windows(2).any(|w| w[0] && w[1]) && !row.contains('0'), "{fen}");
            }
        }
    }

    #[test]
    fn fens_written_one_after_another_read_back_as_their_positions() {
        // The ranks of the last FEN are reused when unchanged: positions a
        // move apart and unrelated ones, in turn, must all read back.
        for pos in crate::chess::position::tests::random_walks() {
            let fen = pos.fen();
            assert_eq!(Position::from_fen(&fen).as_ref(), Ok(&pos), "{fen}");
        }
    }

    #[test]
    fn start_position_round_trips() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(Position::start().fen(), start);
        assert_eq!(Position::from_fen(start).unwrap(), Position::start());
    }

    #[test]
    fn bad_fens_say_where_and_why() {
        let err = |fen: &str| Position::from_fen(fen).unwrap_err().to_string();
        assert_eq!(err(""), "bad FEN at character 1: empty FEN");
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w"),
            "bad FEN at character 43: unknown piece letter"
        );
        assert_eq!(err("8/8/8/8/8/8/8/8 w - - 0 1"), "invalid position: white has no king; black has no king");
        assert!(err("4k3/8/8/8/8/8/8/4K2R w Kq - 0 1").contains("black may castle queen side"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 x").contains("w or b"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w - e3").contains("en passant"));
        assert!(err("4k3/8/8/8/8/8/8/4K3 w - - x").contains("halfmove"));
        assert!(err("4k3/8/8/8/8/8/8/4K2 w").contains("8 ranks of 8"));
        assert!(err("4k3/8/8/8/8/8/8/4K3/8 w").contains("more than 8 ranks"));
        assert!(err("4k2R/8/8/8/8/8/8/4K3 w").contains("not to move is in check"));
        assert!(err("P3k3/8/8/8/8/8/8/4K3 w").contains("a8"));
    }

    #[test]
    fn impossible_castling_rights_can_be_dropped_when_nothing_else_is_wrong() {
        let read =
            |fen: &str| Position::from_fen_leniently(fen).map(|(pos, dropped)| (pos.fen(), dropped.castling.fen()));
        let fen = "r3k3/8/8/8/8/8/8/R4K1R w KQkq - 0 1";
        assert!(Position::from_fen(fen).is_err());
        assert_eq!(read(fen), Ok(("r3k3/8/8/8/8/8/8/R4K1R w q - 0 1".to_string(), "KQk")));
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(read(start), Ok((start.to_string(), "-")));
        // Any other problem: every problem is said, the castling ones too.
        let err = read("4k3/8/8/8/8/8/8/7R w K - 0 1").unwrap_err().to_string();
        assert!(err.contains("white has no king") && err.contains("white may castle king side"), "{err}");
        let err = read("4k2R/8/8/8/8/8/8/R3K3 w K - 0 1").unwrap_err().to_string();
        assert!(err.contains("white may castle king side") && err.contains("not to move is in check"), "{err}");
        assert!(read("4k3/8/8/8/8/8/8/4K3 w X - 0 1").unwrap_err().to_string().starts_with("bad FEN at character 23"));
    }

    #[test]
    fn an_impossible_en_passant_square_is_dropped_like_castling_rights() {
        let read = |fen: &str| Position::from_fen_leniently(fen).map(|(pos, dropped)| (pos.fen(), dropped));
        // White to move: an en passant square is on rank 6, behind a black pawn.
        let fen = "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1";
        assert!(Position::from_fen(fen).is_err());
        let dropped = Dropped { en_passant: Some(Square::E3), ..Dropped::default() };
        assert_eq!(read(fen), Ok(("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1".to_string(), dropped)));
        let both = read("4k3/8/8/8/4P3/8/8/4K3 w K e3 0 1").map(|(_, d)| (d.castling.fen(), d.en_passant));
        assert_eq!(both, Ok(("K", Some(Square::E3))));
        // A possible one stays (and is written only when the capture is legal).
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3";
        assert_eq!(read(fen), Ok((fen.to_string(), Dropped::default())));
    }

    #[test]
    fn shredder_castling_letters_on_the_standard_files_are_the_standard_rights() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let fen = |rights: &str| Position::from_fen(&start.replace("KQkq", rights)).map(|p| p.fen());
        assert_eq!(fen("HAha"), Ok(start.to_string()));
        assert_eq!(fen("Ha").map(|f| f.split(' ').nth(2).map(String::from)), Ok(Some("Kq".to_string())));
        assert!(fen("GAga").unwrap_err().to_string().contains("KQkq (or HAha)"));
    }

    #[test]
    fn move_number_zero_is_read_as_one() {
        assert_eq!(
            Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 7 0").map(|p| p.fen()),
            Ok("4k3/8/8/8/8/8/8/4K3 b - - 7 1".to_string())
        );
    }

    /// Regression (issue 15): a 20-digit halfmove clock was "not a number".
    #[test]
    fn move_counters_too_large_say_so() {
        let err = |fen: &str| Position::from_fen(fen).unwrap_err().to_string();
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1"),
            "bad FEN at character 27: the halfmove clock is too large (at most 4294967295)"
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 4294967296"),
            "bad FEN at character 29: the move number is too large (at most 4294967295)"
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - +5 1"),
            "bad FEN at character 27: the halfmove clock must be a number"
        );
        assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w - - 0 1x"), "bad FEN at character 30: the move number must be a number");
        let largest = "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295";
        assert_eq!(Position::from_fen(largest).unwrap().fen(), largest);
    }

    #[test]
    fn clocks_of_every_length_and_every_castling_field_are_written_back() {
        for (halfmoves, fullmoves) in
            [(0u32, 1u32), (9, 9), (10, 10), (99, 99), (100, 100), (12345, 987654), (7, 4294967295)]
        {
            let fen = format!("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - {halfmoves} {fullmoves}");
            assert_eq!(Position::from_fen(&fen).unwrap().fen(), fen);
        }
        for field in super::super::castling::FEN_FIELDS {
            let fen = format!("r3k2r/8/8/8/8/8/8/R3K2R b {field} - 3 40");
            assert_eq!(Position::from_fen(&fen).unwrap().fen(), fen);
        }
    }

    /// The counters stop at their largest instead of overflowing.
    #[test]
    fn move_counters_saturate() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295").unwrap();
        let after = pos.after(pos.legal_moves()[0]);
        assert_eq!((after.halfmoves(), after.fullmoves()), (u32::MAX, u32::MAX));
    }

    #[test]
    fn en_passant_square_is_written_only_when_the_capture_is_legal() {
        let pos = Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
        let no_pawn = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
        assert_eq!(no_pawn.fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    }
}
