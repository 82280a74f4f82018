//! The one event loop: [`drive`] moves any stepper forward or back, one step at a time, tallies
//! the boards passed and undone, and stops at its step limit or where a [`Goal`] says. Running
//! ([`run`]), seeking a step ([`seek`]), seeking a node ([`seek_node`]) and seeking a node
//! event ([`seek_nodes_counted`]) are goals, not loops of their own.

use super::{tally, Batch, Moved, Until};
use crate::stepping::{Step, Stepping};

/// What the loop does next, as a goal decides it from the search and what moved so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// One step forward (within the step limit).
    Forward,
    /// One step back (within the step limit); at the start, the loop stops, arrived.
    Back,
    /// One step forward even at the step limit, then stop, arrived (a node entered again).
    ForwardThenArrive,
    /// Rest here, arrived or not.
    Rest { arrived: bool },
}

/// A destination of the loop: asked before every step (and once more before it stops at the
/// step limit), with the search and what moved so far.
pub trait Goal<S: Stepping + ?Sized> {
    /// The next move.
    fn next(&mut self, search: &mut S, moved: &Moved) -> Next;

    /// Right after a step forward, the next move decided from that step alone (`run`'s hot
    /// path: no look back at `moved`); `None` asks [`Goal::next`].
    #[inline(always)]
    fn after_forward(&mut self, _search: &S, _step: Step) -> Option<Next> {
        None
    }
}

impl<S: Stepping + ?Sized, F: FnMut(&mut S, &Moved) -> Next> Goal<S> for F {
    #[inline(always)]
    fn next(&mut self, search: &mut S, moved: &Moved) -> Next {
        self(search, moved)
    }
}

/// The event loop: moves `search` as `goal` says, by at most `max_steps` steps (but see
/// [`Next::ForwardThenArrive`]). Boards passed going forward are tallied into
/// `moved.boards_passed`, listed in full when numbered up to `keep`; those undone going back into
/// `moved.undone`, counted only. `arrived` is false when the step limit stopped it.
#[inline(always)]
pub fn drive<S: Stepping + ?Sized>(
    search: &mut S,
    max_steps: u32,
    keep: u64,
    mut goal: impl Goal<S>,
) -> Moved {
    let mut moved = Moved::default();
    let mut next = goal.next(search, &moved);
    loop {
        match next {
            Next::Rest { arrived } => {
                moved.arrived = arrived;
                return moved;
            }
            Next::Forward => loop {
                // The hot loop of `run`: forward as long as the goal says so from the step.
                if moved.taken >= max_steps {
                    return moved;
                }
                let step = forward(search, keep, &mut moved);
                match goal.after_forward(search, step) {
                    Some(Next::Forward) => {}
                    Some(decided) => {
                        next = decided;
                        break;
                    }
                    None => {
                        next = goal.next(search, &moved);
                        break;
                    }
                }
            },
            Next::ForwardThenArrive => {
                forward(search, keep, &mut moved);
                moved.arrived = true;
                return moved;
            }
            Next::Back if moved.taken >= max_steps => return moved,
            Next::Back => {
                let Some(step) = search.back() else {
                    moved.arrived = true; // at the start
                    return moved;
                };
                if let Step::Solution { .. } = step {
                    // Undoing a solution leaves its queens on the board, one past the count.
                    tally(search, search.solutions() + 1, 0, &mut moved.undone);
                }
                moved.taken += 1;
                (moved.last, moved.last_undone) = (Some(step), true);
                next = goal.next(search, &moved);
            }
        }
    }
}

/// One step forward, its boards passed tallied into `moved` (listed up to `keep`).
#[inline(always)]
fn forward<S: Stepping + ?Sized>(search: &mut S, keep: u64, moved: &mut Moved) -> Step {
    let step = search.step();
    if let Step::Solution { .. } = step {
        tally(search, search.solutions(), keep, &mut moved.boards_passed);
    }
    moved.taken += 1;
    (moved.last, moved.last_undone) = (Some(step), false);
    step
}

