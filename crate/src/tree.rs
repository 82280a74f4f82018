//! The search tree as a whole: its size (counted exactly, or estimated by Knuth's random
//! probes), every node of a small one, and the part of a large one around the search's path.
//!
//! The tree is the one [`Stepper`] walks: the root is the empty board, a node is a queen
//! placed (a [`Step::Place`]), its children are the free squares of the row below, tried
//! lowest bit first (the right-most column first). In mirror mode the walk covers only
//! [`searched_part`] of the first rows; the rest of the tree is *pruned*.
//!
//! Facts the page relies on, each tested below:
//! - a walk of the whole tree takes exactly `2 + 4 * nodes + dead_ends` steps
//!   ([`TreeSize::steps`]): one `Free` per frame that is not a solution, `Try`, `Place` and
//!   `Backtrack` per node, one `Solution` or `DeadEnd` per leaf, and the final `Finished`;
//! - the subtrees of row-0 columns `c` and `n - 1 - c` are mirror images, so counting the
//!   mirror-mode tree by parts ([`TreeCounter`]) also gives the whole tree.

use crate::algorithms::richards::{Phase, Stepper};
use crate::board::{full_mask, searched_part, BoardSizeError, MAX_N};
use crate::stepping::Step;
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

/// The bit of column `c` on an `n`×`n` board (display convention: column 0 is bit `n - 1`).
fn bit_of(n: u32, column: u32) -> u32 {
    1 << (n - 1 - column)
}

/// The masks of the row below a queen on `bit`, given its own row's masks.
fn below(done: u32, [ld, col, rd]: [u32; 3], bit: u32) -> [u32; 3] {
    [(ld | bit) >> 1, col | bit, ((rd | bit) << 1) & done]
}

/// What [`walk`] counts, in fixed arrays: indexing `by_row` modulo its power-of-two length
/// lets the compiler drop the bounds checks of the hot loop (rows never exceed 32).
struct Walked {
    by_row: [u64; 64],
    dead_ends: u64,
    solutions: u64,
}

