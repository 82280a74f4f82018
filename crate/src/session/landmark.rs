//! Landmarks of a search, the places a learner jumps to: the first dead end, the first
//! backtrack, the first solution (each from the start), and the next solution ahead that is
//! its class's representative (a unique solution). Each is found by running a copy of the
//! search, which does not move.

use crate::algorithms::Algorithm;
use crate::stepping::{Step, Stepping};
use crate::symmetry::is_representative;
use serde::Serialize;
use std::fmt;

/// A place in the search to jump to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Landmark {
    /// The first row with no free square.
    FirstDeadEnd,
    /// The first queen lifted.
    FirstBacktrack,
    /// The first solution.
    FirstSolution,
    /// The next solution ahead that is its class's representative: a unique solution.
    NextUnique,
}

impl Landmark {
    /// All of them, in the order the page offers them.
    pub const ALL: [Landmark; 4] = [
        Landmark::FirstDeadEnd,
        Landmark::FirstBacktrack,
        Landmark::FirstSolution,
        Landmark::NextUnique,
    ];

    /// The short name the page uses.
    pub fn slug(self) -> &'static str {
        match self {
            Landmark::FirstDeadEnd => "first-dead-end",
            Landmark::FirstBacktrack => "first-backtrack",
            Landmark::FirstSolution => "first-solution",
            Landmark::NextUnique => "next-unique",
        }
    }

    /// The name of its button.
    pub fn name(self) -> &'static str {
        match self {
            Landmark::FirstDeadEnd => "First dead end",
            Landmark::FirstBacktrack => "First backtrack",
            Landmark::FirstSolution => "First solution",
            Landmark::NextUnique => "Next unique solution",
        }
    }

    /// The landmark with this slug.
    pub fn from_slug(slug: &str) -> Result<Landmark, UnknownLandmark> {
        Landmark::ALL
            .into_iter()
            .find(|l| l.slug() == slug)
            .ok_or_else(|| UnknownLandmark(slug.chars().take(40).collect()))
    }
}

/// A landmark name that is none of [`Landmark::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLandmark(pub String);

impl fmt::Display for UnknownLandmark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Landmark::ALL.iter().map(|l| l.slug()).collect();
        write!(
            f,
            "No landmark “{}”: use one of {}.",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownLandmark {}

/// The step number right after `which` (the position where it is the step taken last), for
/// the search `now` stands in; `None` when the search has none within `max_steps` steps of
/// where the looking starts (the start of the search, or `now` for [`Landmark::NextUnique`]).
pub fn find(now: &Algorithm, which: Landmark, max_steps: u64) -> Option<u64> {
    let mut search = match which {
        Landmark::NextUnique => now.clone(),
        _ => Algorithm::new(now.kind(), now.n(), now.mirror()).expect("the search's own size"),
    };
    let weight = search.weight();
    for _ in 0..max_steps {
        if search.is_finished() {
            return None;
        }
        let step = search.step();
        let found = match (which, step) {
            (Landmark::FirstDeadEnd, Step::DeadEnd { .. }) => true,
            (Landmark::FirstBacktrack, Step::Backtrack { .. }) => true,
            (Landmark::FirstSolution, Step::Solution { .. }) => true,
            (Landmark::NextUnique, Step::Solution { .. }) => {
                let board = search.queens();
                let n = search.n();
                // In mirror mode the board found stands for its mirror image too: either
                // may be the representative.
                is_representative(&board)
                    || (weight == 2
                        && is_representative(&board.iter().map(|&c| n - 1 - c).collect::<Vec<_>>()))
            }
            _ => false,
        };
        if found {
            return Some(search.steps());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Kind;
    use crate::published::A002562;

    fn at_start(n: u32, mirror: bool) -> Algorithm {
        Algorithm::new(Kind::Richards, n, mirror).unwrap()
    }

    /// The step taken last at `position`.
    fn step_at(n: u32, position: u64) -> Step {
        let mut search = at_start(n, false);
        let mut last = None;
        while search.steps() < position {
            last = Some(search.step());
        }
        last.unwrap()
    }

    #[test]
    fn the_first_landmarks_are_the_first_steps_of_their_kind() {
        let n = 6;
        let dead = find(&at_start(n, false), Landmark::FirstDeadEnd, 1_000).unwrap();
        assert!(matches!(step_at(n, dead), Step::DeadEnd { .. }));
        let back = find(&at_start(n, false), Landmark::FirstBacktrack, 1_000).unwrap();
        assert!(matches!(step_at(n, back), Step::Backtrack { .. }));
        assert_eq!(back, dead + 1, "a dead end is backed out of at once");
        let first = find(&at_start(n, false), Landmark::FirstSolution, 10_000).unwrap();
        assert!(matches!(
            step_at(n, first),
            Step::Solution { number: 1, .. }
        ));
        // Found from the start, wherever the search stands.
        let mut later = at_start(n, false);
        for _ in 0..500 {
            later.step();
        }
        assert_eq!(find(&later, Landmark::FirstSolution, 10_000), Some(first));
        assert_eq!(find(&at_start(n, false), Landmark::FirstSolution, 10), None);
    }

    #[test]
    fn walking_from_unique_to_unique_meets_every_class_once() {
        for (n, mirror) in [(6, false), (8, false), (8, true), (7, true)] {
            let mut search = at_start(n, mirror);
            let mut classes = 0;
            while let Some(step) = find(&search, Landmark::NextUnique, u64::MAX) {
                while search.steps() < step {
                    search.step();
                }
                classes += 1;
            }
            assert_eq!(classes, A002562[n as usize - 1], "n={n} mirror={mirror}");
        }
    }

    #[test]
    fn slugs_round_trip() {
        for landmark in Landmark::ALL {
            assert_eq!(Landmark::from_slug(landmark.slug()), Ok(landmark));
        }
        assert!(Landmark::from_slug("end")
            .unwrap_err()
            .to_string()
            .contains("first-dead-end"));
    }
}
