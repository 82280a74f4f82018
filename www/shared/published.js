// The published counts, copied from the OEIS: the page and every JS test compare their counts
// with them, never computing them. Index n - 1 holds the value for an n×n board. The Rust
// side has the same tables in crate/src/published.rs (tests/unit/published.test.js checks
// that the two agree); here they stop at n = 25, the last value below 2^53 that a JS number
// holds exactly.

/** A000170: solutions of the n-queens problem. */
export const TOTALS = [
  1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
  95815104, 666090624, 4968057848, 39029188884, 314666222712, 2691008701644,
  24233937684440, 227514171973736, 2207893435808352,
];

/** A002562: the same, counted once per class of rotations and reflections. */
export const UNIQUES = [
  1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
  83263591, 621012754, 4878666808, 39333324973, 336376244042, 3029242658210,
  28439272956934, 275986683743434,
];

/** {total, unique} for an n×n board, or null when n is beyond the tables. */
export const published = (n) => (Number.isInteger(n) && n >= 1 && n <= TOTALS.length
  ? { total: TOTALS[n - 1], unique: UNIQUES[n - 1] }
  : null);
