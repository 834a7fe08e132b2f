//! Text -> `Outcome` for the page: the board drawn, the answer marked on it.

use super::answer::Answer;
use super::board::Board;
use super::problem::{ParseError, ParseErrorKind, Problem};
use super::rules::GridMove;
use super::square::GridSquare;
use crate::chess::Color;
use crate::outcome::{ErrorInfo, GameKind, Outcome, Reason, Status, Suggestion, Utf16Offsets};
use crate::snapshot::{Mark, MarkKind, Snapshot};

/// Reads and answers a grid problem. Never panics; bad input gives
/// `Status::ParseError` with the offending line or character located.
pub fn analyze(text: &str) -> Outcome {
    match Problem::parse(text) {
        Ok(problem) => answered(&problem),
        Err(error) => parse_error(text, &error),
    }
}

fn answered(problem: &Problem) -> Outcome {
    let board = &problem.board;
    let answer = problem.solve();
    let mut snapshot = snapshot(board);
    let mut suggestion = None;
    let message = match &answer {
        Answer::Board(_) => {
            let size = board.size();
            let pieces = board.pieces().count();
            format!("a board of {} rows and {} columns with {pieces} piece{}", size.rows(), size.cols(), plural(pieces))
        }
        Answer::Reach(reach) => {
            snapshot.side_to_move = Some(reach.piece.color.into());
            let mark = |square: &GridSquare, kind| Mark { square: square.to_string(), kind };
            snapshot.marks.push(mark(&reach.from, MarkKind::Selected));
            snapshot.marks.extend(reach.moves.iter().map(|sq| mark(sq, MarkKind::Move)));
            snapshot.marks.extend(reach.captures.iter().map(|sq| mark(sq, MarkKind::Capture)));
            reach.sentence()
        }
        Answer::Check { color, .. } => {
            mark_checks(board, &[*color], &mut snapshot);
            answer.verdict().unwrap_or_default()
        }
        Answer::Checkmate { color, .. } => {
            mark_checks(board, &[*color], &mut snapshot);
            // The opponent has just moved: `color` is to move.
            snapshot.side_to_move = Some((*color).into());
            answer.verdict().unwrap_or_default()
        }
        Answer::MateInOne { color, mating_move } => {
            // The mover's king too: its mating move must answer that check.
            mark_checks(board, &[*color, !*color], &mut snapshot);
            snapshot.side_to_move = Some((!*color).into());
            suggestion = mating_move.map(|m| mate_suggestion(m, *color));
            answer.verdict().unwrap_or_default()
        }
    };
    outcome(Status::Answer, message, None, snapshot, suggestion)
}

fn mate_suggestion(m: GridMove, mated: Color) -> Suggestion {
    Suggestion {
        from: m.from.to_string(),
        to: m.to.to_string(),
        piece: m.piece.char().to_string(),
        promotion: None,
        notation: m.notation(),
        line: format!("{m} checkmates the {mated} king"),
        reason: Reason::Mate,
        mate_in: Some(1),
    }
}

/// Marks the kings of `colors` that are in check; the first of them is
/// the snapshot's check.
fn mark_checks(board: &Board, colors: &[Color], snapshot: &mut Snapshot) {
    let checked: Vec<String> =
        colors.iter().filter(|&&c| board.is_check(c)).filter_map(|&c| board.king(c)).map(|k| k.to_string()).collect();
    snapshot.check = checked.first().cloned();
    snapshot.marks.extend(checked.into_iter().map(|square| Mark { square, kind: MarkKind::Check }));
}

/// The board as drawn, nothing marked yet.
fn snapshot(board: &Board) -> Snapshot {
    let rows = board.rows();
    let size = board.size();
    Snapshot {
        width: size.cols(),
        height: size.rows(),
        cells: rows.concat(),
        side_to_move: None,
        check: None,
        fen: rows.join("/"),
        marks: Vec::new(),
    }
}

fn parse_error(text: &str, error: &ParseError) -> Outcome {
    let mut utf16 = Utf16Offsets::new(text);
    let start = utf16.at(error.span.start);
    let end = utf16.at(error.span.end);
    let character = match error.kind {
        ParseErrorKind::UnknownCharacter { character, .. } => Some(character.to_string()),
        _ => None,
    };
    let message = error.to_string();
    let info = ErrorInfo { ply: 0, start, end, character, from: None, to: None, reason: message.clone() };
    let empty = Snapshot {
        width: 0,
        height: 0,
        cells: String::new(),
        side_to_move: None,
        check: None,
        fen: String::new(),
        marks: Vec::new(),
    };
    outcome(Status::ParseError, message, Some(info), empty, None)
}

fn outcome(
    status: Status,
    message: String,
    error: Option<ErrorInfo>,
    initial: Snapshot,
    suggestion: Option<Suggestion>,
) -> Outcome {
    Outcome {
        game: GameKind::Grid,
        notation: None,
        status,
        winner: None,
        message,
        error,
        initial,
        plies: Vec::new(),
        unplayed: Vec::new(),
        suggestion,
        tags: Vec::new(),
        stated_result: None,
        games_in_text: 1,
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
