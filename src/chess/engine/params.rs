//! The evaluation's weights, middlegame and endgame, in the order of
//! `eval::GROUPS`. A first guess (material, a little mobility and pawn
//! structure) until the tuner writes its fitted weights here.

use super::eval::PARAM_COUNT;

pub const PARAMS: [[i16; 2]; PARAM_COUNT] = first_guess();

const fn first_guess() -> [[i16; 2]; PARAM_COUNT] {
    let mut p = [[0i16; 2]; PARAM_COUNT];
    let material = [[82, 94], [337, 281], [365, 297], [477, 512], [1025, 936]];
    let mut i = 0;
    while i < 5 {
        p[i] = material[i];
        i += 1;
    }
    // Piece-square: the centre, from the four central squares outwards.
    let mut sq = 0;
    while sq < 32 {
        let (rank, file) = ((sq / 4) as i16, (sq % 4) as i16);
        let centre = file + if rank < 4 { rank } else { 7 - rank };
        p[5 + 32 + sq] = [centre * 4 - 10, centre * 3 - 8]; // knight
        p[5 + 64 + sq] = [centre * 2 - 5, centre * 2 - 5]; // bishop
        p[5 + 160 + sq] = [-centre * 4 + 10, centre * 4 - 10]; // king: hide, then come out
        p[5 + sq] = [rank * 3 + file, rank * 8]; // pawn: forward
        sq += 1;
    }
    // Mobility: a few centipawns a square above the average.
    let bases = [197, 206, 220, 235];
    let counts = [9, 14, 15, 28];
    let averages = [4, 6, 7, 12];
    let per = [[4, 4], [4, 4], [2, 4], [1, 2]];
    let mut piece = 0;
    while piece < 4 {
        let mut n = 0;
        while n < counts[piece] {
            let d = n as i16 - averages[piece];
            p[bases[piece] + n] = [d * per[piece][0], d * per[piece][1]];
            n += 1;
        }
        piece += 1;
    }
    let passed = [0, 5, 10, 20, 35, 60, 100, 0];
    let mut r = 0;
    while r < 8 {
        p[263 + r] = [passed[r] / 2, passed[r]];
        r += 1;
    }
    p[281] = [-10, -15]; // isolated
    p[282] = [-10, -20]; // doubled
    p[283] = [-8, -8]; // backward
    p[285] = [30, 50]; // bishop pair
    p[286] = [25, 10]; // rook, open file
    p[287] = [12, 5]; // rook, half-open file
    p[288] = [8, 0];
    p[289] = [5, 0];
    p[290] = [6, 0];
    p[291] = [10, 0]; // king attack
    p[292] = [10, 0];
    p[293] = [5, 0]; // shield
    p[294] = [-15, 0]; // open file by the king
    p[295] = [40, 30]; // threat by pawn
    p[296] = [25, 15]; // threat by minor
    p[297] = [15, 5]; // tempo
    p
}
