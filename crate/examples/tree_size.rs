//! Times the exact count of the search tree (what the page's Explored figure divides by) and
//! Knuth's estimate of it, once each, on one thread:
//! `cargo run --release -p bitqueens --example tree_size 16`.

use bitqueens::tree::{estimate_tree, tree_size};
use std::time::Instant;

fn main() {
    let sizes: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        eprintln!("Give one or more board sizes, e.g. `--example tree_size 14 16`.");
        std::process::exit(2);
    }
    for n in sizes {
        let started = Instant::now();
        let size = match tree_size(n, true) {
            Ok(size) => size,
            Err(error) => {
                eprintln!("{error}");
                std::process::exit(2);
            }
        };
        let counted = started.elapsed().as_secs_f64();
        let started = Instant::now();
        let estimate = estimate_tree(n, true, 200_000, 12).expect("the size was checked");
        let estimated = started.elapsed().as_secs_f64();
        println!(
            "n={n}: the mirror-mode tree has {} nodes ({} dead ends, {} steps), counted in {counted:.2} s; \
             Knuth's estimate from 200,000 probes: {:.0} ± {:.0} in {estimated:.3} s",
            size.nodes,
            size.dead_ends,
            size.steps(),
            estimate.nodes,
            estimate.standard_error
        );
    }
}
