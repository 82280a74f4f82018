//! Playing a search: many steps per call (`run`), moving to a step number in either
//! direction (`seek`), and numbering the solutions passed, with their symmetry classes, so
//! that the page lists what it shows without being sent every event. Written once for every
//! [`Stepping`] search; the wasm facade only converts the results to JS objects.

use crate::algorithms::{dispatch, Algorithm};
use crate::stepping::{Step, Stepping};
use crate::symmetry::{class_size, classify, is_representative};
use serde::Serialize;

/// When `run` stops early, besides at its step limit and at the end of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Only at the limit or the end.
    Never,
    /// Right after a solution.
    AfterSolution,
    /// Right after this many queens were placed or lifted (see [`Step::is_node`]).
    AfterNodes(u32),
}

/// A solution as the page lists it: its number, the step that found it, the column of the
/// queen in each row, its symmetry class, and (in mirror mode) the number of the solution it
/// is the mirror image of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Found {
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

/// Solutions passed by one call: how many boards (in mirror mode each solution found and its
/// mirror image), how many of those are class representatives, and those numbered up to the
/// caller's `keep` in full, so that fast play loses no count but lists only what is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Solutions {
    /// Boards passed.
    pub count: u32,
    /// Of those, class representatives.
    pub representatives: u32,
    /// Those numbered up to `keep`, in order.
    pub listed: Vec<Found>,
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
    /// The solutions found on the way.
    pub solutions: Solutions,
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
    /// Solutions found going forward.
    pub solutions: Solutions,
    /// Solutions undone going back (counted, never listed).
    pub undone: Solutions,
    /// True once at the target, or at the end when the target lies beyond it.
    pub arrived: bool,
}

/// Up to `max_steps` steps forward, stopping early at the end of the search or as `stop`
/// says. Solutions numbered up to `keep` come back in full.
pub fn run<S: Stepping + ?Sized>(search: &mut S, max_steps: u32, stop: Stop, keep: u64) -> Batch {
    let mut nodes_left = match stop {
        Stop::AfterNodes(nodes) => nodes,
        _ => u32::MAX,
    };
    let mut batch = Batch {
        taken: 0,
        last: None,
        solutions: Solutions::default(),
        finished: false,
    };
    while batch.taken < max_steps && !search.is_finished() {
        let step = search.step();
        batch.taken += 1;
        batch.last = Some(step);
        if let Step::Solution { .. } = step {
            tally(search, search.solutions(), keep, &mut batch.solutions);
            if stop == Stop::AfterSolution {
                break;
            }
        }
        if step.is_node() {
            nodes_left -= 1;
            if nodes_left == 0 {
                break;
            }
        }
    }
    batch.finished = search.is_finished();
    batch
}

/// Moves towards step number `target` by at most `max_steps` steps, back or forward (never
/// past the end). Solutions found on the way numbered up to `keep` come back in full; those
/// undone are only counted.
pub fn seek<S: Stepping + ?Sized>(search: &mut S, target: u64, max_steps: u32, keep: u64) -> Moved {
    let mut moved = Moved::default();
    while moved.taken < max_steps && search.steps() > target {
        let Some(step) = search.back() else {
            break;
        };
        if let Step::Solution { .. } = step {
            // Undoing a solution leaves its queens on the board, one past the count.
            tally(search, search.solutions() + 1, 0, &mut moved.undone);
        }
        moved.taken += 1;
        (moved.last, moved.last_undone) = (Some(step), true);
    }
    while moved.taken < max_steps && search.steps() < target && !search.is_finished() {
        let step = search.step();
        if let Step::Solution { .. } = step {
            tally(search, search.solutions(), keep, &mut moved.solutions);
        }
        moved.taken += 1;
        (moved.last, moved.last_undone) = (Some(step), false);
    }
    moved.arrived = search.steps() == target || search.is_finished();
    moved
}

