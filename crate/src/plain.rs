//! The classic counters, kept as baselines for the fast one in [`count`](crate::count): the
//! recursive bitmask search of every blog post, optionally halved by mirror symmetry.

use crate::count::Tally;
use crate::search::{BoardSizeError, MAX_N};

/// Counts every solution of an `n`×`n` board with the plain recursive bitmask search. With
/// `mirror`, only queens in the left half of the top row are tried and the count doubled
/// (plus the middle column of an odd board, counted once). `unique` stays 0: this counter
/// doesn't know classes.
pub fn plain_count(n: u32, mirror: bool) -> Result<Tally, BoardSizeError> {
    if !(1..=MAX_N).contains(&n) {
        return Err(BoardSizeError(n));
    }
    let full = if n == MAX_N { u32::MAX } else { (1 << n) - 1 };
    let mut tally = Tally::default();
    if !mirror || n == 1 {
        descend(full, 0, 0, 0, &mut tally);
        return Ok(tally);
    }
    let mut top_row = |bit: u32, weight: u64| {
        let mut half = Tally::default();
        descend(full, bit << 1, bit, bit >> 1, &mut half);
        tally.total += weight * half.total;
        tally.nodes += half.nodes + 1;
    };
    for column in 0..n / 2 {
        top_row(1 << column, 2);
    }
    if n % 2 == 1 {
        top_row(1 << (n / 2), 1);
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
        tally.nodes += 1;
        descend(full, (ld | bit) << 1, col | bit, (rd | bit) >> 1, tally);
    }
}