/// Up to `max_steps` steps forward, stopping early at the end of the search or as `until`
/// says. Solutions numbered up to `keep` come back in full.
pub fn run<S: Stepping + ?Sized>(search: &mut S, max_steps: u32, until: Until, keep: u64) -> Batch {
    let nodes_left = match until {
        Until::Nodes(nodes) => nodes,
        _ => u32::MAX,
    };
    let goal = Running { until, nodes_left };
    let moved = drive(search, max_steps, keep, goal);
    Batch {
        taken: moved.taken,
        last: moved.last,
        boards_passed: moved.boards_passed,
        finished: search.is_finished(),
    }
}

/// [`run`]'s goal: forward to the end, or as `until` says.
struct Running {
    until: Until,
    /// Node events left before `Until::Nodes` rests (`u32::MAX` for the others).
    nodes_left: u32,
}

impl<S: Stepping + ?Sized> Goal<S> for Running {
    #[inline(always)]
    fn next(&mut self, search: &mut S, _: &Moved) -> Next {
        if search.is_finished() {
            Next::Rest { arrived: true }
        } else {
            Next::Forward
        }
    }

    #[inline(always)]
    fn after_forward(&mut self, search: &S, step: Step) -> Option<Next> {
        if let Step::Solution { .. } = step {
            if self.until == Until::Solution {
                return Some(Next::Rest { arrived: true });
            }
        }
        if step.is_node() {
            self.nodes_left -= 1;
            if self.nodes_left == 0 {
                return Some(Next::Rest { arrived: true });
            }
        }
        Some(if search.is_finished() {
            Next::Rest { arrived: true }
        } else {
            Next::Forward
        })
    }
}

