//! Helpers shared by the integration tests. The published tables live in
//! `bitqueens::published`, the one copy every test reads.

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
