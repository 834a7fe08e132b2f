//! Text to `Outcome` for chess: read the moves, complete and apply them one
//! at a time, classify the end, and take a snapshot after every ply.

use super::fen::FenError;
use super::moves::Move;
use super::notation::course::{self, IllegalMove, Illegality};
use super::notation::pgn::{self, ReadGame, SyntaxError};
use super::notation::san::{resolve, san, san_with_suffix, SanError};
use super::position::Position;
use super::role::Role;
use super::search;
use crate::outcome::{ErrorInfo, GameKind, Notation, Outcome, Ply, Status, Suggestion, Tag, Unplayed, Utf16Offsets};
use crate::snapshot::{Side, Snapshot};

/// How the game ended, or not, after the last legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    Stalemate,
    Ongoing,
}

impl Ending {
    pub fn of(pos: &Position) -> Ending {
        if pos.has_legal_moves() {
            Ending::Ongoing
        } else if pos.is_check() {
            Ending::Checkmate
        } else {
            Ending::Stalemate
        }
    }
}

/// The verdict line for a game that was read without error.
pub fn verdict(pos: &Position, ending: Ending) -> (Status, Option<Side>, String) {
    match ending {
        Ending::Checkmate => {
            let winner = !pos.turn();
            (Status::Checkmate, Some(winner.into()), format!("{winner} wins by checkmate"))
        }
        Ending::Stalemate => (Status::Stalemate, None, "draw by stalemate".to_string()),
        Ending::Ongoing => (Status::Incomplete, None, "game incomplete".to_string()),
    }
}

/// One piece's letter as in snapshots (`N`, `n`).
fn letter(color: super::color::Color, role: Role) -> String {
    String::from(super::role::Piece::new(color, role).char())
}

/// Builds the `Ply` for a legal move `m` played from `before`; `ending`
/// is `Ending::of(after)`.
pub fn ply(before: &Position, after: &Position, ending: Ending, m: Move, start: usize, end: usize) -> Ply {
    let us = before.turn();
    Ply {
        notation: san_with_suffix(before, m, after.is_check(), ending != Ending::Ongoing),
        from: m.from().name().into(),
        to: m.to().name().into(),
        piece: letter(us, m.role()),
        captured: m.capture().map(|r| letter(!us, r)),
        promotion: m.promotion().map(|r| letter(us, r)),
        start,
        end,
        snapshot: Snapshot::chess(after),
    }
}

/// The suggestion for a position where the game goes on.
pub fn suggestion(pos: &Position) -> Option<Suggestion> {
    let found = search::suggest(pos)?;
    let m = found.best;
    let us = pos.turn();
    let mut line = format!("suggest {} {} from {} to {}", us, m.role(), m.from(), m.to());
    if let Some(p) = m.promotion() {
        line.push_str(&format!(" promoting to {p}"));
    }
    Some(Suggestion {
        from: m.from().name().into(),
        to: m.to().name().into(),
        piece: letter(us, m.role()),
        promotion: m.promotion().map(|r| letter(us, r)),
        notation: san(pos, m),
        line,
        reason: found.reason,
        mate_in: found.mate_in,
    })
}

