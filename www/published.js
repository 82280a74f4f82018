// The published counts, copied from the OEIS: the page compares its own counts with them and
// never computes them. Index n - 1 holds the value for an n×n board.

/** A000170: solutions of the n-queens problem. */
export const TOTALS = [
  1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
  95815104, 666090624, 4968057848, 39029188884,
];

/** A002562: the same, counted once per class of rotations and reflections. */
export const UNIQUES = [
  1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
  83263591, 621012754, 4878666808,
];

export const published = (n) => (n >= 1 && n <= TOTALS.length
  ? { total: TOTALS[n - 1], unique: UNIQUES[n - 1] }
  : null);
