//! Times the searches behind the meet counter's unique count: the solutions that a half turn
//! (S180) and a quarter turn (S90) leave unchanged.
//!
//!     cargo run --release -p bitqueens --example turn_symmetric 16 18 20
use bitqueens::count::burnside::{turn_symmetric, Turn};
use std::time::Instant;

fn main() {
    for arg in std::env::args().skip(1) {
        let Ok(n) = arg.parse::<u32>() else {
            eprintln!("{arg:?} is not a board size");
            std::process::exit(2);
        };
        for (turn, name) in [(Turn::Half, "S180"), (Turn::Quarter, "S90")] {
            let started = Instant::now();
            match turn_symmetric(n, turn) {
                Ok(count) => println!(
                    "N = {n}: {name} = {count} in {:.3} s",
                    started.elapsed().as_secs_f64()
                ),
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(2);
                }
            }
        }
    }
}
