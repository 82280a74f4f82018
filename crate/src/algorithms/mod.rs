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
pub mod blocks;
pub mod board_scan;
pub mod flag_arrays;
pub mod free_masks;
pub mod richards;
pub mod rows_as_integers;
pub mod walk;
pub mod yours;

use crate::board::BoardSizeError;
use crate::stepping::{CurrentRow, Queens, Step, StepCounts, Stepping};
use serde::Serialize;
use std::fmt;

/// What each algorithm says about itself, in its own file: its names, how it starts, and
/// what its lane draws. Adding an algorithm is a file that implements this (and
/// [`Stepping`]) plus one line in the list below (see the README, "Adding an algorithm").
pub trait Describe: Stepping + Clone + fmt::Debug + PartialEq + Eq + Sized {
    /// The name the page and the command line show.
    const NAME: &'static str;
    /// The short name used in URLs, on the command line and as its lane's `detail.kind`.
    const SLUG: &'static str;
    /// A search on an `n`×`n` board, in mirror mode or not.
    fn start(n: u32, mirror: bool) -> Result<Self, BoardSizeError>;
    /// The algorithm's own data structure, as its lane draws it.
    fn detail(&self) -> Detail;
    /// The column tested last in the row being searched and whether it was attacked, while
    /// the row shows that test; `None` for an algorithm that tests nothing (it only takes
    /// free squares).
    fn last_test(&self) -> Option<(u32, bool)> {
        None
    }
    /// Where the run left Richards' path, for a program that can (only "Your program").
    fn left_path(&self) -> Option<yours::LeftPath> {
        None
    }
}

