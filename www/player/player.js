// The player: the one place that decides what a button press does to the search.
//
// Its states and every transition are the table TRANSITIONS below, read by the pure
// function next(state, event, at). `at` says where the search stands after the event:
// 'start' (step 0), 'end' (finished) or 'middle'; REST there means "come to rest where the
// search stands": idle at the start, done at the end, paused in between.
//
//   idle     no step taken yet
//   playing  steps run every animation frame, towards a goal (below)
//   paused   stopped mid-search
//   done     the search finished: only Back, Reset and seeking move it
//
// Events: reset (Reset, a new board size), play (Play, Next solution, Run to end), seek (a
// far step target, played frame by frame), pause, step, back (each stops playing first), and
// arrived (a goal reached, or a near seek done at once).
//
// Playing has a goal: 'speed' runs `speed` steps per second; 'solution' runs at full speed
// and arrives right after the next solution; 'end' runs at full speed to the end; 'seek'
// moves back or forward to step `seekTarget` (the Position slider, a permalink, Go to step);
// 'node' moves to the step that entered the tree node `seekPath` (the Search tree panel).
// Steps are batched: many per animation frame through Search.run or Search.seek, then one
// redraw. At full speed it runs for a time slice each frame, so the page keeps redrawing and
// Pause stays responsive.
//
// The player owns no DOM. It tells a `screen` (whatever shows the search: the stage and
// the panels beside it) what happened:
//   screen.render(snapshot, state)             once per change (once per frame while playing);
//                                              snapshot.last is the step that led there
//   screen.progress(steps)                     each frame of a long seek, on the way: where it
//                                              stands (render follows on arrival)
//   screen.keep                                how many boards passed the screen lists in full
//   screen.boardsPassed({count, representatives, listed})  boards passed going forward,
//                                              in order; `listed` holds those numbered up to
//                                              screen.keep: {number, step, queens, classSize,
//                                              isRepresentative, mirrorOf}
//   screen.cleared(n, mirror)                  when a new search starts (its size and mode)
//   screen.failed(error)                       when the core throws (a bug): play stops
//
// Panels read the player only through `player.readOnly` (see readOnly below): never its
// search, its goal or its other fields; they command it through its methods.
//
// Locked (lock(refused), a live class's student following the teacher's board): every command
// that moves the board or stops a move (reset, step, back, play and its goals, pause, seek,
// seekNode) is refused, `refused()` told, except those given inside led(action), the teacher's
// board followed. The lock is here, under every button, key, link and panel, so that a control
// added later is locked too. Play already under way (a far seek the teacher's board started)
// goes on to its target: the frames are not commands.

import { FrameLoop, BROWSER_CLOCK } from '../shared/frame-loop.js';

export const IDLE = 'idle';
export const PLAYING = 'playing';
export const PAUSED = 'paused';
export const DONE = 'done';
const REST = 'rest';

/** Every transition: TRANSITIONS[event][state] is the next state (REST: see the header). */
export const TRANSITIONS = {
  //           from: idle      playing   paused    done
  reset:   { idle: IDLE,    playing: IDLE, paused: IDLE,    done: IDLE },
  play:    { idle: PLAYING, playing: PLAYING, paused: PLAYING, done: DONE },
  seek:    { idle: PLAYING, playing: PLAYING, paused: PLAYING, done: PLAYING },
  pause:   { idle: IDLE,    playing: REST, paused: PAUSED,  done: DONE },
  step:    { idle: REST,    playing: REST, paused: REST,    done: DONE },
  back:    { idle: IDLE,    playing: REST, paused: REST,    done: REST },
  arrived: { idle: REST,    playing: REST, paused: REST,    done: REST },
};

const RESTING = { start: IDLE, middle: PAUSED, end: DONE };

/** The state after `event` in `state`, the search then standing `at` 'start', 'middle' or 'end'. */
export function next(state, event, at) {
  const to = TRANSITIONS[event]?.[state];
  if (to === undefined) throw new Error(`The player has no transition for “${event}” in state “${state}”.`);
  if (to !== REST) return to;
  if (!(at in RESTING)) throw new Error(`Unknown search position “${at}”.`);
  return RESTING[at];
}

