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
//! For each `R`, the shorter list of keys is cut into blocks of [`BLOCK`] and each block is
//! turned sideways: for every key bit, one bit per key of the block that has it. The bits are
//! taken in chunks of 4 to 8 (whichever makes the least work for the block), and for each
//! value of a chunk the OR of the sideways rows of its set bits is made once ([`Join`]). For a
//! key of the other list, the OR of one table row per chunk marks the keys of the block that
//! share a diagonal with it; the zeros of that mark are the halves it completes. The loops
//! are compiled for fixed block widths, and the compiler turns them into SIMD.
//!
//! # Symmetry
//!
//! Turning the board upside down (row `r` to `n-1-r`) carries solutions to solutions and east
//! rows `R` to `R` upside down: the count for `R` is the count for its image, so only one of
//! the two is counted, twice ([`choice_weight`]). Mirroring (column `c` to `n-1-c`) swaps east
//! and west; for even n it is spent on the long diagonals instead.
//!
//! # The long diagonals (even n)
//!
//! The main diagonal (`r = c`) holds at most one queen, in the north-west or the south-east
//! quarter; the other one (`r + c = n - 1`), in the north-east or the south-west. Reflecting
//! the board in the other long diagonal swaps the north-west and south-east quarters and
//! leaves that diagonal's queen where it is, and the other way round: so the solutions with
//! the main diagonal's queen in the south-east are as many as those with it in the north-west,
//! and the same for the other diagonal's queen in the north-east and the south-west. Hence the
//! total is the count of the solutions whose **east half has no queen on either long
//! diagonal**, each weighted by 2 for every long diagonal its west half has a queen on
//! (read off its key: [`KeyShape`]). The east halves are built with both long diagonals blocked:
//! about a quarter of them, and two key bits fewer ([`without_long_diagonals`]).
//!
//! Upside down swaps the two long diagonals and the quarters alike, so it still pairs `R` with
//! its image; mirroring does not (it moves the long diagonals' queens to the east). The half
//! turn (both moves) keeps the solutions with no queen on a long diagonal at all, and pairs
//! `R` with the other rows upside down: those solutions are counted at one of the two, twice
//! ([`half_turn_share`]).
//!
//! # Odd n
//!
//! The middle column `m` holds one queen, in some row, and the middle row one, in some column:
//! both are placed first ([`Middle`]) and block their diagonals for both halves (they stand on
//! no diagonal of each other, or are one queen, in the centre). The rows left are split
//! between the east columns left (`m+1..n`) and the west ones. The eight symmetries of the
//! square carry the middle column and row onto themselves, so each orbit of the middle queens
//! is counted once, weighted by its size: about an eighth of the choices. The centre is its
//! own image: there upside down and mirroring pair up the choices of `R` instead.
//!
//! # Sub-problems
//!
//! A [`SubProblem`] is a run of neighbouring choices of `R` (with the middle queens, for odd
//! n): [`sub_problems`] lists them in a fixed order, [`Counter::count`] counts one (each
//! choice weighted), and the counts add up to the total. Neighbours share most of their rows,
//! so a [`Counter`] keeps the quarters of one for the next ([`Halves`]).
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

/// Keys per block of the join: 64 words of 64 bits.
pub const BLOCK: usize = 64 * 64;

/// A run of choices counted: for odd n, the queens of the middle column and the middle row
/// ([`Middle`]); and `span` choices of the rows whose queens stand in the east, from
/// `east_rows` (bit r = row r) on, in increasing order ([`next_subset`]). [`choice_weight`]
/// tells which of them are counted, and for how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubProblem {
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

    /// Where the halves stand after the middle queens (odd n).
    fn layout(&self, middle: Option<Middle>) -> Layout {
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
struct Layout {
    rows: u32,
    east_columns: u64,
    west_columns: u64,
    blocked: (u64, u64),
}

/// The images of the middle queens under the eight symmetries of the square: each carries
/// the middle column and the middle row onto the middle column or the middle row.
fn middle_images(n: u32, middle: Middle) -> [Middle; 8] {
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

/// About how many sub-problems a count has (from N = 17 on): enough for a fair sample of
/// the work done at any moment and for shards, few enough to keep their list small.
const SUB_PROBLEMS: u64 = 1 << 14;

/// The sub-problems of `n`, in a fixed order: by the middle queens, then by the east rows as
/// a number. Even n: every choice of east rows. Odd n: the middle queens, one choice of each
/// orbit under the eight symmetries, with every choice of east rows. Runs of neighbouring
/// choices make one sub-problem, as long as needed to make about [`SUB_PROBLEMS`]; a run of
/// one lists only the choices counted. (`n = 1` has one: the queen in the centre.)
pub fn sub_problems(n: u32) -> Result<Vec<SubProblem>, BoardSizeError> {
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
                    .map(|east_rows| SubProblem {
                        middle,
                        east_rows,
                        span: 1,
                    }),
            );
            continue;
        }
        let subsets: Vec<u32> = subsets.collect();
        list.extend(subsets.chunks(span).map(|run| SubProblem {
            middle,
            east_rows: run[0],
            span: run.len() as u32,
        }));
    }
    Ok(list)
}

