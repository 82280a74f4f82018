//! Which board a wrong answer's counterexample is shown on: the learner's, else the smallest
//! of at least 4 columns, never a 1×1 or 2×2 one unless asked; a smaller board that shows it
//! is named in the summary.

use super::catalogue;
use super::check::{Moment, Origin, Values, PLAIN_BOARD};
use super::*;
use crate::algorithms::richards::Stepper;

fn check_on(slug: &str, source: &str, board: Option<(u32, bool)>) -> Report {
    let (index, exercise) = catalogue::find(slug).unwrap_or_else(|| panic!("no {slug}"));
    check_answer_on(index, exercise, source, board)
}

/// The counterexample's inputs are the values the loop holds at its step of its search.
fn assert_is_a_state_of_its_search(slug: &str, example: &Counterexample) {
    let (_, exercise) = catalogue::find(slug).unwrap();
    let mut stepper = Stepper::with_mirror(example.n, example.mirror).unwrap();
    let step = example.step.expect("a state of the search has a step");
    while stepper.steps() < step {
        stepper.step();
    }
    let values = Values::at(&stepper, Moment::of(&exercise.inputs)).expect("stands at the moment");
    for input in &example.inputs {
        assert_eq!(values.get(&input.name), Some(input.value), "{}", input.name);
    }
    assert_eq!(stepper.queens(), example.queens);
}

// Wrong from the first square of the 1×1 board on: poss = 1 gives 0.
const WRONG_LOWEST: &str = "bit = poss & (poss - 1);";

#[test]
fn with_no_board_the_counterexample_is_on_the_smallest_board_of_4_and_the_1x1_is_named() {
    let report = check_on("lowest-bit", WRONG_LOWEST, None);
    let example = report.counterexample.as_ref().expect("a counterexample");
    assert_eq!(
        (example.origin, example.n, example.mirror),
        (Origin::Search, PLAIN_BOARD, false)
    );
    assert_is_a_state_of_its_search("lowest-bit", example);
    assert!(
        report
            .summary
            .starts_with("Wrong: on the 4×4 board at step"),
        "{}",
        report.summary
    );
    assert!(
        report
            .summary
            .contains("It fails on the 1×1 board too, more plainly: at step"),
        "{}",
        report.summary
    );
    // The command line checks with no board, the same way.
    let (index, exercise) = catalogue::find("lowest-bit").unwrap();
    assert_eq!(check_answer(index, exercise, WRONG_LOWEST), report);
}

#[test]
fn the_board_on_screen_is_preferred_with_its_mirror_mode() {
    for (n, mirror) in [(6, false), (6, true), (8, true), (10, false), (4, false)] {
        let report = check_on("lowest-bit", WRONG_LOWEST, Some((n, mirror)));
        let example = report.counterexample.as_ref().expect("a counterexample");
        assert_eq!(
            (example.origin, example.n, example.mirror),
            (Origin::Search, n, mirror)
        );
        assert_ne!(example.got & example.compared, example.expected);
        assert_is_a_state_of_its_search("lowest-bit", example);
        assert!(
            report.summary.contains(&format!("on the {n}×{n} board")),
            "{}",
            report.summary
        );
        assert!(
            report.summary.contains("It fails on the 1×1 board too"),
            "{}",
            report.summary
        );
    }
}

#[test]
fn a_small_board_on_screen_is_kept_and_a_board_the_check_does_not_walk_falls_back_to_4() {
    let small = check_on("lowest-bit", WRONG_LOWEST, Some((1, false)));
    let example = small.counterexample.as_ref().unwrap();
    assert_eq!((example.n, example.mirror), (1, false));
    assert!(!small.summary.contains("more plainly"), "{}", small.summary);
    for board in [(12, false), (0, false), (33, true)] {
        let report = check_on("lowest-bit", WRONG_LOWEST, Some(board));
        assert_eq!(
            report.counterexample.as_ref().unwrap().n,
            PLAIN_BOARD,
            "{board:?}"
        );
    }
}
