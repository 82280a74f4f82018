//! **Flag arrays**: three arrays of flags, one per line a queen attacks along. `columns[c]`
//! (n flags): column c holds a queen. `down[row - c + n - 1]` (2n − 1 flags): a queen on that
//! `\` diagonal. `up[row + c]` (2n − 1 flags): a queen on that `/` diagonal. A square is free
//! when its three flags are clear. Placing a queen sets its three flags, lifting it clears
//! them.
//!
//! **Operations**: flags read or written. A test reads the column flag, then (if clear) the
//! `\` flag, then (if clear) the `/` flag: 1 to 3 reads. Placing or lifting writes 3 flags.

use super::walk::Program;
use super::walk::Walk;
use super::Detail;
use crate::stepping::Stepping;
use serde::Serialize;

/// The three arrays of flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagArrays {
    n: u32,
    /// `columns[c]`: column `c` holds a queen.
    pub columns: [bool; 32],
    /// `down[row - c + n - 1]`: a queen stands on that `\` diagonal.
    pub down: [bool; 63],
    /// `up[row + c]`: a queen stands on that `/` diagonal.
    pub up: [bool; 63],
}

/// The three flags of a square: their indices, in the order a test reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flags {
    /// Index in `columns`.
    pub column: usize,
    /// Index in `down`.
    pub down: usize,
    /// Index in `up`.
    pub up: usize,
}

impl FlagArrays {
    /// The flags of square (`row`, `bit`).
    pub fn flags(&self, row: u32, bit: u32) -> Flags {
        let c = self.n - 1 - bit.trailing_zeros();
        Flags {
            column: c as usize,
            down: (row + self.n - 1 - c) as usize,
            up: (row + c) as usize,
        }
    }

    /// How many of the square's flags a test reads: up to the first set one, else all three.
    pub fn reads(&self, row: u32, bit: u32) -> (bool, u64) {
        let f = self.flags(row, bit);
        let set = [self.columns[f.column], self.down[f.down], self.up[f.up]];
        match set.iter().position(|&flag| flag) {
            Some(i) => (true, i as u64 + 1),
            None => (false, 3),
        }
    }

    fn write(&mut self, row: u32, bit: u32, value: bool) {
        let f = self.flags(row, bit);
        self.columns[f.column] = value;
        self.down[f.down] = value;
        self.up[f.up] = value;
    }
}

impl Program for FlagArrays {
    const NAME: &'static str = "Flag arrays";
    const SLUG: &'static str = "flag-arrays";
    fn detail(walk: &Walk<Self>) -> Detail {
        let (p, n) = (walk.program(), walk.n() as usize);
        Detail::FlagArrays(FlagArraysDetail {
            columns: p.columns[..n].to_vec(),
            down: p.down[..2 * n - 1].to_vec(),
            up: p.up[..2 * n - 1].to_vec(),
            read: walk.tested().map(|(bit, _)| {
                let f = p.flags(walk.row(), bit);
                let (_, reads) = p.reads(walk.row(), bit);
                FlagsRead {
                    column: f.column,
                    down: f.down,
                    up: f.up,
                    reads,
                }
            }),
        })
    }
    fn new(n: u32) -> Self {
        FlagArrays {
            n,
            columns: [false; 32],
            down: [false; 63],
            up: [false; 63],
        }
    }

    /// The walk's `row == n` reads no flag.
    const SOLUTION_CHECK: u64 = 0;
    /// The `for` over the row's columns reads no flag.
    const LOOP_TEST: u64 = 0;

    /// Every column of the row is tried; finding them reads nothing.
    fn candidates(&self, _row: u32, searched: u32) -> (u32, u64) {
        (searched, 0)
    }

    fn test(&self, row: u32, bit: u32) -> (bool, u64) {
        self.reads(row, bit)
    }

    const PLACE: u64 = 3;
    const LIFT: u64 = 3;

    fn place(&mut self, row: u32, bit: u32) {
        self.write(row, bit, true);
    }

    fn lift(&mut self, row: u32, bit: u32) {
        self.write(row, bit, false);
    }
}

/// One flag test of the flag arrays: the three indices and how many flags were read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlagsRead {
    /// Index in `columns`.
    pub column: usize,
    /// Index in `down` (`\`).
    pub down: usize,
    /// Index in `up` (`/`).
    pub up: usize,
    /// Flags read: up to the first one set.
    pub reads: u64,
}

/// What the flag arrays' lane draws: the three arrays and the flags the last test read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlagArraysDetail {
    /// n column flags.
    pub columns: Vec<bool>,
    /// 2n − 1 flags of the `\` diagonals, by `row - column + n - 1`.
    pub down: Vec<bool>,
    /// 2n − 1 flags of the `/` diagonals, by `row + column`.
    pub up: Vec<bool>,
    /// The flags the last test read.
    pub read: Option<FlagsRead>,
}
