//! The half-boards: every way to place the queens of a half, listed as keys of the diagonals
//! they hold, made from two quarters kept from one sub-problem to the next.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for the few hundred keys of [`Halves`]' kept lists: each word multiplied in
/// (the keys come from the counter itself, not from outside).
#[derive(Default)]
pub(super) struct Mixer(u64);

impl Hasher for Mixer {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }
}

/// A queen in each of some rows, in distinct columns, no two on a diagonal: the columns and
/// the `/` and `\` diagonals they take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Part {
    pub(super) columns: u64,
    pub(super) slash: u64,
    pub(super) back: u64,
    /// Its share of a half's key (see [`half_keys`]): a half's key is the OR of its parts'.
    pub(super) key: u64,
}

/// Every [`Part`] with a queen in each row of `rows` (listed), in columns of `columns`, none on
/// a blocked diagonal (`blocked`: the `/` and `\` diagonals of a queen already placed).
pub(super) fn parts(n: u32, rows: &[u32], columns: u64, blocked: (u64, u64), out: &mut Vec<Part>) {
    out.clear();
    let Some(&first) = rows.first() else {
        out.push(Part {
            columns: 0,
            slash: 0,
            back: 0,
            key: 0,
        });
        return;
    };
    // The free columns of row `r` under the queens placed (and the blocked diagonals).
    let free = |part: Part, r: u32| {
        columns
            & !(part.columns
                | ((part.slash | blocked.0) >> r)
                | ((part.back | blocked.1) >> (n - 1 - r)))
    };
    // The rows above the current one: the part so far and its untried columns.
    let mut stack: Vec<(Part, u64)> = Vec::with_capacity(rows.len());
    let mut part = Part {
        columns: 0,
        slash: 0,
        back: 0,
        key: 0,
    };
    let mut untried = free(part, first);
    loop {
        if untried == 0 {
            match stack.pop() {
                None => break,
                Some(above) => {
                    (part, untried) = above;
                    continue;
                }
            }
        }
        let depth = stack.len();
        let r = rows[depth];
        let bit = untried & untried.wrapping_neg();
        untried &= untried - 1;
        let c = bit.trailing_zeros();
        let next = Part {
            columns: part.columns | bit,
            slash: part.slash | 1 << (r + c),
            back: part.back | 1 << (c + n - 1 - r),
            key: 0,
        };
        if depth + 1 == rows.len() {
            out.push(next);
            continue;
        }
        stack.push((part, untried));
        part = next;
        untried = free(part, rows[depth + 1]);
    }
}

/// The quarters of [`half_keys`], kept from one call to the next: a quarter's list is made
/// again only when its rows, columns or blocked diagonals change. (Sub-problems come in
/// order of their rows as a number, so the lower quarter's rows, the highest, seldom do.)
///
/// The upper quarter's rows, the lowest, change at nearly every choice, but come back: the
/// choices with the same lower rows take every set of rows below them in the same order, so
/// the first sets of that order recur at every change of the lower rows. The first upper
/// lists made are kept ([`KEPT_PARTS`] parts at most) and used again, as long as the half's
/// columns and blocked diagonals stay the same (for odd n they change with the middle
/// queens: then the lists kept are dropped).
#[derive(Default)]
pub struct Halves {
    upper: Quarters,
    lower: Quarters,
    /// Upper lists kept, by their rows, all made for the columns, blocked diagonals and key
    /// shape of `kept_for`; and their parts in all.
    kept: HashMap<u32, Vec<Part>, BuildHasherDefault<Mixer>>,
    kept_for: Option<(u64, (u64, u64), KeyShape)>,
    kept_parts: usize,
    /// The lower quarters grouped by their columns: group `g` (the columns shifted down to
    /// bit 0) is `by_columns[starts[g]..starts[g + 1]]`.
    by_columns: Vec<Part>,
    starts: Vec<u32>,
    next: Vec<u32>,
}

/// How [`half_keys`] makes a key: the `n - 1` diagonals of each kind from `shared` on,
/// and, with `long_diagonals_apart` (even n), without the two long diagonals
/// ([`without_long_diagonals`]) but with those the half holds as bits 62 (`/`) and 63 (`\\`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyShape {
    pub shared: u32,
    pub long_diagonals_apart: bool,
}

/// The most parts [`Halves`] keeps of upper quarters made before (32 bytes each: 16 MiB).
pub(super) const KEPT_PARTS: usize = 1 << 19;

/// What a quarter's list is made for: its rows (a mask), columns, blocked diagonals and key
/// shape.
type MadeFor = (u32, u64, (u64, u64), KeyShape);

