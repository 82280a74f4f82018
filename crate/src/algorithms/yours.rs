//! "Your program": Richards' loop itself ([`Stepper`]) with its four blocks (free squares,
//! the lowest free square, taking it away, the next row's masks) supplied from outside as
//! [`Blocks`] — the learner's own expressions, compiled by [`crate::exercise::program`];
//! Richards' own when none are given ([`Yours::start`]) — and with the guards below (the body
//! [`Guarded`]). The loop's control (`col == done`, `while poss`, the calls and returns) and
//! its costs are Richards' own code, so with Richards' blocks this stepper is Richards' to the
//! step and the operation.
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

use super::blocks::{Blocks, Body, RichardsBlocks};
use super::richards::{Phase, SearchCall, Stepper};
use super::{Describe, Detail};
use crate::board::{BoardSizeError, MAX_N};
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

/// Where the run first left Richards' path, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeftPath {
    /// The position right after the first step that differs.
    pub step: u64,
    /// One sentence.
    pub reason: String,
}

/// `0b…` with at least `n` digits.
fn binary(n: u32, mask: u32) -> String {
    let width = (n as usize).max((32 - mask.leading_zeros()) as usize);
    format!("0b{mask:0width$b}")
}

/// The learner's blocks with the guards of a loop that may be wrong: the body of "Your
/// program"'s [`Stepper`].
#[derive(Clone)]
pub struct Guarded {
    blocks: Rc<dyn Blocks>,
    n: u32,
    /// `(1 << n) - 1`.
    done: u32,
    /// The step limit (see the module's comment).
    limit: u64,
    /// Squares tried in each row's call since it computed its `poss`.
    tries: [u32; MAX_N as usize + 1],
    /// Why the run was stopped before its end, once it was.
    stopped: Option<String>,
}

impl Guarded {
    /// Notes why the run stops; always true, for the guards to return.
    #[cold]
    fn stop(&mut self, reason: String) -> bool {
        self.stopped = Some(reason);
        true
    }

    /// Why `bit`, chosen from `poss` in `row`, cannot be tried, if it cannot.
    fn bad_bit(&self, row: usize, poss: u32, bit: u32) -> Option<String> {
        let shown_row = row + 1; // the page counts rows from 1
        let n = self.n;
        if self.tries[row] >= n {
            Some(format!(
                "row {shown_row}: the loop tried more squares than the row has: the new `poss` \
                 ({}) still holds squares tried",
                binary(n, poss)
            ))
        } else if bit == 0 || bit & (bit - 1) != 0 {
            Some(format!(
                "row {shown_row}: `bit` is {} for `poss` = {}: not a single square",
                binary(n, bit),
                binary(n, poss)
            ))
        } else if bit & !self.done != 0 {
            Some(format!(
                "row {shown_row}: `bit` is {}, a square off the board (the board has {n} columns)",
                binary(n, bit),
            ))
        } else {
            None
        }
    }
}

impl Body for Guarded {
    type Blocks = dyn Blocks;
    fn blocks(&self) -> &(dyn Blocks + 'static) {
        &*self.blocks
    }
    fn halted(&self) -> bool {
        self.stopped.is_some()
    }
    fn out_of_steps(&mut self, steps: u64) -> bool {
        steps >= self.limit
            && self.stop(format!(
                "stopped after {} steps, 8 times Richards' whole search: the loop does not end",
                self.limit
            ))
    }
    fn past_last_row(&mut self, row: usize, col: u32) -> bool {
        row as u32 >= self.n
            && self.stop(format!(
                "row {}: all {} rows hold a queen but `col` is {}, not `done`: a queen past \
                 the last row would be placed",
                row + 1, // the page counts rows from 1
                self.n,
                binary(self.n, col)
            ))
    }
    fn scanned(&mut self, row: usize) {
        self.tries[row] = 0;
    }
    fn bad_try(&mut self, row: usize, poss: u32, bit: u32) -> bool {
        match self.bad_bit(row, poss, bit) {
            Some(reason) => self.stop(reason),
            None => {
                self.tries[row] += 1;
                false
            }
        }
    }
}

/// Richards' loop with the learner's blocks.
#[derive(Clone)]
pub struct Yours {
    /// The run: Richards' loop with the learner's blocks, guarded.
    run: Stepper<Guarded>,
    /// `checkpoints[k]` is the run after `k * spacing` steps.
    checkpoints: Vec<Stepper<Guarded>>,
    /// [`CHECKPOINT`] at first, doubled whenever more than [`MAX_CHECKPOINTS`] are kept.
    spacing: u64,
    /// Richards' stepper, in lockstep until the first difference.
    shadow: Stepper,
    left: Option<LeftPath>,
}

impl Yours {
    /// The loop on an `n`×`n` board with these blocks.
    pub fn new(n: u32, mirror: bool, blocks: Rc<dyn Blocks>) -> Result<Yours, BoardSizeError> {
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
        let body = Guarded {
            blocks,
            n,
            done: crate::board::full_mask(n)?,
            limit,
            tries: [0; MAX_N as usize + 1],
            stopped: None,
        };
        let run = Stepper::with_body(n, mirror, body)?;
        Ok(Yours {
            checkpoints: vec![run.clone()],
            spacing: CHECKPOINT,
            run,
            shadow,
            left: None,
        })
    }

