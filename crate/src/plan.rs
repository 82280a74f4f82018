//! The two counters behind one numbered list of sub-problems.
//!
//! A count is the sum of its sub-problems, numbered by their place in a fixed list, so that
//! threads, shards, journals and browser workers share it by index ([`crate::shard`]). Each
//! [`Method`] cuts the board its own way:
//!
//! - [`Method::Meet`] (the default): [`crate::meet`], one sub-problem per choice of the rows
//!   whose queens stand in the east half. Its parts give totals only; the unique count of the
//!   whole comes from Burnside's lemma ([`crate::meet::unique`]) once the total is known.
//! - [`Method::Backtrack`]: [`crate::count`], one sub-problem per start of the first rows. Its
//!   parts give totals and unique counts, which add up.
//!
//! The fingerprint names the method, so parts of the two are never added together.

use crate::board::{full_mask, BoardSizeError};
use crate::count::{self, CountError, Tally};
use crate::meet;
use crate::shard::{fingerprint, Fingerprint, Listing};
use std::fmt;
use std::str::FromStr;

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

impl Method {
    pub const ALL: [Method; 2] = [Method::Meet, Method::Backtrack];

    /// The word used on the command line, in JSON, journals and links.
    pub fn slug(self) -> &'static str {
        match self {
            Method::Meet => "meet",
            Method::Backtrack => "backtrack",
        }
    }

    /// The counter's name in a sentence.
    pub fn name(self) -> &'static str {
        match self {
            Method::Meet => "the meet-in-the-middle counter",
            Method::Backtrack => "the backtracking counter",
        }
    }

    /// The largest board it takes.
    pub fn largest_n(self) -> u32 {
        match self {
            Method::Meet => meet::MAX_MEET_N,
            Method::Backtrack => crate::MAX_N,
        }
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

/// A board size that a method does not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// Not a board size at all (outside 1 to 32).
    BoardSize(BoardSizeError),
    /// A board size, but larger than this method takes.
    TooLarge { n: u32, method: Method },
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::BoardSize(e) => e.fmt(f),
            PlanError::TooLarge { n, method } => write!(
                f,
                "The {} counts boards up to {largest}×{largest}; got {n}.",
                method.name().trim_start_matches("the "),
                largest = method.largest_n()
            ),
        }
    }
}

impl std::error::Error for PlanError {}

impl From<BoardSizeError> for PlanError {
    fn from(e: BoardSizeError) -> Self {
        PlanError::BoardSize(e)
    }
}

/// The sub-problems of one count: a method and a board size.
pub struct Plan {
    n: u32,
    list: List,
}

enum List {
    Meet(Vec<meet::SubProblem>),
    Backtrack(Vec<count::SubProblem>),
}

impl Plan {
    pub fn new(n: u32, method: Method) -> Result<Plan, PlanError> {
        full_mask(n)?;
        if n > method.largest_n() {
            return Err(PlanError::TooLarge { n, method });
        }
        let list = match method {
            Method::Meet => List::Meet(meet::sub_problems(n)?),
            Method::Backtrack => List::Backtrack(count::sub_problems(n)?),
        };
        Ok(Plan { n, list })
    }

    pub fn n(&self) -> u32 {
        self.n
    }

    pub fn method(&self) -> Method {
        match self.list {
            List::Meet(_) => Method::Meet,
            List::Backtrack(_) => Method::Backtrack,
        }
    }

