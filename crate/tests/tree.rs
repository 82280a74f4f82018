//! The search tree against the stepper that walks it: sizes, every node of small trees, the
//! levels around the path, and Knuth's estimate against the exact count.
#![cfg(not(target_arch = "wasm32"))] // native tests; the facade has its own beside it in src/wasm/

use bitqueens::published::A000170;
use bitqueens::tree::{
    estimate_tree, tree_size, whole_tree, NodeKind, PathTree, SizeByParts, Status, TreeSize,
    FLAT_STRIDE, WHOLE_TREE_MAX_N,
};
use bitqueens::{Step, Stepper};

/// What a walk of the whole search shows: its size counted from the steps themselves.
fn walked(n: u32, mirror: bool) -> (TreeSize, u64) {
    let mut search = Stepper::with_mirror(n, mirror).unwrap();
    let mut size = TreeSize::empty(n);
    while !search.is_finished() {
        match search.step() {
            Step::Place { row, .. } => {
                size.nodes += 1;
                size.by_row[row as usize] += 1;
            }
            Step::DeadEnd { .. } => size.dead_ends += 1,
            Step::Solution { .. } => size.solutions += 1,
            _ => {}
        }
    }
    (size, search.steps())
}

#[test]
fn the_counted_tree_is_the_tree_the_stepper_walks_in_both_modes() {
    for n in 1..=11 {
        for mirror in [false, true] {
            let (expected, steps) = walked(n, mirror);
            let size = tree_size(n, mirror).unwrap();
            assert_eq!(size, expected, "n={n} mirror={mirror}");
            assert_eq!(size.steps(), steps, "n={n} mirror={mirror}: steps");
        }
        let weight = if n > 1 { 2 } else { 1 };
        assert_eq!(
            tree_size(n, false).unwrap().solutions,
            A000170[n as usize - 1]
        );
        assert_eq!(
            tree_size(n, true).unwrap().solutions * weight,
            A000170[n as usize - 1]
        );
    }
    assert!(tree_size(0, false).is_err() && tree_size(33, true).is_err());
}

#[test]
fn the_counter_waits_for_every_part_and_refuses_parts_it_does_not_have() {
    let mut counter = SizeByParts::new(9).unwrap();
    assert_eq!(counter.parts(), 5); // columns 0..4 of row 0, the middle included
    for i in 0..4 {
        counter.count_part(i).unwrap();
        assert_eq!(counter.total(false), None);
    }
    counter.count_part(4).unwrap();
    // Against the tree the stepper walks in mirror mode, counted from its own steps (not
    // tree_size, which is built from this same counter).
    assert_eq!(counter.total(true), Some(walked(9, true).0));
    let error = counter.count_part(5).unwrap_err();
    assert_eq!(
        error.to_string(),
        "No part 5 of the tree: it has 5 parts, numbered from 0."
    );
}

/// The queens on the board after `steps` steps of the search.
fn board_at(n: u32, mirror: bool, steps: u64) -> Vec<u32> {
    let mut search = Stepper::with_mirror(n, mirror).unwrap();
    for _ in 0..steps {
        search.step();
    }
    search.queens()
}

#[test]
fn the_whole_tree_has_the_stepper_nodes_per_row_and_their_steps() {
    for n in 1..=WHOLE_TREE_MAX_N {
        for mirror in [false, true] {
            let tree = whole_tree(n, mirror).unwrap();
            let (walk, _) = walked(n, mirror);
            let visited: Vec<usize> = (0..tree.row.len())
                .filter(|&i| tree.enter[i].is_some())
                .collect();
            let mut by_row = vec![0; n as usize];
            for &i in &visited {
                by_row[tree.row[i] as usize] += 1;
            }
            assert_eq!(by_row, walk.by_row, "n={n} mirror={mirror}: nodes per row");
            let whole = tree_size(n, false).unwrap();
            assert_eq!(
                tree.row.len() as u64,
                whole.nodes,
                "n={n}: every node listed"
            );
            let kinds = |kind| tree.kind.iter().filter(|&&k| k == kind).count() as u64;
            assert_eq!(kinds(NodeKind::DeadEnd), whole.dead_ends);
            assert_eq!(kinds(NodeKind::Solution), whole.solutions);
            // Sizes: a row-0 node's subtree, all of them adding up to the tree.
            let row0: u64 = (0..tree.row.len())
                .filter(|&i| tree.parent[i].is_none())
                .map(|i| u64::from(tree.size[i]))
                .sum();
            assert_eq!(row0, whole.nodes);
            // Every 7th visited node: its queens stand on the board from its enter step
            // until its leave step, and not just before either.
            for &i in visited.iter().step_by(7) {
                let mut path = vec![tree.column[i]];
                let mut at = i;
                while let Some(parent) = tree.parent[at] {
                    at = parent as usize;
                    path.insert(0, tree.column[at]);
                }
                let (enter, leave) = (tree.enter[i].unwrap(), tree.leave[i].unwrap());
                assert_eq!(board_at(n, mirror, enter), path, "n={n} node {i} entered");
                assert_eq!(board_at(n, mirror, enter - 1), path[..path.len() - 1]);
                assert!(board_at(n, mirror, leave - 1).starts_with(&path));
                assert_eq!(board_at(n, mirror, leave), path[..path.len() - 1]);
            }
        }
    }
    assert!(whole_tree(WHOLE_TREE_MAX_N + 1, false).is_err());
}

