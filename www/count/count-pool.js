// A pool of counting workers (count-worker.js). It hands out jobs one by one, two in flight
// per worker so that no worker waits for the main thread, adds up the answers, and reports
// progress. Cancelling terminates every worker at once (a running job can't be interrupted
// any other way); the next count starts fresh ones. Owns no DOM: a worker is anything
// makeWorker() returns that speaks count-worker.js's messages (postMessage, onmessage,
// onerror, terminate), so tests give it fakes.

import { countingMethod, defaultCountingMethod } from '../shared/core-constants.js';
import { WorkerLink } from '../shared/worker-link.js';

/** Rejection reason of a count stopped by cancel(). */
export class Cancelled extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'Cancelled';
  }
}

/** Rejection reason of a resumed count whose saved sub-problems belong to another list. */
export class ListChanged extends Error {
  constructor(n) {
    super(`The saved progress of N = ${n} was made on another list of sub-problems (by another version of this page): it can't be added to this one's.`);
    this.name = 'ListChanged';
  }
}

const IN_FLIGHT = 2;
const BATCHES_PER_WORKER = 32;
/** From this board size up, each sub-problem is a job of its own. */
export const ONE_PER_JOB_FROM = 18;

/** One counting worker and the promises of its jobs, answered in the order they were posted. */
class PoolWorker {
  constructor(makeWorker) {
    this.waiting = [];
    this.link = new WorkerLink(makeWorker, {
      what: 'a counting worker',
      heard: (data) => {
        const { resolve, reject } = this.waiting.shift();
        if (data.ok) resolve(data);
        else reject(new Error(data.error));
      },
      failed: (error) => this.fail(error),
    });
  }

  post(job) {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.link.post(job);
    });
  }

  fail(error) {
    for (const { reject } of this.waiting.splice(0)) reject(error);
  }

  terminate(error) {
    this.link.end();
    this.fail(error);
  }
}

export class CountPool {
  /**
   * `makeWorker()` returns a new Worker running count-worker.js; `size` is the most used.
   * `delayMs` (tests only) makes the workers wait that long before each sub-problem and
   * before Burnside's step.
   */
  constructor(makeWorker, size, { delayMs = 0 } = {}) {
    this.makeWorker = makeWorker;
    this.size = size;
    this.delayMs = delayMs;
    this.workers = [];
    this.running = false;
  }

  /** Workers alive now (0 after a cancel). */
  get liveWorkers() {
    return this.workers.length;
  }

