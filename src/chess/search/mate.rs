//! Exact mate search: can the side to move (the attacker) force checkmate
//! within `n` of its own moves?
//!
//! An AND-OR search. At an attacker node one move must work; at a defender
//! node every reply must fail. So a "mate" answer is a proof (every defence
//! was tried) and a "no mate" answer is a proof too (every attacker move was
//! refuted). The only shortcuts are exact ones:
//!
//! - a mate is a check, so the attacker's last move is chosen among checking
//!   moves only;
//! - a side with a bare king can never give check, so never mate;
//! - the transposition table stores proven facts only ("mate in at most k",
//!   "no mate in at most k"), and they depend on the position alone: this
//!   project has no fifty-move or repetition rule, so the path to a
//!   position changes nothing.
//!
//! Move ordering (checks, captures and threats first for the attacker, the
//! last refutation first for the defender) decides only how soon an answer
//! is found, never the answer.

use super::checks::CheckInfo;
use crate::chess::attacks;
use crate::chess::bitboard::Bitboard;
use crate::chess::movegen::{MoveList, PieceMoves};
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::role::Role;
use crate::sort::sort_by_score_descending;
use arrayvec::ArrayVec;

/// The longest mate (in the attacker's moves) the search accepts.
pub const MAX_MOVES: u32 = 5;

/// Table size: 2^17 slots of 16 bytes, 2 MiB.
const TABLE_BITS: u32 = 17;

/// Marks defender-node entries: the same position is an attacker node in
/// one search and a defender node in another.
const DEFEND_KEY: u64 = 0x9d1c_5a3e_7f20_b461;

/// "No mate at any depth": the side to move is stalemated or checkmated,
/// or the attacker has a bare king.
const NEVER: u8 = u8::MAX;

/// A move in 16 bits: from, to, promotion role (0 = none).
pub fn pack(m: Move) -> u16 {
    let promotion = m.promotion().map_or(0, |r| r.index() as u16);
    m.from() as u16 | (m.to() as u16) << 6 | promotion << 12
}

/// What the table knows about one position, for one attacker.
#[derive(Copy, Clone, Debug, Default)]
struct Fact {
    /// Proven: mate in at most `mate` attacker moves (0: not proven).
    mate: u8,
    /// Proven: no mate in at most `none` attacker moves (0: not proven).
    none: u8,
    /// Attacker nodes: the mating move. Defender nodes: a refutation.
    mv: u16,
}

impl Fact {
    fn mate_within(self, n: u32) -> bool {
        self.mate != 0 && u32::from(self.mate) <= n
    }

    fn no_mate_within(self, n: u32) -> bool {
        u32::from(self.none) >= n
    }

    /// How much work the fact saves, for replacement.
    fn worth(self) -> u8 {
        self.mate.max(self.none.min(MAX_MOVES as u8 + 1))
    }
}

#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    /// mv | generation << 16 | mate << 32 | none << 40
    data: u64,
}

impl Slot {
    fn generation(self) -> u16 {
        (self.data >> 16) as u16
    }

    fn fact(self) -> Fact {
        Fact { mv: self.data as u16, mate: (self.data >> 32) as u8, none: (self.data >> 40) as u8 }
    }

    fn new(key: u64, generation: u16, f: Fact) -> Slot {
        let data = u64::from(f.mv) | u64::from(generation) << 16 | u64::from(f.mate) << 32 | u64::from(f.none) << 40;
        Slot { key, data }
    }
}

/// A fixed-size table of proven facts, in buckets of two slots. Entries of
/// earlier searches are invisible (another generation), so a reused table
/// answers exactly as a fresh one.
struct Table {
    slots: Vec<Slot>,
    generation: u16,
}

impl Table {
    fn new() -> Table {
        Table { slots: vec![Slot::default(); 1 << TABLE_BITS], generation: 1 }
    }

    fn next_generation(&mut self) {
        if self.generation == u16::MAX {
            self.slots.iter_mut().for_each(|s| *s = Slot::default());
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1) & !1
    }

    fn live(&self, i: usize) -> Option<Slot> {
        self.slots.get(i).copied().filter(|s| s.generation() == self.generation)
    }

    fn probe(&self, key: u64) -> Option<Fact> {
        let b = self.bucket(key);
        (b..b + 2).filter_map(|i| self.live(i)).find(|s| s.key == key).map(Slot::fact)
    }

