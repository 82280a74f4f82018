//! Times the fast counter and the plain mirror baseline once each, on one thread, for sizes
//! too slow for criterion: `cargo run --release -p bitqueens --example compare 17`.

use bitqueens::count::{count, Tally};
use bitqueens::plain::plain_count;
use bitqueens::search::full_mask;
use std::time::Instant;

fn timed(counter: impl FnOnce() -> Tally) -> (Tally, f64) {
    let started = Instant::now();
    let tally = counter();
    (tally, started.elapsed().as_secs_f64())
}

fn main() {
    let sizes: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        eprintln!("usage: compare N [N …]   (board sizes 1 to 32)");
        std::process::exit(2);
    }
    for n in sizes {
        if let Err(error) = full_mask(n) {
            eprintln!("{error}");
            std::process::exit(2);
        }
        let (fast, fast_s) = timed(|| count(n).unwrap());
        let (plain, plain_s) = timed(|| plain_count(n, true).unwrap());
        let rate = |t: &Tally, s: f64| t.nodes as f64 / s / 1e6;
        println!(
            "N = {n}: fast {fast_s:.2} s ({:.0} M nodes/s), plain mirror {plain_s:.2} s ({:.0} M nodes/s), {:.2}x; totals {} / {}",
            rate(&fast, fast_s), rate(&plain, plain_s), plain_s / fast_s, fast.total, plain.total
        );
    }
}