/// The parts of one quarter and what they were made for.
#[derive(Default)]
pub(super) struct Quarters {
    made_for: Option<MadeFor>,
    parts: Vec<Part>,
}

impl Quarters {
    /// Makes the list for these rows (a mask), columns and blocked diagonals, unless it is
    /// already; says whether it made it.
    fn make(
        &mut self,
        n: u32,
        rows: u32,
        columns: u64,
        blocked: (u64, u64),
        shape: KeyShape,
    ) -> bool {
        let wanted = Some((rows, columns, blocked, shape));
        if self.made_for == wanted {
            return false;
        }
        let rows: Vec<u32> = (0..n).filter(|&r| rows >> r & 1 == 1).collect();
        parts(n, &rows, columns, blocked, &mut self.parts);
        let (mask, shared) = ((1u64 << (n - 1)) - 1, shape.shared);
        for part in self.parts.iter_mut() {
            let key = (part.slash >> shared & mask) | (part.back >> shared & mask) << (n - 1);
            part.key = if shape.long_diagonals_apart {
                let long = (key >> long_diagonal_bit(n) & 1) << 62
                    | (key >> (n - 1 + long_diagonal_bit(n)) & 1) << 63;
                without_long_diagonals(key, n) | long
            } else {
                key
            };
        }
        self.made_for = wanted;
        true
    }
}

/// Gives `found` the key of every half: a queen in each row of `rows` (a mask) in
/// distinct columns of `columns`, none on a diagonal with another or on `blocked` (the `/` and
/// `\` diagonals of a queen already placed). A key holds the diagonals the half's queens
/// occupy among the `n - 1` of each kind from `shared` on (see the module's header).
///
/// A half is made of two quarters: its upper rows' queens and its lower rows' queens, each
/// listed by a small search, then joined where their columns make up `columns` and their
/// diagonals do not meet. (One search over all the rows would walk again the lower rows' tree
/// below every upper quarter.)
pub fn half_keys(
    n: u32,
    rows: u32,
    columns: u64,
    blocked: (u64, u64),
    shape: KeyShape,
    lists: &mut Halves,
    mut found: impl FnMut(u64),
) {
    // The upper quarter: the first half of the rows (the fewer, for an odd number).
    let mut upper_rows = rows;
    for _ in 0..rows.count_ones() / 2 {
        upper_rows &= upper_rows - 1;
    }
    let upper_rows = rows & !upper_rows;
    let lower_rows = rows & !upper_rows;
    let Halves {
        upper,
        lower,
        kept,
        kept_for,
        kept_parts,
        by_columns,
        starts,
        next,
    } = lists;
    if *kept_for != Some((columns, blocked, shape)) {
        kept.clear();
        *kept_parts = 0;
        *kept_for = Some((columns, blocked, shape));
    }
    let upper_parts: &[Part] = match kept.get(&upper_rows) {
        Some(parts) => parts,
        None => {
            if upper.make(n, upper_rows, columns, blocked, shape)
                && *kept_parts + upper.parts.len() <= KEPT_PARTS
            {
                *kept_parts += upper.parts.len();
                kept.insert(upper_rows, upper.parts.clone());
            }
            &upper.parts
        }
    };
    // The lower quarters grouped by their columns (counting sort on the columns shifted down
    // to bit 0: at most 2^12 groups), so that those completing an upper one are one run.
    // (No columns at all, n = 1: every part has columns 0, and one group.)
    let low = columns.trailing_zeros().min(63);
    if lower.make(n, lower_rows, columns, blocked, shape) {
        let groups = 1usize << (64 - (columns >> low).leading_zeros());
        starts.clear();
        starts.resize(groups + 1, 0);
        for part in lower.parts.iter() {
            starts[(part.columns >> low) as usize + 1] += 1;
        }
        for g in 0..groups {
            starts[g + 1] += starts[g];
        }
        by_columns.clear();
        by_columns.resize(
            lower.parts.len(),
            Part {
                columns: 0,
                slash: 0,
                back: 0,
                key: 0,
            },
        );
        next.clone_from(starts);
        for part in lower.parts.iter() {
            let slot = &mut next[(part.columns >> low) as usize];
            by_columns[*slot as usize] = *part;
            *slot += 1;
        }
    }
    for top in upper_parts {
        let wanted = ((columns & !top.columns) >> low) as usize;
        for bottom in &by_columns[starts[wanted] as usize..starts[wanted + 1] as usize] {
            if (top.slash & bottom.slash) | (top.back & bottom.back) == 0 {
                found(top.key | bottom.key);
            }
        }
    }
}

