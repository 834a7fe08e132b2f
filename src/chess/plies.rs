//! A chess position and move in the common result's terms: the board's
//! snapshot, the ply, the suggestion; and a main line whose plies are
//! built later (`DeferredLine`), from the moves its reading kept.

use super::bitboard::Bitboard;
use super::moves::Move;
#[cfg(feature = "engine")]
use super::notation::san::san;
use super::notation::san::san_with_suffix;
use super::position::Position;
use super::role::{Piece, Role};
#[cfg(feature = "engine")]
use super::search;
use crate::color::Color;
#[cfg(feature = "engine")]
use crate::outcome::Reason;
use crate::outcome::{MoveText, Ply, Suggestion};
use crate::short::Path;
use crate::snapshot::{BoardKind, Cells, Over, PieceNames, PositionText, Side, Snapshot, Status};

/// The chess board: no landmarks, a1 dark.
pub const BOARD: BoardKind = BoardKind { width: 8, height: 8, landmarks: &[], dark_parity: 1, pieces: PIECE_NAMES };

/// Every chess piece letter with its name (grid problems use them too).
pub const PIECE_NAMES: PieceNames = PieceNames(&[
    ('K', "white king"),
    ('Q', "white queen"),
    ('R', "white rook"),
    ('B', "white bishop"),
    ('N', "white knight"),
    ('P', "white pawn"),
    ('k', "black king"),
    ('q', "black queen"),
    ('r', "black rook"),
    ('b', "black bishop"),
    ('n', "black knight"),
    ('p', "black pawn"),
]);

/// How the game stands after the last legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    Stalemate,
    Ongoing,
}

impl Ending {
    pub fn of(pos: &Position) -> Ending {
        Ending::given(pos, pos.checkers())
    }

    /// `of`, `checkers` being `pos.checkers()`.
    pub(crate) fn given(pos: &Position, checkers: Bitboard) -> Ending {
        if pos.has_legal_moves_given(checkers) {
            Ending::Ongoing
        } else if checkers.any() {
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

/// The picture of a position; `ending` is `Ending::of(pos)`.
pub fn snapshot(pos: &Position, ending: Ending) -> Snapshot {
    snapshot_in_check(pos, ending, pos.is_check())
}

/// `snapshot`, when the caller knows whether the side to move is in check.
pub(crate) fn snapshot_in_check(pos: &Position, ending: Ending, check: bool) -> Snapshot {
    let mut snapshot = Snapshot::new(&BOARD, Cells::default(), PositionText::default());
    write_snapshot(&mut snapshot, pos, ending, check);
    snapshot
}

/// Writes the picture of `pos` over a chess `snapshot`, field by field (in
/// place in a ply: see `push_ply`).
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn write_snapshot(snapshot: &mut Snapshot, pos: &Position, ending: Ending, check: bool) {
    let cells = pos.cell_bytes();
    snapshot.cells = Cells::from_ascii_block(&cells, cells.len());
    snapshot.fen = pos.fen_of_cells(&cells);
    snapshot.side_to_move = Some(pos.turn().into());
    snapshot.check = check.then(|| pos.king_of(pos.turn()).name().into());
    snapshot.move_number = pos.fullmoves();
    snapshot.over = match ending {
        Ending::Ongoing => None,
        Ending::Checkmate => {
            let winner = !pos.turn();
            Some(Over {
                status: Status::Checkmate,
                winner: Some(winner.into()),
                reason: format!("{winner} wins by checkmate"),
            })
        }
        Ending::Stalemate => {
            Some(Over { status: Status::Stalemate, winner: None, reason: format!("{} has no legal move", pos.turn()) })
        }
    };
}

pub(crate) fn letter(color: Color, role: Role) -> char {
    Piece::new(color, role).char()
}

/// A chess ply with nothing in it yet, for `write_ply`.
fn empty_ply() -> Ply {
    Ply::new(
        MoveText::default(),
        Path::default(),
        ' ',
        Snapshot::new(&BOARD, Cells::default(), PositionText::default()),
    )
}

/// The `Ply` for a legal move `m` played from `before`.
pub fn ply(before: &Position, after: &Position, m: Move) -> Ply {
    let mut ply = empty_ply();
    write_ply(&mut ply, before, after, m);
    ply
}

/// Pushes the `Ply` of `ply(before, after, m)` onto `plies`, written in its
/// place: a ply built and then pushed was copied twice natively (its
/// snapshot into it, it into the list), 3% of analysing a game.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(crate) fn push_ply(plies: &mut Vec<Ply>, before: &Position, after: &Position, m: Move) {
    // Not `push(empty_ply())`: even an empty ply was built aside and copied.
    plies.resize_with(plies.len() + 1, empty_ply);
    if let Some(ply) = plies.last_mut() {
        write_ply(ply, before, after, m);
    }
}

/// Writes the move and position of `ply(before, after, m)` over an empty
/// chess ply.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn write_ply(ply: &mut Ply, before: &Position, after: &Position, m: Move) {
    let us = before.turn();
    // Found once, for both the check and the ending.
    let checkers = after.checkers();
    let (check, ending) = (checkers.any(), Ending::given(after, checkers));
    let notation = san_with_suffix(before, m, check, ending != Ending::Ongoing);
    let (from, to) = (m.from().name(), m.to().name());
    ply.notation = MoveText::from(notation.as_str());
    (ply.from, ply.to) = (from.into(), to.into());
    ply.path = Path::from([from.into(), to.into()]);
    ply.piece = letter(us, m.role());
    ply.captured = m.capture().map(|r| letter(!us, r)).into();
    ply.promotion = m.promotion().map(|r| letter(us, r));
    write_snapshot(&mut ply.snapshot, after, ending, check);
}

/// A main line whose plies are left for later (`Snapshots::Deferred`):
/// what building each of them needs (`build_deferred`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeferredLine {
    /// The position the line starts from.
    pub start: Position,
    pub plies: Vec<DeferredPly>,
}

