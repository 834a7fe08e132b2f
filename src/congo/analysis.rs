//! A pasted Congo game for the page: an optional FEN line (the full start
//! position otherwise), then moves separated by spaces or newlines. Gives
//! every position, the verdict, the first error with its span, and a
//! suggested move.

use super::fen::FenError;
use super::moves::Move;
use super::piece::Role;
use super::position::Position;
use super::search::{self, SUGGESTION_DEPTH};
use super::square::Square;
use crate::chess::Color;
use crate::outcome::{ErrorInfo, GameKind, Outcome, Ply, Reason, Status, Suggestion, Unplayed, Utf16Offsets};
use crate::snapshot::Snapshot;
use std::fmt;

/// Analyses `text`, suggesting a move at the page's depth when the game
/// goes on.
pub fn analyze(text: &str) -> Outcome {
    analyze_with(text, Some(SUGGESTION_DEPTH))
}

/// As `analyze`, with the suggestion's search depth (`None`: no suggestion).
pub fn analyze_with(text: &str, suggestion_depth: Option<u32>) -> Outcome {
    let mut utf16 = Utf16Offsets::new(text);
    let (fen_line, moves_from) = find_fen_line(text);
    let start = match fen_line {
        None => Position::start(),
        Some((at, fen)) => match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(e) => return fen_error(text, at, fen, &e, moves_from, &mut utf16),
        },
    };
    let mut outcome = Outcome {
        game: GameKind::Congo,
        notation: None,
        status: Status::Incomplete,
        winner: None,
        message: String::new(),
        error: None,
        initial: snapshot(&start),
        plies: Vec::new(),
        unplayed: Vec::new(),
        suggestion: None,
        tags: Vec::new(),
        stated_result: None,
        games_in_text: 1,
    };
    let mut pos = start;
    let mut tokens = words(text, moves_from);
    while let Some((at, word)) = tokens.next() {
        let span = (utf16.at(at), utf16.at(at + word.len()));
        let ply = outcome.plies.len();
        let error = |status, from: Option<Square>, to: Option<Square>, character, reason: String, message| {
            let info = ErrorInfo {
                ply,
                start: span.0,
                end: span.1,
                character,
                from: from.map(|s| s.to_string()),
                to: to.map(|s| s.to_string()),
                reason,
            };
            (status, info, message)
        };
        let failure = match Move::parse(word) {
            Err(e) => {
                let character = word[e.offset.min(word.len())..].chars().next().map(String::from);
                Some(error(
                    Status::ParseError,
                    None,
                    None,
                    character,
                    e.to_string(),
                    format!("malformed move {word}: {e}"),
                ))
            }
            Ok(mv) => match (game_end(&pos), pos.play(&mv)) {
                (Some(end), _) => {
                    let reason = format!("the game is over: {end}");
                    let message = format!("illegal move {word}: {reason}");
                    Some(error(Status::IllegalMove, Some(mv.from()), Some(mv.to()), None, reason, message))
                }
                (None, Err(e)) => {
                    let message = format!("illegal move {word}: {e}");
                    Some(error(Status::IllegalMove, Some(mv.from()), Some(mv.to()), None, e.to_string(), message))
                }
                (None, Ok(played)) => {
                    let captured: String = played.captured.iter().map(|p| p.char()).collect();
                    outcome.plies.push(Ply {
                        notation: mv.to_string(),
                        from: mv.from().to_string(),
                        to: mv.to().to_string(),
                        piece: played.moved.char().to_string(),
                        captured: (!captured.is_empty()).then_some(captured),
                        promotion: played.promoted.then(|| "S".to_string()),
                        start: span.0,
                        end: span.1,
                        snapshot: snapshot(&played.position),
                    });
                    pos = played.position;
                    None
                }
            },
        };
        if let Some((status, info, message)) = failure {
            outcome.status = status;
            outcome.error = Some(info);
            outcome.message = message;
            outcome.unplayed = unplayed(tokens, &mut utf16);
            return outcome;
        }
    }
    match game_end(&pos) {
        Some(end) => {
            outcome.status = if end == GameEnd::OnlyLions { Status::Draw } else { Status::Win };
            outcome.winner = end.winner().map(Into::into);
            outcome.message = end.verdict();
        }
        None => {
            outcome.message = "Continue".to_string();
            outcome.suggestion = suggestion_depth.and_then(|depth| suggestion(&pos, depth));
        }
    }
    outcome
}

/// Why nobody can move any more.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The winner captured the enemy lion.
    LionCaptured(Color),
    /// The side to move has no legal move, and loses.
    NoMove(Color),
    /// Only the two lions are left: a draw.
    OnlyLions,
}

impl GameEnd {
    pub fn winner(self) -> Option<Color> {
        match self {
            GameEnd::LionCaptured(winner) => Some(winner),
            GameEnd::NoMove(loser) => Some(!loser),
            GameEnd::OnlyLions => None,
        }
    }

    /// The one-line verdict.
    pub fn verdict(self) -> String {
        match self {
            GameEnd::LionCaptured(winner) => format!("{} wins", capitalized(winner)),
            GameEnd::NoMove(loser) => format!("{} wins: {loser} has no legal move", capitalized(!loser)),
            GameEnd::OnlyLions => "Draw: only the two lions are left".to_string(),
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameEnd::LionCaptured(winner) => write!(f, "{winner} has captured the enemy lion"),
            GameEnd::NoMove(loser) => write!(f, "{loser} has no legal move"),
            GameEnd::OnlyLions => f.write_str("only the two lions are left"),
        }
    }
}

