//! What a line of moves wins in material, counted from the moves played
//! and then through the captures still pending at its end (a quiescence
//! search on material alone), so that the report can say "the reply Nxe5
//! wins a knight" from the board, not from a guess.

use super::moves::Move;
use super::position::Position;
use super::role::Role;
use crate::color::Color;

/// The usual values, in centipawns: pawn, knight, bishop, rook, queen.
const VALUE: [i32; 5] = [100, 300, 300, 500, 900];

/// Positions the search of pending captures may visit at most (a busy
/// position has many orders of captures; the search stays small and
/// deterministic).
const RESOLVE_NODES: u32 = 4_000;

/// Captures followed at most, after the line.
const RESOLVE_DEPTH: u32 = 10;

/// A change of material from one side's view: per role (pawn to queen),
/// the opponent's pieces of that role won minus the side's own lost.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Balance {
    net: [i32; 5],
}

impl Balance {
    /// The change in centipawns (positive: the side won material).
    pub fn value(&self) -> i32 {
        self.net.iter().zip(VALUE).map(|(n, v)| n * v).sum()
    }

    /// The same change from the other side's view.
    pub fn flip(self) -> Balance {
        Balance { net: self.net.map(|n| -n) }
    }

    /// What the side won, in words: `a knight`, `two pawns`, `a rook for a
    /// bishop`, `a queen for a rook and a pawn`; past three pieces in all,
    /// its worth (`material worth two pawns`); `None` when it won nothing.
    pub fn words(&self) -> Option<String> {
        let value = self.value();
        if value <= 0 {
            return None;
        }
        if self.net.iter().map(|n| n.abs()).sum::<i32>() > 3 {
            let pawns = (value + VALUE[0] / 2) / VALUE[0];
            return Some(format!("material worth {}", pieces([pawns, 0, 0, 0, 0])));
        }
        let won = pieces(self.net);
        let given = pieces(self.net.map(|n| -n));
        Some(if given.is_empty() { won } else { format!("{won} for {given}") })
    }

    /// Counts the move `m` of `mover` from `side`'s view.
    fn add(&mut self, side: Color, mover: Color, m: Move) {
        let sign = if mover == side { 1 } else { -1 };
        if let Some(role) = m.capture().filter(|&r| r != Role::King) {
            self.net[role.index()] += sign;
        }
        if let Some(role) = m.promotion() {
            // The pawn becomes the piece: the mover gains the difference.
            self.net[role.index()] += sign;
            self.net[Role::Pawn.index()] -= sign;
        }
    }
}

