// Compare's engine: two to four lanes, each a wasm Search of one algorithm, moved together
// over the same search tree. Every algorithm places and lifts the same queens in the same
// order, so the lanes' position is one number for all of them: the node events (queens placed
// or lifted) passed, read from the first lane (the core's count, never kept here). The lanes
// rest, and are drawn, at the same node position; what differs is the work each did to get
// there.
//
// Its states (idle, playing, moving) and every transition are the table in
// compare-machine.js, taken only in take(). The data of a run lives with its state: `#run` is
// null exactly while idle, a playing run's beats and barrier while playing, a moving run's
// target and chunk while moving; a new run starts with new data, so nothing of the last one
// is left over.
//
//   playing  one step per lane per beat, at the chosen speed, towards its next node event; a
//            lane that gets there waits (the node barrier) until every lane has, then they all
//            take it together. Paused there, lanes stand mid-node (`at` is 'middle').
//   moving   Run to end, or going to a node position (a link, a lesson stop): rounds of
//            `chunk` node events for every lane, as many as fit in BUDGET_MS per animation
//            frame (the chunk doubles while a round is quick, halves when slow), so the page
//            keeps redrawing and Pause stops it at once.
//
// Mid-node lanes are first brought back to the node event they all passed (settle) before
// they move, take lanes in or out, or step back. New lanes (start) begin at node 0 and then
// move to the position asked for, if any; a lane that joins (choose) catches up with the
// others, or every lane begins again at node 0.
//
// It owns no DOM. It tells a `screen` what happened:
//   screen.lanes(slugs, kept)    the lanes are now those of `slugs`, in order; `kept` is the
//                                Set of those that carried on (the others are new, at node 0)
//   screen.render(view)          once per change (once per frame while running):
//                                {state, at, position, snapshots} (a snapshot per lane, in order)
//   screen.progress(estimate)    each frame of a Run to end from half a second on:
//                                {position, total, leftMs, long} (the node events passed, of
//                                the tree's total; about how long is left; long: true once
//                                per run, the first time more than LONG_MS is left)
//   screen.failed(error)         a lane threw (a bug): the lanes have stopped
//
// `core` makes the lanes: core.search(slug, n, mirror) is a new wasm Search of that algorithm
// (the caller knows which needs more, such as a learner's program), core.treeNodes(n, mirror)
// the size of the tree.

import { IDLE, PLAYING, MOVING, can, next } from './compare-machine.js';
import { FrameLoop, BROWSER_CLOCK } from '../shared/frame-loop.js';

/** Steps per second per lane at first: at Compare's default board and algorithms a node
 *  comes at least every second (a lane takes at most 7 steps between two nodes there, plus
 *  the node itself). */
export const DEFAULT_SPEED = 10;
/** Wasm work per animation frame while moving (ms). */
const BUDGET_MS = 8;
/** A Run to end that would take longer than this is said to be long (screen.progress). */
const LONG_MS = 60_000;
/** The most steps a joining lane takes at once to catch up with the others. */
const JOIN_STEPS = 5_000_000;
/** No limit on the steps of one call into the core. */
const ANY_STEPS = 0xffffffff;

export class Lockstep {
  #state = IDLE;
  /** The current run's data: null exactly while idle (see the header). */
  #run = null;
  /** The lanes, in the order shown: {slug, search}. */
  #lanes = [];
  /** Some lane took steps since the node event they all passed (playing, then paused). */
  #mid = false;

