//! Richards' stepper, the page's own search: Richards' bitmask backtracker with its recursion turned into an
//! explicit stack of calls, so that it can stop after any single action, show itself, and
//! go on — or go back.
//!
//! One call of [`Stepper::step`] performs exactly one observable action of the algorithm and
//! returns it as a [`Step`]. [`Stepper::back`] undoes the last action exactly, in constant
//! time and without any log: every state of the stepper has a single predecessor that can be
//! computed from the state itself (see the comments in `back`).

use super::blocks::{Blocks, Body, RichardsBlocks, COST_DEAD_END, COST_SOLUTION, TEST};
use super::{Describe, Detail};
use crate::board::{full_mask, searched_part, BoardSizeError, MAX_N};
use crate::stepping::{weight, CurrentRow, Queens, Step, StepCounts, Stepping};
use serde::Serialize;
use std::fmt;
use std::iter::FusedIterator;

/// Where a call stands in the body of `search`. Every call below the top is `Trying`:
/// its chosen queen is placed and the row below is being searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// The row's masks are known; `poss` is not computed yet.
    Enter,
    /// `poss` was just computed; no square of this row has been tried.
    Scanned,
    /// `bit` was chosen and removed from `poss`; its queen is placed by the next step.
    Trying,
    /// Back from the row below: the next step tries the next square or leaves the row.
    Returned,
    /// Nothing left to do in this row (a solution, or a dead end): the next step leaves it.
    Closed,
    /// The search is over. Only row 0 is ever `Finished`.
    Finished,
}

/// The state of one call of `search`: the masks it was given and its loop variables.
///
/// Masks use the display convention: bit `n - 1 - c` stands for column `c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchCall {
    /// Bit set => that square is attacked along a `\` diagonal by a queen above.
    /// Moving down one row shifts it right (`>> 1`).
    pub ld: u32,
    /// Bit set => that column already holds a queen.
    pub col: u32,
    /// Bit set => that square is attacked along a `/` diagonal by a queen above.
    /// Moving down one row shifts it left (`<< 1`).
    pub rd: u32,
    /// Free squares of this row not tried yet; 0 until computed (phase `Enter`).
    pub poss: u32,
    /// The square chosen last in this row (a single bit); 0 while none was chosen.
    /// Invariant: squares of the row below `bit` have been tried, squares above it are in `poss`.
    pub bit: u32,
    /// Where this call stands in the loop body.
    pub phase: Phase,
}

/// Leaving a row (a backtrack, or the finish) costs the failing `while` test of that row
/// when its squares were tried (it was `Returned`); a solution or a dead end already paid
/// its row's last test.
#[inline]
fn cost_of_leaving(phase: Phase) -> u64 {
    TEST * u64::from(phase == Phase::Returned)
}

/// Richards' loop as a resumable state machine, generic over its body `B` (its four blocks
/// and their guards) as petgraph's `Dfs` is over its visit map. `Stepper` alone is the
/// N-Queens search itself, with [`RichardsBlocks`]; "Your program" is the same loop with the
/// learner's blocks ([`super::yours`]).
///
/// ```
/// use bitqueens::{Step, Stepper};
/// let mut search = Stepper::new(4).unwrap();
/// assert_eq!(search.step(), Step::Free { row: 0, poss: 0b1111 });
/// assert_eq!(search.step(), Step::Try { row: 0, column: 3, bit: 0b0001 });
/// let solutions = search.filter(|s| matches!(s, Step::Solution { .. })).count();
/// assert_eq!(solutions, 2);
/// ```
#[derive(Clone)]
pub struct Stepper<B: Body = RichardsBlocks> {
    n: u32,
    /// `done = (1 << n) - 1`: one bit per column.
    done: u32,
    /// `calls[..depth]` is the call stack; `calls[depth - 1]` is the top. `depth >= 1`.
    calls: [SearchCall; MAX_N as usize + 1],
    depth: usize,
    /// Word operations are charged as the [`Costs`] of the lines each step runs.
    counters: StepCounts,
    /// Mirror mode: row 0 is searched only in its left half (and, for odd n, its middle
    /// column, below which row 1 is searched only in its left half). Every solution of the
    /// full search is then found exactly once, either itself or as its mirror image.
    mirror: bool,
    body: B,
}