/// The roles counted positive in `net`, strongest first: `a rook and two pawns`.
fn pieces(net: [i32; 5]) -> String {
    const COUNTS: [&str; 9] = ["no", "a", "two", "three", "four", "five", "six", "seven", "eight"];
    let words: Vec<String> = (0..5)
        .rev()
        .filter(|&i| net[i] > 0)
        .map(|i| {
            let name = Role::ALL[i].name();
            match net[i] {
                1 => format!("a {name}"),
                n => match COUNTS.get(n as usize) {
                    Some(count) => format!("{count} {name}s"),
                    None => format!("{n} {name}s"),
                },
            }
        })
        .collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The material `side` wins along `line` played from `pos` (legal moves;
/// the count stops at the first that is not), then through the best
/// sequence of captures from the position it ends in. Also returns the
/// whole line counted (the captures appended).
pub fn along(pos: &Position, side: Color, line: &[Move]) -> (Balance, Vec<Move>) {
    let mut balance = Balance::default();
    let mut pos = *pos;
    let mut played = Vec::with_capacity(line.len() + 4);
    for &m in line {
        if !pos.legal_moves().contains(&m) {
            break;
        }
        balance.add(side, pos.turn(), m);
        played.push(m);
        pos = pos.after(m);
    }
    let mut nodes = 0;
    let (_, captures) = resolve(&pos, -i32::MAX, i32::MAX, RESOLVE_DEPTH, &mut nodes);
    for m in captures {
        balance.add(side, pos.turn(), m);
        played.push(m);
        pos = pos.after(m);
    }
    (balance, played)
}

/// What capturing or promoting wins at once, in centipawns.
fn gain(m: Move) -> i32 {
    let taken = m.capture().filter(|&r| r != Role::King).map_or(0, |r| VALUE[r.index()]);
    taken + m.promotion().map_or(0, |r| VALUE[r.index()] - VALUE[0])
}

/// The material the side to move wins by the best sequence of captures
/// and promotions from `pos` (it may also stop at any time: never below
/// zero), within `alpha`..`beta`, and that sequence.
fn resolve(pos: &Position, mut alpha: i32, beta: i32, depth: u32, nodes: &mut u32) -> (i32, Vec<Move>) {
    let mut best = (0, Vec::new());
    *nodes += 1;
    if best.0 >= beta || depth == 0 || *nodes > RESOLVE_NODES {
        return best;
    }
    alpha = alpha.max(0);
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().filter(|m| gain(*m) > 0).collect();
    // The most valuable victim first, by the least valuable attacker.
    crate::sort::sort_by_key(&mut moves, |&m| (-gain(m), m.role() as i32));
    for m in moves {
        let g = gain(m);
        let (reply, line) = resolve(&pos.after(m), g - beta, g - alpha, depth - 1, nodes);
        let value = g - reply;
        if value > best.0 {
            let mut seq = Vec::with_capacity(line.len() + 1);
            seq.push(m);
            seq.extend(line);
            best = (value, seq);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::san::{resolve as resolve_san, San};

    fn line(pos: &Position, sans: &str) -> Vec<Move> {
        let mut p = *pos;
        sans.split_whitespace()
            .map(|s| {
                let m = resolve_san(&p, None, &s.parse::<San>().unwrap()).unwrap();
                p = p.after(m);
                m
            })
            .collect()
    }

    #[test]
    fn a_hanging_knight_is_counted_as_won() {
        // 1.e4 e5 2.Nf3 Nc6 3.Nxe5?? (the knight is taken by nothing: Nxe5 wins a pawn)
        let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        let (b, played) = along(&pos, Color::White, &line(&pos, "Nxe5"));
        // After Nxe5 Black takes the knight back: a knight for a pawn.
        assert_eq!(b.value(), 100 - 300, "{played:?}");
        assert_eq!(b.flip().words().as_deref(), Some("a knight for a pawn"));
    }

    #[test]
    fn a_quiet_line_wins_nothing() {
        let pos = Position::start();
        let (b, played) = along(&pos, Color::White, &line(&pos, "e4 e5 Nf3"));
        assert_eq!((b.value(), b.words(), played.len()), (0, None, 3));
    }

    #[test]
    fn promotions_count_the_piece_for_the_pawn() {
        let pos = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let (b, _) = along(&pos, Color::White, &line(&pos, "e8=Q"));
        assert_eq!(b.value(), 800);
        assert_eq!(b.words().as_deref(), Some("a queen for a pawn"));
    }

    #[test]
    fn words_name_the_pieces() {
        assert_eq!(Balance { net: [2, 0, 0, 0, 0] }.words().as_deref(), Some("two pawns"));
        assert_eq!(Balance { net: [0, 0, -1, 1, 0] }.words().as_deref(), Some("a rook for a bishop"));
        assert_eq!(Balance { net: [-1, 0, 0, -1, 1] }.words().as_deref(), Some("a queen for a rook and a pawn"));
        assert_eq!(Balance { net: [1, 1, 0, 1, 0] }.words().as_deref(), Some("a rook, a knight and a pawn"));
        assert_eq!(Balance { net: [0, -1, 0, 0, 0] }.words(), None);
        // Even trades win nothing; many pieces are said by their worth.
        assert_eq!(Balance { net: [0, 1, -1, 0, 0] }.words(), None);
        assert_eq!(Balance { net: [0, 1, -2, 1, 0] }.words().as_deref(), Some("material worth two pawns"));
        assert_eq!(Balance { net: [-3, 0, 0, 0, 1] }.words().as_deref(), Some("material worth six pawns"));
        assert_eq!(Balance { net: [0, 0, 1, 1, 1] }.words().as_deref(), Some("a queen, a rook and a bishop"));
        assert_eq!(Balance { net: [1, 0, 1, 1, 1] }.words().as_deref(), Some("material worth 18 pawns"));
    }
}