/// A move of a `DeferredLine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeferredPly {
    pub m: Move,
    /// The position after it.
    pub after: Position,
    /// Its span in the text (UTF-16 code units).
    pub start: usize,
    pub end: usize,
    /// The ply of a move with comments, glyphs or variations, built while
    /// reading, its snapshot left empty; `None`: built from `m` later.
    pub built: Option<Box<Ply>>,
}

/// Pushes the ply of a move of a main line onto `plies`; or, when its
/// ply is left for later (`deferred` given), the move onto `deferred`,
/// spanning `span`. Keeping a few fields rather than building the ply made
/// reading a game as wasm about a third faster.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(crate) fn push_main_line_ply(
    (before, after): (&Position, &Position),
    m: Move,
    span: (usize, usize),
    plies: &mut Vec<Ply>,
    deferred: Option<&mut Vec<DeferredPly>>,
) {
    match deferred {
        Some(deferred) => deferred.push(DeferredPly { m, after: *after, start: span.0, end: span.1, built: None }),
        None => push_ply(plies, before, after, m),
    }
}

/// The ply of a move with an empty snapshot, for a main line left for
/// later whose move has comments, glyphs or variations (`DeferredPly::built`).
/// Only a checkmate shows in the ply then (its `#`).
pub(crate) fn ply_without_snapshot(before: &Position, after: &Position, m: Move) -> Ply {
    // Not `ply` with its snapshot passed in: sharing one builder made
    // reading a game natively 4% slower (`ply` builds its snapshot in place).
    let us = before.turn();
    let check = after.is_check();
    let notation = san_with_suffix(before, m, check, check && !after.has_legal_moves());
    let path = [m.from().name().into(), m.to().name().into()];
    let mut ply = Ply::new(notation.as_str(), path, letter(us, m.role()), Snapshot::new(&BOARD, "", ""));
    ply.captured = m.capture().map(|r| letter(!us, r)).into();
    ply.promotion = m.promotion().map(|r| letter(us, r));
    ply
}

impl crate::outcome::LaterPlies for DeferredLine {
    fn len(&self) -> usize {
        self.plies.len()
    }

    fn build(self: Box<Self>) -> Vec<Ply> {
        build_deferred(*self)
    }
}

/// The plies of a main line left for later (`Snapshots::Deferred`), every
/// snapshot built: the line read with `Snapshots::Now` has the same.
pub fn build_deferred(line: DeferredLine) -> Vec<Ply> {
    let mut before = line.start;
    let mut plies = Vec::with_capacity(line.plies.len());
    for d in line.plies {
        // Pushed as built, then completed in place: a ply is large to copy.
        match d.built {
            Some(built) => {
                plies.push(*built);
                if let Some(ply) = plies.last_mut() {
                    ply.snapshot = snapshot(&d.after, Ending::of(&d.after));
                }
            }
            None => push_ply(&mut plies, &before, &d.after, d.m),
        }
        if let Some(ply) = plies.last_mut() {
            (ply.start, ply.end) = (d.start, d.end);
        }
        before = d.after;
    }
    plies
}

/// The suggestion for a position where the game goes on.
#[cfg(feature = "engine")]
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
        path: vec![m.from().name().into(), m.to().name().into()],
        piece: letter(us, m.role()),
        promotion: m.promotion().map(|r| letter(us, r)),
        notation: san(pos, m),
        line,
        reason: match found.reason {
            search::Reason::Mate => Reason::Mate,
            search::Reason::AvoidsMate => Reason::AvoidsMate,
            search::Reason::OnlyMoves => Reason::OnlyMoves,
            search::Reason::Strategy => Reason::Strategy,
        },
        mate_in: found.mate_in,
    })
}

/// The reader has no search (feature `engine`): no suggestion; the
/// worker's module, built with it, gives one.
#[cfg(not(feature = "engine"))]
pub fn suggestion(_: &Position) -> Option<Suggestion> {
    None
}
