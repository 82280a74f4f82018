//! The backtracking walk the classic programs share: rows top to bottom, in each row the
//! program's candidate columns lowest bit first (the right-most column first, as Richards'
//! `bit = poss & -poss`), each candidate tested, placed when free, the row left when none is
//! left. What differs from program to program is what it keeps and what it reads to find and
//! test a candidate: that is a [`Program`], and its cost is counted in operations.
//!
//! Like [`crate::Stepper`], the walk owns an explicit stack of rows and every state has one
//! predecessor that the state itself tells, so [`Walk::back`] is exact and keeps no log.
//! A program's tests and candidate lists are pure functions of what it holds, so going back
//! recomputes the operations a step spent instead of remembering them.

use super::{Describe, Detail};
use crate::board::{full_mask, searched_part, BoardSizeError, MAX_N};
use crate::stepping::{CurrentRow, Queens, Step, StepCounts, Stepping};
use std::fmt;

/// One classic program: its data structure and how it finds and tests candidates. Rows are
/// 0-based; a square is given by its row and its column's bit (display convention: bit
/// `n - 1 - c` is column `c`).
///
/// Invariant the walk relies on: when `row` is being searched, the program holds exactly the
/// queens of rows `0..row` (placed by [`Program::place`], removed by [`Program::lift`]).
pub trait Program: Sized {
    /// The name the page and the command line show (see [`Describe`]).
    const NAME: &'static str;
    /// The short name used in URLs and on the command line (see [`Describe`]).
    const SLUG: &'static str;
    /// The program's own data structure, as its lane draws it, in `walk`.
    fn detail(walk: &Walk<Self>) -> Detail;
    /// An empty board of `n` columns.
    fn new(n: u32) -> Self;
    /// Operations to check, when a row is entered, whether every row holds a queen.
    const SOLUTION_CHECK: u64;
    /// Operations to check whether a row has candidates left (the loop's test).
    const LOOP_TEST: u64;
    /// The columns of `row` this program will consider, within `searched` (the columns the
    /// search covers), and the operations spent finding them.
    fn candidates(&self, row: u32, searched: u32) -> (u32, u64);
    /// Tests the square (`row`, `bit`), one of the candidates: true when a queen above
    /// attacks it, and the operations spent taking it from the candidates and testing it.
    fn test(&self, row: u32, bit: u32) -> (bool, u64);
    /// Operations to place a queen that a test found free.
    const PLACE: u64;
    /// Operations to lift it again when its row below is done.
    const LIFT: u64;
    /// Puts a queen on (`row`, `bit`), a square its test found free.
    fn place(&mut self, row: u32, bit: u32);
    /// Takes the queen of `row` (on `bit`) away again.
    fn lift(&mut self, row: u32, bit: u32);
}

/// Where the search stands in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WalkPhase {
    /// Entered; the candidates are not known yet.
    Enter,
    /// The candidates are known; none was tested.
    Scanned,
    /// `bit` was tested and is free: its queen is placed by the next step.
    Free,
    /// `bit` was tested and is attacked: the next step tests the next candidate.
    Rejected,
    /// Back from the row below `bit`.
    Returned,
    /// A solution, or no candidate at all: the next step leaves the row.
    Closed,
    /// The walk is over (row 0 only).
    Finished,
}

/// The state of one row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RowState {
    /// The columns the program considers in this row (0 until `Scanned`).
    candidates: u32,
    /// Candidates not tested yet. Invariant: candidates below `bit` were tested, the others
    /// are untried.
    untried: u32,
    /// The candidate tested last (0 while none was).
    bit: u32,
    phase: WalkPhase,
}

const ENTERED: RowState = RowState {
    candidates: 0,
    untried: 0,
    bit: 0,
    phase: WalkPhase::Enter,
};

/// A classic program walking the search tree one observable action at a time.
#[derive(Clone, Debug)]
pub struct Walk<P> {
    n: u32,
    mirror: bool,
    program: P,
    /// `rows[..depth]` is the stack; `rows[depth - 1]` the row being searched.
    rows: [RowState; MAX_N as usize + 1],
    depth: usize,
    counters: StepCounts,
}

