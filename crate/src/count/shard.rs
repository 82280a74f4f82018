//! Sharing one count between threads, processes, machines or browser tabs, and checking the
//! parts when they come back.
//!
//! A count is the sum of its sub-problems ([`crate::count::Plan`]), numbered by their place in
//! the method's list. Three things make the numbers safe to pass around:
//!
//! - a [`Fingerprint`] of the list (both methods' are written here), so that parts counted by a version of the program that
//!   lists the sub-problems differently are never added together;
//! - a [`Slice`] `I/K`, the indices `I-1, I-1+K, I-1+2K, …`: the `K` slices of a list cover
//!   every index exactly once;
//! - [`sample`], a seeded random choice of indices to re-count, for spot checks.
//!
//! Nothing here counts or touches files: it is plain arithmetic, the same natively and in wasm.

use super::backtrack::Prefix;
use super::meet::RowChoices;
use crate::random::Random;
use std::fmt;
use std::str::FromStr;

/// A 64-bit FNV-1a hash of a sub-problem list and what it is for (see [`Listing`]). Two lists
/// with the same fingerprint are taken to be the same list. Written as 16 lower-case hex digits.
///
/// ```
/// use bitqueens::count::backtrack::sub_problems;
/// use bitqueens::count::shard::{backtrack_fingerprint, Fingerprint};
/// let print = backtrack_fingerprint(8, &sub_problems(8).unwrap());
/// assert_eq!(print.to_string().len(), 16);
/// assert_eq!(print.to_string().parse::<Fingerprint>(), Ok(print));
/// assert_ne!(print, backtrack_fingerprint(9, &sub_problems(9).unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fingerprint(pub u64);

/// Builds a [`Fingerprint`] from bytes, FNV-1a. Whoever feeds it a list writes each item's
/// length (or a fixed width) first, so that no two different lists give the same bytes.
pub struct Listing(u64);

impl Listing {
    pub fn new() -> Listing {
        Listing(0xcbf2_9ce4_8422_2325)
    }

    pub fn eat(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint(self.0)
    }
}

impl Default for Listing {
    fn default() -> Self {
        Listing::new()
    }
}

/// The fingerprint of the backtracking counter's sub-problem list `problems` of an `n`×`n`
/// board: `n`, the length, then each sub-problem with its length first. (The fingerprint it
/// had before there were two methods: shards and journals written then still add up.)
pub fn backtrack_fingerprint(n: u32, problems: &[Prefix]) -> Fingerprint {
    let mut listing = Listing::new();
    listing.eat(&n.to_le_bytes());
    listing.eat(&(problems.len() as u64).to_le_bytes());
    for problem in problems {
        listing.eat(&[problem.len() as u8]);
        listing.eat(problem);
    }
    listing.fingerprint()
}

/// The fingerprint of the meet-in-the-middle counter's sub-problem list `list` of an
/// `n`×`n` board: the method's name first, then `n`, the length, and each sub-problem at a
/// fixed width: the middle queens' row and column (255: none), the first east rows, the span.
pub fn meet_fingerprint(n: u32, list: &[RowChoices]) -> Fingerprint {
    let mut listing = Listing::new();
    listing.eat(b"meet");
    listing.eat(&n.to_le_bytes());
    listing.eat(&(list.len() as u64).to_le_bytes());
    for sub in list {
        let (row, column) = sub.middle.map_or((255, 255), |m| (m.row, m.column));
        listing.eat(&[row as u8, column as u8]);
        listing.eat(&sub.east_rows.to_le_bytes());
        listing.eat(&sub.span.to_le_bytes());
    }
    listing.fingerprint()
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// Why a text is not a [`Fingerprint`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FingerprintError(pub String);

impl fmt::Display for FingerprintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected 16 hex digits for a fingerprint; got {:?}",
            self.0
        )
    }
}

impl std::error::Error for FingerprintError {}