#[test]
fn the_path_levels_account_for_every_node_visited_at_every_step() {
    // Subtrees this small are counted exactly, so the done subtrees and the path add up to
    // the nodes the stepper has placed, at every single step.
    for (n, mirror) in [(6, false), (7, true), (7, false)] {
        let mut search = Stepper::with_mirror(n, mirror).unwrap();
        let mut tree = PathTree::new();
        loop {
            let levels = tree.update(&search);
            assert_eq!(levels.len(), search.calls().len());
            let mut visited = 0.0;
            for (row, level) in levels.iter().enumerate() {
                let on_path = level.iter().filter(|c| c.status == Status::OnPath).count();
                let below_top = row + 1 < levels.len();
                assert_eq!(
                    on_path,
                    usize::from(below_top),
                    "row {row} at step {}",
                    search.steps()
                );
                for child in level {
                    assert!(child.size.exact, "n={n}: small subtrees are counted");
                    match child.status {
                        Status::Done => visited += child.size.nodes,
                        Status::OnPath => visited += 1.0,
                        _ => {}
                    }
                    assert_eq!(child.status == Status::Pruned, {
                        let part =
                            bitqueens::board::searched_part(n, mirror, row, search.calls()[0].bit);
                        part & (1 << (n - 1 - child.column)) == 0
                    });
                }
            }
            assert_eq!(
                visited,
                search.nodes() as f64,
                "n={n} at step {}",
                search.steps()
            );
            if search.is_finished() {
                break;
            }
            search.step();
        }
    }
}

#[test]
fn the_path_levels_of_a_large_board_are_estimated_the_same_way_every_time() {
    let mut search = Stepper::new(20).unwrap();
    for _ in 0..5_000_000 {
        search.step();
    }
    let flat = PathTree::new().flat(&search);
    assert_eq!(flat.len() % FLAT_STRIDE, 0);
    let mut again = PathTree::new();
    assert_eq!(again.flat(&search), flat, "deterministic");
    assert_eq!(again.flat(&search), flat, "from the cache");
    // Row 0's children: all 20 columns, the sizes of their subtrees estimated (never exact).
    let row0: Vec<&[f64]> = flat
        .chunks(FLAT_STRIDE)
        .filter(|child| child[0] == 0.0)
        .collect();
    assert_eq!(row0.len(), 20);
    assert!(row0.iter().all(|c| c[5] == 0.0 && c[4] > 1e9));
    // The deepest row's subtrees are small: counted.
    let last_row = flat.chunks(FLAT_STRIDE).map(|c| c[0]).fold(0.0, f64::max);
    assert!(flat
        .chunks(FLAT_STRIDE)
        .filter(|c| c[0] == last_row)
        .all(|c| c[5] == 1.0));
    // n = 32: bounded, and finite.
    let mut big = Stepper::new(32).unwrap();
    for _ in 0..1_000_000 {
        big.step();
    }
    let flat = PathTree::new().flat(&big);
    assert!(flat.len() <= 33 * 32 * FLAT_STRIDE);
    assert!(flat.iter().all(|x| x.is_finite()));
}

#[test]
fn knuths_estimate_lands_within_a_few_standard_errors_of_the_count() {
    for n in 8..=12 {
        for mirror in [false, true] {
            let exact = tree_size(n, mirror).unwrap().nodes as f64;
            let estimate = estimate_tree(n, mirror, 20_000, 42).unwrap();
            let off = (estimate.nodes - exact).abs() / estimate.standard_error;
            assert!(
                off < 4.0,
                "n={n} mirror={mirror}: {estimate:?} against {exact}"
            );
            assert!(estimate.standard_error < 0.05 * exact);
        }
    }
    let a = estimate_tree(32, false, 1000, 7).unwrap();
    assert_eq!(a, estimate_tree(32, false, 1000, 7).unwrap());
    assert!(a.nodes.is_finite() && a.nodes > 1e15);
}
