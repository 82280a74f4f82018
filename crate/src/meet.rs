//! Counting by meeting in the middle: the total without backtracking over the whole board.
//!
//! # The split
//!
//! Cut the columns into a west part `0..east` and an east part `east..n` of equal width (for
//! odd `n` the middle column `m` is set apart first: see below). Each column holds one queen,
//! so a solution has exactly as many queens in the east as there are east columns; call the
//! rows that hold them `R`. Given `R`:
//!
//! - an **east half** is a queen in each row of `R`, one in each east column, no two on a
//!   diagonal; a **west half** is the same for the other rows and the west columns;
//! - an east half and a west half can no longer share a row or a column, only a diagonal. So
//!   the solutions with east rows `R` are the pairs (east half, west half) whose sets of
//!   occupied diagonals are disjoint.
//!
//! Only the diagonals that both parts can reach matter: a `/` diagonal `r + c` and a `\`
//! diagonal `c - r + n - 1` (both `0..2n-1`) are shared when they lie in `east..east+n-1`. A
//! half is kept as its *key*: those `n - 1` bits of each kind, `2n - 2` bits in all (at most 44,
//! as `n <= 23`).
//!
//! # The join
//!
//! For each `R`, the east keys are cut into blocks of [`BLOCK`] and each block is turned
//! sideways: for every key bit, one bit per key of the block that has it. The bits are taken
//! in bytes, and for each byte value the OR of the sideways rows of its set bits is made once
//! ([`Join`]). For a west key, the OR of one table row per byte of the key marks the east keys
//! that share a diagonal with it; the zeros of that mark are the east halves it completes.
//! That is about 2n/8 ORs of a block's 64 words per west key and block, and the compiler
//! turns them into SIMD.
//!
//! # Symmetry
//!
//! Turning the board upside down (row `r` to `n-1-r`) and mirroring it (column `c` to `n-1-c`)
//! carry solutions to solutions: the first carries east rows `R` to `R` upside down, the second
//! swaps east and west (east rows: the other rows). The count for `R` is the count for each of
//! its images, so each orbit of these two moves is counted once, at its smallest member, and
//! weighted by its size: about a quarter of the choices of `R`.
//!
//! # Odd n
//!
//! The middle column `m` holds one queen, in some row `f`. Each choice of `f` is counted on its
//! own: the queen at `(f, m)` is placed first and blocks its diagonals for both halves; the
//! rows left are split between the `m` east columns (`m+1..n`) and the `m` west ones. Upside
//! down carries `f` to `n-1-f`, so the two moves still pair up the choices.
//!
//! # Sub-problems
//!
//! Every `(f, R)` counted is a [`SubProblem`]: [`sub_problems`] lists them in a fixed order,
//! [`Counter::count`] counts one (already weighted), and the counts add up to the total.
//!
//! # Unique solutions
//!
//! The symmetry classes come from Burnside's lemma ([`unique`]): reflections fix no solution
//! of more than one queen, so the classes number `(T + S180 + 2·S90) / 8`, where `S180` and
//! `S90` are the solutions a half turn and a quarter turn leave unchanged. Those are counted by
//! a search that places a queen together with its images under the turn
//! ([`turn_symmetric`]), a small fraction of the work.

use crate::board::BoardSizeError;

/// The largest board this counter takes: a key's `2n - 2` bits fit a `u64`, and the total
/// for n = 23 (24,233,937,684,440) is the last that anyone would wait for.
pub const MAX_MEET_N: u32 = 23;

/// East keys per block of the join: 64 words of 64 bits.
pub const BLOCK: usize = 64 * 64;

/// One choice counted: the row `fixed` of the middle column's queen (odd n only) and the set
/// `east_rows` (bit r = row r) of the rows whose queens stand in the east, with the number of
/// choices, itself included, that the symmetries make count the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubProblem {
    pub fixed: Option<u32>,
    pub east_rows: u32,
    pub weight: u32,
}

