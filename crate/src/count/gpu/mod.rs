//! Counting on a GPU: the work split the core makes and the one WGSL kernel that counts it,
//! in the page (WebGPU) and, later, the command line (wgpu).
//!
//! The split presets the first [`preset_rows`] rows of every board: each way to place
//! queens there without an attack is a *partial board*, one GPU invocation's work, which
//! backtracks the rows left (`kernel.wgsl`). By mirror symmetry only the boards whose
//! first queen is in the left half are listed, each standing for two (its mirror image); on
//! an odd board the first queen in the middle column stands for itself alone: its `weight`.
//! The total is the sum of each partial board's count times its weight; the unique count
//! follows from the total by Burnside's lemma, as for the CPU counters.
//!
//! Invariants:
//! - every solution extends exactly one listed partial board or its mirror image (the sum is
//!   the total: [`count_on_cpu`] checks it against the published table in the tests);
//! - bit `c` of a mask is column `c`, and the masks of a partial board are those of the row
//!   after its last preset one, as the kernel reads them: `ld` moves left (`<< 1`), `rd`
//!   right (`>> 1`), from row to row;
//! - the list is in a fixed order (depth-first, columns from 0), so a count may be shared or
//!   resumed by index, as the CPU counter's sub-problems are.

use super::burnside::{self, BurnsideError};
use crate::board::{full_mask, BoardSizeError};

/// The kernel, kept once: the page's GPU chunk carries this file as text (webpack), the
/// command line this constant.
pub const KERNEL: &str = include_str!("kernel.wgsl");

/// The largest board the split serves: its largest chunk at N = 22 has 3.25 million partial
/// boards (52 MB to the GPU); at N = 23 one has 38 million, more than a GPU binding takes.
pub const LARGEST_N: u32 = 22;

/// One invocation's work: the masks of the row after the preset ones, and how many boards it
/// stands for (1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartialBoard {
    pub ld: u32,
    pub col: u32,
    pub rd: u32,
    pub weight: u32,
}

/// The rows an `n`×`n` board's partial boards preset: enough that the GPU has many
/// invocations and each a bounded search (at most 14 rows left), at least 3 (fewer on a board
/// smaller than 4: all its rows).
pub fn preset_rows(n: u32) -> u32 {
    n.min(3.max(n.saturating_sub(14)))
}

/// The rows a chunk presets: the first two (one on a 1×1 board). A count goes chunk by
/// chunk: each chunk's partial boards are listed when it is counted (at N=22 there are about
/// 480 million in all, 2.4 million in a chunk), and a chunk counted is a step of its progress.
fn chunk_rows(n: u32) -> u32 {
    preset_rows(n).min(2)
}

/// A chunk of the split: the masks of the row after its preset rows, and its weight.
type Chunk = ((u32, u32, u32), u32);

/// The first row's queens the split keeps, in order: those in the left half, each standing
/// for its mirror image too (weight 2), and on an odd board the middle one (weight 1); each as
/// the masks of row 1 below it.
fn first_queens(n: u32, full: u32) -> impl Iterator<Item = Chunk> {
    (0..n.div_ceil(2)).map(move |first| {
        let weight = if n % 2 == 1 && first == n / 2 { 1 } else { 2 };
        let bit = 1u32 << first;
        (((bit << 1) & full, bit, bit >> 1), weight)
    })
}

/// The chunks of an `n`×`n` board, in the split's fixed order.
fn chunks(n: u32) -> Result<Vec<Chunk>, BoardSizeError> {
    let full = full_mask(n)?;
    let mut out = Vec::new();
    for first in first_queens(n, full) {
        extend(full, chunk_rows(n) - 1, first, &mut |board| {
            out.push(((board.ld, board.col, board.rd), board.weight));
        });
    }
    Ok(out)
}

/// How many chunks an `n`×`n` board's split has.
pub fn chunk_count(n: u32) -> Result<usize, BoardSizeError> {
    chunks(n).map(|c| c.len())
}

/// The partial boards of chunk `index` of an `n`×`n` board, in the split's fixed order; None
/// past the last chunk.
pub fn chunk_boards(n: u32, index: usize) -> Result<Option<Vec<PartialBoard>>, BoardSizeError> {
    let full = full_mask(n)?;
    let Some(&chunk) = chunks(n)?.get(index) else {
        return Ok(None);
    };
    let mut boards = Vec::new();
    extend(full, preset_rows(n) - chunk_rows(n), chunk, &mut |board| {
        boards.push(board)
    });
    Ok(Some(boards))
}

/// Every partial board of an `n`×`n` board, in the split's fixed order (see the module), at
/// once: what the chunks list one after the other (for the tests and small boards).
pub fn partial_boards(n: u32) -> Result<Vec<PartialBoard>, BoardSizeError> {
    let full = full_mask(n)?;
    let mut boards = Vec::new();
    for first in first_queens(n, full) {
        extend(full, preset_rows(n) - 1, first, &mut |board| {
            boards.push(board)
        });
    }
    Ok(boards)
}

