//! A long course line costs memory for the moves played, not for the
//! words written (issue 36): a line of 100 MB whose third move fails
//! reserved 21 GB (room for a ply per word) and aborted; each word after
//! the error was listed too. Measured with a counting allocator: what
//! reading the line allocates beyond the text itself.

use analysis_board::outcome::UNPLAYED_LISTED;
use analysis_board::{analyze, NotationChoice, Options};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes `read` allocates at once beyond what was allocated before.
fn peak_of<T>(read: impl FnOnce() -> T) -> (T, usize) {
    let before = NOW.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let value = read();
    (value, PEAK.load(Ordering::Relaxed) - before)
}

/// One test, so that no other runs beside it and counts with it.
#[test]
fn a_long_line_costs_memory_for_its_moves_not_its_words() {
    let words = 33_000_000;
    let text = format!("e4 e5 Ke3 {}", "e4 ".repeat(words));
    for notation in [NotationChoice::Course, NotationChoice::Auto] {
        let options = Options { notation, ..Options::default() };
        let (outcome, peak) = peak_of(|| analyze(&text, &options));
        assert_eq!(outcome.message, "move completion error: white king to e3");
        assert_eq!((outcome.plies.len(), outcome.unplayed.len()), (2, UNPLAYED_LISTED));
        assert_eq!(outcome.unplayed_omitted, words - UNPLAYED_LISTED);
        assert_eq!((outcome.unplayed[0].start, outcome.unplayed[0].end), (10, 12));
        assert!(peak < 4 << 20, "{notation:?}: a {} MB line allocated {peak} bytes", text.len() >> 20);
    }
    // A line read whole (every move played) costs its plies.
    let legal = "Nf3 Nf6 Ng1 Ng8 ".repeat(25_000);
    let options = Options { notation: NotationChoice::Course, suggest: false, ..Options::default() };
    let (outcome, peak) = peak_of(|| analyze(&legal, &options));
    assert_eq!(outcome.plies.len(), 100_000);
    let per_ply = peak / 100_000;
    assert!(per_ply < 2000, "{per_ply} bytes a ply");
}