/// How the board is cut for `n`: the first east column, and the middle column set apart
/// (odd n).
#[derive(Clone, Copy, Debug)]
struct Cut {
    n: u32,
    east: u32,
    middle: Option<u32>,
}

impl Cut {
    fn of(n: u32) -> Cut {
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

    fn east_columns(&self) -> u64 {
        Cut::columns(self.east, self.n)
    }

    fn west_columns(&self) -> u64 {
        Cut::columns(0, self.middle.unwrap_or(self.east))
    }

    /// The rows to split between the halves when the middle queen (if any) stands in `fixed`.
    fn free_rows(&self, fixed: Option<u32>) -> u32 {
        let all = ((1u64 << self.n) - 1) as u32;
        fixed.map_or(all, |f| all & !(1 << f))
    }
}

/// The rows of `rows` upside down.
fn upside_down(rows: u32, n: u32) -> u32 {
    rows.reverse_bits() >> (32 - n)
}

/// Checks `n` for this counter.
fn check(n: u32) -> Result<Cut, BoardSizeError> {
    if n == 0 || n > MAX_MEET_N {
        return Err(BoardSizeError(n));
    }
    Ok(Cut::of(n))
}

/// Every choice counted for `n`, in a fixed order (by the middle queen's row, then by the
/// east rows as a number), each the smallest of its images and weighted by their number.
/// (`n = 1` has one: the queen in the middle column, nothing on either side.)
pub fn sub_problems(n: u32) -> Result<Vec<SubProblem>, BoardSizeError> {
    let cut = check(n)?;
    let fixed_rows: Vec<Option<u32>> = match cut.middle {
        None => vec![None],
        Some(_) => (0..n).map(Some).collect(),
    };
    let east_count = n - cut.east;
    let mut list = Vec::new();
    for fixed in fixed_rows {
        let free = cut.free_rows(fixed);
        for east_rows in subsets_of_size(free, east_count) {
            let me = (fixed, east_rows);
            let flipped_fixed = fixed.map(|f| n - 1 - f);
            let images = [
                me,
                (flipped_fixed, upside_down(east_rows, n)),
                (fixed, free & !east_rows),
                (flipped_fixed, upside_down(free & !east_rows, n)),
            ];
            if images.iter().any(|image| image < &me) {
                continue;
            }
            let mut distinct = images.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            list.push(SubProblem {
                fixed,
                east_rows,
                weight: distinct.len() as u32,
            });
        }
    }
    Ok(list)
}

/// The subsets of `set` with `size` members, in increasing order.
fn subsets_of_size(set: u32, size: u32) -> impl Iterator<Item = u32> {
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

/// A queen in each of some rows, in distinct columns, no two on a diagonal: the columns and
/// the `/` and `\` diagonals they take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Part {
    columns: u64,
    slash: u64,
    back: u64,
}

/// Every [`Part`] with a queen in each row of `rows` (listed), in columns of `columns`, none on
/// a blocked diagonal (`blocked`: the `/` and `\` diagonals of a queen already placed).
fn parts(n: u32, rows: &[u32], columns: u64, blocked: (u64, u64), out: &mut Vec<Part>) {
    out.clear();
    let Some(&first) = rows.first() else {
        out.push(Part {
            columns: 0,
            slash: 0,
            back: 0,
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

/// Reusable lists for [`half_keys`].
#[derive(Default)]
pub struct Halves {
    upper: Vec<Part>,
    lower: Vec<Part>,
    by_columns: Vec<Part>,
    starts: Vec<u32>,
    next: Vec<u32>,
}

/// Writes into `keys` the key of every half: a queen in each row of `rows` (a mask) in
/// distinct columns of `columns`, none on a diagonal with another or on `blocked` (the `/` and
/// `\` diagonals of a queen already placed). A key holds the diagonals the half's queens
/// occupy among the `n - 1` of each kind from `shared` on (see the module's header).
///
/// A half is made of two quarters: its upper rows' queens and its lower rows' queens, each
/// listed once by a small search, then joined where their columns make up `columns` and
/// their diagonals do not meet. (One search over all the rows would walk again the lower
/// rows' tree below every upper quarter.)
pub fn half_keys(
    n: u32,
    rows: u32,
    columns: u64,
    blocked: (u64, u64),
    shared: u32,
    lists: &mut Halves,
    keys: &mut Vec<u64>,
) {
    keys.clear();
    let rows: Vec<u32> = (0..n).filter(|&r| rows >> r & 1 == 1).collect();
    let (upper_rows, lower_rows) = rows.split_at(rows.len() / 2);
    let Halves {
        upper,
        lower,
        by_columns,
        starts,
        next,
    } = lists;
    parts(n, upper_rows, columns, blocked, upper);
    parts(n, lower_rows, columns, blocked, lower);
    // The lower quarters grouped by their columns (counting sort on the columns shifted down
    // to bit 0: at most 2^12 groups), so that those completing an upper one are one run.
    // (No columns at all, n = 1: every part has columns 0, and one group.)
    let low = columns.trailing_zeros().min(63);
    let groups = 1usize << (64 - (columns >> low).leading_zeros());
    starts.clear();
    starts.resize(groups + 1, 0);
    for part in lower.iter() {
        starts[(part.columns >> low) as usize + 1] += 1;
    }
    for g in 0..groups {
        starts[g + 1] += starts[g];
    }
    by_columns.clear();
    by_columns.resize(
        lower.len(),
        Part {
            columns: 0,
            slash: 0,
            back: 0,
        },
    );
    next.clone_from(starts);
    for part in lower.iter() {
        let slot = &mut next[(part.columns >> low) as usize];
        by_columns[*slot as usize] = *part;
        *slot += 1;
    }
    let mask = (1u64 << (n - 1)) - 1;
    for top in upper.iter() {
        let wanted = ((columns & !top.columns) >> low) as usize;
        for bottom in &by_columns[starts[wanted] as usize..starts[wanted + 1] as usize] {
            if (top.slash & bottom.slash) | (top.back & bottom.back) == 0 {
                let (slash, back) = (top.slash | bottom.slash, top.back | bottom.back);
                keys.push((slash >> shared & mask) | (back >> shared & mask) << (n - 1));
            }
        }
    }
}

/// Counts the pairs `(a, b)`, `a` of `east` and `b` of `west`, with `a & b == 0`; keys have
/// at most `bits` bits.
pub fn count_disjoint(east: &[u64], west: &[u64], bits: u32) -> u64 {
    let mut join = Join::new(bits);
    east.chunks(BLOCK)
        .map(|block| join.load(block).count(west))
        .sum()
}

const WORDS: usize = BLOCK / 64;

/// The join of one block of east keys: for each byte of a key and each value of that byte,
/// the OR of the sideways rows (one bit per east key) of the bits set in the value. Made once
/// and loaded again for each block.
pub struct Join {
    bytes: usize,
    words: usize,
    len: usize,
    table: Vec<u64>,
}

impl Join {
    pub fn new(bits: u32) -> Join {
        let bytes = (bits as usize).div_ceil(8).max(1);
        Join {
            bytes,
            words: 0,
            len: 0,
            table: vec![0; bytes * 256 * WORDS],
        }
    }

    /// Turns `block` (at most [`BLOCK`] keys) sideways into the table.
    pub fn load(&mut self, block: &[u64]) -> &Self {
        assert!(block.len() <= BLOCK, "a block holds at most {BLOCK} keys");
        self.len = block.len();
        self.words = block.len().div_ceil(64);
        let words = self.words;
        for byte in 0..self.bytes {
            let table = &mut self.table[byte * 256 * WORDS..][..256 * WORDS];
            // The rows of no bit and of single bits, then every other value as the OR of the
            // row of its lowest bit and the row of the rest.
            for value in [0, 1, 2, 4, 8, 16, 32, 64, 128] {
                table[value * WORDS..][..words].fill(0);
            }
            for (i, key) in block.iter().enumerate() {
                let mut bits = (key >> (8 * byte)) & 0xff;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    table[bit as usize * WORDS + i / 64] |= 1 << (i % 64);
                    bits &= bits - 1;
                }
            }
            for value in 3..256usize {
                let low = value & value.wrapping_neg();
                if low == value {
                    continue;
                }
                let (done, rest) = table.split_at_mut(value * WORDS);
                let (a, b) = (
                    &done[low * WORDS..][..words],
                    &done[(value - low) * WORDS..][..words],
                );
                for ((out, x), y) in rest[..words].iter_mut().zip(a).zip(b) {
                    *out = x | y;
                }
            }
        }
        self
    }

    /// The pairs of the loaded block with the keys of `west` that share no bit.
    pub fn count(&self, west: &[u64]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { self.count_avx2(west) };
        }
        self.count_portable(west)
    }

    /// [`Join::count`] compiled for AVX2 and POPCNT (the same code: the compiler vectorises it).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn count_avx2(&self, west: &[u64]) -> u64 {
        self.count_portable(west)
    }

    /// [`Join::count`] for any target: plain loops over words, which the compiler vectorises
    /// for the target's SIMD (SSE2 natively, simd128 in wasm when enabled).
    #[inline(always)]
    pub fn count_portable(&self, west: &[u64]) -> u64 {
        let words = self.words;
        let mut clash = [0u64; WORDS];
        let mut sum = 0u64;
        for &key in west {
            let clash = &mut clash[..words];
            clash.fill(0);
            for byte in 0..self.bytes {
                let value = ((key >> (8 * byte)) & 0xff) as usize;
                let row = &self.table[(byte * 256 + value) * WORDS..][..words];
                for (c, r) in clash.iter_mut().zip(row) {
                    *c |= r;
                }
            }
            let clashing: u32 = clash.iter().map(|w| w.count_ones()).sum();
            sum += (self.len as u32 - clashing) as u64;
        }
        sum
    }
}

/// What counting one sub-problem found, and its work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Joined {
    /// Its solutions, times its weight.
    pub solutions: u64,
    /// The east and west halves it built.
    pub halves: u64,
}

/// Counts sub-problems of one board size, reusing its buffers from one to the next.
pub struct Counter {
    cut: Cut,
    join: Join,
    lists: Halves,
    east: Vec<u64>,
    west: Vec<u64>,
}

impl Counter {
    pub fn new(n: u32) -> Result<Counter, BoardSizeError> {
        let cut = check(n)?;
        Ok(Counter {
            cut,
            join: Join::new(2 * n - 2),
            lists: Halves::default(),
            east: Vec::new(),
            west: Vec::new(),
        })
    }

