// The algorithms the Compare section shows, one file each: the page's side of an algorithm
// (its slug, blurb, code, drawing of what it keeps, and the sentence for its steps). Adding
// one: its file here and one line in this list (docs/architecture.md, "Adding an
// algorithm"); the core lists it too.

import boardScan from './board-scan.js';
import flagArrays from './flag-arrays.js';
import rowsAsIntegers from './rows-as-integers.js';
import bitByBit from './bit-by-bit.js';
import richards from './richards.js';
import freeMasks from './free-masks.js';
import yours, { codeOf as yoursCode } from './yours.js';

/** Every algorithm, in the order of the lesson. */
export const ALGORITHMS = [boardScan, flagArrays, rowsAsIntegers, bitByBit, richards, freeMasks];

/** The slug of the learner's own loop, and its code panel for a program. */
export const YOURS = yours.slug;
export { yoursCode };

/** Each algorithm, by its slug; Your program (Write it's Run my loop: its code is the
 *  learner's, yoursCode(program)) too. */
export const ALGORITHM_OF = Object.fromEntries([...ALGORITHMS, yours].map((algorithm) => [algorithm.slug, algorithm]));

/** The text under each algorithm's name, by slug. */
export const BLURBS = Object.fromEntries([...ALGORITHMS, yours].map((algorithm) => [algorithm.slug, algorithm.blurb]));