/** Speed steps a person can choose, in steps per second; Infinity = as fast as possible. */
export const SPEEDS = [1, 2, 3, 5, 10, 20, 50, 100, 300, 1000, 10_000, 100_000, 1_000_000, Infinity];
/** The speed a search starts at, and a link without one shows. */
export const DEFAULT_SPEED = 10;

/**
 * At full speed, the wasm work done per animation frame (ms) adapts so that frames keep
 * coming at the display's rate: it shrinks by 20% after a late frame and grows back by
 * 0.05 ms after each frame on time, within these bounds. (Growing slowly keeps late frames
 * rare: measured, 0.25 ms left about one frame in six late.)
 */
const BUDGET_MS = { min: 2, start: 8, max: 12 };
const FRAME_MS = 1000 / 60;
/** Steps per Search.run call at full speed, between looks at the clock (about 0.5 ms). */
const CHUNK = 20_000;
/** A seek this short is done at once, without waiting for an animation frame. */
const SEEK_AT_ONCE = 200_000;

export class Player {
  /**
   * @param {Function} Search the wasm class: new Search(n, mirror)
   * @param {object} screen see the header comment
   * @param {object} clock { now(), nextFrame(callback) } (the browser's by default)
   */
  constructor(Search, screen, clock = BROWSER_CLOCK) {
    this.Search = Search;
    this.screen = screen;
    this.clock = clock;
    this.speed = DEFAULT_SPEED;
    this.budget = BUDGET_MS.start;
    this.search = null;
    this.state = IDLE;
    /** Runs tick() once per animation frame exactly while the state is PLAYING (take()). */
    this.frames = new FrameLoop(clock, (now) => this.tick(now));
    /** Set by Predict mode: hold(what) is asked before each step forward taken by Step
     *  ('step'), by Play ('speed') or by Next solution ('solution'), never by Run to end or a
     *  seek; true holds the search where it stands (a question is open there). */
    this.hold = null;
    /** While locked: called on each command refused (see the header); null: unlocked. */
    this.refused = null;
    /** True inside led(action): the commands are the lead's, taken while locked. */
    this.leading = false;
    this.readOnly = readOnly(this);
  }

  /** Locks the player (`refused`: told of each command refused) or unlocks it (null). */
  lock(refused) {
    this.refused = refused;
  }

  /** Runs `action`, whose commands are taken even while the player is locked (the board
   *  that is followed, moving this one). */
  led(action) {
    const before = this.leading;
    this.leading = true;
    try {
      return action();
    } finally {
      this.leading = before;
    }
  }

  /** True when a command may be taken now; else says so (refused) and it is not. */
  mayMove() {
    if (!this.refused || this.leading) return true;
    this.refused();
    return false;
  }

  get n() {
    return this.search?.n;
  }

  /** Where the search stands, for next(): 'start', 'middle' or 'end'. */
  get at() {
    return this.search.finished ? 'end' : this.search.steps === 0 ? 'start' : 'middle';
  }

  /** Starts a new search on an n×n board (n already validated), in mirror mode or not. */
  reset(n = this.n, mirror = this.mirror ?? false) {
    if (!this.mayMove()) return;
    this.search?.free();
    this.search = new this.Search(n, mirror);
    this.mirror = mirror;
    this.take('reset');
    this.furthest = 0; // the most steps this search has reached: the Position slider's range
    this.lastStep = null; // the steps of the whole search, once its end was reached
    this.screen.cleared(n, mirror);
    this.redraw();
  }

  /** One step forward; stops playing first. */
  step() {
    if (!this.mayMove() || this.state === DONE) return;
    this.guard(() => this.runBatch(1, false, 'step'));
    this.move('step');
  }

  /** One step back, exactly; stops playing first. */
  back() {
    if (!this.mayMove()) return;
    if (this.search.steps > 0) this.guard(() => this.seekBatch(this.search.steps - 1, 1));
    this.move('back');
  }

  /** Starts playing towards `goal`: 'speed' (the chosen speed), 'solution' or 'end'. */
  play(goal = 'speed') {
    if (!this.mayMove() || this.state === DONE) return;
    this.goal = goal;
    this.credit = 1; // the first step happens at once, whatever the speed
    this.move('play');
  }

