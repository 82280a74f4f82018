//! The running state the page shows: the chosen algorithm and its position, the solutions
//! passed with their classes, the counts by class size, the unique count and the boards
//! kept. A [`Session`] is the one source of every count on screen or exported: the page
//! formats what [`Session::snapshot`] says and keeps no running total of its own.
//!
//! Invariants, whatever moved the search (a step, a batch, Back, a seek, a jump to a node):
//! - [`Session::boards_passed`] is the number of boards passed: the solutions found times
//!   [`Stepping::weight`], derived here and nowhere else;
//! - `unique` and the counts by class size are those of the class representatives among them;
//! - the boards kept are exactly those passed whose number is at most the `keep` last given,
//!   in order;
//! - [`Session::last_step`] is the step taken last to reach the position (`None` at the start).

use crate::algorithms::{self, Algorithm, Kind};
use crate::board::{full_mask, searched_part, BoardSizeError};
use crate::exercise::program::{learner_blocks, your_program};
pub mod landmark;
pub mod predict;

use crate::play::{self, Batch, BoardsPassed, Moved, PassedBoard, Until};
use crate::stepping::{Step, Stepping};
use landmark::Landmark;
use predict::{Answer, Question, Topic};
use serde::Serialize;
use std::fmt;

/// A search with everything the page counts along it.
#[derive(Clone, Debug)]
pub struct Session {
    algorithm: Algorithm,
    /// Boards passed (each solution found counts `weight` boards).
    boards: u64,
    /// Of those, class representatives.
    unique: u64,
    /// Class representatives with a class of 1, 2, 4 and 8 boards (in this order).
    by_size: [u64; 4],
    /// The boards passed numbered up to `keep`, in order.
    kept: Vec<PassedBoard>,
    /// The last `keep` given to a call that lists boards.
    keep: u64,
}

/// A state the session cannot reach, with a sentence that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// A board size outside `1..=MAX_N`.
    BoardSize(BoardSizeError),
    /// A step asked for after the search finished.
    PastTheEnd {
        /// The steps the whole search takes.
        steps: u64,
    },
    /// A list that is no node of this board: more queens than rows, or a column off it.
    NotANode {
        /// Board size.
        n: u32,
        /// The list given.
        path: Vec<u32>,
    },
    /// A node (the columns of its queens, row 0 first) that this search never enters.
    NoSuchNode {
        /// The node asked for.
        path: Vec<u32>,
        /// Why the search never enters it.
        why: String,
    },
    /// "Your program" refused: an answer missing, or one that does not parse, is illegal or
    /// over budget; the sentence names the exercise and the place.
    Program(String),
    /// A question to grade that is not the one asked before the next step.
    NotAskedHere,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::BoardSize(error) => error.fmt(f),
            SessionError::PastTheEnd { steps } => write!(
                f,
                "The search is finished after {steps} steps: there is no step after the end."
            ),
            SessionError::NotANode { n, path } => {
                let shown: Vec<u32> = path.iter().take(33).copied().collect();
                write!(
                    f,
                    "A node is a list of at most {n} columns from 0 to {}; got {shown:?}.",
                    n - 1
                )
            }
            SessionError::NoSuchNode { path, why } => {
                let shown: Vec<u32> = path.iter().take(32).copied().collect();
                write!(f, "The search never enters the node {shown:?}: {why}.")
            }
            SessionError::Program(sentence) => f.write_str(sentence),
            SessionError::NotAskedHere => {
                f.write_str("That question is not the one asked before the next step.")
            }
        }
    }
}

impl std::error::Error for SessionError {}

impl From<BoardSizeError> for SessionError {
    fn from(error: BoardSizeError) -> SessionError {
        SessionError::BoardSize(error)
    }
}