/// Odd n: how many choices of the middle queens count as `middle` does, if it is the smallest
/// of its images under the eight symmetries; 0 if it is not.
fn middle_weight(n: u32, middle: Middle) -> u32 {
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
fn next_subset(set: u32, subset: u32) -> Option<u32> {
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
    /// Its share of a half's key (see [`half_keys`]): a half's key is the OR of its parts'.
    key: u64,
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
#[derive(Default)]
pub struct Halves {
    upper: Quarters,
    lower: Quarters,
    /// The lower quarters grouped by their columns: group `g` (the columns shifted down to
    /// bit 0) is `by_columns[starts[g]..starts[g + 1]]`.
    by_columns: Vec<Part>,
    starts: Vec<u32>,
    next: Vec<u32>,
}

/// How [`half_keys`] makes a key: the `n - 1` diagonals of each kind from `shared` on,
/// and, with `long_diagonals_apart` (even n), without the two long diagonals
/// ([`without_long_diagonals`]) but with those the half holds as bits 62 (`/`) and 63 (`\\`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyShape {
    pub shared: u32,
    pub long_diagonals_apart: bool,
}

/// The parts of one quarter and what they were made for.
#[derive(Default)]
struct Quarters {
    made_for: Option<(u32, u64, (u64, u64), KeyShape)>,
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
        by_columns,
        starts,
        next,
    } = lists;
    upper.make(n, upper_rows, columns, blocked, shape);
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
    for top in upper.parts.iter() {
        let wanted = ((columns & !top.columns) >> low) as usize;
        for bottom in &by_columns[starts[wanted] as usize..starts[wanted + 1] as usize] {
            if (top.slash & bottom.slash) | (top.back & bottom.back) == 0 {
                found(top.key | bottom.key);
            }
        }
    }
}

/// Counts the pairs `(a, b)`, `a` of `east` and `b` of `west`, with `a & b == 0`; keys have
/// at most `bits` bits.
pub fn count_disjoint(east: &[u64], west: &[u64], bits: u32) -> u64 {
    Join::new(bits).pairs(east, west)
}

const WORDS: usize = BLOCK / 64;

/// `$body` with the constant `$w` equal to `$words`, one of the widths a block is loaded at
/// (1, 2, then every multiple of 4 up to 64 words); `$otherwise` for any other value.
#[rustfmt::skip]
macro_rules! with_fixed_width {
    ($words:expr, $w:ident => $body:expr, $otherwise:expr) => {
        match $words {
            1 => { const $w: usize = 1; $body }
            2 => { const $w: usize = 2; $body }
            4 => { const $w: usize = 4; $body }
            8 => { const $w: usize = 8; $body }
            12 => { const $w: usize = 12; $body }
            16 => { const $w: usize = 16; $body }
            20 => { const $w: usize = 20; $body }
            24 => { const $w: usize = 24; $body }
            28 => { const $w: usize = 28; $body }
            32 => { const $w: usize = 32; $body }
            36 => { const $w: usize = 36; $body }
            40 => { const $w: usize = 40; $body }
            44 => { const $w: usize = 44; $body }
            48 => { const $w: usize = 48; $body }
            52 => { const $w: usize = 52; $body }
            56 => { const $w: usize = 56; $body }
            60 => { const $w: usize = 60; $body }
            64 => { const $w: usize = 64; $body }
            _ => $otherwise,
        }
    };
}

/// The join of one block of east keys. A key is cut into chunks of `k` bits (`k` from 4 to
/// 8, chosen at each load); for each chunk and each value it can take, the table holds the OR
/// of the sideways rows (one bit per east key) of the bits set in the value. Made once and
/// loaded again for each block.
pub struct Join {
    /// The bits of a key (at most 64).
    bits: u32,
    /// The bits of a chunk, and the chunks of a key, at the last load.
    chunk_bits: u32,
    chunks: usize,
    /// The words of a sideways row at the last load, and its keys.
    words: usize,
    len: usize,
    /// Chunk `c`'s row for value `v` is `table[(c * 256 + v) * words..][..words]`.
    table: Vec<u64>,
}