    /// The solutions of one sub-problem, times its weight, and the halves built for it.
    pub fn count(&mut self, sub: &SubProblem) -> Joined {
        let Counter {
            cut,
            join,
            lists,
            east,
            west,
        } = self;
        let n = cut.n;
        let free = cut.free_rows(sub.fixed);
        let blocked = match (sub.fixed, cut.middle) {
            (Some(f), Some(m)) => (1u64 << (f + m), 1u64 << (m + n - 1 - f)),
            _ => (0, 0),
        };
        half_keys(
            n,
            sub.east_rows,
            cut.east_columns(),
            blocked,
            cut.east,
            lists,
            east,
        );
        half_keys(
            n,
            free & !sub.east_rows,
            cut.west_columns(),
            blocked,
            cut.east,
            lists,
            west,
        );
        // The shorter list is turned sideways, the longer one walked key by key.
        let (sideways, walked) = if east.len() <= west.len() {
            (&*east, &*west)
        } else {
            (&*west, &*east)
        };
        let pairs: u64 = sideways
            .chunks(BLOCK)
            .map(|block| join.load(block).count(walked))
            .sum();
        Joined {
            solutions: u64::from(sub.weight) * pairs,
            halves: (east.len() + west.len()) as u64,
        }
    }
}

/// Every solution of the n×n board, by meeting in the middle.
pub fn count(n: u32) -> Result<u64, BoardSizeError> {
    let mut counter = Counter::new(n)?;
    Ok(sub_problems(n)?
        .iter()
        .map(|sub| counter.count(sub).solutions)
        .sum())
}

/// A turn of the board: a half turn or a quarter turn (clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Half,
    Quarter,
}

