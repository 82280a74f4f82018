//! The exact size of a search tree, counted in parts so that a worker can report progress.

use super::{below, bit_of};
use crate::board::{full_mask, searched_part, BoardSizeError, MAX_N};
use serde::Serialize;
use std::fmt;

/// The size of a search tree, or of a part of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeSize {
    /// Nodes: the queens a walk of the tree places (the root, the empty board, is not one).
    pub nodes: u64,
    /// Nodes whose row below has no free square (and no solution: every row holds a queen).
    pub dead_ends: u64,
    /// Nodes that complete a board.
    pub solutions: u64,
    /// `by_row[r]`: the nodes whose queen stands in row `r`; `n` entries.
    pub by_row: Vec<u64>,
}

impl TreeSize {
    /// Nothing yet, for an `n`×`n` board.
    pub fn empty(n: u32) -> TreeSize {
        TreeSize {
            nodes: 0,
            dead_ends: 0,
            solutions: 0,
            by_row: vec![0; n as usize],
        }
    }

    /// The steps a walk of the whole tree takes, from the first `Free` to `Finished`.
    pub fn steps(&self) -> u64 {
        2 + 4 * self.nodes + self.dead_ends
    }

    /// Adds `factor` times `other`, and `sign` says whether to add or take away.
    fn add_scaled(&mut self, other: &TreeSize, factor: u64, sign: Sign) {
        let apply = |mine: &mut u64, theirs: u64| match sign {
            Sign::Plus => *mine += factor * theirs,
            Sign::Minus => *mine -= factor * theirs,
        };
        apply(&mut self.nodes, other.nodes);
        apply(&mut self.dead_ends, other.dead_ends);
        apply(&mut self.solutions, other.solutions);
        for (mine, &theirs) in self.by_row.iter_mut().zip(&other.by_row) {
            apply(mine, theirs);
        }
    }
}

#[derive(Clone, Copy)]
enum Sign {
    Plus,
    Minus,
}

/// What [`walk`] counts, in fixed arrays: indexing `by_row` modulo its power-of-two length
/// lets the compiler drop the bounds checks of the hot loop (rows never exceed 32).
struct Walked {
    by_row: [u64; 64],
    dead_ends: u64,
    solutions: u64,
}

/// Counts the tree below a node of row `row` with masks `ld`, `col`, `rd` (not the node's
/// own node) into `walked`. `part` is the part of the row the walk covers; every row below
/// is covered whole. The plain recursive bitmask loop, plus a dead-end count and the nodes
/// of each row (all the children of a call at once).
fn walk(done: u32, row: usize, [ld, col, rd]: [u32; 3], part: u32, walked: &mut Walked) {
    if col == done {
        walked.solutions += 1;
        return;
    }
    let mut poss = !(ld | col | rd) & part;
    if poss == 0 {
        walked.dead_ends += 1;
        return;
    }
    walked.by_row[row & 63] += u64::from(poss.count_ones());
    while poss != 0 {
        let bit = poss & poss.wrapping_neg();
        poss -= bit;
        // `rd` keeps the bits shifted past column 0; `& part` drops them where it matters.
        walk(
            done,
            row + 1,
            [(ld | bit) >> 1, col | bit, (rd | bit) << 1],
            done,
            walked,
        );
    }
}

/// Counts the subtree of the row-0 queen in `column` as the mirror-mode search walks it
/// (for the middle column of an odd board, row 1 only in its left half), the queen included.
fn count_part(n: u32, column: u32) -> TreeSize {
    let done = u32::MAX >> (MAX_N - n);
    let bit = bit_of(n, column);
    let mut walked = Walked {
        by_row: [0; 64],
        dead_ends: 0,
        solutions: 0,
    };
    walked.by_row[0] = 1;
    walk(
        done,
        1,
        below(done, [0, 0, 0], bit),
        searched_part(n, true, 1, bit),
        &mut walked,
    );
    let by_row = walked.by_row[..n as usize].to_vec();
    TreeSize {
        nodes: by_row.iter().sum(),
        dead_ends: walked.dead_ends,
        solutions: walked.solutions,
        by_row,
    }
}

