// The count panel: "Count all" on a pool of workers with progress, a result checked against
// the published tables, the race, and the history of this visit. One thing runs at a time:
//
//   idle ── Count all ──▶ counting ──(done / Cancel / new N / panel closed)──▶ idle
//   idle ── Count all, N > 17 ──▶ confirming ──(Count anyway)──▶ counting
//   idle ── Race ──▶ racing (three counters in turn) ──(done / Cancel / …)──▶ idle
//
// Pressing Count all or Race while something runs says so and changes nothing.

import { Cancelled } from './count-pool.js';
import { CountHistory } from './count-history.js';
import { RaceView, RACERS } from './race.js';
import { Messages } from './messages.js';
import { parseBoardSizeField } from './board-size.js';
import { published, TOTALS } from './published.js';
import { count, duration, rate, workerCount } from './format.js';

export const MAX_COUNT_SIZE = 20;
export const CONFIRM_ABOVE = 17;
export const MAX_RACE_SIZE = 16;
/**
 * Before anything was counted in this visit, estimates use this: milliseconds per solution
 * for one worker, from `npm run bench:count` on the 2-core machine of the README's table
 * (the optimised counter, one worker, N = 17: 7.64 s for 95,815,104 solutions).
 */
const MS_PER_SOLUTION_ONE_WORKER = 7_640 / 95_815_104;

export class CountPanel {
  /** `elements`: the panel's DOM nodes by name; `pool`: a CountPool. */
  constructor(elements, pool, cores) {
    this.ui = elements;
    this.pool = pool;
    this.state = 'idle';
    this.messages = new Messages(elements.message);
    this.history = new CountHistory(elements.table, elements.chart);
    this.race = new RaceView(elements.raceLanes);
    const ui = elements;
    ui.workers.replaceChildren(...Array.from({ length: cores }, (_, i) =>
      new Option(i + 1 === cores ? `${cores} (one per core)` : String(i + 1), String(i + 1))));
    ui.workers.value = String(cores);
    ui.countAll.addEventListener('click', () => this.countAll());
    ui.race.addEventListener('click', () => this.runRace());
    ui.cancel.addEventListener('click', () => this.cancel('Cancelled.'));
    ui.confirmYes.addEventListener('click', () => this.#confirmed(true));
    ui.confirmNo.addEventListener('click', () => this.#confirmed(false));
    ui.size.addEventListener('input', () => {
      if (this.state === 'counting' || this.state === 'racing') {
        this.cancel(`Board size changed to “${ui.size.value}” during the count of N = ${this.n}: cancelled. Press Count all to count the new size.`);
      } else if (this.state === 'confirming') {
        this.#confirmed(false);
      }
    });
    ui.panel.addEventListener('toggle', () => {
      if (!ui.panel.open && this.state !== 'idle') this.cancel('Panel closed: the count was cancelled.');
    });
  }

  /**
   * The board size typed, or null after showing why it can't be used here (1 to `max`);
   * a size the player accepts (up to 32) but this panel doesn't is told `why`.
   */
  #readSize(max, why) {
    const parsed = parseBoardSizeField(this.ui.size, max);
    if (parsed.ok) return parsed.n;
    const playable = parseBoardSizeField(this.ui.size).ok;
    this.messages.show(playable ? `${parsed.message} ${why}` : parsed.message);
    return null;
  }

  #refuseWhileBusy() {
    const busy = {
      counting: `The count of N = ${this.n} is still going: wait for it or press Cancel first.`,
      racing: 'The race is still going: wait for it or press Cancel first.',
      confirming: 'A long count is waiting for your answer: press Count anyway or Don’t first.',
    }[this.state];
    if (busy) this.messages.show(busy);
    return Boolean(busy);
  }

  countAll() {
    if (this.#refuseWhileBusy()) return;
    const n = this.#readSize(MAX_COUNT_SIZE, `Counting goes up to ${MAX_COUNT_SIZE}: N = 21 would take hours in a browser. The player above goes up to 32.`);
    if (n === null) return;
    this.messages.clear();
    this.n = n;
    if (n > CONFIRM_ABOVE) {
      const workers = this.#workers();
      this.state = 'confirming';
      this.ui.confirmText.textContent = `Counting N = ${n} on ${workerCount(workers)} takes about ${duration(this.estimateMs(n, workers))} on this computer. Count anyway?`;
      this.ui.confirm.hidden = false;
      this.ui.confirmYes.focus();
      return;
    }
    this.#count(n);
  }

  /** Estimated milliseconds to count n on `workers` workers, from this visit's counts if any. */
  estimateMs(n, workers) {
    const reference = this.history.reference(n);
    const msPerSolutionOneWorker = reference
      ? (reference.ms * reference.workers) / TOTALS[reference.n - 1]
      : MS_PER_SOLUTION_ONE_WORKER;
    return (msPerSolutionOneWorker * TOTALS[n - 1]) / workers;
  }

  #confirmed(yes) {
    this.ui.confirm.hidden = true;
    this.state = 'idle';
    if (yes) this.#count(this.n);
    else this.ui.status.textContent = `N = ${this.n} not counted.`;
  }