impl<P: Program> Walk<P> {
    /// A walk on an `n`×`n` board (mirror mode: see [`searched_part`]).
    pub fn new(n: u32, mirror: bool) -> Result<Self, BoardSizeError> {
        full_mask(n)?;
        Ok(Walk {
            n,
            mirror,
            program: P::new(n),
            rows: [ENTERED; MAX_N as usize + 1],
            depth: 1,
            counters: StepCounts::default(),
        })
    }

    /// The program, with its data structure as it stands.
    pub fn program(&self) -> &P {
        &self.program
    }

    /// The row being searched (`n` at a solution).
    pub fn row(&self) -> u32 {
        (self.depth - 1) as u32
    }

    /// The square of the row being searched that was tested last and found free, whose
    /// queen the next step places.
    pub fn trying(&self) -> Option<u32> {
        let top = self.top();
        (top.phase == WalkPhase::Free).then(|| self.column_of(top.bit))
    }

    /// The last square tested in the row being searched and whether it was attacked, while
    /// that test is what the row shows (just after it, before anything else happened there).
    pub fn tested(&self) -> Option<(u32, bool)> {
        let top = self.top();
        match top.phase {
            WalkPhase::Free => Some((top.bit, false)),
            WalkPhase::Rejected => Some((top.bit, true)),
            _ => None,
        }
    }

    /// [`Walk::tested`] with the square as its board column (from the left).
    pub fn tested_column(&self) -> Option<(u32, bool)> {
        self.tested()
            .map(|(bit, attacked)| (self.n - 1 - bit.trailing_zeros(), attacked))
    }

    fn top(&self) -> &RowState {
        &self.rows[self.depth - 1]
    }

    fn column_of(&self, bit: u32) -> u32 {
        self.n - 1 - bit.trailing_zeros()
    }

    fn searched(&self, row: usize) -> u32 {
        searched_part(self.n, self.mirror, row, self.rows[0].bit)
    }

    /// The phase a row rests in after testing `bit` (its queen, if any, lifted again).
    fn after_testing(&self, row: usize, bit: u32) -> WalkPhase {
        if self.program.test(row as u32, bit).0 {
            WalkPhase::Rejected
        } else {
            WalkPhase::Returned
        }
    }

    /// Leaving a row costs its failing loop test when candidates were tested there; a
    /// solution or a row without candidates paid it already.
    fn cost_of_leaving(phase: WalkPhase) -> u64 {
        match phase {
            WalkPhase::Rejected | WalkPhase::Returned => P::LOOP_TEST,
            _ => 0,
        }
    }

    /// Takes the next candidate of `row` and tests it.
    fn test_next(&mut self, row: usize, top: RowState) -> Step {
        let bit = top.untried & top.untried.wrapping_neg();
        let (attacked, cost) = self.program.test(row as u32, bit);
        self.counters.operations += P::LOOP_TEST + cost;
        let state = &mut self.rows[row];
        state.untried -= bit;
        state.bit = bit;
        state.phase = if attacked {
            WalkPhase::Rejected
        } else {
            WalkPhase::Free
        };
        let (row, column) = (row as u32, self.column_of(bit));
        if attacked {
            Step::Reject { row, column, bit }
        } else {
            Step::Try { row, column, bit }
        }
    }

    /// The state of `row` as it stood just before it was left: closed at a solution or when
    /// it had no candidate, else every candidate tested, the highest last.
    fn exhausted(&self, row: usize) -> RowState {
        if row == self.n as usize {
            return RowState {
                phase: WalkPhase::Closed,
                ..ENTERED
            };
        }
        let (candidates, _) = self.program.candidates(row as u32, self.searched(row));
        if candidates == 0 {
            return RowState {
                candidates,
                phase: WalkPhase::Closed,
                ..ENTERED
            };
        }
        let last = 1 << (31 - candidates.leading_zeros());
        RowState {
            candidates,
            untried: 0,
            bit: last,
            phase: self.after_testing(row, last),
        }
    }
}

