//! The fast counters against the published tables, against the stepper, and split into parts.
#![cfg(not(target_arch = "wasm32"))] // native tests; the facade has its own beside it in src/wasm/

mod common;

use bitqueens::count::backtrack::{count_sub_problem, sub_problems, whole};
use bitqueens::count::{CountError, Tally};
use bitqueens::count::{Method, Plan};
use bitqueens::published::{A000170, A002562};
use bitqueens::symmetry::classify;
use bitqueens::{Step, Stepper};

fn check_against_oeis(n: u32) {
    let tally = whole(n).unwrap();
    let i = n as usize - 1;
    assert_eq!(tally.total, A000170[i], "n={n}: total");
    assert_eq!(tally.unique, A002562[i], "n={n}: unique");
}

#[test]
fn totals_and_uniques_equal_a000170_and_a002562_for_n_1_to_15() {
    for n in 1..=15 {
        check_against_oeis(n);
    }
}

/// `npm run test:slow` (about 8 s in release).
#[test]
#[ignore = "slow: run by npm run test:slow"]
fn totals_and_uniques_equal_a000170_and_a002562_for_n_16_and_17() {
    for n in 16..=17 {
        check_against_oeis(n);
    }
}

/// Meeting in the middle, through the plan that the CLI and the page use: every part, then
/// the unique count of the whole by Burnside's lemma.
fn check_meet_against_oeis(n: u32) {
    let plan = Plan::new(n, Method::Meet).unwrap();
    let mut workspace = plan.workspace();
    let whole: Tally = (0..plan.len())
        .map(|i| plan.count_sub_problem(i, &mut workspace).unwrap())
        .sum();
    let i = n as usize - 1;
    assert_eq!(whole.total, A000170[i], "n={n}: total");
    assert_eq!(plan.unique(whole), Ok(A002562[i]), "n={n}: unique");
}

#[test]
fn meeting_in_the_middle_equals_a000170_and_a002562_for_n_1_to_15() {
    for n in 1..=15 {
        check_meet_against_oeis(n);
    }
}

/// `npm run test:slow` (about 20 s in release).
#[test]
#[ignore = "slow: run by npm run test:slow"]
fn meeting_in_the_middle_equals_a000170_and_a002562_for_n_16_to_18() {
    for n in 16..=18 {
        check_meet_against_oeis(n);
    }
}

#[test]
fn the_counter_agrees_with_the_stepper_and_its_symmetry_classes_for_n_up_to_10() {
    for n in 1..=10u32 {
        let mut stepper = Stepper::new(n).unwrap();
        let (mut total, mut unique) = (0, 0);
        while let Some(step) = stepper.next() {
            if let Step::Solution { .. } = step {
                total += 1;
                if classify(&stepper.queens()).is_representative {
                    unique += 1;
                }
            }
        }
        let tally = whole(n).unwrap();
        assert_eq!((tally.total, tally.unique), (total, unique), "n={n}");
    }
}

#[test]
fn sub_problem_counts_add_up_to_the_whole_and_each_visits_its_own_part() {
    for n in 1..=13u32 {
        let problems = sub_problems(n).unwrap();
        let parts: Vec<Tally> = problems
            .iter()
            .map(|p| count_sub_problem(n, p).unwrap())
            .collect();
        let sum: Tally = parts.iter().copied().sum();
        assert_eq!(sum.total, A000170[n as usize - 1], "n={n}");
        assert_eq!(sum.unique, A002562[n as usize - 1], "n={n}");
        assert_eq!(sum, whole(n).unwrap(), "n={n}");
        // Distinct starting states.
        let mut sorted = problems.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(
            sorted.len(),
            problems.len(),
            "n={n}: a sub-problem listed twice"
        );
        if n >= 8 {
            assert!(
                problems.len() >= 4 * n as usize,
                "n={n}: only {} parts",
                problems.len()
            );
        }
    }
}

#[test]
fn the_work_is_split_fine_enough_to_share_between_many_workers() {
    let problems = sub_problems(17).unwrap();
    assert!(problems.len() >= 500, "{} sub-problems", problems.len());
    assert!(problems.iter().all(|p| p.len() == 3));
}

#[test]
fn sizes_outside_1_to_32_and_foreign_prefixes_are_errors_not_panics() {
    assert!(whole(0).is_err());
    assert!(whole(33).is_err());
    assert!(sub_problems(0).is_err());
    assert!(matches!(
        count_sub_problem(33, &[0]),
        Err(CountError::BoardSize(_))
    ));
    for bad in [
        &[][..],
        &[7, 0, 0],
        &[1, 1, 1],
        &[0, 1, 3],
        &[0, 40, 2],
        &[250],
        &[5],
    ] {
        assert_eq!(
            count_sub_problem(8, bad),
            Err(CountError::NotASubProblem),
            "{bad:?}"
        );
    }
    // A full board of 32 is accepted; its count just never ends, so only the setup is checked.
    assert!(sub_problems(32).unwrap().len() > 1000);
}

#[test]
fn the_plain_baselines_count_a000170_with_and_without_mirror_for_n_1_to_12() {
    use bitqueens::count::plain::plain_count;
    for n in 1..=12u32 {
        let whole = plain_count(n, false).unwrap();
        let mirrored = plain_count(n, true).unwrap();
        assert_eq!(whole.total, A000170[n as usize - 1], "n={n}");
        assert_eq!(mirrored.total, A000170[n as usize - 1], "n={n} mirror");
        if n >= 8 {
            assert!(
                mirrored.work < whole.work * 6 / 10,
                "n={n}: mirror saves no work"
            );
        }
    }
    assert!(plain_count(0, true).is_err() && plain_count(33, false).is_err());
}
