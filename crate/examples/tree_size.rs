//! Times the exact count of the search tree (what the page's Explored figure divides by) and
//! Knuth's estimate of it, once each, on one thread:
//! `cargo run --release -p bitqueens --example tree_size 16`.

use bitqueens::tree::{estimate_tree, tree_size};
use std::time::Instant;

#[path = "shared/sizes.rs"]
mod sizes;
use sizes::sizes_from_args;

fn main() {
    for n in sizes_from_args("tree_size") {
        let started = Instant::now();
        let size = tree_size(n, true).expect("the size was checked");
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
