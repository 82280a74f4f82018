//! The classic N-Queens programs, from the board you draw on paper to Richards' bitmask, as
//! resumable steppers that visit the same partial boards in the same order (lockstep): each
//! tries a row's columns lowest bit first, so the k-th queen placed is the same square in
//! every one of them. What differs is the work per placement, counted in **operations**:
//! a cell of the board read or written (board scan), a flag read or written (flag arrays), a
//! row read or written (rows as integers), or a word operation (the three bitmask programs).
//! Each module defines its own precisely.
//!
//! | [`Kind`] | keeps | finds a row's candidates | tests a candidate |
//! |---|---|---|---|
//! | Board scan | an n×n grid | every column | checks the whole board |
//! | Flag arrays | 3 arrays of flags | every column | reads 3 flags |
//! | Rows as integers | one integer per row | free columns (OR of the rows) | compares the rows above |
//! | Bit by bit | `ld`, `col`, `rd` | every position | `(ld \| col \| rd) & position` |
//! | Richards' bitmask | `ld`, `col`, `rd` | `~(ld \| col \| rd) & done` | none: all are free |
//! | Free masks with rotation | free `cols`, `d1`, `d2` | `cols & d1 & d2` | none: all are free |
//!
//! Mirror mode (search half of row 0, see [`crate::board::searched_part`]) works for all.

pub mod bit_by_bit;
pub mod board_scan;
pub mod flag_arrays;
pub mod free_masks;
pub mod richards;
pub mod rows_as_integers;
pub mod walk;

use crate::board::BoardSizeError;
use crate::stepping::{Counters, CurrentRow, Queens, Step, Stepping};
use bit_by_bit::BitByBit;
use board_scan::{BoardScan, Scan};
use flag_arrays::FlagArrays;
use free_masks::FreeMasks;
use richards::{Frame, Phase, Stepper};
use rows_as_integers::RowsAsIntegers;
use serde::Serialize;
use std::fmt;
use walk::Walk;

/// The six programs, in the order of the lesson: each does less work per placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// [`board_scan`]
    BoardScan,
    /// [`flag_arrays`]
    FlagArrays,
    /// [`rows_as_integers`]
    RowsAsIntegers,
    /// [`bit_by_bit`]
    BitByBit,
    /// [`richards`]: the page's own stepper.
    Richards,
    /// [`free_masks`]
    FreeMasks,
}

impl Kind {
    /// All six, in the order of the lesson.
    pub const ALL: [Kind; 6] = [
        Kind::BoardScan,
        Kind::FlagArrays,
        Kind::RowsAsIntegers,
        Kind::BitByBit,
        Kind::Richards,
        Kind::FreeMasks,
    ];

    /// The name the page and the command line show.
    pub fn name(self) -> &'static str {
        match self {
            Kind::BoardScan => "Board scan",
            Kind::FlagArrays => "Flag arrays",
            Kind::RowsAsIntegers => "Rows as integers",
            Kind::BitByBit => "Bit by bit",
            Kind::Richards => "Richards' bitmask",
            Kind::FreeMasks => "Free masks with rotation",
        }
    }

    /// The short name used in URLs and on the command line: "board-scan", …
    pub fn slug(self) -> &'static str {
        match self {
            Kind::BoardScan => "board-scan",
            Kind::FlagArrays => "flag-arrays",
            Kind::RowsAsIntegers => "rows-as-integers",
            Kind::BitByBit => "bit-by-bit",
            Kind::Richards => "richards",
            Kind::FreeMasks => "free-masks",
        }
    }

    /// The kind with this slug, or an error listing the slugs.
    pub fn from_slug(slug: &str) -> Result<Kind, UnknownAlgorithm> {
        Kind::ALL
            .into_iter()
            .find(|k| k.slug() == slug)
            .ok_or_else(|| UnknownAlgorithm(slug.to_owned()))
    }
}

