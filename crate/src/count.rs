//! Counting every solution, fast: the total and the unique (one per symmetry class) count.
//!
//! # Which board of a class is counted
//!
//! Every solution has exactly one queen on each border line (top and bottom row, left and
//! right column). Call `d` the smallest distance from such a border queen to the nearest end
//! of its line. Of the 8 images of a solution under rotations and reflections, the search
//! visits only those whose **top-row queen sits at column `d`** (the left half), and counts
//! each class once:
//!
//! - **Corner start** (`d == 0`, a queen at the top-left corner). Only one corner can hold a
//!   queen (the others share its row, column or diagonal), so the candidates are the board
//!   and its transpose. Writing `b` for the column of the row-1 queen and `r` for the row of
//!   the column-1 queen, exactly one of the two has `b < r` (`b == r` is impossible: the two
//!   queens would share an anti-diagonal). The search keeps that one by leaving column 1 empty
//!   in rows `2..b`. No such board equals any of its other images, so each is a class of 8.
//! - **Side start** (`1 <= d < n - 1 - d`). Every border queen is at least `d` from a corner:
//!   columns 0 and `n-1` stay empty in rows `1..d` and rows after `n-1-d`, and the bottom
//!   queen keeps `d` from both corners. Every image whose top queen is at column `d` is then a
//!   *rotation* of the board (a reflection would put a second queen on the top queen's column
//!   or diagonal), so the board is counted when it is no greater (row by row, as columns)
//!   than its three rotations, with a class of 2 if a quarter turn leaves it unchanged, of 4 if
//!   only a half turn does, and of 8 otherwise.
//! - `n == 1`: the single queen, a class of 1.
//!
//! # Sub-problems
//!
//! [`sub_problems`] lists the first [`SPLIT_ROWS`] queens of every board the search visits, in
//! a fixed order. [`count_sub_problem`] counts the boards that extend one of them; the counts
//! of all of them add up to the whole ([`count`]). Any number of workers, threads or machines
//! can share a count by index.
//!
//! # The inner loop
//!
//! An explicit stack of `(ld, col, rd, poss)` per row, no recursion; the last row is settled
//! without a push, and a queen is placed only if the next two rows keep a free square
//! (two-row lookahead).
//!
//! Inside this module bit `c` of a mask is column `c` (the layout is mirror-symmetric, so the
//! choice is free).

use crate::search::{full_mask, BoardSizeError, MAX_N};
use serde::Serialize;

/// How many leading rows a sub-problem fixes (fewer when the board is smaller).
pub const SPLIT_ROWS: usize = 3;

/// Counts for some part of the search (or the whole): boards, symmetry classes, and queens
/// placed along the way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Solutions, every image of every class.
    pub total: u64,
    /// Symmetry classes (fundamental solutions).
    pub unique: u64,
    /// Queens placed by the search: its work, for nodes per second.
    pub nodes: u64,
}

impl Tally {
    /// Sum of two disjoint parts.
    pub fn plus(self, other: Tally) -> Tally {
        Tally {
            total: self.total + other.total,
            unique: self.unique + other.unique,
            nodes: self.nodes + other.nodes,
        }
    }
}

impl std::iter::Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        iter.fold(Tally::default(), Tally::plus)
    }
}

/// A starting state: the columns of the queens in the first rows.
pub type SubProblem = Vec<u8>;

/// Why a sub-problem can't be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    BoardSize(BoardSizeError),
    /// The prefix is not one the search visits for this `n`.
    NotASubProblem,
}

impl std::fmt::Display for CountError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountError::BoardSize(e) => e.fmt(f),
            CountError::NotASubProblem => f.write_str("not a sub-problem of this board size"),
        }
    }
}

impl std::error::Error for CountError {}

impl From<BoardSizeError> for CountError {
    fn from(e: BoardSizeError) -> Self {
        CountError::BoardSize(e)
    }
}

/// The whole count for an `n`×`n` board, on this thread.
pub fn count(n: u32) -> Result<Tally, BoardSizeError> {
    let problems = sub_problems(n)?;
    Ok(problems
        .iter()
        .map(|p| count_sub_problem(n, p).expect("sub_problems lists only valid prefixes"))
        .sum())
}