    /// Where the run first left Richards' path, once it has passed that step.
    pub fn left_path(&self) -> Option<LeftPath> {
        self.left
            .clone()
            .filter(|left| left.step <= self.run.steps())
    }

    /// Why the run stopped before its end, if it did.
    pub fn stopped(&self) -> Option<&str> {
        self.run.body().stopped.as_deref()
    }

    /// The call stack, row 0 first.
    pub fn calls(&self) -> &[SearchCall] {
        self.run.calls()
    }

    /// Steps the shadow along and notes the first step where the two differ.
    fn follow(&mut self, mine: Step) {
        let steps = self.run.steps();
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

    /// Why a `poss` of row `row` differs from Richards': a square off the board, or the first
    /// digit (from the left, as `binary` writes it) where the two differ, named with its
    /// board column: set although a queen attacks it (which queen, and how), although it was
    /// just tried, or although the row already tried it (the loop keeps `poss` within the
    /// part of the row mirror mode searches); or clear although the square is free.
    fn why_poss(&self, row: usize, mine: u32, theirs: u32) -> String {
        let done = self.run.body().done;
        if mine & !done != 0 {
            return ": it holds squares off the board (is `& done` missing?)".to_owned();
        }
        // Both masks are within the board here, so `binary` writes n digits and digit d
        // (from 1, left) is board column d: the highest differing bit is the first digit.
        let place = |bit: u32| {
            let column = self.run.column_of(bit) + 1;
            format!("digit {column} (column {column})")
        };
        let highest = |mask: u32| 1u32 << (31 - mask.leading_zeros());
        let extra = mine & !theirs;
        if extra != 0 {
            let bit = highest(extra);
            let column = self.run.column_of(bit) as i64;
            let attack = self.calls()[..row]
                .iter()
                .enumerate()
                .find_map(|(r, call)| {
                    let queen = self.run.column_of(call.bit) as i64;
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
            let although = match attack {
                // Rows and columns as the page counts them, from 1.
                Some((r, queen, how)) => format!(
                    "the queen in row {}, column {} attacks it {how}",
                    r + 1,
                    queen + 1
                ),
                None if self.calls()[row].bit == bit => "a queen was just tried there: \
                     taking it away should clear it from poss"
                    .to_owned(),
                None => "this row has already tried that square".to_owned(),
            };
            return format!(": {} is set although {although}", place(bit));
        }
        let missing = theirs & !mine;
        format!(
            ": {} is clear although that square is free: your poss leaves it out",
            place(highest(missing))
        )
    }

    /// Why the state after `mine` differs from Richards' after `theirs`, if it does.
    fn difference(&self, mine: Step, theirs: Step) -> Option<String> {
        if let Some(stopped) = self.stopped() {
            return Some(stopped.to_owned());
        }
        let row = self.run.row() as usize;
        let shown_row = row + 1; // the page counts rows from 1
        let ours = self.run.calls()[row];
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
                    binary(self.run.n(), mine_value),
                    binary(self.run.n(), theirs_value)
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
        self.run.n()
    }
    fn step(&mut self) -> Step {
        let event = self.run.step();
        let steps = self.run.steps();
        if steps.is_multiple_of(self.spacing)
            && self.checkpoints.len() as u64 == steps / self.spacing
        {
            self.checkpoints.push(self.run.clone());
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
    /// Replays from the last checkpoint: the learner's blocks have no inverse.
    fn back(&mut self) -> Option<Step> {
        let target = self.run.steps().checked_sub(1)?;
        let from = (target / self.spacing) as usize;
        self.run = self.checkpoints[from.min(self.checkpoints.len() - 1)].clone();
        while self.run.steps() < target {
            self.run.step();
        }
        let at_target = self.run.clone();
        let undone = self.run.step();
        self.run = at_target;
        if self.shadow.steps() > target {
            self.shadow.back();
        }
        Some(undone)
    }
    fn is_finished(&self) -> bool {
        self.run.is_finished()
    }
    fn step_counts(&self) -> StepCounts {
        self.run.step_counts()
    }
    fn mirror(&self) -> bool {
        self.run.mirror()
    }
    fn queens(&self) -> Queens {
        self.run.queen_columns().collect()
    }
    fn current_row(&self) -> CurrentRow {
        self.run.current_row()
    }
}

impl PartialEq for Yours {
    fn eq(&self, other: &Self) -> bool {
        self.run.n() == other.run.n()
            && self.run.mirror() == other.run.mirror()
            && Rc::ptr_eq(&self.run.body().blocks, &other.run.body().blocks)
            && self.calls() == other.calls()
            && self.run.step_counts() == other.run.step_counts()
    }
}

impl Eq for Yours {}

impl fmt::Debug for Yours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Yours")
            .field("n", &self.run.n())
            .field("calls", &self.calls())
            .field("counters", &self.run.step_counts())
            .field("stopped", &self.stopped())
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
            phase: self.run.phase(),
            calls: self.calls().to_vec(),
            left_path: self.left_path(),
            stopped: self.stopped().map(str::to_owned),
        })
    }
    fn left_path(&self) -> Option<LeftPath> {
        Yours::left_path(self)
    }
}
