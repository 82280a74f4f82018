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
}

/// Every [`Part`] with a queen in each row of `rows` (listed), in columns of `columns`, none on
/// a blocked diagonal (`blocked`: the `/` and `\` diagonals of a queen already placed).
pub(super) fn parts(n: u32, rows: &[u32], columns: u64, blocked: (u64, u64), out: &mut Vec<Part>) {
    out.clear();
    let none = Part {
        columns: 0,
        slash: 0,
        back: 0,
    };
    let Some(&first) = rows.first() else {
        out.push(none);
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
    let mut part = none;
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

/// Where an upper and a lower quarter of a half can clash: `slash_from` and `back_from` are the
/// lowest `/` and `\` diagonals of the window, `mask` its width (the same for both kinds).
///
/// The upper quarter's rows all lie above the lower one's, so of the `/` diagonals `r + c` both
/// can take, the lowest is the lower quarter's top row plus the half's first column, and the
/// highest the upper quarter's bottom row plus its last column: at most `span - 1` diagonals
/// for columns spanning `span` (the same for the `\` ones). A quarter's clash mask holds its
/// diagonals of such a window, `/` in bits 0..16 and `\` in bits 16..32 (`span - 1 <= 11`, as
/// `n <= 23`). The lower quarters' window is set by their rows alone (its `/` diagonals from
/// the top row's on, `\` up to the top row's); the upper quarters' by theirs, from their
/// bottom row (see [`Window::upper`]), and a shift by the rows between the two
/// ([`Window::gap`]) lines an upper mask up with the lower ones ([`upper_in_lower`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Window {
    slash_from: u32,
    back_from: u32,
    mask: u64,
}

impl Window {
    /// The columns' lowest, and the diagonals of a window across them (none where there are
    /// no rows or no columns: such a quarter clashes with nothing).
    fn across(columns: u64, rows: u32) -> Option<(u32, u64)> {
        if columns == 0 || rows == 0 {
            return None;
        }
        let low = columns.trailing_zeros();
        let span = 64 - columns.leading_zeros() - low;
        Some((low, (1u64 << (span - 1)) - 1))
    }

    /// The upper quarter's window: `/` diagonals just above its bottom row's first, `\`
    /// from its bottom row's first on (`bottom`: that row).
    fn upper(n: u32, rows: u32, columns: u64) -> Window {
        match Window::across(columns, rows) {
            None => Window::NONE,
            Some((low, mask)) => {
                let bottom = 31 - rows.leading_zeros();
                Window {
                    slash_from: bottom + low + 1,
                    back_from: low + n - 1 - bottom,
                    mask,
                }
            }
        }
    }

    /// The lower quarter's window: `/` diagonals from its top row's first on, `\` just
    /// above its top row's first.
    fn lower(n: u32, rows: u32, columns: u64) -> Window {
        match Window::across(columns, rows) {
            None => Window::NONE,
            Some((low, mask)) => {
                let top = rows.trailing_zeros();
                Window {
                    slash_from: top + low,
                    back_from: low + n - top,
                    mask,
                }
            }
        }
    }

    const NONE: Window = Window {
        slash_from: 0,
        back_from: 0,
        mask: 0,
    };

    /// The rows strictly between the upper quarter's rows and the lower one's: the shift
    /// from an upper window to the lower one (0 when either has no rows).
    fn gap(upper_rows: u32, lower_rows: u32) -> u32 {
        if upper_rows == 0 || lower_rows == 0 {
            return 0;
        }
        lower_rows.trailing_zeros() - (31 - upper_rows.leading_zeros()) - 1
    }

    fn clash(&self, part: &Part) -> u32 {
        (part.slash >> self.slash_from & self.mask
            | (part.back >> self.back_from & self.mask) << 16) as u32
    }
}

/// An upper quarter's clash mask moved to its lower quarters' window, `gap` rows below
/// ([`Window::gap`]): its `/` diagonals shift down, its `\` ones up, and those that leave the
/// window are out of the lower quarters' reach. `mask` is the window's.
#[inline(always)]
fn upper_in_lower(clash: u32, gap: u32, mask: u64) -> u32 {
    let slash = u64::from(clash & 0xFFFF) >> gap;
    let back = (u64::from(clash >> 16) << gap) & mask;
    (slash | back << 16) as u32
}

/// One quarter's list, sorted by its columns: for each quarter its share of a half's key (a
/// half's key is the OR of its quarters') and its clash mask (see [`Window`]), and the runs of
/// quarters with the same columns.
#[derive(Clone, Default)]
pub(super) struct QuarterList {
    keys: Vec<u64>,
    clash: Vec<u32>,
    runs: Vec<Run>,
}

/// Quarters `start..end` of a [`QuarterList`], all with columns `columns` (shifted down to
/// bit 0).
#[derive(Clone, Copy, Debug)]
struct Run {
    columns: u32,
    start: u32,
    end: u32,
}

impl QuarterList {
    fn len(&self) -> usize {
        self.keys.len()
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
    kept: HashMap<u32, QuarterList, BuildHasherDefault<Mixer>>,
    kept_for: Option<(u64, (u64, u64), KeyShape)>,
    kept_parts: usize,
    /// The lower list's groups by columns: the lower quarters with columns `c` (shifted down
    /// to bit 0) are `starts[c]..starts[c + 1]`.
    starts: Vec<u32>,
    /// What a quarter list is made in: the parts, where each group's next one goes, and the
    /// upper list's group starts.
    parts: Vec<Part>,
    next: Vec<u32>,
    upper_starts: Vec<u32>,
    /// The upper list's clash masks moved to the lower list's window.
    top_clash: Vec<u32>,
}

/// How [`half_keys`] makes a key: the `n - 1` diagonals of each kind from `shared` on,
/// and, with `long_diagonals_apart` (even n), without the two long diagonals
/// ([`without_long_diagonals`]) but with those the half holds as bits 62 (`/`) and 63 (`\\`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyShape {
    pub shared: u32,
    pub long_diagonals_apart: bool,
}

/// The most parts [`Halves`] keeps of upper quarters made before (12 bytes each: 6 MiB).
pub(super) const KEPT_PARTS: usize = 1 << 19;

/// What a quarter's list is made for: its rows (a mask), columns, blocked diagonals and key
/// shape.
type MadeFor = (u32, u64, (u64, u64), KeyShape);

/// The list of one quarter and what it was made for.
#[derive(Default)]
pub(super) struct Quarters {
    made_for: Option<MadeFor>,
    list: QuarterList,
}

/// What a quarter list is made in (see [`Halves`]), and where its groups' starts go.
struct Scratch<'a> {
    parts: &'a mut Vec<Part>,
    next: &'a mut Vec<u32>,
    starts: &'a mut Vec<u32>,
}