/// Every sub-problem of an `n`×`n` board, in a fixed order: for each top-row start, the
/// columns of the first `min(SPLIT_ROWS, n)` queens.
pub fn sub_problems(n: u32) -> Result<Vec<SubProblem>, BoardSizeError> {
    full_mask(n)?;
    let depth = SPLIT_ROWS.min(n as usize);
    let mut out = Vec::new();
    for top in 0..n {
        if let Some(rules) = Rules::new(n, top) {
            let mut prefix = vec![top as u8];
            rules.extend_prefixes(&Row::first(top), depth, &mut prefix, &mut out);
        }
    }
    Ok(out)
}

/// Counts the solutions that begin with `prefix` (one of [`sub_problems`]).
pub fn count_sub_problem(n: u32, prefix: &[u8]) -> Result<Tally, CountError> {
    full_mask(n)?;
    let (&top, rest) = prefix.split_first().ok_or(CountError::NotASubProblem)?;
    let mut rules = Rules::new(n, u32::from(top)).ok_or(CountError::NotASubProblem)?;
    let mut board = Board::new(n);
    board.place(0, u32::from(top));
    let mut row = Row::first(u32::from(top));
    for &column in rest {
        let bit = 1u32.checked_shl(u32::from(column)).unwrap_or(0);
        if bit & rules.free::<true>(&row) == 0 {
            return Err(CountError::NotASubProblem);
        }
        board.place(row.index, u32::from(column));
        rules = rules.after_placing(row.index, u32::from(column));
        row = row.next(bit);
    }
    Ok(rules.search(row, &mut board))
}

/// The state of the search on arriving at a row: the squares attacked along the two
/// diagonals and the columns, as masks.
#[derive(Clone, Copy, Debug)]
struct Row {
    index: u32,
    ld: u32,
    col: u32,
    rd: u32,
}

impl Row {
    /// Row 1, with the top-row queen at column `top`.
    fn first(top: u32) -> Row {
        let bit = 1 << top;
        Row {
            index: 0,
            ld: 0,
            col: 0,
            rd: 0,
        }
        .next(bit)
    }

    /// The next row after placing a queen at `bit` in this one.
    fn next(self, bit: u32) -> Row {
        Row {
            index: self.index + 1,
            ld: (self.ld | bit) << 1,
            col: self.col | bit,
            rd: (self.rd | bit) >> 1,
        }
    }
}

/// The columns of the queens placed so far (for the symmetry check of a side start).
struct Board {
    n: u32,
    columns: [u8; MAX_N as usize],
}

impl Board {
    fn new(n: u32) -> Board {
        Board {
            n,
            columns: [0; MAX_N as usize],
        }
    }

    fn place(&mut self, row: u32, column: u32) {
        self.columns[row as usize] = column as u8;
    }

    /// The class size if this complete board is the one of its class the search counts
    /// (no greater than its rotations), `None` if a rotation is smaller.
    fn side_class_size(&self) -> Option<u64> {
        let n = self.n as usize;
        let q = &self.columns[..n];
        let mut row_of = [0u8; MAX_N as usize];
        for (r, &c) in q.iter().enumerate() {
            row_of[c as usize] = r as u8;
        }
        let last = (n - 1) as u8;
        // Row i of each rotation, as a column: a quarter turn clockwise sends (r, c) to
        // (c, n-1-r); a half turn to (n-1-r, n-1-c); three quarters to (n-1-c, r).
        let quarter = compare(q, |i| last - row_of[i])?;
        if quarter.is_eq() {
            return Some(2);
        }
        let half = compare(q, |i| last - q[n - 1 - i])?;
        compare(q, |i| row_of[n - 1 - i])?;
        Some(if half.is_eq() { 4 } else { 8 })
    }
}

