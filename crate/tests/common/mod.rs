//! Published tables, copied from the OEIS — never computed by the code under test.

/// OEIS A000170: number of ways to place n non-attacking queens on an n×n board, n = 1, 2, …
pub const A000170: [u64; 18] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104,
    666090624,
];

/// OEIS A002562: the same counted up to rotations and reflections, n = 1, 2, …
#[allow(dead_code)]
pub const A002562: [u64; 18] = [
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, 83263591,
];

/// True when `queens[r]` (the column of the queen in row r) puts n queens on distinct
/// columns and diagonals of an n×n board.
#[allow(dead_code)]
pub fn is_valid_placement(n: u32, queens: &[u32]) -> bool {
    queens.len() == n as usize
        && queens.iter().all(|&c| c < n)
        && queens.iter().enumerate().all(|(r1, &c1)| {
            queens
                .iter()
                .enumerate()
                .skip(r1 + 1)
                .all(|(r2, &c2)| c1 != c2 && (r2 - r1) as i64 != (c1 as i64 - c2 as i64).abs())
        })
}
