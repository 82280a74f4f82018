//! The split: which rows hold the east half's queens, cut into numbered runs of choices (the
//! sub-problems), and how many choices each one counted stands for (the symmetries).

use crate::board::BoardSizeError;

use super::MAX_MEET_N;

/// A run of choices counted: for odd n, the queens of the middle column and the middle row
/// ([`Middle`]); and `span` choices of the rows whose queens stand in the east, from
/// `east_rows` (bit r = row r) on, in increasing order ([`next_subset`]). [`choice_weight`]
/// tells which of them are counted, and for how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RowChoices {
    pub middle: Option<Middle>,
    pub east_rows: u32,
    pub span: u32,
}

/// Odd n: the middle column's queen stands in `row`, the middle row's in `column` (both the
/// middle: one queen in the centre).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Middle {
    pub row: u32,
    pub column: u32,
}

/// How the board is cut for `n`: the first east column, and the middle column set apart
/// (odd n).
#[derive(Clone, Copy, Debug)]
pub struct Cut {
    pub(super) n: u32,
    pub(super) east: u32,
    pub(super) middle: Option<u32>,
}

impl Cut {
    pub(super) fn of(n: u32) -> Cut {
        if n.is_multiple_of(2) {
            Cut {
                n,
                east: n / 2,
                middle: None,
            }
        } else {
            Cut {
                n,
                east: n / 2 + 1,
                middle: Some(n / 2),
            }
        }
    }

    /// Columns `lo..hi` as a mask.
    fn columns(lo: u32, hi: u32) -> u64 {
        ((1u64 << hi) - 1) & !((1u64 << lo) - 1)
    }

    pub(super) fn east_columns(&self) -> u64 {
        Cut::columns(self.east, self.n)
    }

    pub(super) fn west_columns(&self) -> u64 {
        Cut::columns(0, self.middle.unwrap_or(self.east))
    }

    /// Where the halves stand after the middle queens (odd n).
    pub(super) fn layout(&self, middle: Option<Middle>) -> Layout {
        let n = self.n;
        let all = ((1u64 << n) - 1) as u32;
        match (self.middle, middle) {
            (Some(m), Some(Middle { row, column })) => {
                let diagonals = |(r, c): (u32, u32)| (1u64 << (r + c), 1u64 << (c + n - 1 - r));
                let (a, b) = (diagonals((row, m)), diagonals((m, column)));
                Layout {
                    rows: all & !(1 << row) & !(1 << m),
                    east_columns: self.east_columns() & !(1 << column),
                    west_columns: self.west_columns() & !(1 << column),
                    blocked: (a.0 | b.0, a.1 | b.1),
                }
            }
            _ => Layout {
                rows: all,
                east_columns: self.east_columns(),
                west_columns: self.west_columns(),
                blocked: (0, 0),
            },
        }
    }
}

/// The rows to split between the halves of a sub-problem, the columns of each half, and the
/// `/` and `\\` diagonals of the queens placed first (odd n).
pub(super) struct Layout {
    pub(super) rows: u32,
    pub(super) east_columns: u64,
    pub(super) west_columns: u64,
    pub(super) blocked: (u64, u64),
}

/// The images of the middle queens under the eight symmetries of the square: each carries
/// the middle column and the middle row onto the middle column or the middle row.
pub(super) fn middle_images(n: u32, middle: Middle) -> [Middle; 8] {
    let m = n / 2;
    // Symmetry `s`: transpose if bit 2, then turn the rows upside down if bit 1 and mirror
    // the columns if bit 0.
    std::array::from_fn(|s| {
        let image = |(r, c): (u32, u32)| {
            let (r, c) = if s & 4 != 0 { (c, r) } else { (r, c) };
            let r = if s & 2 != 0 { n - 1 - r } else { r };
            let c = if s & 1 != 0 { n - 1 - c } else { c };
            (r, c)
        };
        let (a, b) = (image((middle.row, m)), image((m, middle.column)));
        // One image stands in the middle column and the other in the middle row (both, for
        // the centre).
        let (in_column, in_row) = if a.1 == m { (a, b) } else { (b, a) };
        Middle {
            row: in_column.0,
            column: in_row.1,
        }
    })
}

/// The rows of `rows` upside down.
pub(super) fn upside_down(rows: u32, n: u32) -> u32 {
    rows.reverse_bits() >> (32 - n)
}

