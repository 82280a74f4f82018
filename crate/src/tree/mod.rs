//! The search tree as a whole: its size (counted exactly, or estimated by Knuth's random
//! probes), every node of a small one, and the part of a large one around the search's path.
//!
//! The tree is the one [`crate::Stepper`] walks: the root is the empty board, a node is a queen
//! placed (a [`crate::Step::Place`]), its children are the free squares of the row below, tried
//! lowest bit first (the right-most column first). In mirror mode the walk covers only
//! [`searched_part`] of the first rows; the rest of the tree is *pruned*.
//!
//! Facts the page relies on, each tested below:
//! - a walk of the whole tree takes exactly `2 + 4 * nodes + dead_ends` steps
//!   ([`TreeSize::steps`]): one `Free` per call that is not a solution, `Try`, `Place` and
//!   `Backtrack` per node, one `Solution` or `DeadEnd` per leaf, and the final `Finished`;
//! - the subtrees of row-0 columns `c` and `n - 1 - c` are mirror images, so counting the
//!   mirror-mode tree by parts ([`SizeByParts`]) also gives the whole tree.
//!
//! One job per module: [`size`] counts the tree exactly, [`estimate`] estimates it by random
//! probes, [`whole`] lists every node of a small one, [`path`] the part around the search's
//! path of a large one.

pub mod estimate;
pub mod path;
pub mod size;
pub mod whole;

pub use estimate::{estimate_tree, Estimate, SubtreeSize, EXACT_BELOW, PROBES_PER_SUBTREE};
pub use path::{Child, PathTree, Status, FLAT_STRIDE};
pub use size::{tree_size, NoSuchPart, SizeByParts, TreeSize};
pub use whole::{whole_tree, WholeTree, WholeTreeError, WHOLE_TREE_MAX_N};

use crate::board::{searched_part, MAX_N};
use serde::Serialize;

/// The bit of column `c` on an `n`×`n` board (display convention: column 0 is bit `n - 1`).
fn bit_of(n: u32, column: u32) -> u32 {
    1 << (n - 1 - column)
}

/// The masks of the row below a queen on `bit`, given its own row's masks.
fn below(done: u32, [ld, col, rd]: [u32; 3], bit: u32) -> [u32; 3] {
    [(ld | bit) >> 1, col | bit, ((rd | bit) << 1) & done]
}

/// A node of the tree, as a probe or a count starts from it: its row, row 0's queen bit
/// (`top`, which mirror mode's row 1 depends on; 0 in row 0) and its masks `[ld, col, rd]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    row: u32,
    top: u32,
    masks: [u32; 3],
}

/// What a node is, by its own row below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum NodeKind {
    /// Its row below has free squares: it has children.
    Inner,
    /// Its row below has no free square.
    DeadEnd,
    /// Every row holds a queen.
    Solution,
}

fn kind_of(n: u32, mirror: bool, node: Node) -> NodeKind {
    let done = u32::MAX >> (MAX_N - n);
    let [ld, col, rd] = node.masks;
    if col == done {
        NodeKind::Solution
    } else if !(ld | col | rd) & searched_part(n, mirror, node.row as usize, node.top) == 0 {
        NodeKind::DeadEnd
    } else {
        NodeKind::Inner
    }
}
