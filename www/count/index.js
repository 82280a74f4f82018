// Count all solutions: the panel, the pool of counting workers, the store that lets a count
// be resumed, the race of the counters and the shard check. Other folders use only these
// names:
//   CountPanel, CountPool, startCountWorker

export { CountPanel } from './count-panel.js';
export { CountPool } from './count-pool.js';

/** A new counting worker (count-worker.js), for the pool. Its script is named count-worker.*.js
 *  in dist/, so that tests can tell the counting workers the browser started from the others. */
export const startCountWorker = () => new Worker(/* webpackChunkName: "count-worker" */ new URL('./count-worker.js', import.meta.url));