    /// Adds a proven fact, merging it with what is known of the position.
    fn store(&mut self, key: u64, mut f: Fact) {
        let b = self.bucket(key);
        let mut target = b + 1;
        if let Some(i) = (b..b + 2).find(|&i| self.live(i).is_some_and(|s| s.key == key)) {
            let old = self.slots[i].fact();
            f.mate = match (old.mate, f.mate) {
                (0, m) | (m, 0) => m,
                (a, b) => a.min(b),
            };
            f.none = f.none.max(old.none);
            if f.mv == 0 {
                f.mv = old.mv;
            }
            target = i;
        } else if let Some(i) = (b..b + 2).find(|&i| self.live(i).is_none()) {
            target = i;
        } else if let (Some(first), Some(second)) = (self.live(b), self.live(b + 1)) {
            if first.fact().worth() < second.fact().worth() {
                target = b;
            }
        }
        if let Some(slot) = self.slots.get_mut(target) {
            *slot = Slot::new(key, self.generation, f);
        }
    }
}

const VALUE: [i32; 6] = [1, 3, 3, 5, 9, 0];

/// Moves with their ordering scores.
type Scored = ArrayVec<(i32, Move), 256>;

/// Whether the moving piece, where it lands, attacks the enemy king's
/// square or a square next to it (a cheap sign of a mating threat).
fn threatens(pos: &Position, m: Move, zone: Bitboard) -> bool {
    let to = m.to();
    let occupied = pos.occupied().without(m.from()).with(to);
    let reach = match m.promotion().unwrap_or(m.role()) {
        Role::Pawn => attacks::pawn_attacks(pos.turn(), to),
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, occupied),
        Role::Rook => attacks::rook_attacks(to, occupied),
        Role::Queen => attacks::queen_attacks(to, occupied),
        Role::King => Bitboard::EMPTY,
    };
    (reach & zone).any()
}

/// Picks the best-scored move left in `list[from..]` and swaps it to
/// `from` (lazy selection sort: a node cut off after one move pays for one
/// scan, not a sort). Ties go to the earlier move.
fn pick(list: &mut Scored, from: usize) -> Option<Move> {
    let mut best = from;
    for i in from + 1..list.len() {
        if list[i].0 > list[best].0 {
            best = i;
        }
    }
    list.swap(from, best);
    list.get(from).map(|&(_, m)| m)
}

pub struct MateSearch {
    table: Table,
    /// Per ply: the last two moves that mated (attacker plies) or refuted
    /// (defender plies); tried early at the same ply elsewhere.
    killers: [[u16; 2]; 2 * MAX_MOVES as usize + 2],
    /// Nodes visited since the last `new_search`.
    pub nodes: u64,
}

impl Default for MateSearch {
    fn default() -> MateSearch {
        MateSearch::new()
    }
}

impl MateSearch {
    pub fn new() -> MateSearch {
        MateSearch { table: Table::new(), killers: Default::default(), nodes: 0 }
    }

    /// Forgets everything learnt (so that answers never depend on earlier
    /// calls).
    pub fn new_search(&mut self) {
        self.table.next_generation();
        self.killers = Default::default();
        self.nodes = 0;
    }

    /// The fastest forced mate for the side to move in at most `max` of its
    /// moves (capped at `MAX_MOVES`): the move that starts it and its
    /// length. Iterative deepening: a mate in n is looked for only once no
    /// mate in fewer has been proven possible, so the length is exact.
    /// `hint` (a packed move, 0 for none) is tried first.
    pub fn shortest(&mut self, pos: &Position, max: u32, hint: u16) -> Option<(Move, u32)> {
        (1..=max.min(MAX_MOVES)).find_map(|n| self.root(pos, n, hint).map(|m| (m, n)))
    }

    /// Whether the side to move forces mate within `n` of its moves
    /// (capped at `MAX_MOVES`).
    pub fn mates_within(&mut self, pos: &Position, n: u32) -> bool {
        n > 0 && self.attack(pos, n.min(MAX_MOVES), 0)
    }

    /// Whether the side to move is checkmated now or within `n` further
    /// moves of its opponent, whatever it plays (`n` capped at
    /// `MAX_MOVES - 1`, so that the opponent's moves stay within the cap).
    pub fn mated_within(&mut self, pos: &Position, n: u32) -> bool {
        self.defend(pos, n.min(MAX_MOVES - 1) + 1, 1)
    }

