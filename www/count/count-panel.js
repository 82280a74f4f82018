// The count panel: "Count all" on a pool of workers with progress, a result checked against
// the published tables, the race, the history of this visit, counts kept in the browser to
// resume, and "Check a shard". One thing runs at a time: the states and every transition
// are the table in count-machine.js. Cancel is enabled where the machine takes `cancel`.
//
// Pressing a button that starts something while something runs says so and changes nothing.
// Resume counts only the sub-problems that were not kept.
// With "Keep progress" on, each finished sub-problem is kept in IndexedDB (count-store.js)
// until its count finishes: a count cancelled, reloaded, crashed or closed is offered back
// with "Resume".
//
// This file is the controller: it takes the machine's transitions and runs each on the pool.
// The rest lives apart: the estimate before a long count (count-cost.js), Check a
// shard's fields and verdict (shard-check-panel.js), the race's lanes (counter-race.js), the
// history (count-history.js) and the notice at the top of the page (resume-notice.js).

import { Cancelled, ListChanged } from './count-pool.js';
import { IDLE, can, next } from './count-machine.js';
import { CountStore } from './count-store.js';
import { ShardCheckPanel } from './shard-check-panel.js';
import { CountHistory } from './count-history.js';
import { RaceView, RACERS } from './counter-race.js';
import { Messages } from '../shared/messages.js';
import { ResumeNotice } from './resume-notice.js';
import { parseBoardSizeField } from '../shared/board-size.js';
import { estimateMs, meetMemoryMiB } from './count-cost.js';
import { published, countingMethod, countingMethods } from '../shared/core-constants.js';
import { count, duration, rate, workerCount } from '../shared/format.js';

export const MAX_COUNT_SIZE = 21;
export const CONFIRM_ABOVE = 17;
export const MAX_RACE_SIZE = 16;

