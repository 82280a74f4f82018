//! What the timing examples share: the board sizes given on the command line.

use bitqueens::board::full_mask;

/// The board sizes among the arguments, each checked; else a usage line (naming `example`)
/// or the size's error, and exit status 2.
pub fn sizes_from_args(example: &str) -> Vec<u32> {
    let sizes: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        eprintln!("usage: {example} N [N …]   (board sizes 1 to 32)");
        std::process::exit(2);
    }
    for &n in &sizes {
        if let Err(error) = full_mask(n) {
            eprintln!("{error}");
            std::process::exit(2);
        }
    }
    sizes
}
