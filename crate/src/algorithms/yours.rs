//! "Your program": Richards' loop with its four blocks (free squares, the lowest free
//! square, taking it away, the next row's masks) supplied from outside as [`Blocks`] — the
//! learner's own expressions, compiled by [`crate::exercise::program`]; Richards' own when
//! none are given ([`Yours::start`]). The loop's control (`col == done`, `while poss`, the
//! calls and returns) is Richards', so with Richards' blocks this stepper is Richards' to
//! the step and the operation.
//!
//! A loop that is legal but wrong still runs, bounded: it stops with a sentence (and
//! [`Step::Finished`]) when `bit` is not a single square of the board, when a row would hold a
//! queen past the board's last row, when a row tries more squares than the board has columns
//! (its new `poss` does not lose `bit`), or after a step limit (8 times Richards' whole search
//! plus 1,000, for n <= [`LIMIT_UP_TO`]; above that the other bounds alone end it). A shadow
//! Richards stepper runs in lockstep until the first step where the two differ:
//! [`Yours::left_path`] says where and why.
//!
//! `back` replays from the last checkpoint (every [`CHECKPOINT`] steps at first): the learner's blocks
//! have no inverse.

use super::richards::{Phase, SearchCall, Stepper};
use super::{Describe, Detail};
use crate::board::{full_mask, searched_part, BoardSizeError, MAX_N};
use crate::stepping::{CurrentRow, Queens, Step, StepCounts, Stepping};
use serde::Serialize;
use std::fmt;
use std::rc::Rc;

/// Steps between two checkpoints of `back`.
pub const CHECKPOINT: u64 = 256;
/// The most checkpoints kept (about 1 KB each): past that, every other one is dropped.
pub const MAX_CHECKPOINTS: usize = 4_096;
/// The largest board whose step limit is measured on Richards' whole search.
pub const LIMIT_UP_TO: u32 = 12;

/// The four blocks of the loop.
pub trait Blocks {
    /// `poss` from `ld`, `col`, `rd`, `done`.
    fn free(&self, ld: u32, col: u32, rd: u32, done: u32) -> u32;
    /// `bit` from `poss`.
    fn lowest(&self, poss: u32) -> u32;
    /// The new `poss` from `poss` and `bit`.
    fn take(&self, poss: u32, bit: u32) -> u32;
    /// The next row's `ld`, `col`, `rd` from `ld`, `col`, `rd`, `bit`.
    fn next(&self, ld: u32, col: u32, rd: u32, bit: u32) -> (u32, u32, u32);
    /// The operators of each block, in the order above.
    fn costs(&self) -> [u64; 4];
}

/// Richards' own blocks.
struct RichardsBlocks;

impl Blocks for RichardsBlocks {
    fn free(&self, ld: u32, col: u32, rd: u32, done: u32) -> u32 {
        !(ld | col | rd) & done
    }
    fn lowest(&self, poss: u32) -> u32 {
        poss & poss.wrapping_neg()
    }
    fn take(&self, poss: u32, bit: u32) -> u32 {
        poss.wrapping_sub(bit)
    }
    fn next(&self, ld: u32, col: u32, rd: u32, bit: u32) -> (u32, u32, u32) {
        ((ld | bit) >> 1, col | bit, (rd | bit) << 1)
    }
    fn costs(&self) -> [u64; 4] {
        [4, 2, 1, 5]
    }
}

/// Where the run first left Richards' path, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeftPath {
    /// The position right after the first step that differs.
    pub step: u64,
    /// One sentence.
    pub reason: String,
}

/// The state `back` restores and replays from.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Core {
    calls: [SearchCall; MAX_N as usize + 2],
    /// Squares tried in each row's call.
    tries: [u32; MAX_N as usize + 2],
    /// The squares `poss` held when each row's call computed it.
    found: [u32; MAX_N as usize + 2],
    depth: usize,
    counters: StepCounts,
    /// Why the run was stopped before its end, once it was.
    stopped: Option<String>,
}

/// Richards' loop with the learner's blocks.
#[derive(Clone)]
pub struct Yours {
    n: u32,
    mirror: bool,
    done: u32,
    blocks: Rc<dyn Blocks>,
    core: Core,
    /// `checkpoints[k]` is the state after `k * spacing` steps.
    checkpoints: Vec<Core>,
    /// [`CHECKPOINT`] at first, doubled whenever more than [`MAX_CHECKPOINTS`] are kept.
    spacing: u64,
    limit: u64,
    /// Richards' stepper, in lockstep until the first difference.
    shadow: Stepper,
    left: Option<LeftPath>,
}

