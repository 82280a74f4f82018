//! Counting every solution, fast: a count cut into numbered sub-problems that threads, browser
//! workers and shards share by index.
//!
//! One module per job:
//! - [`plan`]: a count's sub-problem list, by either method, behind one interface
//!   ([`method::CountingMethod`]); [`Method`] names a method (its slug, its words, its limits);
//! - [`order`]: the order in which sub-problems are handed out (a fixed shuffle, both methods);
//! - [`shard`]: sharing a count by index: both methods' fingerprints, slices `I/K`, samples;
//! - [`backtrack`]: the backtracking counter (symmetry and lookahead);
//! - [`meet`]: the meet-in-the-middle counter (split, halves, join, sieve);
//! - [`burnside`]: the unique count from the total (Burnside's lemma);
//! - [`gpu`]: the GPU's split (partial boards, one per invocation) and its WGSL kernel;
//! - [`plain`]: the classic recursive counters the fast ones are measured against.

use crate::board::BoardSizeError;
use serde::Serialize;

pub mod backtrack;
pub mod burnside;
pub mod gpu;
pub mod meet;
pub mod method;
pub mod order;
pub mod plain;
pub mod plan;
pub mod shard;

pub use method::{About, Method, MethodError, UniqueCount};
pub use plan::{Plan, PlanError, Workspace};

/// Counts for some part of a count (or the whole): boards, symmetry classes, and the work
/// done along the way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Solutions, every image of every class.
    pub total: u64,
    /// Symmetry classes (fundamental solutions).
    pub unique: u64,
    /// The work done, in the method's unit ([`Method::work_unit`]): queens placed by
    /// backtracking, half-boards built by meeting in the middle. `work` in JS; the CLI's
    /// reports and journals name it `nodes` (their own structs, see `cli/src/report.rs`).
    pub work: u64,
}

impl Tally {
    /// Sum of two disjoint parts.
    pub fn plus(self, other: Tally) -> Tally {
        Tally {
            total: self.total + other.total,
            unique: self.unique + other.unique,
            work: self.work + other.work,
        }
    }
}

impl std::iter::Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        iter.fold(Tally::default(), Tally::plus)
    }
}

/// Why a sub-problem can't be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    BoardSize(BoardSizeError),
    /// The prefix is not one the search visits for this `n`.
    NotASubProblem,
}

impl std::fmt::Display for CountError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountError::BoardSize(e) => e.fmt(f),
            CountError::NotASubProblem => f.write_str("not a sub-problem of this board size"),
        }
    }
}

impl std::error::Error for CountError {}

impl From<BoardSizeError> for CountError {
    fn from(e: BoardSizeError) -> Self {
        CountError::BoardSize(e)
    }
}