impl Stepper {
    /// A search on an `n`×`n` board, about to compute the free squares of row 0.
    pub fn new(n: u32) -> Result<Self, BoardSizeError> {
        Self::with_mirror(n, false)
    }

    /// The same, in mirror mode when `mirror` is true: about half the work, each solution
    /// found standing for itself and its mirror image.
    ///
    /// ```
    /// use bitqueens::{Step, Stepper};
    /// let half = Stepper::with_mirror(8, true).unwrap();
    /// let found = half.filter(|s| matches!(s, Step::Solution { .. })).count();
    /// assert_eq!(found as u64 * 2, bitqueens::published::A000170[8 - 1]);
    /// ```
    pub fn with_mirror(n: u32, mirror: bool) -> Result<Self, BoardSizeError> {
        Stepper::with_body(n, mirror, RichardsBlocks)
    }
}

impl<B: Body> Stepper<B> {
    /// The loop with `body` on an `n`×`n` board, in mirror mode or not, about to compute the
    /// free squares of row 0.
    pub fn with_body(n: u32, mirror: bool, body: B) -> Result<Self, BoardSizeError> {
        let done = full_mask(n)?;
        let empty = SearchCall {
            ld: 0,
            col: 0,
            rd: 0,
            poss: 0,
            bit: 0,
            phase: Phase::Enter,
        };
        Ok(Stepper {
            n,
            done,
            calls: [empty; MAX_N as usize + 1],
            depth: 1,
            counters: StepCounts::default(),
            mirror,
            body,
        })
    }

    /// The body: the blocks and their guards.
    pub fn body(&self) -> &B {
        &self.body
    }

    /// How many solutions each solution found stands for: 2 in mirror mode (itself and its
    /// mirror image, never the same board when n > 1), else 1.
    pub fn weight(&self) -> u64 {
        weight(self.n, self.mirror)
    }

    /// Board size.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// In mirror mode or not.
    pub fn mirror(&self) -> bool {
        self.mirror
    }

    /// The row being worked on (the top call); `n` at a solution.
    pub fn row(&self) -> u32 {
        (self.depth - 1) as u32
    }

    /// The call stack, row 0 first.
    pub fn calls(&self) -> &[SearchCall] {
        &self.calls[..self.depth]
    }

    /// Where the top call stands.
    pub fn phase(&self) -> Phase {
        self.top().phase
    }

    /// True once the search has finished (row 0 is `Finished`; a guard that stops the run
    /// finishes row 0 whatever row it stopped in).
    pub fn is_finished(&self) -> bool {
        self.calls[0].phase == Phase::Finished
    }

    /// Steps taken from the start.
    pub fn steps(&self) -> u64 {
        self.counters.steps
    }

    /// Queens placed from the start.
    pub fn nodes(&self) -> u64 {
        self.counters.nodes
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u64 {
        self.counters.solutions
    }

    /// Steps, nodes, solutions and operations from the start.
    pub fn step_counts(&self) -> StepCounts {
        self.counters
    }

    /// The column of the queen in each row above the top call.
    pub fn queens(&self) -> Vec<u32> {
        self.queen_columns().collect()
    }

    /// The same, without allocating.
    pub fn queen_columns(&self) -> impl Iterator<Item = u32> + '_ {
        self.calls[..self.depth - 1]
            .iter()
            .map(|f| self.column_of(f.bit))
    }

    /// The column chosen in the row being searched whose queen the next step places.
    pub fn trying(&self) -> Option<u32> {
        let top = self.top();
        (top.phase == Phase::Trying).then(|| self.column_of(top.bit))
    }

    /// The free squares of the row being searched (0 until `poss` is computed) and, of
    /// those, the ones tried already. Squares off the board are not shown.
    pub fn row_candidates(&self) -> (u32, u32) {
        let top = self.top();
        if top.phase == Phase::Enter {
            return (0, 0);
        }
        let free = self.free_squares(self.depth - 1, top) & self.done;
        (free, free & !top.poss)
    }