  /**
   * Counts all n×n solutions with a fast counter on `workers` workers. Resolves to
   * {total, unique, work, ms, subProblems, workers, fingerprint, resumed, method,
   * burnside}; rejects with Cancelled on cancel(). Options:
   *   method    a slug of the core's count::Method ('meet', 'backtrack'); the core's default
   *             when none. A method whose unique count is 'burnside' (countingMethods()) has
   *             parts with no unique count: it comes at the end from the total, by Burnside's
   *             lemma, and `burnside` is {half, quarter, unique} (null for the others).
   *   onUnique()   when that last step starts (its search takes seconds from N = 20 on)
   *   earlier   {fingerprint, parts: Map index → [total, unique, work]}: sub-problems
   *             counted before (saved progress); they are added, not counted again. Rejects
   *             with ListChanged when the list's fingerprint is not theirs.
   *   onStart({method, subProblems, fingerprint})   once the list is known, before any count
   *   onParts([[index, total, unique, work], …])   as each job's sub-problems finish
   * `work` (in the method's unit) and `ms` are this run's own; `resumed` is the number of
   * sub-problems taken from `earlier`.
   */
  async countAll(n, workers, onProgress, { method = defaultCountingMethod(), earlier = null, onStart, onParts, onUnique } = {}) {
    return this.#exclusive(async () => {
      const started = await this.#ready(workers);
      const { subProblems, fingerprint, estimatedWork, order } = await started[0].post({ kind: 'list', n, method });
      if (earlier && earlier.fingerprint !== fingerprint) throw new ListChanged(n);
      await onStart?.({ method, subProblems, fingerprint });
      const done = earlier?.parts ?? new Map();
      // In the core's hand-out order, so that the sub-problems finished are a fair sample of
      // all of them and the time left can be read from their estimated work.
      const todo = Array.from(order).filter((index) => !done.has(index));
      // Batches of sub-problems: enough of them (BATCHES_PER_WORKER each) to keep every worker
      // busy to the end, few enough that messages cost nothing next to counting. From
      // ONE_PER_JOB_FROM up, the backtracking counter's sub-problems are slow enough to be a
      // job each: each is then reported (and kept, when saved) as soon as it is counted. The
      // meet counter's are thousands of small ones at every size: always batched.
      const size = n >= ONE_PER_JOB_FROM && method === 'backtrack' ? 1
        : Math.max(1, Math.ceil(todo.length / (started.length * BATCHES_PER_WORKER)));
      const jobs = [];
      for (let from = 0; from < todo.length; from += size) {
        jobs.push(fastJob(n, method, todo.slice(from, from + size), estimatedWork, this.delayMs));
      }
      const before = { total: 0, unique: 0, done: done.size, estimatedWork: 0 };
      for (const [index, [total, unique]] of done) {
        before.total += total;
        before.unique += unique;
        before.estimatedWork += estimatedWork[index];
      }
      const result = await this.#share(started, jobs, onProgress, before, onParts);
      let burnside = null;
      if (countingMethod(method).uniqueCount === 'burnside') {
        onUnique?.();
        burnside = await started[0].post({ kind: 'burnside', n, method, total: result.total, delayMs: this.delayMs });
        result.unique = burnside.unique;
      }
      return { ...result, subProblems, workers: started.length, fingerprint, resumed: done.size, method, burnside };
    });
  }

  /**
   * Counts the listed sub-problems of n×n once each with the `method` counter on `workers`
   * workers, one job each; resolves to {fingerprint, subProblems, parts: Map index →
   * [total, unique, work]}. For checking a shard: `fingerprint` is the page's own list's,
   * and when it is not `expected` nothing is counted (parts: null).
   */
  async countSome(n, method, indices, workers, onProgress, expected = null) {
    return this.#exclusive(async () => {
      const started = await this.#ready(workers);
      const { subProblems, fingerprint, estimatedWork } = await started[0].post({ kind: 'list', n, method });
      if (expected !== null && expected !== fingerprint) return { fingerprint, subProblems, parts: null };
      const parts = new Map();
      const valid = indices.filter((index) => index < subProblems);
      const jobs = valid.map((index) => fastJob(n, method, [index], estimatedWork, this.delayMs));
      await this.#share(started, jobs, onProgress, undefined, (done) => {
        for (const [index, ...counts] of done) parts.set(index, counts);
      });
      return { fingerprint, subProblems, parts };
    });
  }

  /** Counts with a plain counter ('plain-wasm' or 'plain-js') on one worker, column by column. */
  async countPlain(kind, n, onProgress) {
    return this.#exclusive(async () => {
      const started = await this.#ready(1);
      const jobs = Array.from({ length: n }, (_, column) => ({ kind, n, column, estimatedWork: 1 }));
      return { ...(await this.#share(started, jobs, onProgress)), workers: 1 };
    });
  }

  /** Stops the count in progress, if any: every worker is terminated now. */
  cancel(reason = 'Cancelled') {
    const error = new Cancelled(reason);
    for (const worker of this.workers.splice(0)) worker.terminate(error);
  }

  async #exclusive(count) {
    if (this.running) throw new Error('A count is already running.');
    this.running = true;
    try {
      return await count();
    } catch (error) {
      // A crashed worker may still hold jobs: start clean next time.
      if (!(error instanceof Cancelled)) this.cancel();
      throw error;
    } finally {
      this.running = false;
    }
  }

  /** The first `count` workers, started if needed, each with its wasm core loaded. */
  async #ready(count) {
    const wanted = Math.max(1, Math.min(count, this.size));
    while (this.workers.length < wanted) this.workers.push(new PoolWorker(this.makeWorker));
    const ready = this.workers.slice(0, wanted);
    await Promise.all(ready.map((worker) => worker.post({ kind: 'ready' })));
    return ready;
  }

  /**
   * Runs `jobs` on `workers`, timing from the first post; sums the answers onto `before`
   * ({total, unique, done, estimatedWork}: what was counted earlier) and hands each answer's
   * parts to `onParts`. Progress: {total, unique, work (this run's), done, of, ms,
   * estimatedBefore, estimatedDone, estimatedLeft}: sub-problems (or columns) done of all, and
   * the estimated work (a job's `estimatedWork`) counted earlier, finished by this run, and left.
   */
  async #share(workers, jobs, onProgress, before = { total: 0, unique: 0, done: 0, estimatedWork: 0 }, onParts) {
    const sum = { total: before.total, unique: before.unique, work: 0 };
    const started = performance.now();
    let next = 0;
    let done = before.done;
    let estimatedDone = 0;
    // Progress counts sub-problems (or columns): a job holds its indices, or one column.
    const weight = (job) => job.indices?.length ?? 1;
    const of = before.done + jobs.reduce((total, job) => total + weight(job), 0);
    let estimatedLeft = jobs.reduce((total, job) => total + job.estimatedWork, 0);
    const report = () => onProgress?.({
      ...sum, done, of, ms: performance.now() - started,
      estimatedBefore: before.estimatedWork, estimatedDone, estimatedLeft,
    });
    const feed = async (worker) => {
      const pending = [];
      while (next < jobs.length || pending.length) {
        while (next < jobs.length && pending.length < IN_FLIGHT) {
          const job = jobs[next++];
          const answer = worker.post(job);
          answer.catch(() => {}); // a cancel rejects them all; the one awaited below reports it
          pending.push({ job, answer });
        }
        const { job, answer } = pending.shift();
        const part = await answer;
        sum.total += part.total;
        sum.unique += part.unique;
        sum.work += part.work;
        done += weight(job);
        estimatedDone += job.estimatedWork;
        estimatedLeft -= job.estimatedWork;
        if (part.parts) onParts?.(part.parts);
        report();
      }
    };
    report();
    await Promise.all(workers.map(feed));
    return { ...sum, ms: performance.now() - started };
  }
}

/** A job of the fast counter: the sub-problems `indices` of n×n, with their estimated work. */
function fastJob(n, method, indices, estimatedWork, delayMs) {
  const estimated = indices.reduce((total, index) => total + estimatedWork[index], 0);
  return { kind: 'fast', n, method, indices, delayMs, estimatedWork: estimated };
}