/// Even n: the position in a key (of each kind) of the long diagonal, `r + c = n - 1` among
/// the `/` diagonals and `c = r` among the `\` ones: both have index `n - 1`, and a key holds
/// the indices from `n / 2` on.
pub(super) fn long_diagonal_bit(n: u32) -> u32 {
    n - 1 - n / 2
}

/// Even n: a key without its two long-diagonal bits (an east half never has them, so they
/// decide nothing in the join): `2n - 4` bits.
pub(super) fn without_long_diagonals(key: u64, n: u32) -> u64 {
    let bit = long_diagonal_bit(n);
    let half = |part: u64| (part & ((1 << bit) - 1)) | (part >> (bit + 1)) << bit;
    let mask = (1u64 << (n - 1)) - 1;
    half(key & mask) | half(key >> (n - 1) & mask) << (n - 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::meet::split::{sub_problems, Cut};

    #[test]
    fn half_keys_match_brute_force() {
        // The east halves of the first choices of rows at n = 6 to 9, against every
        // assignment of the east columns to the rows, checked queen by queen.
        for n in [6u32, 7, 8, 9] {
            let cut = Cut::of(n);
            for sub in sub_problems(n).unwrap().iter().take(40) {
                let layout = cut.layout(sub.middle);
                let rows: Vec<u32> = (0..n).filter(|&r| sub.east_rows >> r & 1 == 1).collect();
                let placed: Vec<(u32, u32)> = sub
                    .middle
                    .map(|m| vec![(m.row, n / 2), (n / 2, m.column)])
                    .unwrap_or_default();
                let mut expected: Vec<u64> = Vec::new();
                let columns: Vec<u32> = (0..n)
                    .filter(|&c| layout.east_columns >> c & 1 == 1)
                    .collect();
                permutations(&columns, &mut |perm| {
                    let queens: Vec<(u32, u32)> =
                        rows.iter().copied().zip(perm.iter().copied()).collect();
                    let clash = |a: (u32, u32), b: (u32, u32)| {
                        (a.0 as i64 - b.0 as i64).abs() == (a.1 as i64 - b.1 as i64).abs()
                    };
                    let fine = queens
                        .iter()
                        .enumerate()
                        .all(|(i, &a)| queens[i + 1..].iter().all(|&b| !clash(a, b)))
                        && placed.iter().all(|&p| queens.iter().all(|&a| !clash(a, p)));
                    if fine {
                        let mask = (1u64 << (n - 1)) - 1;
                        let slash: u64 = queens.iter().map(|&(r, c)| 1u64 << (r + c)).sum();
                        let back: u64 = queens.iter().map(|&(r, c)| 1u64 << (c + n - 1 - r)).sum();
                        expected.push(
                            (slash >> cut.east & mask) | (back >> cut.east & mask) << (n - 1),
                        );
                    }
                });
                let mut got = Vec::new();
                half_keys(
                    n,
                    sub.east_rows,
                    layout.east_columns,
                    layout.blocked,
                    KeyShape {
                        shared: cut.east,
                        long_diagonals_apart: false,
                    },
                    &mut Halves::default(),
                    |key| got.push(key),
                );
                got.sort_unstable();
                expected.sort_unstable();
                assert_eq!(got, expected, "n = {n}, {sub:?}");
            }
        }
    }

    fn permutations(items: &[u32], visit: &mut dyn FnMut(&[u32])) {
        fn go(items: &mut Vec<u32>, k: usize, visit: &mut dyn FnMut(&[u32])) {
            if k == items.len() {
                visit(items);
                return;
            }
            for i in k..items.len() {
                items.swap(k, i);
                go(items, k + 1, visit);
                items.swap(k, i);
            }
        }
        go(&mut items.to_vec(), 0, visit);
    }

    #[test]
    fn keys_lose_exactly_their_long_diagonal_bits() {
        for n in (2..=22u32).step_by(2) {
            let bit = long_diagonal_bit(n);
            let full = (1u64 << (2 * n - 2)) - 1;
            let long = 1u64 << bit | 1u64 << (n - 1 + bit);
            assert_eq!(
                without_long_diagonals(full, n),
                (1u64 << (2 * n - 4)) - 1,
                "n = {n}"
            );
            assert_eq!(without_long_diagonals(long, n), 0, "n = {n}");
            // Bits keep their order: the lowest and the highest stay lowest and highest.
            if n > 2 {
                assert_eq!(without_long_diagonals(1, n), 1);
                assert_eq!(
                    without_long_diagonals(1 << (2 * n - 3), n),
                    1 << (2 * n - 5)
                );
            }
        }
    }
}
