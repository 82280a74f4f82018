// The six algorithms' code, as pseudocode, Rust and JavaScript, and the lines (0-based) each
// kind of step executes, in the shape of code.js's RICHARDS: the three renderings of an
// algorithm line up line for line, so one map from events to lines serves them all.
//
// Every algorithm tries a row's columns right to left, as Richards' `bit = poss & -poss`
// takes the lowest bit first: that is what keeps them in lockstep.

import { ALGORITHMS } from './algorithms/index.js';

/** Each algorithm's code, by slug (each is in its own file under algorithms/). */
export const CODE = Object.fromEntries(ALGORITHMS.map((algorithm) => [algorithm.slug, algorithm.code]));