/// The solutions that `turn` leaves unchanged (S180 or S90), by placing each queen with its
/// images under the turn: rows are filled from the top, the lowest empty row next.
pub fn turn_symmetric(n: u32, turn: Turn) -> Result<u64, BoardSizeError> {
    check(n)?;
    let mut board = Placing {
        n,
        turn,
        queen_in_row: vec![None; n as usize],
        cols: 0,
        slash: 0,
        back: 0,
    };
    Ok(board.count(0))
}

struct Placing {
    n: u32,
    turn: Turn,
    queen_in_row: Vec<Option<u32>>,
    cols: u64,
    slash: u64,
    back: u64,
}

impl Placing {
    fn turned(&self, (r, c): (u32, u32)) -> (u32, u32) {
        let n = self.n;
        match self.turn {
            Turn::Half => (n - 1 - r, n - 1 - c),
            Turn::Quarter => (c, n - 1 - r),
        }
    }

    /// The solutions that extend the board, the rows above `from` being full.
    fn count(&mut self, from: u32) -> u64 {
        let n = self.n;
        let Some(row) = (from..n).find(|&r| self.queen_in_row[r as usize].is_none()) else {
            return 1;
        };
        let mut found = 0;
        for c in 0..n {
            // The queen and its images (at most 4): each must be free and clash with none of
            // the others.
            let mut orbit = [(row, c); 4];
            let mut len = 1;
            loop {
                let next = self.turned(orbit[len - 1]);
                if next == orbit[0] {
                    break;
                }
                orbit[len] = next;
                len += 1;
            }
            let orbit = &orbit[..len];
            let mut ok = true;
            let mut taken = 0;
            for &(r, c) in orbit {
                if !self.place(r, c) {
                    ok = false;
                    break;
                }
                taken += 1;
            }
            if ok {
                found += self.count(row + 1);
            }
            for &(r, c) in orbit[..taken].iter().rev() {
                self.lift(r, c);
            }
        }
        found
    }