impl Yours {
    /// The loop on an `n`×`n` board with these blocks.
    pub fn new(n: u32, mirror: bool, blocks: Rc<dyn Blocks>) -> Result<Yours, BoardSizeError> {
        let done = full_mask(n)?;
        let shadow = Stepper::with_mirror(n, mirror)?;
        let limit = if n <= LIMIT_UP_TO {
            let mut whole = shadow.clone();
            while !whole.is_finished() {
                whole.step();
            }
            8 * whole.steps() + 1_000
        } else {
            u64::MAX
        };
        let empty = SearchCall {
            ld: 0,
            col: 0,
            rd: 0,
            poss: 0,
            bit: 0,
            phase: Phase::Enter,
        };
        let core = Core {
            calls: [empty; MAX_N as usize + 2],
            tries: [0; MAX_N as usize + 2],
            found: [0; MAX_N as usize + 2],
            depth: 1,
            counters: StepCounts::default(),
            stopped: None,
        };
        Ok(Yours {
            n,
            mirror,
            done,
            blocks,
            checkpoints: vec![core.clone()],
            spacing: CHECKPOINT,
            core,
            limit,
            shadow,
            left: None,
        })
    }

    /// Where the run first left Richards' path, once it has passed that step.
    pub fn left_path(&self) -> Option<LeftPath> {
        self.left
            .clone()
            .filter(|left| left.step <= self.core.counters.steps)
    }

    /// Why the run stopped before its end, if it did.
    pub fn stopped(&self) -> Option<&str> {
        self.core.stopped.as_deref()
    }

    /// The call stack, row 0 first.
    pub fn calls(&self) -> &[SearchCall] {
        &self.core.calls[..self.core.depth]
    }

    fn column_of(&self, bit: u32) -> u32 {
        self.n - 1 - bit.trailing_zeros()
    }

    /// `0b…` with at least `n` digits.
    fn binary(&self, mask: u32) -> String {
        let width = (self.n as usize).max((32 - mask.leading_zeros()) as usize);
        format!("0b{mask:0width$b}")
    }

    fn stop(&mut self, reason: String) -> Step {
        self.core.stopped = Some(reason);
        self.core.calls[0].phase = Phase::Finished;
        Step::Finished {
            solutions: self.core.counters.solutions,
        }
    }

    /// Why `bit`, chosen from `poss` in `row`, cannot be tried, if it cannot.
    fn bad_bit(&self, row: usize, poss: u32, bit: u32) -> Option<String> {
        let shown_row = row + 1; // the page counts rows from 1
        if self.core.tries[row] >= self.n {
            Some(format!(
                "row {shown_row}: the loop tried more squares than the row has: the new `poss` \
                 ({}) still holds squares tried",
                self.binary(poss)
            ))
        } else if bit == 0 || bit & (bit - 1) != 0 {
            Some(format!(
                "row {shown_row}: `bit` is {} for `poss` = {}: not a single square",
                self.binary(bit),
                self.binary(poss)
            ))
        } else if bit & !self.done != 0 {
            Some(format!(
                "row {shown_row}: `bit` is {}, a square off the board (the board has {} columns)",
                self.binary(bit),
                self.n
            ))
        } else {
            None
        }
    }

    /// [`Yours::stop`], counted as a step.
    fn stop_counted(&mut self, reason: String) -> Step {
        let event = self.stop(reason);
        self.core.counters.steps += 1;
        event
    }