/// Places queens in `rows` more rows from the masks `(ld, col, rd)`, giving `found` each
/// partial board reached (depth-first, columns from 0).
fn extend(
    full: u32,
    rows: u32,
    ((ld, col, rd), weight): Chunk,
    found: &mut dyn FnMut(PartialBoard),
) {
    if rows == 0 || col == full {
        found(PartialBoard {
            ld,
            col,
            rd,
            weight,
        });
        return;
    }
    let mut poss = full & !(ld | col | rd);
    while poss != 0 {
        let bit = poss & poss.wrapping_neg();
        poss ^= bit;
        let next = (((ld | bit) << 1) & full, col | bit, (rd | bit) >> 1);
        extend(full, rows - 1, (next, weight), found);
    }
}

/// What the kernel computes for one partial board, on this thread: the boards that complete
/// it (the same loop, to check the split and the kernel's logic without a GPU).
pub fn completions(n: u32, board: PartialBoard) -> Result<u64, BoardSizeError> {
    let full = full_mask(n)?;
    fn go(full: u32, ld: u32, col: u32, rd: u32) -> u64 {
        if col == full {
            return 1;
        }
        let mut poss = full & !(ld | col | rd);
        let mut found = 0;
        while poss != 0 {
            let bit = poss & poss.wrapping_neg();
            poss ^= bit;
            found += go(full, ((ld | bit) << 1) & full, col | bit, (rd | bit) >> 1);
        }
        found
    }
    Ok(go(full, board.ld, board.col, board.rd))
}

/// The total of an `n`×`n` board from each partial board's count (the kernel's, in the order
/// of [`partial_boards`]), weighted; and the unique count by Burnside's lemma.
pub fn totals(
    n: u32,
    boards: &[PartialBoard],
    counts: &[u64],
) -> Result<(u64, u64), BurnsideError> {
    let total = boards
        .iter()
        .zip(counts)
        .map(|(board, count)| u64::from(board.weight) * count)
        .sum();
    Ok((total, burnside::unique(n, total)?))
}

/// The whole count of an `n`×`n` board the GPU's way, on this thread ([`completions`] for each
/// partial board): `(total, unique)`.
pub fn count_on_cpu(n: u32) -> Result<(u64, u64), BurnsideError> {
    let boards = partial_boards(n).map_err(BurnsideError::BoardSize)?;
    let counts: Vec<u64> = boards
        .iter()
        .map(|&board| completions(n, board).expect("the board size was checked"))
        .collect();
    totals(n, &boards, &counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published;

    #[test]
    fn the_split_counts_every_solution_once_against_the_published_tables() {
        for n in 1..=14 {
            let published = published::counts(n).unwrap();
            assert_eq!(count_on_cpu(n).unwrap(), published, "{n}×{n}");
        }
    }

    #[test]
    fn the_split_presets_its_rows_in_a_fixed_order_and_halves_the_first_row() {
        assert_eq!(
            (1..=22).map(preset_rows).collect::<Vec<_>>(),
            [1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 5, 6, 7, 8]
        );
        // 4×4: 3 rows preset; first queen in column 0 or 1 (the left half), weight 2 each.
        let boards = partial_boards(4).unwrap();
        assert!(boards
            .iter()
            .all(|b| b.weight == 2 && b.col.count_ones() == 3));
        assert_eq!(
            partial_boards(4).unwrap(),
            boards,
            "the same order every time"
        );
        // 5×5: the middle column stands for itself.
        let boards = partial_boards(5).unwrap();
        let middle: Vec<_> = boards.iter().filter(|b| b.weight == 1).collect();
        assert!(!middle.is_empty() && middle.iter().all(|b| b.col & 0b00100 != 0));
        // 1×1: its one row is preset, the board complete.
        assert_eq!(
            partial_boards(1).unwrap(),
            [PartialBoard {
                ld: 0,
                col: 1,
                rd: 0,
                weight: 1
            }]
        );
        assert!(partial_boards(33).is_err());
        // The chunks' boards are the split's, one after the other; none past the last.
        for n in [1, 4, 9, 12] {
            let chunked: Vec<PartialBoard> = (0..chunk_count(n).unwrap())
                .flat_map(|i| chunk_boards(n, i).unwrap().unwrap())
                .collect();
            assert_eq!(chunked, partial_boards(n).unwrap());
            assert_eq!(chunk_boards(n, chunk_count(n).unwrap()).unwrap(), None);
        }
    }

    #[test]
    fn the_kernel_is_carried_whole() {
        assert!(KERNEL.contains("@compute") && KERNEL.contains("fn main"));
    }
}
