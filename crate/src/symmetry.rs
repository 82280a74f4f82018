//! The symmetries of the square: a placement `queens[r] = c` (one queen per row) turned by
//! the 8 rotations and reflections of the board, and the class of boards it belongs to.

use serde::Serialize;
use std::fmt;

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

/// How many distinct boards the 8 symmetries make of `queens`: 8 divided by how many of them
/// leave it unchanged (orbit–stabiliser). Allocates nothing (n <= 32), so that the page can
/// tally class sizes at full speed.
///
/// ```
/// use bitqueens::symmetry::class_size;
/// assert_eq!(class_size(&[1, 3, 0, 2]), 2); // the 4-queens solution: a quarter turn keeps it
/// assert_eq!(class_size(&[4, 2, 0, 5, 3, 1]), 4);
/// ```
pub fn class_size(queens: &[u32]) -> u32 {
    let mut image = [0u32; 32];
    let image = &mut image[..queens.len()];
    let unchanged = (0..8)
        .filter(|&k| {
            image_into(queens, k, image);
            &*image == queens
        })
        .count() as u32;
    8 / unchanged
}

/// The names of the 8 symmetries of the square, in the order of [`images`].
pub const SYMMETRY_NAMES: [&str; 8] = [
    "as found",
    "turned a quarter clockwise",
    "turned a half",
    "turned three quarters",
    "mirrored left–right",
    "mirrored in the main diagonal",
    "mirrored top–bottom",
    "mirrored in the other diagonal",
];

/// One distinct board among the images of a placement, with the symmetries that make it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Image {
    /// `queens[r]` is the column of the queen in row `r`.
    pub queens: Vec<u32>,
    /// The symmetries (indices into [`SYMMETRY_NAMES`]) that make this board, smallest first.
    pub symmetries: Vec<u32>,
    /// Their names, from [`SYMMETRY_NAMES`].
    pub names: Vec<&'static str>,
    /// True for the class representative: the smallest board of the class.
    pub is_representative: bool,
}

/// Not a placement of one queen per row on a board of 1 to 32 rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPlacement(pub Vec<u32>);

impl fmt::Display for NotAPlacement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: Vec<String> = self.0.iter().take(40).map(u32::to_string).collect();
        write!(
            f,
            "A placement is 1 to 32 columns, one per row, each below the number of rows; got [{}].",
            shown.join(", ")
        )
    }
}

impl std::error::Error for NotAPlacement {}

/// The distinct boards among the 8 images of `queens`, in the order of their first symmetry
/// (so the placement itself comes first), equal images merged. An error for anything but
/// one queen per row of a board of 1 to 32 rows.
///
/// ```
/// use bitqueens::symmetry::distinct_images;
/// let images = distinct_images(&[1, 3, 0, 2]).unwrap();
/// assert_eq!(images.len(), 2);
/// assert_eq!(images[0].symmetries, vec![0, 1, 2, 3]); // every turn gives the board back
/// assert!(images[0].is_representative);
/// assert!(distinct_images(&[0, 2]).is_err());
/// ```
pub fn distinct_images(queens: &[u32]) -> Result<Vec<Image>, NotAPlacement> {
    let n = queens.len();
    if n == 0 || n > 32 || queens.iter().any(|&c| c as usize >= n) {
        return Err(NotAPlacement(queens.to_vec()));
    }
    let mut distinct: Vec<Image> = Vec::new();
    for (k, board) in images(queens).into_iter().enumerate() {
        match distinct.iter_mut().find(|image| image.queens == board) {
            Some(image) => {
                image.symmetries.push(k as u32);
                image.names.push(SYMMETRY_NAMES[k]);
            }
            None => distinct.push(Image {
                queens: board,
                symmetries: vec![k as u32],
                names: vec![SYMMETRY_NAMES[k]],
                is_representative: false,
            }),
        }
    }
    let smallest = distinct
        .iter()
        .map(|image| &image.queens)
        .min()
        .cloned()
        .expect("the identity is an image");
    for image in &mut distinct {
        image.is_representative = image.queens == smallest;
    }
    Ok(distinct)
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
        assert_eq!(class_size(&[0]), 1);
        assert_eq!(distinct_images(&[0]).unwrap().len(), 1);
    }

    #[test]
    fn distinct_images_merge_equal_boards_and_name_the_representative() {
        // The 6-queens class: 4 boards, each made by two symmetries.
        let distinct = distinct_images(&[4, 2, 0, 5, 3, 1]).unwrap();
        assert_eq!(distinct.len(), 4);
        assert_eq!(distinct[0].queens, vec![4, 2, 0, 5, 3, 1]);
        assert!(distinct.iter().all(|image| image.symmetries.len() == 2));
        let mut all: Vec<u32> = distinct.iter().flat_map(|i| i.symmetries.clone()).collect();
        all.sort();
        assert_eq!(all, (0..8).collect::<Vec<_>>());
        let representatives: Vec<&Image> =
            distinct.iter().filter(|i| i.is_representative).collect();
        assert_eq!(representatives.len(), 1);
        assert_eq!(representatives[0].queens, vec![1, 3, 5, 0, 2, 4]);
        for image in &distinct {
            for (k, board) in images(&image.queens).iter().enumerate() {
                let made_by = distinct.iter().find(|d| &d.queens == board);
                assert!(made_by.is_some(), "image {k} of {:?}", image.queens);
            }
            assert_eq!(class_size(&image.queens), 4);
        }
    }
}