    /// One step of the loop, without checkpoints or the shadow.
    fn advance(&mut self) -> Step {
        let row = self.core.depth - 1;
        let shown_row = row + 1; // the page counts rows from 1
        let top = self.core.calls[row];
        let costs = self.blocks.costs();
        let event = match top.phase {
            Phase::Finished => {
                return Step::Finished {
                    solutions: self.core.counters.solutions,
                }
            }
            _ if self.core.counters.steps >= self.limit => self.stop(format!(
                "stopped after {} steps, 8 times Richards' whole search: the loop does not end",
                self.limit
            )),
            Phase::Enter if top.col == self.done => {
                self.core.counters.solutions += 1;
                self.core.counters.operations += 1;
                self.core.calls[row].phase = Phase::Closed;
                Step::Solution {
                    row: row as u32,
                    number: self.core.counters.solutions,
                }
            }
            Phase::Enter if row as u32 >= self.n => self.stop(format!(
                "row {shown_row}: all {} rows hold a queen but `col` is {}, not `done`: a queen past \
                 the last row would be placed",
                self.n,
                self.binary(top.col)
            )),
            Phase::Enter => {
                let mut poss = self.blocks.free(top.ld, top.col, top.rd, self.done);
                if self.mirror && row <= 1 {
                    // Mirror mode searches part of rows 0 and 1 (Richards' stepper does too).
                    poss &= searched_part(self.n, true, row, self.core.calls[0].bit) | !self.done;
                }
                let core = &mut self.core;
                core.counters.operations += 1 + costs[0];
                core.calls[row].poss = poss;
                core.calls[row].phase = Phase::Scanned;
                core.found[row] = poss;
                core.tries[row] = 0;
                Step::Free {
                    row: row as u32,
                    poss,
                }
            }
            Phase::Scanned if top.poss == 0 => {
                self.core.counters.operations += 1;
                self.core.calls[row].phase = Phase::Closed;
                Step::DeadEnd { row: row as u32 }
            }
            Phase::Scanned | Phase::Returned if top.poss != 0 => {
                let bit = self.blocks.lowest(top.poss);
                if let Some(reason) = self.bad_bit(row, top.poss, bit) {
                    return self.stop_counted(reason);
                }
                let poss = self.blocks.take(top.poss, bit);
                let core = &mut self.core;
                core.counters.operations += 1 + costs[1] + costs[2];
                core.tries[row] += 1;
                let call = &mut core.calls[row];
                call.poss = poss;
                call.bit = bit;
                call.phase = Phase::Trying;
                Step::Try {
                    row: row as u32,
                    column: self.column_of(bit),
                    bit,
                }
            }
            Phase::Trying => {
                let (ld, col, rd) = self.blocks.next(top.ld, top.col, top.rd, top.bit);
                let core = &mut self.core;
                core.calls[row + 1] = SearchCall {
                    ld,
                    col,
                    rd,
                    poss: 0,
                    bit: 0,
                    phase: Phase::Enter,
                };
                core.depth += 1;
                core.counters.nodes += 1;
                core.counters.operations += costs[3];
                Step::Place {
                    row: row as u32,
                    column: self.column_of(top.bit),
                }
            }
            Phase::Scanned | Phase::Returned | Phase::Closed if row == 0 => {
                self.core.counters.operations += u64::from(top.phase == Phase::Returned);
                self.core.calls[0].phase = Phase::Finished;
                Step::Finished {
                    solutions: self.core.counters.solutions,
                }
            }
            Phase::Scanned | Phase::Returned | Phase::Closed => {
                let core = &mut self.core;
                core.counters.operations += u64::from(top.phase == Phase::Returned);
                core.depth -= 1;
                core.calls[row - 1].phase = Phase::Returned;
                let bit = core.calls[row - 1].bit;
                Step::Backtrack {
                    row: row as u32 - 1,
                    column: self.column_of(bit),
                }
            }
        };
        self.core.counters.steps += 1;
        event
    }

    /// Steps the shadow along and notes the first step where the two differ.
    fn follow(&mut self, mine: Step) {
        let steps = self.core.counters.steps;
        if self.left.is_some() || self.shadow.steps() + 1 != steps {
            return;
        }
        let theirs = self.shadow.step();
        let reason = self.difference(mine, theirs);
        if let Some(reason) = reason {
            self.left = Some(LeftPath {
                step: steps,
                reason,
            });
        }
    }

    /// Why a `poss` of row `row` differs from Richards': a square off the board, a square a
    /// queen attacks (which queen, and how), or a free square left out.
    fn why_poss(&self, row: usize, mine: u32, theirs: u32) -> String {
        if mine & !self.done != 0 {
            return ": it holds squares off the board (is `& done` missing?)".to_owned();
        }
        let extra = mine & !theirs;
        if extra != 0 {
            let column = self.column_of(extra & extra.wrapping_neg()) as i64;
            let attack = self.calls()[..row]
                .iter()
                .enumerate()
                .find_map(|(r, call)| {
                    let queen = self.column_of(call.bit) as i64;
                    let distance = (row - r) as i64;
                    if queen == column {
                        Some((r, queen, "in its column"))
                    } else if queen + distance == column {
                        Some((r, queen, "along the \\ diagonal (ld)"))
                    } else if queen - distance == column {
                        Some((r, queen, "along the / diagonal (rd)"))
                    } else {
                        None
                    }
                });
            return match attack {
                Some((r, queen, how)) => {
                    // Rows and columns as the page counts them, from 1.
                    format!(
                        ": the queen in row {}, column {} attacks column {} {how}",
                        r + 1,
                        queen + 1,
                        column + 1
                    )
                }
                None => format!(
                    ": column {} is outside the part of the row searched",
                    column + 1
                ),
            };
        }
        let missing = theirs & !mine;
        let column = self.column_of(missing & missing.wrapping_neg());
        format!(
            ": column {} is free, but your poss leaves it out",
            column + 1
        )
    }