    /// A move that forces mate in at most `n`, if there is one.
    fn root(&mut self, pos: &Position, n: u32, hint: u16) -> Option<Move> {
        if n == 1 {
            return self.mate_in_one(pos);
        }
        if self.table.probe(pos.hash()).is_some_and(|f| f.no_mate_within(n)) {
            return None;
        }
        let mut list = Scored::new();
        self.order_attacks(pos, 0, hint, &mut list);
        for &(_, m) in &list {
            if self.defend(&pos.after(m), n, 1) {
                self.table.store(pos.hash(), Fact { mate: n as u8, none: 0, mv: pack(m) });
                return Some(m);
            }
        }
        self.table.store(pos.hash(), Fact { mate: 0, none: n as u8, mv: 0 });
        None
    }

    /// Whether the attacker, to move, mates in at most `n` (n >= 1).
    fn attack(&mut self, pos: &Position, n: u32, ply: usize) -> bool {
        if n <= 1 {
            return self.mate_in_one(pos).is_some();
        }
        self.nodes += 1;
        let key = pos.hash();
        if let Some(f) = self.table.probe(key) {
            if f.mate_within(n) {
                return true;
            }
            if f.no_mate_within(n) {
                return false;
            }
        }
        let mut list = Scored::new();
        self.order_attacks(pos, ply, 0, &mut list);
        for &(_, m) in &list {
            if self.defend(&pos.after(m), n, ply + 1) {
                self.table.store(key, Fact { mate: n as u8, none: 0, mv: pack(m) });
                self.killer(ply, m);
                return true;
            }
        }
        let none = if list.is_empty() { NEVER } else { n as u8 };
        self.table.store(key, Fact { mate: 0, none, mv: 0 });
        false
    }

    /// Whether the defender, to move after the attacker's move, is mated now
    /// or within the attacker's `n - 1` further moves.
    fn defend(&mut self, pos: &Position, n: u32, ply: usize) -> bool {
        self.nodes += 1;
        let key = pos.hash() ^ DEFEND_KEY;
        let mut tt_move = 0;
        if let Some(f) = self.table.probe(key) {
            if f.mate_within(n) {
                return true;
            }
            if f.no_mate_within(n) {
                return false;
            }
            tt_move = f.mv;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let mate = pos.is_check();
            self.table
                .store(key, if mate { Fact { mate: 1, none: 0, mv: 0 } } else { Fact { mate: 0, none: NEVER, mv: 0 } });
            return mate;
        }
        if n <= 1 {
            return false;
        }
        // First the moves that refuted before (the table's, the killers):
        // most defender nodes of a failed attack end with one of them.
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        let mut tried = [0u16; 3];
        for (slot, favourite) in [tt_move, killers[0], killers[1]].into_iter().enumerate() {
            if favourite == 0 || tried.contains(&favourite) {
                continue;
            }
            let Some(&d) = moves.iter().find(|&&d| pack(d) == favourite) else { continue };
            tried[slot] = favourite;
            if !self.attack(&pos.after(d), n - 1, ply + 1) {
                self.refuted(key, n, ply, d);
                return false;
            }
        }
        let mut list = Scored::new();
        for &d in &moves {
            let p = pack(d);
            if tried.contains(&p) {
                continue;
            }
            let score = if let Some(victim) = d.capture() {
                (1 << 12) + VALUE[victim.index()] * 16 - VALUE[d.role().index()]
            } else if d.role() == Role::King {
                1 << 8
            } else {
                0
            };
            list.push((score, d));
        }
        for i in 0..list.len() {
            let Some(d) = pick(&mut list, i) else { break };
            if !self.attack(&pos.after(d), n - 1, ply + 1) {
                self.refuted(key, n, ply, d);
                return false;
            }
        }
        self.table.store(key, Fact { mate: n as u8, none: 0, mv: 0 });
        true
    }

    /// A checking move that leaves the opponent no legal move.
    fn mate_in_one(&mut self, pos: &Position) -> Option<Move> {
        self.nodes += 1;
        if pos.by_color(pos.turn()).count() == 1 {
            return None;
        }
        let checks = CheckInfo::new(pos);
        let mut list = MoveList::new();
        pos.for_each_piece_moves(|pm| {
            let to = checks.check_candidates(pos, pm);
            if to.any() {
                pos.expand(PieceMoves { to, ..pm }, &mut list);
            }
            true
        });
        list.iter().copied().find(|&m| checks.gives_check(pos, m) && !pos.after(m).has_legal_moves())
    }