/// Analyses a game in the strict course notation (the first line of `text`).
pub fn analyze_course(text: &str, with_suggestion: bool) -> Outcome {
    let line = course::first_line(text);
    let mut utf16 = Utf16Offsets::new(text);
    let start_pos = Position::start();
    let mut pos = start_pos;
    // The pseudo-legal en passant square (see `course::passed_square`).
    let mut passed = None;
    let mut ending = Ending::Ongoing;
    let mut plies = Vec::new();
    let mut error = None;
    let mut failure: Option<(Status, String)> = None;
    let mut at = 0;
    loop {
        at += line[at..].find(|c| !course::is_separator(c)).unwrap_or(line.len() - at);
        if at >= line.len() {
            break;
        }
        let token_end = at + line[at..].find(course::is_separator).unwrap_or(line.len() - at);
        let (mv, end) = match course::parse_move(line, at) {
            Ok(parsed) => parsed,
            Err(e) => {
                // The end of the line is the `\n` or `\r` itself, or nothing at
                // the end of the text.
                let shown = e.character.or_else(|| text[e.offset..].chars().next());
                let char_end = e.offset + shown.map_or(0, char::len_utf8);
                error = Some(ErrorInfo {
                    ply: plies.len(),
                    start: utf16.at(e.offset),
                    end: utf16.at(char_end),
                    character: Some(e.printed_character()),
                    from: None,
                    to: None,
                    reason: format!(
                        "in move {}, expected {} but found {}",
                        plies.len() + 1,
                        e.expected,
                        match e.character {
                            None => "the end of the line".to_string(),
                            Some(' ') => "a space".to_string(),
                            Some('\t') => "a tab".to_string(),
                            Some(c) => format!("'{c}'"),
                        },
                    ),
                });
                failure = Some((Status::ParseError, e.to_string()));
                at = token_end.max(e.offset);
                break;
            }
        };
        let span = (utf16.at(at), utf16.at(end));
        let done = match course::complete(&pos, passed, &mv) {
            Ok(done) => done,
            Err(e) => {
                error = Some(ErrorInfo {
                    ply: plies.len(),
                    start: span.0,
                    end: span.1,
                    character: None,
                    from: None,
                    to: Some(e.to.to_string()),
                    reason: e.explain(),
                });
                failure = Some((Status::CompletionError, e.to_string()));
                at = end;
                break;
            }
        };
        let resolved = match ending {
            Ending::Ongoing => course::resolve(&pos, &mv, done),
            over => Err(IllegalMove {
                color: pos.turn(),
                role: done.role,
                from: done.from,
                to: done.to,
                reason: Illegality::GameOver { checkmate: over == Ending::Checkmate },
            }),
        };
        let m = match resolved {
            Ok(m) => m,
            Err(e) => {
                error = Some(ErrorInfo {
                    ply: plies.len(),
                    start: span.0,
                    end: span.1,
                    character: None,
                    from: Some(e.from.to_string()),
                    to: Some(e.to.to_string()),
                    reason: e.reason.to_string(),
                });
                failure = Some((Status::IllegalMove, e.to_string()));
                at = end;
                break;
            }
        };
        let after = pos.after(m);
        ending = Ending::of(&after);
        plies.push(ply(&pos, &after, ending, m, span.0, span.1));
        pos = after;
        passed = course::passed_square(m);
        at = end;
    }

    // What follows an error is shown, not played.
    let mut unplayed = Vec::new();
    if failure.is_some() {
        let mut rest = at;
        while rest < line.len() {
            rest += line[rest..].find(|c| !course::is_separator(c)).unwrap_or(line.len() - rest);
            if rest >= line.len() {
                break;
            }
            let end = rest + line[rest..].find(course::is_separator).unwrap_or(line.len() - rest);
            unplayed.push(Unplayed {
                notation: line[rest..end].to_string(),
                start: utf16.at(rest),
                end: utf16.at(end),
            });
            rest = end;
        }
    }

    let read =
        Read { notation: Notation::Course, start: start_pos, last: pos, ending, failure, error, plies, unplayed };
    read.outcome(with_suggestion)
}

/// What reading a chess text found, before it becomes an `Outcome`.
struct Read {
    notation: Notation,
    start: Position,
    /// The position after the last legal move.
    last: Position,
    ending: Ending,
    /// The first problem: its status and the course's message.
    failure: Option<(Status, String)>,
    error: Option<ErrorInfo>,
    plies: Vec<Ply>,
    unplayed: Vec<Unplayed>,
}

impl Read {
    fn outcome(self, with_suggestion: bool) -> Outcome {
        let (status, winner, message) = match self.failure {
            Some((status, message)) => (status, None, message),
            None => verdict(&self.last, self.ending),
        };
        let suggestion = if status == Status::Incomplete && with_suggestion { suggestion(&self.last) } else { None };
        Outcome {
            game: GameKind::Chess,
            notation: Some(self.notation),
            status,
            winner,
            message,
            error: self.error,
            initial: Snapshot::chess(&self.start),
            plies: self.plies,
            unplayed: self.unplayed,
            suggestion,
            tags: Vec::new(),
            stated_result: None,
            games_in_text: 1,
        }
    }
}

