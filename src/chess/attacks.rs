//! Attack tables: leapers computed at compile time, sliders by magic
//! bitboards filled once at first use (the slider tables are too big to ship
//! inside the wasm module, and filling them takes about a millisecond).

use super::bitboard::Bitboard;
use super::square::Square;
use crate::color::Color;
use std::sync::OnceLock;

const fn leaper_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = Square::ALL[sq].offset(deltas[i].0, deltas[i].1) {
                bits |= 1 << to as u8;
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [Bitboard; 64] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN: [[Bitboard; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    t.rook[sq.index()].lookup(&t.sliders, occupied)
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    t.bishop[sq.index()].lookup(&t.sliders, occupied)
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between two squares on a common line (empty otherwise).
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    tables().between[a.index()][b.index()]
}

/// The whole line (rank, file or diagonal) through two squares, both
/// included; empty if they share none.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    tables().line[a.index()][b.index()]
}

/// Slider attacks by walking rays: the reference the magic tables are built from.
fn ray_attacks(sq: Square, occupied: Bitboard, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            attacks = attacks.with(next);
            if occupied.contains(next) {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// The relevant occupancy: the rays without their last square.
fn relevant_mask(sq: Square, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            mask = mask.with(next);
            cur = next;
        }
    }
    mask
}

#[derive(Copy, Clone, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    fn lookup(&self, table: &[Bitboard], occupied: Bitboard) -> Bitboard {
        let index = ((occupied.0 & self.mask).wrapping_mul(self.magic) >> self.shift) as usize;
        // The index is below 2^(64 - shift), which fits the square's slice by
        // construction; `get` keeps this safe without a visible cost.
        match table.get(self.offset as usize + index) {
            Some(&bb) => bb,
            None => Bitboard::EMPTY,
        }
    }
}

struct Tables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    sliders: Vec<Bitboard>,
    between: Box<[[Bitboard; 64]; 64]>,
    line: Box<[[Bitboard; 64]; 64]>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

#[inline(always)]
fn tables() -> &'static Tables {
    TABLES.get_or_init(build_tables)
}

/// Fills the tables now rather than at the first move generated (useful
/// before timing anything).
pub fn init() {
    tables();
}

fn fill_magics(magics: &[u64; 64], dirs: &[(i8, i8); 4], entries: &mut [Magic; 64], table: &mut Vec<Bitboard>) {
    for sq in Square::ALL {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count();
        let magic = Magic { mask: mask.0, magic: magics[sq.index()], shift: 64 - bits, offset: table.len() as u32 };
        table.resize(table.len() + (1 << bits), Bitboard::EMPTY);
        // Enumerate every subset of the mask (carry-rippler).
        let mut subset = 0u64;
        loop {
            let index = (subset.wrapping_mul(magic.magic) >> magic.shift) as usize;
            table[magic.offset as usize + index] = ray_attacks(sq, Bitboard(subset), dirs);
            subset = subset.wrapping_sub(mask.0) & mask.0;
            if subset == 0 {
                break;
            }
        }
        entries[sq.index()] = magic;
    }
}

fn build_tables() -> Tables {
    let mut sliders = Vec::with_capacity(107_648);
    let mut rook = [Magic::default(); 64];
    let mut bishop = [Magic::default(); 64];
    fill_magics(&ROOK_MAGICS, &ROOK_DIRS, &mut rook, &mut sliders);
    fill_magics(&BISHOP_MAGICS, &BISHOP_DIRS, &mut bishop, &mut sliders);

    let mut between = Box::new([[Bitboard::EMPTY; 64]; 64]);
    let mut line = Box::new([[Bitboard::EMPTY; 64]; 64]);
    for a in Square::ALL {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            let empty_rays = ray_attacks(a, Bitboard::EMPTY, dirs);
            for b in empty_rays {
                let from_b = ray_attacks(b, Bitboard::EMPTY, dirs);
                line[a.index()][b.index()] = (empty_rays & from_b).with(a).with(b);
                between[a.index()][b.index()] =
                    ray_attacks(a, Bitboard::from_square(b), dirs) & ray_attacks(b, Bitboard::from_square(a), dirs);
            }
        }
    }
    Tables { rook, bishop, sliders, between, line }
}

#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x2080002080400010,
    0x00c0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0c00283004008201,
    0x0180010000407a80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08a20004c8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000c009402002,
    0x00b0002004002800,
    0x100a808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800c00,
    0xa012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008c43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000d04282006a00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108a004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020b000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];
#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x0848020822040013,
    0x8010a40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x0040102001042084,
    0x840a505042428020,
    0x0000700102202920,
    0x44101c0c10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308c042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002a00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x008a000082008238,
    0x04a0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xcc01112048100480,
    0x0020402806500440,
    0x00048e0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0x00c1004048401004,
    0x900000a014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x0205010a24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_equal_ray_walks_on_many_occupancies() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = Bitboard(seed & seed.rotate_left(17));
            for sq in Square::ALL {
                assert_eq!(rook_attacks(sq, occupied), ray_attacks(sq, occupied, &ROOK_DIRS));
                assert_eq!(bishop_attacks(sq, occupied), ray_attacks(sq, occupied, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn lines_and_betweens() {
        use Square::*;
        assert_eq!(between(A1, D4), Bitboard::from_square(B2) | C3.into());
        assert_eq!(between(A1, B3), Bitboard::EMPTY);
        assert_eq!(line(A1, C3).count(), 8);
        assert!(line(B1, B5).contains(B8));
        assert_eq!(line(A1, B3), Bitboard::EMPTY);
        assert_eq!(knight_attacks(A1).count(), 2);
        assert_eq!(king_attacks(E4).count(), 8);
        assert_eq!(pawn_attacks(Color::White, E4), Bitboard::from_square(D5) | F5.into());
        assert_eq!(pawn_attacks(Color::Black, A5), Bitboard::from_square(B4));
    }
}