    /// The attacker's moves, best first: the hint and the table's move,
    /// then checks, captures, the killers, the rest (ties in generation
    /// order). Empty for a bare king.
    fn order_attacks(&mut self, pos: &Position, ply: usize, hint: u16, list: &mut Scored) {
        if pos.by_color(pos.turn()).count() == 1 {
            return;
        }
        let tt_move = self.table.probe(pos.hash()).map_or(0, |f| f.mv);
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        let checks = CheckInfo::new(pos);
        let enemy_king = pos.king_of(!pos.turn());
        let zone = attacks::king_attacks(enemy_king).with(enemy_king);
        for &m in &pos.legal_moves() {
            let p = pack(m);
            let mut score = 0;
            if p == hint && hint != 0 {
                score += 1 << 22;
            }
            if p == tt_move && tt_move != 0 {
                score += 1 << 21;
            }
            if checks.gives_check(pos, m) {
                score += 1 << 16;
            } else if threatens(pos, m, zone) {
                score += 1 << 8;
            }
            if let Some(victim) = m.capture() {
                score += (1 << 12) + VALUE[victim.index()] * 16 - VALUE[m.role().index()];
            }
            if m.promotion() == Some(Role::Queen) {
                score += 1 << 12;
            }
            if p == killers[0] || p == killers[1] {
                score += 1 << 10;
            }
            list.push((score, m));
        }
        // Stable: equal scores keep the generation order.
        sort_by_score_descending(list);
    }

    fn refuted(&mut self, key: u64, n: u32, ply: usize, d: Move) {
        self.table.store(key, Fact { mate: 0, none: n as u8, mv: pack(d) });
        self.killer(ply, d);
    }

    fn killer(&mut self, ply: usize, m: Move) {
        let p = pack(m);
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != p {
                k[1] = k[0];
                k[0] = p;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_merge_to_the_strongest_proven_ones() {
        let mut t = Table::new();
        t.store(42, Fact { mate: 0, none: 1, mv: 0 });
        t.store(42, Fact { mate: 0, none: 2, mv: 0 });
        t.store(42, Fact { mate: 0, none: 1, mv: 7 });
        let f = t.probe(42).unwrap();
        assert!(f.no_mate_within(2) && !f.no_mate_within(3));
        assert_eq!(f.mv, 7);
        t.store(43, Fact { mate: 3, none: 0, mv: 5 });
        t.store(43, Fact { mate: 2, none: 1, mv: 6 });
        let f = t.probe(43).unwrap();
        assert!(f.mate_within(2) && !f.mate_within(1) && f.no_mate_within(1));
    }

    #[test]
    fn a_new_generation_sees_nothing_old() {
        let mut t = Table::new();
        t.store(42, Fact { mate: 1, none: 0, mv: 3 });
        t.next_generation();
        assert!(t.probe(42).is_none());
        // The wrap-around clears for real.
        t.generation = u16::MAX;
        t.store(42, Fact { mate: 1, none: 0, mv: 3 });
        t.next_generation();
        assert_eq!(t.generation, 1);
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn a_full_bucket_keeps_the_most_valuable_fact() {
        let mut t = Table::new();
        let stride = 1u64 << TABLE_BITS;
        t.store(8, Fact { mate: 3, none: 0, mv: 1 });
        t.store(8 + stride, Fact { mate: 0, none: 1, mv: 2 });
        t.store(8 + 2 * stride, Fact { mate: 0, none: 2, mv: 3 });
        assert!(t.probe(8).is_some(), "the mate in 3 was replaced");
        assert!(t.probe(8 + stride).is_none());
        assert!(t.probe(8 + 2 * stride).is_some());
    }

    #[test]
    fn moves_pack_apart() {
        let pos = Position::from_fen("r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/1PPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        let moves = pos.legal_moves();
        let mut packed: Vec<u16> = moves.iter().map(|&m| pack(m)).collect();
        packed.sort_unstable();
        packed.dedup();
        assert_eq!(packed.len(), moves.len());
        assert!(!packed.contains(&0));
    }
}
