//! Counting by meeting in the middle: the total without backtracking over the whole board.
//!
//! # The split
//!
//! Cut the columns into a west part `0..east` and an east part `east..n` of equal width (for
//! odd `n` the middle column `m` is set apart first: see below). Each column holds one queen,
//! so a solution has exactly as many queens in the east as there are east columns; call the
//! rows that hold them `R`. Given `R`:
//!
//! - an **east half** is a queen in each row of `R`, one in each east column, no two on a
//!   diagonal; a **west half** is the same for the other rows and the west columns;
//! - an east half and a west half can no longer share a row or a column, only a diagonal. So
//!   the solutions with east rows `R` are the pairs (east half, west half) whose sets of
//!   occupied diagonals are disjoint.
//!
//! Only the diagonals that both parts can reach matter: a `/` diagonal `r + c` and a `\`
//! diagonal `c - r + n - 1` (both `0..2n-1`) are shared when they lie in `east..east+n-1`. A
//! half is kept as its *key*: those `n - 1` bits of each kind, `2n - 2` bits in all (at most 44,
//! as `n <= 23`).
//!
//! # The join
//!
//! For each `R`, the shorter list of keys is cut into blocks of [`BLOCK`] and each block is
//! turned sideways: for every key bit, one bit per key of the block that has it. The bits are
//! taken in chunks of 4 to 8 (whichever makes the least work for the block), and for each
//! value of a chunk the OR of the sideways rows of its set bits is made once ([`Join`]). For a
//! key of the other list, the OR of one table row per chunk marks the keys of the block that
//! share a diagonal with it; the zeros of that mark are the halves it completes. The loops
//! are compiled for fixed block widths, and the compiler turns them into SIMD.
//!
//! # Symmetry
//!
//! Turning the board upside down (row `r` to `n-1-r`) carries solutions to solutions and east
//! rows `R` to `R` upside down: the count for `R` is the count for its image, so only one of
//! the two is counted, twice ([`choice_weight`]). Mirroring (column `c` to `n-1-c`) swaps east
//! and west; for even n it is spent on the long diagonals instead.
//!
//! # The long diagonals (even n)
//!
//! The main diagonal (`r = c`) holds at most one queen, in the north-west or the south-east
//! quarter; the other one (`r + c = n - 1`), in the north-east or the south-west. Reflecting
//! the board in the other long diagonal swaps the north-west and south-east quarters and
//! leaves that diagonal's queen where it is, and the other way round: so the solutions with
//! the main diagonal's queen in the south-east are as many as those with it in the north-west,
//! and the same for the other diagonal's queen in the north-east and the south-west. Hence the
//! total is the count of the solutions whose **east half has no queen on either long
//! diagonal**, each weighted by 2 for every long diagonal its west half has a queen on
//! (read off its key: [`KeyShape`]). The east halves are built with both long diagonals blocked:
//! about a quarter of them, and two key bits fewer ([`halves::without_long_diagonals`]).
//!
//! Upside down swaps the two long diagonals and the quarters alike, so it still pairs `R` with
//! its image; mirroring does not (it moves the long diagonals' queens to the east). The half
//! turn (both moves) keeps the solutions with no queen on a long diagonal at all, and pairs
//! `R` with the other rows upside down: those solutions are counted at one of the two, twice
//! ([`joiner::half_turn_share`]).
//!
//! # Odd n
//!
//! The middle column `m` holds one queen, in some row, and the middle row one, in some column:
//! both are placed first ([`Middle`]) and block their diagonals for both halves (they stand on
//! no diagonal of each other, or are one queen, in the centre). The rows left are split
//! between the east columns left (`m+1..n`) and the west ones. The eight symmetries of the
//! square carry the middle column and row onto themselves, so each orbit of the middle queens
//! is counted once, weighted by its size: about an eighth of the choices. The centre is its
//! own image: there upside down and mirroring pair up the choices of `R` instead.
//!
//! # Sub-problems
//!
//! A [`RowChoices`] is a run of neighbouring choices of `R` (with the middle queens, for odd
//! n): [`sub_problems`] lists them in a fixed order, [`Joiner::join`] counts one (each
//! choice weighted), and the counts add up to the total. Neighbours share most of their rows,
//! so a [`Joiner`] keeps the quarters of one for the next ([`Halves`]).
//!
//! # Unique solutions
//!
//! The symmetry classes come from Burnside's lemma ([`crate::count::burnside::unique`]): reflections fix no solution
//! of more than one queen, so the classes number `(T + S180 + 2·S90) / 8`, where `S180` and
//! `S90` are the solutions a half turn and a quarter turn leave unchanged. Those are counted by
//! a search that places a queen together with its images under the turn
//! ([`crate::count::burnside::turn_symmetric`]), a small fraction of the work.

//!
//! # Modules, one job each
//!
//! [`split`]: the cut, the sub-problems and the weight of each choice; [`halves`]: the
//! half-boards of a choice, as keys; [`join`]: the pairs of keys that share no diagonal (SIMD);
//! [`sieve`]: a large join cut into buckets; [`joiner`]: one sub-problem counted with them.
//! Burnside's lemma, for the unique count, is [`crate::count::burnside`].

/// The largest board this counter takes: a key's `2n - 2` bits fit a `u64`, and the total
/// for n = 23 (24,233,937,684,440) is the last that anyone would wait for.
pub const MAX_MEET_N: u32 = 23;

pub mod halves;
pub mod join;
pub mod joiner;
pub mod sieve;
pub mod split;

pub use halves::{half_keys, Halves, KeyShape, Keys};
pub use join::{count_disjoint, Join, BLOCK};
pub use joiner::{whole_total, Joined, Joiner};
pub use sieve::Sieve;
pub use split::{choice_weight, sub_problems, Cut, Middle, RowChoices};
