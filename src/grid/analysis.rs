//! Grid problems' adapter to the common result: the board drawn, the
//! answer marked on it. Grid problems use chess's pieces (`chess::Piece`,
//! `chess::Role`) by choice: the pieces and their letters are chess's.

use super::answer::Answer;
use super::board::Board;
use super::problem::{ParseError, ParseErrorKind, Problem};
use super::square::GridSquare;
use crate::chess::plies::PIECE_NAMES;
use crate::color::Color;
use crate::game::GameKind;
use crate::outcome::{BoardMove, Failure, Outcome, ProblemInfo, ProblemMove, Refusal, Status};
use crate::short::SquareName;
use crate::snapshot::{BoardKind, Mark, MarkKind, Snapshot};

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
    let mut mate = None;
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
            mate = mating_move.map(|m| ProblemMove {
                from: m.from.to_string(),
                to: m.to.to_string(),
                piece: m.piece.char(),
                notation: m.notation(),
            });
            answer.verdict().unwrap_or_default()
        }
    };
    let mut outcome = Outcome::new(GameKind::Grid, snapshot);
    outcome.status = Status::Answer;
    outcome.message = message;
    outcome.problem = Some(ProblemInfo { id: problem.question.id(), mate });
    outcome
}

/// Marks the kings of `colors` that are in check; the first of them is
/// the snapshot's check.
fn mark_checks(board: &Board, colors: &[Color], snapshot: &mut Snapshot) {
    let checked: Vec<String> =
        colors.iter().filter(|&&c| board.is_check(c)).filter_map(|&c| board.king(c)).map(|k| k.to_string()).collect();
    snapshot.check = checked.first().cloned().map(SquareName::from);
    snapshot.marks.extend(checked.into_iter().map(|square| Mark { square, kind: MarkKind::Check }));
}

/// The board as drawn, nothing marked yet.
fn snapshot(board: &Board) -> Snapshot {
    let rows = board.rows();
    let size = board.size();
    let kind =
        BoardKind { width: size.cols(), height: size.rows(), landmarks: &[], dark_parity: 1, pieces: PIECE_NAMES };
    Snapshot::new(&kind, rows.concat(), rows.join("/"))
}

fn parse_error(text: &str, error: &ParseError) -> Outcome {
    let message = error.to_string();
    let mut failure = Failure::new(Status::ParseError, message.clone(), message).at(error.span.start, error.span.end);
    if let ParseErrorKind::UnknownCharacter { character, .. } = error.kind {
        failure.character = Some(character.to_string());
    }
    let mut outcome = Outcome::new(GameKind::Grid, Snapshot::empty());
    outcome.fail(*failure, text);
    outcome
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Where every piece of a problem's board can go by its pattern (problem
/// 1's answer for each piece), for the board to mark when a piece is
/// clicked. Problems are studied, not played: these are not moves to play.
pub fn reachable(text: &str) -> Result<Vec<BoardMove>, Refusal> {
    let problem = Problem::parse(text).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    let board = &problem.board;
    let mut moves = Vec::new();
    for (square, _) in board.pieces() {
        board.possible_moves_from(square, &mut moves);
    }
    Ok(moves
        .iter()
        .map(|m| BoardMove {
            notation: m.notation(),
            from: m.from.to_string().into(),
            to: m.to.to_string().into(),
            path: vec![m.from.to_string().into(), m.to.to_string().into()],
            piece: m.piece.char(),
            captured: m.capture.iter().map(|p| p.char()).collect(),
            promotion: None,
        })
        .collect())
}