/// Checks `n` for this counter.
pub(super) fn check(n: u32) -> Result<Cut, BoardSizeError> {
    if n == 0 || n > MAX_MEET_N {
        return Err(BoardSizeError(n));
    }
    Ok(Cut::of(n))
}

/// About how many sub-problems a count has (from N = 17 on): enough for a fair sample of
/// the work done at any moment and for shards, few enough to keep their list small.
pub(super) const SUB_PROBLEMS: u64 = 1 << 14;

/// The sub-problems of `n`, in a fixed order: by the middle queens, then by the east rows as
/// a number. Even n: every choice of east rows. Odd n: the middle queens, one choice of each
/// orbit under the eight symmetries, with every choice of east rows. Runs of neighbouring
/// choices make one sub-problem, as long as needed to make about [`SUB_PROBLEMS`]; a run of
/// one lists only the choices counted. (`n = 1` has one: the queen in the centre.)
pub fn sub_problems(n: u32) -> Result<Vec<RowChoices>, BoardSizeError> {
    let cut = check(n)?;
    let middles: Vec<Option<Middle>> = match cut.middle {
        None => vec![None],
        Some(m) => {
            let mut middles = Vec::new();
            for row in 0..n {
                for column in 0..n {
                    let middle = Middle { row, column };
                    let centre = row == m && column == m;
                    let apart = row != m && column != m && row.abs_diff(m) != column.abs_diff(m);
                    if (centre || apart) && middle_weight(n, middle) > 0 {
                        middles.push(Some(middle));
                    }
                }
            }
            middles
        }
    };
    let choices = |middle: Option<Middle>| {
        let layout = cut.layout(middle);
        let east_count = layout.east_columns.count_ones();
        (layout.rows, subsets_of_size(layout.rows, east_count))
    };
    let all: u64 = middles.iter().map(|&m| choices(m).1.count() as u64).sum();
    let span = all.div_ceil(SUB_PROBLEMS).max(1) as usize;
    let mut list = Vec::new();
    for middle in middles {
        let (rows, subsets) = choices(middle);
        if span == 1 {
            list.extend(
                subsets
                    .filter(|&east_rows| choice_weight(&cut, middle, rows, east_rows) > 0)
                    .map(|east_rows| RowChoices {
                        middle,
                        east_rows,
                        span: 1,
                    }),
            );
            continue;
        }
        let subsets: Vec<u32> = subsets.collect();
        list.extend(subsets.chunks(span).map(|run| RowChoices {
            middle,
            east_rows: run[0],
            span: run.len() as u32,
        }));
    }
    Ok(list)
}

/// Odd n: how many choices of the middle queens count as `middle` does, if it is the smallest
/// of its images under the eight symmetries; 0 if it is not.
pub(super) fn middle_weight(n: u32, middle: Middle) -> u32 {
    let mut images = middle_images(n, middle);
    if images.iter().any(|image| image < &middle) {
        return 0;
    }
    images.sort_unstable();
    1 + images.windows(2).filter(|w| w[0] != w[1]).count() as u32
}

/// How many choices count as the choice of east rows `east_rows` with the middle queens
/// `middle` (the rows to split being `rows`) does, if it is the one counted among them; 0 if
/// it is not. Even n: its images under upside down (see the module's header). Odd n, the
/// centre: its images under upside down and mirroring; otherwise: the middle queens'.
pub fn choice_weight(cut: &Cut, middle: Option<Middle>, rows: u32, east_rows: u32) -> u32 {
    let n = cut.n;
    let images: &[u32] = match middle {
        None => &[east_rows, upside_down(east_rows, n)],
        Some(Middle { row, column }) if row == n / 2 && column == n / 2 => {
            let west_rows = rows & !east_rows;
            &[
                east_rows,
                upside_down(east_rows, n),
                west_rows,
                upside_down(west_rows, n),
            ]
        }
        Some(middle) => return middle_weight(n, middle),
    };
    if images.iter().any(|&image| image < east_rows) {
        return 0;
    }
    let mut distinct = images.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    distinct.len() as u32
}

/// The next subset of `set` after `subset` with as many members, in increasing order.
pub(super) fn next_subset(set: u32, subset: u32) -> Option<u32> {
    // Gosper's hack on the positions of `subset`'s members among `set`'s.
    let mut positions = 0u64;
    let mut members = 0;
    for r in (0..32).filter(|&r| set >> r & 1 == 1) {
        positions |= u64::from(subset >> r & 1) << members;
        members += 1;
    }
    if positions == 0 {
        return None;
    }
    let low = positions & positions.wrapping_neg();
    let ripple = positions + low;
    let next = (((ripple ^ positions) >> 2) / low) | ripple;
    if next >= 1 << members {
        return None;
    }
    let mut rows = 0;
    for (i, r) in (0..32).filter(|&r| set >> r & 1 == 1).enumerate() {
        rows |= ((next >> i & 1) as u32) << r;
    }
    Some(rows)
}

