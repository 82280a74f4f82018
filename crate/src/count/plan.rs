//! A count's numbered list of sub-problems, by either method.
//!
//! A count is the sum of its sub-problems, numbered by their place in a fixed list, so that
//! threads, shards, journals and browser workers share it by index ([`crate::count::shard`]).
//! Each method ([`CountingMethod`]) cuts the board its own way; a [`Plan`] holds the list of
//! one and answers for it through one interface, with no match on the method. The
//! fingerprint names the method, so parts of the two are never added together.

use super::method::{Backtracking, CountingMethod, MeetInTheMiddle, Method};
use super::shard::Fingerprint;
use super::{CountError, Tally};
use crate::board::{full_mask, BoardSizeError};
use crate::count::burnside::BurnsideError;
use std::any::Any;
use std::fmt;

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
                method.counter().trim_start_matches("the "),
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
    list: Box<dyn Listed>,
}

/// A method's list, as the plan sees it (object-safe: the method is chosen at run time).
trait Listed: Send + Sync {
    fn method(&self) -> Method;
    fn len(&self) -> usize;
    fn fingerprint(&self) -> Fingerprint;
    fn estimated_work(&self) -> Vec<f64>;
    fn hand_out_order(&self) -> Vec<u32>;
    fn workspace(&self) -> Box<dyn Any + Send>;
    fn count_sub_problem(&self, index: usize, workspace: &mut dyn Any)
        -> Result<Tally, CountError>;
    fn unique(&self, whole: Tally) -> Result<u64, BurnsideError>;
}

/// The list of method `M` for an `n`×`n` board.
struct List<M: CountingMethod> {
    n: u32,
    sub_problems: Vec<M::SubProblem>,
}

impl<M: CountingMethod> Listed for List<M> {
    fn method(&self) -> Method {
        M::METHOD
    }

    fn len(&self) -> usize {
        self.sub_problems.len()
    }

    fn fingerprint(&self) -> Fingerprint {
        M::fingerprint(self.n, &self.sub_problems)
    }

    fn estimated_work(&self) -> Vec<f64> {
        M::estimated_work(self.n, &self.sub_problems)
    }

    fn hand_out_order(&self) -> Vec<u32> {
        M::hand_out_order(self.sub_problems.len())
    }

    fn workspace(&self) -> Box<dyn Any + Send> {
        Box::new(M::workspace(self.n))
    }

    fn count_sub_problem(
        &self,
        index: usize,
        workspace: &mut dyn Any,
    ) -> Result<Tally, CountError> {
        let workspace = workspace
            .downcast_mut::<M::Workspace>()
            .expect("a workspace counts only the plan that made it");
        let sub = self
            .sub_problems
            .get(index)
            .ok_or(CountError::NotASubProblem)?;
        M::count_sub_problem(self.n, sub, workspace)
    }

    fn unique(&self, whole: Tally) -> Result<u64, BurnsideError> {
        M::unique(self.n, whole)
    }
}

impl<M: CountingMethod> List<M> {
    fn boxed(n: u32) -> Result<Box<dyn Listed>, BoardSizeError> {
        Ok(Box::new(List::<M> {
            n,
            sub_problems: M::sub_problems(n)?,
        }))
    }
}

impl Plan {
    /// The sub-problems of an `n`×`n` board by `method`; an error for a size it does not take.
    pub fn new(n: u32, method: Method) -> Result<Plan, PlanError> {
        full_mask(n)?;
        if n > method.largest_n() {
            return Err(PlanError::TooLarge { n, method });
        }
        let list = match method {
            Method::Meet => List::<MeetInTheMiddle>::boxed(n)?,
            Method::Backtrack => List::<Backtracking>::boxed(n)?,
        };
        Ok(Plan { n, list })
    }

    /// Board size.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The method whose list this is.
    pub fn method(&self) -> Method {
        self.list.method()
    }

    /// How many sub-problems (numbered from 0).
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when there is no sub-problem (never, for a valid board).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The list's fingerprint ([`CountingMethod::fingerprint`]).
    pub fn fingerprint(&self) -> Fingerprint {
        self.list.fingerprint()
    }

    /// The work of each sub-problem, in the same order, in arbitrary units: only ratios
    /// matter ([`CountingMethod::estimated_work`]).
    pub fn estimated_work(&self) -> Vec<f64> {
        self.list.estimated_work()
    }

    /// Every sub-problem index once, in the order to hand them out: a fixed shuffle
    /// ([`crate::count::order`]), in runs of neighbours for the meet list
    /// ([`super::method::MEET_RUN`]), so that those finished at any moment are a fair sample.
    pub fn hand_out_order(&self) -> Vec<u32> {
        self.list.hand_out_order()
    }

    /// The buffers one thread needs to count this plan's sub-problems.
    pub fn workspace(&self) -> Workspace {
        Workspace {
            of: (self.n, self.method()),
            buffers: self.list.workspace(),
        }
    }

    /// Sub-problem `index`'s tally, counted in `workspace` (one of this plan's). A meet
    /// part's `unique` is 0 (see [`Plan::unique`]) and its `work` the half-boards it built; a
    /// backtracking part's, the queens placed.
    pub fn count_sub_problem(
        &self,
        index: usize,
        workspace: &mut Workspace,
    ) -> Result<Tally, CountError> {
        assert!(
            workspace.of == (self.n, self.method()),
            "a workspace counts only the plan that made it"
        );
        self.list.count_sub_problem(index, &mut *workspace.buffers)
    }

    /// The unique count of the whole, from the sum of every part's tally; an error when
    /// that is not a whole count of this board (the meet counter's Burnside step checks it).
    pub fn unique(&self, whole: Tally) -> Result<u64, BurnsideError> {
        self.list.unique(whole)
    }
}

/// The buffers of one thread counting a plan's sub-problems ([`Plan::workspace`]), and the
/// plan they are for.
pub struct Workspace {
    of: (u32, Method),
    buffers: Box<dyn Any + Send>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::backtrack;
    use crate::count::method::MEET_RUN;
    use crate::count::shard::backtrack_fingerprint;
    use crate::published::{A000170, A002562};

    fn whole(plan: &Plan) -> Tally {
        let mut workspace = plan.workspace();
        (0..plan.len())
            .map(|i| plan.count_sub_problem(i, &mut workspace).unwrap())
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
            backtrack_fingerprint(8, &backtrack::sub_problems(8).unwrap()),
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
            plan.count_sub_problem(plan.len(), &mut plan.workspace()),
            Err(CountError::NotASubProblem)
        );
    }
}
