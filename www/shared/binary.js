// Masks as text, in the display convention: most significant bit first, so the k-th digit
// from the left stands for board column k.

/** The n low bits of `mask` as n binary digits, most significant first. */
export function toBinary(mask, n) {
  return (mask >>> 0).toString(2).padStart(32, '0').slice(32 - n);
}

/** True when bit `n - 1 - column` of `mask` is set: that column is marked in the mask. */
export function hasColumn(mask, n, column) {
  return ((mask >>> (n - 1 - column)) & 1) === 1;
}

/**
 * The masks of the row `row` below the queens `queens` (queens[r] = column of row r's queen):
 * `col` marks their columns, `ld` each queen's column moved right by its distance in rows
 * (its `\` diagonal), `rd` moved left (its `/` diagonal). Squares pushed off the board drop.
 * The queens must not attack each other (as on every board the search shows).
 * The same as Richards' masks for that row, derived from the board alone.
 */
export function attacksOn(queens, row, n) {
  const bit = (column) => (column >= 0 && column < n ? 2 ** (n - 1 - column) : 0);
  let ld = 0;
  let col = 0;
  let rd = 0;
  // Sums, not ORs: JS bit operators are signed 32-bit, and queens that do not attack each
  // other never mark the same square of a mask twice.
  queens.slice(0, row).forEach((c, r) => {
    ld += bit(c + row - r);
    col += bit(c);
    rd += bit(c - row + r);
  });
  return { ld, col, rd };
}

/** `done`: one bit per column of an n×n board, as an unsigned number. */
export function fullMask(n) {
  return n === 32 ? 0xffffffff : (1 << n) - 1;
}