impl Join {
    pub fn new(bits: u32) -> Join {
        let most_chunks = (bits as usize).div_ceil(4).max(1);
        Join {
            bits,
            chunk_bits: 8,
            chunks: 0,
            words: 0,
            len: 0,
            table: vec![0; most_chunks * 256 * WORDS],
        }
    }

    /// Turns `block` (at most [`BLOCK`] keys) sideways into the table, for walking many keys.
    pub fn load(&mut self, block: &[u64]) -> &Self {
        self.load_for(block, usize::MAX)
    }

    /// Turns `block` (at most [`BLOCK`] keys) sideways into the table, for walking `walked`
    /// keys: the chunk width makes the least work, `chunks × (2^k + walked)` rows ORed.
    pub fn load_for(&mut self, block: &[u64], walked: usize) -> &Self {
        assert!(block.len() <= BLOCK, "a block holds at most {BLOCK} keys");
        self.len = block.len();
        // Rounded up to a multiple of 4 (a 256-bit vector) past 2, so that the loops are
        // compiled for fixed widths (the padding's bits stand for no key: they stay 0).
        self.words = match block.len().div_ceil(64) {
            words @ 0..=2 => words,
            words => words.next_multiple_of(4),
        };
        let bits = self.bits.max(1);
        let work = |k: u32| {
            (bits.div_ceil(k) as usize).saturating_mul((1usize << k).saturating_add(walked))
        };
        self.chunk_bits = (4..=8).rev().min_by_key(|&k| work(k)).expect("widths");
        self.chunks = bits.div_ceil(self.chunk_bits) as usize;
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has the features the function is compiled for.
            unsafe { self.load_avx2(block) };
            return self;
        }
        self.load_portable(block);
        self
    }

    /// [`Join::load`] compiled for AVX2 (the same code: the compiler vectorises it).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn load_avx2(&mut self, block: &[u64]) {
        self.load_portable(block)
    }

    #[inline(always)]
    fn load_portable(&mut self, block: &[u64]) {
        with_fixed_width!(self.words, W => self.load_words::<W>(block), ())
    }

    #[inline(always)]
    fn load_words<const W: usize>(&mut self, block: &[u64]) {
        let k = self.chunk_bits;
        let mask = (1u64 << k) - 1;
        for chunk in 0..self.chunks {
            // Only the values this chunk of a key can take: all but in the last chunk.
            let values = 1usize << (self.bits - k * chunk as u32).min(k);
            let table = &mut self.table[chunk * 256 * W..][..values * W];
            // The rows of no bit and of single bits, then every other value as the OR of the
            // row of its lowest bit and the row of the rest.
            table[..W].fill(0);
            for bit in 0..values.trailing_zeros() {
                table[(1 << bit) * W..][..W].fill(0);
            }
            for (i, key) in block.iter().enumerate() {
                let mut bits = (key >> (k * chunk as u32)) & mask;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    table[bit as usize * W + i / 64] |= 1 << (i % 64);
                    bits &= bits - 1;
                }
            }
            for value in 3..values {
                let low = value & value.wrapping_neg();
                if low == value {
                    continue;
                }
                let (done, rest) = table.split_at_mut(value * W);
                let a: &[u64; W] = done[low * W..][..W].try_into().expect("W words");
                let b: &[u64; W] = done[(value - low) * W..][..W].try_into().expect("W words");
                for ((out, x), y) in rest[..W].iter_mut().zip(a).zip(b) {
                    *out = x | y;
                }
            }
        }
    }

    /// The pairs `(a, b)`, `a` of `one` and `b` of `other`, with `a & b == 0`: the shorter
    /// list is turned sideways block by block, the longer one walked key by key.
    pub fn pairs(&mut self, one: &[u64], other: &[u64]) -> u64 {
        let (sideways, walked) = if one.len() <= other.len() {
            (one, other)
        } else {
            (other, one)
        };
        sideways
            .chunks(BLOCK)
            .map(|block| self.load_for(block, walked.len()).count(walked))
            .sum()
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
        // No block loaded, or an empty one: no pairs.
        with_fixed_width!(self.words, W => self.count_words::<W>(west), 0)
    }

    /// The walk for blocks of `W` words: a fixed width, so that the compiler unrolls it.
    #[inline(always)]
    fn count_words<const W: usize>(&self, west: &[u64]) -> u64 {
        let k = self.chunk_bits;
        let mask = (1u64 << k) - 1;
        // The chunks' tables of 256 rows (a value indexes one with no bounds check).
        let (rows, _) = self.table[..self.chunks * 256 * W].as_chunks::<W>();
        let (tables, _) = rows.as_chunks::<256>();
        let mut sum = 0u64;
        for &key in west {
            let mut clash = [0u64; W];
            let mut rest = key;
            for table in tables {
                let row = &table[(rest & mask) as u8 as usize];
                rest >>= k;
                for (c, r) in clash.iter_mut().zip(row) {
                    *c |= r;
                }
            }
            let clashing: u32 = clash.iter().map(|w| w.count_ones()).sum();
            sum += u64::from(self.len as u32 - clashing);
        }
        sum
    }
}