/// Moves towards step number `target` by at most `max_steps` steps, back or forward (never
/// past the end). Solutions found on the way numbered up to `keep` come back in full; those
/// undone are only counted.
pub fn seek<S: Stepping + ?Sized>(search: &mut S, target: u64, max_steps: u32, keep: u64) -> Moved {
    let mut moved = drive(search, max_steps, keep, |search: &mut S, _: &Moved| {
        if search.steps() > target {
            Next::Back
        } else if search.steps() < target && !search.is_finished() {
            Next::Forward
        } else {
            Next::Rest { arrived: true }
        }
    });
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
    let entering = Step::Place {
        row: above.len() as u32,
        column: last,
    };
    if ahead && !search.queens().starts_with(path) {
        return drive(search, max_steps, keep, |search: &mut S, moved: &Moved| {
            let entered = moved.last == Some(entering) && *search.queens() == *path;
            if entered || search.is_finished() {
                Next::Rest { arrived: true }
            } else {
                Next::Forward
            }
        });
    }
    // Back until the step undone is the node's own Place, then take it again.
    drive(search, max_steps, keep, |search: &mut S, moved: &Moved| {
        if moved.last_undone && moved.last == Some(entering) && *search.queens() == *above {
            Next::ForwardThenArrive
        } else {
            Next::Back
        }
    })
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
    // Forward while short of the target; then back to rest right after node event `target`:
    // undo until the step last taken is that event (checked before each undo, so it is never
    // undone itself).
    let mut going_back = false;
    drive(search, max_steps, 0, |search: &mut S, _: &Moved| {
        if !going_back && node_events(search) < target {
            if search.is_finished() {
                return Next::Rest { arrived: true }; // fewer node events: rest at the end
            }
            return Next::Forward;
        }
        going_back = true;
        let rested = match target {
            0 => search.steps() == 0,
            _ => node_events(search) == target && last_was_node(search),
        };
        if rested {
            Next::Rest { arrived: true }
        } else {
            Next::Back
        }
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::step_within_node;
    use crate::published::{A000170, A002562};
    use crate::symmetry::classify;
    use crate::Stepper;

    fn search(n: u32, mirror: bool) -> Stepper {
        Stepper::with_mirror(n, mirror).unwrap()
    }

    #[test]
    fn run_to_the_end_reports_every_solution_with_its_class() {
        let mut s = search(6, false);
        let batch = run(&mut s, u32::MAX, Until::LimitOrEnd, 1000);
        assert!(batch.finished);
        assert_eq!(
            batch.last,
            Some(Step::Finished {
                solutions: A000170[5]
            })
        );
        assert_eq!(u64::from(batch.boards_passed.count), A000170[5]);
        assert_eq!(u64::from(batch.boards_passed.representatives), A002562[5]);
        let numbers: Vec<u64> = batch
            .boards_passed
            .listed
            .iter()
            .map(|f| f.number)
            .collect();
        assert_eq!(numbers, (1..=A000170[5]).collect::<Vec<_>>());
        // n = 6 has one class, of 4 boards: every solution is in it.
        assert!(batch.boards_passed.listed.iter().all(|f| f.class_size == 4));
        assert_eq!(u64::from(batch.taken), s.steps());
    }

    #[test]
    fn only_solutions_up_to_keep_are_listed_but_all_are_counted() {
        let mut s = search(8, false);
        let batch = run(&mut s, u32::MAX, Until::LimitOrEnd, 10);
        assert_eq!(u64::from(batch.boards_passed.count), A000170[7]);
        assert_eq!(u64::from(batch.boards_passed.representatives), A002562[7]);
        assert_eq!(batch.boards_passed.listed.len(), 10);
        let listed = &batch.boards_passed.listed[3];
        assert_eq!(listed.number, 4);
        assert_eq!(
            classify(&listed.queens).is_representative,
            listed.is_representative
        );
    }

    #[test]
    fn run_stops_at_its_limit_after_a_solution_or_after_a_node() {
        let mut s = search(6, false);
        assert_eq!(run(&mut s, 7, Until::LimitOrEnd, 0).taken, 7);
        for expected in 1..=A000170[5] {
            let batch = run(&mut s, u32::MAX, Until::Solution, 0);
            assert!(matches!(batch.last, Some(Step::Solution { .. })));
            assert_eq!(batch.boards_passed.count, 1);
            assert_eq!(s.solutions(), expected);
        }
        assert!(run(&mut s, u32::MAX, Until::Solution, 0).finished);
        let mut s = search(6, false);
        for _ in 0..50 {
            let batch = run(&mut s, u32::MAX, Until::Nodes(1), 0);
            assert!(batch.last.unwrap().is_node());
        }
        assert_eq!(node_events(&s), 50);
        run(&mut s, u32::MAX, Until::Nodes(7), 0);
        assert_eq!(node_events(&s), 57);
    }

    #[test]
    fn seek_nodes_rests_right_after_a_node_event_from_either_side() {
        let mut s = search(7, false);
        // Forward: exactly where running node by node rests.
        let mut by_nodes = search(7, false);
        run(&mut by_nodes, u32::MAX, Until::Nodes(40), 0);
        assert!(seek_nodes(&mut s, 40, u32::MAX));
        assert_eq!(s, by_nodes);
        // From further on, back to the same state.
        run(&mut s, 500, Until::LimitOrEnd, 0);
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
            .boards_passed
            .listed
            .iter()
            .filter(|f| f.is_representative)
            .count() as u32;
        assert_eq!(there.boards_passed.representatives, listed_representatives);
        assert!(
            there.boards_passed.count > 0 && listed_representatives > 0,
            "the range must cover some"
        );
        let back = seek(&mut s, 0, u32::MAX, 1000);
        assert!(back.arrived && back.last_undone);
        assert_eq!(back.undone.count, there.boards_passed.count);
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
                let by_size = run(&mut s, u32::MAX, Until::LimitOrEnd, 0)
                    .boards_passed
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
        let by_size = run(&mut s, u32::MAX, Until::LimitOrEnd, 0)
            .boards_passed
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
                run(&mut s, 3, Until::LimitOrEnd, 0);
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
        let batch = run(&mut s, u32::MAX, Until::LimitOrEnd, 1000);
        assert_eq!(u64::from(batch.boards_passed.count), A000170[7]);
        assert_eq!(u64::from(batch.boards_passed.representatives), A002562[7]);
        let (first, second) = (
            &batch.boards_passed.listed[0],
            &batch.boards_passed.listed[1],
        );
        assert_eq!((second.number, second.mirror_of), (2, Some(1)));
        let mirrored: Vec<u32> = second.queens.iter().map(|c| 7 - c).collect();
        assert_eq!(first.queens, mirrored);
        let back = seek(&mut s, 0, u32::MAX, 1000);
        assert_eq!(u64::from(back.undone.count), A000170[7]);
        assert_eq!(u64::from(back.undone.representatives), A002562[7]);
    }
}
