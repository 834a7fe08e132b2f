//! The board editor's view of a chess position: the board, the side to
//! move, castling rights, the en passant square and the clocks, read from
//! a FEN and written back, with every reason the position is impossible.

use super::position::{cells_of, Position, Setup};
use super::role::Piece;
use crate::outcome::Refusal;

/// A chess position as the board editor edits it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, rename_all = "camelCase"))]
pub struct SetupView {
    /// 64 characters, rank 8 first, `.` for an empty square.
    pub cells: String,
    /// `white` or `black`.
    pub side_to_move: String,
    /// The FEN's castling field: `KQkq`, a part of it, or `-`.
    pub castling: String,
    /// The square a pawn may be taken on en passant, if any.
    pub en_passant: Option<String>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// A position the editor made: its FEN, and every reason it cannot be
/// played from (empty when it can).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SetupResult {
    pub fen: String,
    pub problems: Vec<String>,
}

crate::json::json_object!(SetupView {
    cells,
    "sideToMove": side_to_move,
    castling,
    "enPassant": en_passant,
    halfmoves,
    fullmoves,
});
crate::json::json_object!(SetupResult { fen, problems });

/// The editor's view of a FEN (read, not validated: an impossible
/// position can still be edited).
pub fn setup_view(fen: &str) -> Result<SetupView, Refusal> {
    let setup = Setup::from_fen(fen.trim()).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    Ok(SetupView {
        cells: cells_of(&setup.board),
        side_to_move: setup.turn.name().to_string(),
        castling: setup.castling.fen().to_string(),
        en_passant: setup.ep_square.map(|sq| sq.name().to_string()),
        halfmoves: setup.halfmoves,
        fullmoves: setup.fullmoves,
    })
}

/// The FEN of an edited position, and what makes it impossible, in plain
/// words (`white has no king`, `a white pawn stands on a1`, ...).
pub fn write_setup(view: &SetupView) -> Result<SetupResult, Refusal> {
    let cells: Vec<char> = view.cells.chars().collect();
    if cells.len() != 64 {
        return Err(Refusal::BadPosition(format!("the board has {} squares, not 64", cells.len())));
    }
    let mut board = [None; 64];
    for (i, &c) in cells.iter().enumerate() {
        if c != '.' {
            let piece = Piece::from_char(c)
                .ok_or_else(|| Refusal::BadPosition(format!("{c:?} is not a piece letter (KQRBNP, kqrbnp)")))?;
            // Cells run from rank 8; the board from a1.
            board[(7 - i / 8) * 8 + i % 8] = Some(piece);
        }
    }
    let turn = match view.side_to_move.as_str() {
        "white" => "w",
        "black" => "b",
        other => return Err(Refusal::BadPosition(format!("the side to move must be white or black, not {other:?}"))),
    };
    let mut written = Setup::empty();
    written.board = board;
    let board_field = written.to_fen();
    let board_field = board_field.split(' ').next().unwrap_or_default();
    let ep = view.en_passant.as_deref().filter(|s| !s.is_empty()).unwrap_or("-");
    let castling = if view.castling.is_empty() { "-" } else { &view.castling };
    let fen = format!("{board_field} {turn} {castling} {ep} {} {}", view.halfmoves, view.fullmoves.max(1));
    let setup = Setup::from_fen(&fen).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    let problems = match Position::from_setup(&setup) {
        Ok(_) => Vec::new(),
        Err(e) => e.problems.iter().map(|p| p.to_string()).collect(),
    };
    Ok(SetupResult { fen: setup.to_fen(), problems })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_reads_and_writes_positions_and_says_what_is_impossible() {
        let view = setup_view("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!((view.side_to_move.as_str(), view.castling.as_str()), ("black", "KQkq"));
        let written = write_setup(&view).unwrap();
        assert_eq!(written.problems, Vec::<String>::new());
        assert!(written.fen.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"));
        let mut two_kings = view.clone();
        two_kings.cells.replace_range(36..37, "K");
        two_kings.cells.replace_range(0..1, "P");
        let problems = write_setup(&two_kings).unwrap().problems;
        assert!(problems.iter().any(|p| p.contains("more than one king")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("a8")), "{problems:?}");
        let mut bad = view;
        bad.side_to_move = "red".into();
        assert!(write_setup(&bad).is_err());
    }
}
