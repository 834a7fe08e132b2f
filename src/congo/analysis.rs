//! A pasted Congo game for the page: an optional FEN line (the full start
//! position otherwise), then moves separated by spaces or newlines. Gives
//! every position, the verdict, the first error with its span, and a
//! suggested move.

use super::fen::FenError;
use super::moves::Move;
use super::piece::{Piece, Role};
use super::position::{Played, Position};
use super::search::{self, SUGGESTION_DEPTH};
use super::square::Square;
use crate::color::Color;
use crate::game::GameKind;
use crate::outcome::{
    play_line, unplayed, BoardMove, Drowned, Failure, Outcome, Ply, Reason, Refusal, Status, Suggestion, Utf16Offsets,
};
use crate::snapshot::{BoardKind, Landmark, LandmarkKind, Over, PieceNames, Snapshot};
use std::fmt;

const fn river(square: &'static str) -> Landmark {
    Landmark { square, kind: LandmarkKind::River }
}

const fn castle(square: &'static str) -> Landmark {
    Landmark { square, kind: LandmarkKind::Castle }
}

/// The Congo board: the river across the middle rank, a castle of 3x3
/// squares on each side.
pub const BOARD: BoardKind = BoardKind {
    width: 7,
    height: 7,
    landmarks: &[
        river("a4"),
        river("b4"),
        river("c4"),
        river("d4"),
        river("e4"),
        river("f4"),
        river("g4"),
        castle("c1"),
        castle("d1"),
        castle("e1"),
        castle("c2"),
        castle("d2"),
        castle("e2"),
        castle("c3"),
        castle("d3"),
        castle("e3"),
        castle("c5"),
        castle("d5"),
        castle("e5"),
        castle("c6"),
        castle("d6"),
        castle("e6"),
        castle("c7"),
        castle("d7"),
        castle("e7"),
    ],
    dark_parity: 1,
    pieces: PieceNames(&[
        ('L', "white lion"),
        ('Z', "white zebra"),
        ('G', "white giraffe"),
        ('E', "white elephant"),
        ('C', "white crocodile"),
        ('M', "white monkey"),
        ('P', "white pawn"),
        ('S', "white superpawn"),
        ('l', "black lion"),
        ('z', "black zebra"),
        ('g', "black giraffe"),
        ('e', "black elephant"),
        ('c', "black crocodile"),
        ('m', "black monkey"),
        ('p', "black pawn"),
        ('s', "black superpawn"),
    ]),
};

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
            Err(e) => return fen_error(text, at, fen, &e, moves_from),
        },
    };
    let mut outcome = Outcome::new(GameKind::Congo, snapshot(&start));
    let mut pos = start;
    let played = play_line(text, words(text, moves_from), &mut utf16, |&(at, end), _, _, plies| {
        let word = &text[at..end];
        let mv = Move::parse(word).map_err(|e| {
            let offset = at + e.offset.min(word.len());
            let character = text[offset..].chars().next();
            let mut failure = Failure::new(Status::ParseError, format!("malformed move {word:?}: {e}"), e.to_string());
            failure.character = character.map(String::from);
            failure
        })?;
        let squares = (Some(mv.from().to_string()), Some(mv.to().to_string()));
        let played = match game_end(&pos) {
            Some(end) => {
                let reason = format!("the game is over: {end}");
                Err(Failure::new(Status::IllegalMove, format!("illegal move {word}: {reason}"), reason))
            }
            None => pos
                .play(&mv)
                .map_err(|e| Failure::new(Status::IllegalMove, format!("illegal move {word}: {e}"), e.to_string())),
        }
        .map_err(|failure| failure.squares(squares.0.clone(), squares.1.clone()))?;
        plies.push(ply_of(&mv, &played));
        pos = played.position;
        Ok(())
    });
    outcome.message = "Continue".to_string();
    outcome.set_main_line(played);
    if outcome.error.is_none() {
        match game_end(&pos) {
            Some(end) => {
                outcome.status = if end == GameEnd::OnlyLions { Status::Draw } else { Status::Win };
                outcome.winner = end.winner().map(Into::into);
                outcome.message = end.verdict();
            }
            None => outcome.suggestion = suggestion_depth.and_then(|depth| suggestion(&pos, depth)),
        }
    }
    outcome
}

/// The ply of a legal move `mv` that did `played`.
fn ply_of(mv: &Move, played: &Played) -> Ply {
    let mut ply = Ply::new(mv.to_string(), path_of(mv), played.moved.char(), snapshot(&played.position));
    ply.captured = played.captured.iter().map(|p| p.char()).collect();
    ply.promotion = played.promoted.then(|| Piece::new(played.moved.color, Role::Superpawn).char());
    ply.drowned =
        played.drowned.iter().map(|(sq, p)| Drowned { piece: p.char(), square: sq.to_string().into() }).collect();
    ply
}