    /// What the page asks of the row being searched.
    pub fn current_row(&self) -> CurrentRow {
        let (candidates, tried) = self.row_candidates();
        CurrentRow {
            row: self.row(),
            candidates,
            tried,
            trying: self.trying(),
        }
    }

    /// Performs the next action of the algorithm and says what it was. Once the search has
    /// finished, every call returns [`Step::Finished`] and changes nothing.
    // `#[inline]`: a step is a handful of instructions, and the loops that call it (the wasm
    // facade's `run`, the benches) must inline it. Without the hint the compiler stopped doing
    // so when mirror mode grew `free_squares`: 138 M steps/s instead of 355 (criterion, N=10).
    // Every guard below is a constant `false` for Richards' blocks (see [`Body`]).
    #[inline]
    pub fn step(&mut self) -> Step {
        if self.body.halted() {
            return Step::Finished {
                solutions: self.counters.solutions,
            };
        }
        let row = self.depth - 1;
        let top = self.calls[row];
        let costs = self.body.blocks().costs();
        let event = match top.phase {
            Phase::Finished => {
                return Step::Finished {
                    solutions: self.counters.solutions,
                }
            }
            _ if self.body.out_of_steps(self.counters.steps) => self.halt(),
            Phase::Enter if top.col == self.done => {
                self.counters.solutions += 1;
                self.counters.operations += COST_SOLUTION;
                self.calls[row].phase = Phase::Closed;
                Step::Solution {
                    row: row as u32,
                    number: self.counters.solutions,
                }
            }
            Phase::Enter if self.body.past_last_row(row, top.col) => self.halt(),
            Phase::Enter => {
                let poss = self.free_squares(row, &top);
                self.body.scanned(row);
                self.counters.operations += costs.of_free();
                self.calls[row].poss = poss;
                self.calls[row].phase = Phase::Scanned;
                Step::Free {
                    row: row as u32,
                    poss,
                }
            }
            Phase::Scanned if top.poss == 0 => {
                self.counters.operations += COST_DEAD_END;
                self.calls[row].phase = Phase::Closed;
                Step::DeadEnd { row: row as u32 }
            }
            Phase::Scanned | Phase::Returned if top.poss != 0 => {
                let bit = self.body.blocks().lowest(top.poss);
                if self.body.bad_try(row, top.poss, bit) {
                    self.halt()
                } else {
                    self.counters.operations += costs.of_try();
                    let poss = self.body.blocks().take(top.poss, bit);
                    let call = &mut self.calls[row];
                    call.poss = poss;
                    call.bit = bit;
                    call.phase = Phase::Trying;
                    Step::Try {
                        row: row as u32,
                        column: self.column_of(bit),
                        bit,
                    }
                }
            }
            Phase::Trying => {
                let bit = top.bit;
                let (ld, col, rd) = self.body.blocks().next(top.ld, top.col, top.rd, bit);
                self.calls[row + 1] = SearchCall {
                    ld,
                    col,
                    rd,
                    poss: 0,
                    bit: 0,
                    phase: Phase::Enter,
                };
                self.depth += 1;
                self.counters.nodes += 1;
                self.counters.operations += costs.of_place();
                Step::Place {
                    row: row as u32,
                    column: self.column_of(bit),
                }
            }
            // Left: `Closed`, or `Returned` with `poss == 0`. The row is exhausted.
            Phase::Scanned | Phase::Returned | Phase::Closed if row == 0 => {
                self.counters.operations += cost_of_leaving(top.phase);
                self.calls[0].phase = Phase::Finished;
                Step::Finished {
                    solutions: self.counters.solutions,
                }
            }
            Phase::Scanned | Phase::Returned | Phase::Closed => {
                self.counters.operations += cost_of_leaving(top.phase);
                self.depth -= 1;
                let parent = &mut self.calls[row - 1];
                parent.phase = Phase::Returned;
                let bit = parent.bit;
                Step::Backtrack {
                    row: row as u32 - 1,
                    column: self.column_of(bit),
                }
            }
        };
        self.counters.steps += 1;
        event
    }

