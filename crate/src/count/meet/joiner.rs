//! Counting one sub-problem: the halves of each choice of east rows, joined, weighted.

use crate::board::BoardSizeError;

use super::halves::{half_keys, Halves, KeyShape, Keys};
use super::join::Join;
use super::sieve::Sieve;
use super::split::{
    check, choice_weight, next_subset, sub_problems, upside_down, Cut, Layout, RowChoices,
};

/// What counting one sub-problem found, and its work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Joined {
    /// Its solutions, times its weight.
    pub solutions: u64,
    /// The east and west halves it built.
    pub halves: u64,
}

/// Counts sub-problems of one board size, reusing its buffers from one to the next.
pub struct Joiner {
    cut: Cut,
    join: Join,
    /// The quarters of the east halves and of the west halves, each kept for the next.
    east_lists: Halves,
    west_lists: Halves,
    east: Keys,
    west: Keys,
    /// Even n: the west keys by their weight, 1, 2 and 4 (2 for each long diagonal held).
    west_by_weight: [Keys; 3],
    sieve: Sieve,
}

impl Joiner {
    pub fn new(n: u32) -> Result<Joiner, BoardSizeError> {
        let cut = check(n)?;
        let key_bits = match cut.middle {
            Some(_) => 2 * n - 2,
            None => 2 * n - 4,
        };
        Ok(Joiner {
            cut,
            join: Join::new(key_bits),
            east_lists: Halves::default(),
            west_lists: Halves::default(),
            east: Keys::default(),
            west: Keys::default(),
            west_by_weight: Default::default(),
            sieve: Sieve::default(),
        })
    }

    /// The solutions of one sub-problem, each choice of east rows counted times its weight,
    /// and the halves built for it.
    ///
    /// Never inlined: inlined into the plan's generic caller, N = 17 on one thread ran about 1%
    /// slower with the same instruction count (code placement); on its own, as fast as before.
    #[inline(never)]
    pub fn join(&mut self, sub: &RowChoices) -> Joined {
        let layout = self.cut.layout(sub.middle);
        let mut found = Joined::default();
        let mut east_rows = Some(sub.east_rows);
        for _ in 0..sub.span {
            let Some(rows) = east_rows else { break };
            let weight = choice_weight(&self.cut, sub.middle, layout.rows, rows);
            if weight > 0 {
                let pairs = match self.cut.middle {
                    Some(_) => self.odd_pairs(&layout, rows),
                    None => self.even_pairs(rows),
                };
                found.solutions += u64::from(weight) * pairs;
                found.halves += (self.east.len() + self.west.len()) as u64;
            }
            east_rows = next_subset(layout.rows, rows);
        }
        found
    }

    /// Odd n: the pairs of halves that make a solution with the middle queens (where `layout`
    /// says) and the queens of `east_rows` in the east.
    fn odd_pairs(&mut self, layout: &Layout, east_rows: u32) -> u64 {
        let Joiner {
            cut,
            join,
            east_lists,
            west_lists,
            east,
            west,
            sieve,
            ..
        } = self;
        let (n, shared, blocked) = (cut.n, cut.east, layout.blocked);
        let columns = layout.east_columns;
        let plain = KeyShape {
            shared,
            long_diagonals_apart: false,
        };
        half_keys(n, east_rows, columns, blocked, plain, east_lists, east);
        let (columns, rows) = (layout.west_columns, layout.rows & !east_rows);
        half_keys(n, rows, columns, blocked, plain, west_lists, west);
        // The shorter list is turned sideways, the longer one walked key by key.
        let (east, west) = (east.as_slice(), west.as_slice());
        let (sideways, walked) = if east.len() <= west.len() {
            (east, west)
        } else {
            (west, east)
        };
        let bits = join.bits;
        sieve.pairs(join, bits, sideways, &[(walked, 1)])
    }

