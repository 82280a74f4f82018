//! **Bit by bit**: Richards' masks `ld`, `col` and `rd`, but the row's squares are found by
//! testing every position `1, 2, 4, … < 1 << n` with `(ld | col | rd) & position`: n tests
//! per row, free squares or not.
//!
//! ```text
//! search(ld, col, rd):
//!     if col == done: solution
//!     for position in 1, 2, 4, … < 1 << n:
//!         if (ld | col | rd) & position == 0:
//!             search((ld | position) >> 1, col | position, (rd | position) << 1)
//! ```
//!
//! **Operations**: word operations. `col == done` 1; the loop's test `position < 1 << n` 1
//! per position and 1 to leave; a test `(ld | col | rd) & position` 3 and `position <<= 1`
//! 1; the call's new masks 5. Returning from the call costs nothing.

use super::walk::Program;
use super::walk::Walk;
use super::Detail;
use serde::Serialize;

/// The masks of every row down to the one being searched: `masks[r]` is `[ld, col, rd]` as
/// row `r` received them (display convention: bit `n - 1 - c` is column `c`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitByBit {
    /// Invariant: the rows below the one being searched hold `[0, 0, 0]`.
    pub masks: [[u32; 3]; 33],
}

impl BitByBit {
    /// `ld | col | rd` of `row`: its attacked squares.
    pub fn attacked(&self, row: u32) -> u32 {
        let [ld, col, rd] = self.masks[row as usize];
        ld | col | rd
    }
}

impl Program for BitByBit {
    const NAME: &'static str = "Bit by bit";
    const SLUG: &'static str = "bit-by-bit";
    fn detail(walk: &Walk<Self>) -> Detail {
        let [ld, col, rd] = walk.program().masks[walk.row() as usize];
        let tested = walk.tested();
        Detail::BitByBit(BitByBitDetail {
            ld,
            col,
            rd,
            position: tested.map(|(bit, _)| bit),
            attacked: tested.map(|(_, a)| a),
        })
    }
    fn new(_n: u32) -> Self {
        BitByBit {
            masks: [[0; 3]; 33],
        }
    }

    const SOLUTION_CHECK: u64 = 1;
    const LOOP_TEST: u64 = 1;

    /// Every position is tested; nothing is computed to find them.
    fn candidates(&self, _row: u32, searched: u32) -> (u32, u64) {
        (searched, 0)
    }

    fn test(&self, row: u32, position: u32) -> (bool, u64) {
        (self.attacked(row) & position != 0, 3 + 1)
    }

    const PLACE: u64 = 5;
    const LIFT: u64 = 0;

    fn place(&mut self, row: u32, position: u32) {
        let [ld, col, rd] = self.masks[row as usize];
        self.masks[row as usize + 1] = [(ld | position) >> 1, col | position, (rd | position) << 1];
    }

    fn lift(&mut self, row: u32, _position: u32) {
        self.masks[row as usize + 1] = [0; 3];
    }
}

/// What the bit-by-bit lane draws: the row's masks and the position tested last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BitByBitDetail {
    /// Attacked along `\` diagonals.
    pub ld: u32,
    /// Taken columns.
    pub col: u32,
    /// Attacked along `/` diagonals.
    pub rd: u32,
    /// The position tested last.
    pub position: Option<u32>,
    /// Whether `(ld | col | rd) & position` was set.
    pub attacked: Option<bool>,
}