/// The subsets of `set` with `size` members, in increasing order.
pub(super) fn subsets_of_size(set: u32, size: u32) -> impl Iterator<Item = u32> {
    let members: Vec<u32> = (0..32).filter(|&r| set >> r & 1 == 1).collect();
    let count = members.len() as u32;
    // Gosper's hack over the positions in `members`, then spread onto the set.
    let first: u64 = if size == 0 { 0 } else { (1u64 << size) - 1 };
    let limit = 1u64 << count;
    std::iter::successors(if size <= count { Some(first) } else { None }, move |&x| {
        if x == 0 {
            return None;
        }
        let low = x & x.wrapping_neg();
        let ripple = x + low;
        let next = (((ripple ^ x) >> 2) / low) | ripple;
        (next < limit).then_some(next)
    })
    .map(move |picked| {
        members
            .iter()
            .enumerate()
            .filter(|(i, _)| picked >> i & 1 == 1)
            .map(|(_, &r)| 1 << r)
            .sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_problems_cover_every_choice_of_rows_once() {
        // The weights of the choices counted add up to the number of choices: C(n, n/2) for
        // even n; for odd n, the centre with C(n-1, m) choices of rows, and each pair of
        // middle queens not on a diagonal, with C(n-2, k) (k: the east columns left, m or
        // m - 1). Runs of one (n < 16) and longer runs (16, 17).
        let choose = |a: u64, b: u64| (0..b).fold(1u64, |acc, i| acc * (a - i) / (i + 1));
        for n in (2..=15u32).chain([16, 17]) {
            let cut = Cut::of(n);
            let list = sub_problems(n).unwrap();
            let mut total = 0u64;
            for sub in &list {
                let rows = cut.layout(sub.middle).rows;
                let mut east_rows = Some(sub.east_rows);
                for _ in 0..sub.span {
                    let here = east_rows.expect("a run holds only choices that exist");
                    total += u64::from(choice_weight(&cut, sub.middle, rows, here));
                    east_rows = next_subset(rows, here);
                }
            }
            let m = n / 2;
            let expected = if n % 2 == 0 {
                choose(n as u64, n as u64 / 2)
            } else {
                let mut choices = choose(n as u64 - 1, m as u64);
                for row in (0..n).filter(|&r| r != m) {
                    for column in (0..n).filter(|&c| c != m && c.abs_diff(m) != row.abs_diff(m)) {
                        let east = m - u32::from(column > m);
                        choices += choose(n as u64 - 2, east as u64);
                    }
                }
                choices
            };
            assert_eq!(total, expected, "n = {n}");
            assert!(
                list.len() as u64 <= 2 * SUB_PROBLEMS,
                "n = {n}: {}",
                list.len()
            );
        }
    }

    #[test]
    fn next_subset_walks_the_subsets_in_order() {
        for (set, size) in [
            (0b1011_0110u32, 3),
            (0b1111, 0),
            (0b1, 1),
            (u32::MAX >> 9, 4),
        ] {
            let listed: Vec<u32> = subsets_of_size(set, size).collect();
            let mut walked = vec![listed[0]];
            while let Some(next) = next_subset(set, *walked.last().unwrap()) {
                walked.push(next);
            }
            assert_eq!(walked, listed, "{set:b}, {size}");
        }
    }

    #[test]
    fn the_middle_queens_images_share_their_images() {
        // Every image of a choice (the centre, or two queens off the centre and off each
        // other's diagonals) has the same images.
        for n in [5u32, 7, 9] {
            let m = n / 2;
            for row in 0..n {
                for column in 0..n {
                    let centre = row == m && column == m;
                    if !centre && (row == m || column == m || row.abs_diff(m) == column.abs_diff(m))
                    {
                        continue;
                    }
                    let middle = Middle { row, column };
                    let mut images = middle_images(n, middle);
                    images.sort_unstable();
                    assert!(images.contains(&middle));
                    for image in images {
                        let mut again = middle_images(n, image);
                        again.sort_unstable();
                        assert_eq!(again, images, "n = {n}, {middle:?} → {image:?}");
                    }
                }
            }
        }
    }
}