impl FromStr for Fingerprint {
    type Err = FingerprintError;
    fn from_str(text: &str) -> Result<Fingerprint, FingerprintError> {
        let bad = || FingerprintError(text.to_string());
        if text.len() != 16 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        u64::from_str_radix(text, 16)
            .map(Fingerprint)
            .map_err(|_| bad())
    }
}

/// Slice `index` of `of` (1-based, `1 <= index <= of`) of a sub-problem list: the indices
/// `index-1`, `index-1+of`, `index-1+2·of`, … (strided, so that the slices get work of
/// similar size). Written and parsed as `I/K`.
///
/// ```
/// use bitqueens::count::shard::Slice;
/// let slice: Slice = "2/3".parse().unwrap();
/// assert_eq!(slice.indices(8), vec![1, 4, 7]);
/// assert!("0/4".parse::<Slice>().is_err() && "5/4".parse::<Slice>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "RawSlice")]
pub struct Slice {
    /// Which slice, from 1 to `of`.
    pub index: usize,
    /// How many slices the list is cut into.
    pub of: usize,
}

/// A slice as read from JSON, before [`Slice::new`] checks it.
#[derive(serde::Deserialize)]
struct RawSlice {
    index: usize,
    of: usize,
}

impl TryFrom<RawSlice> for Slice {
    type Error = SliceError;
    fn try_from(raw: RawSlice) -> Result<Slice, SliceError> {
        Slice::new(raw.index, raw.of)
    }
}

/// Why a text or a pair of numbers is not a [`Slice`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceError(pub String);

impl fmt::Display for SliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SliceError {}

impl Slice {
    /// Slice `index` of `of`, or an error that says what is wrong with the pair.
    pub fn new(index: usize, of: usize) -> Result<Slice, SliceError> {
        if of == 0 {
            return Err(SliceError(format!(
                "shard {index}/{of}: K must be at least 1"
            )));
        }
        if index == 0 || index > of {
            return Err(SliceError(format!(
                "shard {index}/{of}: I must be from 1 to {of} (the shards of K = {of} are 1/{of} … {of}/{of})"
            )));
        }
        Ok(Slice { index, of })
    }

    /// The slice of `of` that holds list index `index` (0-based).
    pub fn holding(index: usize, of: usize) -> Slice {
        Slice {
            index: index % of + 1,
            of,
        }
    }

    /// True when list index `index` (0-based) belongs to this slice.
    pub fn contains(self, index: usize) -> bool {
        index % self.of == self.index - 1
    }

