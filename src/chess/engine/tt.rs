//! The transposition table: what the search learnt of a position (its best
//! move, a score and what kind of bound it is), found again by hash when
//! the position comes back by another move order or at the next iteration.

use crate::chess::castling::CastlingSide;
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::chess::square::Square;

/// How a stored score relates to the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Nothing stored (an empty entry).
    None,
    /// The value is at most the score (no move reached alpha).
    Upper,
    /// The value is at least the score (a move reached beta).
    Lower,
    Exact,
}

/// One position's entry: 16 bytes.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The hash's low half (its high bits chose the slot).
    check: u32,
    /// The best move packed (`pack`), 0 for none.
    pub mv: u16,
    pub score: i16,
    pub eval: i16,
    pub depth: u8,
    pub bound: Bound,
    /// The search that stored it (see `Table::new_search`).
    generation: u8,
}

const EMPTY: Entry = Entry { check: 0, mv: 0, score: 0, eval: 0, depth: 0, bound: Bound::None, generation: 0 };

fn check(key: u64) -> u32 {
    key as u32
}

/// A move in 16 bits: from, to, and the promotion (castling is the king's
/// two-square move, en passant the pawn's diagonal one, as the move
/// generator spells them; each is told apart by the position).
pub fn pack(m: Move) -> u16 {
    let promotion = m.promotion().map_or(0, |r| r.index() as u16);
    m.from().index() as u16 | (m.to().index() as u16) << 6 | promotion << 12
}

/// The largest table, in MiB.
pub const MAX_MIB: usize = 1024;

/// The two entries a position may go in, aligned so that a pair never
/// straddles two cache lines (one memory read per probe, not two).
#[derive(Copy, Clone)]
#[repr(align(32))]
struct Pair([Entry; 2]);

/// How many pairs of entries make about `mib` MiB (within 1..=`MAX_MIB`).
fn pairs_for(mib: usize) -> usize {
    (mib.min(MAX_MIB) * (1 << 20) / size_of::<Pair>()).max(1)
}

/// The legal move `packed` stands for in `pos`, if any (a stored move
/// may come from another position with the same hash slot).
pub fn unpack(pos: &Position, packed: u16) -> Option<Move> {
    if packed == 0 {
        return None;
    }
    let from = Square::from_index((packed & 63) as u8)?;
    let to = Square::from_index((packed >> 6 & 63) as u8)?;
    let promotion = match packed >> 12 {
        0 => None,
        r => Some(*Role::ALL.get(r as usize)?),
    };
    if pos.color_at(from) != Some(pos.turn()) {
        return None;
    }
    let role = pos.role_at(from)?;
    let m = if role == Role::King && from.file().index().abs_diff(to.file().index()) == 2 {
        let side = if to.file() > from.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide };
        Move::Castle { king: from, rook: side.rook_square(pos.turn()) }
    } else if role == Role::Pawn && Some(to) == pos.ep_square() && from.file() != to.file() {
        Move::EnPassant { from, to }
    } else {
        let capture = if pos.color_at(to) == Some(!pos.turn()) { pos.role_at(to) } else { None };
        Move::Normal { role, from, capture, to, promotion }
    };
    pos.is_legal(m).then_some(m)
}

/// Entries in pairs: a position may go in either entry of its pair; the
/// shallower one is replaced.
pub struct Table {
    pairs: Vec<Pair>,
    generation: u8,
}

impl Table {
    /// A table of about `mib` MiB (at least one pair of entries, at most
    /// `MAX_MIB`); of half the size, and so on, when the memory cannot be had.
    pub fn with_mib(mib: usize) -> Table {
        let mut pairs = pairs_for(mib);
        loop {
            let mut entries = Vec::new();
            if entries.try_reserve_exact(pairs).is_ok() || pairs == 1 {
                entries.resize(pairs, Pair([EMPTY; 2]));
                return Table { pairs: entries, generation: 0 };
            }
            pairs /= 2;
        }
    }

    /// Forgets everything (each search starts afresh, so that its answer
    /// does not depend on the searches before).
    pub fn clear(&mut self) {
        self.pairs.fill(Pair([EMPTY; 2]));
        self.generation = 0;
    }

    /// Marks what is stored from now on as newer: entries of earlier
    /// searches are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn pair(&self, key: u64) -> usize {
        // The high bits of the key times the number of pairs: an index
        // without a division.
        ((key as u128 * self.pairs.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.pair(key);
        self.pairs[i].0.iter().find(|e| e.check == check(key) && e.bound != Bound::None).copied()
    }

    pub fn store(&mut self, key: u64, mv: u16, score: i32, eval: i32, depth: i32, bound: Bound) {
        let i = self.pair(key);
        let pair = &mut self.pairs[i].0;
        let generation = self.generation;
        // The entry of this position, else one of an earlier search, else
        // the shallower.
        let worth = |e: &Entry| (e.generation == generation, e.depth);
        let slot = match pair.iter().position(|e| e.check == check(key)) {
            Some(j) => j,
            None => usize::from(worth(&pair[1]) < worth(&pair[0])),
        };
        let old = pair[slot];
        // Keep the best move known when this search of the position found none.
        let mv = if mv == 0 && old.check == check(key) { old.mv } else { mv };
        pair[slot] = Entry {
            check: check(key),
            generation,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, u8::MAX as i32) as u8,
            bound,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_again() {
        let mut t = Table::with_mib(1);
        t.store(0xdead_beef, 77, -120, 30, 5, Bound::Lower);
        let e = t.probe(0xdead_beef).expect("stored");
        assert_eq!((e.mv, e.score, e.eval, e.depth, e.bound), (77, -120, 30, 5, Bound::Lower));
        assert!(t.probe(0xdead_beee).is_none());
        t.clear();
        assert!(t.probe(0xdead_beef).is_none());
    }

    #[test]
    fn every_legal_move_unpacks_to_itself() {
        for fen in ["r3k2r/pPpp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 1", "r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1"] {
            let pos = Position::from_fen(fen).expect("fen");
            for &m in &pos.legal_moves() {
                assert_eq!(unpack(&pos, pack(m)), Some(m), "{m}");
            }
            // A move of the other side, or from an empty square, is none.
            assert_eq!(unpack(&pos, pack_squares(Square::D4, Square::D5)), None);
        }
    }

    fn pack_squares(from: Square, to: Square) -> u16 {
        from.index() as u16 | (to.index() as u16) << 6
    }

    #[test]
    fn sizes_stay_within_bounds() {
        assert_eq!(pairs_for(0), 1);
        assert_eq!(pairs_for(1), (1 << 20) / 32);
        assert_eq!(pairs_for(usize::MAX), pairs_for(MAX_MIB));
    }

    #[test]
    fn a_tiny_table_still_works() {
        let mut t = Table::with_mib(0);
        for key in 1..10u64 {
            t.store(key, 1, 0, 0, key as i32, Bound::Exact);
        }
        assert!(t.probe(9).is_some());
    }
}
