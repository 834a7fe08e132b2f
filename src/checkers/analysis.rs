//! Checkers' adapter to the common result: a file in the course format, or
//! just a list of moves from the standard start, played into an `Outcome`.

use crate::game::GameKind;
use crate::outcome::{
    play_line, BoardMove, Failure, Outcome, Ply, Reason, Refusal, Status, Suggestion, Utf16Offsets, Written,
};
use crate::short::{Path, SquareName};
use crate::snapshot::{BoardKind, Over, PieceNames, Snapshot};

use super::board::{Board, Orientation};
use super::fen::{read_fen, write_fen, FenError};
use super::rank::best_move;
use super::reader::{looks_like_moves, read_file, read_moves, read_position, GameFile, SyntaxError, WrittenMove};
use super::rules::{CaptureRule, Jumps, Played, Position, Rules};
use super::square::Square;
use super::writer;

/// How many moves ahead the suggestion looks (the `rankmoves -d` depth).
/// Six keeps it to a few milliseconds natively on the course's stress
/// positions, well under a second as wasm.
pub const SUGGESTION_DEPTH: u32 = 6;

/// The rules for a bare list of moves: the most permissive ones, so that
/// any game played under either rule reads.
pub const MOVE_LIST_RULES: Rules = Rules { capture: CaptureRule::NoCapture, jumps: Jumps::Multiple };

const PIECE_NAMES: PieceNames =
    PieceNames(&[('r', "red pawn"), ('R', "red king"), ('b', "black pawn"), ('B', "black king")]);

/// The board of a position: a1 dark, or light on a flipped board.
fn board_kind(orientation: Orientation) -> BoardKind {
    let dark_parity = match orientation {
        Orientation::Standard => 1,
        Orientation::Flipped => 0,
    };
    BoardKind { width: 8, height: 8, landmarks: &[], dark_parity, pieces: PIECE_NAMES }
}

/// Reads `text` (a course file, or moves like `c3->d4 f6->e5` from the
/// standard start, red to move), plays it and says how it stands.
pub fn analyze(text: &str) -> Outcome {
    analyze_with(text, true)
}

impl Written for &WrittenMove {
    fn span(&self) -> (usize, usize) {
        (self.span.start, self.span.end)
    }
}

/// `analyze`, computing the suggestion only when asked (the page asks its
/// worker for it instead).
pub fn analyze_with(text: &str, with_suggestion: bool) -> Outcome {
    let input = text.as_bytes();
    let parsed = if looks_like_moves(input) {
        read_moves(input).map(|moves| GameFile { position: Position::start(MOVE_LIST_RULES), moves })
    } else {
        read_file(input)
    };
    let file = match parsed {
        Ok(file) => file,
        Err(error) => return parse_error(text, &error),
    };
    let mut outcome = Outcome::new(GameKind::Checkers, snapshot(&file.position, 0));
    let mut position = file.position.clone();
    let mut utf16 = Utf16Offsets::new(text);
    let mut number = 0;
    let played = play_line(text, &file.moves, &mut utf16, |mv, _, _, plies| {
        number += 1;
        let played = position.check_move(&mv.squares).map_err(|illegal| {
            let squares = (mv.squares.first().map(|s| s.to_string()), mv.squares.last().map(|s| s.to_string()));
            Failure::new(Status::IllegalMove, format!("Move {number} is illegal: {}", mv.text), illegal.to_string())
                .squares(squares.0, squares.1)
        })?;
        plies.push(ply_of(&mv.text, &mv.squares, &played, number));
        position = played.position;
        Ok(())
    });
    outcome.message = "All moves are legal".to_string();
    outcome.set_main_line(played);
    if outcome.error.is_none() {
        if !position.has_moves(position.turn) {
            // The side to move cannot move: the other side has won.
            outcome.status = Status::Win;
            outcome.winner = Some(position.turn.opponent().into());
            outcome.message = format!("Player {} has no moves available.", position.turn);
        } else if with_suggestion {
            outcome.suggestion = suggest(&position);
        }
    }
    outcome
}

/// The ply of a legal move through `squares` that did `played`, the
/// `number`-th move of its game.
fn ply_of(text: &str, squares: &[Square], played: &Played, number: usize) -> Ply {
    let path: Path = squares.iter().map(|s| SquareName::from(s.to_string())).collect();
    let mut ply = Ply::new(text.to_string(), path, played.piece.letter(), snapshot(&played.position, number));
    ply.captured = played.captured.iter().map(|p| p.letter()).collect();
    ply.promotion = played.crowned.then(|| played.piece.crowned().letter());
    ply
}