    /// A guard stopped the run (its body noted why): row 0 is finished, the rows below stay as
    /// they were, to be shown.
    #[cold]
    fn halt(&mut self) -> Step {
        self.calls[0].phase = Phase::Finished;
        Step::Finished {
            solutions: self.counters.solutions,
        }
    }

    /// The free block for row `row`, within the part of the row the search covers (all of it,
    /// except in mirror mode).
    #[inline]
    fn free_squares(&self, row: usize, call: &SearchCall) -> u32 {
        self.body.free_within(
            call.ld,
            call.col,
            call.rd,
            self.done,
            self.searched_part(row),
        )
    }

    /// The columns of row `row` the search covers (see [`searched_part`]).
    #[inline]
    fn searched_part(&self, row: usize) -> u32 {
        searched_part(self.n, self.mirror, row, self.calls[0].bit)
    }

    /// The board column (from the left) of a single-bit mask.
    pub fn column_of(&self, bit: u32) -> u32 {
        self.n - 1 - bit.trailing_zeros()
    }

    fn top(&self) -> &SearchCall {
        &self.calls[self.depth - 1]
    }
}

impl Stepper {
    /// Undoes the last step exactly and returns the event it undid; `None` at the start.
    ///
    /// Each phase of the top call is reached by one kind of step only, so the state alone
    /// says what to undo:
    /// `Enter` by `Place` (or nothing, at row 0); `Scanned` by `Free`; `Closed` by `Solution`
    /// (when `col == done`) or `DeadEnd`; `Trying` by `Try`; `Returned` by `Backtrack`;
    /// `Finished` by `Finished`. (Only Richards' blocks have this inverse; a learner's loop
    /// replays instead.)
    #[inline] // as `step`
    pub fn back(&mut self) -> Option<Step> {
        let row = self.depth - 1;
        let top = self.calls[row];
        let costs = self.body.costs();
        let undone = match top.phase {
            Phase::Enter if row == 0 => return None,
            Phase::Enter => {
                self.depth -= 1;
                self.counters.nodes -= 1;
                self.counters.operations -= costs.of_place();
                let parent = self.calls[row - 1];
                Step::Place {
                    row: row as u32 - 1,
                    column: self.column_of(parent.bit),
                }
            }
            Phase::Scanned => {
                self.counters.operations -= costs.of_free();
                self.calls[row].poss = 0;
                self.calls[row].phase = Phase::Enter;
                Step::Free {
                    row: row as u32,
                    poss: top.poss,
                }
            }
            Phase::Closed if top.col == self.done => {
                self.calls[row].phase = Phase::Enter;
                let number = self.counters.solutions;
                self.counters.solutions -= 1;
                self.counters.operations -= COST_SOLUTION;
                Step::Solution {
                    row: row as u32,
                    number,
                }
            }
            Phase::Closed => {
                self.counters.operations -= COST_DEAD_END;
                self.calls[row].phase = Phase::Scanned;
                Step::DeadEnd { row: row as u32 }
            }
            Phase::Trying => {
                // Squares are tried lowest bit first: the ones tried before `bit` are the free
                // squares below it, and the one tried just before is the highest of those.
                let bit = top.bit;
                let tried_before = self.free_squares(row, &top) & (bit - 1);
                self.counters.operations -= costs.of_try();
                let call = &mut self.calls[row];
                call.poss |= bit;
                call.bit = highest_bit(tried_before);
                call.phase = if tried_before == 0 {
                    Phase::Scanned
                } else {
                    Phase::Returned
                };
                Step::Try {
                    row: row as u32,
                    column: self.column_of(bit),
                    bit,
                }
            }
            Phase::Returned => {
                // The row below was popped exhausted; rebuild it from this row's masks and bit.
                let bit = top.bit;
                let (ld, col, rd) = self.body.next(top.ld, top.col, top.rd, bit);
                let child = SearchCall {
                    ld,
                    col,
                    rd,
                    poss: 0,
                    bit: 0,
                    phase: Phase::Enter,
                };
                self.calls[row].phase = Phase::Trying;
                self.calls[row + 1] = self.exhausted(row + 1, child);
                self.counters.operations -= cost_of_leaving(self.calls[row + 1].phase);
                self.depth += 1;
                Step::Backtrack {
                    row: row as u32,
                    column: self.column_of(bit),
                }
            }
            Phase::Finished => {
                self.calls[0] = self.exhausted(0, top);
                self.counters.operations -= cost_of_leaving(self.calls[0].phase);
                Step::Finished {
                    solutions: self.counters.solutions,
                }
            }
        };
        self.counters.steps -= 1;
        Some(undone)
    }