/// The join sieved by a few key bits ("cuts", after the reference counter's sieve): the
/// sideways keys are sorted into buckets by their bits at the cuts, and so are the walked
/// keys; a bucket is joined only with the walked buckets that share no cut bit with it (the
/// others cannot make a pair). The cuts are the bits set most often on both sides, sampled:
/// next to the long diagonals, each is set in about half the keys of either side, so three
/// cuts leave about half of the join, in smaller blocks that stay in the cache. (Measured at
/// N = 20: a third of the time; at N = 18, 5%; odd N's joins are too small to sieve.)
#[derive(Default)]
pub struct Sieve {
    cuts: Vec<u32>,
    sideways: Vec<Vec<u64>>,
    /// For each walked list, its buckets.
    walked: Vec<Vec<Vec<u64>>>,
}

/// Joins smaller than this many pairs are not sieved: the buckets would cost more.
const SIEVE_FROM_PAIRS: usize = 1 << 22;

/// Cut bits of a sieved join, at most.
const CUTS: usize = 3;

/// The sideways keys a bucket of the sieve holds, about, at least.
const BUCKET_KEYS: usize = 256;

/// Keys sampled from each side to choose the cuts.
const CUT_SAMPLE: usize = 512;

impl Sieve {
    /// `Σ weight × (pairs of disjoint keys between `sideways` and `list`)` over `walked`'s
    /// `(list, weight)`; keys have at most `bits` bits.
    pub fn pairs(
        &mut self,
        join: &mut Join,
        bits: u32,
        sideways: &[u64],
        walked: &[(&[u64], u64)],
    ) -> u64 {
        let walked_len: usize = walked.iter().map(|(list, _)| list.len()).sum();
        // One cut per doubling past 2 × BUCKET_KEYS sideways keys, at most CUTS: a narrower
        // block walks at a higher cost per key.
        let cuts = (sideways.len() / BUCKET_KEYS)
            .checked_ilog2()
            .map_or(0, |cuts| (cuts as usize).min(CUTS).min(bits as usize));
        if cuts == 0 || sideways.len().saturating_mul(walked_len) < SIEVE_FROM_PAIRS {
            return sideways
                .chunks(BLOCK)
                .map(|block| {
                    let join = join.load_for(block, walked_len);
                    walked
                        .iter()
                        .map(|&(list, weight)| weight * join.count(list))
                        .sum::<u64>()
                })
                .sum();
        }
        self.choose_cuts(bits, sideways, walked, cuts);
        let buckets = 1 << cuts;
        let cuts = &self.cuts;
        let bucket = |key: u64| {
            cuts.iter()
                .enumerate()
                .map(|(i, &cut)| ((key >> cut & 1) as usize) << i)
                .sum::<usize>()
        };
        self.sideways.resize_with(buckets, Vec::new);
        for list in self.sideways.iter_mut() {
            list.clear();
        }
        for &key in sideways {
            self.sideways[bucket(key)].push(key);
        }
        self.walked.resize_with(walked.len(), Vec::new);
        for (lists, &(keys, _)) in self.walked.iter_mut().zip(walked) {
            lists.resize_with(buckets, Vec::new);
            for list in lists.iter_mut() {
                list.clear();
            }
            for &key in keys {
                lists[bucket(key)].push(key);
            }
        }
        let mut pairs = 0;
        for (v, block_keys) in self.sideways.iter().enumerate() {
            let meeting = |u: usize| u & v == 0;
            let walked_len: usize = self
                .walked
                .iter()
                .flat_map(|lists| lists.iter().enumerate())
                .filter(|&(u, _)| meeting(u))
                .map(|(_, list)| list.len())
                .sum();
            for block in block_keys.chunks(BLOCK) {
                let join = join.load_for(block, walked_len);
                for (lists, &(_, weight)) in self.walked.iter().zip(walked) {
                    for (u, list) in lists.iter().enumerate() {
                        if meeting(u) {
                            pairs += weight * join.count(list);
                        }
                    }
                }
            }
        }
        pairs
    }

