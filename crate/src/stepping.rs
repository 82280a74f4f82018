//! What every stepping search offers, whatever its algorithm: one observable action per
//! [`Stepping::step`], reported as a [`Step`] event (defined here, with the trait, so that no
//! algorithm owns it), an exact [`Stepping::back`], the counters the page compares, and the
//! row being searched ([`CurrentRow`]).
//!
//! Richards' bitmask ([`crate::Stepper`]) and the classic programs of
//! [`crate::algorithms`] all implement it, so that batching, seeking and the numbering of
//! solutions ([`crate::play`]) are written once for all of them.

use serde::Serialize;
use std::ops::Deref;

/// A search that moves one observable action at a time, forwards and exactly back.
///
/// Invariants every implementation keeps:
/// - `back()` right after `step()` restores every counter and every observable value;
/// - `nodes()` counts [`Step::Place`] events, `solutions()` counts [`Step::Solution`]
///   events, `steps()` counts every event but the repeated `Finished` of a finished search;
/// - after the search is finished, `step()` returns [`Step::Finished`] and changes nothing.
pub trait Stepping {
    /// Board size.
    fn n(&self) -> u32;
    /// Performs the next action and says what it was.
    fn step(&mut self) -> Step;
    /// Undoes the last action exactly and returns it; `None` at the start.
    fn back(&mut self) -> Option<Step>;
    /// True once the search has finished.
    fn is_finished(&self) -> bool;
    /// What the search counted from the start.
    fn step_counts(&self) -> StepCounts;
    /// True in mirror mode: the first rows are searched only in the part
    /// [`crate::board::searched_part`] gives, each solution standing for its mirror image too.
    fn mirror(&self) -> bool;
    /// The columns of the queens placed now, row 0 first.
    fn queens(&self) -> Queens;
    /// The row being searched and where the search stands in it.
    fn current_row(&self) -> CurrentRow;

    /// How many boards each solution found stands for: 2 in mirror mode (itself and its
    /// mirror image), else 1.
    fn weight(&self) -> u64 {
        weight(self.n(), self.mirror())
    }

    /// Actions taken from the start.
    fn steps(&self) -> u64 {
        self.step_counts().steps
    }
    /// Queens placed from the start: the nodes of the search tree visited below the root.
    fn nodes(&self) -> u64 {
        self.step_counts().nodes
    }
    /// Solutions found so far.
    fn solutions(&self) -> u64 {
        self.step_counts().solutions
    }
    /// Elementary operations from the start, as the algorithm's module defines them.
    fn operations(&self) -> u64 {
        self.step_counts().operations
    }
}

/// What a stepping search counts as it goes; `back()` takes each step's share off again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepCounts {
    /// Actions taken.
    pub steps: u64,
    /// Queens placed.
    pub nodes: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Elementary operations.
    pub operations: u64,
}

/// The row being searched, as every stepper can tell it: which squares it considers, which
/// of those it has tried, and the one whose queen the next step places.
///
/// Invariant: `tried` is a subset of `candidates`; squares are tried lowest bit first, so
/// the tried ones are the candidates below the highest tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CurrentRow {
    /// The row (`n` at a solution: one past the last board row).
    pub row: u32,
    /// The squares of the row the algorithm considers (0 until it found them), as a mask.
    pub candidates: u32,
    /// Of those, the ones it tried already (the one being tried included).
    pub tried: u32,
    /// The column of the square found free whose queen the next step places.
    pub trying: Option<u32>,
}

/// How many boards a solution found stands for: 2 in mirror mode, where each one found also
/// stands for its mirror image (never the same board when n > 1), else 1.
pub fn weight(n: u32, mirror: bool) -> u64 {
    if mirror && n > 1 {
        2
    } else {
        1
    }
}

/// The columns of the queens on the board, row 0 first (at most 32), without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Queens {
    columns: [u32; 32],
    len: usize,
}

impl Queens {
    /// No queen yet.
    pub fn new() -> Queens {
        Queens {
            columns: [0; 32],
            len: 0,
        }
    }

    /// Adds the queen of the next row.
    pub fn push(&mut self, column: u32) {
        self.columns[self.len] = column;
        self.len += 1;
    }
}

impl Default for Queens {
    fn default() -> Queens {
        Queens::new()
    }
}

impl Deref for Queens {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.columns[..self.len]
    }
}

impl FromIterator<u32> for Queens {
    fn from_iter<I: IntoIterator<Item = u32>>(columns: I) -> Queens {
        let mut queens = Queens::new();
        columns.into_iter().for_each(|c| queens.push(c));
        queens
    }
}

impl Serialize for Queens {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

/// One observable action of the algorithm. Rows and columns are 0-based; `column` is
/// counted from the left of the board, so the square `bit` lies in column `n - 1 - log2(bit)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Step {
    /// The candidates of `row` were found: in Richards' bitmask `poss = ~(ld | col | rd) & done`,
    /// the free squares; in a classic program, the squares it will test (`poss` holds them).
    #[serde(rename_all = "camelCase")]
    Free { row: u32, poss: u32 },
    /// The square (`row`, `column`) was taken from the row's candidates and is free: its queen
    /// is placed by the next step. In Richards' bitmask, `bit = poss & -poss` was chosen and
    /// removed from `poss` (every square of `poss` is free); the classic programs tested it.
    #[serde(rename_all = "camelCase")]
    Try { row: u32, column: u32, bit: u32 },
    /// The square (`row`, `column`) was tested and found attacked by a queen above; the
    /// next step tests the next square. Only the classic programs that test attacked squares
    /// (see [`crate::algorithms`]) take this step: Richards' bitmask never visits one.
    #[serde(rename_all = "camelCase")]
    Reject { row: u32, column: u32, bit: u32 },
    /// A queen was placed at (`row`, `column`) and row `row + 1` received its masks
    /// `(ld | bit) >> 1`, `col | bit`, `(rd | bit) << 1`.
    #[serde(rename_all = "camelCase")]
    Place { row: u32, column: u32 },
    /// `col == done`: every row holds a queen. This is solution number `number` (1-based).
    /// `row` equals `n`, one past the last board row.
    #[serde(rename_all = "camelCase")]
    Solution { row: u32, number: u64 },
    /// `poss == 0` right after computing it: no square of `row` is free.
    #[serde(rename_all = "camelCase")]
    DeadEnd { row: u32 },
    /// The row below `row` had nothing left; its call returned and the queen at
    /// (`row`, `column`) lifted.
    #[serde(rename_all = "camelCase")]
    Backtrack { row: u32, column: u32 },
    /// Row 0 has nothing left: the search is over, having found `solutions` solutions.
    #[serde(rename_all = "camelCase")]
    Finished { solutions: u64 },
}

impl Step {
    /// True for the events that move the search tree's cursor: a queen placed or lifted.
    /// Every algorithm passes the same sequence of these (the lockstep property).
    pub fn is_node(&self) -> bool {
        matches!(self, Step::Place { .. } | Step::Backtrack { .. })
    }
}
