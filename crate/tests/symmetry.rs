//! Symmetry classes of the stepper's solutions against OEIS A002562 (unique solutions).
#![cfg(not(target_arch = "wasm32"))] // native tests; the facade has its own beside it in src/wasm/

mod common;

use bitqueens::published::{A000170, A002562};
use bitqueens::symmetry::{classify, images, is_representative};
use bitqueens::{Step, Stepper};
use common::is_valid_placement;
use std::collections::HashSet;

fn solutions(n: u32) -> Vec<Vec<u32>> {
    let mut search = Stepper::new(n).unwrap();
    let mut found = Vec::new();
    while let Some(step) = search.next() {
        if let Step::Solution { .. } = step {
            found.push(search.queens());
        }
    }
    found
}

#[test]
fn representatives_count_a002562_and_class_sizes_add_up_to_a000170() {
    for n in 1..=10u32 {
        let all = solutions(n);
        let set: HashSet<Vec<u32>> = all.iter().cloned().collect();
        let mut unique = 0;
        let mut covered = 0;
        for queens in &all {
            let class = classify(queens);
            assert!(
                matches!(class.size, 1 | 2 | 4 | 8),
                "n={n}: class size {}",
                class.size
            );
            assert_eq!(class.size == 1, n == 1);
            for image in images(queens) {
                assert!(
                    is_valid_placement(n, &image),
                    "n={n}: image {image:?} of {queens:?}"
                );
                assert!(
                    set.contains(&image),
                    "n={n}: image {image:?} is not among the solutions"
                );
                assert_eq!(classify(&image).representative, class.representative);
            }
            assert_eq!(is_representative(queens), class.is_representative);
            if class.is_representative {
                unique += 1;
                covered += class.size as u64;
            }
        }
        assert_eq!(unique, A002562[n as usize - 1], "unique solutions, n = {n}");
        assert_eq!(
            covered,
            A000170[n as usize - 1],
            "classes cover every solution, n = {n}"
        );
    }
}
