//! What the property tests of the command line's readers share (report_properties.rs,
//! journal_properties.rs): how many cases each runs ([`bitqueens::testing::property_runs`],
//! 10,000 by default), how a valid input is damaged, what an error message must read like,
//! and how much a reader may allocate (the test binary's allocator counts it:
//! [`with_allocation_budget`]).

use proptest::test_runner::Config;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The proptest configuration of every property test here.
pub fn config() -> Config {
    let cases = bitqueens::testing::property_runs(10_000);
    // No regression files written into the source tree: a counter-example found becomes an
    // example test beside the property.
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// Applies `edits` to `items`, each (kind, at, item): kind 0 inserts `item` at `at`, 1 deletes
/// the item at `at`, 2 replaces it; `at` is taken modulo the length + 1 (at the end, only an
/// insert does anything).
pub fn apply_edits<T>(items: &mut Vec<T>, edits: Vec<(u8, usize, T)>) {
    for (kind, at, item) in edits {
        let i = at % (items.len() + 1);
        match kind {
            0 => items.insert(i, item),
            _ if i == items.len() => {}
            1 => {
                items.remove(i);
            }
            _ => items[i] = item,
        }
    }
}

/// Fails unless `message` reads as the end of a sentence after the file's name and a colon
/// ("FILE: …", "journal FILE: …"): it starts with a word and ends with a full stop after one.
pub fn assert_sentence(message: &str) {
    assert!(
        message.starts_with(|c: char| c.is_alphanumeric()),
        "{message:?} starts with a word"
    );
    assert!(
        message.ends_with('.') && !message.ends_with(";.") && !message.ends_with(" ."),
        "{message:?} ends with a full stop after a word"
    );
}

/// The test binary's allocator: the system's, counting the bytes each thread asks for while
/// it reads within a budget ([`with_allocation_budget`]). Counted, not timed: the bound on a
/// reader's work holds on any machine, whatever else runs, and is the same on every run.
#[global_allocator]
static COUNTING: Counting = Counting;

struct Counting;

thread_local! {
    /// Bytes this thread has asked for since its budget was set.
    static ASKED: Cell<u64> = const { Cell::new(0) };
    /// The most it may ask for; u64::MAX when no budget is set (nothing is refused).
    static BUDGET: Cell<u64> = const { Cell::new(u64::MAX) };
}

// SAFETY: every call is passed on to the system allocator unchanged; an allocation past the
// budget is refused (null), which the standard library reports as a failed allocation
// ("memory allocation of … bytes failed") and the case fails (or the binary aborts): the property failed,
// at once, instead of filling the memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if over_budget(layout.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if over_budget(layout.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A reallocation is counted as the new block it may be.
        if over_budget(new_size) {
            return std::ptr::null_mut();
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Adds `size` bytes to this thread's count; true when that goes past its budget, which is
/// then lifted (the standard library's report of the failed allocation may allocate).
/// Allocates nothing itself.
fn over_budget(size: usize) -> bool {
    ASKED
        .try_with(|asked| {
            let total = asked.get().saturating_add(size as u64);
            asked.set(total);
            let over = total > BUDGET.try_with(Cell::get).unwrap_or(u64::MAX);
            if over {
                let _ = BUDGET.try_with(|budget| budget.set(u64::MAX));
            }
            over
        })
        .unwrap_or(false)
}

/// Runs `read` with a budget of `bytes` bytes allocated on this thread (freed ones counted
/// too: the budget bounds the reader's work, not only what it keeps); the allocation that goes
/// past it fails ("memory allocation of … bytes failed"), and so does the test. Returns what `read` returned and the bytes it took.
pub fn with_allocation_budget<T>(bytes: u64, read: impl FnOnce() -> T) -> (T, u64) {
    ASKED.with(|asked| asked.set(0));
    BUDGET.with(|budget| budget.set(bytes));
    let result = read();
    BUDGET.with(|budget| budget.set(u64::MAX));
    (result, ASKED.with(Cell::get))
}