    fn place(&mut self, r: u32, c: u32) -> bool {
        let n = self.n;
        let (s, b) = (1u64 << (r + c), 1u64 << (c + n - 1 - r));
        if self.queen_in_row[r as usize].is_some()
            || self.cols >> c & 1 == 1
            || self.slash & s != 0
            || self.back & b != 0
        {
            return false;
        }
        self.queen_in_row[r as usize] = Some(c);
        self.cols |= 1 << c;
        self.slash |= s;
        self.back |= b;
        true
    }

    fn lift(&mut self, r: u32, c: u32) {
        let n = self.n;
        self.queen_in_row[r as usize] = None;
        self.cols &= !(1 << c);
        self.slash &= !(1u64 << (r + c));
        self.back &= !(1u64 << (c + n - 1 - r));
    }
}

/// Burnside's lemma for a board: the solutions a half turn and a quarter turn leave
/// unchanged, and the symmetry classes they make with the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Burnside {
    /// S180.
    pub half: u64,
    /// S90.
    pub quarter: u64,
    /// The classes: `(total + half + 2·quarter) / 8`; for n = 1, 1 (a reflection fixes the one
    /// queen, so the formula does not hold there).
    pub unique: u64,
}

/// Why a total gives no unique count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BurnsideError {
    BoardSize(BoardSizeError),
    /// `total + S180 + 2·S90` is not a multiple of 8 (or past 2^64): not this board's total.
    NotATotal {
        n: u32,
        total: u64,
    },
}

