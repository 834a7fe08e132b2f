//! Move ordering: the moves most likely to refute a position first, so
//! that alpha-beta cuts early. The table's move, then captures that do not
//! lose material (most valuable victim first), killers (quiet moves that
//! refuted a sibling), the counter-move (the quiet reply that last refuted
//! the opponent's move), the other quiet moves by their history, and last
//! the captures that lose material.

use super::see::{see_at_least, VALUE};
use super::tt::pack;
use crate::chess::bitboard::Bitboard;
use crate::chess::movegen::{MoveList, PieceMoves};
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::Rank;
use arrayvec::ArrayVec;

/// The deepest ply the search tracks (killers, the line's hashes).
pub const MAX_PLY: usize = 128;

/// History scores stay within this bound (each update pulls towards it).
const HISTORY_MAX: i32 = 16_384;

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
const COUNTER: i32 = 1 << 25;
const BAD_CAPTURE: i32 = -(1 << 28);

/// What the search learns about quiet moves as it goes (cleared at each
/// search, so that it does not depend on earlier ones).
pub struct Heuristics {
    killers: [[u16; 2]; MAX_PLY],
    /// [color][from][to]
    history: Box<[[[i32; 64]; 64]; 2]>,
    /// The reply that refuted a move, by [color][role][to] of that move.
    counter: Box<[[[u16; 64]; 6]; 2]>,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            killers: [[0; 2]; MAX_PLY],
            history: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([[[0; 64]; 6]; 2]),
        }
    }

    pub fn clear(&mut self) {
        self.killers = [[0; 2]; MAX_PLY];
        self.history.iter_mut().flatten().for_each(|row| row.fill(0));
        self.counter.iter_mut().flatten().for_each(|row| row.fill(0));
    }

    pub fn history(&self, pos: &Position, m: Move) -> i32 {
        self.history[pos.turn().index()][m.from().index()][m.to().index()]
    }

    /// A quiet move `best` refuted the position at `ply`, after the
    /// opponent's `previous`; `tried` are the quiet moves searched before
    /// it in vain.
    pub fn reward(
        &mut self,
        pos: &Position,
        ply: usize,
        previous: Option<Move>,
        best: Move,
        tried: &[Move],
        depth: i32,
    ) {
        let packed = pack(best);
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != packed {
                *k = [packed, k[0]];
            }
        }
        if let Some(prev) = previous {
            self.counter[(!pos.turn()).index()][prev.role().index()][prev.to().index()] = packed;
        }
        let bonus = (depth * depth).min(400);
        let side = &mut self.history[pos.turn().index()];
        update(&mut side[best.from().index()][best.to().index()], bonus);
        for &m in tried {
            update(&mut side[m.from().index()][m.to().index()], -bonus);
        }
    }

    /// Orders `moves` for the position at `ply` (after the opponent's
    /// `previous` move): each with its score, best first when picked.
    pub fn score(&self, pos: &Position, ply: usize, previous: Option<Move>, tt_move: u16, moves: &MoveList) -> Picker {
        let mut picker = Picker::new();
        self.score_into(&mut picker, pos, ply, previous, tt_move, moves);
        picker
    }

    /// `score`, into an empty `picker` where it stands (a picker is a few
    /// kilobytes: moving it costs more than scoring a short list).
    fn score_into(
        &self,
        picker: &mut Picker,
        pos: &Position,
        ply: usize,
        previous: Option<Move>,
        tt_move: u16,
        moves: &MoveList,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([0; 2]);
        let counter = previous.map_or(0, |p| self.counter[(!pos.turn()).index()][p.role().index()][p.to().index()]);
        let history = &self.history[pos.turn().index()];
        for &m in moves {
            let packed = pack(m);
            let score = if packed == tt_move {
                TT_MOVE
            } else if is_noisy(m) {
                capture_score(pos, m)
            } else if packed == killers[0] {
                KILLER + 1
            } else if packed == killers[1] {
                KILLER
            } else if packed == counter {
                COUNTER
            } else {
                history[m.from().index()][m.to().index()]
            };
            // Never full: `moves` holds at most as many.
            let _ = picker.moves.try_push((score, m));
        }
    }
}

