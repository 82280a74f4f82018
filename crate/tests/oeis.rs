//! Stepping to the end finds exactly the published number of solutions, each valid, all distinct.
#![cfg(not(target_arch = "wasm32"))] // native tests; the facade has its own beside it in src/wasm/

mod common;

use bitqueens::published::A000170;
use bitqueens::{Step, Stepper};
use common::is_valid_placement;
use std::collections::HashSet;

#[test]
fn stepping_to_the_end_finds_every_solution_of_a000170_for_n_1_to_12() {
    for n in 1..=12u32 {
        let mut search = Stepper::new(n).unwrap();
        let mut found = HashSet::new();
        loop {
            match search.step() {
                Step::Solution { number, row } => {
                    assert_eq!(row, n);
                    let queens = search.queens();
                    assert!(is_valid_placement(n, &queens), "n={n}: invalid {queens:?}");
                    assert!(found.insert(queens), "n={n}: solution {number} found twice");
                    assert_eq!(number, found.len() as u64);
                }
                Step::Finished { solutions } => {
                    assert_eq!(solutions, found.len() as u64);
                    break;
                }
                _ => {}
            }
        }
        assert_eq!(found.len() as u64, A000170[n as usize - 1], "n = {n}");
        assert_eq!(search.solutions(), A000170[n as usize - 1]);
    }
}

#[test]
fn stepping_back_from_the_end_returns_to_the_start() {
    for n in 1..=7u32 {
        let start = Stepper::new(n).unwrap();
        let mut search = start.clone();
        let forward: Vec<Step> = search.by_ref().collect();
        let mut backward = Vec::new();
        while let Some(step) = search.back() {
            backward.push(step);
        }
        backward.reverse();
        assert_eq!(forward, backward, "n = {n}");
        assert_eq!(search, start, "n = {n}");
    }
}
