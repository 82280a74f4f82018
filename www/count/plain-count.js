// The classic JavaScript count, as blog posts write it: a recursive bitmask search with no
// symmetry. The race runs it against the wasm counters; it is split by the column of the
// top-row queen only so that the race can show progress between columns.

/** {total, unique: 0, work} of the n×n boards with the top-row queen in `column` (n ≤ 31), as
 *  the core's plainCountWithTop gives them: its work is the nodes of the search. */
export function plainCountWithTop(n, column) {
  const full = (1 << n) - 1;
  let total = 0;
  let nodes = 1;
  const search = (ld, col, rd) => {
    if (col === full) {
      total++;
      return;
    }
    let poss = ~(ld | col | rd) & full;
    while (poss !== 0) {
      const bit = poss & -poss;
      poss -= bit;
      nodes++;
      search(((ld | bit) << 1) & full, col | bit, (rd | bit) >> 1);
    }
  };
  const bit = 1 << column;
  search((bit << 1) & full, bit, bit >> 1);
  return { total, unique: 0, work: nodes };
}