export class CountPanel {
  /**
   * `elements`: the panel's DOM nodes by name; `pool`: a CountPool; `largestBoard`: the
   * player's (the core's board::MAX_N). Each method's own largest board is the core's
   * (countingMethod(slug).largestN).
   */
  constructor(elements, pool, cores, largestBoard) {
    this.ui = elements;
    this.largestBoard = largestBoard;
    elements.size.max = MAX_COUNT_SIZE;
    // The methods, named as the core names them, its default first.
    elements.method.replaceChildren(...countingMethods().map(({ slug, name }) => new Option(name[0].toUpperCase() + name.slice(1), slug)));
    this.pool = pool;
    this.state = IDLE;
    this.messages = new Messages(elements.message);
    this.history = new CountHistory(elements.table, elements.chart);
    this.race = new RaceView(elements.raceLanes);
    const ui = elements;
    // The parts of the panel added with the kept counts, found in it.
    const inPanel = (id) => ui.panel.querySelector(`#${id}`);
    Object.assign(ui, {
      keep: inPanel('count-keep'), saved: inPanel('count-saved'), savedText: inPanel('count-saved-text'),
      resume: inPanel('count-resume'), discard: inPanel('count-discard'),
    });
    this.shardCheck = new ShardCheckPanel(ui.panel, () => this.checkShard());
    this.store = null;
    this.offered = null; // the kept count that Resume would go on with
    this.notice = new ResumeNotice(elements.notice, () => this.#resumeFromNotice());
    /** Settles once the kept counts are read and the Resume offer is shown (or not). */
    const writeFailed = (error) => {
      console.error('The progress could not be kept:', error);
      this.messages.show(`The progress could not be kept (${error.message}): the count goes on, but a reload can resume only what was kept before.`, 'error');
    };
    this.ready = CountStore.open(globalThis.indexedDB, writeFailed).then((store) => {
      this.store = store;
      if (!store) ui.keep.disabled = true;
      return this.#offerResume({ atStart: true });
    });
    ui.resume.addEventListener('click', () => this.resume());
    ui.discard.addEventListener('click', () => this.discard());
    window.addEventListener('pagehide', () => { this.store?.flush(); });
    ui.workers.replaceChildren(...Array.from({ length: cores }, (_, i) =>
      new Option(i + 1 === cores ? `${cores} (one per core)` : String(i + 1), String(i + 1))));
    ui.workers.value = String(cores);
    ui.countAll.addEventListener('click', () => this.countAll());
    ui.race.addEventListener('click', () => this.runRace());
    ui.cancel.addEventListener('click', () => this.cancel('Cancelled.'));
    ui.confirmYes.addEventListener('click', () => this.#confirmed(true));
    ui.confirmNo.addEventListener('click', () => this.#confirmed(false));
    ui.size.addEventListener('input', () => {
      this.notice.hide(); // it named the size that was there
      if (can(this.state, 'resize')) {
        this.cancel(`Board size changed to “${ui.size.value}” during the count of N = ${this.n}: cancelled. Press Count all to count the new size.`);
      }
      if (this.state === IDLE) this.#offerResume();
    });
    ui.panel.addEventListener('toggle', () => {
      if (!ui.panel.open) this.cancel('Panel closed: the count was cancelled.');
    });
  }

  /**
   * The board size typed, or null after showing why it can't be used here (1 to `max`);
   * a size the player accepts (up to the core's largest board) but this panel doesn't is
   * told `why`.
   */
  #readSize(max, why) {
    const parsed = parseBoardSizeField(this.ui.size, max);
    if (parsed.ok) return parsed.n;
    const playable = parseBoardSizeField(this.ui.size, this.largestBoard).ok;
    this.messages.show(playable ? `${parsed.message} ${why}` : parsed.message);
    return null;
  }

  /** Takes the machine's transition for `event`; Cancel is enabled where it can be taken. */
  #take(event) {
    this.state = next(this.state, event);
    this.ui.cancel.disabled = !can(this.state, 'cancel');
  }

  /** False when the machine takes `event` now; else says what is busy, and true. */
  #refuseWhileBusy(event) {
    if (can(this.state, event)) return false;
    const busy = {
      counting: `The count of N = ${this.n} is still going: wait for it or press Cancel first.`,
      racing: 'The race is still going: wait for it or press Cancel first.',
      confirming: 'A long count is waiting for your answer: press Count anyway or Don’t first.',
      checking: 'A shard is being checked: wait for it or press Cancel first.',
      loading: 'A kept count is being read: wait a moment.',
    }[this.state];
    if (busy) this.messages.show(busy);
    return true;
  }

  countAll() {
    if (this.#refuseWhileBusy('count')) return;
    const n = this.#readSize(MAX_COUNT_SIZE, `Counting goes up to ${MAX_COUNT_SIZE}: N = ${MAX_COUNT_SIZE + 1} would take days in a browser. The player above goes up to ${this.largestBoard}.`);
    if (n === null) return;
    this.messages.clear();
    this.n = n;
    if (n > CONFIRM_ABOVE) {
      const workers = this.#workers();
      this.#take('ask');
      const method = this.ui.method.value;
      const memory = method === 'meet' ? `, with about ${meetMemoryMiB(n)} MiB of memory for each worker` : '';
      // Scaled from this visit's largest count below n by the method, if any (count-cost.js).
      const ms = estimateMs(n, workers, method, this.history.reference(n, method));
      this.ui.confirmText.textContent = `Counting N = ${n} on ${workerCount(workers)} takes about ${duration(ms)} on this computer${memory}. Count anyway?`;
      this.ui.confirm.hidden = false;
      this.ui.confirmYes.focus();
      return;
    }
    this.#count(n);
  }

  #confirmed(yes) {
    const event = yes ? 'countAnyway' : 'decline';
    if (!can(this.state, event)) return;
    this.ui.confirm.hidden = true;
    if (yes) {
      this.#count(this.n, null, event);
    } else {
      this.#take(event);
      this.ui.status.textContent = `N = ${this.n} not counted.`;
    }
  }

