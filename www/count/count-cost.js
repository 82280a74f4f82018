// What a count will cost, said before a long one starts: its time on this computer, and the
// memory each worker takes when it meets in the middle. Pure: no DOM, no workers; the count
// panel passes in what this visit has counted. The figures below are measured (the command
// that measured each is noted at it); docs/performance.md has their current tables.

import { published } from '../shared/core-constants.js';

/**
 * Milliseconds for one worker at N = 17 on the 2-core machine of docs/performance.md, for
 * each method: `npm run bench:count` (95,815,104 solutions). Used until this visit has
 * counted something by that method.
 */
const MS_N17_ONE_WORKER = Object.freeze({ backtrack: 7_640, meet: 2_650 });

/**
 * Meeting in the middle on one native thread: N → [seconds, peak MiB], by
 * `bitqueens count N --threads 1` under GNU time (docs/performance.md); below N = 16 the
 * seconds are the count's own (`count::meet::whole_total` alone) and the memory the process's. Its work
 * does not follow the number of solutions (odd sizes cost relatively more), so its estimates
 * follow these seconds. N = 21 is extrapolated (×47 from N = 19: the growth over two sizes
 * went from ×25 for 16→18 to ×53 for 18→20). The memory from N = 16 on holds the upper
 * quarters' lists the counter keeps (at most 16 MiB a side): measured peaks for N = 16..18
 * (docs/performance.md, issue 43); for N = 19..21 the peak before them plus the 32 MiB they
 * take at most.
 */
const MEET_NATIVE = Object.freeze({
  10: [0.00019, 3], 11: [0.0009, 3], 12: [0.00125, 3], 13: [0.0086, 3], 14: [0.0126, 3],
  15: [0.105, 3], 16: [0.234, 18], 17: [1.886, 15], 18: [5.79, 31], 19: [41.8, 39],
  20: [304.4, 45], 21: [1970, 42],
});
const MEET_SMALLEST = 10;
const MEET_LARGEST = 21;

/** Meeting in the middle's work at N, in the seconds of MEET_NATIVE: below 10 as at 10 (next
 *  to none), above 21 as at 21. */
function meetWork(n) {
  return MEET_NATIVE[n]?.[0] ?? MEET_NATIVE[n < MEET_SMALLEST ? MEET_SMALLEST : MEET_LARGEST][0];
}

/** The memory one worker counting N by meeting in the middle takes, in MiB (N clamped to
 *  10..21, the sizes measured). */
export function meetMemoryMiB(n) {
  return MEET_NATIVE[Math.min(Math.max(n, MEET_SMALLEST), MEET_LARGEST)][1];
}

/** The memory one worker counting N by `method` takes, in MiB, where measured (meeting in the
 *  middle's, meetMemoryMiB); null for a method whose memory does not grow with N. */
export function memoryMiB(n, method) {
  return method === 'meet' ? meetMemoryMiB(n) : null;
}

/**
 * Estimated milliseconds to count N by `method` ('backtrack' or 'meet') on `workers` workers.
 * `reference`: a count by the same method in this visit to scale from ({n, ms, workers}, of a
 * smaller board), or null: then N = 17 of MS_N17_ONE_WORKER. The backtracking counter's work
 * grows as the number of solutions (OEIS A000170), meeting in the middle's as MEET_NATIVE;
 * the work is shared evenly by the workers.
 */
export function estimateMs(n, workers, method, reference = null) {
  const [fromN, msOneWorker] = reference
    ? [reference.n, reference.ms * reference.workers]
    : [17, MS_N17_ONE_WORKER[method]];
  const growth = method === 'meet' ? meetWork(n) / meetWork(fromN) : published(n).total / published(fromN).total;
  return (msOneWorker * growth) / workers;
}
