//! Burnside's lemma: the unique count of a board from its total and the solutions that the
//! half turn and the quarter turn leave unchanged (counted by a small search).

use super::meet::MAX_MEET_N;
use crate::board::BoardSizeError;

/// Checks `n`: the boards of the meet-in-the-middle counter, the one that needs the lemma.
fn check(n: u32) -> Result<(), BoardSizeError> {
    if n == 0 || n > MAX_MEET_N {
        return Err(BoardSizeError(n));
    }
    Ok(())
}

/// A turn of the board: a half turn or a quarter turn (clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Half,
    Quarter,
}

/// The solutions that `turn` leaves unchanged (S180 or S90), by placing each queen with its
/// images under the turn, by bitmasks: rows are filled from the top, the lowest empty row
/// next.
///
/// The queens placed are always a union of whole orbits of the turn, so their columns and
/// diagonals are closed under it, and a queen whose own square is free of them has free
/// images too: only the clashes inside its own orbit are checked apart.
///
/// - A half turn carries (r, c) to (n-1-r, n-1-c): a queen on row r < n/2 and its image
///   fill rows r and n-1-r. They share a `\` diagonal where c = r and a `/` one where
///   c = n-1-r.
/// - A quarter turn carries (r, c) to (c, n-1-r): the `/` diagonal r+c of one queen of an
///   orbit is the `\` diagonal (c-r+n-1) of the next, so both kinds hold the same set of
///   diagonals, closed under d to 2n-2-d. The orbit fills rows and columns r, c, n-1-r and
///   n-1-c (rows filled = columns filled); its queens clash where c is r or n-1-r (or, odd
///   n, the middle: blocked by the centre).
///
/// For odd n, the middle row's queen must be its own image (a half turn keeps the middle row,
/// a quarter turn moves it to the middle column, and each row holds one queen): the centre,
/// placed first.
pub fn turn_symmetric(n: u32, turn: Turn) -> Result<u64, BoardSizeError> {
    check(n)?;
    let all = (1u64 << n) - 1;
    let mut board = Turned {
        n,
        all,
        cols: 0,
        slash: 0,
        back: 0,
    };
    if n % 2 == 1 {
        // The centre: column m, and the diagonals n-1 of both kinds.
        let m = n / 2;
        board.cols = 1 << m;
        board.slash = 1 << (n - 1);
        board.back = 1 << (n - 1);
    }
    Ok(match turn {
        Turn::Half => board.half_turned(0),
        Turn::Quarter => board.quarter_turned(),
    })
}

/// The board of [`turn_symmetric`]: the columns and diagonals (`/` at r+c, `\` at c-r+n-1)
/// of the queens placed, whole orbits of the turn.
struct Turned {
    n: u32,
    all: u64,
    cols: u64,
    slash: u64,
    back: u64,
}

impl Turned {
    /// The free squares of row `r` (a mask of columns) off the diagonals taken, and off the
    /// two squares whose orbit clashes with itself (c = r and c = n-1-r).
    fn free(&self, r: u32) -> u64 {
        let n = self.n;
        self.all
            & !(self.cols | self.slash >> r | self.back >> (n - 1 - r) | 1 << r | 1 << (n - 1 - r))
    }

    /// The half-turn symmetric completions, rows above `r` and below `n-1-r` full.
    fn half_turned(&mut self, r: u32) -> u64 {
        let n = self.n;
        if 2 * r + 1 >= n {
            return 1;
        }
        let mut free = self.free(r);
        let mut found = 0;
        let saved = (self.cols, self.slash, self.back);
        while free != 0 {
            let c = free.trailing_zeros();
            free &= free - 1;
            // The queen (r, c) and its image (n-1-r, n-1-c).
            let (s, b) = (r + c, c + n - 1 - r);
            self.cols = saved.0 | 1 << c | 1 << (n - 1 - c);
            self.slash = saved.1 | 1 << s | 1 << (2 * n - 2 - s);
            self.back = saved.2 | 1 << b | 1 << (2 * n - 2 - b);
            found += self.half_turned(r + 1);
        }
        (self.cols, self.slash, self.back) = saved;
        found
    }

    /// The quarter-turn symmetric completions of the board (rows filled = columns filled).
    fn quarter_turned(&mut self) -> u64 {
        let n = self.n;
        if self.cols == self.all {
            return 1;
        }
        let r = (!self.cols).trailing_zeros();
        let mut free = self.free(r);
        let mut found = 0;
        let saved = (self.cols, self.slash, self.back);
        while free != 0 {
            let c = free.trailing_zeros();
            free &= free - 1;
            // The orbit's diagonals, the same set for both kinds.
            let (s, b) = (r + c, c + n - 1 - r);
            let diagonals = 1u64 << s | 1 << b | 1 << (2 * n - 2 - s) | 1 << (2 * n - 2 - b);
            self.cols = saved.0 | 1 << r | 1 << c | 1 << (n - 1 - r) | 1 << (n - 1 - c);
            self.slash = saved.1 | diagonals;
            self.back = saved.2 | diagonals;
            found += self.quarter_turned();
        }
        (self.cols, self.slash, self.back) = saved;
        found
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

    /// The solutions that `turn` leaves unchanged, by the first, plain search: each queen
    /// placed with its images square by square (the oracle of the bitmask search).
    fn turn_symmetric_plain(n: u32, turn: Turn) -> u64 {
        let mut board = Placing {
            n,
            turn,
            queen_in_row: vec![None; n as usize],
            cols: 0,
            slash: 0,
            back: 0,
        };
        board.completions(0)
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
        fn completions(&mut self, from: u32) -> u64 {
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
                    found += self.completions(row + 1);
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
    fn the_bitmask_search_matches_the_plain_one_up_to_16() {
        // The plain search places each queen square by square and checks every image against
        // the board: an oracle for the bitmask search, which checks only the queen's own
        // square and its orbit (both turns, odd and even n).
        for n in 1..=16 {
            for turn in [Turn::Half, Turn::Quarter] {
                assert_eq!(
                    turn_symmetric(n, turn).unwrap(),
                    turn_symmetric_plain(n, turn),
                    "{turn:?}, n = {n}"
                );
            }
        }
    }
}