impl std::fmt::Display for BurnsideError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BurnsideError::BoardSize(e) => e.fmt(f),
            BurnsideError::NotATotal { n, total } => write!(
                f,
                "{total} is not the number of solutions of the {n}×{n} board: with the solutions that turns leave unchanged it makes no whole number of symmetry classes."
            ),
        }
    }
}

impl std::error::Error for BurnsideError {}

/// Burnside's lemma for `total` solutions of the n×n board (see [`Burnside`]).
pub fn burnside(n: u32, total: u64) -> Result<Burnside, BurnsideError> {
    check(n).map_err(BurnsideError::BoardSize)?;
    let half = turn_symmetric(n, Turn::Half).map_err(BurnsideError::BoardSize)?;
    let quarter = turn_symmetric(n, Turn::Quarter).map_err(BurnsideError::BoardSize)?;
    if n == 1 {
        return match total {
            1 => Ok(Burnside {
                half,
                quarter,
                unique: 1,
            }),
            _ => Err(BurnsideError::NotATotal { n, total }),
        };
    }
    let fixed = total
        .checked_add(half)
        .and_then(|t| t.checked_add(2 * quarter))
        .filter(|t| t % 8 == 0)
        .ok_or(BurnsideError::NotATotal { n, total })?;
    Ok(Burnside {
        half,
        quarter,
        unique: fixed / 8,
    })
}