    /// The `cuts` bits most often set on both sides, from samples.
    fn choose_cuts(&mut self, bits: u32, sideways: &[u64], walked: &[(&[u64], u64)], cuts: usize) {
        let share = |keys: &mut dyn Iterator<Item = u64>| {
            let mut counts = [0u32; 64];
            let mut len = 0u32;
            for key in keys.take(CUT_SAMPLE) {
                len += 1;
                for (bit, count) in counts.iter_mut().enumerate().take(bits as usize) {
                    *count += (key >> bit & 1) as u32;
                }
            }
            counts.map(|count| f64::from(count) / f64::from(len.max(1)))
        };
        let east = share(&mut sideways.iter().copied());
        let west = share(&mut walked.iter().flat_map(|(list, _)| list.iter().copied()));
        let mut by_use: Vec<u32> = (0..bits).collect();
        by_use.sort_by(|&a, &b| {
            let used = |bit: u32| east[bit as usize] * west[bit as usize];
            used(b).total_cmp(&used(a)).then(a.cmp(&b))
        });
        self.cuts.clear();
        self.cuts.extend_from_slice(&by_use[..cuts]);
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
    /// The quarters of the east halves and of the west halves, each kept for the next.
    east_lists: Halves,
    west_lists: Halves,
    east: Vec<u64>,
    west: Vec<u64>,
    /// Even n: the west keys by their weight, 1, 2 and 4 (2 for each long diagonal held).
    west_by_weight: [Vec<u64>; 3],
    sieve: Sieve,
}

impl Counter {
    pub fn new(n: u32) -> Result<Counter, BoardSizeError> {
        let cut = check(n)?;
        let key_bits = match cut.middle {
            Some(_) => 2 * n - 2,
            None => 2 * n - 4,
        };
        Ok(Counter {
            cut,
            join: Join::new(key_bits),
            east_lists: Halves::default(),
            west_lists: Halves::default(),
            east: Vec::new(),
            west: Vec::new(),
            west_by_weight: Default::default(),
            sieve: Sieve::default(),
        })
    }

    /// The solutions of one sub-problem, each choice of east rows counted times its weight,
    /// and the halves built for it.
    pub fn count(&mut self, sub: &SubProblem) -> Joined {
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
                // Even n fills the west lists by weight, odd n the one west list.
                let west =
                    self.west.len() + self.west_by_weight.iter().map(Vec::len).sum::<usize>();
                found.halves += (self.east.len() + west) as u64;
            }
            east_rows = next_subset(layout.rows, rows);
        }
        found
    }

    /// Odd n: the pairs of halves that make a solution with the middle queens (where `layout`
    /// says) and the queens of `east_rows` in the east.
    fn odd_pairs(&mut self, layout: &Layout, east_rows: u32) -> u64 {
        let Counter {
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
        east.clear();
        let plain = KeyShape {
            shared,
            long_diagonals_apart: false,
        };
        half_keys(n, east_rows, columns, blocked, plain, east_lists, |key| {
            east.push(key)
        });
        let (columns, rows) = (layout.west_columns, layout.rows & !east_rows);
        west.clear();
        half_keys(n, rows, columns, blocked, plain, west_lists, |key| {
            west.push(key)
        });
        // The shorter list is turned sideways, the longer one walked key by key.
        let (sideways, walked) = if east.len() <= west.len() {
            (&*east, &*west)
        } else {
            (&*west, &*east)
        };
        let bits = join.bits;
        sieve.pairs(join, bits, sideways, &[(walked, 1)])
    }

    /// Even n: the pairs of halves with the queens of `east_rows` in the east, each weighted
    /// for the long diagonals (see the module's header): east halves off both long diagonals,
    /// west halves weighted 2 for each long diagonal they hold a queen on, and those on
    /// neither counted by the half turn's pairing.
    fn even_pairs(&mut self, east_rows: u32) -> u64 {
        let Counter {
            cut,
            join,
            east_lists,
            west_lists,
            east,
            west_by_weight,
            sieve,
            ..
        } = self;
        let n = cut.n;
        let long = 1u64 << (n - 1);
        let (columns, shared) = (cut.east_columns(), cut.east);
        east.clear();
        let apart = KeyShape {
            shared,
            long_diagonals_apart: true,
        };
        half_keys(
            n,
            east_rows,
            columns,
            (long, long),
            apart,
            east_lists,
            |key| east.push(key),
        );
        let (columns, rows) = (cut.west_columns(), !east_rows & ((1 << n) - 1));
        for list in west_by_weight.iter_mut() {
            list.clear();
        }
        half_keys(n, rows, columns, (0, 0), apart, west_lists, |key| {
            // Weight 1, 2 or 4: list 0, 1 or 2.
            west_by_weight[(key >> 62).count_ones() as usize].push(key & !(3 << 62))
        });
        // The east halves, the fewer (about a quarter of the west ones at n = 16), are turned
        // sideways once for the three lists.
        let [one, two, four] = west_by_weight;
        let times = half_turn_share(east_rows, n);
        let bits = join.bits;
        let walked: &[(&[u64], u64)] = &[(four, 4), (two, 2), (one, times)];
        let walked = if times > 0 { walked } else { &walked[..2] };
        sieve.pairs(join, bits, east, walked)
    }
}

