//! # bitqueens
//!
//! Martin Richards' bitmask backtracker for the N-Queens problem, made resumable so that a
//! page can show it one observable action at a time.
//!
//! ```text
//! done = (1 << n) - 1
//! search(ld, col, rd):
//!     if col == done: solution
//!     poss = ~(ld | col | rd) & done          # free squares in this row
//!     while poss != 0:
//!         bit  = poss & -poss                 # lowest free square
//!         poss = poss - bit                   # never try it again in this row
//!         search((ld | bit) >> 1, col | bit, (rd | bit) << 1)
//! ```
//!
//! Display convention used everywhere: a mask is read most-significant bit first, so bit
//! `n - 1 - c` of a mask stands for board column `c` (0-based from the left).
//!
//! Modules:
//! - [`stepping`]: the [`Stepping`] trait every stepping search implements and the [`Step`]
//!   event each step emits; [`board`]: the board sizes accepted and the column masks.
//! - [`symmetry`]: the 8 rotations and reflections of a placement, and its symmetry class.
//! - [`tree`]: the search tree as a whole: its size (counted, or estimated by random probes),
//!   every node of a small one, and the part around the search's path of a large one.
//! - [`algorithms`]: the six programs (board scan … free masks with rotation), each a
//!   stepper in lockstep with the others, counting its operations; Richards' bitmask
//!   ([`Stepper`], `algorithms::richards`) is the page's own.
//! - [`play`]: one event loop that runs or seeks any stepper, numbering the boards passed;
//!   [`session`]: a search with the counts the page shows, their one source, its landmarks
//!   ([`session::landmark`]) and Predict mode's questions ([`session::predict`]).
//! - [`count`]: counting every solution fast: the plan of numbered sub-problems and the two
//!   methods behind one interface (meeting in the middle, the default, and backtracking), the
//!   hand-out order, shards and fingerprints, Burnside's lemma, and the plain counters they
//!   are measured against.
//! - [`exercise`]: Write it: the learner's bit expressions in a small language, checked
//!   on every state the search meets, and the learner's own loop as a stepper.
//! - [`published`]: the OEIS tables every test compares with; [`random`]: the seeded random
//!   numbers of the estimates and samples; [`grouped`]: numbers written in groups of three;
//!   [`testing`]: what the workspace's property tests share.
//! - `wasm` (only on `wasm32`): the thin JavaScript facade.

pub mod algorithms;
pub mod board;
pub mod count;
pub mod exercise;
pub mod grouped;
pub mod play;
pub mod published;
pub mod random;
pub mod session;
pub mod stepping;
pub mod symmetry;
#[doc(hidden)] // test support of the workspace's crates, not the core's API
pub mod testing;
pub mod tree;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use algorithms::richards::{Phase, Stepper};
pub use board::{BoardSizeError, MAX_N};
pub use stepping::{Queens, Step, StepCounts, Stepping};