    /// The call as it stood just before it was left: a solution or a dead end is `Closed`;
    /// otherwise every free square was tried, the highest last.
    fn exhausted(&self, row: usize, call: SearchCall) -> SearchCall {
        let free = self.free_squares(row, &call);
        let (bit, phase) = if call.col == self.done || free == 0 {
            (0, Phase::Closed)
        } else {
            (highest_bit(free), Phase::Returned)
        };
        SearchCall {
            poss: 0,
            bit,
            phase,
            ..call
        }
    }
}

/// Two steppers are equal when their live state is: calls above the top are leftovers.
/// (Richards' only: a learner's loop compares its blocks too, see [`super::yours`].)
impl PartialEq for Stepper {
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n
            && self.mirror == other.mirror
            && self.calls() == other.calls()
            && self.counters == other.counters
    }
}

impl Eq for Stepper {}

impl<B: Body> fmt::Debug for Stepper<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stepper")
            .field("n", &self.n)
            .field("calls", &self.calls())
            .field("counters", &self.counters)
            .finish()
    }
}

/// The highest set bit of `mask`, or 0.
fn highest_bit(mask: u32) -> u32 {
    if mask == 0 {
        0
    } else {
        1 << (31 - mask.leading_zeros())
    }
}

/// Richards' bitmask as the page plays it and compares it with the classic programs.
impl Stepping for Stepper {
    fn n(&self) -> u32 {
        self.n
    }
    #[inline]
    fn step(&mut self) -> Step {
        Stepper::step(self)
    }
    #[inline]
    fn back(&mut self) -> Option<Step> {
        Stepper::back(self)
    }
    fn is_finished(&self) -> bool {
        Stepper::is_finished(self)
    }
    fn step_counts(&self) -> StepCounts {
        self.counters
    }
    fn mirror(&self) -> bool {
        self.mirror
    }
    fn current_row(&self) -> CurrentRow {
        Stepper::current_row(self)
    }
    fn queens(&self) -> Queens {
        self.queen_columns().collect()
    }
}

/// Yields every step up to and including [`Step::Finished`], then `None`.
impl Iterator for Stepper {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        (!self.is_finished()).then(|| self.step())
    }
}

impl FusedIterator for Stepper {}

/// What Richards' lane draws: the stack of calls (`ld`, `col`, `rd`, `poss`, `bit`), as the
/// main page shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RichardsDetail {
    /// Where the top call stands.
    pub phase: Phase,
    /// One call per row down to the one being searched.
    pub calls: Vec<SearchCall>,
}

