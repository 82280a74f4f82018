//! The classic counters, kept as baselines for the fast ones in [`crate::count`]: the
//! recursive bitmask search of every blog post, optionally halved by mirror symmetry.

use crate::board::{full_mask, BoardSizeError};
use crate::count::Tally;
use crate::tree::tree_size;

/// The largest board of the page's race of the counters (the plain recursion in JS, the same
/// in wasm, then the backtracking counter, one after another on one worker): at 17 the plain
/// JS recursion alone takes over a minute.
pub const RACE_LARGEST_N: u32 = 16;

/// Counts every solution of an `n`×`n` board with the plain recursive bitmask search. With
/// `mirror`, only queens in the left half of the top row are tried and the count doubled
/// (plus the middle column of an odd board, counted once). `unique` stays 0: this counter
/// doesn't know classes.
pub fn plain_count(n: u32, mirror: bool) -> Result<Tally, BoardSizeError> {
    full_mask(n)?;
    let columns = if mirror { n.div_ceil(2) } else { n };
    let mut tally = Tally::default();
    for column in 0..columns {
        let part = plain_count_with_top(n, column)?;
        let doubled = mirror && column < n / 2;
        tally = tally.plus(Tally {
            total: if doubled { 2 * part.total } else { part.total },
            ..part
        });
    }
    Ok(tally)
}

/// The solutions with the top-row queen in `column` (counting a board column by column
/// gives a caller progress to show). A column outside the board has none.
pub fn plain_count_with_top(n: u32, column: u32) -> Result<Tally, BoardSizeError> {
    let full = full_mask(n)?;
    let mut tally = Tally::default();
    if column < n {
        let bit = 1 << column;
        tally.work = 1;
        descend(full, bit << 1, bit, bit >> 1, &mut tally);
    }
    Ok(tally)
}

fn descend(full: u32, ld: u32, col: u32, rd: u32, tally: &mut Tally) {
    if col == full {
        tally.total += 1;
        return;
    }
    let mut poss = full & !(ld | col | rd);
    while poss != 0 {
        let bit = poss & poss.wrapping_neg();
        poss ^= bit;
        tally.work += 1;
        descend(full, (ld | bit) << 1, col | bit, (rd | bit) >> 1, tally);
    }
}

/// The nodes of the search tree that every stepper walks (queens placed from the start to
/// the end), in mirror mode or not: the size of the whole walk, for progress and estimates.
/// Counted by [`crate::tree::tree_size`] (one count for the tree's size everywhere).
///
/// ```
/// use bitqueens::{Stepper, count::plain::tree_nodes};
/// let mut walked = Stepper::with_mirror(6, true).unwrap();
/// walked.by_ref().count();
/// assert_eq!(tree_nodes(6, true).unwrap(), walked.nodes());
/// ```
pub fn tree_nodes(n: u32, mirror: bool) -> Result<u64, BoardSizeError> {
    Ok(tree_size(n, mirror)?.nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Method;

    #[test]
    fn the_race_is_never_a_count_the_page_would_ask_about() {
        let backtrack = Method::Backtrack.about();
        assert!(RACE_LARGEST_N <= backtrack.ask_above);
        assert!(RACE_LARGEST_N <= backtrack.browser_largest_n);
    }
}