/// Everything the page shows of a session at one moment: the algorithm's own state, and the
/// counts that only the session keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    /// The algorithm's position and data structure.
    #[serde(flatten)]
    pub state: algorithms::State,
    /// Boards passed: the solutions found times `weight`. The count the page shows.
    pub boards_passed: u64,
    /// Of those, class representatives: the unique solutions passed.
    pub unique: u64,
    /// Class representatives with a class of 1, 2, 4 and 8 boards: after a whole search, the
    /// table of symmetry classes.
    pub classes_by_size: [u64; 4],
    /// How many boards are kept in full (see [`Session::kept`]).
    pub kept: u64,
    /// The step taken last to reach this position; `None` at the start.
    pub last: Option<Step>,
}

/// A step passed, as the History list shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    /// The position right after it: the step number to go back to.
    pub step: u64,
    /// What the step did.
    pub event: Step,
    /// Boards passed by then (solutions found times the weight), for its sentence.
    pub boards_passed: u64,
}

impl Session {
    /// A session of `kind` on an `n`×`n` board, in mirror mode or not, at the start.
    pub fn new(kind: Kind, n: u32, mirror: bool) -> Result<Session, SessionError> {
        Ok(Session {
            algorithm: Algorithm::new(kind, n, mirror)?,
            boards: 0,
            unique: 0,
            by_size: [0; 4],
            kept: Vec::new(),
            keep: 0,
        })
    }

    /// A session of an algorithm made elsewhere (the learner's loop: see
    /// [`crate::exercise::program`]), at the start of its search.
    pub fn with_algorithm(algorithm: Algorithm) -> Session {
        Session {
            algorithm,
            boards: 0,
            unique: 0,
            by_size: [0; 4],
            kept: Vec::new(),
            keep: 0,
        }
    }

    /// "Your program": the learner's loop on an `n`×`n` board, built from `sources(slug)`,
    /// the learner's answer to each loop exercise (see [`crate::exercise::program`]), at the
    /// start of its search. A [`SessionError::Program`] names the exercise and the place of
    /// the first answer missing, not parsing, illegal or over budget (a wrong answer runs: see
    /// `leftPath` in the snapshot); the answers are read before the board size is.
    pub fn yours(
        n: u32,
        mirror: bool,
        sources: impl Fn(&str) -> Option<String>,
    ) -> Result<Session, SessionError> {
        let blocks = learner_blocks(sources).map_err(SessionError::Program)?;
        Ok(Session::with_algorithm(your_program(n, mirror, blocks)?))
    }

    /// The search itself, read-only: every move goes through the session.
    pub fn algorithm(&self) -> &Algorithm {
        &self.algorithm
    }

    /// Boards passed: the solutions found times their weight (2 in mirror mode, else 1).
    pub fn boards_passed(&self) -> u64 {
        self.boards
    }

    /// Unique solutions passed: the class representatives among the boards passed.
    pub fn unique(&self) -> u64 {
        self.unique
    }

    /// Class representatives passed with a class of 1, 2, 4 and 8 boards.
    pub fn classes_by_size(&self) -> [u64; 4] {
        self.by_size
    }

    /// The boards passed numbered up to the last `keep` given, in order.
    pub fn kept(&self) -> &[PassedBoard] {
        &self.kept
    }

    /// The step taken last to reach where the search stands, whatever moved it there;
    /// `None` at the start. Every step undoes exactly, so the step undone from here is it.
    pub fn last_step(&self) -> Option<Step> {
        self.algorithm.clone().back()
    }

    /// One step forward; an error once the search is finished.
    pub fn step(&mut self) -> Result<Step, SessionError> {
        if self.algorithm.is_finished() {
            return Err(SessionError::PastTheEnd {
                steps: self.algorithm.steps(),
            });
        }
        let batch = self.run(1, Until::LimitOrEnd, self.keep);
        Ok(batch.last.expect("a search not finished takes a step"))
    }

    /// One step back, exactly; returns the step undone, `None` at the start.
    pub fn back(&mut self) -> Option<Step> {
        let target = self.algorithm.steps().checked_sub(1)?;
        self.seek(target, 1, self.keep).last
    }