impl Quarters {
    /// Makes the list for these rows (a mask), columns and blocked diagonals, unless it is
    /// already; says whether it made it. `window`: where its clash masks are read. `starts`
    /// gets its groups' starts (see [`Halves`]); `with_runs`: the list gets its runs.
    #[allow(clippy::too_many_arguments)]
    fn make(
        &mut self,
        n: u32,
        rows: u32,
        columns: u64,
        blocked: (u64, u64),
        shape: KeyShape,
        window: Window,
        scratch: Scratch,
        with_runs: bool,
    ) -> bool {
        let wanted = Some((rows, columns, blocked, shape));
        if self.made_for == wanted {
            return false;
        }
        let Scratch {
            parts: found,
            next,
            starts,
        } = scratch;
        let listed: Vec<u32> = (0..n).filter(|&r| rows >> r & 1 == 1).collect();
        parts(n, &listed, columns, blocked, found);
        let low = columns.trailing_zeros().min(63);
        // Counting sort by the columns shifted down to bit 0 (at most 2^12 groups; no columns
        // at all, n = 1: every part has columns 0, and one group).
        let groups = 1usize << (64 - (columns >> low).leading_zeros());
        starts.clear();
        starts.resize(groups + 1, 0);
        for part in found.iter() {
            starts[(part.columns >> low) as usize + 1] += 1;
        }
        for g in 0..groups {
            starts[g + 1] += starts[g];
        }
        // The runs (an upper list's): the groups not empty, in increasing order.
        let list = &mut self.list;
        list.runs.clear();
        for g in (0..groups).filter(|_| with_runs) {
            if starts[g] < starts[g + 1] {
                list.runs.push(Run {
                    columns: g as u32,
                    start: starts[g],
                    end: starts[g + 1],
                });
            }
        }
        next.clone_from(starts);
        list.keys.clear();
        list.keys.resize(found.len(), 0);
        list.clash.clear();
        list.clash.resize(found.len(), 0);
        let into = (&mut list.keys[..], &mut list.clash[..], &mut next[..]);
        if shape.long_diagonals_apart {
            sort_parts::<true>(n, shape.shared, low, window, found, into);
        } else {
            sort_parts::<false>(n, shape.shared, low, window, found, into);
        }
        self.made_for = wanted;
        true
    }
}