    /// Even n: the pairs of halves with the queens of `east_rows` in the east, each weighted
    /// for the long diagonals (see the module's header): east halves off both long diagonals,
    /// west halves weighted 2 for each long diagonal they hold a queen on, and those on
    /// neither counted by the half turn's pairing.
    fn even_pairs(&mut self, east_rows: u32) -> u64 {
        let Joiner {
            cut,
            join,
            east_lists,
            west_lists,
            east,
            west,
            west_by_weight,
            sieve,
        } = self;
        let n = cut.n;
        let long = 1u64 << (n - 1);
        let (columns, shared) = (cut.east_columns(), cut.east);
        let apart = KeyShape {
            shared,
            long_diagonals_apart: true,
        };
        let blocked = (long, long);
        half_keys(n, east_rows, columns, blocked, apart, east_lists, east);
        let (columns, rows) = (cut.west_columns(), !east_rows & ((1 << n) - 1));
        half_keys(n, rows, columns, (0, 0), apart, west_lists, west);
        // The east halves, the fewer (about a quarter of the west ones at n = 16), are turned
        // sideways once for the west ones of every weight.
        let (east, west) = (east.as_slice(), west.as_slice());
        let times = half_turn_share(east_rows, n);
        let bits = join.bits;
        // Weight 1, 2 or 4 (bits 62 and 63: the long diagonals held): list 0, 1 or 2.
        by_weight(west, west_by_weight);
        let [one, two, four] = west_by_weight.each_ref().map(Keys::as_slice);
        let walked: &[(&[u64], u64)] = &[(four, 4), (two, 2), (one, times)];
        let walked = if times > 0 { walked } else { &walked[..2] };
        sieve.pairs(join, bits, east, walked)
    }
}

/// Even n: the west keys `keys` into `lists` by their weight, without bits 62 and 63 (the long
/// diagonals held): none in list 0, one in list 1, both in list 2. Each key is written to the
/// three and kept in one (no branch on a weight).
pub(super) fn by_weight(keys: &[u64], lists: &mut [Keys; 3]) {
    let [one, two, four] = lists;
    let (one, two, four) = (
        one.room_all(keys.len()),
        two.room_all(keys.len()),
        four.room_all(keys.len()),
    );
    let mut lens = [0usize; 3];
    for &key in keys {
        let (long, key) = (key >> 62, key & !(3 << 62));
        // SAFETY: each list has room for every key, and takes at most one per key.
        unsafe {
            *one.get_unchecked_mut(lens[0]) = key;
            *two.get_unchecked_mut(lens[1]) = key;
            *four.get_unchecked_mut(lens[2]) = key;
        }
        lens[0] += usize::from(long == 0);
        lens[1] += usize::from(long == 1 || long == 2);
        lens[2] += usize::from(long == 3);
    }
    for (list, len) in lists.iter_mut().zip(lens) {
        list.set_len(len);
    }
}

/// Even n: how many times the solutions with no queen on a long diagonal are counted at east
/// rows `east_rows`. The half turn carries them to east rows `free & !upside_down(east_rows)`,
/// the same count; where the two differ, the row `r` lowest among those where `r` and
/// `n - 1 - r` are on the same side decides: 2 where it is east, 0 where it is west. A choice
/// that is its own image counts once. Upside down keeps this number, so it is the same for
/// every choice of an orbit of [`sub_problems`].
pub(super) fn half_turn_share(east_rows: u32, n: u32) -> u64 {
    let all = ((1u64 << n) - 1) as u32;
    let same_side = !(east_rows ^ upside_down(east_rows, n)) & all;
    if same_side == 0 {
        1
    } else if east_rows & same_side & same_side.wrapping_neg() != 0 {
        2
    } else {
        0
    }
}

/// Every solution of the n×n board, by meeting in the middle.
pub fn whole_total(n: u32) -> Result<u64, BoardSizeError> {
    let mut joiner = Joiner::new(n)?;
    Ok(sub_problems(n)?
        .iter()
        .map(|sub| joiner.join(sub).solutions)
        .sum())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::meet::split::subsets_of_size;
    use crate::published::A000170;

    #[test]
    fn totals_match_the_published_table_up_to_13() {
        for n in 1..=13 {
            assert_eq!(whole_total(n).unwrap(), A000170[n as usize - 1], "n = {n}");
        }
    }

    #[test]
    fn the_half_turn_shares_its_pairs_out_evenly() {
        // Each choice of rows and its image under the half turn count the solutions off the
        // long diagonals twice between them (a choice that is its own image: once), and upside down
        // keeps the share, so that an orbit of sub_problems may be counted at any member.
        for n in (2..=14u32).step_by(2) {
            let all = (1u32 << n) - 1;
            for east_rows in subsets_of_size(all, n / 2) {
                let turned = all & !upside_down(east_rows, n);
                let share = half_turn_share(east_rows, n);
                assert_eq!(
                    share + half_turn_share(turned, n),
                    2,
                    "n = {n}, {east_rows:b}"
                );
                assert_eq!(share, half_turn_share(upside_down(east_rows, n), n));
            }
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert_eq!(whole_total(0), Err(BoardSizeError(0)));
        assert_eq!(whole_total(24), Err(BoardSizeError(24)));
    }
}