  #workers() {
    return Number(this.ui.workers.value) || 1;
  }

  async #count(n) {
    const workers = this.#workers();
    this.#begin('counting', `Counting N = ${n} on ${workerCount(workers)}…`);
    try {
      const result = await this.pool.countAll(n, workers, (p) => this.#progress(p));
      const row = { n, ...result };
      this.history.add(row);
      this.#showResult(row);
    } catch (error) {
      this.#stopped(error);
    } finally {
      this.#end();
    }
  }

  async runRace() {
    if (this.#refuseWhileBusy()) return;
    const n = this.#readSize(MAX_RACE_SIZE, `The race goes up to ${MAX_RACE_SIZE}: at 17 the plain JS recursion alone takes over a minute. Use Count all for larger boards.`);
    if (n === null) return;
    this.messages.clear();
    this.n = n;
    this.#begin('racing', `Race at N = ${n}: each counter in turn on one worker…`);
    this.race.start(n);
    let racer = null;
    try {
      for (racer of RACERS) {
        const progress = (p) => { this.race.progress(racer.kind, p); this.#progress(p); };
        const result = racer.kind === 'fast'
          ? await this.pool.countAll(n, 1, progress)
          : await this.pool.countPlain(racer.kind, n, progress);
        this.race.finished(racer.kind, result);
      }
      this.ui.status.textContent = `Race at N = ${n} finished.`;
    } catch (error) {
      if (racer) this.race.stopped(racer.kind, error instanceof Cancelled ? 'cancelled' : 'failed');
      this.#stopped(error);
    } finally {
      this.#end();
    }
  }

  /** Stops whatever runs; `why` is shown. Safe to call when nothing runs. */
  cancel(why) {
    if (this.state === 'confirming') {
      this.#confirmed(false);
      return;
    }
    if (this.state === 'idle') return;
    this.pool.cancel(why);
  }

  #begin(state, status) {
    this.state = state;
    this.started = performance.now();
    this.ui.cancel.disabled = false;
    this.ui.progress.value = 0;
    this.ui.status.textContent = status;
    this.ui.result.textContent = '';
    this.ui.result.className = 'count-result';
  }

  #end() {
    this.state = 'idle';
    this.ui.cancel.disabled = true;
  }

  #progress({ done, of, nodes, ms }) {
    this.ui.progress.value = of ? done / of : 0;
    const left = done > 0 && done < of ? ` · about ${duration((ms * (of - done)) / done)} left` : '';
    this.ui.status.textContent = `${count(done)} of ${count(of)} sub-problems · ${rate(nodes, ms)} · ${duration(ms)} elapsed${left}`;
  }

  #stopped(error) {
    if (error instanceof Cancelled) {
      const after = duration(performance.now() - this.started);
      this.ui.status.textContent = `${error.message} Stopped after ${after}; every worker was stopped.`;
      this.ui.progress.value = 0;
    } else {
      this.messages.internalError(error, 'The count failed');
    }
  }

  #showResult({ n, total, unique, nodes, ms, workers }) {
    const expected = published(n);
    const agrees = expected && expected.total === total && expected.unique === unique;
    this.ui.progress.value = 1;
    this.ui.status.textContent = `Counted in ${duration(ms)} on ${workerCount(workers)}, ${rate(nodes, ms)}.`;
    this.ui.result.textContent = `N = ${n}: ${count(total)} solutions, ${count(unique)} unique. ` + (expected
      ? `Published (OEIS A000170 / A002562): ${count(expected.total)} / ${count(expected.unique)} ${agrees ? '✓ agree' : '✗ DIFFER'}`
      : 'No published value to compare with.');
    this.ui.result.className = `count-result ${agrees ? 'agrees' : 'differs'}`;
  }
}
