// A pool of counting workers (count-worker.js). It hands out jobs one by one, two in flight
// per worker so that no worker waits for the main thread, adds up the answers, and reports
// progress. Cancelling terminates every worker at once (a running job can't be interrupted
// any other way); the next count starts fresh ones. Owns no DOM.

/** Rejection reason of a count stopped by cancel(). */
export class Cancelled extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'Cancelled';
  }
}

const IN_FLIGHT = 2;
const BATCHES_PER_WORKER = 32;

/** One worker and the promises of its jobs, answered in the order they were posted. */
class Lane {
  constructor(makeWorker) {
    this.worker = makeWorker();
    this.waiting = [];
    this.worker.onmessage = ({ data }) => {
      const { resolve, reject } = this.waiting.shift();
      if (data.ok) resolve(data);
      else reject(new Error(data.error));
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(event.message || 'a counting worker crashed'));
    };
  }

  post(job) {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(job);
    });
  }

  fail(error) {
    for (const { reject } of this.waiting.splice(0)) reject(error);
  }

  terminate(error) {
    this.worker.terminate();
    this.fail(error);
  }
}

export class CountPool {
  /** `makeWorker()` returns a new Worker running count-worker.js; `size` is the most used. */
  constructor(makeWorker, size) {
    this.makeWorker = makeWorker;
    this.size = size;
    this.lanes = [];
    this.running = false;
  }

  /** Workers alive now (0 after a cancel). */
  get liveWorkers() {
    return this.lanes.length;
  }

  /**
   * Counts all n×n solutions with the optimised counter on `workers` workers. Resolves to
   * {total, unique, nodes, ms, subProblems, workers}; rejects with Cancelled on cancel().
   */
  async countAll(n, workers, onProgress) {
    return this.#exclusive(async () => {
      const lanes = await this.#ready(workers);
      const { subProblems } = await lanes[0].post({ kind: 'list', n });
      // Batches of sub-problems: enough of them (BATCHES_PER_WORKER each) to keep every worker
      // busy to the end, few enough that messages cost nothing next to counting.
      const size = Math.max(1, Math.ceil(subProblems / (lanes.length * BATCHES_PER_WORKER)));
      const jobs = [];
      for (let from = 0; from < subProblems; from += size) {
        jobs.push({ kind: 'fast', n, from, to: Math.min(subProblems, from + size) });
      }
      return { ...(await this.#share(lanes, jobs, onProgress)), subProblems, workers: lanes.length };
    });
  }

  /** Counts with a plain counter ('plain-wasm' or 'plain-js') on one worker, column by column. */
  async countPlain(kind, n, onProgress) {
    return this.#exclusive(async () => {
      const lanes = await this.#ready(1);
      const jobs = Array.from({ length: n }, (_, column) => ({ kind, n, column }));
      return { ...(await this.#share(lanes, jobs, onProgress)), workers: 1 };
    });
  }

  /** Stops the count in progress, if any: every worker is terminated now. */
  cancel(reason = 'Cancelled') {
    const error = new Cancelled(reason);
    for (const lane of this.lanes.splice(0)) lane.terminate(error);
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
    while (this.lanes.length < wanted) this.lanes.push(new Lane(this.makeWorker));
    const lanes = this.lanes.slice(0, wanted);
    await Promise.all(lanes.map((lane) => lane.post({ kind: 'ready' })));
    return lanes;
  }

  /** Runs `jobs` on `lanes`, timing from the first post; sums the answers. */
  async #share(lanes, jobs, onProgress) {
    const sum = { total: 0, unique: 0, nodes: 0 };
    const started = performance.now();
    let next = 0;
    let done = 0;
    // Progress counts sub-problems (or columns): a job holds `to - from` of them, or one.
    const weight = (job) => (job.to ?? 1) - (job.from ?? 0);
    const of = jobs.reduce((total, job) => total + weight(job), 0);
    const report = () => onProgress?.({ ...sum, done, of, ms: performance.now() - started });
    const feed = async (lane) => {
      const pending = [];
      while (next < jobs.length || pending.length) {
        while (next < jobs.length && pending.length < IN_FLIGHT) {
          const job = jobs[next++];
          const answer = lane.post(job);
          answer.catch(() => {}); // a cancel rejects them all; the one awaited below reports it
          pending.push({ job, answer });
        }
        const { job, answer } = pending.shift();
        const part = await answer;
        sum.total += part.total;
        sum.unique += part.unique;
        sum.nodes += part.nodes;
        done += weight(job);
        report();
      }
    };
    report();
    await Promise.all(lanes.map(feed));
    return { ...sum, ms: performance.now() - started };
  }
}
