//! Every node of the search tree of a small board, with the steps that enter and leave it.

use super::{bit_of, NodeKind};
use crate::algorithms::richards::Stepper;
use crate::board::{full_mask, searched_part, BoardSizeError};
use crate::stepping::Step;
use serde::Serialize;
use std::fmt;

/// The boards up to which [`whole_tree`] lists every node (8,393 nodes at n = 9).
pub const WHOLE_TREE_MAX_N: u32 = 9;

/// Every node of the tree of a small board, in the order the whole (unpruned) search enters
/// them, each child after its parent and before its next sibling. Arrays, one entry per node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WholeTree {
    /// Board size.
    pub n: u32,
    /// True when the steps are those of the mirror-mode search.
    pub mirror: bool,
    /// The index of the node's parent; `None` for row 0 (the root, the empty board, is not listed).
    pub parent: Vec<Option<u32>>,
    /// The row of the node's queen.
    pub row: Vec<u32>,
    /// The column of the node's queen.
    pub column: Vec<u32>,
    /// Nodes in the node's subtree, itself included.
    pub size: Vec<u32>,
    /// What the node is.
    pub kind: Vec<NodeKind>,
    /// The step count right after the `Place` that entered the node (the board then shows its
    /// queen and those above); `None` for a node the mirror-mode search never visits.
    pub enter: Vec<Option<u64>>,
    /// The step count right after the `Backtrack` that lifted its queen; `None` as `enter`.
    pub leave: Vec<Option<u64>>,
    /// The masks the node's call of `search` receives: `ld`, `col`, `rd` of the row below.
    pub ld: Vec<u32>,
    /// See `ld`.
    pub col: Vec<u32>,
    /// See `ld`.
    pub rd: Vec<u32>,
    /// The free squares of the row below, `~(ld | col | rd) & done` within the part the
    /// search covers: what `poss` starts as when the node is entered.
    pub poss: Vec<u32>,
}

/// A board too large to list its whole tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WholeTreeError {
    /// Not a board size at all.
    Size(BoardSizeError),
    /// Larger than [`WHOLE_TREE_MAX_N`].
    TooLarge(u32),
}

impl fmt::Display for WholeTreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WholeTreeError::Size(error) => error.fmt(f),
            WholeTreeError::TooLarge(n) => write!(
                f,
                "The whole search tree is listed node by node up to {WHOLE_TREE_MAX_N}×{WHOLE_TREE_MAX_N}; got {n}×{n}."
            ),
        }
    }
}

impl std::error::Error for WholeTreeError {}

/// Every node of the tree of an `n`×`n` board (n <= [`WHOLE_TREE_MAX_N`]), with the steps
/// at which the search (in mirror mode or not) enters and leaves it. Built by walking the
/// whole search with a [`Stepper`], then, in mirror mode, walking the mirror-mode search
/// along it.
pub fn whole_tree(n: u32, mirror: bool) -> Result<WholeTree, WholeTreeError> {
    full_mask(n).map_err(WholeTreeError::Size)?;
    if n > WHOLE_TREE_MAX_N {
        return Err(WholeTreeError::TooLarge(n));
    }
    let mut tree = WholeTree {
        n,
        mirror,
        parent: Vec::new(),
        row: Vec::new(),
        column: Vec::new(),
        size: Vec::new(),
        kind: Vec::new(),
        enter: Vec::new(),
        leave: Vec::new(),
        ld: Vec::new(),
        col: Vec::new(),
        rd: Vec::new(),
        poss: Vec::new(),
    };
    // The whole search: each Place adds a node below the one on top of `path`.
    let mut search = Stepper::new(n).expect("the size was checked");
    let mut path: Vec<u32> = Vec::new();
    while !search.is_finished() {
        match search.step() {
            Step::Place { row, column } => {
                let index = tree.row.len() as u32;
                let call = search.calls()[row as usize + 1];
                let top = match path.first() {
                    Some(&first) => bit_of(n, tree.column[first as usize]),
                    None => bit_of(n, column),
                };
                let free = !(call.ld | call.col | call.rd)
                    & searched_part(n, mirror, row as usize + 1, top);
                tree.parent.push(path.last().copied());
                tree.row.push(row);
                tree.column.push(column);
                tree.size.push(1);
                tree.kind.push(NodeKind::Inner);
                tree.enter.push(Some(search.steps()));
                tree.leave.push(None);
                tree.ld.push(call.ld);
                tree.col.push(call.col);
                tree.rd.push(call.rd);
                tree.poss.push(free);
                path.push(index);
            }
            Step::Backtrack { .. } => {
                let index = path.pop().expect("a queen to lift") as usize;
                tree.leave[index] = Some(search.steps());
            }
            Step::Solution { .. } => {
                tree.kind[*path.last().expect("a solution has queens") as usize] =
                    NodeKind::Solution;
            }
            Step::DeadEnd { row } => {
                // Row 0 always has a free square: a dead end is below a queen.
                let index = *path.last().expect("row > 0") as usize;
                debug_assert_eq!(tree.row[index] + 1, row);
                tree.kind[index] = NodeKind::DeadEnd;
            }
            _ => {}
        }
    }
    // Subtree sizes: children come after their parents.
    for index in (0..tree.row.len()).rev() {
        if let Some(parent) = tree.parent[index] {
            tree.size[parent as usize] += tree.size[index];
        }
    }
    if mirror {
        mirror_steps(&mut tree);
    }
    Ok(tree)
}

/// Replaces the steps of the whole search by those of the mirror-mode search, which enters a
/// subset of the same nodes in the same order; the others get `None` (pruned).
fn mirror_steps(tree: &mut WholeTree) {
    tree.enter.iter_mut().for_each(|e| *e = None);
    tree.leave.iter_mut().for_each(|e| *e = None);
    let mut search = Stepper::with_mirror(tree.n, true).expect("the size was checked");
    let mut path: Vec<usize> = Vec::new();
    while !search.is_finished() {
        match search.step() {
            Step::Place { column, .. } => {
                // The children of a node follow it, each after the previous one's subtree.
                let (mut child, end) = match path.last() {
                    Some(&parent) => (parent + 1, parent + tree.size[parent] as usize),
                    None => (0, tree.row.len()),
                };
                while tree.column[child] != column {
                    child += tree.size[child] as usize;
                    assert!(child < end, "the mirror search enters a node of the tree");
                }
                tree.enter[child] = Some(search.steps());
                path.push(child);
            }
            Step::Backtrack { .. } => {
                let index = path.pop().expect("a queen to lift");
                tree.leave[index] = Some(search.steps());
            }
            _ => {}
        }
    }
}