    /// [`play::run`], with the solutions passed added to the session's counts; those
    /// numbered up to `keep` are kept.
    pub fn run(&mut self, max_steps: u32, until: Until, keep: u64) -> Batch {
        self.keep = keep;
        let batch = self.algorithm.run(max_steps, until, keep);
        self.add(&batch.boards_passed);
        batch
    }

    /// [`play::seek`] (never past the end: a target beyond it stops there), with the
    /// solutions passed and undone counted.
    pub fn seek(&mut self, target: u64, max_steps: u32, keep: u64) -> Moved {
        self.keep = keep;
        let moved = self.algorithm.seek(target, max_steps, keep);
        self.count_moved(&moved);
        moved
    }

    /// [`play::seek_node`] towards the node `path` (the columns of its queens, row 0 first),
    /// with the solutions passed and undone counted. An error, and no move, for a path that
    /// is not a node of this search: a column off the board, two queens that attack each
    /// other, or (in mirror mode) a queen in the part of a row it does not search.
    pub fn seek_node(
        &mut self,
        path: &[u32],
        ahead: bool,
        max_steps: u32,
        keep: u64,
    ) -> Result<Moved, SessionError> {
        self.check_node(path)?;
        self.keep = keep;
        let moved = play::seek_node(&mut self.algorithm, path, ahead, max_steps, keep);
        self.count_moved(&moved);
        Ok(moved)
    }

    /// [`play::seek_nodes`]: to rest right after node event `target`; true on arrival.
    /// Solutions passed are counted, not kept.
    pub fn seek_nodes(&mut self, target: u64, max_steps: u32) -> bool {
        let moved = self.algorithm.seek_nodes_counted(target, max_steps);
        self.count_moved(&moved);
        moved.arrived
    }

    /// [`play::step_within_node`]: one step unless it would place or lift a queen. A
    /// solution it completes is counted, not kept.
    pub fn step_within_node(&mut self) -> Option<Step> {
        let step = self.algorithm.step_within_node()?;
        if let Step::Solution { .. } = step {
            let mut found = BoardsPassed::default();
            play::tally(&self.algorithm, self.algorithm.solutions(), 0, &mut found);
            self.add(&found);
        }
        Some(step)
    }

    /// The last `count` steps taken to reach where the search stands, newest first: the
    /// History list. Read from a copy stepped back, so the search does not move.
    pub fn history(&self, count: usize) -> Vec<HistoryEntry> {
        let mut search = self.algorithm.clone();
        let weight = search.weight();
        let mut passed = Vec::with_capacity(count.min(64));
        while passed.len() < count {
            let step = search.steps();
            let boards_passed = search.solutions() * weight;
            let Some(event) = search.back() else {
                break;
            };
            passed.push(HistoryEntry {
                step,
                event,
                boards_passed,
            });
        }
        passed
    }

    /// The step right after `which`, or `None` when the search has none within `max_steps`
    /// (see [`landmark::find`]).
    pub fn landmark(&self, which: Landmark, max_steps: u64) -> Option<u64> {
        landmark::find(&self.algorithm, which, max_steps)
    }

    /// Predict mode's question before the next step, on one of the `asked` topics (see
    /// [`predict::question`]); `None` when nothing is asked there, or when the algorithm is
    /// not Richards' bitmask (the only one whose masks the questions are about).
    pub fn question(&self, asked: &[Topic], turn: u32) -> Option<Question> {
        match &self.algorithm {
            Algorithm::Richards(stepper) => predict::question(stepper, asked, turn),
            _ => None,
        }
    }

    /// Predict's grading: why `given` is not the answer to the question asked here about
    /// `topic` (two's complement as `~poss` when `complement`, else `-poss`) whose answer is
    /// `right`, in the core's one line ([`predict::reason`]); `None` when `given` is right.
    /// The question is made again from where the search stands, never taken on trust: one
    /// that is not the one before the next step (another board, another step, another
    /// answer) is [`SessionError::NotAskedHere`].
    pub fn reason(
        &self,
        topic: Topic,
        complement: bool,
        right: Answer,
        given: Answer,
    ) -> Result<Option<String>, SessionError> {
        // With one topic asked, turn 0 asks two's complement as `-poss` and turn 1 as `~poss`
        // (predict::question): the same question again, from where the search stands.
        let here = self
            .question(&[topic], u32::from(complement))
            .filter(|q| q.shown.complement == complement && q.answer == right)
            .ok_or(SessionError::NotAskedHere)?;
        Ok(predict::reason(&here, &given))
    }

