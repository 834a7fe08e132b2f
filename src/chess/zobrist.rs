//! Zobrist keys for hashing positions (transposition tables), generated
//! from a fixed seed so every build hashes alike. They are made at first
//! use rather than stored: 6 KB of random numbers would not compress in the
//! page's wasm module.

use std::sync::OnceLock;

fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

pub struct Keys {
    /// [color][role][square]
    pub pieces: [[[u64; 64]; 6]; 2],
    pub castling: [u64; 16],
    pub en_passant_file: [u64; 8],
    pub black_to_move: u64,
}

/// The keys, made once.
#[inline(always)]
pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(make_keys)
}

fn make_keys() -> Keys {
    let mut keys = Keys { pieces: [[[0; 64]; 6]; 2], castling: [0; 16], en_passant_file: [0; 8], black_to_move: 0 };
    let mut state = 0x5eed_c0de_u64;
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                let (next, value) = split_mix(state);
                state = next;
                keys.pieces[c][r][s] = value;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    // Castling keys XOR together per right, so that a set of rights hashes
    // as the XOR of its single rights.
    let mut singles = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (next, value) = split_mix(state);
        state = next;
        singles[i] = value;
        i += 1;
    }
    let mut set = 0;
    while set < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if set & (1 << bit) != 0 {
                k ^= singles[bit];
            }
            bit += 1;
        }
        keys.castling[set] = k;
        set += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (next, value) = split_mix(state);
        state = next;
        keys.en_passant_file[f] = value;
        f += 1;
    }
    let (_, value) = split_mix(state);
    keys.black_to_move = value;
    keys
}
