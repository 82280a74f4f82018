//! The two counting methods behind one interface: [`CountingMethod`], implemented by
//! [`MeetInTheMiddle`] and [`Backtracking`]; and [`Method`], the name of one (its slug on the
//! command line, in JSON, journals and links, and the words the page uses).
//!
//! A [`crate::count::Plan`] holds the sub-problem list of one method; everything it does
//! (fingerprint, work estimates, hand-out order, counting one sub-problem, the unique count of
//! the whole) is the method's, written once per method here and nowhere else.

use super::burnside::{self, BurnsideError};
use super::{backtrack, meet, order, shard, CountError, Tally};
use crate::board::BoardSizeError;
use std::fmt;
use std::str::FromStr;

/// What a counting method does, for one board size at a time. Statically dispatched inside
/// a method: only [`crate::count::Plan`] goes through a trait object, once per sub-problem.
pub trait CountingMethod: Send + Sync + 'static {
    /// Its name.
    const METHOD: Method;
    /// One unit of work handed to a thread, a worker or a shard.
    type SubProblem: Send + Sync + 'static;
    /// The buffers a thread keeps from one sub-problem to the next.
    type Workspace: Send + 'static;
    /// Neighbouring sub-problems handed out together (they share buffers): 1 when none do.
    const RUN: usize;

    /// Every sub-problem of an `n`×`n` board, in a fixed order (`n` within the method's size).
    fn sub_problems(n: u32) -> Result<Vec<Self::SubProblem>, BoardSizeError>;
    /// The list's fingerprint ([`shard`]).
    fn fingerprint(n: u32, list: &[Self::SubProblem]) -> shard::Fingerprint;
    /// The work of each sub-problem, in the same order, in arbitrary units (only ratios
    /// matter).
    fn estimated_work(n: u32, list: &[Self::SubProblem]) -> Vec<f64>;
    /// Fresh buffers for an `n`×`n` board.
    fn workspace(n: u32) -> Self::Workspace;
    /// One sub-problem's tally.
    fn count_sub_problem(
        n: u32,
        sub: &Self::SubProblem,
        workspace: &mut Self::Workspace,
    ) -> Result<Tally, CountError>;
    /// The unique count of the whole from the sum of every part's tally.
    fn unique(n: u32, whole: Tally) -> Result<u64, BurnsideError>;

    /// Every index once, in the order to hand them out ([`order`]).
    fn hand_out_order(len: usize) -> Vec<u32> {
        order::hand_out_in_runs(len, Self::RUN)
    }
}

/// Meeting in the middle ([`meet`]): one sub-problem per run of choices of the rows whose
/// queens stand in the east half. Its parts give totals only; the unique count of the whole
/// comes from Burnside's lemma ([`burnside::unique`]) once the total is known.
pub struct MeetInTheMiddle;

/// Backtracking ([`backtrack`]): one sub-problem per start of the first rows. Its parts give
/// totals and unique counts, which add up.
pub struct Backtracking;

/// The meet list's sub-problems handed out together: 63 runs at N = 17, 26 at N = 16.
/// Neighbours share quarter lists, which a workspace keeps from one to the next and makes
/// again at each run's start: in runs of 64, one thread counted N = 17 in wasm 12% slower
/// than in list order; in runs of 256, 1% slower.
pub const MEET_RUN: usize = 256;

impl CountingMethod for MeetInTheMiddle {
    const METHOD: Method = Method::Meet;
    type SubProblem = meet::RowChoices;
    type Workspace = meet::Joiner;
    const RUN: usize = MEET_RUN;

    fn sub_problems(n: u32) -> Result<Vec<meet::RowChoices>, BoardSizeError> {
        meet::sub_problems(n)
    }

    fn fingerprint(n: u32, list: &[meet::RowChoices]) -> shard::Fingerprint {
        shard::meet_fingerprint(n, list)
    }

    /// Each sub-problem alike: shuffled ([`order`]), the sub-problems done at any moment are
    /// a fair sample of all of them.
    fn estimated_work(_n: u32, list: &[meet::RowChoices]) -> Vec<f64> {
        vec![1.0; list.len()]
    }

    fn workspace(n: u32) -> meet::Joiner {
        meet::Joiner::new(n).expect("the plan's board size is valid")
    }

