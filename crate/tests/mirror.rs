//! Mirror mode: half the first row, each solution found standing for itself and its mirror.
#![cfg(not(target_arch = "wasm32"))] // native tests; the facade has its own beside it in src/wasm/

use bitqueens::published::A000170;
use bitqueens::{Step, Stepper};
use proptest::prelude::*;
use std::collections::HashSet;

fn solutions(mut search: Stepper) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    while let Some(step) = search.next() {
        if let Step::Solution { .. } = step {
            found.push(search.queens());
        }
    }
    found
}

fn mirror_image(queens: &[u32]) -> Vec<u32> {
    let n = queens.len() as u32;
    queens.iter().map(|&c| n - 1 - c).collect()
}

#[test]
fn mirror_mode_counts_a000170_for_n_1_to_12() {
    for n in 1..=12u32 {
        let search = Stepper::with_mirror(n, true).unwrap();
        let weight = search.weight();
        let found = solutions(search).len() as u64;
        assert_eq!(found * weight, A000170[n as usize - 1], "n = {n}");
    }
}

#[test]
fn mirror_mode_finds_exactly_one_of_each_mirror_pair_in_the_full_search_order() {
    for n in 2..=10u32 {
        let all = solutions(Stepper::new(n).unwrap());
        let half = solutions(Stepper::with_mirror(n, true).unwrap());
        // The rule, written out: row 0 in the left half; or, for odd n, row 0 in the
        // middle column and row 1 in the left half.
        let h = n / 2;
        let expected: Vec<Vec<u32>> = all
            .iter()
            .filter(|q| q[0] < h || (n % 2 == 1 && q[0] == h && q[1] < h))
            .cloned()
            .collect();
        assert_eq!(half, expected, "n = {n}");
        let found: HashSet<Vec<u32>> = half.iter().cloned().collect();
        for queens in &all {
            let mirrored = mirror_image(queens);
            assert_ne!(&mirrored, queens);
            assert!(
                found.contains(queens) ^ found.contains(&mirrored),
                "n = {n}: {queens:?}"
            );
        }
    }
}

#[test]
fn mirror_mode_takes_about_half_the_steps() {
    let full = Stepper::new(10).unwrap().count() as f64;
    let half = Stepper::with_mirror(10, true).unwrap().count() as f64;
    assert!(half < 0.6 * full, "{half} vs {full}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn back_is_exact_in_mirror_mode(n in 1u32..=9, k in 0usize..20_000, j in 0usize..20_000) {
        let mut there_and_back = Stepper::with_mirror(n, true).unwrap();
        let taken = there_and_back.by_ref().take(k).count();
        let j = j.min(taken);
        for _ in 0..j {
            prop_assert!(there_and_back.back().is_some());
        }
        let mut direct = Stepper::with_mirror(n, true).unwrap();
        direct.by_ref().take(taken - j).count();
        prop_assert_eq!(there_and_back, direct);
    }
}