    /// Why the state after `mine` differs from Richards' after `theirs`, if it does.
    fn difference(&self, mine: Step, theirs: Step) -> Option<String> {
        if let Some(stopped) = &self.core.stopped {
            return Some(stopped.clone());
        }
        let row = self.core.depth - 1;
        let shown_row = row + 1; // the page counts rows from 1
        let ours = self.core.calls[row];
        let richards = self.shadow.calls().last().copied()?;
        let (ours_row, their_row) = (row + 1, self.shadow.row() as usize + 1);
        if ours_row != their_row {
            return Some(format!(
                "your loop went to row {ours_row} where Richards' went to row {their_row} \
                 ({mine:?} where Richards' took {theirs:?})"
            ));
        }
        let fields = [
            ("poss", ours.poss, richards.poss),
            ("bit", ours.bit, richards.bit),
            ("ld", ours.ld, richards.ld),
            ("col", ours.col, richards.col),
            ("rd", ours.rd, richards.rd),
        ];
        for (name, mine_value, theirs_value) in fields {
            if mine_value != theirs_value {
                let why = if name == "poss" {
                    self.why_poss(row, mine_value, theirs_value)
                } else {
                    String::new()
                };
                return Some(format!(
                    "row {shown_row}: your {name} is {} where Richards' is {}{why}",
                    self.binary(mine_value),
                    self.binary(theirs_value)
                ));
            }
        }
        (mine != theirs || ours.phase != richards.phase).then(|| {
            format!("row {shown_row}: your loop took {mine:?} where Richards' took {theirs:?}")
        })
    }
}

impl Stepping for Yours {
    fn n(&self) -> u32 {
        self.n
    }
    fn step(&mut self) -> Step {
        let event = self.advance();
        let steps = self.core.counters.steps;
        if steps.is_multiple_of(self.spacing)
            && self.checkpoints.len() as u64 == steps / self.spacing
        {
            self.checkpoints.push(self.core.clone());
            if self.checkpoints.len() > MAX_CHECKPOINTS {
                let mut k = 0;
                self.checkpoints.retain(|_| {
                    k += 1;
                    k % 2 == 1
                });
                self.spacing *= 2;
            }
        }
        self.follow(event);
        event
    }
    fn back(&mut self) -> Option<Step> {
        let target = self.core.counters.steps.checked_sub(1)?;
        let from = (target / self.spacing) as usize;
        self.core = self.checkpoints[from.min(self.checkpoints.len() - 1)].clone();
        while self.core.counters.steps < target {
            self.advance();
        }
        let at_target = self.core.clone();
        let undone = self.advance();
        self.core = at_target;
        if self.shadow.steps() > target {
            self.shadow.back();
        }
        Some(undone)
    }
    fn is_finished(&self) -> bool {
        self.core.calls[0].phase == Phase::Finished
    }
    fn step_counts(&self) -> StepCounts {
        self.core.counters
    }
    fn mirror(&self) -> bool {
        self.mirror
    }
    fn queens(&self) -> Queens {
        self.calls()[..self.core.depth - 1]
            .iter()
            .map(|c| self.column_of(c.bit))
            .collect()
    }
    fn current_row(&self) -> CurrentRow {
        let row = self.core.depth - 1;
        let top = self.core.calls[row];
        let found = if top.phase == Phase::Enter {
            0
        } else {
            self.core.found[row]
        };
        CurrentRow {
            row: row as u32,
            candidates: found & self.done,
            tried: found & self.done & !top.poss,
            trying: (top.phase == Phase::Trying).then(|| self.column_of(top.bit)),
        }
    }
}

impl PartialEq for Yours {
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n
            && self.mirror == other.mirror
            && Rc::ptr_eq(&self.blocks, &other.blocks)
            && self.calls() == other.calls()
            && self.core.counters == other.core.counters
    }
}

impl Eq for Yours {}

impl fmt::Debug for Yours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Yours")
            .field("n", &self.n)
            .field("calls", &self.calls())
            .field("counters", &self.core.counters)
            .field("stopped", &self.core.stopped)
            .finish()
    }
}

/// What the lane draws: Richards' stack of calls, where the run left Richards' path and why
/// it stopped, if it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct YoursDetail {
    pub phase: Phase,
    pub calls: Vec<SearchCall>,
    pub left_path: Option<LeftPath>,
    pub stopped: Option<String>,
}

impl Describe for Yours {
    const NAME: &'static str = "Your program";
    const SLUG: &'static str = "yours";
    /// With Richards' own blocks (the learner's come through [`Yours::new`]).
    fn start(n: u32, mirror: bool) -> Result<Self, BoardSizeError> {
        Yours::new(n, mirror, Rc::new(RichardsBlocks))
    }
    fn detail(&self) -> Detail {
        Detail::Yours(YoursDetail {
            phase: self.core.calls[self.core.depth - 1].phase,
            calls: self.calls().to_vec(),
            left_path: self.left_path(),
            stopped: self.core.stopped.clone(),
        })
    }
    fn left_path(&self) -> Option<LeftPath> {
        Yours::left_path(self)
    }
}
