//! One small stable sort for the short lists the games order (a
//! position's moves, a few strings). The standard library's stable sort is
//! copied into the wasm module once per call site (about 2 KB each); this
//! insertion sort is a few dozen bytes per call site, and on lists this
//! short (at most a position's legal moves, often nearly sorted already)
//! it is as fast (`cargo bench --bench search`, `npm run bench`).

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping items that compare equal in their
/// order: the same result as `slice::sort_by`. Quadratic in the worst
/// case: for lists bounded by a position's moves, not for text of any
/// length.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && compare(&items[j - 1], &items[j]) == Ordering::Greater {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// `sort_by` on a key (as `slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// `sort_by` in the items' own order (as `slice::sort`).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Sorts scored items highest score first, equal scores in their order.
pub fn sort_by_score_descending<T>(items: &mut [(i32, T)]) {
    sort_by_key(items, |&(score, _)| std::cmp::Reverse(score));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed pseudo-random sequence (xorshift), so the test is the same
    /// on every run.
    fn numbers(seed: u64, n: usize, range: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % range
            })
            .collect()
    }

    #[test]
    fn it_sorts_as_the_standard_stable_sort_does() {
        for (seed, n, range) in [(1, 0, 5), (2, 1, 5), (3, 2, 2), (4, 40, 4), (5, 218, 1000), (6, 100, 1), (7, 64, 64)]
        {
            // Pairs of (key, position in the input): stability shows in the second.
            let mut ours: Vec<(u64, usize)> = numbers(seed, n, range).into_iter().zip(0..).collect();
            let mut std = ours.clone();
            sort_by_key(&mut ours, |&(k, _)| k);
            std.sort_by_key(|&(k, _)| k);
            assert_eq!(ours, std, "seed {seed}");
        }
    }

    #[test]
    fn scores_go_highest_first_and_ties_keep_their_order() {
        let mut scored = [(3, 'a'), (5, 'b'), (3, 'c'), (-1, 'd'), (5, 'e'), (i32::MIN, 'f'), (i32::MAX, 'g')];
        sort_by_score_descending(&mut scored);
        let order: String = scored.iter().map(|&(_, c)| c).collect();
        assert_eq!(order, "gbeacdf");
    }

    #[test]
    fn sorted_and_reversed_inputs_are_handled() {
        let mut up: Vec<i32> = (0..50).collect();
        sort_by_key(&mut up, |&x| x);
        assert_eq!(up, (0..50).collect::<Vec<_>>());
        let mut down: Vec<i32> = (0..50).rev().collect();
        sort(&mut down);
        assert_eq!(down, (0..50).collect::<Vec<_>>());
        let mut words = ["b", "a", "c", "a"].map(String::from);
        sort_by(&mut words, |a, b| b.cmp(a));
        assert_eq!(words, ["c", "b", "a", "a"]);
    }
}
