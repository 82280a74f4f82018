// The algorithms the Compare section shows, one file each. Adding one: its file here and one
// line in this list (see the README, "Adding an algorithm"); the core lists it too.

import boardScan from './board-scan.js';
import flagArrays from './flag-arrays.js';
import rowsAsIntegers from './rows-as-integers.js';
import bitByBit from './bit-by-bit.js';
import richards from './richards.js';
import freeMasks from './free-masks.js';

/** Every algorithm's view, in the order of the lesson. */
export const ALGORITHM_VIEWS = [boardScan, flagArrays, rowsAsIntegers, bitByBit, richards, freeMasks];

/** The view of each algorithm, by its slug. */
export const VIEW_OF = Object.fromEntries(ALGORITHM_VIEWS.map((view) => [view.slug, view]));

/** The text under each algorithm's name, by slug. */
export const BLURBS = Object.fromEntries(ALGORITHM_VIEWS.map((view) => [view.slug, view.blurb]));
