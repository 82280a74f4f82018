//! **Rows as integers**: the board is a list of integers, one per placed row, each with the
//! one bit of its queen. The OR of all rows gives the taken columns, and every free column is
//! a candidate. A candidate's diagonals are checked by walking the placed rows from the last
//! one up: k rows up, the candidate shifted k places left and k places right is compared with
//! that row; equal means a queen on a diagonal. In its classic form the program stops at the
//! first solution; here it goes on.
//!
//! **Operations**: rows read. Finding the candidates ORs every placed row (one each); a test
//! compares rows until one matches (one each, both shifts against the same row); placing or
//! lifting writes one row.

use super::walk::Program;
use super::walk::Walk;
use super::Detail;
use crate::stepping::Stepping;
use serde::Serialize;

/// What a test compared in one row: the row's integer and the candidate shifted beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The row compared.
    pub row: u32,
    /// That row's integer (its queen's bit).
    pub value: u32,
    /// The candidate shifted one place left per row of distance: a queen there, up and to
    /// the left, attacks it along a `\` diagonal.
    pub left: u32,
    /// The candidate shifted one place right per row of distance: a queen there, up and to
    /// the right, attacks it along a `/` diagonal.
    pub right: u32,
}

impl Comparison {
    /// True when the row's queen stands on one of the candidate's diagonals.
    pub fn hits(&self) -> bool {
        self.value == self.left || self.value == self.right
    }
}

/// The placed rows: `rows[r]` is the bit of the queen of row `r`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowsAsIntegers {
    /// One integer per row; those at and below the row being searched are 0.
    pub rows: [u32; 32],
}

impl RowsAsIntegers {
    /// The columns taken by the queens above `row`: the OR of their rows.
    pub fn taken(&self, row: u32) -> u32 {
        self.rows[..row as usize]
            .iter()
            .fold(0, |taken, r| taken | r)
    }

    /// The comparisons a test of (`row`, `bit`) makes, last placed row first, up to the
    /// first that hits.
    pub fn comparisons(&self, row: u32, bit: u32) -> impl Iterator<Item = Comparison> + '_ {
        let compared = (1..=row).map(move |k| {
            let r = row - k;
            Comparison {
                row: r,
                value: self.rows[r as usize],
                // k <= 31; a bit pushed off the word stands off the board (no row matches it).
                left: bit << k,
                right: bit >> k,
            }
        });
        let mut hit = false;
        compared.take_while(move |c| !std::mem::replace(&mut hit, c.hits()))
    }
}

impl Program for RowsAsIntegers {
    const NAME: &'static str = "Rows as integers";
    const SLUG: &'static str = "rows-as-integers";
    fn detail(walk: &Walk<Self>) -> Detail {
        let (p, row) = (walk.program(), walk.row());
        Detail::RowsAsIntegers(RowsAsIntegersDetail {
            rows: p.rows[..row.min(walk.n()) as usize].to_vec(),
            taken: p.taken(row.min(walk.n())),
            compared: walk
                .tested()
                .map(|(bit, _)| {
                    p.comparisons(row, bit)
                        .map(|c| Compared {
                            row: c.row,
                            value: c.value,
                            left: c.left,
                            right: c.right,
                            hit: c.hits(),
                        })
                        .collect()
                })
                .unwrap_or_default(),
        })
    }
    fn new(_n: u32) -> Self {
        RowsAsIntegers { rows: [0; 32] }
    }

    /// The walk's `row == n` reads no row.
    const SOLUTION_CHECK: u64 = 0;
    /// The loop over the candidates reads no row.
    const LOOP_TEST: u64 = 0;

    /// The free columns: the OR of the rows above, one read per row.
    fn candidates(&self, row: u32, searched: u32) -> (u32, u64) {
        (!self.taken(row) & searched, u64::from(row))
    }

    fn test(&self, row: u32, bit: u32) -> (bool, u64) {
        let (mut compared, mut attacked) = (0, false);
        for comparison in self.comparisons(row, bit) {
            compared += 1;
            attacked = comparison.hits();
        }
        (attacked, compared)
    }

    const PLACE: u64 = 1;
    const LIFT: u64 = 1;

    fn place(&mut self, row: u32, bit: u32) {
        self.rows[row as usize] = bit;
    }

    fn lift(&mut self, row: u32, _bit: u32) {
        self.rows[row as usize] = 0;
    }
}

/// One row compared by rows as integers, as its lane draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Compared {
    /// The row compared.
    pub row: u32,
    /// Its integer.
    pub value: u32,
    /// The candidate shifted left by the distance in rows.
    pub left: u32,
    /// The candidate shifted right by the distance in rows.
    pub right: u32,
    /// True when the row's queen is on one of the candidate's diagonals.
    pub hit: bool,
}

/// What the rows-as-integers lane draws: the placed rows, their OR, and the comparisons of
/// the last test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RowsAsIntegersDetail {
    /// One integer per placed row.
    pub rows: Vec<u32>,
    /// Their OR: the taken columns.
    pub taken: u32,
    /// The rows the last test compared, last placed first.
    pub compared: Vec<Compared>,
}