    /// Everything the page shows now.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            state: self.algorithm.state(),
            boards_passed: self.boards,
            unique: self.unique,
            classes_by_size: self.by_size,
            kept: self.kept.len() as u64,
            last: self.last_step(),
        }
    }

    /// Adds what a seek passed going forward, and takes off what it undid going back.
    fn count_moved(&mut self, moved: &Moved) {
        self.add(&moved.boards_passed);
        let undone = &moved.undone;
        self.boards -= u64::from(undone.count);
        self.unique -= u64::from(undone.representatives);
        for (mine, &theirs) in self.by_size.iter_mut().zip(&undone.representatives_by_size) {
            *mine -= u64::from(theirs);
        }
        let boards = self.boards;
        while self.kept.last().is_some_and(|f| f.number > boards) {
            self.kept.pop();
        }
    }

    fn add(&mut self, passed: &BoardsPassed) {
        self.boards += u64::from(passed.count);
        self.unique += u64::from(passed.representatives);
        for (mine, &theirs) in self.by_size.iter_mut().zip(&passed.representatives_by_size) {
            *mine += u64::from(theirs);
        }
        self.kept.extend(passed.listed.iter().cloned());
    }

    /// `Ok` when `path` is a node this search enters.
    fn check_node(&self, path: &[u32]) -> Result<(), SessionError> {
        let n = self.algorithm.n();
        let fail = |why: String| {
            Err(SessionError::NoSuchNode {
                path: path.to_vec(),
                why,
            })
        };
        if path.len() > n as usize || path.iter().any(|&c| c >= n) {
            return Err(SessionError::NotANode {
                n,
                path: path.to_vec(),
            });
        }
        let done = full_mask(n)?;
        let (mut ld, mut col, mut rd) = (0u32, 0u32, 0u32);
        let mut top = 0;
        for (row, &column) in path.iter().enumerate() {
            let bit = 1 << (n - 1 - column);
            if (ld | col | rd) & bit != 0 {
                return fail(format!(
                    "the queen in row {}, column {} is attacked by a queen above it",
                    row + 1,
                    column + 1
                ));
            }
            if searched_part(n, self.algorithm.mirror(), row, top) & bit == 0 {
                return fail(format!(
                    "mirror mode does not search column {} of row {}",
                    column + 1,
                    row + 1
                ));
            }
            if row == 0 {
                top = bit;
            }
            (ld, col, rd) = ((ld | bit) >> 1, col | bit, ((rd | bit) << 1) & done);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::{A000170, A002562};

    fn session(kind: Kind, n: u32, mirror: bool) -> Session {
        Session::new(kind, n, mirror).unwrap()
    }

    #[test]
    fn the_counts_match_the_published_tables_at_the_end_and_go_back_to_zero() {
        for mirror in [false, true] {
            for n in 1..=9u32 {
                let i = n as usize - 1;
                let mut s = session(Kind::Richards, n, mirror);
                while !s.run(997, Until::LimitOrEnd, 5).finished {}
                assert_eq!(s.boards_passed(), A000170[i], "n={n} mirror={mirror}");
                assert_eq!(s.unique(), A002562[i], "n={n} mirror={mirror}");
                let by_size = s.classes_by_size();
                assert_eq!(by_size.iter().sum::<u64>(), A002562[i]);
                let boards: u64 = by_size.iter().zip([1, 2, 4, 8]).map(|(c, k)| c * k).sum();
                assert_eq!(boards, A000170[i]);
                assert_eq!(s.kept().len() as u64, A000170[i].min(5));
                while !s.seek(0, 1013, 5).arrived {}
                assert_eq!((s.boards_passed(), s.unique()), (0, 0));
                assert_eq!((s.classes_by_size(), s.kept().len()), ([0; 4], 0));
            }
        }
    }

    #[test]
    fn every_algorithm_counts_the_same_boards() {
        for kind in Kind::ALL {
            let mut s = session(kind, 8, true);
            s.run(u32::MAX, Until::LimitOrEnd, 0);
            assert_eq!((s.boards_passed(), s.unique()), (A000170[7], A002562[7]));
        }
    }

    #[test]
    fn the_last_step_is_the_one_taken_to_reach_the_position_however_it_was_reached() {
        let mut s = session(Kind::Richards, 6, false);
        assert_eq!(s.last_step(), None);
        let mut taken = Vec::new();
        for _ in 0..300 {
            taken.push(s.step().unwrap());
        }
        assert_eq!(s.last_step(), taken.last().copied());
        // Back: the step before the one undone, not the one undone.
        let undone = s.back();
        assert_eq!(undone, Some(taken[299]));
        assert_eq!(s.last_step(), Some(taken[298]));
        s.seek(120, u32::MAX, 0);
        assert_eq!(s.snapshot().last, Some(taken[119]));
        s.seek(0, u32::MAX, 0);
        assert_eq!(s.snapshot().last, None);
        // A jump to a node: its own Place.
        let queens = [5, 3];
        let moved = s.seek_node(&queens, true, u32::MAX, 0).unwrap();
        assert!(moved.arrived);
        assert_eq!(s.last_step(), Some(Step::Place { row: 1, column: 3 }));
        s.run(50, Until::LimitOrEnd, 0);
        s.seek_node(&queens, false, u32::MAX, 0).unwrap();
        assert_eq!(s.last_step(), Some(Step::Place { row: 1, column: 3 }));
    }

    #[test]
    fn kept_boards_follow_the_position() {
        let mut s = session(Kind::Richards, 8, false);
        s.run(u32::MAX, Until::LimitOrEnd, 10);
        assert_eq!(s.kept().len(), 10);
        let numbers: Vec<u64> = s.kept().iter().map(|f| f.number).collect();
        assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
        let fourth = s.kept()[3].step;
        s.seek(fourth, u32::MAX, 10);
        assert_eq!((s.boards_passed(), s.kept().len()), (4, 4));
        s.seek(fourth - 1, u32::MAX, 10);
        assert_eq!((s.boards_passed(), s.kept().len()), (3, 3));
    }

    #[test]
    fn seek_nodes_and_steps_within_a_node_count_the_boards_they_pass() {
        let mut lockstep = session(Kind::BoardScan, 6, false);
        assert!(lockstep.seek_nodes(u64::MAX, u32::MAX));
        assert_eq!(lockstep.boards_passed(), A000170[5]);
        assert!(lockstep.seek_nodes(0, u32::MAX));
        assert_eq!(lockstep.boards_passed(), 0);
        while lockstep.step_within_node().is_some() {}
        assert_eq!(lockstep.boards_passed(), 0);
    }

    #[test]
    fn a_step_past_the_end_is_an_error_with_a_sentence() {
        let mut s = session(Kind::Richards, 4, false);
        s.run(u32::MAX, Until::LimitOrEnd, 0);
        let steps = s.algorithm().steps();
        let error = s.step().unwrap_err();
        assert_eq!(error, SessionError::PastTheEnd { steps });
        assert!(
            error.to_string().contains("no step after the end"),
            "{error}"
        );
        assert_eq!(s.algorithm().steps(), steps, "nothing moved");
    }

    #[test]
    fn a_board_size_the_algorithms_do_not_support_is_an_error_with_a_sentence() {
        for kind in Kind::ALL {
            for n in [0, 33] {
                let error = Session::new(kind, n, false).unwrap_err();
                assert_eq!(error, SessionError::BoardSize(BoardSizeError(n)));
                assert!(error.to_string().contains("from 1 to 32"), "{error}");
            }
        }
    }

    #[test]
    fn a_node_never_entered_is_an_error_with_a_sentence_and_nothing_moves() {
        let mut s = session(Kind::Richards, 6, true);
        s.run(40, Until::LimitOrEnd, 0);
        let before = s.snapshot();
        for (path, says) in [
            (
                &[6][..],
                "A node is a list of at most 6 columns from 0 to 5",
            ),
            (
                &[1, 3, 5, 0, 2, 4, 1][..],
                "A node is a list of at most 6 columns",
            ),
            (
                &[0, 1][..],
                "never enters the node [0, 1]: the queen in row 2, column 2 is attacked",
            ),
            (
                &[5][..],
                "never enters the node [5]: mirror mode does not search column 6 of row 1",
            ),
        ] {
            let error = s.seek_node(path, true, u32::MAX, 0).unwrap_err();
            assert!(error.to_string().contains(says), "{path:?}: {error}");
        }
        assert_eq!(s.snapshot(), before);
        // The same columns are a node of the whole search.
        let mut whole = session(Kind::Richards, 6, false);
        assert!(whole.seek_node(&[5], true, u32::MAX, 0).unwrap().arrived);
    }

    #[test]
    fn history_lists_the_steps_taken_newest_first_with_the_boards_passed_by_then() {
        let mut s = session(Kind::Richards, 6, true);
        let mut taken = Vec::new();
        while !s.algorithm().is_finished() {
            let step = s.step().unwrap();
            taken.push((s.algorithm().steps(), step, s.boards_passed()));
        }
        let all = s.history(usize::MAX);
        assert_eq!(all.len(), taken.len());
        for (passed, &(step, event, solutions)) in all.iter().zip(taken.iter().rev()) {
            assert_eq!(
                (passed.step, passed.event, passed.boards_passed),
                (step, event, solutions)
            );
        }
        assert_eq!(
            all[0].boards_passed, A000170[5],
            "the boards passed, mirror images included"
        );
        assert_eq!(s.history(3), all[..3]);
        assert!(session(Kind::Richards, 6, false).history(50).is_empty());
    }

    /// The loop exercises' reference answers, with `changed` in place of one.
    fn sources(changed: Option<(&'static str, &'static str)>) -> impl Fn(&str) -> Option<String> {
        move |slug| match changed {
            Some((which, answer)) if which == slug => Some(answer.to_owned()),
            _ => crate::exercise::catalogue::find(slug).map(|(_, e)| e.reference.clone()),
        }
    }

    #[test]
    fn your_program_from_the_references_counts_the_published_boards() {
        for (n, mirror) in [(1, false), (6, false), (8, true)] {
            let mut s = Session::yours(n, mirror, sources(None)).unwrap();
            assert!(matches!(s.algorithm(), Algorithm::Yours(_)));
            s.run(u32::MAX, Until::LimitOrEnd, 0);
            assert!(s.algorithm().is_finished());
            let i = n as usize - 1;
            assert_eq!(
                (s.boards_passed(), s.unique()),
                (A000170[i], A002562[i]),
                "n={n}"
            );
        }
        // A wrong answer still runs (the snapshot says where it left Richards' path).
        let wrong = sources(Some(("free-squares", "poss = ~(ld | col | rd);")));
        assert!(Session::yours(6, false, wrong).is_ok());
    }

    #[test]
    fn your_program_refused_says_which_answer_and_where_in_a_sentence() {
        let missing = Session::yours(6, false, |_| None).unwrap_err();
        assert_eq!(
            missing.to_string(),
            "Your program needs an answer to each of free-squares, lowest-bit, take-it-away, next-row; free-squares has none."
        );
        let illegal = sources(Some(("take-it-away", "poss = poss * bit;")));
        let error = Session::yours(6, false, illegal).unwrap_err();
        assert!(matches!(error, SessionError::Program(_)));
        assert!(
            error
                .to_string()
                .starts_with("take-it-away: line 1, column "),
            "{error}"
        );
        let broken = sources(Some(("lowest-bit", "bit = ;")));
        let error = Session::yours(6, false, broken).unwrap_err().to_string();
        assert!(error.starts_with("lowest-bit: line 1, column "), "{error}");
        // A board too big: the same sentence as any search's; the answers are read first.
        let big = Session::yours(33, false, sources(None)).unwrap_err();
        assert_eq!(big, Session::new(Kind::Richards, 33, false).unwrap_err());
        assert!(matches!(
            Session::yours(33, false, |_| None).unwrap_err(),
            SessionError::Program(_)
        ));
    }

    #[test]
    fn a_wrong_answer_has_the_cores_reason_and_a_question_from_elsewhere_is_refused() {
        let s = session(Kind::Richards, 4, false);
        let question = s.question(&[Topic::FreeSquares], 0).unwrap();
        let grade = |given| {
            s.reason(
                question.shown.topic,
                question.shown.complement,
                question.answer,
                given,
            )
        };
        // The empty first row of 4: every square free (0b1111).
        assert_eq!(question.answer, Answer::Digits { mask: 0b1111 });
        assert_eq!(grade(Answer::Digits { mask: 0b1111 }), Ok(None));
        assert_eq!(
            grade(Answer::Digits { mask: 0b11111 }).unwrap().as_deref(),
            Some("Some digits lie off the board: a mask has one digit per column.")
        );
        let outcome = Answer::Outcome {
            outcome: predict::Outcome::Place,
        };
        assert_eq!(
            grade(outcome).unwrap(),
            predict::reason(&question, &outcome),
            "an answer of another form has the core's reason too"
        );
        assert!(grade(outcome).unwrap().is_some());
        // Not the question asked here: another board, another answer, another topic, or the
        // search moved on since. The sentence the page shows.
        let not_here = Err(SessionError::NotAskedHere);
        let elsewhere = session(Kind::Richards, 5, false);
        let right = Answer::Digits { mask: 0b1111 };
        assert_eq!(
            elsewhere.reason(Topic::FreeSquares, false, right, right),
            not_here
        );
        let other = Answer::Digits { mask: 0b0111 };
        assert_eq!(s.reason(Topic::FreeSquares, false, other, other), not_here);
        assert_eq!(s.reason(Topic::LowestBit, false, right, right), not_here);
        let mut moved = s.clone();
        moved.step().unwrap();
        assert_eq!(
            moved.reason(Topic::FreeSquares, false, right, right),
            not_here
        );
        assert_eq!(
            SessionError::NotAskedHere.to_string(),
            "That question is not the one asked before the next step."
        );
        // Not Richards' bitmask: no question is asked, so none is graded.
        let scan = session(Kind::BoardScan, 4, false);
        assert_eq!(
            scan.reason(Topic::FreeSquares, false, right, right),
            not_here
        );
    }

    #[test]
    fn twos_complement_is_graded_as_asked_minus_or_not() {
        let mut s = session(Kind::Richards, 6, false);
        let asked = loop {
            if let Some(q) = s.question(&[Topic::TwosComplement], 1) {
                break q;
            }
            s.step().unwrap();
        };
        assert!(asked.shown.complement, "turn 1 asks ~poss");
        let answer = asked.answer;
        assert_eq!(
            s.reason(Topic::TwosComplement, true, answer, answer),
            Ok(None)
        );
        // The same place asked as -poss is another question, with another answer.
        let minus = s.question(&[Topic::TwosComplement], 0).unwrap();
        assert!(!minus.shown.complement);
        assert_ne!(minus.answer, answer);
        assert_eq!(
            s.reason(Topic::TwosComplement, false, answer, answer),
            Err(SessionError::NotAskedHere)
        );
        assert_eq!(
            s.reason(Topic::TwosComplement, false, minus.answer, answer),
            Ok(predict::reason(&minus, &answer))
        );
        assert!(predict::reason(&minus, &answer).is_some());
    }
}
