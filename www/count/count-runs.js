// The count panel's four flows, one runner each: a count (asked about first when it is long),
// a count resumed from what the browser kept, the race of the counters, and the check of a
// shard. Each runner is made for one board size and one method, fixed when it is made (its
// `n`, `method` and `workers` cannot be changed), runs once on the pool, and resolves to an
// outcome the panel draws:
//
//   {kind: 'done', …}         what the flow made (below, per runner)
//   {kind: 'cancelled', message, ms, kept, progress: {done, of, total}}
//                             the pool was cancelled (Cancel, the panel closed, a new size):
//                             `ms` ran, `kept` true when what was counted is kept in the
//                             browser, `progress` as last told (zeros when never)
//   {kind: 'failed', error}   a worker or the core failed: a bug, the panel reports it
//   {kind: 'listChanged', message}   (a resumed count only) the kept parts were made on
//                             another list of sub-problems: they are forgotten
//
// The runners own no DOM. They tell a `screen` (the panel) what happens as it happens:
//   screen.progress(report, run, racer)   each report of the pool (count-pool.js's #share);
//                                         `racer` the racer's kind in a race, else undefined
//   screen.unique(run)                    the Burnside step of a count began
//   screen.racerFinished(kind, result)    a racer of the race finished
//   screen.racerStopped(kind, why)        the race stopped during that racer ('cancelled', 'failed')
// `clock` is {now()} in milliseconds (performance.now by default), for the time a run took.
// One thing runs at a time: the panel's machine (count-machine.js) decides when a runner is
// made and run; the pool refuses a second run while one goes.

import { Cancelled, ListChanged } from './count-pool.js';
import { estimateMs, memoryMiB } from './count-cost.js';
import { countingMethod } from '../shared/core-constants.js';

export const BROWSER_CLOCK = Object.freeze({ now: () => performance.now() });

/** The racers, one after another on one worker, each timed alone (named and described by the
 *  catalogs' count-racer-<kind>-name and -detail: counter-race.js). The race is between
 *  backtracking programs (their work is nodes): the fast one is the backtracking counter,
 *  run by the pool as a count by `method`; the plain ones have no method (countPlain). */
export const RACE_METHOD = 'backtrack';
export const RACERS = Object.freeze([
  { kind: 'plain-js' },
  { kind: 'plain-wasm' },
  { kind: 'fast', method: RACE_METHOD },
]);

/** What every runner shares: its fixed board, method and workers; progress; how it stopped. */
class Run {
  constructor(pool, { n, method, workers }, screen, clock) {
    if (!methodAbout(method)) throw new Error(`No counting method “${method}”.`);
    // Fixed for the run's life: read-only, and throwing (strict mode) when assigned.
    Object.defineProperties(this, {
      n: { value: n, enumerable: true },
      method: { value: method, enumerable: true },
      workers: { value: workers, enumerable: true },
    });
    this.pool = pool;
    this.screen = screen;
    this.clock = clock;
    this.started = null;
    this.lastProgress = null; // {done, of, total}, as last told
  }

  /** The unit of this run's work ("half-boards", "nodes", "solutions"): its method's words. */
  get workUnit() {
    return methodAbout(this.method).workUnit;
  }

  /** Milliseconds since the run started. */
  elapsed() {
    return this.clock.now() - this.started;
  }

  /** Stops the run: every worker of the pool is terminated; run() then resolves 'cancelled'. */
  cancel(why) {
    this.pool.cancel(why);
  }

  begin() {
    if (this.started !== null) throw new Error('A runner runs once.');
    this.started = this.clock.now();
  }

  progress(report, racer) {
    const { done, of, total } = report;
    this.lastProgress = { done, of, total };
    this.screen.progress?.(report, this, racer);
  }

  /** The outcome of a run that threw `error`; `kept`: what was counted is kept in the browser. */
  stopped(error, kept = false) {
    if (!(error instanceof Cancelled)) return { kind: 'failed', error };
    return { kind: 'cancelled', message: error.message, ms: this.elapsed(), kept, progress: this.lastProgress ?? { done: 0, of: 0, total: 0 } };
  }
}

/**
 * Count all n×n solutions by `method` on `workers` workers. `store` (a CountStore, or null)
 * keeps each finished sub-problem when `keep`; `earlier` (a kept count, {method, fingerprint,
 * subProblems, parts}) is gone on with instead of counting from zero. Done: {kind: 'done',
 * row: {n, method, total, unique, work, ms, workers, subProblems, fingerprint, resumed,
 * burnside}, forgetError} (forgetError: the kept progress of n could not be removed, or null).
 */
