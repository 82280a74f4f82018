// The count panel: "Count all" on a pool of workers with progress, a result checked against
// the published tables, the race, the history of this visit, counts kept in the browser to
// resume, and "Check a shard". One thing runs at a time: the states and every transition
// are the table in count-machine.js. Cancel is enabled where the machine takes `cancel`.
//
// While something runs (a count, the race, a shard check, a kept count read), Count all and
// Race the counters are disabled, their description (and title) saying what runs; pressing
// any other button that starts something then says so and changes nothing.
// Resume counts only the sub-problems that were not kept.
// With "Keep progress" on, each finished sub-problem is kept in IndexedDB (count-store.js)
// until its count finishes: a count cancelled, reloaded, crashed or closed is offered back
// with "Resume".
//
// This file is the view: it is given its section's root and finds its parts there, takes the
// machine's transitions, makes the runner of each flow (count-runs.js: a count, a resumed
// count, the race, a shard check, each with its board and method fixed when it is made),
// draws what the runner tells it and what it comes to, and forwards input. The rest lives
// apart: the estimate before a long count (count-cost.js), Check a shard's fields and
// verdict (shard-check-panel.js), the race's rows (counter-race.js), the history
// (count-history.js) and the notice at the top of the page (resume-notice.js). The sizes it
// counts, the one it asks above, the default method and how each makes its unique count are
// the core's (countingMethods(), limits()).
//
// Every sentence it writes is a message of the catalogs (shared/l10n.js; the keys count-…).
// Each line it writes is drawn by a function kept in `lines` (#say), so that a change of
// language redraws every line in place from what it says, not from its text: nothing that
// runs or is shown is lost, and the next progress report is worded in the new language.

import { IDLE, CONFIRMING, COUNTING, can, next } from './count-machine.js';
import { CountStore } from './count-store.js';
import { ShardCheckPanel } from './shard-check-panel.js';
import { CountHistory } from './count-history.js';
import { RaceView } from './counter-race.js';
import { CountRun, ResumeRun, RaceRun, ShardCheckRun, GpuRun, methodAbout } from './count-runs.js';
import { gpuAdapter } from './gpu-adapter.js';
import { Messages } from '../shared/messages.js';
import { ResumeNotice } from './resume-notice.js';
import { parseBoardSizeField } from '../shared/board-size.js';
import { within } from '../shared/dom.js';
import { published, countingMethod, countingMethods, defaultCountingMethod } from '../shared/core-constants.js';
import { l10n, t, tDuration as duration, tRate, tWorkers as workerCount, wordElements } from '../shared/l10n.js';

