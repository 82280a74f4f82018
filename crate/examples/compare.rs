//! Times the fast counter and the plain mirror baseline once each, on one thread, for sizes
//! too slow for criterion: `cargo run --release -p bitqueens --example compare 17`.

use bitqueens::count::backtrack::whole;
use bitqueens::count::plain::plain_count;
use bitqueens::count::Tally;
use std::time::Instant;

#[path = "shared/sizes.rs"]
mod sizes;
use sizes::sizes_from_args;

fn timed(counter: impl FnOnce() -> Tally) -> (Tally, f64) {
    let started = Instant::now();
    let tally = counter();
    (tally, started.elapsed().as_secs_f64())
}

fn main() {
    for n in sizes_from_args("compare") {
        let (fast, fast_s) = timed(|| whole(n).unwrap());
        let (plain, plain_s) = timed(|| plain_count(n, true).unwrap());
        let rate = |t: &Tally, s: f64| t.work as f64 / s / 1e6;
        println!(
            "N = {n}: fast {fast_s:.2} s ({:.0} M nodes/s), plain mirror {plain_s:.2} s ({:.0} M nodes/s), {:.2}x; totals {} / {}",
            rate(&fast, fast_s), rate(&plain, plain_s), plain_s / fast_s, fast.total, plain.total
        );
    }
}