/// Moves by at most `max_steps` steps towards resting right after the `Place` that entered
/// the node `path` (the columns of its queens, row 0 first): the board then shows exactly
/// those queens. A node whose queens are on the board now was entered before: the search
/// goes back to it. Otherwise `ahead` says where it lies (the caller knows from where the
/// node stands in the tree): forward, or back. Solutions are tallied as by [`seek`].
/// `arrived` is true at the node, and also at the start or the end of the search when the
/// node is not met on the way (then it is not a node of this search in that direction).
/// The empty path is the root: step 0.
pub fn seek_node<S: Stepping + ?Sized>(
    search: &mut S,
    path: &[u32],
    ahead: bool,
    max_steps: u32,
    keep: u64,
) -> Moved {
    let Some((&last, above)) = path.split_last() else {
        return seek(search, 0, max_steps, keep);
    };
    let row = above.len() as u32;
    let entering = Step::Place { row, column: last };
    let on_board = search.queens().starts_with(path);
    let mut moved = Moved::default();
    if ahead && !on_board {
        while moved.taken < max_steps && !search.is_finished() {
            let step = search.step();
            moved.taken += 1;
            (moved.last, moved.last_undone) = (Some(step), false);
            if let Step::Solution { .. } = step {
                tally(search, search.solutions(), keep, &mut moved.solutions);
            }
            if step == entering && *search.queens() == *path {
                moved.arrived = true;
                return moved;
            }
        }
        moved.arrived = search.is_finished();
        return moved;
    }
    // Back until the step undone is the node's own Place, then take it again.
    while moved.taken < max_steps {
        let Some(step) = search.back() else {
            moved.arrived = true; // at the start: not a node met going back
            return moved;
        };
        moved.taken += 1;
        (moved.last, moved.last_undone) = (Some(step), true);
        if let Step::Solution { .. } = step {
            tally(search, search.solutions() + 1, 0, &mut moved.undone);
        }
        if step == entering && *search.queens() == *above {
            let step = search.step();
            moved.taken += 1;
            (moved.last, moved.last_undone) = (Some(step), false);
            moved.arrived = true;
            return moved;
        }
    }
    moved
}

/// How many queens were placed or lifted from the start: the search's position in the
/// sequence of node events that every algorithm passes in the same order (lockstep).
pub fn node_events<S: Stepping + ?Sized>(search: &S) -> u64 {
    // Every queen placed was lifted again, but those on the board now.
    2 * search.nodes() - search.queens().len() as u64
}

/// Moves back or forward by at most `max_steps` steps to rest right after node event
/// number `target` (at the start for 0; at the end when the search has fewer). Every
/// algorithm rests at the same node event when given the same target. Returns true on
/// arrival.
pub fn seek_nodes<S: Stepping + ?Sized>(search: &mut S, target: u64, max_steps: u32) -> bool {
    seek_nodes_counted(search, target, max_steps).arrived
}

/// [`seek_nodes`], saying what it passed: the solutions found going forward and those undone
/// going back are counted (never listed), as by [`seek`].
pub fn seek_nodes_counted<S: Stepping + ?Sized>(
    search: &mut S,
    target: u64,
    max_steps: u32,
) -> Moved {
    let mut moved = Moved::default();
    while node_events(search) < target {
        if search.is_finished() {
            moved.arrived = true; // fewer node events than that: rest at the end
            return moved;
        }
        if moved.taken == max_steps {
            return moved;
        }
        let step = search.step();
        if let Step::Solution { .. } = step {
            tally(search, search.solutions(), 0, &mut moved.solutions);
        }
        moved.taken += 1;
        (moved.last, moved.last_undone) = (Some(step), false);
    }
    // Back to rest right after node event `target`: undo until the step last taken is that
    // event (checked before each undo, so it is never undone itself).
    loop {
        let rested = match target {
            0 => search.steps() == 0,
            _ => node_events(search) == target && last_was_node(search),
        };
        if rested {
            moved.arrived = true;
            return moved;
        }
        if moved.taken == max_steps {
            return moved;
        }
        let Some(step) = search.back() else {
            moved.arrived = true;
            return moved;
        };
        if let Step::Solution { .. } = step {
            // Undoing a solution leaves its queens on the board, one past the count.
            tally(search, search.solutions() + 1, 0, &mut moved.undone);
        }
        moved.taken += 1;
        (moved.last, moved.last_undone) = (Some(step), true);
    }
}