    /// `unique` is 0 (see [`CountingMethod::unique`]) and `work` the half-boards built.
    #[inline]
    fn count_sub_problem(
        _n: u32,
        sub: &meet::RowChoices,
        joiner: &mut meet::Joiner,
    ) -> Result<Tally, CountError> {
        let joined = joiner.join(sub);
        Ok(Tally {
            total: joined.solutions,
            unique: 0,
            work: joined.halves,
        })
    }

    fn unique(n: u32, whole: Tally) -> Result<u64, BurnsideError> {
        burnside::unique(n, whole.total)
    }
}

impl CountingMethod for Backtracking {
    const METHOD: Method = Method::Backtrack;
    type SubProblem = backtrack::Prefix;
    type Workspace = ();
    const RUN: usize = 1;

    fn sub_problems(n: u32) -> Result<Vec<backtrack::Prefix>, BoardSizeError> {
        backtrack::sub_problems(n)
    }

    /// The fingerprint it had before there were two methods, so that shards and journals
    /// written then still add up.
    fn fingerprint(n: u32, list: &[backtrack::Prefix]) -> shard::Fingerprint {
        shard::backtrack_fingerprint(n, list)
    }

    /// Knuth's estimates ([`backtrack::estimated_work`]).
    fn estimated_work(n: u32, _list: &[backtrack::Prefix]) -> Vec<f64> {
        backtrack::estimated_work(n).expect("the plan's board size is valid")
    }

    fn workspace(_n: u32) {}

    /// `work` is the queens placed.
    #[inline]
    fn count_sub_problem(
        n: u32,
        prefix: &backtrack::Prefix,
        _: &mut (),
    ) -> Result<Tally, CountError> {
        backtrack::count_sub_problem(n, prefix)
    }

    fn unique(_n: u32, whole: Tally) -> Result<u64, BurnsideError> {
        Ok(whole.unique)
    }
}

/// How a count is done. In JSON: its slug.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Meeting in the middle: east and west half-boards joined on their diagonals.
    #[default]
    Meet,
    /// The backtracking search over the whole board, with symmetry and lookahead.
    Backtrack,
}

/// How a method makes the unique count (the symmetry classes) of the whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UniqueCount {
    /// Each part counts its own classes, and the parts' unique counts add up to the whole's.
    Parts,
    /// The parts give totals only ([`Tally::unique`] 0); the whole's unique count comes from
    /// its total, by Burnside's lemma ([`burnside::unique`]), once every part is counted.
    Burnside,
}

/// Everything said about a method, in one place: the CLI, the reports and the page read it
/// here (the page through the wasm export `countingMethods`).
///
/// Invariants (checked by the tests below): `ask_above < browser_largest_n <= largest_n`, and
/// every board a browser counts has its published counts exact in a JS number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct About {
    /// The word used on the command line, in JSON, journals and links.
    pub slug: &'static str,
    /// The method in a sentence: "meeting in the middle".
    pub name: &'static str,
    /// The counter in a sentence: "the meet-in-the-middle counter".
    pub counter: &'static str,
    /// The largest board it takes.
    pub largest_n: u32,
    /// The largest board the page counts by it, on a browser's workers: the next one would
    /// take days there (the command line counts up to `largest_n`).
    pub browser_largest_n: u32,
    /// The page asks before counting a board larger than this: from the next size on, a count
    /// takes minutes on a browser's workers.
    pub ask_above: u32,
    /// What [`Tally::work`] counts for it: "half-boards" or "nodes" (queens placed).
    pub work_unit: &'static str,
    /// How the unique count of the whole is made.
    pub unique_count: UniqueCount,
}

/// The largest board the page counts on a browser's workers, by either method.
const BROWSER_LARGEST_N: u32 = 21;
/// The page asks before counting a board larger than this, by either method.
const ASK_ABOVE: u32 = 17;

const ABOUT_MEET: About = About {
    slug: "meet",
    name: "meeting in the middle",
    counter: "the meet-in-the-middle counter",
    largest_n: meet::MAX_MEET_N,
    browser_largest_n: BROWSER_LARGEST_N,
    ask_above: ASK_ABOVE,
    work_unit: "half-boards",
    unique_count: UniqueCount::Burnside,
};