  pause() {
    if (!this.mayMove()) return;
    this.move('pause');
  }

  /** Moves to step `target` (clamped to the end of the search): at once when it is near, else
   *  frame by frame like play, so that the page stays responsive and Pause stops it. */
  seek(target) {
    if (!this.mayMove()) return;
    this.goal = 'seek';
    this.seekTarget = target;
    let arrived = true;
    this.guard(() => { arrived = this.seekBatch(target, SEEK_AT_ONCE); });
    this.move(arrived ? 'arrived' : 'seek');
  }

  /** Moves to the step that entered the node `path` (its queens' columns, row 0 first), which
   *  lies ahead when `ahead` (unless its queens are on the board): like seek, at once when it
   *  is near, else frame by frame. */
  seekNode(path, ahead) {
    if (!this.mayMove()) return;
    this.goal = 'node';
    this.seekPath = path;
    this.seekAhead = ahead;
    let arrived = true;
    this.guard(() => { arrived = this.nodeBatch(SEEK_AT_ONCE); });
    this.move(arrived ? 'arrived' : 'seek');
  }

  nextSolution() {
    this.play('solution');
  }

  runToEnd() {
    this.play('end');
  }

  togglePlay() {
    if (!this.mayMove()) return;
    if (this.state === PLAYING) this.pause();
    else this.play();
  }

  setSpeed(stepsPerSecond) {
    this.speed = stepsPerSecond;
  }

  /** Takes the transition for `event` (the search standing at this.at) and returns the state
   *  it left. The only place the state changes: the frames run exactly while PLAYING. */
  take(event) {
    const before = this.state;
    this.state = next(before, event, this.at);
    if (this.state === PLAYING) this.frames.start();
    else this.frames.stop();
    return before;
  }

  /** Takes the transition for `event` and redraws (while playing, on the way to a seek's
   *  target, shows only the position). */
  move(event) {
    const before = this.take(event);
    if (this.state === PLAYING) {
      if (before !== PLAYING) this.lastTick = this.clock.now();
      // On the way to a seek's target only the position is shown (screen.progress): its frames
      // are wasm work and two numbers, so a far permalink is restored with the page responsive
      // even on a busy machine. Everything is redrawn on arrival.
      if (event === 'play' && (this.goal === 'seek' || this.goal === 'node')) {
        this.screen.progress?.(this.search.steps);
        return;
      }
    }
    this.redraw();
  }

  /** One animation frame of play (the state is PLAYING): run a batch of steps, then redraw once. */
  tick(now) {
    const interval = now - this.lastTick;
    // After a hidden tab or a long pause, do not try to catch up on missed time.
    const elapsed = Math.min(interval, 250);
    this.lastTick = now;
    let arrived = false;
    this.guard(() => {
      if (this.goal !== 'speed' || this.speed === Infinity) {
        this.budget = interval > FRAME_MS * 1.05
          ? Math.max(BUDGET_MS.min, this.budget * 0.8)
          : Math.min(BUDGET_MS.max, this.budget + 0.05);
        const batch = this.goal === 'seek' ? () => this.seekBatch(this.seekTarget, CHUNK)
          : this.goal === 'node' ? () => this.nodeBatch(CHUNK)
            : () => this.runBatch(CHUNK, this.goal === 'solution', this.goal === 'end' ? null : this.goal);
        const until = this.clock.now() + this.budget;
        do arrived = batch();
        while (!arrived && this.clock.now() < until);
      } else {
        this.credit += (this.speed * elapsed) / 1000;
        const due = Math.floor(this.credit);
        this.credit -= due;
        if (due > 0) arrived = this.runBatch(due, false, 'speed');
      }
    });
    if (this.state === PLAYING) this.move(arrived ? 'arrived' : 'play');
    else this.redraw(); // a failure stopped play
  }