/// Analyses the first game of a PGN text (read leniently, see
/// `notation::pgn`). The problems are reported in reading order: a bad
/// `FEN` tag, then the first main-line move that cannot be played, then a
/// syntax error after the last move read. Variations are read but not
/// played. The stated result is kept as written and never contradicts
/// the verdict: a resigned game (`1-0` on a position that goes on) is
/// `game incomplete`.
pub fn analyze_pgn(text: &str, with_suggestion: bool) -> Outcome {
    let mut games = pgn::read_games(text);
    let ReadGame { game, error: syntax_error } = games.next().unwrap_or_default();
    // An empty text is one empty game.
    let games_in_text = 1 + games.count();
    let mut utf16 = Utf16Offsets::new(text);
    let mut plies = Vec::new();
    let mut unplayed = Vec::new();
    let mut error = None;
    let mut failure: Option<(Status, String)> = None;

    let start_pos = match game.start_position() {
        Ok(pos) => pos,
        Err(e) => {
            let (message, character) = match &e.error {
                // A character of the FEN that does not fit: a parse error there.
                FenError::Syntax { .. } => {
                    let at = SyntaxError::at(text, e.at.start, pgn::Problem::Unexpected("a valid FEN"));
                    (at.to_string(), Some(at.printed_character()))
                }
                // Well written, but not a position: say why.
                FenError::Position(p) => (p.to_string(), None),
            };
            error = Some(ErrorInfo {
                ply: 0,
                start: utf16.at(e.at.start),
                end: utf16.at(e.at.end),
                character,
                from: None,
                to: None,
                reason: format!("the FEN tag does not give a position to play from: {}", e.error),
            });
            failure = Some((Status::ParseError, message));
            Position::start()
        }
    };

    let mut pos = start_pos;
    let mut passed = game.start_passed_square();
    if failure.is_none() {
        for (i, node) in game.main.moves.iter().enumerate() {
            let span = (utf16.at(node.span.start), utf16.at(node.span.end));
            let m = match resolve(&pos, passed, &node.san) {
                Ok(m) => m,
                Err(e) => {
                    let (status, message, character, from, to) = match &e {
                        SanError::Completion(c) => (Status::CompletionError, e.to_string(), None, None, Some(c.to)),
                        SanError::Illegal(i) => (Status::IllegalMove, e.to_string(), None, Some(i.from), Some(i.to)),
                        SanError::Null => {
                            let null = SyntaxError::at(text, node.span.start, pgn::Problem::NullMove);
                            (Status::ParseError, null.to_string(), Some(null.printed_character()), None, None)
                        }
                    };
                    error = Some(ErrorInfo {
                        ply: plies.len(),
                        start: span.0,
                        end: span.1,
                        character,
                        from: from.map(|sq| sq.to_string()),
                        to: to.map(|sq| sq.to_string()),
                        reason: e.explain(),
                    });
                    failure = Some((status, message));
                    // What follows the error is shown, not played.
                    for rest in &game.main.moves[i + 1..] {
                        unplayed.push(Unplayed {
                            notation: text[rest.span.start..rest.span.end].to_string(),
                            start: utf16.at(rest.span.start),
                            end: utf16.at(rest.span.end),
                        });
                    }
                    break;
                }
            };
            let after = pos.after(m);
            plies.push(ply(&pos, &after, Ending::of(&after), m, span.0, span.1));
            pos = after;
            passed = course::passed_square(m);
        }
    }
    if let (None, Some(e)) = (&failure, syntax_error) {
        error = Some(ErrorInfo {
            ply: plies.len(),
            start: utf16.at(e.start),
            end: utf16.at(e.end),
            character: Some(e.printed_character()),
            from: None,
            to: None,
            reason: e.explain(),
        });
        failure = Some((Status::ParseError, e.to_string()));
    }

    let ending = Ending::of(&pos);
    let read = Read { notation: Notation::Pgn, start: start_pos, last: pos, ending, failure, error, plies, unplayed };
    Outcome {
        tags: game.tags.iter().map(|t| Tag { name: t.name.clone(), value: t.value.clone() }).collect(),
        stated_result: game.stated_result().map(|r| r.as_str().to_string()),
        games_in_text,
        ..read.outcome(with_suggestion)
    }
}
