//! Text to `Outcome` for the analysis board: a file in the course format,
//! or just a list of moves from the standard start.

use crate::outcome::{ErrorInfo, GameKind, Outcome, Ply, Reason, Status, Suggestion, Unplayed, Utf16Offsets};
use crate::snapshot::Snapshot;

use super::board::Board;
use super::fen::{read_fen, write_fen, FenError};
use super::game::play_moves;
use super::rank::best_move;
use super::reader::{looks_like_moves, read_file, read_moves, GameFile, SyntaxError};
use super::rules::{CaptureRule, Jumps, Position, Rules};
use super::writer;

/// How many moves ahead the suggestion looks (the `rankmoves -d` depth).
/// Six keeps it to a few milliseconds natively on the course's stress
/// positions, well under a second as wasm.
pub const SUGGESTION_DEPTH: u32 = 6;

/// The rules for a bare list of moves: the most permissive ones, so that
/// any game played under either rule reads.
pub const MOVE_LIST_RULES: Rules = Rules { capture: CaptureRule::NoCapture, jumps: Jumps::Multiple };

/// Reads `text` (a course file, or moves like `c3->d4 f6->e5` from the
/// standard start, red to move), plays it and says how it stands.
pub fn analyze(text: &str) -> Outcome {
    analyze_with(text, true)
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
    let mut offsets = Utf16Offsets::new(text);
    let mut plies = Vec::new();
    let progress = play_moves(&file.position, &file.moves, usize::MAX, |mv, played| {
        let squares = &mv.squares;
        plies.push(Ply {
            notation: mv.text.clone(),
            from: squares[0].to_string(),
            to: squares[squares.len() - 1].to_string(),
            piece: played.piece.letter().to_string(),
            captured: played.captured.map(|p| p.letter().to_string()),
            promotion: played.crowned.then(|| played.piece.crowned().letter().to_string()),
            start: offsets.at(mv.span.start),
            end: offsets.at(mv.span.end),
            snapshot: snapshot(&played.position),
        });
    });
    let mut outcome = Outcome {
        game: GameKind::Checkers,
        notation: None,
        status: Status::Incomplete,
        winner: None,
        message: "All moves are legal".to_string(),
        error: None,
        initial: snapshot(&file.position),
        plies,
        unplayed: Vec::new(),
        suggestion: None,
        tags: Vec::new(),
        stated_result: None,
        games_in_text: 1,
    };
    let position = progress.position;
    if let Some(illegal) = progress.illegal {
        let mv = &file.moves[progress.played];
        outcome.status = Status::IllegalMove;
        outcome.message = format!("Move {} is illegal: {}", progress.played + 1, mv.text);
        outcome.error = Some(ErrorInfo {
            ply: progress.played,
            start: offsets.at(mv.span.start),
            end: offsets.at(mv.span.end),
            character: None,
            from: mv.squares.first().map(|s| s.to_string()),
            to: mv.squares.last().map(|s| s.to_string()),
            reason: illegal.to_string(),
        });
        outcome.unplayed = file.moves[progress.played + 1..]
            .iter()
            .map(|m| Unplayed {
                notation: m.text.clone(),
                start: offsets.at(m.span.start),
                end: offsets.at(m.span.end),
            })
            .collect();
    } else if position.has_moves(position.turn) {
        if with_suggestion {
            outcome.suggestion = suggest(&position);
        }
    } else {
        // The side to move cannot move: the other side has won.
        outcome.status = Status::Win;
        outcome.winner = Some(position.turn.opponent().into());
        outcome.message = format!("Player {} has no moves available.", position.turn);
    }
    outcome
}

fn parse_error(text: &str, error: &SyntaxError) -> Outcome {
    let mut offsets = Utf16Offsets::new(text);
    let character = text.get(error.span.clone()).and_then(|s| s.chars().next()).map(String::from);
    Outcome {
        game: GameKind::Checkers,
        notation: None,
        status: Status::ParseError,
        winner: None,
        message: error.to_string(),
        error: Some(ErrorInfo {
            ply: 0,
            start: offsets.at(error.span.start),
            end: offsets.at(error.span.end),
            character,
            from: None,
            to: None,
            reason: error.problem.to_string(),
        }),
        initial: snapshot(&Position::start(MOVE_LIST_RULES)),
        plies: Vec::new(),
        unplayed: Vec::new(),
        suggestion: None,
        tags: Vec::new(),
        stated_result: None,
        games_in_text: 1,
    }
}

/// The picture of a position: rank 8 first, `.` for every empty square.
pub fn snapshot(position: &Position) -> Snapshot {
    let cells = Board::reading_order().map(|s| position.board.get(s).map_or('.', |p| p.letter())).collect();
    Snapshot {
        width: 8,
        height: 8,
        cells,
        side_to_move: Some(position.turn.into()),
        check: None,
        fen: write_fen(position),
        marks: Vec::new(),
    }
}

/// The best move of the `rankmoves` search at `SUGGESTION_DEPTH`, or
/// `None` when the side to move has no moves.
pub fn suggest(position: &Position) -> Option<Suggestion> {
    let (mv, _score) = best_move(position, SUGGESTION_DEPTH)?;
    let piece = position.board.get(mv.from())?;
    Some(Suggestion {
        from: mv.from().to_string(),
        to: mv.to().to_string(),
        piece: piece.letter().to_string(),
        promotion: piece.crowns_on(mv.to()).then(|| piece.crowned().letter().to_string()),
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
