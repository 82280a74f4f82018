//! The symmetries of the square: a placement `queens[r] = c` (one queen per row) turned by
//! the 8 rotations and reflections of the board, and the class of boards it belongs to.

use serde::Serialize;

/// What the 8 symmetries of the square make of one placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SymmetryClass {
    /// How many distinct boards the 8 symmetries make: 8, 4, 2, or 1 (only for n = 1).
    pub size: u32,
    /// The class representative: the lexicographically smallest of those boards.
    pub representative: Vec<u32>,
    /// True when the placement is its class representative. Counting these counts each
    /// class once: the unique (fundamental) solutions.
    pub is_representative: bool,
}

/// Writes into `out` the image of `queens` under symmetry `k` of the square (0..8):
/// 0 identity; 1 a quarter turn clockwise, (r, c) -> (c, n-1-r); 2 a half turn,
/// (r, c) -> (n-1-r, n-1-c); 3 three quarters, (r, c) -> (n-1-c, r); 4..8 the same four,
/// then mirrored left-right, c -> n-1-c. Every image is again one queen per row.
fn image_into(queens: &[u32], k: usize, out: &mut [u32]) {
    let n = queens.len() as u32;
    for (r, &c) in queens.iter().enumerate() {
        let r = r as u32;
        let (row, col) = match k % 4 {
            0 => (r, c),
            1 => (c, n - 1 - r),
            2 => (n - 1 - r, n - 1 - c),
            _ => (n - 1 - c, r),
        };
        out[row as usize] = if k >= 4 { n - 1 - col } else { col };
    }
}

/// The 8 images of `queens` under the symmetries of the square, in the order of
/// `image_into`: identity, the three turns, then those four mirrored.
pub fn images(queens: &[u32]) -> [Vec<u32>; 8] {
    std::array::from_fn(|k| {
        let mut out = vec![0; queens.len()];
        image_into(queens, k, &mut out);
        out
    })
}

/// True when no rotation or reflection of `queens` is lexicographically smaller: the
/// placement is its class representative. Allocates nothing (n <= 32).
pub fn is_representative(queens: &[u32]) -> bool {
    let mut image = [0u32; 32];
    let image = &mut image[..queens.len()];
    (1..8).all(|k| {
        image_into(queens, k, image);
        &*image >= queens
    })
}

/// The symmetry class of a placement of n queens, one per row.
///
/// ```
/// use bitqueens::symmetry::classify;
/// // The only 6-queens solution class: 4 boards, and this one is not the smallest.
/// let class = classify(&[4, 2, 0, 5, 3, 1]);
/// assert_eq!(class.size, 4);
/// assert_eq!(class.representative, vec![1, 3, 5, 0, 2, 4]);
/// assert!(!class.is_representative);
/// ```
pub fn classify(queens: &[u32]) -> SymmetryClass {
    let mut boards = images(queens).to_vec();
    boards.sort();
    boards.dedup();
    let representative = boards[0].clone();
    SymmetryClass {
        size: boards.len() as u32,
        is_representative: representative.as_slice() == queens,
        representative,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_and_mirrors_worked_by_hand() {
        // 8-queens solution: (0,0) (1,4) (2,7) (3,5) (4,2) (5,6) (6,1) (7,3).
        let [identity, quarter, half, three_quarters, mirror, ..] =
            images(&[0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(identity, vec![0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(mirror, vec![7, 3, 0, 2, 5, 1, 6, 4]);
        // Quarter turn (r, c) -> (c, 7 - r): (0,7) (4,6) (7,5) (5,4) (2,3) (6,2) (1,1) (3,0).
        assert_eq!(quarter, vec![7, 1, 3, 0, 6, 4, 2, 5]);
        // Half turn (r, c) -> (7 - r, 7 - c).
        assert_eq!(half, vec![4, 6, 1, 5, 2, 0, 3, 7]);
        // Three quarters (r, c) -> (7 - c, r): (7,0) (3,1) (0,2) (2,3) (5,4) (1,5) (6,6) (4,7).
        assert_eq!(three_quarters, vec![2, 5, 3, 1, 7, 4, 6, 0]);
    }

    #[test]
    fn the_4_queens_solution_is_symmetric_under_a_quarter_turn() {
        assert_eq!(images(&[1, 3, 0, 2])[1], vec![1, 3, 0, 2]);
        assert_eq!(classify(&[1, 3, 0, 2]).size, 2);
    }

    #[test]
    fn images_of_an_asymmetric_placement_are_8_distinct_boards() {
        // An 8-queens solution with no symmetry.
        let class = classify(&[0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(class.size, 8);
        assert!(class.is_representative);
    }

    #[test]
    fn a_single_queen_is_its_own_class() {
        assert_eq!(classify(&[0]).size, 1);
    }
}