/// Every legal move of a position in the text form of `Snapshot::fen`, as
/// the board offers them (with `multiple jumps`, every stopping point of a
/// chain is a move of its own).
pub fn legal_moves(fen: &str) -> Result<Vec<BoardMove>, Refusal> {
    let position = read_fen(fen).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    Ok(position
        .legal_moves()
        .iter()
        .filter_map(|mv| {
            let played = position.check_move(mv.squares()).ok()?;
            Some(BoardMove::from(&ply_of(&mv.to_string(), mv.squares(), &played, 1)))
        })
        .collect())
}

/// Plays one move written as the course writes it (`c3->d4`, `d4->b6->d8`)
/// on a position in the text form of `Snapshot::fen`. Positions carry no
/// move count: the new snapshot is numbered from 1.
pub fn play_text(fen: &str, text: &str) -> Result<Ply, Refusal> {
    let position = read_fen(fen).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    let text = text.trim();
    let moves =
        read_moves(text.as_bytes()).map_err(|e| Refusal::BadMove(format!("{text:?} is not a move: {}", e.problem)))?;
    let [mv] = moves.as_slice() else {
        return Err(Refusal::BadMove(format!("{text:?} is not one move")));
    };
    let played = position.check_move(&mv.squares).map_err(|e| Refusal::Illegal(e.to_string()))?;
    Ok(ply_of(&mv.text, &mv.squares, &played, 1))
}

fn parse_error(text: &str, error: &SyntaxError) -> Outcome {
    let character = text.get(error.span.clone()).and_then(|s| s.chars().next()).map(String::from);
    // A move that cannot be read comes after the file's board: that board is
    // the position before it (nothing is played: the whole file is checked
    // first), not the standard start.
    let shown = if looks_like_moves(text.as_bytes()) { None } else { read_position(text.as_bytes()).ok() };
    let shown = shown.unwrap_or_else(|| Position::start(MOVE_LIST_RULES));
    let mut outcome = Outcome::new(GameKind::Checkers, snapshot(&shown, 0));
    let mut failure = Failure::new(Status::ParseError, error.to_string(), error.problem.to_string())
        .at(error.span.start, error.span.end);
    failure.character = character;
    outcome.fail(*failure, text);
    outcome
}

/// The picture of a position after `plies` moves: rank 8 first, `.` for
/// every empty square.
pub fn snapshot(position: &Position, plies: usize) -> Snapshot {
    let cells = Board::reading_order().map(|s| position.board.get(s).map_or('.', |p| p.letter())).collect::<String>();
    let mut snapshot = Snapshot::new(&board_kind(position.board.orientation()), cells, write_fen(position));
    snapshot.side_to_move = Some(position.turn.into());
    snapshot.move_number = u32::try_from(plies / 2 + 1).unwrap_or(u32::MAX);
    if !position.has_moves(position.turn) {
        let winner = position.turn.opponent();
        snapshot.over = Some(Over {
            status: Status::Win,
            winner: Some(winner.into()),
            reason: format!("{} has no moves", position.turn),
        });
    }
    snapshot
}

/// The best move of the `rankmoves` search at `SUGGESTION_DEPTH`, or
/// `None` when the side to move has no moves.
pub fn suggest(position: &Position) -> Option<Suggestion> {
    let (mv, _score) = best_move(position, SUGGESTION_DEPTH)?;
    let piece = position.board.get(mv.from())?;
    Some(Suggestion {
        from: mv.from().to_string(),
        to: mv.to().to_string(),
        path: mv.squares().iter().map(|s| s.to_string()).collect(),
        piece: piece.letter(),
        promotion: piece.crowns_on(mv.to()).then(|| piece.crowned().letter()),
        notation: mv.to_string(),
        line: format!("suggest {} {mv}", position.turn),
        reason: Reason::Strategy,
        mate_in: None,
    })
}

/// `suggest` for a position in the text form of `Snapshot::fen`.
pub fn suggest_fen(fen: &str) -> Result<Option<Suggestion>, FenError> {
    Ok(suggest(&read_fen(fen)?))
}

/// The exchange file (a valid input file, no moves) for a position in the
/// text form of `Snapshot::fen`: what "copy exchange file" copies.
pub fn exchange_file(fen: &str) -> Result<String, FenError> {
    Ok(writer::exchange(&read_fen(fen)?, &[], &["Exported from the analysis board"]))
}

/// How many moves ahead the report's search looks (the `rankmoves` depth).
pub const REPORT_DEPTH: u32 = 4;

/// A position's value for the report: the best `rankmoves` score at
/// `REPORT_DEPTH`, in hundredths of a pawn, from red's view; `None` for a
/// position that does not read.
pub fn report_value(fen: &str) -> Option<i32> {
    let position = read_fen(fen).ok()?;
    let score = best_move(&position, REPORT_DEPTH).map_or(-99, |(_, score)| score);
    let red_view = if position.turn == super::square::Color::Red { score } else { -score };
    Some(red_view * 100)
}
