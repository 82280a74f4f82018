//! The board every search and counter shares: the sizes accepted, the mask of its columns,
//! and the part of a row that mirror mode searches.

use std::fmt;

/// The largest board any search or counter accepts: every mask is a `u32`.
pub const MAX_N: u32 = 32;

/// A board size outside `1..=MAX_N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSizeError(pub u32);

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board size must be a whole number from 1 to {MAX_N}; got {}.",
            self.0
        )
    }
}

impl std::error::Error for BoardSizeError {}

/// The mask with one bit per column of an `n`×`n` board (`done` in the algorithm), or the
/// error for a size outside `1..=MAX_N`. Every search and counter starts here.
pub fn full_mask(n: u32) -> Result<u32, BoardSizeError> {
    if (1..=MAX_N).contains(&n) {
        Ok(u32::MAX >> (MAX_N - n))
    } else {
        Err(BoardSizeError(n))
    }
}

/// The columns of row `row` that a search of an `n`×`n` board covers, as a mask: all of them,
/// except in mirror mode: row 0's left half (plus the middle column when n is odd), and row
/// 1's left half below a middle queen (`top` is the bit of row 0's queen). Every solution of
/// the full search is then found exactly once, either itself or as its mirror image.
#[inline]
pub fn searched_part(n: u32, mirror: bool, row: usize, top: u32) -> u32 {
    let done = u32::MAX >> (MAX_N - n);
    if !mirror {
        return done;
    }
    let half = n / 2;
    // Columns 0..half are bits n-1 down to n-half: the high half of the mask.
    let left = done & !(done >> half);
    let middle = if n % 2 == 1 { 1 << half } else { 0 };
    match row {
        0 => left | middle,
        1 if middle != 0 && top == middle => left,
        _ => done,
    }
}
