//! Playing a search: many steps per call (`run`), moving to a step number in either
//! direction (`seek`) or to a node (`seek_node`, `seek_nodes`), and numbering the boards
//! passed, with their symmetry classes, so that the page lists what it shows without being
//! sent every event. Written once for every [`Stepping`] search, as one event loop
//! ([`drive`]) and a goal per move; the wasm facade only converts the results to JS objects.

mod drive;

pub use drive::{
    drive, node_events, run, seek, seek_node, seek_nodes, seek_nodes_counted, Goal, Next,
};

use crate::algorithms::{dispatch, Algorithm};
use crate::stepping::{Step, Stepping};
use crate::symmetry::{class_size, classify, is_representative};
use serde::Serialize;

/// How far `run` goes: always at most to its step limit and to the end of the search, and
/// maybe less far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// To the limit or the end.
    LimitOrEnd,
    /// To right after the next solution.
    Solution,
    /// To right after this many queens were placed or lifted (see [`Step::is_node`]).
    Nodes(u32),
}

/// A board passed, as the page lists it: its number, the step that found it, the column of the
/// queen in each row, its symmetry class, and (in mirror mode) the number of the solution it
/// is the mirror image of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PassedBoard {
    /// 1-based, counting every board (in mirror mode a solution found and its mirror image
    /// are two numbers in a row).
    pub number: u64,
    /// The step at which it stood on the board.
    pub step: u64,
    /// `queens[r]` is the column of the queen in row `r`.
    pub queens: Vec<u32>,
    /// How many boards its class holds: 8, 4, 2 (or 1 for n = 1).
    pub class_size: u32,
    /// True when it is the class representative (the smallest of its images).
    pub is_representative: bool,
    /// In mirror mode, for the mirror image: the number of the board found.
    pub mirror_of: Option<u64>,
}

/// Boards passed (or undone) by one call: how many (in mirror mode each solution found and
/// its mirror image), how many of those are class representatives, and those numbered up to
/// the caller's `keep` in full, so that fast play loses no count but lists only what is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardsPassed {
    /// Boards passed.
    pub count: u32,
    /// Of those, class representatives.
    pub representatives: u32,
    /// Those numbered up to `keep`, in order.
    pub listed: Vec<PassedBoard>,
    /// Of the class representatives, how many have a class of 1, 2, 4 and 8 boards (in this
    /// order): after a whole search, the table of symmetry classes.
    pub representatives_by_size: [u32; 4],
}

/// What `run` did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    /// Steps taken.
    pub taken: u32,
    /// The last of them.
    pub last: Option<Step>,
    /// The boards passed on the way (the solutions found, times their weight).
    pub boards_passed: BoardsPassed,
    /// True when the search is finished.
    pub finished: bool,
}

/// What `seek` did. The default: nothing moved yet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Moved {
    /// Steps moved, back or forward.
    pub taken: u32,
    /// The last event passed: undone when `last_undone`.
    pub last: Option<Step>,
    /// True when the last move was a step back.
    pub last_undone: bool,
    /// Boards passed going forward.
    pub boards_passed: BoardsPassed,
    /// Boards undone going back (counted, never listed).
    pub undone: BoardsPassed,
    /// True once at the target, or at the end when the target lies beyond it.
    pub arrived: bool,
}

/// One step forward, unless that step would place or lift a queen: then nothing changes
/// and `None` comes back. Lanes in lockstep wait there for each other.
pub fn step_within_node<S: Stepping + ?Sized>(search: &mut S) -> Option<Step> {
    if search.is_finished() {
        return None;
    }
    let step = search.step();
    if step.is_node() {
        search.back();
        return None;
    }
    Some(step)
}

/// Adds the solution on the board (all n queens placed; the `visited`-th the search reached)
/// to `into`: every board it stands for (itself, and in mirror mode its mirror image) is
/// counted, and listed in full when its number is at most `keep`. Allocates only for listed
/// boards: this runs for every solution at full speed.
pub fn tally<S: Stepping + ?Sized>(search: &S, visited: u64, keep: u64, into: &mut BoardsPassed) {
    let weight = search.weight();
    let first = (visited - 1) * weight + 1;
    let n = search.n();
    let mut board = search.queens();
    for i in 0..weight {
        if i == 1 {
            board = board.iter().map(|&c| n - 1 - c).collect();
        }
        let representative = is_representative(&board);
        into.count += 1;
        into.representatives += u32::from(representative);
        if representative {
            // Class sizes are 1, 2, 4 or 8: index 0 to 3.
            into.representatives_by_size[class_size(&board).trailing_zeros() as usize] += 1;
        }
        let number = first + i;
        if number <= keep {
            into.listed.push(PassedBoard {
                number,
                step: search.steps(),
                queens: board.to_vec(),
                class_size: classify(&board).size,
                is_representative: representative,
                mirror_of: (i == 1).then_some(first),
            });
        }
    }
}

/// The same moves on any of the six algorithms, each dispatched once to a loop made for it.
impl Algorithm {
    /// [`run`] on this algorithm.
    pub fn run(&mut self, max_steps: u32, until: Until, keep: u64) -> Batch {
        dispatch!(self, s => run(s, max_steps, until, keep))
    }

    /// [`seek`] on this algorithm.
    pub fn seek(&mut self, target: u64, max_steps: u32, keep: u64) -> Moved {
        dispatch!(self, s => seek(s, target, max_steps, keep))
    }

    /// [`seek_nodes`] on this algorithm.
    pub fn seek_nodes(&mut self, target: u64, max_steps: u32) -> bool {
        dispatch!(self, s => seek_nodes(s, target, max_steps))
    }

    /// [`seek_nodes_counted`] on this algorithm.
    pub fn seek_nodes_counted(&mut self, target: u64, max_steps: u32) -> Moved {
        dispatch!(self, s => seek_nodes_counted(s, target, max_steps))
    }

    /// [`step_within_node`] on this algorithm.
    pub fn step_within_node(&mut self) -> Option<Step> {
        dispatch!(self, s => step_within_node(s))
    }
}