/// The symmetry classes among `total` solutions of the n×n board ([`burnside`]).
pub fn unique(n: u32, total: u64) -> Result<u64, BurnsideError> {
    burnside(n, total).map(|b| b.unique)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::{A000170, A002562};

    /// Every solution of the n×n board by brute force (permutations), for the small boards.
    fn brute_solutions(n: u32) -> Vec<Vec<u32>> {
        fn go(n: u32, q: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if q.len() == n as usize {
                out.push(q.clone());
                return;
            }
            let r = q.len() as i64;
            for c in 0..n {
                if q.iter().enumerate().all(|(rr, &cc)| {
                    cc != c && (r - rr as i64).abs() != (c as i64 - cc as i64).abs()
                }) {
                    q.push(c);
                    go(n, q, out);
                    q.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(n, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn totals_match_the_published_table_up_to_13() {
        for n in 1..=13 {
            assert_eq!(count(n).unwrap(), A000170[n as usize - 1], "n = {n}");
        }
    }

    #[test]
    fn uniques_match_the_published_table_up_to_13() {
        for n in 1..=13 {
            assert_eq!(
                unique(n, A000170[n as usize - 1]).unwrap(),
                A002562[n as usize - 1],
                "n = {n}"
            );
        }
    }

    #[test]
    fn a_total_that_is_not_the_boards_is_refused() {
        // N = 8: 92 solutions, S180 = 4, S90 = 0; 93 or 101 make no whole number of classes.
        for total in [93, 101, 0, u64::MAX] {
            assert_eq!(
                burnside(8, total),
                Err(BurnsideError::NotATotal { n: 8, total }),
                "{total}"
            );
        }
        assert!(burnside(1, 2).is_err() && burnside(24, 1).is_err());
    }

    #[test]
    fn turn_symmetric_solutions_match_brute_force() {
        for n in 1..=10 {
            let all = brute_solutions(n);
            let half = all
                .iter()
                .filter(|q| (0..n).all(|r| q[(n - 1 - r) as usize] == n - 1 - q[r as usize]))
                .count() as u64;
            // A quarter turn carries (r, c) to (c, n-1-r): q[c] = n-1-r wherever q[r] = c.
            let quarter = all
                .iter()
                .filter(|q| (0..n).all(|r| q[q[r as usize] as usize] == n - 1 - r))
                .count() as u64;
            assert_eq!(
                turn_symmetric(n, Turn::Half).unwrap(),
                half,
                "S180, n = {n}"
            );
            assert_eq!(
                turn_symmetric(n, Turn::Quarter).unwrap(),
                quarter,
                "S90, n = {n}"
            );
        }
    }

    #[test]
    fn half_keys_match_brute_force() {
        // The east halves of the first choices of rows at n = 6 to 9, against every
        // assignment of the east columns to the rows, checked queen by queen.
        for n in [6u32, 7, 8, 9] {
            let cut = Cut::of(n);
            for sub in sub_problems(n).unwrap().iter().take(40) {
                let rows: Vec<u32> = (0..n).filter(|&r| sub.east_rows >> r & 1 == 1).collect();
                let blocked_queen = sub.fixed.map(|f| (f, cut.middle.unwrap()));
                let mut expected: Vec<u64> = Vec::new();
                let columns: Vec<u32> = (cut.east..n).collect();
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
                        && blocked_queen.is_none_or(|f| queens.iter().all(|&a| !clash(a, f)));
                    if fine {
                        let mask = (1u64 << (n - 1)) - 1;
                        let slash: u64 = queens.iter().map(|&(r, c)| 1u64 << (r + c)).sum();
                        let back: u64 = queens.iter().map(|&(r, c)| 1u64 << (c + n - 1 - r)).sum();
                        expected.push(
                            (slash >> cut.east & mask) | (back >> cut.east & mask) << (n - 1),
                        );
                    }
                });
                let blocked = match (sub.fixed, cut.middle) {
                    (Some(f), Some(m)) => (1u64 << (f + m), 1u64 << (m + n - 1 - f)),
                    _ => (0, 0),
                };
                let mut got = Vec::new();
                half_keys(
                    n,
                    sub.east_rows,
                    cut.east_columns(),
                    blocked,
                    cut.east,
                    &mut Halves::default(),
                    &mut got,
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
    fn the_join_matches_a_naive_pair_count() {
        let mut random = crate::random::Random::new(7);
        for (east_len, west_len, bits) in [
            (0, 5, 10),
            (1, 1, 8),
            (63, 70, 20),
            (64, 3, 30),
            (5000, 300, 44),
            (BLOCK + 17, 200, 26),
        ] {
            // Sparse keys, as halves are: each bit set with probability about 1/3.
            let key = |random: &mut crate::random::Random| {
                (0..bits)
                    .filter(|_| random.next_u64().is_multiple_of(3))
                    .map(|b| 1u64 << b)
                    .sum::<u64>()
            };
            let east: Vec<u64> = (0..east_len).map(|_| key(&mut random)).collect();
            let west: Vec<u64> = (0..west_len).map(|_| key(&mut random)).collect();
            let naive = east
                .iter()
                .map(|a| west.iter().filter(|&&b| a & b == 0).count() as u64)
                .sum::<u64>();
            assert_eq!(
                count_disjoint(&east, &west, bits),
                naive,
                "{east_len} × {west_len}, {bits} bits"
            );
            // The portable kernel (the one wasm runs) agrees with the one this CPU runs.
            let mut join = Join::new(bits);
            let portable: u64 = east
                .chunks(BLOCK)
                .map(|block| join.load(block).count_portable(&west))
                .sum();
            assert_eq!(portable, naive, "portable kernel, {east_len} × {west_len}");
        }
    }

    #[test]
    fn sub_problems_cover_every_choice_of_rows_once() {
        // The weights add up to the number of choices: C(n, n/2) for even n, n·C(n-1, m) for odd.
        let choose = |a: u64, b: u64| (0..b).fold(1u64, |acc, i| acc * (a - i) / (i + 1));
        for n in 2..=14u32 {
            let total: u64 = sub_problems(n)
                .unwrap()
                .iter()
                .map(|s| s.weight as u64)
                .sum();
            let expected = if n % 2 == 0 {
                choose(n as u64, n as u64 / 2)
            } else {
                n as u64 * choose(n as u64 - 1, n as u64 / 2)
            };
            assert_eq!(total, expected, "n = {n}");
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert_eq!(count(0), Err(BoardSizeError(0)));
        assert_eq!(count(24), Err(BoardSizeError(24)));
    }
}