  /** Up to maxSteps forward (stopping right after a solution when stopAtSolution); returns
   *  true when that arrives somewhere to rest: the end, the solution asked for, or a step
   *  `this.hold` holds. `heldFor` names what moves (see `hold`), or null: never held. */
  runBatch(maxSteps, stopAtSolution, heldFor) {
    if (!this.hold || heldFor === null) return this.runSteps(maxSteps, stopAtSolution);
    for (let taken = 0; taken < maxSteps; taken++) {
      if (this.hold(heldFor) || this.runSteps(1, stopAtSolution)) return true;
    }
    return false;
  }

  /** runBatch without a hold: the steps in one call into the core. */
  runSteps(maxSteps, stopAtSolution) {
    const batch = this.search.run(maxSteps, stopAtSolution, this.screen.keep);
    if (batch.boardsPassed.count > 0) this.screen.boardsPassed(batch.boardsPassed);
    return batch.finished || (stopAtSolution && batch.last?.kind === 'solution');
  }

  /** Up to maxSteps towards step `target`, back or forward; returns true on arrival. */
  seekBatch(target, maxSteps) {
    return this.passed(this.search.seek(target, maxSteps, this.screen.keep));
  }

  /** Tells the screen what a seek (`moved`, see play::Moved) passed; returns true on arrival. */
  passed(moved) {
    if (moved.boardsPassed.count > 0) this.screen.boardsPassed(moved.boardsPassed);
    return moved.arrived;
  }

  /** Up to maxSteps towards the node `seekPath`; returns true on arrival. */
  nodeBatch(maxSteps) {
    return this.passed(this.search.seekNode(this.seekPath, this.seekAhead, maxSteps, this.screen.keep));
  }

  /** Runs a call into the core; if it throws (a bug), stops playing and says so. */
  guard(action) {
    try {
      action();
    } catch (error) {
      this.take('pause');
      this.screen.failed(error);
    }
  }

  redraw() {
    const snapshot = this.search.snapshot();
    this.furthest = Math.max(this.furthest, snapshot.steps);
    if (snapshot.finished) this.lastStep = snapshot.steps;
    this.screen.render(snapshot, this.state);
  }
}

/**
 * What the panels may read of `player`: getters and queries only, on a frozen object, so
 * that nothing outside the player reaches into its search or its goal, or changes them.
 */
function readOnly(player) {
  return Object.freeze({
    /** A search exists (false only before the first reset). */
    get ready() { return player.search !== null; },
    get n() { return player.n; },
    get mirror() { return player.mirror; },
    /** The chosen speed in steps per second (Infinity: as fast as possible). */
    get speed() { return player.speed; },
    /** True while the player is locked (lock): only the board it follows moves it. */
    get locked() { return player.refused !== null; },
    /** IDLE, PLAYING, PAUSED or DONE. */
    get state() { return player.state; },
    /** What playing moves towards: 'speed', 'solution', 'end', 'seek' or 'node'. */
    get goal() { return player.goal; },
    /** Playing at full speed: towards a goal other than the chosen speed, or at Infinity. */
    get fullSpeed() {
      return player.state === PLAYING && (player.goal !== 'speed' || player.speed === Infinity);
    },
    /** The steps taken: the search's position. */
    get position() { return player.search.steps; },
    /** The most steps this search has reached: the Position slider's range. */
    get furthest() { return player.furthest; },
    /** The steps of the whole search, once its end has been reached; null before. */
    get lastStep() { return player.lastStep; },
    get finished() { return player.search.finished; },
    /** A copy of the search where it stands (Search.fork): the caller steps it and frees it. */
    fork: () => player.search.fork(),
    /** The last `count` steps taken, newest first (Search.history). */
    history: (count) => player.search.history(count),
    /** The step right after a landmark, or null (Search.landmark). */
    landmark: (slug, maxSteps) => player.search.landmark(slug, maxSteps),
    /** Predict mode's question before the next step, with its answer (Search.question). */
    question: (topics, turn) => player.search.question(topics, turn),
    /** Why an answer to that question is wrong, in the core's line, or null (Search.reason). */
    reason: (question, given) => player.search.reason(question, given),
    /** The search as it stands: board, masks, stack (a full snapshot: once per redraw). */
    snapshot: () => player.search.snapshot(),
    /** The children of every call of search on the stack, as the wasm `treeView` reads them. */
    stackTree: (treeView) => treeView.update(player.search),
  });
}