/// An algorithm name that is none of the six.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Kind::ALL.iter().map(|k| k.slug()).collect();
        let shown: String = self.0.chars().take(40).collect();
        write!(
            f,
            "No algorithm “{shown}”: use one of {}.",
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// One of the six steppers. Calls that run many steps (`run`, `seek` in [`crate::play`])
/// pick the algorithm once, with `dispatch!`, and then loop in code made for it.
// The board scan's grid makes its variant the largest (1.6 KB); an Algorithm is made once per
// search and never moved in a loop, so boxing would only add an indirection to every step.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// See [`board_scan`].
    BoardScan(Walk<BoardScan>),
    /// See [`flag_arrays`].
    FlagArrays(Walk<FlagArrays>),
    /// See [`rows_as_integers`].
    RowsAsIntegers(Walk<RowsAsIntegers>),
    /// See [`bit_by_bit`].
    BitByBit(Walk<BitByBit>),
    /// Richards' bitmask: the page's own [`Stepper`].
    Richards(Stepper),
    /// See [`free_masks`].
    FreeMasks(Walk<FreeMasks>),
}

/// `dispatch!(algorithm, s => expression)` evaluates the expression with `s` bound to the
/// concrete stepper inside.
macro_rules! dispatch {
    ($algorithm:expr, $s:ident => $body:expr) => {
        match $algorithm {
            Algorithm::BoardScan($s) => $body,
            Algorithm::FlagArrays($s) => $body,
            Algorithm::RowsAsIntegers($s) => $body,
            Algorithm::BitByBit($s) => $body,
            Algorithm::Richards($s) => $body,
            Algorithm::FreeMasks($s) => $body,
        }
    };
}
pub(crate) use dispatch;

impl Algorithm {
    /// A search of `kind` on an `n`×`n` board, in mirror mode or not.
    pub fn new(kind: Kind, n: u32, mirror: bool) -> Result<Algorithm, BoardSizeError> {
        Ok(match kind {
            Kind::BoardScan => Algorithm::BoardScan(Walk::new(n, mirror)?),
            Kind::FlagArrays => Algorithm::FlagArrays(Walk::new(n, mirror)?),
            Kind::RowsAsIntegers => Algorithm::RowsAsIntegers(Walk::new(n, mirror)?),
            Kind::BitByBit => Algorithm::BitByBit(Walk::new(n, mirror)?),
            Kind::Richards => Algorithm::Richards(Stepper::with_mirror(n, mirror)?),
            Kind::FreeMasks => Algorithm::FreeMasks(Walk::new(n, mirror)?),
        })
    }

    /// Which of the six it is.
    pub fn kind(&self) -> Kind {
        match self {
            Algorithm::BoardScan(_) => Kind::BoardScan,
            Algorithm::FlagArrays(_) => Kind::FlagArrays,
            Algorithm::RowsAsIntegers(_) => Kind::RowsAsIntegers,
            Algorithm::BitByBit(_) => Kind::BitByBit,
            Algorithm::Richards(_) => Kind::Richards,
            Algorithm::FreeMasks(_) => Kind::FreeMasks,
        }
    }

    /// What the page shows of the algorithm itself now (the session adds its counts: see
    /// [`crate::session::Snapshot`]).
    pub fn state(&self) -> State {
        let counters = self.counters();
        let CurrentRow {
            row,
            candidates,
            tried,
            trying,
        } = self.current_row();
        let rejected = match self.last_test() {
            Some((column, true)) => Some(column),
            _ => None,
        };
        State {
            algorithm: self.kind(),
            n: self.n(),
            row,
            queens: self.queens(),
            candidates,
            tried,
            trying,
            rejected,
            steps: counters.steps,
            nodes: counters.nodes,
            operations: counters.operations,
            found: counters.solutions,
            weight: self.weight(),
            finished: self.is_finished(),
            detail: self.detail(),
        }
    }

