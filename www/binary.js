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
