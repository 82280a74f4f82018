// A counting worker: one job at a time, posted by the pool (count-pool.js), answered with
// {ok: true, total, unique, work} or {ok: false, error}. Jobs:
//   {kind: 'ready'}                 answers once the wasm core is loaded
//   {kind: 'list', n, method}       how many sub-problems the n×n count by `method` ('meet'
//                                   or 'backtrack', the core's count::Method) has, the
//                                   fingerprint of their list, the estimated work of each
//                                   and the order to hand them out in: {subProblems,
//                                   fingerprint, estimatedWork: Float64Array, order: Uint32Array}
//   {kind: 'fast', n, method, indices, delayMs}  the listed sub-problems, by that wasm
//                                   counter: their sums, and parts: [[index, total, unique,
//                                   work], …]; waits delayMs before each (tests only, else 0)
//   {kind: 'burnside', n, method, total, delayMs}  the classes of the whole count from its total:
//                                   {half, quarter, unique} (the core's Counter.burnside)
//   {kind: 'plain-wasm', n, column} the plain recursive bitmask in wasm, one top-row column
//   {kind: 'plain-js', n, column}   the same in plain JavaScript
// `work` is the core's count::Tally.work: the work done, in the method's unit (queens placed
// by backtracking, half-boards built by meeting in the middle). A job's `estimatedWork` is
// the pool's, for progress; the worker ignores it.
// A count is stopped by terminating the worker, never by a message: a job runs to its end.

import { plainCountWithTop as plainJs } from './plain-count.js';
import { coreFromPage } from '../shared/core.js';

const core = coreFromPage(); // the page's compiled core, its first message
let cached = null; // the Counter of the last n and method asked for (its list is reused)
let cachedFor = '';

function counterFor(Counter, { n, method }) {
  if (cachedFor !== `${n} ${method}`) {
    cached?.free();
    cached = null; // not the freed one, should the next line throw (a size the method refuses)
    cached = new Counter(n, method);
    cachedFor = `${n} ${method}`;
  }
  return cached;
}

self.onmessage = async ({ data: job }) => {
  try {
    const { Counter, plainCountWithTop } = await core;
    let part;
    if (job.kind === 'ready') {
      part = {};
    } else if (job.kind === 'list') {
      const counter = counterFor(Counter, job);
      part = {
        subProblems: counter.subProblems,
        fingerprint: counter.fingerprint,
        estimatedWork: counter.estimatedWork(),
        order: counter.handOutOrder(),
      };
    } else if (job.kind === 'fast') {
      const counter = counterFor(Counter, job);
      part = { total: 0, unique: 0, work: 0, parts: [] };
      for (const index of job.indices) {
        if (job.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, job.delayMs));
        const { total, unique, work } = counter.count(index);
        part.total += total;
        part.unique += unique;
        part.work += work;
        part.parts.push([index, total, unique, work]);
      }
    } else if (job.kind === 'burnside') {
      if (job.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, job.delayMs));
      part = counterFor(Counter, job).burnside(job.total);
    } else if (job.kind === 'plain-wasm') {
      part = plainCountWithTop(job.n, job.column);
    } else if (job.kind === 'plain-js') {
      part = plainJs(job.n, job.column);
    } else {
      throw new Error(`unknown job ${JSON.stringify(job.kind)}`);
    }
    self.postMessage({ ok: true, ...part });
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