/// Compares a board with an image of it row by row; `None` when the image is smaller.
fn compare(board: &[u8], image: impl Fn(usize) -> u8) -> Option<std::cmp::Ordering> {
    for (i, &c) in board.iter().enumerate() {
        match c.cmp(&image(i)) {
            std::cmp::Ordering::Less => return Some(std::cmp::Ordering::Less),
            std::cmp::Ordering::Greater => return None,
            std::cmp::Ordering::Equal => {}
        }
    }
    Some(std::cmp::Ordering::Equal)
}

/// The extra rules for boards that start with the top-row queen at a given column.
#[derive(Clone, Copy)]
struct Rules {
    n: u32,
    full: u32,
    /// Squares left empty in each row on top of the attacked ones.
    forbidden: [u32; MAX_N as usize],
    /// Side start: the row `n-1-d` after which both side columns must hold their queens.
    /// `u32::MAX` for a corner start.
    side_deadline: u32,
    sides: u32,
}

impl Rules {
    /// The rules for a top queen at `top`, or `None` if no counted board starts there
    /// (or `n` is not a board size).
    fn new(n: u32, top: u32) -> Option<Rules> {
        let full = full_mask(n).ok()?;
        if top >= n {
            return None;
        }
        let sides = 1 | 1 << (n - 1);
        let mut rules = Rules {
            n,
            full,
            forbidden: [0; MAX_N as usize],
            side_deadline: u32::MAX,
            sides,
        };
        if top == 0 {
            if n > 1 {
                // Row 1: columns 2..=n-2 (column n-1 would leave no row for the column-1
                // queen below it).
                rules.forbidden[1] = full & !(((1 << (n - 1)) - 1) & !0b11);
            }
            // Rows 2..b, where b is the row-1 column, are set as row 1 is placed.
            return Some(rules);
        }
        let deadline = n - 1 - top;
        if top >= deadline {
            return None;
        }
        rules.side_deadline = deadline;
        for row in 1..top {
            rules.forbidden[row as usize] = sides;
        }
        for row in deadline + 1..n {
            rules.forbidden[row as usize] = sides;
        }
        // The bottom queen keeps `top` from both corners.
        let near_corners = ((1 << top) - 1) | (((1 << top) - 1) << (n - top));
        rules.forbidden[(n - 1) as usize] |= near_corners;
        Some(rules)
    }

    fn is_corner(&self) -> bool {
        self.side_deadline == u32::MAX
    }

    /// The squares where the search may place a queen in `row`. `SIDE` is false only for a
    /// corner start, which has no deadline row (the compiler then drops the check).
    #[inline(always)]
    fn free<const SIDE: bool>(&self, row: &Row) -> u32 {
        let free = self.full & !(row.ld | row.col | row.rd | self.forbidden[row.index as usize]);
        if SIDE && row.index == self.side_deadline {
            // Rows after this one may not use the side columns: both must be taken by now.
            match row.col & self.sides {
                0 => 0,
                taken if taken != self.sides => free & self.sides,
                _ => free,
            }
        } else {
            free
        }
    }

    /// The rules below a queen placed at `column` in `row`: a corner start keeps column 1
    /// empty in rows `2..b`, where `b` is the column of the row-1 queen.
    fn after_placing(&self, row: u32, column: u32) -> Rules {
        let mut rules = *self;
        if row == 1 && self.is_corner() {
            for r in 2..column {
                rules.forbidden[r as usize] |= 0b10;
            }
        }
        rules
    }