export class CountRun extends Run {
  constructor(pool, { n, method, workers, store = null, keep = false, earlier = null }, screen = {}, clock = BROWSER_CLOCK) {
    super(pool, { n, method, workers }, screen, clock);
    if (earlier && earlier.method !== method) throw new Error(`A kept count by ${earlier.method} is gone on with by its own method, not ${method}.`);
    this.store = store;
    this.keep = Boolean(store && keep);
    this.earlier = earlier;
  }

  /** True when the page asks before this count: its board is above its method's askAbove.
   *  A resumed count is never asked about (it was, when it began). */
  get long() {
    return !this.earlier && this.n > countingMethod(this.method).askAbove;
  }

  /** What the count will cost: {ms, memoryMiB} (memoryMiB null where not measured), scaled
   *  from `reference`, a count by the same method in this visit, if any (count-cost.js). */
  cost(reference = null) {
    return { ms: estimateMs(this.n, this.workers, this.method, reference), memoryMiB: memoryMiB(this.n, this.method) };
  }

  async run() {
    this.begin();
    const { n, method, workers, earlier, store } = this;
    const keeping = this.keep ? store : null;
    try {
      const result = await this.pool.countAll(n, workers, (report) => this.progress(report), {
        method,
        earlier,
        onUnique: () => this.screen.unique?.(this),
        onStart: keeping ? (list) => keeping.begin(n, list, !earlier) : undefined,
        onParts: keeping ? (parts) => keeping.add(n, parts) : undefined,
      });
      // Finished: nothing of n is left to resume. (Failing to forget does not undo the count.)
      let forgetError = null;
      await store?.forget(n).catch((error) => { forgetError = error; });
      return { kind: 'done', row: { n, ...result }, forgetError };
    } catch (error) {
      if (error instanceof ListChanged) {
        let forgetError = null;
        await store?.forget(n).catch((failed) => { forgetError = failed; });
        return { kind: 'listChanged', message: error.message, forgetError };
      }
      return this.stopped(error, Boolean(keeping));
    } finally {
      if (keeping) await keeping.flush(); // a write that fails is reported as it fails (the store's onWriteFailed)
    }
  }
}

/**
 * Going on with the count of n kept in `store`: load() reads it and gives the CountRun that
 * counts the rest, by the kept count's own method, or null when nothing of n is kept any more.
 */
export class ResumeRun {
  constructor(store, n) {
    this.store = store;
    Object.defineProperty(this, 'n', { value: n, enumerable: true });
  }

  /**
   * The kept count to offer among `runs` (CountStore.runs(), the latest first): the one of
   * the size `typed` if there is one, else the latest; `atStart` (the page has just loaded):
   * the latest. Returns {run, others: [n, …]} (run null when nothing is kept).
   */
  static offer(runs, typed, atStart = false) {
    const run = (atStart ? null : runs.find((r) => r.n === typed)) ?? runs[0] ?? null;
    return { run, others: runs.filter((r) => r !== run).map((r) => r.n) };
  }

  /** `counting`: {pool, workers, keep, screen, clock} of the CountRun to make. */
  async load({ pool, workers, keep, screen, clock = BROWSER_CLOCK }) {
    const earlier = await this.store.load(this.n);
    if (!earlier) return null;
    return new CountRun(pool, { n: this.n, method: earlier.method, workers, store: this.store, keep, earlier }, screen, clock);
  }
}

/**
 * The race at n: `racers` one after another, each on one worker. Its method is RACE_METHOD
 * for every racer (all are backtracking programs: their work is nodes). Done: {kind: 'done'}.
 */
export class RaceRun extends Run {
  constructor(pool, n, screen = {}, clock = BROWSER_CLOCK, racers = RACERS) {
    super(pool, { n, method: RACE_METHOD, workers: 1 }, screen, clock);
    this.racers = racers;
  }

  async run() {
    this.begin();
    let racer = null;
    try {
      for (racer of this.racers) {
        const { kind } = racer;
        const progress = (report) => this.progress(report, kind);
        const result = racer.method
          ? await this.pool.countAll(this.n, 1, progress, { method: racer.method })
          : await this.pool.countPlain(kind, this.n, progress);
        this.screen.racerFinished?.(kind, result);
      }
      return { kind: 'done' };
    } catch (error) {
      if (racer) this.screen.racerStopped?.(racer.kind, error instanceof Cancelled ? 'cancelled' : 'failed');
      return this.stopped(error);
    }
  }
}