/// Each part's key and clash mask (see [`Window`]) into `keys` and `clash` at the next slot
/// of its group (`next`, by its columns shifted down by `low`). With `APART` (the key shape's
/// `long_diagonals_apart`), the key without the long diagonals, and those held as bits 62 and
/// 63.
fn sort_parts<const APART: bool>(
    n: u32,
    shared: u32,
    low: u32,
    window: Window,
    parts: &[Part],
    (keys, clash, next): (&mut [u64], &mut [u32], &mut [u32]),
) {
    let mask = (1u64 << (n - 1)) - 1;
    for part in parts {
        let key = (part.slash >> shared & mask) | (part.back >> shared & mask) << (n - 1);
        let key = if APART {
            let bit = long_diagonal_bit(n);
            let long = (key >> bit & 1) << 62 | (key >> (n - 1 + bit) & 1) << 63;
            without_long_diagonals(key, n) | long
        } else {
            key
        };
        let slot = &mut next[(part.columns >> low) as usize];
        keys[*slot as usize] = key;
        clash[*slot as usize] = window.clash(part);
        *slot += 1;
    }
}

/// Keys written without a branch (each one stored, then kept or not by moving the end): a
/// buffer that only grows, whose first `len` keys are the list's (past them: what earlier
/// writes left).
#[derive(Default)]
pub struct Keys {
    buffer: Vec<u64>,
    len: usize,
}

impl Keys {
    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[u64] {
        &self.buffer[..self.len]
    }

    /// The list emptied, with room for `len` keys (to be kept by [`Keys::set_len`]).
    pub(super) fn room_all(&mut self, len: usize) -> &mut [u64] {
        self.len = 0;
        self.room(len)
    }

    /// Keeps the first `len` keys written (at most the room last made).
    pub(super) fn set_len(&mut self, len: usize) {
        assert!(len <= self.buffer.len());
        self.len = len;
    }

    /// Room for `more` keys past the end (writing there keeps nothing until `len` moves).
    fn room(&mut self, more: usize) -> &mut [u64] {
        let end = self.len + more;
        if self.buffer.len() < end {
            self.buffer.resize(end.max(2 * self.buffer.len()), 0);
        }
        &mut self.buffer[self.len..end]
    }
}