/// Every square of a move, its start included.
fn path_of<T: From<String>>(mv: &Move) -> Vec<T> {
    std::iter::once(mv.from()).chain(mv.path().iter().copied()).map(|s| s.to_string().into()).collect()
}

/// Every legal move of `pos`, as the board offers them (a monkey's jumps
/// stopping at each landing square are moves of their own).
pub fn legal_moves(pos: &Position) -> Vec<BoardMove> {
    pos.legal_moves().iter().filter_map(|mv| Some(BoardMove::from(&ply_of(mv, &pos.play(mv).ok()?)))).collect()
}

/// Plays one move written as the course writes it (`d2d3`, `b3d5f3`).
pub fn play_text(pos: &Position, text: &str) -> Result<Ply, Refusal> {
    let text = text.trim();
    let mv = Move::parse(text).map_err(|e| Refusal::BadMove(format!("{text:?} is not a move: {e}")))?;
    if let Some(end) = game_end(pos) {
        return Err(Refusal::Illegal(format!("the game is over: {end}")));
    }
    let played = pos.play(&mv).map_err(|e| Refusal::Illegal(e.to_string()))?;
    Ok(ply_of(&mv, &played))
}

/// Why nobody can move any more.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The winner captured the enemy lion.
    LionCaptured(Color),
    /// The side to move has no legal move, and loses.
    NoMove(Color),
    /// Only the two lions are left and the side to move cannot take the
    /// other: a draw.
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
    } else if pos.only_lions_left() && !can_take_the_other_lion(pos) {
        Some(GameEnd::OnlyLions)
    } else if pos.legal_moves().is_empty() {
        Some(GameEnd::NoMove(pos.turn()))
    } else {
        None
    }
}

/// With only the lions left, whether the side to move can capture the
/// other: then the game goes on (spec/congo.md), and that capture wins.
fn can_take_the_other_lion(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|m| pos.piece_at(m.to()).is_some_and(|p| p.color != pos.turn()))
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
        path: path_of(&mv),
        piece: piece.char(),
        promotion: promotes.then(|| Piece::new(piece.color, Role::Superpawn).char()),
        notation: mv.to_string(),
        line,
        reason: Reason::Strategy,
        mate_in: None,
    })
}

/// The board for the page.
pub fn snapshot(pos: &Position) -> Snapshot {
    let mut snapshot = Snapshot::new(&BOARD, pos.cells(), pos.fen());
    snapshot.side_to_move = Some(pos.turn().into());
    snapshot.check = pos.lion_in_danger().map(|sq| sq.to_string().into());
    // The FEN counts completed move pairs.
    snapshot.move_number = u32::try_from(pos.move_number().saturating_add(1)).unwrap_or(u32::MAX);
    snapshot.over = game_end(pos).map(|end| Over {
        status: if end == GameEnd::OnlyLions { Status::Draw } else { Status::Win },
        winner: end.winner().map(Into::into),
        reason: end.to_string(),
    });
    snapshot
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

/// The byte spans of the whitespace-separated words of `text` from byte
/// `from` on.
fn words(text: &str, from: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    let rest = text.get(from..).unwrap_or("");
    rest.split(char::is_whitespace).filter(|w| !w.is_empty()).map(move |w| {
        // `w` is a slice of `rest`: its offset is the pointer difference.
        let at = from + (w.as_ptr() as usize - rest.as_ptr() as usize);
        (at, at + w.len())
    })
}

fn fen_error(text: &str, at: usize, fen: &str, e: &FenError, moves_from: usize) -> Outcome {
    let offset = at + e.offset.min(fen.len());
    let character = text[offset..].chars().next().filter(|_| e.offset < fen.len());
    let end = offset + character.map_or(0, char::len_utf8);
    let mut outcome = Outcome::new(GameKind::Congo, snapshot(&Position::start()));
    let mut failure =
        Failure::new(Status::ParseError, format!("invalid FEN at character {}: {e}", e.column(fen)), e.to_string())
            .at(offset, end);
    failure.character = character.map(String::from);
    outcome.fail(*failure, text);
    (outcome.unplayed, outcome.unplayed_omitted) =
        unplayed(text, words(text, moves_from), &mut Utf16Offsets::new(text));
    outcome
}

/// How deep the report's search looks (the course's alpha-beta with the
/// advanced evaluation): shallower than the suggestion's, since every
/// position of a game is searched.
pub const REPORT_DEPTH: u32 = 4;

/// A position's value for the report: the course's alpha-beta at
/// `REPORT_DEPTH`, from White's view; `None` for a FEN that does not read.
pub fn report_value(fen: &str) -> Option<i32> {
    let pos = Position::from_fen(fen).ok()?;
    let value = search::alphabeta(&pos, REPORT_DEPTH);
    Some(if pos.turn() == Color::White { value } else { -value })
}