/** A count's method as the panel and the history read it (workUnit, uniqueCount; its words
 *  are the catalogs' count-method-<slug>): the core's counting method, or the GPU's fields. */
export function methodAbout(slug) {
  return slug === GPU.slug ? GPU : countingMethod(slug);
}

/** The GPU's count in the panel's words: the counting method's fields the panel reads. */
export const GPU = Object.freeze({ slug: 'gpu', workUnit: 'solutions', uniqueCount: 'burnside' });

/**
 * Count all n×n solutions on the GPU (gpu-count.js, loaded now, on demand): the core's split
 * counted chunk by chunk by the WGSL kernel. `core` is the page's wasm core; `gpu`
 * navigator.gpu. Progress is told per chunk; Cancel stops it before the next chunk. Done:
 * {kind: 'done', row: {n, method: 'gpu', total, unique, work, ms, workers: 1, subProblems,
 * burnside, gpu: {adapter, presetRows, chunks, partialBoards}}}. Nothing is kept in the
 * browser: a GPU count starts again from zero.
 */
export class GpuRun extends Run {
  constructor({ n, core, gpu = globalThis.navigator?.gpu }, screen = {}, clock = BROWSER_CLOCK) {
    super(null, { n, method: GPU.slug, workers: 1 }, screen, clock);
    this.core = core;
    this.gpu = gpu;
    this.aborter = new AbortController();
    this.keep = false;
  }

  get workUnit() {
    return GPU.workUnit;
  }

  cancel(why) {
    this.aborter.abort(new Cancelled(why));
  }

  async run() {
    this.begin();
    try {
      const [{ countOnGpu }, { default: kernel }] = await Promise.all([
        import(/* webpackChunkName: "gpu-count" */ './gpu-count.js'),
        import(/* webpackChunkName: "gpu-count" */ '../../crate/src/count/gpu/kernel.wgsl?raw'),
      ]);
      const result = await countOnGpu(this.n, {
        core: this.core,
        kernel,
        gpu: this.gpu,
        signal: this.aborter.signal,
        clock: this.clock,
        onLost: (message) => this.screen.lost?.(message),
        onProgress: ({ done, of, total, ms }) => this.progress({
          done, of, total: Number(total), work: Number(total), ms,
          estimatedBefore: 0, estimatedDone: done, estimatedLeft: of - done,
        }),
      });
      const { total, presetRows, chunks, partialBoards, adapter, ms } = result;
      this.screen.unique?.(this);
      const burnside = this.#burnside(total);
      return {
        kind: 'done',
        row: {
          n: this.n, method: GPU.slug, total: Number(total), unique: burnside.unique, work: Number(total), ms,
          workers: 1, subProblems: chunks, burnside, gpu: { adapter, presetRows, chunks, partialBoards },
        },
      };
    } catch (error) {
      return this.stopped(this.aborter.signal.aborted ? this.aborter.signal.reason : error);
    }
  }

  /** Burnside's lemma on the total (the core's, through a plan of the board): {half, quarter,
   *  unique}; throws for a total that is not this board's (a wrong count is never shown). */
  #burnside(total) {
    const counter = new this.core.Counter(this.n, 'backtrack');
    try {
      return counter.burnside(Number(total));
    } finally {
      counter.free?.();
    }
  }
}

/**
 * The check of a shard (shard-check.js's parseShard): the sub-problems at `positions` of its
 * parts counted again on `workers` workers, by the shard's own board and method. Done:
 * {kind: 'done', again, ms}: again the pool's countSome ({fingerprint, subProblems, parts}).
 */
export class ShardCheckRun extends Run {
  constructor(pool, { shard, positions, workers }, screen = {}, clock = BROWSER_CLOCK) {
    super(pool, { n: shard.n, method: shard.method, workers }, screen, clock);
    this.shard = shard;
    this.positions = positions;
  }

  async run() {
    this.begin();
    try {
      const indices = this.positions.map((p) => this.shard.parts[p][0]);
      const again = await this.pool.countSome(this.n, this.method, indices, this.workers, (report) => this.progress(report), this.shard.fingerprint);
      return { kind: 'done', again, ms: this.elapsed() };
    } catch (error) {
      return this.stopped(error);
    }
  }
}