const ABOUT_BACKTRACK: About = About {
    slug: "backtrack",
    name: "backtracking",
    counter: "the backtracking counter",
    largest_n: crate::board::MAX_N,
    browser_largest_n: BROWSER_LARGEST_N,
    ask_above: ASK_ABOVE,
    work_unit: "nodes",
    unique_count: UniqueCount::Parts,
};

impl Method {
    /// Both methods, the default first.
    pub const ALL: [Method; 2] = [Method::Meet, Method::Backtrack];

    /// True for the method a count uses when none is named (the CLI's `--method`, the page's
    /// Method menu): [`Method::default`].
    pub fn is_default(self) -> bool {
        self == Method::default()
    }

    /// Everything said about it.
    pub fn about(self) -> &'static About {
        match self {
            Method::Meet => &ABOUT_MEET,
            Method::Backtrack => &ABOUT_BACKTRACK,
        }
    }

    /// The word used on the command line, in JSON, journals and links.
    pub fn slug(self) -> &'static str {
        self.about().slug
    }

    /// The counter's name in a sentence: "the meet-in-the-middle counter".
    pub fn counter(self) -> &'static str {
        self.about().counter
    }

    /// The largest board it takes.
    pub fn largest_n(self) -> u32 {
        self.about().largest_n
    }

    /// What a tally's `work` counts for it.
    pub fn work_unit(self) -> &'static str {
        self.about().work_unit
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A text that names no method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodError(pub String);

impl fmt::Display for MethodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected a counting method, meet or backtrack; got {:?}",
            self.0
        )
    }
}

impl std::error::Error for MethodError {}

impl FromStr for Method {
    type Err = MethodError;
    fn from_str(text: &str) -> Result<Method, MethodError> {
        Method::ALL
            .into_iter()
            .find(|m| m.slug() == text)
            .ok_or_else(|| MethodError(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_read_back_from_their_slugs() {
        for method in Method::ALL {
            assert_eq!(method.slug().parse::<Method>(), Ok(method));
        }
        assert!("Meet".parse::<Method>().is_err());
    }

    #[test]
    fn each_method_says_what_the_page_and_the_cli_say() {
        assert_eq!(
            MeetInTheMiddle::METHOD.counter(),
            "the meet-in-the-middle counter"
        );
        assert_eq!(Backtracking::METHOD.about().name, "backtracking");
        assert_eq!(Method::Meet.largest_n(), 23);
        assert_eq!(Method::Backtrack.largest_n(), 32);
        assert_eq!(Method::Meet.about().unique_count, UniqueCount::Burnside);
        assert_eq!(
            Backtracking::METHOD.about().unique_count,
            UniqueCount::Parts
        );
    }

    #[test]
    fn the_default_is_meeting_in_the_middle_and_listed_first() {
        assert!(Method::Meet.is_default() && !Method::Backtrack.is_default());
        assert_eq!(Method::ALL[0], Method::default());
        assert_eq!(Method::ALL.iter().filter(|m| m.is_default()).count(), 1);
    }

    #[test]
    fn the_page_asks_below_its_largest_board_and_counts_only_boards_the_method_takes() {
        let exact_in_js = crate::published::A000170
            .iter()
            .take_while(|&&total| total <= 1 << 53)
            .count() as u32;
        for method in Method::ALL {
            let about = method.about();
            assert!(about.ask_above < about.browser_largest_n, "{method}");
            assert!(about.browser_largest_n <= about.largest_n, "{method}");
            assert!(about.browser_largest_n <= exact_in_js, "{method}");
        }
        // The page's figures: it counts up to 21 and asks above 17, by either method.
        assert_eq!(
            Method::ALL.map(|m| (m.about().browser_largest_n, m.about().ask_above)),
            [(21, 17), (21, 17)]
        );
    }

    #[test]
    fn a_unique_count_by_parts_is_the_sum_of_the_parts_and_by_burnside_the_lemma_on_the_total() {
        use crate::published::{A000170, A002562};
        let (total, unique) = (A000170[7], A002562[7]); // N = 8
        let whole = Tally {
            total,
            unique,
            work: 0,
        };
        assert_eq!(Backtracking::unique(8, whole), Ok(unique));
        let meet_whole = Tally { unique: 0, ..whole };
        assert_eq!(MeetInTheMiddle::unique(8, meet_whole), Ok(unique));
    }
}