/// Lists the algorithms once, in the order of the lesson, and makes from the list the
/// [`Kind`] of each, the [`Algorithm`] that holds any of them, the [`Detail`] its lane draws,
/// and `dispatch!` (`$d` is a `$`, for the macro it defines).
macro_rules! algorithms {
    ($d:tt $( $(#[$doc:meta])* $variant:ident: $stepper:ty, $detail:ty; )*
     @extra $( $(#[$xdoc:meta])* $xvariant:ident: $xstepper:ty, $xdetail:ty; )*) => {
        /// The algorithms, in the order of the lesson: each does less work per placement.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Kind {
            $( $(#[$doc])* $variant, )*
            $( $(#[$xdoc])* $xvariant, )*
        }

        impl Kind {
            /// All of them, in the order of the lesson.
            pub const ALL: [Kind; [$(Kind::$variant),*].len()] = [$(Kind::$variant),*];

            /// Every algorithm: those of the lesson, then those that need a learner's program.
            pub const EVERY: [Kind; [$(Kind::$variant,)* $(Kind::$xvariant),*].len()] =
                [$(Kind::$variant,)* $(Kind::$xvariant),*];

            /// True for an algorithm that runs a learner's program (given by
            /// `crate::exercise::program`): no lane until the learner runs it, in no lesson
            /// and no link.
            pub fn needs_program(self) -> bool {
                match self {
                    $( Kind::$variant => false, )*
                    $( Kind::$xvariant => true, )*
                }
            }

            /// The name the page and the command line show.
            pub fn name(self) -> &'static str {
                match self {
                    $( Kind::$variant => <$stepper as Describe>::NAME, )*
                    $( Kind::$xvariant => <$xstepper as Describe>::NAME, )*
                }
            }

            /// The short name used in URLs and on the command line: "board-scan", …
            pub fn slug(self) -> &'static str {
                match self {
                    $( Kind::$variant => <$stepper as Describe>::SLUG, )*
                    $( Kind::$xvariant => <$xstepper as Describe>::SLUG, )*
                }
            }
        }

        /// One of the steppers. Calls that run many steps (`run`, `seek` in [`crate::play`])
        /// pick the algorithm once, with `dispatch!`, and then loop in code made for it.
        // The board scan's grid makes its variant the largest (1.6 KB); an Algorithm is made
        // once per search and never moved in a loop, so boxing would only add an indirection
        // to every step.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Algorithm {
            $( $(#[$doc])* $variant($stepper), )*
            $( $(#[$xdoc])* $xvariant($xstepper), )*
        }

        /// What each algorithm keeps, as its lane draws it (its `kind` is its slug). The test
        /// shown is the last one made in the row being searched, while it is what that row shows.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
        #[serde(tag = "kind", rename_all = "kebab-case")]
        pub enum Detail {
            $( $(#[$doc])* $variant($detail), )*
            $( $(#[$xdoc])* $xvariant($xdetail), )*
        }

        /// `dispatch!(algorithm, s => expression)` evaluates the expression with `s` bound to
        /// the concrete stepper inside.
        macro_rules! dispatch {
            ($d algorithm:expr, $d s:ident => $d body:expr) => {
                match $d algorithm {
                    $( Algorithm::$variant($d s) => $d body, )*
                    $( Algorithm::$xvariant($d s) => $d body, )*
                }
            };
        }

        impl Algorithm {
            /// A search of `kind` on an `n`×`n` board, in mirror mode or not.
            pub fn new(kind: Kind, n: u32, mirror: bool) -> Result<Algorithm, BoardSizeError> {
                Ok(match kind {
                    $( Kind::$variant => Algorithm::$variant(<$stepper as Describe>::start(n, mirror)?), )*
                    $( Kind::$xvariant => Algorithm::$xvariant(<$xstepper as Describe>::start(n, mirror)?), )*
                })
            }

            /// Which of them it is.
            pub fn kind(&self) -> Kind {
                match self {
                    $( Algorithm::$variant(_) => Kind::$variant, )*
                    $( Algorithm::$xvariant(_) => Kind::$xvariant, )*
                }
            }
        }
    };
}

algorithms! {$
    /// [`board_scan`]
    BoardScan: walk::Walk<board_scan::BoardScan>, board_scan::BoardScanDetail;
    /// [`flag_arrays`]
    FlagArrays: walk::Walk<flag_arrays::FlagArrays>, flag_arrays::FlagArraysDetail;
    /// [`rows_as_integers`]
    RowsAsIntegers: walk::Walk<rows_as_integers::RowsAsIntegers>, rows_as_integers::RowsAsIntegersDetail;
    /// [`bit_by_bit`]
    BitByBit: walk::Walk<bit_by_bit::BitByBit>, bit_by_bit::BitByBitDetail;
    /// [`richards`]: the page's own stepper.
    Richards: richards::Stepper, richards::RichardsDetail;
    /// [`free_masks`]
    FreeMasks: walk::Walk<free_masks::FreeMasks>, free_masks::FreeMasksDetail;
    // Not in `Kind::ALL` (not a lane of Compare until the learner's loop is run): the
    // learner's own loop, started with Richards' blocks and given the learner's by
    // `crate::exercise::program`.
    @extra
    /// [`yours`]: "Your program".
    Yours: yours::Yours, yours::YoursDetail;
}
pub(crate) use dispatch;

impl Kind {
    /// The kind with this slug, or an error listing the slugs.
    pub fn from_slug(slug: &str) -> Result<Kind, UnknownAlgorithm> {
        Kind::EVERY
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

impl Algorithm {
    /// What the page shows of the algorithm itself now (the session adds its counts: see
    /// [`crate::session::Snapshot`]).
    pub fn state(&self) -> State {
        let counters = self.step_counts();
        let CurrentRow {
            row,
            candidates,
            tried,
            trying,
        } = self.current_row();
        let rejected = match dispatch!(self, s => s.last_test()) {
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
            left_path: dispatch!(self, s => s.left_path()),
        }
    }

    /// The algorithm's own data structure, as its lane draws it.
    pub fn detail(&self) -> Detail {
        dispatch!(self, s => s.detail())
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
    fn step_counts(&self) -> StepCounts {
        dispatch!(self, s => Stepping::step_counts(s))
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
    /// For "Your program": where its run first left Richards' path and why, once it has
    /// passed there; `null` for every other algorithm.
    pub left_path: Option<yours::LeftPath>,
}
