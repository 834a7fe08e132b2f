//! The evaluation's terms: where each feature's weights start in `PARAMS`,
//! their groups by name, and the sink their counts go to. Apart from
//! `eval.rs` so that the feature modules (`pawns`, `pieces`) and the
//! weights (`params`) name them without importing the evaluation that
//! uses them.

// Where each feature's weights start in `PARAMS`.
pub(super) const MATERIAL: usize = 0; // pawn .. queen
pub(super) const PSQT: usize = MATERIAL + 5; // 6 roles x 32 squares (files e-h mirror a-d)
pub(super) const MOBILITY_KNIGHT: usize = PSQT + 6 * 32; // by number of squares, 0..=8
pub(super) const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9; // 0..=13
pub(super) const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14; // 0..=14
pub(super) const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15; // 0..=27
pub(super) const PASSED: usize = MOBILITY_QUEEN + 28; // by rank from its side
pub(super) const PASSED_FREE: usize = PASSED + 8; // by rank, the square ahead empty
pub(super) const PASSED_OWN_KING: usize = PASSED_FREE + 8; // king distance x (rank - 1)
pub(super) const PASSED_THEIR_KING: usize = PASSED_OWN_KING + 1;
pub(super) const ISOLATED: usize = PASSED_THEIR_KING + 1;
pub(super) const DOUBLED: usize = ISOLATED + 1;
pub(super) const BACKWARD: usize = DOUBLED + 1;
pub(super) const SUPPORTED: usize = BACKWARD + 1; // a pawn defended by a pawn
pub(super) const BISHOP_PAIR: usize = SUPPORTED + 1;
pub(super) const ROOK_OPEN: usize = BISHOP_PAIR + 1;
pub(super) const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
pub(super) const KING_ATTACK: usize = ROOK_SEMI_OPEN + 1; // knight .. queen: squares hit near the king
pub(super) const SHIELD: usize = KING_ATTACK + 4; // pawns one and two ranks ahead of a king on its first two ranks
pub(super) const KING_OPEN_FILE: usize = SHIELD + 2;
pub(super) const THREAT_BY_PAWN: usize = KING_OPEN_FILE + 1;
pub(super) const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
pub(super) const TEMPO: usize = THREAT_BY_MINOR + 1;
pub(super) const KING_DANGER: usize = TEMPO + 1; // (weighted hits near the king)^2 / 8
pub(super) const HANGING: usize = KING_DANGER + 1; // attacked and not defended
pub(super) const OUTPOST: usize = HANGING + 1; // knight, bishop: pawn-defended, out of pawns' reach
pub(super) const ROOK_SEVENTH: usize = OUTPOST + 2;
pub(super) const THREAT_BY_ROOK: usize = ROOK_SEVENTH + 1; // a rook attacking a queen
pub(super) const PHALANX: usize = THREAT_BY_ROOK + 1; // a pawn beside a pawn
pub(super) const SAFE_CHECK: usize = PHALANX + 1; // squares a piece can check from, unguarded
pub(super) const KING_EXPOSED: usize = SAFE_CHECK + 1; // ranks the king stands up the board, queens on
/// How many weights (each a middlegame and an endgame value) there are.
pub const PARAM_COUNT: usize = KING_EXPOSED + 1;

/// The groups of weights by name, start and length (for the tuner's output).
pub const GROUPS: [(&str, usize, usize); 31] = [
    ("material", MATERIAL, 5),
    ("piece-square", PSQT, 6 * 32),
    ("knight mobility", MOBILITY_KNIGHT, 9),
    ("bishop mobility", MOBILITY_BISHOP, 14),
    ("rook mobility", MOBILITY_ROOK, 15),
    ("queen mobility", MOBILITY_QUEEN, 28),
    ("passed pawn", PASSED, 8),
    ("passed pawn, free", PASSED_FREE, 8),
    ("passed pawn, own king distance", PASSED_OWN_KING, 1),
    ("passed pawn, their king distance", PASSED_THEIR_KING, 1),
    ("isolated pawn", ISOLATED, 1),
    ("doubled pawn", DOUBLED, 1),
    ("backward pawn", BACKWARD, 1),
    ("supported pawn", SUPPORTED, 1),
    ("bishop pair", BISHOP_PAIR, 1),
    ("rook on open file", ROOK_OPEN, 1),
    ("rook on half-open file", ROOK_SEMI_OPEN, 1),
    ("king attack", KING_ATTACK, 4),
    ("pawn shield", SHIELD, 2),
    ("open file by the king", KING_OPEN_FILE, 1),
    ("threat by pawn", THREAT_BY_PAWN, 1),
    ("threat by minor", THREAT_BY_MINOR, 1),
    ("tempo", TEMPO, 1),
    ("king danger", KING_DANGER, 1),
    ("hanging piece", HANGING, 1),
    ("outpost", OUTPOST, 2),
    ("rook on the seventh", ROOK_SEVENTH, 1),
    ("threat by rook", THREAT_BY_ROOK, 1),
    ("pawn phalanx", PHALANX, 1),
    ("safe check", SAFE_CHECK, 1),
    ("king exposed", KING_EXPOSED, 1),
];

/// Receives feature counts (white's minus black's).
pub(super) trait Sink {
    fn add(&mut self, feature: usize, count: i32);
}
