//! A table of the pawn-structure terms, keyed by the pawns themselves:
//! pawns move seldom, so most evaluations in a search find their pawns'
//! terms here instead of counting them again.
//!
//! An entry holds both sides' pawns in full, so a hit is always the same
//! pawns: the values are exactly those counted from scratch, whatever the
//! table held before (no collision can change a score), and the search
//! stays deterministic without clearing it.

use super::pawns;
use super::weighted::Weighted;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::color::Color;

/// Entries (a power of two): 16,384 of 32 bytes, 512 KiB. A search of the
/// report's or the suggestion's budget meets a few thousand pawn
/// structures; the table stays small beside the 8 MiB transposition table
/// and within a core's L2 cache.
const ENTRIES: usize = 1 << 14;

#[derive(Copy, Clone)]
struct Entry {
    white: u64,
    black: u64,
    /// Both sides' passed pawns.
    passed: u64,
    mg: i32,
    eg: i32,
}

/// No position has a pawn of each colour on the same square.
const EMPTY: Entry = Entry { white: !0, black: !0, passed: 0, mg: 0, eg: 0 };

/// Kept from one search to the next: its values depend on nothing else.
pub struct PawnTable {
    entries: Box<[Entry]>,
}

impl Default for PawnTable {
    fn default() -> PawnTable {
        PawnTable::new()
    }
}

impl PawnTable {
    pub fn new() -> PawnTable {
        PawnTable { entries: vec![EMPTY; ENTRIES].into_boxed_slice() }
    }

    /// The weighted sums of `pawns::both_structures` (white's
    /// minus black's) and both sides' passed pawns.
    pub(super) fn probe(&mut self, pos: &Position) -> (Weighted, u64) {
        let white = pos.pieces(Color::White, Role::Pawn).0;
        let black = pos.pieces(Color::Black, Role::Pawn).0;
        let slot = &mut self.entries[index(white, black)];
        if slot.white != white || slot.black != black {
            let mut sums = Weighted::default();
            let passed = pawns::both_structures(pos, &mut sums);
            *slot = Entry { white, black, passed, mg: sums.mg, eg: sums.eg };
        }
        (Weighted { mg: slot.mg, eg: slot.eg }, slot.passed)
    }
}

/// The slot of a pawn structure: a multiplicative hash of the two sets.
fn index(white: u64, black: u64) -> usize {
    let h = white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.rotate_left(32).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h >> (64 - ENTRIES.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::moves::Move;

    /// What the table would hold for `pos`, counted from scratch.
    fn from_scratch(pos: &Position) -> (i32, i32, u64) {
        let mut sums = Weighted::default();
        let passed = pawns::both_structures(pos, &mut sums);
        (sums.mg, sums.eg, passed)
    }

    fn probed(table: &mut PawnTable, pos: &Position) -> (i32, i32, u64) {
        let (sums, passed) = table.probe(pos);
        (sums.mg, sums.eg, passed)
    }

    #[test]
    fn the_table_gives_the_terms_counted_from_scratch() {
        // Every move from the random walks' positions (promotions,
        // castling, en passant, pawns taken), twice: the first pass fills
        // the table, the second reads what it kept.
        let mut table = PawnTable::new();
        let (mut promotions, mut castles, mut en_passant, mut pawns_taken, mut hits) = (0, 0, 0, 0, 0);
        for pass in 0..2 {
            for pos in crate::chess::position::tests::random_walks() {
                for m in pos.legal_moves() {
                    let child = pos.after(m);
                    let (white, black) =
                        (child.pieces(Color::White, Role::Pawn).0, child.pieces(Color::Black, Role::Pawn).0);
                    let kept = table.entries[index(white, black)];
                    hits += usize::from(kept.white == white && kept.black == black);
                    assert_eq!(probed(&mut table, &child), from_scratch(&child), "{m} {pos:?}");
                    if pass == 0 {
                        match m {
                            Move::Normal { promotion: Some(_), .. } => promotions += 1,
                            Move::Normal { capture: Some(Role::Pawn), .. } => pawns_taken += 1,
                            Move::EnPassant { .. } => en_passant += 1,
                            Move::Castle { .. } => castles += 1,
                            _ => {}
                        }
                    }
                }
            }
        }
        assert!(
            promotions > 100 && castles > 100 && en_passant > 10 && pawns_taken > 1000,
            "{promotions} {castles} {en_passant} {pawns_taken}"
        );
        assert!(hits > 10_000, "{hits}");
    }

    #[test]
    fn an_entry_of_other_pawns_is_never_taken() {
        // Two structures in one slot, the same white pawns: each probe
        // counts its own pawns.
        let a = Position::from_fen("4k3/pp6/8/8/8/8/P7/4K3 w - - 0 1").expect("fen");
        let b = Position::from_fen("4k3/8/8/3p4/8/8/P7/4K3 w - - 0 1").expect("fen");
        let mut table = PawnTable::new();
        let slot = |p: &Position| index(p.pieces(Color::White, Role::Pawn).0, p.pieces(Color::Black, Role::Pawn).0);
        // Put a's entry where b's would go.
        table.probe(&a);
        table.entries[slot(&b)] = table.entries[slot(&a)];
        assert_eq!(probed(&mut table, &b), from_scratch(&b));
        assert_eq!(probed(&mut table, &a), from_scratch(&a));
    }
}