    fn extend_prefixes(
        &self,
        row: &Row,
        depth: usize,
        prefix: &mut Vec<u8>,
        out: &mut Vec<SubProblem>,
    ) {
        if prefix.len() == depth {
            out.push(prefix.clone());
            return;
        }
        let mut free = self.free::<true>(row);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let column = bit.trailing_zeros();
            prefix.push(column as u8);
            self.after_placing(row.index, column).extend_prefixes(
                &row.next(bit),
                depth,
                prefix,
                out,
            );
            prefix.pop();
        }
    }

    /// Adds a solution found on `board` to `tally` if it is the one of its class counted.
    #[inline]
    fn count_board(&self, board: &Board, tally: &mut Tally) {
        let class_size = if self.n == 1 {
            Some(1)
        } else if self.is_corner() || self.no_rotation_starts_at_the_top_column(board) {
            Some(8)
        } else {
            board.side_class_size()
        };
        if let Some(size) = class_size {
            tally.total += size;
            tally.unique += 1;
        }
    }

    /// True when no rotation of the complete side-start `board` has its top queen at the
    /// top column `d` (so each is greater than the board, a class of 8 counted here): the
    /// left column's queen is not in row `n-1-d`, the bottom queen not in column `n-1-d`,
    /// and the right column's queen not in row `d`.
    #[inline(always)]
    fn no_rotation_starts_at_the_top_column(&self, board: &Board) -> bool {
        let columns = &board.columns;
        let d = self.n - 1 - self.side_deadline;
        u32::from(columns[self.side_deadline as usize]) != 0
            && u32::from(columns[self.n as usize - 1]) != self.side_deadline
            && u32::from(columns[d as usize]) != self.n - 1
    }

    /// Counts every counted board that extends the queens already placed above `start`.
    fn search(&self, start: Row, board: &mut Board) -> Tally {
        if start.index == self.n {
            let mut tally = Tally::default();
            self.count_board(board, &mut tally);
            tally
        } else if self.is_corner() {
            self.search_below::<false>(start, board)
        } else {
            self.search_below::<true>(start, board)
        }
    }

    /// The inner loop, compiled once per kind of start: only a `SIDE` start keeps the board
    /// (for its symmetry check) and has a deadline row.
    #[inline(always)]
    fn search_below<const SIDE: bool>(&self, start: Row, board: &mut Board) -> Tally {
        let mut tally = Tally::default();
        let last = self.n - 1;
        let free_in = |row: &Row| self.free::<SIDE>(row);
        let solution = |board: &Board, tally: &mut Tally| {
            if SIDE {
                self.count_board(board, tally);
            } else {
                tally.total += 8;
                tally.unique += 1;
            }
        };
        // stack[r] holds row r's state and its untried squares while deeper rows are searched.
        let mut stack = [(0u32, 0u32, 0u32, 0u32); MAX_N as usize];
        let mut row = start;
        let mut free = free_in(&row);
        loop {
            if free == 0 {
                if row.index == start.index {
                    return tally;
                }
                row.index -= 1;
                let (ld, col, rd, untried) = stack[row.index as usize];
                (row.ld, row.col, row.rd, free) = (ld, col, rd, untried);
                continue;
            }
            let bit = free & free.wrapping_neg();
            free ^= bit;
            tally.nodes += 1;
            if SIDE {
                board.place(row.index, bit.trailing_zeros());
            }
            if row.index == last {
                solution(board, &mut tally);
                continue;
            }
            let next = row.next(bit);
            let next_free = free_in(&next);
            if next_free == 0 {
                continue;
            }
            if next.index == last {
                // One column is left for the last row, and it is free: a solution.
                tally.nodes += 1;
                if SIDE {
                    board.place(last, next_free.trailing_zeros());
                }
                solution(board, &mut tally);
                continue;
            }
            if next.index + 1 == last {
                // Two rows left and at most two free columns: settle them here, no push.
                let mut two = next_free;
                while two != 0 {
                    let b = two & two.wrapping_neg();
                    two ^= b;
                    tally.nodes += 1;
                    let end = next.next(b);
                    let last_free = free_in(&end);
                    if last_free != 0 {
                        tally.nodes += 1;
                        if SIDE {
                            board.place(next.index, b.trailing_zeros());
                            board.place(last, last_free.trailing_zeros());
                        }
                        solution(board, &mut tally);
                    }
                }
                continue;
            }
            // Lookahead: the row after next needs a square that the queens placed so far
            // leave free (the next queen can only take more away).
            let after =
                self.forbidden[next.index as usize + 1] | next.ld << 1 | next.col | next.rd >> 1;
            if self.full & !after == 0 {
                continue;
            }
            stack[row.index as usize] = (row.ld, row.col, row.rd, free);
            row = next;
            free = next_free;
        }
    }
}