  /**
   * @param {object} core { search(slug, n, mirror), treeNodes(n, mirror) }
   * @param {object} screen see the header comment
   * @param {object} clock { now(), nextFrame(callback) } (the browser's by default)
   */
  constructor(core, screen, clock = BROWSER_CLOCK) {
    this.core = core;
    this.screen = screen;
    this.clock = clock;
    this.speed = DEFAULT_SPEED;
    /** The board size and mode of the lanes (undefined before the first start). */
    this.n = undefined;
    this.mirror = false;
    /** Runs tick() once per animation frame exactly while the state is not idle (take()). */
    this.frames = new FrameLoop(clock, (now) => this.#tick(now));
  }

  /** IDLE, PLAYING or MOVING. */
  get state() {
    return this.#state;
  }

  /** The algorithms of the lanes, in order. */
  get slugs() {
    return this.#lanes.map((lane) => lane.slug);
  }

  /** There are lanes (false before start and after drop). */
  get built() {
    return this.#lanes.length > 0;
  }

  /** The node events every lane has passed: where they rest (the first lane's count; the
   *  others have the same, as they walk the same tree). */
  get position() {
    return this.#lanes[0]?.search.nodeEvents ?? 0;
  }

  get finished() {
    return this.#lanes.every((lane) => lane.search.finished);
  }

  /** Where the lanes stand, for the machine: 'start', 'middle' or 'end'. */
  get at() {
    return this.finished ? 'end' : this.position === 0 && !this.#mid ? 'start' : 'middle';
  }

  /** True when the machine takes `event` where the lanes stand now. */
  can(event) {
    return can(this.#state, event, this.at);
  }

  /** Does what `event` names (next, previous, play, pause, runToEnd) if the machine takes it. */
  send(event) {
    const actions = {
      next: () => this.nextNode(), previous: () => this.previousNode(), play: () => this.play(),
      pause: () => this.pause(), runToEnd: () => this.runToEnd(),
    };
    if (!(event in actions)) throw new Error(`The lanes have no action “${event}”.`);
    if (this.can(event)) actions[event]();
  }

  setSpeed(stepsPerSecond) {
    this.speed = stepsPerSecond;
  }

  /**
   * New lanes of `slugs` on an n×n board (n already validated), in mirror mode or not, at
   * node 0; then, when `position` is not 0, moving to rest right after that node event
   * (Infinity: the end). Whatever ran before stops first: a position asked for while moving
   * replaces the old target, and is gone once reached.
   */
  start({ slugs, n, mirror }, position = 0) {
    this.pause();
    this.#free();
    this.n = n;
    this.mirror = mirror;
    this.#mid = false;
    this.#lanes = slugs.map((slug) => this.#lane(slug));
    this.screen.lanes(this.slugs, new Set());
    this.#render();
    if (position) this.moveTo(position);
  }

  /**
   * The lanes become those of `slugs`: those kept stay where they are, the others leave, new
   * ones join at the position. Returns false when a joining lane could not catch up at once
   * (a deep position): then every lane starts again at node 0.
   */
  choose(slugs) {
    this.pause();
    this.#settle();
    const position = this.position;
    const kept = new Map(this.#lanes.map((lane) => [lane.slug, lane]));
    for (const [slug, lane] of kept) if (!slugs.includes(slug)) lane.search.free();
    const joining = slugs.filter((slug) => !kept.has(slug)).map((slug) => this.#lane(slug));
    this.#lanes = slugs.map((slug) => kept.get(slug) ?? joining.find((lane) => lane.slug === slug));
    // A new lane catches up with the others (bounded: a deep position starts all over).
    if (!joining.every((lane) => lane.search.seekNodes(position, JOIN_STEPS))) {
      this.start({ slugs, n: this.n, mirror: this.mirror });
      return false;
    }
    this.screen.lanes(this.slugs, new Set(slugs.filter((slug) => kept.has(slug))));
    this.#render();
    return true;
  }

  /** No lanes any more (the section closed): stops, and frees every search. */
  drop() {
    this.pause();
    this.#free();
    this.#mid = false;
    this.screen.lanes([], new Set());
  }

  nextNode() {
    if (!this.can('next')) return;
    this.#take('next');
    for (const lane of this.#lanes) lane.search.runNodes(1, ANY_STEPS);
    this.#mid = false;
    this.#render();
  }

  /** Back to the node event before; from mid-node, back to the one every lane passed. */
  previousNode() {
    if (!this.can('previous')) return;
    this.#take('previous');
    const target = this.#mid ? this.position : Math.max(0, this.position - 1);
    for (const lane of this.#lanes) lane.search.seekNodes(target, ANY_STEPS);
    this.#mid = false;
    this.#render();
  }

  play() {
    if (!this.can('play')) return;
    // The first beat comes at once; no lane waits at the barrier yet.
    this.#take('play', { credit: 1, barrier: new Set(), lastTick: this.clock.now() });
    this.#render();
  }

  pause() {
    if (this.#state === IDLE) return;
    this.#take('pause');
    this.#render();
  }

  runToEnd() {
    if (!this.can('runToEnd')) return;
    this.#settle();
    this.#goTo(Infinity, 'runToEnd');
  }

  /** Moves every lane, frame by frame, to rest right after node event `target` (Infinity:
   *  the end). */
  moveTo(target) {
    this.#settle();
    this.#goTo(target, 'moveTo');
  }

  #lane(slug) {
    return { slug, search: this.core.search(slug, this.n, this.mirror) };
  }

  #free() {
    for (const lane of this.#lanes) lane.search.free();
    this.#lanes = [];
  }

  /** Takes the machine's transition for `event` (the caller checked that it is taken), with
   *  `run`, the data of the run it starts (none when it leads to idle). The only place the
   *  state changes: the frames run exactly while it is not idle. */
  #take(event, run = null) {
    this.#state = next(this.#state, event, this.at);
    this.#run = this.#state === IDLE ? null : run;
    if (this.#state === IDLE) this.frames.stop();
    else this.frames.start();
  }

  /** Starts moving to `target` on `event` (runToEnd or moveTo). */
  #goTo(target, event) {
    const now = this.clock.now();
    this.#take(event, { target, chunk: 1, since: { at: now, position: this.position }, lastTick: now, estimate: null });
    this.#render();
  }

  /** Brings lanes left mid-node back to the node event they all passed. */
  #settle() {
    if (!this.#mid) return;
    const position = this.position;
    for (const lane of this.#lanes) lane.search.seekNodes(position, ANY_STEPS);
    this.#mid = false;
  }

  /** One animation frame while playing or moving (the state is not idle), then one render. */
  #tick(now) {
    const run = this.#run;
    const elapsed = Math.min(now - run.lastTick, 250);
    try {
      if (this.#state === PLAYING) this.#beats(run, elapsed);
      else this.#move(run);
    } catch (error) {
      this.#take('failed');
      this.screen.failed(error);
    }
    this.#render();
    // The next frame's beats count from here, after this frame's work.
    run.lastTick = this.clock.now();
  }

  /** Playing: one step per lane per beat, at the chosen speed; the node event together. */
  #beats(run, elapsed) {
    run.credit += (this.speed * elapsed) / 1000;
    while (run.credit >= 1 && this.#state === PLAYING) {
      run.credit -= 1;
      for (const lane of this.#lanes) {
        if (run.barrier.has(lane) || lane.search.finished) continue;
        if (lane.search.stepWithinNode()) this.#mid = true;
        else run.barrier.add(lane);
      }
      if (this.#lanes.every((lane) => run.barrier.has(lane) || lane.search.finished)) {
        run.barrier.clear();
        for (const lane of this.#lanes) lane.search.runNodes(1, ANY_STEPS);
        this.#mid = false;
        if (this.finished) this.#take('arrived');
      }
    }
  }

  /** Moving: rounds of `chunk` node events for every lane until the frame's budget is spent. */
  #move(run) {
    const until = this.clock.now() + BUDGET_MS;
    while (this.#state === MOVING && this.clock.now() < until) {
      const started = this.clock.now();
      const position = this.position;
      const to = run.target > position ? Math.min(run.target, position + run.chunk)
        : Math.max(run.target, position - run.chunk);
      for (const lane of this.#lanes) lane.search.seekNodes(to, ANY_STEPS);
      // At the end every lane has the same, smaller, number of node events.
      const reached = this.position;
      const took = this.clock.now() - started;
      run.chunk = took < 1 ? run.chunk * 2 : took > 4 ? Math.max(1, Math.floor(run.chunk / 2)) : run.chunk;
      if (reached === run.target || this.finished) {
        this.#take('arrived');
        return;
      }
    }
    if (run.target === Infinity) this.#progress(run);
  }

  /** While running to the end: how far, and about how long is left (from half a second on). */
  #progress(run) {
    run.estimate ??= { total: 2 * this.core.treeNodes(this.n, this.mirror), told: false };
    const { total } = run.estimate;
    const ms = this.clock.now() - run.since.at;
    const position = this.position;
    const done = position - run.since.position;
    if (ms < 500 || done <= 0) return;
    const leftMs = ((total - position) * ms) / done;
    const long = leftMs > LONG_MS && !run.estimate.told;
    if (long) run.estimate.told = true;
    this.screen.progress({ position, total, leftMs, long });
  }

  #render() {
    const snapshots = this.#lanes.map((lane) => lane.search.snapshot());
    this.screen.render({ state: this.#state, at: this.at, position: this.position, snapshots });
  }
}