export class CountPanel {
  /**
   * `root`: the panel's section (#count-panel), where it finds its parts; `pool`: a
   * CountPool; `cores`: the workers it may use. `limits`: the core's limits() (maxN, the
   * player's largest board; raceLargestN); `notice`: the notice at the top of the page
   * (#resume-notice, outside the panel) and `afterNotice`, what takes the focus after its
   * Later.
   */
  constructor(root, pool, cores, { limits, notice, afterNotice, core = null, gpu = globalThis.navigator?.gpu }) {
    const find = within(root);
    const ui = {
      panel: root, size: find('count-size'), workers: find('count-workers'), method: find('count-method'),
      device: find('count-device'), deviceLabel: find('count-device-label'),
      keep: find('count-keep'), countAll: find('count-all'), race: find('race'), cancel: find('count-cancel'),
      message: find('count-message'), saved: find('count-saved'), savedText: find('count-saved-text'),
      resume: find('count-resume'), discard: find('count-discard'), confirm: find('count-confirm'),
      confirmText: find('count-confirm-text'), confirmYes: find('count-confirm-yes'), confirmNo: find('count-confirm-no'),
      progress: find('count-progress'), status: find('count-status'), result: find('count-result'),
    };
    this.ui = ui;
    /** The titles of the buttons held while something runs, to give back after. */
    this.idleTitles = new Map([ui.countAll, ui.race].map((button) => [button, button.title]));
    /** What each line now says: element → the function that draws it (#say), redrawn when
     *  the language changes. */
    this.lines = new Map();
    this.largestBoard = limits.maxN;
    this.raceLargestN = limits.raceLargestN;
    // The methods, named as the core names them, in its order; its default chosen.
    this.#nameMethods();
    ui.method.value = defaultCountingMethod();
    const sizeCap = () => { ui.size.max = countingMethod(ui.method.value).browserLargestN; };
    sizeCap();
    ui.method.addEventListener('change', sizeCap);
    this.core = core;
    this.gpu = gpu;
    /** Settles once the GPU is named in Count on (or not offered: no WebGPU, no adapter). */
    // The browser is asked for a GPU once the panel is first seen, not at load: a browser
    // with none says so in the console ("No available adapters."), and most visits never count.
    this.gpuOffered = core ? firstSeen(root).then(() => this.#offerGpu()) : Promise.resolve(null);
    ui.device.addEventListener('change', () => this.#deviceChosen());
    this.pool = pool;
    this.state = IDLE;
    /** The runner of what runs, or of the count the question is about; null when idle. */
    this.run = null;
    /** The note shown when a size was typed while something ran (#resized); null when none. */
    this.resizeNote = null;
    /** The last progress a count told ({report, run}) and, while it keeps progress, how many
     *  of its sub-problems the browser holds (null until told): the progress line says both. */
    this.lastProgress = null;
    this.kept = null;
    this.messages = new Messages(ui.message);
    this.history = new CountHistory(find('count-table'), find('count-chart'));
    this.race = new RaceView(find('race-rows'));
    /** What the runners tell the panel as they run (count-runs.js's screen). */
    this.screen = {
      progress: (report, run, racer) => {
        if (racer) this.race.progress(racer, report);
        this.#progress(report, run);
      },
      unique: () => this.#say(ui.status, () => t('count-unique-step')),
      lost: (message) => this.#tell(() => message, 'info'),
      racerFinished: (kind, result) => this.race.finished(kind, result),
      racerStopped: (kind, why) => this.race.stopped(kind, why),
    };
    this.shardCheck = new ShardCheckPanel(root, () => this.checkShard());
    this.store = null;
    this.offered = null; // the kept count that Resume would go on with
    this.notice = new ResumeNotice(notice, afterNotice, () => this.#resumeFromNotice());
    /** Settles once the kept counts are read and the Resume offer is shown (or not). */
    const writeFailed = (error) => {
      console.error('The progress could not be kept:', error);
      this.#tell(() => t('count-keep-failed', { error: error.message }), 'error');
    };
    this.ready = CountStore.open(globalThis.indexedDB, writeFailed).then((store) => {
      this.store = store;
      if (store) store.onKept = (n, kept) => this.#keptChanged(n, kept);
      else ui.keep.disabled = true;
      return this.#offerResume({ atStart: true });
    });
    ui.resume.addEventListener('click', () => this.resume());
    ui.discard.addEventListener('click', () => this.discard());
    window.addEventListener('pagehide', () => { this.store?.flush(); });
    this.cores = cores;
    this.#nameWorkers();
    ui.workers.value = String(cores);
    l10n.onChange(() => this.#reword());
    ui.countAll.addEventListener('click', () => this.countAll());
    ui.race.addEventListener('click', () => this.runRace());
    ui.cancel.addEventListener('click', () => this.cancel(t('count-cancelled')));
    ui.confirmYes.addEventListener('click', () => this.#confirmed(true));
    ui.confirmNo.addEventListener('click', () => this.#confirmed(false));
    ui.size.addEventListener('input', () => {
      this.notice.hide(); // it named the size that was there
      this.#resized();
      if (this.state === IDLE) this.#offerResume();
    });
    root.addEventListener('toggle', () => {
      if (!root.open) this.cancel(t('count-panel-closed'));
    });
  }

  /** The Method menu's options: the core's methods, in its order, named in the page's language. */
  #nameMethods() {
    const chosen = this.ui.method.value;
    this.ui.method.replaceChildren(...countingMethods().map(({ slug }) => new Option(t(`count-method-option-${slug}`), slug)));
    if (chosen) this.ui.method.value = chosen;
  }

  /** The Workers menu's options, 1 to the cores, the last saying it is one per core. */
  #nameWorkers() {
    const { cores } = this;
    const chosen = this.ui.workers.value;
    this.ui.workers.replaceChildren(...Array.from({ length: cores }, (_, i) =>
      new Option(i + 1 === cores ? t('count-workers-all', { workers: cores }) : l10n.number(i + 1), String(i + 1))));
    if (chosen) this.ui.workers.value = chosen;
  }

  /** Draws `element`'s text by `draw()` (or, with `paint`, lets draw write it), and keeps
   *  draw to redraw it in another language. */
  #say(element, draw, { paint = false } = {}) {
    this.lines.set(element, { draw, paint });
    if (paint) draw();
    else element.textContent = draw();
  }

  /** Shows a sentence on the message line (Messages.show), kept to redraw as #say. */
  #tell(draw, kind = 'warning') {
    this.lines.set(this.ui.message, { draw: () => this.messages.show(draw(), kind), paint: true });
    this.messages.show(draw(), kind);
  }

  #clearMessage() {
    this.lines.delete(this.ui.message);
    this.messages.clear();
  }

  /** The language changed: every line, menu and held button's description said again in it. */
  #reword() {
    this.#nameMethods();
    this.#nameWorkers();
    const gpu = [...this.ui.device.options].find((option) => option.value === 'gpu');
    if (gpu) gpu.textContent = t('count-device-gpu', { name: this.gpuName });
    for (const [element, { draw, paint }] of this.lines) {
      if (paint) draw();
      else element.textContent = draw();
    }
    for (const [button] of this.idleTitles) wordElements(button, l10n.words);
    this.idleTitles = new Map([...this.idleTitles.keys()].map((button) => [button, button.title]));
    this.#holdStarts();
    if (this.#onGpu) for (const control of [this.ui.workers, this.ui.method, this.ui.keep]) control.setAttribute('aria-description', t('count-gpu-holds'));
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
    const said = () => t(parsed.why.id, parsed.why.args);
    this.#tell(() => (playable ? t('count-size-refused', { why: said(), more: why() }) : said()));
    return null;
  }

  /**
   * A new size typed in Size to count. A question about a long count of the size that was
   * there is dropped (declined); a count or a race goes on with its own size, told on the
   * message line: the size typed is for the next one. (Typing never cancels work: Cancel does.)
   */
  #resized() {
    if (this.state === CONFIRMING) {
      this.cancel();
      return;
    }
    if (can(this.state, 'resize')) return;
    const typed = this.ui.size.value.trim();
    const n = this.run?.n;
    const key = { counting: 'count-resized-counting', racing: 'count-resized-racing' }[this.state];
    if (!key) return;
    const going = () => t(key, { n, next: typed ? t('count-next-size', { typed }) : t('count-next-size-empty') });
    this.#tell(going, 'info');
    this.resizeNote = this.lines.get(this.ui.message);
  }