/// Counts a search tree exactly in parts, one per row-0 column of the mirror-mode search, so
/// that a worker can report progress between parts (and be stopped) while the total comes
/// out for either mode:
/// - mirror mode: the sum of the parts;
/// - the whole tree: twice each left-half part (its mirror image is the same size) and, for
///   an odd board, the middle column's part twice less its own node (row 1 is halved there).
#[derive(Clone, Debug)]
pub struct SizeByParts {
    n: u32,
    /// The row-0 columns of the mirror-mode search: the left half, then the middle (odd n).
    columns: Vec<u32>,
    counted: Vec<Option<TreeSize>>,
}

/// A part number past the last part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchPart {
    /// The part asked for.
    pub asked: usize,
    /// How many parts there are.
    pub parts: usize,
}

impl fmt::Display for NoSuchPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "No part {} of the tree: it has {} parts, numbered from 0.",
            self.asked, self.parts
        )
    }
}

impl std::error::Error for NoSuchPart {}

impl SizeByParts {
    /// The parts of the tree of an `n`×`n` board, none counted yet.
    pub fn new(n: u32) -> Result<SizeByParts, BoardSizeError> {
        full_mask(n)?;
        let row0 = searched_part(n, true, 0, 0);
        let columns: Vec<u32> = (0..n).filter(|&c| row0 & bit_of(n, c) != 0).collect();
        Ok(SizeByParts {
            n,
            counted: vec![None; columns.len()],
            columns,
        })
    }

    /// How many parts there are.
    pub fn parts(&self) -> usize {
        self.columns.len()
    }

    /// Counts part `index` (again, if it was counted already) and returns its nodes.
    pub fn count_part(&mut self, index: usize) -> Result<u64, NoSuchPart> {
        let column = *self.columns.get(index).ok_or(NoSuchPart {
            asked: index,
            parts: self.columns.len(),
        })?;
        let size = count_part(self.n, column);
        let nodes = size.nodes;
        self.counted[index] = Some(size);
        Ok(nodes)
    }

    /// The tree of the mirror-mode search (`mirror`) or of the whole search, once every part
    /// is counted; `None` before.
    pub fn total(&self, mirror: bool) -> Option<TreeSize> {
        let mut total = TreeSize::empty(self.n);
        let middle = (self.n % 2 == 1).then_some(self.n / 2);
        for (&column, size) in self.columns.iter().zip(&self.counted) {
            let size = size.as_ref()?;
            if mirror || Some(column) != middle {
                total.add_scaled(size, if mirror { 1 } else { 2 }, Sign::Plus);
            } else {
                // Under the middle queen the left and right halves of row 1 mirror each
                // other: the whole subtree is twice the part, less the middle node counted twice.
                total.add_scaled(size, 2, Sign::Plus);
                total.add_scaled(&self.own_node(column), 1, Sign::Minus);
            }
        }
        Some(total)
    }

    /// The node of the row-0 queen in `column` alone: a solution when n = 1, a dead end
    /// when row 1 has no free square below it.
    fn own_node(&self, column: u32) -> TreeSize {
        let n = self.n;
        let done = u32::MAX >> (MAX_N - n);
        let [ld, col, rd] = below(done, [0, 0, 0], bit_of(n, column));
        let mut node = TreeSize::empty(n);
        node.nodes = 1;
        node.by_row[0] = 1;
        if col == done {
            node.solutions = 1;
        } else if !(ld | col | rd) & done == 0 {
            node.dead_ends = 1;
        }
        node
    }
}

/// The size of the whole tree of an `n`×`n` board, in mirror mode or not, counted at once.
///
/// ```
/// use bitqueens::{tree::tree_size, Stepper};
/// let size = tree_size(6, false).unwrap();
/// let mut walk = Stepper::new(6).unwrap();
/// walk.by_ref().count();
/// assert_eq!((size.nodes, size.steps()), (walk.nodes(), walk.steps()));
/// ```
pub fn tree_size(n: u32, mirror: bool) -> Result<TreeSize, BoardSizeError> {
    let mut counter = SizeByParts::new(n)?;
    for i in 0..counter.parts() {
        counter.count_part(i).expect("every listed part exists");
    }
    Ok(counter.total(mirror).expect("every part is counted"))
}