  #workers() {
    return Number(this.ui.workers.value) || 1;
  }

  /**
   * Counts n on `event` (count, or countAnyway after the question), by the method chosen;
   * `earlier`: a kept count to go on with ({method, fingerprint, subProblems, parts}), by
   * its own method.
   */
  async #count(n, earlier = null, event = 'count') {
    const workers = this.#workers();
    const method = earlier?.method ?? this.ui.method.value;
    this.method = method;
    const keep = Boolean(this.store && this.ui.keep.checked);
    const store = this.store;
    this.notice.hide(); // a count runs: what it told of is moot
    this.#begin(event, earlier
      ? `Resuming N = ${n} on ${workerCount(workers)}: ${count(earlier.parts.size)} of ${count(earlier.subProblems)} sub-problems were kept…`
      : `Counting N = ${n} on ${workerCount(workers)}…`);
    this.ui.saved.hidden = true;
    try {
      const result = await this.pool.countAll(n, workers, (p) => this.#progress(p), {
        method,
        earlier,
        onUnique: () => { this.ui.status.textContent = 'Counting the solutions that a half turn or a quarter turn leaves unchanged, for the unique count…'; },
        onStart: keep ? (list) => store.begin(n, list, !earlier) : undefined,
        onParts: keep ? (parts) => store.add(n, parts) : undefined,
      });
      // Finished: nothing of n is left to resume. (Failing to forget does not undo the count.)
      await store?.forget(n).catch((error) => this.messages.internalError(error, 'The kept progress could not be removed'));
      const row = { n, ...result };
      this.history.add(row); // a resumed one marked so: its time is only its last part's
      this.#showResult(row);
    } catch (error) {
      if (error instanceof ListChanged) {
        await store?.forget(n);
        this.ui.status.textContent = '';
        this.messages.show(`${error.message} It was discarded: press Count all to count N = ${n} from the start.`);
      } else {
        this.#stopped(error, keep);
      }
    } finally {
      if (keep) await store.flush(); // a write that fails is reported as it fails (onWriteFailed)
      this.#end();
      await this.#offerResume();
    }
  }

  /** "Resume it" at the top of the page: the count panel comes into view and resumes. */
  #resumeFromNotice() {
    this.ui.panel.open = true;
    this.ui.panel.scrollIntoView({ block: 'start' });
    this.ui.status.tabIndex = -1; // the focus follows to what the count says
    this.ui.status.focus({ preventScroll: true });
    this.resume();
  }

  /** Goes on with the kept count offered (see #offerResume). */
  async resume() {
    if (this.#refuseWhileBusy('resume')) return;
    const offered = this.offered;
    if (!offered || !this.store) return;
    this.#take('resume');
    let earlier = null;
    try {
      earlier = await this.store.load(offered.n);
    } finally {
      this.#take('loaded');
    }
    if (!earlier) {
      await this.#offerResume();
      return;
    }
    this.messages.clear();
    this.n = offered.n;
    this.ui.size.value = String(offered.n);
    this.ui.method.value = earlier.method;
    await this.#count(offered.n, earlier);
  }

  /** Forgets the kept count offered. */
  async discard() {
    if (this.#refuseWhileBusy('discard') || !this.offered || !this.store) return;
    const { n } = this.offered;
    this.notice.hide();
    await this.store.forget(n);
    this.ui.status.textContent = `The kept progress of N = ${n} was discarded.`;
    await this.#offerResume();
  }

  /**
   * Shows Resume for a kept count, if any and nothing runs: the one of the size typed if
   * there is one, else the latest. When the page starts, the latest, whose size goes into
   * Size to count, told also at the top of the page (the panel is far down).
   */
  async #offerResume({ atStart = false } = {}) {
    const runs = this.store ? await this.store.runs() : [];
    if (this.state !== IDLE) return;
    const typed = Number(this.ui.size.value);
    const run = (atStart ? null : runs.find((r) => r.n === typed)) ?? runs[0] ?? null;
    this.offered = run;
    this.ui.saved.hidden = !run;
    if (!run) {
      this.notice.hide();
      return;
    }
    if (atStart) {
      this.ui.size.value = String(run.n);
      this.notice.show(`A count of N = ${run.n} (${methodName(run.method)}) was left unfinished in this browser: ${count(run.done)} of ${count(run.subProblems)} sub-problems are kept. Resume it to count the rest, in the count panel below.`);
    }
    const others = runs.filter((r) => r !== run).map((r) => r.n);
    const more = others.length ? ` Also kept: N = ${others.join(', ')} (type its size to resume it).` : '';
    this.ui.savedText.textContent = `An unfinished count of N = ${run.n} (${methodName(run.method)}): ${count(run.done)} of ${count(run.subProblems)} sub-problems counted and kept in this browser (last ${new Date(run.updated).toLocaleTimeString('en-GB')}). Resume counts the rest; Count all starts again from zero.${more}`;
  }

  /** Re-counts a sample of the sub-problems of the shard pasted or dropped, and compares. */
  async checkShard() {
    if (this.#refuseWhileBusy('check')) return;
    const asked = this.shardCheck.read(this.largestBoard);
    if (!asked) return;
    const { shard, positions } = asked;
    this.messages.clear();
    this.n = shard.n;
    this.method = shard.method;
    this.shardCheck.clear();
    this.#begin('check', `Checking ${shard.what} of N = ${shard.n}: counting ${count(positions.length)} of its ${count(shard.parts.length)} sub-problems again…`);
    try {
      const indices = positions.map((p) => shard.parts[p][0]);
      const again = await this.pool.countSome(shard.n, shard.method, indices, this.#workers(), (p) => this.#progress(p), shard.fingerprint);
      if (this.shardCheck.show(shard, positions, again)) {
        this.ui.progress.value = 1;
        this.ui.status.textContent = `Checked in ${duration(performance.now() - this.started)}.`;
      } else {
        this.ui.status.textContent = '';
      }
    } catch (error) {
      this.#stopped(error, false);
    } finally {
      this.#end();
    }
  }

  async runRace() {
    if (this.#refuseWhileBusy('race')) return;
    const n = this.#readSize(MAX_RACE_SIZE, `The race goes up to ${MAX_RACE_SIZE}: at 17 the plain JS recursion alone takes over a minute. Use Count all for larger boards.`);
    if (n === null) return;
    this.messages.clear();
    this.n = n;
    this.#begin('race', `Race at N = ${n}: each counter in turn on one worker…`);
    this.race.start(n);
    let racer = null;
    try {
      for (racer of RACERS) {
        const progress = (p) => { this.race.progress(racer.kind, p); this.#progress(p); };
        // The race is between backtracking programs: the fast one is the backtracking counter.
        const result = racer.kind === 'fast'
          ? await this.pool.countAll(n, 1, progress, { method: 'backtrack' })
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

  /** Stops whatever runs (a question is declined); `why` is shown. Safe to call when nothing runs. */
  cancel(why) {
    if (can(this.state, 'decline')) {
      this.#confirmed(false);
      return;
    }
    if (!can(this.state, 'cancel')) return;
    this.#take('cancel');
    this.pool.cancel(why);
  }

  /** Starts what `event` starts (count, countAnyway, race, check), showing `status`. */
  #begin(event, status) {
    this.lastProgress = null; // {done, of, total} sub-problems and solutions, as last told
    this.#take(event);
    if (event === 'race') this.method = 'backtrack';
    this.started = performance.now();
    this.ui.progress.value = 0;
    this.ui.status.textContent = status;
    this.ui.result.textContent = '';
    this.ui.result.className = 'count-result';
  }

  #end() {
    this.#take('ended');
  }

  /**
   * The bar and the time left follow the estimated work, not the number of sub-problems
   * finished: sub-problems differ in size a thousandfold, and a count hands them out in an
   * order that makes those finished a fair sample (count-pool.js), so this run's speed on its
   * finished work applies to the work left.
   */
  #progress({ done, of, total, work, ms, estimatedBefore, estimatedDone, estimatedLeft }) {
    const finished = estimatedBefore + estimatedDone;
    this.ui.progress.value = finished + estimatedLeft > 0 ? finished / (finished + estimatedLeft) : 0;
    this.lastProgress = { done, of, total };
    const left = estimatedDone > 0 && done < of ? ` · about ${duration((ms * estimatedLeft) / estimatedDone)} left` : '';
    this.ui.status.textContent = `${count(done)} of ${count(of)} sub-problems · ${rate(work, ms, countingMethod(this.method).workUnit)} · ${duration(ms)} elapsed${left}`;
  }

  /** A count stopped: cancelled (what is kept stays on the bar, and is said), or failed. */
  #stopped(error, kept = false) {
    if (error instanceof Cancelled) {
      const after = duration(performance.now() - this.started);
      const { done = 0, of = 0, total = 0 } = this.lastProgress ?? {};
      let resume = '';
      if (kept && of > 0 && done === of) {
        // Every sub-problem is counted: the total is the count's result; only Burnside's
        // unique count was left.
        this.#showTotalOnly(total);
        resume = ` Every sub-problem (${count(of)}) was counted and is kept; only the unique count was left: Resume makes it.`;
      } else if (kept && done > 0) {
        resume = ` What was counted is kept (${count(done)} of ${count(of)} sub-problems): Resume goes on from there.`;
      } else if (kept) {
        resume = ' What was counted is kept: Resume goes on from there.';
      }
      this.ui.status.textContent = `${error.message} Stopped after ${after}; every worker was stopped.${resume}`;
      if (!kept) this.ui.progress.value = 0; // else the bar keeps showing what is kept
    } else {
      this.messages.internalError(error, 'The count failed');
    }
  }

  /** The result of a count cancelled in its last step (Burnside's unique count): the total. */
  #showTotalOnly(total) {
    const expected = published(this.n);
    const agrees = expected ? (expected.total === total ? ' ✓ agree' : ' ✗ DIFFER') : '';
    this.ui.result.textContent = `N = ${this.n}: ${count(total)} solutions; the unique count was cancelled. ` + (expected
      ? `Published (OEIS A000170): ${count(expected.total)}${agrees}`
      : 'No published value to compare with.');
  }

  #showResult({ n, method, total, unique, work, ms, workers, resumed, subProblems, burnside }) {
    const expected = published(n);
    const agrees = expected && expected.total === total && expected.unique === unique;
    this.ui.progress.value = 1;
    if (resumed && resumed === subProblems) {
      this.ui.status.textContent = `All ${count(subProblems)} sub-problems were counted before and kept: nothing was left to count${burnside ? ' but the unique count, made now' : ''} (${methodName(method)}).`;
    } else {
      const kept = resumed ? ` ${count(resumed)} of ${count(subProblems)} sub-problems were kept from before.` : '';
      this.ui.status.textContent = `Counted in ${duration(ms)} on ${workerCount(workers)}, ${rate(work, ms, countingMethod(method).workUnit)}, by ${methodName(method)}.${kept}`;
    }
    this.ui.result.textContent = `N = ${n}: ${count(total)} solutions, ${count(unique)} unique. ` + (expected
      ? `Published (OEIS A000170 / A002562): ${count(expected.total)} / ${count(expected.unique)} ${agrees ? '✓ agree' : '✗ DIFFER'}`
      : 'No published value to compare with.');
    // The meet counter's unique count is Burnside's lemma on the total: shown with its
    // numbers, on a line of its own (N = 1 aside: a reflection fixes its lone queen).
    if (burnside && n > 1) {
      const formula = document.createElement('span');
      formula.className = 'count-formula';
      formula.textContent = ` Unique by Burnside’s lemma: (T + S180 + 2·S90) / 8 = (${count(total)} + ${count(burnside.half)} + 2·${count(burnside.quarter)}) / 8 = ${count(unique)}, where T is the total, and S180 and S90 are the solutions a half turn and a quarter turn leave unchanged.`;
      this.ui.result.append(formula);
    } else if (method === 'backtrack' && n > 1) {
      const how = document.createElement('span');
      how.className = 'count-formula';
      how.textContent = ' Unique by backtracking: the search visits each class of solutions (a board with its turns and mirror images) at the images its symmetry rules keep, and counts the class once there, with its size of 2, 4 or 8 towards the total.';
      this.ui.result.append(how);
    }
    this.ui.result.className = `count-result ${agrees ? 'agrees' : 'differs'}`;
  }
}

/** A method's name in a sentence, the core's: "meeting in the middle", "backtracking". */
const methodName = (slug) => countingMethod(slug).name;