fn update(entry: &mut i32, bonus: i32) {
    // Gravity: the nearer the bound, the smaller the step.
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

/// Captures and queen promotions: the moves quiescence searches.
pub fn is_noisy(m: Move) -> bool {
    m.is_capture() || m.promotion() == Some(Role::Queen)
}

/// Good captures by victim then attacker, bad ones (losing material by
/// exchange) after every quiet move.
fn capture_score(pos: &Position, m: Move) -> i32 {
    let victim = m.capture().map_or(0, |r| VALUE[r.index()]) + m.promotion().map_or(0, |r| VALUE[r.index()]);
    let mvv_lva = victim * 8 - VALUE[m.role().index()] / 16;
    if m.promotion().is_some_and(|p| p != Role::Queen) {
        return BAD_CAPTURE - 1_000_000;
    }
    if see_at_least(pos, m, 0) {
        GOOD_CAPTURE + mvv_lva
    } else {
        BAD_CAPTURE + mvv_lva
    }
}

/// The legal captures, en passant and promotions (all four pieces);
/// `checkers` are `pos.checkers()`.
pub fn noisy_moves(pos: &Position, checkers: Bitboard) -> MoveList {
    let theirs = pos.by_color(!pos.turn());
    let last_rank = Bitboard::rank(pos.turn().fold(Rank::Eighth, Rank::First));
    let ep = pos.ep_square().map_or(Bitboard::EMPTY, Bitboard::from_square);
    let mut moves = MoveList::new();
    pos.for_each_piece_moves_given(checkers, Bitboard::FULL, |pm| {
        let targets = if pm.role == Role::Pawn { theirs | ep | last_rank } else { theirs };
        let to = pm.to & targets;
        if to.any() {
            pos.expand(PieceMoves { to, ..pm }, &mut moves);
        }
        true
    });
    moves
}

/// The table's move first, before any other move is generated (it often
/// refutes the position alone), then the others best first.
pub struct Staged {
    first: Option<Move>,
    tt: Option<Move>,
    /// Whether `rest` holds the other moves yet.
    generated: bool,
    rest: Picker,
}

impl Staged {
    /// `tt`: the table's move, legal here.
    pub fn new(tt: Option<Move>) -> Staged {
        Staged { first: tt, tt, generated: false, rest: Picker::new() }
    }

    /// `checkers`: `pos.checkers()`.
    pub fn next(
        &mut self,
        h: &Heuristics,
        pos: &Position,
        checkers: Bitboard,
        ply: usize,
        previous: Option<Move>,
    ) -> Option<Move> {
        if let Some(m) = self.first.take() {
            return Some(m);
        }
        if !self.generated {
            self.generated = true;
            let moves = pos.legal_moves_given(checkers);
            h.score_into(&mut self.rest, pos, ply, previous, self.tt.map_or(0, pack), &moves);
        }
        loop {
            let (_, m) = self.rest.next()?;
            if Some(m) != self.tt {
                return Some(m);
            }
        }
    }
}

/// Scored moves, handed out best first.
pub struct Picker {
    moves: ArrayVec<(i32, Move), 256>,
}

impl Picker {
    pub fn new() -> Picker {
        Picker { moves: ArrayVec::new() }
    }

    /// The best of the moves left, with its score (the first of equals).
    pub fn next(&mut self) -> Option<(i32, Move)> {
        let first = self.moves.first()?.0;
        let (mut best, mut best_score) = (0, first);
        for (i, &(s, _)) in self.moves.iter().enumerate().skip(1) {
            if s > best_score {
                (best, best_score) = (i, s);
            }
        }
        Some(self.moves.swap_remove(best))
    }

    /// Quiescence's order, into an empty picker: captures by victim then
    /// attacker (no table move, no history).
    pub fn captures_into(&mut self, moves: &MoveList) {
        for &m in moves {
            let victim = m.capture().map_or(0, |r| VALUE[r.index()]) + m.promotion().map_or(0, |r| VALUE[r.index()]);
            let _ = self.moves.try_push((victim * 8 - VALUE[m.role().index()] / 16, m));
        }
    }

    /// `Heuristics::score` for quiescence's evasions, into an empty picker.
    pub fn score_into(&mut self, h: &Heuristics, pos: &Position, ply: usize, tt_move: u16, moves: &MoveList) {
        h.score_into(self, pos, ply, None, tt_move, moves);
    }
}