    /// How many sub-problems (numbered from 0).
    pub fn len(&self) -> usize {
        match &self.list {
            List::Meet(list) => list.len(),
            List::Backtrack(list) => list.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The list's fingerprint. The backtracking list keeps the fingerprint it had before
    /// there were two methods (so shards and journals written then still add up); the meet
    /// list's starts with the method's name.
    pub fn fingerprint(&self) -> Fingerprint {
        match &self.list {
            List::Backtrack(list) => fingerprint(self.n, list),
            List::Meet(list) => {
                let mut listing = Listing::new();
                listing.eat(b"meet");
                listing.eat(&self.n.to_le_bytes());
                listing.eat(&(list.len() as u64).to_le_bytes());
                for sub in list {
                    // Fixed width: the middle queens' row and column (255: none), the first
                    // east rows, the span.
                    let (row, column) = sub.middle.map_or((255, 255), |m| (m.row, m.column));
                    listing.eat(&[row as u8, column as u8]);
                    listing.eat(&sub.east_rows.to_le_bytes());
                    listing.eat(&sub.span.to_le_bytes());
                }
                listing.fingerprint()
            }
        }
    }

    /// The work of each sub-problem, in the same order, in arbitrary units: only ratios
    /// matter. The backtracking list has Knuth's estimates ([`count::estimated_work`]). The
    /// meet list weighs each sub-problem alike: shuffled ([`count::hand_out_order`]), the
    /// sub-problems done at any moment are a fair sample of all of them.
    pub fn estimated_work(&self) -> Vec<f64> {
        match &self.list {
            List::Backtrack(_) => {
                count::estimated_work(self.n).expect("the plan's board size is valid")
            }
            List::Meet(list) => vec![1.0; list.len()],
        }
    }

    /// Every sub-problem index once, in the order to hand them out: a fixed shuffle
    /// ([`count::hand_out_order`]), so that those finished at any moment are a fair sample.
    /// The meet list is shuffled in runs of [`MEET_RUN`] neighbours: neighbours share quarter
    /// lists, which a workspace keeps from one sub-problem to the next.
    pub fn hand_out_order(&self) -> Vec<u32> {
        let run = match self.list {
            List::Backtrack(_) => 1,
            List::Meet(_) => MEET_RUN,
        };
        let len = self.len();
        count::hand_out_order(len.div_ceil(run))
            .into_iter()
            .flat_map(|start| {
                let start = start as usize * run;
                (start..(start + run).min(len)).map(|i| i as u32)
            })
            .collect()
    }

    /// The buffers one thread needs to count this plan's sub-problems.
    pub fn workspace(&self) -> Workspace {
        let joiner = match self.list {
            List::Meet(_) => {
                Some(meet::Counter::new(self.n).expect("the plan's board size is valid"))
            }
            List::Backtrack(_) => None,
        };
        Workspace {
            of: (self.n, self.method()),
            joiner,
        }
    }

    /// Sub-problem `index`'s tally, counted in `workspace` (one of this plan's). A meet
    /// part's `unique` is 0 (see [`Plan::unique`]) and its `nodes` are the half-boards it
    /// built; a backtracking part's are queens placed.
    pub fn count(&self, index: usize, workspace: &mut Workspace) -> Result<Tally, CountError> {
        assert!(
            workspace.of == (self.n, self.method()),
            "a workspace counts only the plan that made it"
        );
        match (&self.list, &mut workspace.joiner) {
            (List::Backtrack(list), _) => {
                let prefix = list.get(index).ok_or(CountError::NotASubProblem)?;
                count::count_sub_problem(self.n, prefix)
            }
            (List::Meet(list), Some(joiner)) => {
                let sub = list.get(index).ok_or(CountError::NotASubProblem)?;
                let joined = joiner.count(sub);
                Ok(Tally {
                    total: joined.solutions,
                    unique: 0,
                    nodes: joined.halves,
                })
            }
            (List::Meet(_), None) => unreachable!("a meet plan's workspace has a joiner"),
        }
    }

    /// The unique count of the whole, from the sum of every part's tally; an error when
    /// that is not a whole count of this board (the meet counter's Burnside step checks it).
    pub fn unique(&self, whole: Tally) -> Result<u64, meet::BurnsideError> {
        match self.list {
            List::Backtrack(_) => Ok(whole.unique),
            List::Meet(_) => meet::unique(self.n, whole.total),
        }
    }
}

/// The meet list's sub-problems handed out together ([`Plan::hand_out_order`]): about 256
/// runs from N = 17 on, 102 at N = 16.
pub const MEET_RUN: usize = 64;

/// The buffers of one thread counting a plan's sub-problems ([`Plan::workspace`]), and the
/// plan they are for.
pub struct Workspace {
    of: (u32, Method),
    joiner: Option<meet::Counter>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::{A000170, A002562};

    fn whole(plan: &Plan) -> Tally {
        let mut workspace = plan.workspace();
        (0..plan.len())
            .map(|i| plan.count(i, &mut workspace).unwrap())
            .sum()
    }

    #[test]
    fn both_methods_agree_with_the_published_tables_and_with_each_other() {
        for n in 1..=12 {
            let (meet, back) = (
                Plan::new(n, Method::Meet).unwrap(),
                Plan::new(n, Method::Backtrack).unwrap(),
            );
            let (m, b) = (whole(&meet), whole(&back));
            assert_eq!(m.total, A000170[n as usize - 1], "meet, n = {n}");
            assert_eq!(b.total, m.total, "backtrack, n = {n}");
            assert_eq!(meet.unique(m), Ok(A002562[n as usize - 1]), "meet, n = {n}");
            assert_eq!(
                back.unique(b),
                Ok(A002562[n as usize - 1]),
                "backtrack, n = {n}"
            );
        }
    }

    #[test]
    fn the_hand_out_order_gives_every_index_once_and_keeps_meet_runs_together() {
        for (n, method) in [
            (9, Method::Meet),
            (12, Method::Meet),
            (12, Method::Backtrack),
        ] {
            let plan = Plan::new(n, method).unwrap();
            let order = plan.hand_out_order();
            assert_eq!(order, plan.hand_out_order(), "a fixed order");
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert!(
                sorted.into_iter().eq(0..plan.len() as u32),
                "{n} {method:?}"
            );
            let neighbours = order.windows(2).filter(|w| w[1] == w[0] + 1).count();
            if method == Method::Meet {
                assert!(neighbours + plan.len().div_ceil(MEET_RUN) >= plan.len());
            } else {
                assert!(
                    neighbours < plan.len() / 10,
                    "{neighbours} of {}",
                    plan.len()
                );
            }
        }
    }

    #[test]
    fn fingerprints_name_the_method_and_the_board() {
        let prints: Vec<Fingerprint> =
            [(8, Method::Meet), (8, Method::Backtrack), (9, Method::Meet)]
                .iter()
                .map(|&(n, m)| Plan::new(n, m).unwrap().fingerprint())
                .collect();
        assert_ne!(prints[0], prints[1]);
        assert_ne!(prints[0], prints[2]);
        assert_eq!(
            prints[1],
            fingerprint(8, &count::sub_problems(8).unwrap()),
            "the backtracking list keeps its fingerprint"
        );
    }

    #[test]
    fn sizes_outside_a_method_are_refused_with_a_sentence() {
        assert!(matches!(
            Plan::new(0, Method::Meet),
            Err(PlanError::BoardSize(_))
        ));
        let too_large = Plan::new(24, Method::Meet).err().unwrap();
        assert_eq!(
            too_large.to_string(),
            "The meet-in-the-middle counter counts boards up to 23×23; got 24."
        );
        assert!(Plan::new(24, Method::Backtrack).is_ok());
        assert!(Plan::new(33, Method::Backtrack).is_err());
        let plan = Plan::new(8, Method::Meet).unwrap();
        assert_eq!(
            plan.count(plan.len(), &mut plan.workspace()),
            Err(CountError::NotASubProblem)
        );
    }

    #[test]
    fn methods_read_back_from_their_slugs() {
        for method in Method::ALL {
            assert_eq!(method.slug().parse::<Method>(), Ok(method));
        }
        assert!("Meet".parse::<Method>().is_err());
    }
}