    /// The list indices of this slice in a list of `count` sub-problems, in order.
    pub fn indices(self, count: usize) -> Vec<usize> {
        (self.index - 1..count).step_by(self.of).collect()
    }
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

impl FromStr for Slice {
    type Err = SliceError;
    fn from_str(text: &str) -> Result<Slice, SliceError> {
        let bad = || {
            SliceError(format!(
                "expected I/K with 1 ≤ I ≤ K, like 3/8; got {text:?}"
            ))
        };
        let (i, k) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let of: usize = k.trim().parse().map_err(|_| bad())?;
        Slice::new(index, of)
    }
}

/// `k` distinct positions out of `0..len` (all of them when `k >= len`), chosen at random
/// from `seed` and returned in increasing order. The same `(len, k, seed)` gives the same
/// positions on every machine (a [`Random`] stream driving a partial Fisher–Yates shuffle),
/// so a spot check can be repeated exactly.
///
/// ```
/// use bitqueens::count::shard::sample;
/// let picked = sample(100, 5, 42);
/// assert_eq!(picked.len(), 5);
/// assert!(picked.windows(2).all(|w| w[0] < w[1]) && picked[4] < 100);
/// assert_eq!(picked, sample(100, 5, 42));
/// assert_eq!(sample(3, 10, 7), vec![0, 1, 2]);
/// ```
pub fn sample(len: usize, k: usize, seed: u64) -> Vec<usize> {
    let mut random = Random::new(seed);
    let mut positions: Vec<usize> = (0..len).collect();
    let k = k.min(len);
    // Invariant: positions[..i] are the picks so far, positions[i..] the ones left.
    for i in 0..k {
        let left = (len - i) as u64;
        let j = i + (random.next_u64() % left) as usize;
        positions.swap(i, j);
    }
    positions.truncate(k);
    positions.sort_unstable();
    positions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::backtrack::sub_problems;

    #[test]
    fn the_slices_of_a_list_cover_every_index_exactly_once() {
        for count in [0, 1, 7, 100] {
            for of in 1..=9 {
                let mut seen = vec![0; count];
                for index in 1..=of {
                    let slice = Slice::new(index, of).unwrap();
                    for i in slice.indices(count) {
                        assert!(slice.contains(i));
                        assert_eq!(Slice::holding(i, of), slice);
                        seen[i] += 1;
                    }
                }
                assert!(seen.iter().all(|&s| s == 1), "count {count}, of {of}");
            }
        }
    }

    #[test]
    fn bad_slices_say_what_is_wrong() {
        for (text, says) in [
            ("0/4", "I must be from 1 to 4"),
            ("5/4", "I must be from 1 to 4"),
            ("1/0", "K must be at least 1"),
            ("x", "expected I/K"),
            ("3/", "expected I/K"),
            ("-1/4", "expected I/K"),
        ] {
            let error = text.parse::<Slice>().unwrap_err().to_string();
            assert!(error.contains(says), "{text}: {error}");
        }
        assert_eq!(
            " 3 / 8 ".trim().parse::<Slice>().unwrap().to_string(),
            "3/8"
        );
    }

    #[test]
    fn fingerprints_tell_lists_apart_and_read_back() {
        let eight = sub_problems(8).unwrap();
        let print = backtrack_fingerprint(8, &eight);
        assert_eq!(print, backtrack_fingerprint(8, &eight.clone()));
        let mut dropped = eight.clone();
        dropped.pop();
        let mut swapped = eight.clone();
        swapped.swap(0, 1);
        let mut moved = eight.clone();
        moved[0][1] += 1;
        for other in [dropped, swapped, moved] {
            assert_ne!(print, backtrack_fingerprint(8, &other));
        }
        assert_ne!(
            print,
            backtrack_fingerprint(9, &eight),
            "the board size counts too"
        );
        // Splitting a sub-problem's columns differently is a different list.
        assert_ne!(
            backtrack_fingerprint(8, &[vec![1, 2], vec![3]]),
            backtrack_fingerprint(8, &[vec![1], vec![2, 3]])
        );
        for text in [print.to_string(), format!("{:016x}", u64::MAX)] {
            assert_eq!(text.parse::<Fingerprint>().unwrap().to_string(), text);
        }
        for bad in [
            "",
            "123",
            "zzzzzzzzzzzzzzzz",
            "+123456789abcdef",
            "0123456789abcdef0",
        ] {
            assert!(bad.parse::<Fingerprint>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn samples_are_distinct_in_range_repeatable_and_vary_with_the_seed() {
        for len in [0, 1, 5, 50] {
            for k in [0, 1, 3, 50, 60] {
                let picked = sample(len, k, 9);
                assert_eq!(picked.len(), k.min(len));
                assert!(picked.windows(2).all(|w| w[0] < w[1]));
                assert!(picked.iter().all(|&p| p < len));
                assert_eq!(picked, sample(len, k, 9));
            }
        }
        let seeds: std::collections::HashSet<Vec<usize>> =
            (0..20).map(|seed| sample(1000, 4, seed)).collect();
        assert_eq!(seeds.len(), 20, "twenty seeds, twenty different samples");
        // Every position gets picked by some seed: no corner of the list is never checked.
        let mut hit = [false; 10];
        for seed in 0..200 {
            for p in sample(10, 1, seed) {
                hit[p] = true;
            }
        }
        assert!(hit.iter().all(|&h| h));
    }
}
