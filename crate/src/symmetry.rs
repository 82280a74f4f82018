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

/// The 8 images of `queens` under the symmetries of the square, identity first.
///
/// A queen at (row r, column c) goes to: a quarter turn clockwise, (c, n-1-r); a half turn,
/// (n-1-r, n-1-c); three quarters, (n-1-c, r); each of those then mirrored left-right,
/// (r', n-1-c'). Every image is again one queen per row.
pub fn images(queens: &[u32]) -> [Vec<u32>; 8] {
    let n = queens.len() as u32;
    let mut quarter = queens.to_vec();
    for (r, &c) in queens.iter().enumerate() {
        quarter[c as usize] = n - 1 - r as u32;
    }
    let half: Vec<u32> = queens.iter().rev().map(|&c| n - 1 - c).collect();
    let mut three_quarters = queens.to_vec();
    for (r, &c) in queens.iter().enumerate() {
        three_quarters[(n - 1 - c) as usize] = r as u32;
    }
    let mirror = |p: &Vec<u32>| p.iter().map(|&c| n - 1 - c).collect::<Vec<u32>>();
    [
        mirror(&queens.to_vec()),
        mirror(&quarter),
        mirror(&half),
        mirror(&three_quarters),
        queens.to_vec(),
        quarter,
        half,
        three_quarters,
    ]
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
        let [mirror, _, _, _, identity, quarter, half, three_quarters] =
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
        assert_eq!(images(&[1, 3, 0, 2])[5], vec![1, 3, 0, 2]);
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