/// Richards' bitmask takes only free squares: it tests nothing (`last_test` is `None`).
impl Describe for Stepper {
    const NAME: &'static str = "Richards' bitmask";
    const SLUG: &'static str = "richards";
    fn start(n: u32, mirror: bool) -> Result<Self, BoardSizeError> {
        Stepper::with_mirror(n, mirror)
    }
    fn detail(&self) -> Detail {
        Detail::Richards(RichardsDetail {
            phase: self.phase(),
            calls: self.calls().to_vec(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_outside_1_to_32_are_errors() {
        assert_eq!(Stepper::new(0).unwrap_err(), BoardSizeError(0));
        assert_eq!(Stepper::new(33).unwrap_err(), BoardSizeError(33));
        assert!(Stepper::new(1).is_ok());
        assert!(Stepper::new(32).is_ok());
    }

    #[test]
    fn n1_goes_through_every_kind_of_step() {
        let steps: Vec<Step> = Stepper::new(1).unwrap().collect();
        assert_eq!(
            steps,
            vec![
                Step::Free { row: 0, poss: 1 },
                Step::Try {
                    row: 0,
                    column: 0,
                    bit: 1
                },
                Step::Place { row: 0, column: 0 },
                Step::Solution { row: 1, number: 1 },
                Step::Backtrack { row: 0, column: 0 },
                Step::Finished { solutions: 1 },
            ]
        );
    }

    #[test]
    fn n2_hits_a_dead_end() {
        let steps: Vec<Step> = Stepper::new(2).unwrap().collect();
        assert!(steps.contains(&Step::DeadEnd { row: 1 }));
        assert_eq!(steps.last(), Some(&Step::Finished { solutions: 0 }));
    }

    #[test]
    fn the_first_square_tried_is_the_rightmost_column() {
        let mut s = Stepper::new(8).unwrap();
        s.step();
        assert_eq!(
            s.step(),
            Step::Try {
                row: 0,
                column: 7,
                bit: 1
            }
        );
        s.step();
        // Row 1 below a queen in column 7: column 7 and its `/` diagonal (column 6) are taken.
        assert_eq!(
            s.step(),
            Step::Free {
                row: 1,
                poss: 0b1111_1100
            }
        );
    }

    #[test]
    fn a_finished_search_stays_finished() {
        let mut s = Stepper::new(4).unwrap();
        while !s.is_finished() {
            s.step();
        }
        let before = s.clone();
        assert_eq!(s.step(), Step::Finished { solutions: 2 });
        assert_eq!(s, before);
        assert_eq!(s.next(), None);
    }

    #[test]
    fn n32_masks_do_not_overflow() {
        let mut s = Stepper::new(32).unwrap();
        assert_eq!(
            s.step(),
            Step::Free {
                row: 0,
                poss: u32::MAX
            }
        );
        assert_eq!(
            s.step(),
            Step::Try {
                row: 0,
                column: 31,
                bit: 1
            }
        );
        for _ in 0..10_000 {
            s.step();
        }
        assert!(s.queens().iter().all(|&c| c < 32));
    }

    #[test]
    fn back_from_the_start_is_none() {
        let mut s = Stepper::new(5).unwrap();
        assert_eq!(s.back(), None);
        s.step();
        assert!(s.back().is_some());
        assert_eq!(s, Stepper::new(5).unwrap());
    }

    #[test]
    fn back_returns_the_step_it_undoes() {
        let mut s = Stepper::new(6).unwrap();
        for _ in 0..500 {
            let before = s.clone();
            let step = s.step();
            let mut undone = s.clone();
            assert_eq!(undone.back(), Some(step));
            assert_eq!(undone, before);
        }
    }

    #[test]
    fn operations_add_up_the_lines_each_step_runs_and_go_back_to_zero() {
        // Per step, the operations written on the lines it executes (see `blocks::Costs`): computing
        // poss 5 (with the `col == done` test), choosing a bit 4, placing 5, a solution or a
        // dead end 1, and leaving a row whose squares were tried 1.
        let mut s = Stepper::new(6).unwrap();
        let mut expected = 0;
        while !s.is_finished() {
            let left_after_trying = s.phase() == Phase::Returned;
            expected += match s.step() {
                Step::Free { .. } | Step::Place { .. } => 5,
                Step::Try { .. } => 4,
                Step::Solution { .. } | Step::DeadEnd { .. } => 1,
                Step::Backtrack { .. } | Step::Finished { .. } => u64::from(left_after_trying),
                Step::Reject { .. } => {
                    unreachable!("Richards' bitmask never tests an attacked square")
                }
            };
            assert_eq!(s.counters.operations, expected, "after step {}", s.steps());
        }
        while s.back().is_some() {}
        assert_eq!(s.counters.operations, 0);
    }

    #[test]
    fn highest_bit_of_masks() {
        assert_eq!(highest_bit(0), 0);
        assert_eq!(highest_bit(0b1011), 0b1000);
        assert_eq!(highest_bit(u32::MAX), 1 << 31);
    }
}