/// Even n: the position in a key (of each kind) of the long diagonal, `r + c = n - 1` among
/// the `/` diagonals and `c = r` among the `\` ones: both have index `n - 1`, and a key holds
/// the indices from `n / 2` on.
fn long_diagonal_bit(n: u32) -> u32 {
    n - 1 - n / 2
}

/// Even n: a key without its two long-diagonal bits (an east half never has them, so they
/// decide nothing in the join): `2n - 4` bits.
fn without_long_diagonals(key: u64, n: u32) -> u64 {
    let bit = long_diagonal_bit(n);
    let half = |part: u64| (part & ((1 << bit) - 1)) | (part >> (bit + 1)) << bit;
    let mask = (1u64 << (n - 1)) - 1;
    half(key & mask) | half(key >> (n - 1) & mask) << (n - 2)
}

/// Even n: how many times the solutions with no queen on a long diagonal are counted at east
/// rows `east_rows`. The half turn carries them to east rows `free & !upside_down(east_rows)`,
/// the same count; where the two differ, the row `r` lowest among those where `r` and
/// `n - 1 - r` are on the same side decides: 2 where it is east, 0 where it is west. A choice
/// that is its own image counts once. Upside down keeps this number, so it is the same for
/// every choice of an orbit of [`sub_problems`].
fn half_turn_share(east_rows: u32, n: u32) -> u64 {
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
    fn the_sieve_matches_a_naive_weighted_pair_count() {
        // Large enough to be sieved (three cuts), and once too small to be; keys dense in the
        // middle bits as halves are, so that the cuts fall there.
        let mut random = crate::random::Random::new(11);
        let bits = 30;
        let key = |random: &mut crate::random::Random| {
            (0..bits)
                .filter(|&b| random.next_u64() % 8 < if (10..20).contains(&b) { 4 } else { 2 })
                .map(|b| 1u64 << b)
                .sum::<u64>()
        };
        for (sideways_len, walked_lens) in [(2100, [1000, 1100]), (300, [40, 50])] {
            let sideways: Vec<u64> = (0..sideways_len).map(|_| key(&mut random)).collect();
            let lists: Vec<Vec<u64>> = walked_lens
                .iter()
                .map(|&len| (0..len).map(|_| key(&mut random)).collect())
                .collect();
            let walked = [(&lists[0][..], 3), (&lists[1][..], 1)];
            let naive: u64 = walked
                .iter()
                .map(|&(list, weight)| {
                    let pairs = list
                        .iter()
                        .map(|b| sideways.iter().filter(|&&a| a & b == 0).count() as u64)
                        .sum::<u64>();
                    weight * pairs
                })
                .sum();
            let mut sieve = Sieve::default();
            let got = sieve.pairs(&mut Join::new(bits), bits, &sideways, &walked);
            assert_eq!(got, naive, "{sideways_len} sideways keys");
            let sieved = sideways_len * walked_lens.iter().sum::<usize>() >= SIEVE_FROM_PAIRS;
            assert_eq!(sieve.cuts.len(), if sieved { CUTS } else { 0 });
        }
    }

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

    #[test]
    fn bad_sizes_are_refused() {
        assert_eq!(count(0), Err(BoardSizeError(0)));
        assert_eq!(count(24), Err(BoardSizeError(24)));
    }
}