  /** Takes the machine's transition for `event`; Cancel is enabled where it can be taken. */
  #take(event) {
    this.state = next(this.state, event);
    this.ui.cancel.disabled = !can(this.state, 'cancel');
    this.#holdStarts();
  }

  /** Count all and Race the counters disabled while something runs (not while the question
   *  before a long count waits), each described by what runs; as they were once it ended.
   *  The focus on one of them goes to Cancel, not to the page. */
  #holdStarts() {
    const running = this.state !== IDLE && this.state !== CONFIRMING;
    const why = running ? this.#busySentence() : null;
    for (const [button, title] of this.idleTitles) {
      const focused = button === document.activeElement;
      button.disabled = running;
      if (why) {
        button.setAttribute('aria-description', why);
        button.title = why;
      } else {
        button.removeAttribute('aria-description');
        if (title) button.title = title;
        else button.removeAttribute('title');
      }
      if (running && focused && !this.ui.cancel.disabled) this.ui.cancel.focus();
    }
  }

  /** What runs or waits now, in a sentence that says what to do; undefined when idle. */
  #busySentence() {
    const key = {
      counting: 'count-busy-counting', racing: 'count-busy-racing', confirming: 'count-busy-confirming',
      checking: 'count-busy-checking', loading: 'count-busy-loading',
    }[this.state];
    return key ? t(key, { n: this.run?.n }) : undefined;
  }

  /** True while something runs or waits for an answer (a count, a race, a shard check, the
   *  question before a long count): the page offers no new version then. */
  get busy() {
    return this.state !== IDLE;
  }

  /** False when the machine takes `event` now; else says what is busy, and true. */
  #refuseWhileBusy(event) {
    if (can(this.state, event)) return false;
    if (this.#busySentence()) this.#tell(() => this.#busySentence() ?? '');
    return true;
  }

  /** Offers the GPU in Count on when the browser gives one: named as the browser names it. */
  async #offerGpu() {
    const found = await gpuAdapter(this.gpu);
    if (!found) return null;
    this.gpuName = found.name;
    this.ui.device.append(new Option(t('count-device-gpu', { name: found.name }), 'gpu'));
    this.ui.deviceLabel.hidden = false;
    return found.name;
  }

  /** True when Count on says the GPU. */
  get #onGpu() {
    return this.ui.device.value === 'gpu';
  }

  /** Workers, Method and Keep progress are the CPU's: held while the GPU is chosen, saying so. */
  #deviceChosen() {
    const why = this.#onGpu ? t('count-gpu-holds') : null;
    for (const control of [this.ui.workers, this.ui.method, this.ui.keep]) {
      control.disabled = Boolean(why) || (control === this.ui.keep && !this.store);
      if (why) control.setAttribute('aria-description', why);
      else control.removeAttribute('aria-description');
    }
  }

  countAll() {
    if (this.#refuseWhileBusy('count')) return;
    if (this.#onGpu) {
      this.#countOnGpu();
      return;
    }
    const method = this.ui.method.value;
    const largest = countingMethod(method).browserLargestN;
    const n = this.#readSize(largest, () => t('count-too-large', { largest, above: largest + 1, player: this.largestBoard }));
    if (n === null) return;
    this.#clearMessage();
    const run = new CountRun(this.pool, { n, method, workers: this.#workers(), store: this.store, keep: this.ui.keep.checked }, this.screen);
    if (run.long) {
      this.run = run;
      this.#take('ask');
      const { ms, memoryMiB } = run.cost(this.history.reference(n, method));
      this.#say(this.ui.confirmText, () => (memoryMiB === null
        ? t('count-confirm-question', { n, workers: workerCount(run.workers), time: duration(ms) })
        : t('count-confirm-question-memory', { n, workers: workerCount(run.workers), time: duration(ms), mib: memoryMiB })));
      this.ui.confirm.hidden = false;
      this.ui.confirmYes.focus();
      return;
    }
    this.#grouped(run);
  }

  /** Count all on the GPU: up to the largest board the workers count by backtracking (the
   *  GPU's split backtracks too), never asked about first (the GPU is the fast way). */
  async #countOnGpu() {
    const largest = countingMethod('backtrack').browserLargestN;
    const n = this.#readSize(largest, () => t('count-too-large-gpu', { largest, player: this.largestBoard }));
    if (n === null) return;
    this.#clearMessage();
    const name = await this.gpuOffered;
    const run = new GpuRun({ n, core: this.core, gpu: this.gpu }, this.screen);
    this.notice.hide();
    this.#begin('count', run, () => t('count-start-gpu', { n, name }));
    try {
      const outcome = await run.run();
      if (outcome.kind === 'done') {
        this.history.add(outcome.row);
        this.#showResult(outcome.row);
      } else {
        this.#stopped(outcome, run);
      }
    } finally {
      this.#end();
    }
  }

  /** The answer to the question about a long count: it runs as it was asked about, or not. */
  #confirmed(yes) {
    const event = yes ? 'countAnyway' : 'decline';
    if (!can(this.state, event)) return;
    this.ui.confirm.hidden = true;
    if (yes) {
      this.#grouped(this.run, event);
    } else {
      this.#take(event);
      const { n } = this.run;
      this.#say(this.ui.status, () => t('count-not-counted', { n }));
      this.run = null;
    }
  }

  #workers() {
    return Number(this.ui.workers.value) || 1;
  }

  /** Runs `run` (a CountRun) on `event` (count, or countAnyway after the question). */
  async #grouped(run, event = 'count') {
    const { n, workers, earlier } = run;
    this.notice.hide(); // a count runs: what it told of is moot
    this.#begin(event, run, () => (earlier
      ? t('count-start-resume', { n, workers: workerCount(workers), kept: earlier.parts.size, total: earlier.subProblems })
      : t('count-start', { n, workers: workerCount(workers) })));
    this.ui.saved.hidden = true;
    try {
      const outcome = await run.run();
      if (outcome.kind === 'done') {
        if (outcome.forgetError) this.messages.internalError(outcome.forgetError, t('count-forget-failed'));
        this.history.add(outcome.row); // a resumed one marked so: its time is only its last part's
        this.#showResult(outcome.row);
      } else if (outcome.kind === 'listChanged') {
        this.#say(this.ui.status, () => '');
        this.#tell(() => t('count-list-changed', { n })); // outcome.message: count-pool's words for the log
      } else {
        this.#stopped(outcome, run);
      }
    } finally {
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

  /** Goes on with the kept count offered (see #offerResume), by its own method. */
  async resume() {
    if (this.#refuseWhileBusy('resume')) return;
    const offered = this.offered;
    if (!offered || !this.store) return;
    this.#take('resume');
    let run = null;
    try {
      run = await new ResumeRun(this.store, offered.n).load({
        pool: this.pool, workers: this.#workers(), keep: this.ui.keep.checked, screen: this.screen,
      });
    } finally {
      this.#take('loaded');
    }
    if (!run) {
      await this.#offerResume();
      return;
    }
    this.#clearMessage();
    this.ui.size.value = String(run.n);
    this.ui.method.value = run.method;
    await this.#grouped(run);
  }

  /** Forgets the kept count offered. */
  async discard() {
    if (this.#refuseWhileBusy('discard') || !this.offered || !this.store) return;
    const { n } = this.offered;
    this.notice.hide();
    await this.store.forget(n);
    this.#say(this.ui.status, () => t('count-discarded', { n }));
    await this.#offerResume();
  }

  /**
   * Shows Resume for a kept count, if any and nothing runs: the one of the size typed if
   * there is one, else the latest (ResumeRun.offer). When the page starts, the latest, whose
   * size goes into Size to count, told also at the top of the page (the panel is far down).
   */
  async #offerResume({ atStart = false } = {}) {
    const runs = this.store ? await this.store.runs() : [];
    if (this.state !== IDLE) return;
    const { run, others } = ResumeRun.offer(runs, Number(this.ui.size.value), atStart);
    this.offered = run;
    this.ui.saved.hidden = !run;
    if (!run) {
      this.notice.hide();
      return;
    }
    const about = () => ({ n: run.n, method: methodName(run.method), done: run.done, total: run.subProblems });
    if (atStart) {
      this.ui.size.value = String(run.n);
      this.#say(this.notice.text, () => t('count-notice', about()));
      this.notice.show(this.notice.text.textContent);
    }
    this.#say(this.ui.savedText, () => t('count-offer', {
      ...about(),
      time: new Date(run.updated).toLocaleTimeString(l10n.tag === 'en' ? 'en-GB' : l10n.tag),
      more: others.length ? t('count-offer-more', { sizes: others.join(', ') }) : '',
    }));
  }

  /** Re-counts a sample of the sub-problems of the shard pasted or dropped, and compares. */
  async checkShard() {
    if (this.#refuseWhileBusy('check')) return;
    const asked = this.shardCheck.read(this.largestBoard);
    if (!asked) return;
    const { shard, positions } = asked;
    this.#clearMessage();
    this.shardCheck.clear();
    const run = new ShardCheckRun(this.pool, { shard, positions, workers: this.#workers() }, this.screen);
    this.#begin('check', run, () => t('count-start-check', { what: ShardCheckPanel.what(shard), n: shard.n, sample: positions.length, parts: shard.parts.length }));
    try {
      const outcome = await run.run();
      if (outcome.kind !== 'done') {
        this.#stopped(outcome, run);
      } else if (this.shardCheck.show(shard, positions, outcome.again)) {
        this.ui.progress.value = 1;
        this.#say(this.ui.status, () => t('count-checked', { time: duration(outcome.ms) }));
      } else {
        this.#say(this.ui.status, () => '');
      }
    } finally {
      this.#end();
    }
  }

  async runRace() {
    if (this.#refuseWhileBusy('race')) return;
    const largest = this.raceLargestN;
    const n = this.#readSize(largest, () => t('count-race-too-large', { largest, above: largest + 1 }));
    if (n === null) return;
    this.#clearMessage();
    const run = new RaceRun(this.pool, n, this.screen);
    this.#begin('race', run, () => t('count-start-race', { n }));
    this.race.start(n);
    try {
      const outcome = await run.run();
      if (outcome.kind === 'done') this.#say(this.ui.status, () => t('count-race-done', { n }));
      else this.#stopped(outcome, run);
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
    this.run.cancel(why);
  }

  /** Starts `run` on what `event` starts (count, countAnyway, race, check), showing `status()`. */
  #begin(event, run, status) {
    this.run = run; // first: what runs is named in the held buttons' description
    this.#take(event);
    this.lastProgress = null;
    this.kept = null;
    this.ui.progress.value = 0;
    this.#say(this.ui.status, status);
    this.lines.delete(this.ui.result);
    this.ui.result.textContent = '';
    this.ui.result.className = 'count-result';
  }

  #end() {
    this.#take('ended');
    this.run = null;
    // The note that the run went on after a new size was typed is moot once it ends.
    if (this.resizeNote && this.lines.get(this.ui.message) === this.resizeNote) this.#clearMessage();
    this.resizeNote = null;
  }

  /**
   * The bar and the time left follow the estimated work, not the number of sub-problems
   * finished: sub-problems differ in size a thousandfold, and a count hands them out in an
   * order that makes those finished a fair sample (count-pool.js), so this run's speed on its
   * finished work applies to the work left. The work is told in `run`'s unit (its method's).
   */
  #progress(report, run) {
    const { done, of, work, ms, estimatedBefore, estimatedDone, estimatedLeft } = report;
    this.lastProgress = { report, run };
    const finished = estimatedBefore + estimatedDone;
    this.ui.progress.value = finished + estimatedLeft > 0 ? finished / (finished + estimatedLeft) : 0;
    // While Keep progress is on, what a reload would offer: the finished sub-problems wait up
    // to FLUSH_MS for their write, so "kept" trails "done" a little (count-store.js).
    const keptNow = run.keep && this.kept !== null ? this.kept : null;
    this.#say(this.ui.status, () => t(run.method === 'gpu' ? 'count-progress-gpu' : 'count-progress', {
      done, of, rate: tRate(work, ms, unitOf(run.method)), time: duration(ms),
      left: estimatedDone > 0 && done < of ? t('count-progress-left', { time: duration((ms * estimatedLeft) / estimatedDone) }) : '',
      kept: keptNow === null ? '' : t('count-progress-kept', { kept: keptNow }),
    }));
    this.lines.get(this.ui.status).progress = true;
  }

  /** The store counted `kept` parts of n: the progress line of a count of n keeping them says so. */
  #keptChanged(n, kept) {
    const { run } = this;
    if (this.state !== COUNTING || !run?.keep || run.n !== n) return;
    this.kept = kept;
    // Redrawn only while it shows the progress (not the unique count's step, nor a result).
    if (this.lastProgress?.run === run && this.lines.get(this.ui.status)?.progress) this.#progress(this.lastProgress.report, run);
  }

  /** `run` stopped (its outcome): cancelled (what is kept stays on the bar, and is said), or failed. */
  #stopped(outcome, run) {
    if (outcome.kind === 'cancelled') {
      const { message, ms, kept, progress: { done, of, total } } = outcome;
      let resume = () => '';
      if (kept && of > 0 && done === of) {
        // Every sub-problem is counted: the total is the count's result; only Burnside's
        // unique count was left.
        this.#showTotalOnly(run.n, total);
        resume = () => t('count-stopped-all-kept', { of });
      } else if (kept && done > 0) {
        // As the store counted them once every write ended: what Resume will offer.
        const held = this.store?.kept(run.n) ?? done;
        resume = () => t('count-stopped-some-kept', { kept: held, of });
      } else if (kept) {
        resume = () => t('count-stopped-kept');
      }
      this.#say(this.ui.status, () => t(run.method === 'gpu' ? 'count-stopped-gpu' : 'count-stopped', { why: message, time: duration(ms), resume: resume() }));
      if (!kept) this.ui.progress.value = 0; // else the bar keeps showing what is kept
    } else {
      this.messages.internalError(outcome.error, t('count-failed'));
    }
  }

  /** The result of a count of n cancelled in its last step (Burnside's unique count): the total. */
  #showTotalOnly(n, total) {
    const expected = published(n);
    this.#say(this.ui.result, () => t('count-result-total-only', {
      n, total,
      compare: expected
        ? t('count-published-total', { total: expected.total, verdict: t(expected.total === total ? 'count-agree-after' : 'count-differ-after') })
        : t('count-unpublished'),
    }));
  }

  #showResult({ n, method, total, unique, work, ms, workers, resumed, subProblems, burnside, gpu }) {
    const expected = published(n);
    const agrees = expected && expected.total === total && expected.unique === unique;
    this.ui.progress.value = 1;
    this.#say(this.ui.status, () => {
      let said;
      if (resumed && resumed === subProblems) {
        said = t(burnside ? 'count-all-kept-unique' : 'count-all-kept', { total: subProblems, method: methodName(method) });
      } else {
        said = t('count-done', {
          time: duration(ms), where: gpu ? t('count-on-gpu', { adapter: gpu.adapter }) : workerCount(workers),
          rate: tRate(work, ms, unitOf(method)), method: methodName(method),
          kept: resumed ? t('count-done-kept', { kept: resumed, total: subProblems }) : '',
        });
      }
      // The split, so that a learner sees why the search parallelises.
      if (gpu) said += t('count-gpu-split', { rows: gpu.presetRows, boards: gpu.partialBoards, chunks: gpu.chunks });
      return said;
    });
    this.#say(this.ui.result, () => {
      this.ui.result.textContent = t('count-result', {
        n, total, unique,
        compare: expected
          ? t('count-published-both', { total: expected.total, unique: expected.unique, verdict: t(agrees ? 'count-agree' : 'count-differ') })
          : t('count-unpublished'),
      });
      // How the method made the unique count (the core's uniqueCount), on a line of its own.
      // Burnside's lemma on the total is shown with its numbers (N = 1 aside: a reflection
      // fixes its lone queen); parts that count their own classes, by how the search does it.
      const { uniqueCount } = methodAbout(method);
      if (uniqueCount === 'burnside' && n > 1) {
        const formula = document.createElement('span');
        formula.className = 'count-formula';
        formula.textContent = t('count-burnside', { total, half: burnside.half, quarter: burnside.quarter, unique });
        this.ui.result.append(formula);
      } else if (uniqueCount === 'parts' && n > 1) {
        const how = document.createElement('span');
        how.className = 'count-formula';
        how.textContent = t('count-by-parts');
        this.ui.result.append(how);
      }
    }, { paint: true });
    this.ui.result.className = `count-result ${agrees ? 'agrees' : 'differs'}`;
  }
}

/** Resolves once `element` first comes into view (at once where IntersectionObserver is not). */
function firstSeen(element) {
  if (typeof IntersectionObserver !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(element);
  });
}

/** A method's name in a sentence, by its slug: "meeting in the middle", "backtracking". */
const methodName = (slug) => t(`count-method-${slug}`);

/** The unit of a method's work, in words: "half-boards", "nodes", "solutions". */
const unitOf = (slug) => t(`count-unit-${slug}`);