/// Two walks are equal when their live state is: rows above the top are leftovers.
impl<P: PartialEq> PartialEq for Walk<P> {
    fn eq(&self, other: &Self) -> bool {
        (self.n, self.mirror, self.depth) == (other.n, other.mirror, other.depth)
            && self.program == other.program
            && self.rows[..self.depth] == other.rows[..other.depth]
            && self.counters == other.counters
    }
}

impl<P: Eq> Eq for Walk<P> {}

impl<P: Program> Stepping for Walk<P> {
    fn n(&self) -> u32 {
        self.n
    }

    fn step(&mut self) -> Step {
        let row = self.depth - 1;
        let top = self.rows[row];
        let event = match top.phase {
            WalkPhase::Finished => {
                return Step::Finished {
                    solutions: self.counters.solutions,
                }
            }
            WalkPhase::Enter if row == self.n as usize => {
                self.counters.solutions += 1;
                self.counters.operations += P::SOLUTION_CHECK;
                self.rows[row].phase = WalkPhase::Closed;
                Step::Solution {
                    row: row as u32,
                    number: self.counters.solutions,
                }
            }
            WalkPhase::Enter => {
                let (candidates, cost) = self.program.candidates(row as u32, self.searched(row));
                self.counters.operations += P::SOLUTION_CHECK + cost;
                self.rows[row] = RowState {
                    candidates,
                    untried: candidates,
                    bit: 0,
                    phase: WalkPhase::Scanned,
                };
                Step::Free {
                    row: row as u32,
                    poss: candidates,
                }
            }
            WalkPhase::Scanned if top.untried == 0 => {
                self.counters.operations += P::LOOP_TEST;
                self.rows[row].phase = WalkPhase::Closed;
                Step::DeadEnd { row: row as u32 }
            }
            WalkPhase::Scanned | WalkPhase::Rejected | WalkPhase::Returned if top.untried != 0 => {
                self.test_next(row, top)
            }
            WalkPhase::Free => {
                self.program.place(row as u32, top.bit);
                self.counters.operations += P::PLACE;
                self.rows[row + 1] = ENTERED;
                self.depth += 1;
                self.counters.nodes += 1;
                Step::Place {
                    row: row as u32,
                    column: self.column_of(top.bit),
                }
            }
            // Left: a closed row, or one whose candidates were all tested.
            _ if row == 0 => {
                self.counters.operations += Self::cost_of_leaving(top.phase);
                self.rows[0].phase = WalkPhase::Finished;
                Step::Finished {
                    solutions: self.counters.solutions,
                }
            }
            _ => {
                self.counters.operations += Self::cost_of_leaving(top.phase);
                self.depth -= 1;
                let parent = self.rows[row - 1];
                self.program.lift(row as u32 - 1, parent.bit);
                self.counters.operations += P::LIFT;
                self.rows[row - 1].phase = WalkPhase::Returned;
                Step::Backtrack {
                    row: row as u32 - 1,
                    column: self.column_of(parent.bit),
                }
            }
        };
        self.counters.steps += 1;
        event
    }

