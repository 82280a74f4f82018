//! **Free masks with rotation**: the masks hold *free* positions (1 = free), starting as all
//! ones. The row's candidates are `cols & d1 & d2`, taken lowest bit first. Placing a queen
//! clears its bit in all three; the diagonal masks then move to the next row by a rotation in
//! a word twice the board's width (`d1` right, like `ld`; `d2` left, like `rd`), not by a
//! shift, so that lifting the queen is the same moves backwards and nothing is saved. A
//! cleared bit rotated past the edge of the row travels through the other half of the word
//! and cannot come back within n rows. Every row holds a queen when `cols` is empty.
//!
//! ```text
//! search():
//!     if cols == 0: solution
//!     cand = cols & d1 & d2 & done
//!     while cand != 0:
//!         bit = cand & -cand;  cand -= bit
//!         cols ^= bit;  d1 ^= bit;  d2 ^= bit;  d1 = rotr(d1);  d2 = rotl(d2)
//!         search()
//!         d1 = rotl(d1);  d2 = rotr(d2);  cols |= bit;  d1 |= bit;  d2 |= bit
//! ```
//!
//! **Operations**: word operations. `cols == 0` 1; `cand` 3; the loop's test 1 per candidate
//! and 1 to leave; taking a bit 3; placing 5 (three clears, two rotations); lifting 5.

use super::walk::Program;
use super::walk::Walk;
use super::Detail;
use crate::stepping::Stepping;
use serde::Serialize;

/// The three free masks (display convention in the low n bits: bit `n - 1 - c` is column c).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreeMasks {
    n: u32,
    /// Free columns.
    pub cols: u32,
    /// Free `\` diagonals, in 2n bits; the low n are the row being searched.
    pub d1: u64,
    /// Free `/` diagonals, in 2n bits; the low n are the row being searched.
    pub d2: u64,
}

impl FreeMasks {
    /// The mask of the 2n bits of a diagonal word.
    fn word(&self) -> u64 {
        u64::MAX >> (64 - 2 * self.n)
    }

    /// `x` rotated right by one place within 2n bits.
    fn rotr(&self, x: u64) -> u64 {
        ((x >> 1) | (x << (2 * self.n - 1))) & self.word()
    }

    /// `x` rotated left by one place within 2n bits.
    fn rotl(&self, x: u64) -> u64 {
        ((x << 1) | (x >> (2 * self.n - 1))) & self.word()
    }

    /// The free squares of the row being searched: `cols & d1 & d2`, within the row.
    pub fn free(&self) -> u32 {
        self.cols & (self.d1 & self.d2) as u32 & (u32::MAX >> (32 - self.n))
    }
}

impl Program for FreeMasks {
    const NAME: &'static str = "Free masks with rotation";
    const SLUG: &'static str = "free-masks";
    fn detail(walk: &Walk<Self>) -> Detail {
        let (p, width) = (walk.program(), 2 * walk.n() as usize);
        Detail::FreeMasks(FreeMasksDetail {
            cols: p.cols,
            d1: format!("{:0width$b}", p.d1),
            d2: format!("{:0width$b}", p.d2),
            free: p.free(),
        })
    }
    fn new(n: u32) -> Self {
        let mut masks = FreeMasks {
            n,
            cols: u32::MAX >> (32 - n),
            d1: 0,
            d2: 0,
        };
        masks.d1 = masks.word();
        masks.d2 = masks.word();
        masks
    }

    const SOLUTION_CHECK: u64 = 1;
    const LOOP_TEST: u64 = 1;

    fn candidates(&self, _row: u32, searched: u32) -> (u32, u64) {
        (self.free() & searched, 3)
    }

    /// Every candidate is free: taking it is `bit = cand & -cand; cand -= bit`.
    fn test(&self, _row: u32, _bit: u32) -> (bool, u64) {
        (false, 3)
    }

    const PLACE: u64 = 5;
    const LIFT: u64 = 5;

    fn place(&mut self, _row: u32, bit: u32) {
        self.cols ^= bit;
        self.d1 = self.rotr(self.d1 ^ u64::from(bit));
        self.d2 = self.rotl(self.d2 ^ u64::from(bit));
    }

    fn lift(&mut self, _row: u32, bit: u32) {
        self.d1 = self.rotl(self.d1) | u64::from(bit);
        self.d2 = self.rotr(self.d2) | u64::from(bit);
        self.cols |= bit;
    }
}

/// What the free-masks lane draws: `cols` in n bits, `d1` and `d2` in 2n binary digits (the
/// row's squares are the last n), and the row's free squares `cols & d1 & d2`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FreeMasksDetail {
    /// Free columns.
    pub cols: u32,
    /// Free `\` diagonals, 2n digits.
    pub d1: String,
    /// Free `/` diagonals, 2n digits.
    pub d2: String,
    /// `cols & d1 & d2` within the row.
    pub free: u32,
}
