//! The sink that sums the weights of the features counted into it, for
//! the evaluation and the pawn table.

use super::params::PARAMS;
use super::terms::Sink;

/// Sums the weights (middlegame and endgame).
#[derive(Default)]
pub(super) struct Weighted {
    pub mg: i32,
    pub eg: i32,
}

impl Sink for Weighted {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        let [mg, eg] = PARAMS[feature];
        self.mg += mg as i32 * count;
        self.eg += eg as i32 * count;
    }
}