/// How the game stands after its last move, if it is over.
pub fn game_end(pos: &Position) -> Option<GameEnd> {
    if let Some(winner) = pos.winner() {
        Some(GameEnd::LionCaptured(winner))
    } else if pos.only_lions_left() {
        Some(GameEnd::OnlyLions)
    } else if pos.legal_moves().is_empty() {
        Some(GameEnd::NoMove(pos.turn()))
    } else {
        None
    }
}

fn capitalized(color: Color) -> &'static str {
    color.fold("White", "Black")
}

/// Why `suggest` has nothing to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SuggestError {
    Fen(FenError),
    GameOver(GameEnd),
}

impl fmt::Display for SuggestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuggestError::Fen(e) => write!(f, "invalid FEN at byte {}: {e}", e.offset),
            SuggestError::GameOver(end) => write!(f, "the game is over: {end}"),
        }
    }
}

impl std::error::Error for SuggestError {}

/// The page's suggested move for a FEN position.
pub fn suggest(fen: &str) -> Result<Suggestion, SuggestError> {
    let pos = Position::from_fen(fen.trim()).map_err(SuggestError::Fen)?;
    if let Some(end) = game_end(&pos) {
        return Err(SuggestError::GameOver(end));
    }
    suggestion(&pos, SUGGESTION_DEPTH).ok_or(SuggestError::GameOver(GameEnd::NoMove(pos.turn())))
}

fn suggestion(pos: &Position, depth: u32) -> Option<Suggestion> {
    let (mv, _) = search::best_move(pos, depth)?;
    let piece = pos.piece_at(mv.from())?;
    let promotes = piece.role == Role::Pawn && mv.to().is_far_rank(piece.color);
    let mut line = format!("suggest {piece} from {} to {}", mv.from(), mv.to());
    if let [via @ .., _] = mv.path() {
        if !via.is_empty() {
            let via: Vec<String> = via.iter().map(Square::to_string).collect();
            line.push_str(&format!(" via {}", via.join(", ")));
        }
    }
    if promotes {
        line.push_str(", becoming a superpawn");
    }
    Some(Suggestion {
        from: mv.from().to_string(),
        to: mv.to().to_string(),
        piece: piece.char().to_string(),
        promotion: promotes.then(|| "S".to_string()),
        notation: mv.to_string(),
        line,
        reason: Reason::Strategy,
        mate_in: None,
    })
}

/// The board for the page.
pub fn snapshot(pos: &Position) -> Snapshot {
    Snapshot {
        width: 7,
        height: 7,
        cells: pos.cells(),
        side_to_move: Some(pos.turn().into()),
        check: pos.lion_in_danger().map(|sq| sq.to_string()),
        fen: pos.fen(),
        marks: Vec::new(),
    }
}

/// The first non-blank line, if it is a FEN (moves never hold a `/`):
/// its byte offset and trimmed text; and where the moves begin.
fn find_fen_line(text: &str) -> (Option<(usize, &str)>, usize) {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            let lead = line.len() - line.trim_start().len();
            return if trimmed.contains('/') { (Some((at + lead, trimmed)), at + line.len()) } else { (None, 0) };
        }
        at += line.len();
    }
    (None, 0)
}

/// The whitespace-separated words of `text` from byte `from` on, with
/// their byte offsets.
fn words(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
    let rest = text.get(from..).unwrap_or("");
    rest.split(char::is_whitespace).filter(|w| !w.is_empty()).map(move |w| {
        // `w` is a slice of `rest`: its offset is the pointer difference.
        (from + (w.as_ptr() as usize - rest.as_ptr() as usize), w)
    })
}

fn unplayed<'a>(tokens: impl Iterator<Item = (usize, &'a str)>, utf16: &mut Utf16Offsets) -> Vec<Unplayed> {
    tokens
        .map(|(at, word)| Unplayed { notation: word.to_string(), start: utf16.at(at), end: utf16.at(at + word.len()) })
        .collect()
}

fn fen_error(text: &str, at: usize, fen: &str, e: &FenError, moves_from: usize, utf16: &mut Utf16Offsets) -> Outcome {
    let offset = at + e.offset.min(fen.len());
    let character = text[offset..].chars().next().filter(|_| e.offset < fen.len());
    let end = offset + character.map_or(0, char::len_utf8);
    let error = ErrorInfo {
        ply: 0,
        start: utf16.at(offset),
        end: utf16.at(end),
        character: character.map(String::from),
        from: None,
        to: None,
        reason: e.to_string(),
    };
    Outcome {
        game: GameKind::Congo,
        notation: None,
        status: Status::ParseError,
        winner: None,
        message: format!("invalid FEN at character {}: {e}", e.column(fen)),
        error: Some(error),
        initial: snapshot(&Position::start()),
        plies: Vec::new(),
        unplayed: unplayed(words(text, moves_from), utf16),
        suggestion: None,
        tags: Vec::new(),
        stated_result: None,
        games_in_text: 1,
    }
}
