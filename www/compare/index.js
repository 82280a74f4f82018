// Compare: two to four of the six classic programs side by side in lanes, in lockstep, and
// the race of the algorithms (each run to the end in a worker of its own). Other folders use
// only these names:
//   Compare, AlgorithmRace, startAlgorithmWorker

export { Compare } from './compare.js';
export { AlgorithmRace } from './algorithm-race.js';

/** A new worker for the race of the algorithms (algorithm-worker.js). */
export const startAlgorithmWorker = () => new Worker(new URL('./algorithm-worker.js', import.meta.url));