    /// The column tested last in the row being searched and whether it was attacked, while
    /// the row shows that test (Richards' bitmask tests nothing: it only takes free squares).
    fn last_test(&self) -> Option<(u32, bool)> {
        fn column<P: walk::Program>(w: &Walk<P>) -> Option<(u32, bool)> {
            w.tested()
                .map(|(bit, attacked)| (w.n() - 1 - bit.trailing_zeros(), attacked))
        }
        match self {
            Algorithm::Richards(_) => None,
            Algorithm::BoardScan(w) => column(w),
            Algorithm::FlagArrays(w) => column(w),
            Algorithm::RowsAsIntegers(w) => column(w),
            Algorithm::BitByBit(w) => column(w),
            Algorithm::FreeMasks(w) => column(w),
        }
    }

    /// The algorithm's own data structure, as its lane draws it.
    pub fn detail(&self) -> Detail {
        match self {
            Algorithm::BoardScan(w) => Detail::BoardScan {
                scan: w.tested().map(|(bit, _)| {
                    let column = w.n() - 1 - bit.trailing_zeros();
                    (column, w.program().scan(w.row(), column))
                }),
            },
            Algorithm::FlagArrays(w) => {
                let (p, n) = (w.program(), w.n() as usize);
                Detail::FlagArrays {
                    columns: p.columns[..n].to_vec(),
                    down: p.down[..2 * n - 1].to_vec(),
                    up: p.up[..2 * n - 1].to_vec(),
                    read: w.tested().map(|(bit, _)| {
                        let f = p.flags(w.row(), bit);
                        let (_, reads) = p.reads(w.row(), bit);
                        FlagsRead {
                            column: f.column,
                            down: f.down,
                            up: f.up,
                            reads,
                        }
                    }),
                }
            }
            Algorithm::RowsAsIntegers(w) => {
                let (p, row) = (w.program(), w.row());
                Detail::RowsAsIntegers {
                    rows: p.rows[..row.min(w.n()) as usize].to_vec(),
                    taken: p.taken(row.min(w.n())),
                    compared: w
                        .tested()
                        .map(|(bit, _)| {
                            p.comparisons(row, bit)
                                .map(|c| Compared {
                                    row: c.row,
                                    value: c.value,
                                    left: c.left,
                                    right: c.right,
                                    hit: c.hits(),
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                }
            }
            Algorithm::BitByBit(w) => {
                let [ld, col, rd] = w.program().masks[w.row() as usize];
                let tested = w.tested();
                Detail::BitByBit {
                    ld,
                    col,
                    rd,
                    position: tested.map(|(bit, _)| bit),
                    attacked: tested.map(|(_, a)| a),
                }
            }
            Algorithm::Richards(s) => Detail::Richards {
                phase: s.phase(),
                frames: s.frames().to_vec(),
            },
            Algorithm::FreeMasks(w) => {
                let (p, width) = (w.program(), 2 * w.n() as usize);
                Detail::FreeMasks {
                    cols: p.cols,
                    d1: format!("{:0width$b}", p.d1),
                    d2: format!("{:0width$b}", p.d2),
                    free: p.free(),
                }
            }
        }
    }
}

impl Stepping for Algorithm {
    fn n(&self) -> u32 {
        dispatch!(self, s => Stepping::n(s))
    }
    fn step(&mut self) -> Step {
        dispatch!(self, s => Stepping::step(s))
    }
    fn back(&mut self) -> Option<Step> {
        dispatch!(self, s => Stepping::back(s))
    }
    fn is_finished(&self) -> bool {
        dispatch!(self, s => Stepping::is_finished(s))
    }
    fn counters(&self) -> Counters {
        dispatch!(self, s => Stepping::counters(s))
    }
    fn mirror(&self) -> bool {
        dispatch!(self, s => Stepping::mirror(s))
    }
    fn current_row(&self) -> CurrentRow {
        dispatch!(self, s => Stepping::current_row(s))
    }
    fn queens(&self) -> Queens {
        dispatch!(self, s => Stepping::queens(s))
    }
}

/// What one algorithm shows of itself at one moment: its position, counters and data
/// structure. The counts of boards passed are the session's (see [`crate::session`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct State {
    /// Which algorithm.
    pub algorithm: Kind,
    /// Board size.
    pub n: u32,
    /// The row being searched; `n` at a solution.
    pub row: u32,
    /// The columns of the queens placed, row 0 first.
    pub queens: Queens,
    /// The squares of the row that the algorithm considers (0 until it found them).
    pub candidates: u32,
    /// Of those, the ones it tried already.
    pub tried: u32,
    /// The column of a square found free whose queen is placed by the next step.
    pub trying: Option<u32>,
    /// The column of the square just tested and found attacked, while the row shows it.
    pub rejected: Option<u32>,
    /// Steps taken.
    pub steps: u64,
    /// Queens placed.
    pub nodes: u64,
    /// Operations, as the algorithm's module defines them.
    pub operations: u64,
    /// Solutions found (each standing for `weight` boards: the session counts the boards).
    pub found: u64,
    /// 2 in mirror mode, else 1.
    pub weight: u64,
    /// True once the search is over.
    pub finished: bool,
    /// The algorithm's own data structure.
    pub detail: Detail,
}

/// One flag test of the flag arrays: the three indices and how many flags were read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlagsRead {
    /// Index in `columns`.
    pub column: usize,
    /// Index in `down` (`\`).
    pub down: usize,
    /// Index in `up` (`/`).
    pub up: usize,
    /// Flags read: up to the first one set.
    pub reads: u64,
}

/// One row compared by rows as integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Compared {
    /// The row compared.
    pub row: u32,
    /// Its integer.
    pub value: u32,
    /// The candidate shifted left by the distance in rows.
    pub left: u32,
    /// The candidate shifted right by the distance in rows.
    pub right: u32,
    /// True when the row's queen is on one of the candidate's diagonals.
    pub hit: bool,
}

/// What each algorithm keeps, as its lane draws it. The test shown is the last one made in
/// the row being searched, while it is what that row shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Detail {
    /// The last check: the column the queen was put on, and what the scan found.
    BoardScan {
        /// (column, scan) of the square tested last.
        scan: Option<(u32, Scan)>,
    },
    /// The three arrays and the flags the last test read.
    #[serde(rename_all = "camelCase")]
    FlagArrays {
        /// n column flags.
        columns: Vec<bool>,
        /// 2n − 1 flags of the `\` diagonals, by `row - column + n - 1`.
        down: Vec<bool>,
        /// 2n − 1 flags of the `/` diagonals, by `row + column`.
        up: Vec<bool>,
        /// The flags the last test read.
        read: Option<FlagsRead>,
    },
    /// The placed rows, their OR, and the comparisons of the last test.
    RowsAsIntegers {
        /// One integer per placed row.
        rows: Vec<u32>,
        /// Their OR: the taken columns.
        taken: u32,
        /// The rows the last test compared, last placed first.
        compared: Vec<Compared>,
    },
    /// The row's masks and the position tested last.
    BitByBit {
        /// Attacked along `\` diagonals.
        ld: u32,
        /// Taken columns.
        col: u32,
        /// Attacked along `/` diagonals.
        rd: u32,
        /// The position tested last.
        position: Option<u32>,
        /// Whether `(ld | col | rd) & position` was set.
        attacked: Option<bool>,
    },
    /// The stack of frames (`ld`, `col`, `rd`, `poss`, `bit`), as the main page shows them.
    Richards {
        /// Where the top frame stands.
        phase: Phase,
        /// One frame per row down to the one being searched.
        frames: Vec<Frame>,
    },
    /// The free masks: `cols` in n bits, `d1` and `d2` in 2n binary digits (the row's
    /// squares are the last n), and the row's free squares `cols & d1 & d2`.
    FreeMasks {
        /// Free columns.
        cols: u32,
        /// Free `\` diagonals, 2n digits.
        d1: String,
        /// Free `/` diagonals, 2n digits.
        d2: String,
        /// `cols & d1 & d2` within the row.
        free: u32,
    },
}