    /// Each phase of the top row is reached by one kind of step only: `Enter` by `Place`
    /// (or nothing, at row 0), `Scanned` by `Free`, `Closed` by `Solution` (at row n) or
    /// `DeadEnd`, `Free` by `Try`, `Rejected` by `Reject`, `Returned` by `Backtrack`,
    /// `Finished` by `Finished`.
    fn back(&mut self) -> Option<Step> {
        let row = self.depth - 1;
        let top = self.rows[row];
        let undone = match top.phase {
            WalkPhase::Enter if row == 0 => return None,
            WalkPhase::Enter => {
                self.depth -= 1;
                self.counters.nodes -= 1;
                let parent = self.rows[row - 1];
                self.program.lift(row as u32 - 1, parent.bit);
                self.counters.operations -= P::PLACE;
                self.rows[row - 1].phase = WalkPhase::Free;
                Step::Place {
                    row: row as u32 - 1,
                    column: self.column_of(parent.bit),
                }
            }
            WalkPhase::Scanned => {
                let (_, cost) = self.program.candidates(row as u32, self.searched(row));
                self.counters.operations -= P::SOLUTION_CHECK + cost;
                self.rows[row] = ENTERED;
                Step::Free {
                    row: row as u32,
                    poss: top.candidates,
                }
            }
            WalkPhase::Closed if row == self.n as usize => {
                self.counters.operations -= P::SOLUTION_CHECK;
                self.rows[row].phase = WalkPhase::Enter;
                let number = self.counters.solutions;
                self.counters.solutions -= 1;
                Step::Solution {
                    row: row as u32,
                    number,
                }
            }
            WalkPhase::Closed => {
                self.counters.operations -= P::LOOP_TEST;
                self.rows[row].phase = WalkPhase::Scanned;
                Step::DeadEnd { row: row as u32 }
            }
            WalkPhase::Free | WalkPhase::Rejected => {
                // The candidate tested before `bit` is the highest candidate below it.
                let bit = top.bit;
                self.counters.operations -= P::LOOP_TEST + self.program.test(row as u32, bit).1;
                let before = top.candidates & (bit - 1);
                let previous = if before == 0 {
                    0
                } else {
                    1 << (31 - before.leading_zeros())
                };
                let phase = if previous == 0 {
                    WalkPhase::Scanned
                } else {
                    self.after_testing(row, previous)
                };
                self.rows[row] = RowState {
                    untried: top.untried | bit,
                    bit: previous,
                    phase,
                    ..top
                };
                let (row, column) = (row as u32, self.column_of(bit));
                if top.phase == WalkPhase::Rejected {
                    Step::Reject { row, column, bit }
                } else {
                    Step::Try { row, column, bit }
                }
            }
            WalkPhase::Returned => {
                // Put the queen back, then the row below as it stood when it was left.
                self.program.place(row as u32, top.bit);
                self.counters.operations -= P::LIFT;
                self.rows[row].phase = WalkPhase::Free;
                let child = self.exhausted(row + 1);
                self.counters.operations -= Self::cost_of_leaving(child.phase);
                self.rows[row + 1] = child;
                self.depth += 1;
                Step::Backtrack {
                    row: row as u32,
                    column: self.column_of(top.bit),
                }
            }
            WalkPhase::Finished => {
                let state = self.exhausted(0);
                self.counters.operations -= Self::cost_of_leaving(state.phase);
                self.rows[0] = state;
                Step::Finished {
                    solutions: self.counters.solutions,
                }
            }
        };
        self.counters.steps -= 1;
        Some(undone)
    }

    fn is_finished(&self) -> bool {
        self.top().phase == WalkPhase::Finished
    }
    fn step_counts(&self) -> StepCounts {
        self.counters
    }
    fn mirror(&self) -> bool {
        self.mirror
    }
    fn current_row(&self) -> CurrentRow {
        let top = self.top();
        CurrentRow {
            row: self.row(),
            candidates: top.candidates,
            tried: top.candidates & !top.untried,
            trying: self.trying(),
        }
    }
    fn queens(&self) -> Queens {
        self.rows[..self.depth - 1]
            .iter()
            .map(|f| self.column_of(f.bit))
            .collect()
    }
}

/// Every classic walk describes itself through its program; it tests squares, so its last
/// test is shown.
impl<P: Program + Clone + fmt::Debug + PartialEq + Eq> Describe for Walk<P> {
    const NAME: &'static str = P::NAME;
    const SLUG: &'static str = P::SLUG;
    fn start(n: u32, mirror: bool) -> Result<Self, BoardSizeError> {
        Walk::new(n, mirror)
    }
    fn detail(&self) -> Detail {
        P::detail(self)
    }
    fn last_test(&self) -> Option<(u32, bool)> {
        self.tested_column()
    }
}
