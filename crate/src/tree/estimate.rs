//! Knuth's estimate of a search tree's size by random probes, and the size of a subtree:
//! counted when small, else estimated.

use super::{below, Node};
use crate::board::{full_mask, searched_part, BoardSizeError, MAX_N};
use crate::random::Random;
use serde::Serialize;

/// One of Knuth's random probes of a search tree, from `node` down: in each row the node's
/// children are the squares of `free(node)` (none: a leaf), and one of them, chosen at random,
/// is the next node (`child(node, bit)`). The product of the numbers of children met, summed
/// over the rows, is an unbiased estimate of the nodes below `node` (not counting itself).
///
/// The one probe of the crate: the tree's estimates and the backtracking counter's work
/// estimates ([`crate::count::backtrack::estimated_work`]) both walk it.
#[inline]
pub fn knuth_probe<N: Copy>(
    mut node: N,
    free: impl Fn(&N) -> u32,
    child: impl Fn(N, u32) -> N,
    random: &mut Random,
) -> f64 {
    let (mut weight, mut estimate) = (1.0, 0.0);
    loop {
        let squares = free(&node);
        let k = squares.count_ones();
        if k == 0 {
            return estimate;
        }
        weight *= f64::from(k);
        estimate += weight;
        node = child(node, random.bit_of(squares));
    }
}

/// A probe of the tree of an `n`×`n` board (mirror mode or not) below `at` ([`knuth_probe`]).
fn probe(n: u32, mirror: bool, at: Node, random: &mut Random) -> f64 {
    let done = u32::MAX >> (MAX_N - n);
    let free = |node: &Node| {
        let [ld, col, rd] = node.masks;
        if col == done {
            return 0;
        }
        !(ld | col | rd) & searched_part(n, mirror, node.row as usize, node.top)
    };
    let child = |node: Node, bit: u32| Node {
        row: node.row + 1,
        top: if node.row == 0 { bit } else { node.top },
        masks: below(done, node.masks, bit),
    };
    knuth_probe(at, free, child, random)
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
    let mut random = Random::new(seed);
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

/// Counts the nodes below a node exactly, giving up (`None`) once more than `budget` are found.
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

/// The size of the subtree of `node`, its own node included (see [`SubtreeSize`]).
pub(super) fn subtree_size(n: u32, mirror: bool, node: Node) -> SubtreeSize {
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

#[cfg(test)]
mod tests {
    use super::*;

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
