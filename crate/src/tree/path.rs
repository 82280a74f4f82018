//! The part of the search tree around the search's path: for each row on the path, its
//! children with their subtree sizes and where the search stands with them.

use super::estimate::{subtree_size, SubtreeSize};
use super::{below, bit_of, kind_of, Node, NodeKind};
use crate::board::{searched_part, MAX_N};
use crate::stepping::{CurrentRow, Stepping};

/// Where a child of a call on the search's path stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Entered and left: its whole subtree is done.
    Done,
    /// On the path: its queen is on the board.
    OnPath,
    /// Chosen (`bit`), its queen not placed yet.
    Trying,
    /// Not entered yet.
    Ahead,
    /// Never entered: outside the part mirror mode searches.
    Pruned,
}

/// One child of a call on the path: a node of the tree around the search's position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Child {
    /// The row of its queen (the call's row).
    pub row: u32,
    /// The column of its queen.
    pub column: u32,
    /// Where it stands.
    pub status: Status,
    /// What it is.
    pub kind: NodeKind,
    /// Its subtree's size.
    pub size: SubtreeSize,
    /// The masks its call of `search` receives, `[ld, col, rd]` of the row below.
    pub masks: [u32; 3],
    /// The free squares of the row below (what its `poss` starts as).
    pub poss: u32,
}

/// The children of one call that do not depend on where the search stands in it.
#[derive(Clone, Debug, PartialEq)]
struct Level {
    /// The call: its row, row 0's queen bit and masks.
    key: Node,
    children: Vec<Child>,
}

/// The part of the tree around the search's path: for each call on the stack, its children
/// (the free squares of its row, pruned ones included) with their subtree sizes, kinds and
/// where the search stands with them. It keeps one level per row (at most 33 levels of at
/// most 32 children), whatever the board: memory is bounded at n = 32.
///
/// Sizes are computed when a call is first seen with its masks and kept while the call
/// stays on the path, so a redraw while playing recomputes only the rows that changed.
#[derive(Clone, Debug, Default)]
pub struct PathTree {
    levels: Vec<Level>,
}

/// Numbers per child in [`PathTree::flat`]: row, column, status, kind, size, exact, ld, col,
/// rd, poss.
pub const FLAT_STRIDE: usize = 10;

impl PathTree {
    /// Empty: every level is computed at the first update.
    pub fn new() -> PathTree {
        PathTree::default()
    }

    /// Brings the levels in line with `search` and returns the children of each row on its
    /// path, row 0 first, down to the row being searched. Everything comes through the
    /// [`Stepping`] trait: the queens on the board give every row's masks, and
    /// [`Stepping::current_row`] says where the search stands in the row being searched.
    pub fn update<S: Stepping + ?Sized>(&mut self, search: &S) -> Vec<Vec<Child>> {
        let n = search.n();
        let mirror = search.mirror();
        let done = u32::MAX >> (MAX_N - n);
        let queens = search.queens();
        let here = search.current_row();
        let rows = queens.len() + 1;
        let top_bit = queens.first().map_or(0, |&c| bit_of(n, c));
        self.levels.truncate(rows);
        let mut out = Vec::with_capacity(rows);
        let mut masks = [0; 3];
        for row in 0..rows {
            let key = Node {
                row: row as u32,
                // Only row 1 of mirror mode depends on row 0's queen.
                top: if row == 1 { top_bit } else { 0 },
                masks,
            };
            if self.levels.get(row).map(|l| l.key) != Some(key) {
                let level = Level {
                    key,
                    children: children_of(n, mirror, key),
                };
                self.levels.truncate(row);
                self.levels.push(level);
            }
            let queen = queens.get(row).copied();
            let mut children = self.levels[row].children.clone();
            for child in &mut children {
                if child.status != Status::Pruned {
                    child.status = status_of(n, queen, &here, child.column);
                }
            }
            out.push(children);
            if let Some(column) = queen {
                masks = below(done, masks, bit_of(n, column));
            }
        }
        out
    }

    /// [`PathTree::update`] as one array of numbers, [`FLAT_STRIDE`] per child, row 0's
    /// children first: row, column, status (0 done, 1 on the path, 2 trying, 3 ahead,
    /// 4 pruned), kind (0 inner, 1 dead end, 2 solution), subtree size, exact (1 or 0),
    /// and the masks ld, col, rd, poss its call receives.
    pub fn flat<S: Stepping + ?Sized>(&mut self, search: &S) -> Vec<f64> {
        let levels = self.update(search);
        let mut out = Vec::with_capacity(levels.iter().map(Vec::len).sum::<usize>() * FLAT_STRIDE);
        for child in levels.iter().flatten() {
            let status = match child.status {
                Status::Done => 0.0,
                Status::OnPath => 1.0,
                Status::Trying => 2.0,
                Status::Ahead => 3.0,
                Status::Pruned => 4.0,
            };
            let kind = match child.kind {
                NodeKind::Inner => 0.0,
                NodeKind::DeadEnd => 1.0,
                NodeKind::Solution => 2.0,
            };
            let [ld, col, rd] = child.masks;
            out.extend([
                f64::from(child.row),
                f64::from(child.column),
                status,
                kind,
                child.size.nodes,
                f64::from(u8::from(child.size.exact)),
                f64::from(ld),
                f64::from(col),
                f64::from(rd),
                f64::from(child.poss),
            ]);
        }
        out
    }
}

/// The children of a call, lowest bit first (the order the search tries them), with the
/// columns mirror mode does not search as `Pruned` (their sizes are those of the whole search).
fn children_of(n: u32, mirror: bool, call: Node) -> Vec<Child> {
    let done = u32::MAX >> (MAX_N - n);
    let [ld, col, rd] = call.masks;
    if col == done {
        return Vec::new();
    }
    let free = !(ld | col | rd) & done;
    let searched = free & searched_part(n, mirror, call.row as usize, call.top);
    let mut children = Vec::with_capacity(free.count_ones() as usize);
    let mut rest = free;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest -= bit;
        let pruned = searched & bit == 0;
        // A pruned subtree is walked by no search here: size it as the whole search would.
        let walked_in_mirror = mirror && !pruned;
        let node = Node {
            row: call.row + 1,
            top: if call.row == 0 { bit } else { call.top },
            masks: below(done, call.masks, bit),
        };
        let [cld, ccol, crd] = node.masks;
        children.push(Child {
            row: call.row,
            column: n - 1 - bit.trailing_zeros(),
            status: if pruned {
                Status::Pruned
            } else {
                Status::Ahead
            },
            kind: kind_of(n, walked_in_mirror, node),
            size: subtree_size(n, walked_in_mirror, node),
            masks: node.masks,
            poss: !(cld | ccol | crd)
                & searched_part(n, walked_in_mirror, node.row as usize, node.top),
        });
    }
    children
}

/// Where the child in `column` of a row stands. `queen`: the column of the row's queen when
/// the row is above the one being searched (its child on the path); `None` for the row being
/// searched, which `here` describes. Squares are tried lowest bit first, so in a row above
/// the one being searched the children right of the queen (lower bits) are done.
fn status_of(n: u32, queen: Option<u32>, here: &CurrentRow, column: u32) -> Status {
    let bit = bit_of(n, column);
    if let Some(queen) = queen {
        let queen_bit = bit_of(n, queen);
        return if bit == queen_bit {
            Status::OnPath
        } else if bit < queen_bit {
            Status::Done
        } else {
            Status::Ahead
        };
    }
    if here.trying == Some(column) {
        Status::Trying
    } else if here.tried & bit != 0 {
        Status::Done
    } else {
        Status::Ahead
    }
}