/// Counts the tree below a frame of row `row` with masks `ld`, `col`, `rd` (not the frame's
/// own node) into `walked`. `part` is the part of the row the walk covers; every row below
/// is covered whole. The plain recursive bitmask loop, plus a dead-end count and the nodes
/// of each row (all the children of a frame at once).
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
pub struct TreeCounter {
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

impl TreeCounter {
    /// The parts of the tree of an `n`×`n` board, none counted yet.
    pub fn new(n: u32) -> Result<TreeCounter, BoardSizeError> {
        full_mask(n)?;
        let row0 = searched_part(n, true, 0, 0);
        let columns: Vec<u32> = (0..n).filter(|&c| row0 & bit_of(n, c) != 0).collect();
        Ok(TreeCounter {
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
    pub fn count(&mut self, index: usize) -> Result<u64, NoSuchPart> {
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
    let mut counter = TreeCounter::new(n)?;
    for i in 0..counter.parts() {
        counter.count(i).expect("every listed part exists");
    }
    Ok(counter.total(mirror).expect("every part is counted"))
}

/// A generator of random numbers for the probes: SplitMix64, so that an estimate made with
/// the same seed is the same everywhere (the core never asks JS for randomness).
#[derive(Clone, Debug)]
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole number in `0..k` (k >= 1), each equally likely up to 2^-32.
    fn below(&mut self, k: u32) -> u32 {
        (((self.next() >> 32) * u64::from(k)) >> 32) as u32
    }
}

/// The `j`-th set bit of `mask`, lowest first.
fn nth_bit(mut mask: u32, j: u32) -> u32 {
    for _ in 0..j {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

/// One of Knuth's random probes below a frame: walk down choosing one child at random in
/// each row; the product of the numbers of children met, summed over the rows, is an
/// unbiased estimate of the nodes below the frame (the frame's own node not included).
fn probe(n: u32, mirror: bool, at: Node, random: &mut Random) -> f64 {
    let done = u32::MAX >> (MAX_N - n);
    let Node {
        mut row,
        mut top,
        mut masks,
    } = at;
    let (mut weight, mut estimate) = (1.0, 0.0);
    loop {
        let [ld, col, rd] = masks;
        if col == done {
            return estimate;
        }
        let poss = !(ld | col | rd) & searched_part(n, mirror, row as usize, top);
        let k = poss.count_ones();
        if k == 0 {
            return estimate;
        }
        weight *= f64::from(k);
        estimate += weight;
        let bit = nth_bit(poss, random.below(k));
        if row == 0 {
            top = bit;
        }
        masks = below(done, masks, bit);
        row += 1;
    }
}

/// A frame of the tree, as a probe or a count starts from it: its row, row 0's queen bit
/// (`top`, which mirror mode's row 1 depends on; 0 in row 0) and its masks `[ld, col, rd]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    row: u32,
    top: u32,
    masks: [u32; 3],
}

/// An estimate of a number of nodes: the mean of random probes and its standard error.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Estimate {
    /// The estimate: the mean of the probes.
    pub nodes: f64,
    /// Its standard error: the probes' standard deviation over the square root of their number.
    pub standard_error: f64,
    /// How many probes were made.
    pub probes: u32,
}

/// Knuth's estimate of the nodes of the whole tree of an `n`×`n` board (mirror mode or not)
/// from `probes` random probes (at least 1), made with `seed`: the same arguments give the
/// same estimate.
///
/// ```
/// use bitqueens::tree::{estimate_tree, tree_size};
/// let estimate = estimate_tree(10, false, 20_000, 1).unwrap();
/// let exact = tree_size(10, false).unwrap().nodes as f64;
/// assert!((estimate.nodes - exact).abs() < 4.0 * estimate.standard_error);
/// ```
pub fn estimate_tree(
    n: u32,
    mirror: bool,
    probes: u32,
    seed: u64,
) -> Result<Estimate, BoardSizeError> {
    full_mask(n)?;
    let root = Node {
        row: 0,
        top: 0,
        masks: [0; 3],
    };
    Ok(estimate_below(n, mirror, root, probes.max(1), seed))
}

fn estimate_below(n: u32, mirror: bool, at: Node, probes: u32, seed: u64) -> Estimate {
    let mut random = Random(seed);
    // Welford's running mean and sum of squared deviations.
    let (mut mean, mut squares) = (0.0, 0.0);
    for i in 1..=probes {
        let x = probe(n, mirror, at, &mut random);
        let delta = x - mean;
        mean += delta / f64::from(i);
        squares += delta * (x - mean);
    }
    let variance = if probes > 1 {
        squares / f64::from(probes - 1)
    } else {
        0.0
    };
    Estimate {
        nodes: mean,
        standard_error: (variance / f64::from(probes)).sqrt(),
        probes,
    }
}

/// Counts the nodes below a frame exactly, giving up (`None`) once more than `budget` are found.
fn count_below(n: u32, mirror: bool, at: Node, budget: &mut u64) -> Option<u64> {
    let done = u32::MAX >> (MAX_N - n);
    let [ld, col, rd] = at.masks;
    if col == done {
        return Some(0);
    }
    let mut poss = !(ld | col | rd) & searched_part(n, mirror, at.row as usize, at.top);
    let mut nodes = 0;
    while poss != 0 {
        let bit = poss & poss.wrapping_neg();
        poss -= bit;
        *budget = budget.checked_sub(1)?;
        let child = Node {
            row: at.row + 1,
            top: if at.row == 0 { bit } else { at.top },
            masks: below(done, at.masks, bit),
        };
        nodes += 1 + count_below(n, mirror, child, budget)?;
    }
    Some(nodes)
}

/// Below this many nodes (as the probes estimate them) a subtree is counted exactly.
pub const EXACT_BELOW: f64 = 3000.0;
/// Probes per subtree whose size is estimated.
pub const PROBES_PER_SUBTREE: u32 = 32;

/// The size of the subtree of a node, its own node included: counted exactly when it is
/// small, else estimated (deterministically: the probes' seed is made from the node).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubtreeSize {
    /// Nodes in the subtree, the node itself included.
    pub nodes: f64,
    /// True when counted, false when estimated.
    pub exact: bool,
}

fn subtree_size(n: u32, mirror: bool, node: Node) -> SubtreeSize {
    let [ld, col, rd] = node.masks;
    let seed = (u64::from(ld) << 32 | u64::from(col))
        ^ u64::from(rd).rotate_left(17)
        ^ u64::from(node.row).rotate_left(49);
    let estimate = estimate_below(n, mirror, node, PROBES_PER_SUBTREE, seed);
    if estimate.nodes < EXACT_BELOW {
        let mut budget = 4 * EXACT_BELOW as u64;
        if let Some(nodes) = count_below(n, mirror, node, &mut budget) {
            return SubtreeSize {
                nodes: 1.0 + nodes as f64,
                exact: true,
            };
        }
    }
    SubtreeSize {
        nodes: 1.0 + estimate.nodes,
        exact: false,
    }
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
                let frame = search.frames()[row as usize + 1];
                let top = match path.first() {
                    Some(&first) => bit_of(n, tree.column[first as usize]),
                    None => bit_of(n, column),
                };
                let free = !(frame.ld | frame.col | frame.rd)
                    & searched_part(n, mirror, row as usize + 1, top);
                tree.parent.push(path.last().copied());
                tree.row.push(row);
                tree.column.push(column);
                tree.size.push(1);
                tree.kind.push(NodeKind::Inner);
                tree.enter.push(Some(search.steps()));
                tree.leave.push(None);
                tree.ld.push(frame.ld);
                tree.col.push(frame.col);
                tree.rd.push(frame.rd);
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

/// Where a child of a frame on the search's path stands.
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

/// One child of a frame on the path: a node of the tree around the search's position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Child {
    /// The row of its queen (the frame's row).
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

/// The children of one frame that do not depend on where the search stands in it.
#[derive(Clone, Debug, PartialEq)]
struct Level {
    /// The frame: its row, row 0's queen bit and masks.
    key: Node,
    children: Vec<Child>,
}

/// The part of the tree around the search's path: for each frame on the stack, its children
/// (the free squares of its row, pruned ones included) with their subtree sizes, kinds and
/// where the search stands with them. It keeps one level per row (at most 33 levels of at
/// most 32 children), whatever the board: memory is bounded at n = 32.
///
/// Sizes are computed when a frame is first seen with its masks and kept while the frame
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

    /// Brings the levels in line with `search` and returns the children of each frame on
    /// its stack, row 0 first.
    pub fn update(&mut self, search: &Stepper) -> Vec<Vec<Child>> {
        let n = search.n();
        let mirror = search.weight() == 2;
        let frames = search.frames();
        let top_bit = if frames.len() > 1 { frames[0].bit } else { 0 };
        self.levels.truncate(frames.len());
        let mut out = Vec::with_capacity(frames.len());
        for (row, frame) in frames.iter().enumerate() {
            let key = Node {
                row: row as u32,
                // Only row 1 of mirror mode depends on row 0's queen.
                top: if row == 1 { top_bit } else { 0 },
                masks: [frame.ld, frame.col, frame.rd],
            };
            if self.levels.get(row).map(|l| l.key) != Some(key) {
                let level = Level {
                    key,
                    children: children_of(n, mirror, key),
                };
                self.levels.truncate(row);
                self.levels.push(level);
            }
            let on_top = row + 1 == frames.len();
            let mut children = self.levels[row].children.clone();
            for child in &mut children {
                if child.status != Status::Pruned {
                    child.status = status_of(n, frame, on_top, child.column);
                }
            }
            out.push(children);
        }
        out
    }

    /// [`PathTree::update`] as one array of numbers, [`FLAT_STRIDE`] per child, row 0's
    /// children first: row, column, status (0 done, 1 on the path, 2 trying, 3 ahead,
    /// 4 pruned), kind (0 inner, 1 dead end, 2 solution), subtree size, exact (1 or 0),
    /// and the masks ld, col, rd, poss its call receives.
    pub fn flat(&mut self, search: &Stepper) -> Vec<f64> {
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

/// The children of a frame, lowest bit first (the order the search tries them), with the
/// columns mirror mode does not search as `Pruned` (their sizes are those of the whole search).
fn children_of(n: u32, mirror: bool, frame: Node) -> Vec<Child> {
    let done = u32::MAX >> (MAX_N - n);
    let [ld, col, rd] = frame.masks;
    if col == done {
        return Vec::new();
    }
    let free = !(ld | col | rd) & done;
    let searched = free & searched_part(n, mirror, frame.row as usize, frame.top);
    let mut children = Vec::with_capacity(free.count_ones() as usize);
    let mut rest = free;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest -= bit;
        let pruned = searched & bit == 0;
        // A pruned subtree is walked by no search here: size it as the whole search would.
        let walked_in_mirror = mirror && !pruned;
        let node = Node {
            row: frame.row + 1,
            top: if frame.row == 0 { bit } else { frame.top },
            masks: below(done, frame.masks, bit),
        };
        let [cld, ccol, crd] = node.masks;
        children.push(Child {
            row: frame.row,
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

/// Where the child in `column` of `frame` stands. `on_top`: the frame is the one being
/// searched (below the top, a frame's `bit` is the queen on the path).
fn status_of(
    n: u32,
    frame: &crate::algorithms::richards::Frame,
    on_top: bool,
    column: u32,
) -> Status {
    let bit = bit_of(n, column);
    if frame.poss & bit != 0 {
        return Status::Ahead;
    }
    if !on_top {
        return if frame.bit == bit {
            Status::OnPath
        } else {
            Status::Done
        };
    }
    match frame.phase {
        // `poss` is not computed yet: nothing is tried.
        Phase::Enter => Status::Ahead,
        Phase::Trying if frame.bit == bit => Status::Trying,
        // Tried squares are the free ones lower than `bit`, `bit` included once it returned.
        Phase::Trying | Phase::Returned => {
            if bit < frame.bit || (frame.phase == Phase::Returned && bit == frame.bit) {
                Status::Done
            } else {
                Status::Ahead
            }
        }
        Phase::Scanned => Status::Ahead,
        Phase::Closed | Phase::Finished => Status::Done,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_numbers_are_below_their_bound_and_cover_it() {
        let mut random = Random(7);
        let mut seen = [0; 5];
        for _ in 0..1000 {
            seen[random.below(5) as usize] += 1;
        }
        assert!(seen.iter().all(|&s| s > 150), "{seen:?}");
    }

    #[test]
    fn nth_bit_counts_from_the_lowest() {
        assert_eq!(nth_bit(0b1011_0100, 0), 0b100);
        assert_eq!(nth_bit(0b1011_0100, 2), 0b10_0000);
        assert_eq!(nth_bit(0b1011_0100, 3), 0b1000_0000);
    }

    #[test]
    fn count_below_gives_up_past_its_budget() {
        let root = Node {
            row: 0,
            top: 0,
            masks: [0; 3],
        };
        let mut budget = 1_000;
        assert_eq!(count_below(8, false, root, &mut budget), None);
        let mut budget = 10_000;
        assert_eq!(count_below(8, false, root, &mut budget), Some(2056));
    }
}