/// Gives `out` the key of every half: a queen in each row of `rows` (a mask) in distinct
/// columns of `columns`, none on a diagonal with another or on `blocked` (the `/` and `\`
/// diagonals of a queen already placed). A key holds the diagonals the half's queens occupy
/// among the `n - 1` of each kind from `shared` on (see the module's header).
///
/// A half is made of two quarters: its upper rows' queens and its lower rows' queens, each
/// listed by a small search, then joined where their columns make up `columns` and their
/// diagonals do not meet. (One search over all the rows would walk again the lower rows' tree
/// below every upper quarter.) The join takes each run of upper quarters with the same
/// columns against the lower ones with the other columns, comparing their clash masks (see
/// [`Window`]) and writing each half without a branch.
pub fn half_keys(
    n: u32,
    rows: u32,
    columns: u64,
    blocked: (u64, u64),
    shape: KeyShape,
    lists: &mut Halves,
    out: &mut Keys,
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
        starts,
        parts,
        next,
        upper_starts,
        top_clash,
    } = lists;
    if *kept_for != Some((columns, blocked, shape)) {
        kept.clear();
        *kept_parts = 0;
        *kept_for = Some((columns, blocked, shape));
    }
    let upper_window = Window::upper(n, upper_rows, columns);
    let upper_list: &QuarterList = match kept.get(&upper_rows) {
        Some(list) => list,
        None => {
            let scratch = Scratch {
                parts,
                next,
                starts: upper_starts,
            };
            if upper.make(
                n,
                upper_rows,
                columns,
                blocked,
                shape,
                upper_window,
                scratch,
                true,
            ) && *kept_parts + upper.list.len() <= KEPT_PARTS
            {
                *kept_parts += upper.list.len();
                kept.insert(upper_rows, upper.list.clone());
            }
            &upper.list
        }
    };
    let lower_window = Window::lower(n, lower_rows, columns);
    let scratch = Scratch {
        parts,
        next,
        starts,
    };
    lower.make(
        n,
        lower_rows,
        columns,
        blocked,
        shape,
        lower_window,
        scratch,
        false,
    );
    let lower_list = &lower.list;
    out.clear();
    let (gap, mask) = (Window::gap(upper_rows, lower_rows), lower_window.mask);
    // The upper quarters' clash masks in the lower quarters' window.
    top_clash.clear();
    top_clash.extend(
        upper_list
            .clash
            .iter()
            .map(|&clash| upper_in_lower(clash, gap, mask)),
    );
    let all = (columns >> columns.trailing_zeros().min(63)) as u32;
    for run in &upper_list.runs {
        let tops = run.start as usize..run.end as usize;
        let (top_keys, top_clash) = (&upper_list.keys[tops.clone()], &top_clash[tops]);
        let wanted = (all & !run.columns) as usize;
        let (from, to) = (starts[wanted] as usize, starts[wanted + 1] as usize);
        let (bottom_keys, bottom_clash) = (&lower_list.keys[from..to], &lower_list.clash[from..to]);
        let room = out.room(top_keys.len() * bottom_keys.len());
        let mut written = 0;
        for (&top_key, &top_clash) in top_keys.iter().zip(top_clash) {
            for (&bottom_key, &bottom_clash) in bottom_keys.iter().zip(bottom_clash) {
                debug_assert!(written < room.len());
                // SAFETY: `written` counts at most the pairs before this one, and `room` has a
                // slot for every pair.
                unsafe { *room.get_unchecked_mut(written) = top_key | bottom_key };
                written += usize::from(top_clash & bottom_clash == 0);
            }
        }
        out.len += written;
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
                let mut got = Keys::default();
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
                    &mut got,
                );
                let mut got = got.as_slice().to_vec();
                got.sort_unstable();
                expected.sort_unstable();
                assert_eq!(got, expected, "n = {n}, {sub:?}");
            }
        }
    }

    #[test]
    fn clash_masks_tell_the_quarters_that_share_a_diagonal() {
        // For every split of some rows into an upper and a lower quarter and a half's columns
        // (with a hole, as for odd n), the clash masks agree with the diagonals themselves on
        // every pair of quarters with disjoint columns.
        let mut random = crate::random::Random::new(5);
        for n in 4..=23u32 {
            for _ in 0..12 {
                let width = n / 2;
                let first = (random.next_u64() % u64::from(n - width + 1)) as u32;
                let mut columns = ((1u64 << width) - 1) << first;
                if random.next_u64().is_multiple_of(2) && width > 2 {
                    columns &=
                        !(1u64 << (first + 1 + (random.next_u64() % u64::from(width - 2)) as u32));
                }
                let size = columns.count_ones();
                let mut rows: Vec<u32> = (0..n).collect();
                for i in (1..rows.len()).rev() {
                    rows.swap(i, (random.next_u64() % (i as u64 + 1)) as usize);
                }
                rows.truncate(size as usize);
                rows.sort_unstable();
                let (upper_rows, lower_rows) = rows.split_at(size as usize / 2);
                let mask_of = |rows: &[u32]| rows.iter().map(|&r| 1u32 << r).sum::<u32>();
                let (upper_mask, lower_mask) = (mask_of(upper_rows), mask_of(lower_rows));
                let (mut uppers, mut lowers) = (Vec::new(), Vec::new());
                parts(n, upper_rows, columns, (0, 0), &mut uppers);
                parts(n, lower_rows, columns, (0, 0), &mut lowers);
                let (upper, lower) = (
                    Window::upper(n, upper_mask, columns),
                    Window::lower(n, lower_mask, columns),
                );
                let gap = Window::gap(upper_mask, lower_mask);
                for top in uppers.iter().take(60) {
                    let moved = upper_in_lower(upper.clash(top), gap, lower.mask);
                    for bottom in lowers.iter().filter(|b| b.columns & top.columns == 0) {
                        let share = (top.slash & bottom.slash) | (top.back & bottom.back) != 0;
                        let clash = moved & lower.clash(bottom) != 0;
                        assert_eq!(clash, share, "n = {n}, rows {rows:?}, columns {columns:b}");
                    }
                }
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
