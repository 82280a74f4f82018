// The published counts (OEIS A000170 and A002562) the tests compare with, never computing
// them: read from the core's one table (crate/src/published.rs, through publishedCounts()),
// as the page reads it. Index n - 1 is the n×n board; the tables stop at the last value a JS
// number holds exactly (n = 25). Needs www/pkg built (npm test builds it).
import { loadCore } from './core.js';

const { totals, uniques } = (await loadCore()).publishedCounts();

export const TOTALS = totals;
export const UNIQUES = uniques;

/** {total, unique} for an n×n board, or null beyond the tables. */
export const published = (n) => (Number.isInteger(n) && n >= 1 && n <= TOTALS.length
  ? { total: TOTALS[n - 1], unique: UNIQUES[n - 1] }
  : null);