/// True when the last step taken placed or lifted a queen (false at the start).
fn last_was_node<S: Stepping + ?Sized>(search: &mut S) -> bool {
    match search.back() {
        Some(step) => {
            search.step();
            step.is_node()
        }
        None => false,
    }
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
pub fn tally<S: Stepping + ?Sized>(search: &S, visited: u64, keep: u64, into: &mut Solutions) {
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
            into.listed.push(Found {
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
    pub fn run(&mut self, max_steps: u32, stop: Stop, keep: u64) -> Batch {
        dispatch!(self, s => run(s, max_steps, stop, keep))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::{A000170, A002562};
    use crate::Stepper;

    fn search(n: u32, mirror: bool) -> Stepper {
        Stepper::with_mirror(n, mirror).unwrap()
    }

    #[test]
    fn run_to_the_end_reports_every_solution_with_its_class() {
        let mut s = search(6, false);
        let batch = run(&mut s, u32::MAX, Stop::Never, 1000);
        assert!(batch.finished);
        assert_eq!(
            batch.last,
            Some(Step::Finished {
                solutions: A000170[5]
            })
        );
        assert_eq!(u64::from(batch.solutions.count), A000170[5]);
        assert_eq!(u64::from(batch.solutions.representatives), A002562[5]);
        let numbers: Vec<u64> = batch.solutions.listed.iter().map(|f| f.number).collect();
        assert_eq!(numbers, (1..=A000170[5]).collect::<Vec<_>>());
        // n = 6 has one class, of 4 boards: every solution is in it.
        assert!(batch.solutions.listed.iter().all(|f| f.class_size == 4));
        assert_eq!(u64::from(batch.taken), s.steps());
    }

    #[test]
    fn only_solutions_up_to_keep_are_listed_but_all_are_counted() {
        let mut s = search(8, false);
        let batch = run(&mut s, u32::MAX, Stop::Never, 10);
        assert_eq!(u64::from(batch.solutions.count), A000170[7]);
        assert_eq!(u64::from(batch.solutions.representatives), A002562[7]);
        assert_eq!(batch.solutions.listed.len(), 10);
        let listed = &batch.solutions.listed[3];
        assert_eq!(listed.number, 4);
        assert_eq!(
            classify(&listed.queens).is_representative,
            listed.is_representative
        );
    }

    #[test]
    fn run_stops_at_its_limit_after_a_solution_or_after_a_node() {
        let mut s = search(6, false);
        assert_eq!(run(&mut s, 7, Stop::Never, 0).taken, 7);
        for expected in 1..=A000170[5] {
            let batch = run(&mut s, u32::MAX, Stop::AfterSolution, 0);
            assert!(matches!(batch.last, Some(Step::Solution { .. })));
            assert_eq!(batch.solutions.count, 1);
            assert_eq!(s.solutions(), expected);
        }
        assert!(run(&mut s, u32::MAX, Stop::AfterSolution, 0).finished);
        let mut s = search(6, false);
        for _ in 0..50 {
            let batch = run(&mut s, u32::MAX, Stop::AfterNodes(1), 0);
            assert!(batch.last.unwrap().is_node());
        }
        assert_eq!(node_events(&s), 50);
        run(&mut s, u32::MAX, Stop::AfterNodes(7), 0);
        assert_eq!(node_events(&s), 57);
    }

    #[test]
    fn seek_nodes_rests_right_after_a_node_event_from_either_side() {
        let mut s = search(7, false);
        // Forward: exactly where running node by node rests.
        let mut by_nodes = search(7, false);
        run(&mut by_nodes, u32::MAX, Stop::AfterNodes(40), 0);
        assert!(seek_nodes(&mut s, 40, u32::MAX));
        assert_eq!(s, by_nodes);
        // From further on, back to the same state.
        run(&mut s, 500, Stop::Never, 0);
        assert!(seek_nodes(&mut s, 40, u32::MAX));
        assert_eq!(s, by_nodes);
        assert!(seek_nodes(&mut s, 0, u32::MAX));
        assert_eq!(s, search(7, false));
        // Past the end: at the end.
        assert!(seek_nodes(&mut s, u64::MAX, u32::MAX));
        assert!(s.is_finished());
        // In slices.
        assert!(!seek_nodes(&mut s, 3, 10));
    }

    #[test]
    fn step_within_node_stops_before_a_queen_moves() {
        let mut s = search(6, false);
        let mut taken = 0;
        while step_within_node(&mut s).is_some() {
            taken += 1;
        }
        // Free, then Try: the next step places the first queen.
        assert_eq!(taken, 2);
        assert!(s.step().is_node());
    }

    #[test]
    fn seek_moves_both_ways_and_counts_solutions_exactly() {
        let mut s = search(8, false);
        let there = seek(&mut s, 8000, u32::MAX, 1000);
        assert!(there.arrived && !there.last_undone);
        assert_eq!(s.steps(), 8000);
        let listed_representatives = there
            .solutions
            .listed
            .iter()
            .filter(|f| f.is_representative)
            .count() as u32;
        assert_eq!(there.solutions.representatives, listed_representatives);
        assert!(
            there.solutions.count > 0 && listed_representatives > 0,
            "the range must cover some"
        );
        let back = seek(&mut s, 0, u32::MAX, 1000);
        assert!(back.arrived && back.last_undone);
        assert_eq!(back.undone.count, there.solutions.count);
        assert_eq!(back.undone.representatives, listed_representatives);
        assert!(back.undone.listed.is_empty());
        assert_eq!(s, search(8, false));
        // In slices, and past the end: it stops at the end.
        let slice = seek(&mut s, u64::MAX, 10, 0);
        assert_eq!((slice.taken, slice.arrived), (10, false));
        while !seek(&mut s, u64::MAX, 100_000, 0).arrived {}
        assert!(s.is_finished());
    }

    #[test]
    fn class_sizes_of_the_representatives_add_up_to_the_published_counts() {
        for mirror in [false, true] {
            for n in 1..=10u32 {
                let mut s = search(n, mirror);
                let by_size = run(&mut s, u32::MAX, Stop::Never, 0)
                    .solutions
                    .representatives_by_size;
                let classes: u32 = by_size.iter().sum();
                let boards: u32 = by_size.iter().zip([1, 2, 4, 8]).map(|(c, s)| c * s).sum();
                let i = n as usize - 1;
                assert_eq!(u64::from(classes), A002562[i], "n={n} mirror={mirror}");
                assert_eq!(u64::from(boards), A000170[i], "n={n} mirror={mirror}");
                let undone = seek(&mut s, 0, u32::MAX, 0).undone.representatives_by_size;
                assert_eq!(undone, by_size, "going back undoes the same classes");
            }
        }
        // n = 8: 11 classes of 8 boards and 1 of 4 (the published 12 and 92).
        let mut s = search(8, false);
        let by_size = run(&mut s, u32::MAX, Stop::Never, 0)
            .solutions
            .representatives_by_size;
        assert_eq!(by_size, [0, 0, 1, 11]);
    }

    /// The queens on the board after each step of a whole search, and the step numbers at
    /// which each node (a path of columns) was entered.
    fn entries(n: u32, mirror: bool) -> Vec<(Vec<u32>, u64)> {
        let mut s = search(n, mirror);
        let mut entered = Vec::new();
        while !s.is_finished() {
            if let Step::Place { .. } = s.step() {
                entered.push((s.queens().to_vec(), s.steps()));
            }
        }
        entered
    }

    #[test]
    fn seek_node_rests_right_after_the_place_of_the_node_from_either_side() {
        for mirror in [false, true] {
            let nodes = entries(7, mirror);
            let mut s = search(7, mirror);
            // Every 37th node, visited forward, back, and from a place where it is on the board.
            for (path, step) in nodes.iter().step_by(37) {
                let at_end = seek(&mut s, u64::MAX, u32::MAX, 0).arrived;
                assert!(at_end && s.is_finished());
                let moved = seek_node(&mut s, path, false, u32::MAX, 0);
                assert!(moved.arrived);
                assert_eq!((s.steps(), &*s.queens()), (*step, &path[..]));
                seek(&mut s, 0, u32::MAX, 0);
                assert!(seek_node(&mut s, path, true, u32::MAX, 0).arrived);
                assert_eq!(s.steps(), *step, "forward to {path:?}");
                // Deeper in the same subtree: the node is on the board, so back.
                run(&mut s, 3, Stop::Never, 0);
                if s.queens().starts_with(path) {
                    assert!(seek_node(&mut s, path, true, u32::MAX, 0).arrived);
                    assert_eq!(s.steps(), *step, "back up to {path:?}");
                }
            }
            // In slices, it gets there too.
            let (path, step) = &nodes[nodes.len() / 2];
            seek(&mut s, 0, u32::MAX, 0);
            let mut calls = 0;
            while !seek_node(&mut s, path, true, 100, 0).arrived {
                calls += 1;
            }
            assert!(calls > 1);
            assert_eq!(s.steps(), *step);
            // The root is step 0.
            assert!(seek_node(&mut s, &[], false, u32::MAX, 0).arrived);
            assert_eq!(s.steps(), 0);
        }
        // A node the search never enters: it runs to the end, and stops there.
        let mut s = search(6, true);
        let moved = seek_node(&mut s, &[0, 1], true, u32::MAX, 0);
        assert!(moved.arrived && s.is_finished());
    }

    #[test]
    fn mirror_mode_lists_each_solution_with_its_mirror_image() {
        let mut s = search(8, true);
        let batch = run(&mut s, u32::MAX, Stop::Never, 1000);
        assert_eq!(u64::from(batch.solutions.count), A000170[7]);
        assert_eq!(u64::from(batch.solutions.representatives), A002562[7]);
        let (first, second) = (&batch.solutions.listed[0], &batch.solutions.listed[1]);
        assert_eq!((second.number, second.mirror_of), (2, Some(1)));
        let mirrored: Vec<u32> = second.queens.iter().map(|c| 7 - c).collect();
        assert_eq!(first.queens, mirrored);
        let back = seek(&mut s, 0, u32::MAX, 1000);
        assert_eq!(u64::from(back.undone.count), A000170[7]);
        assert_eq!(u64::from(back.undone.representatives), A002562[7]);
    }
}
