// The player: the one place that decides what a button press does to the search.
//
// States and transitions (anything not listed changes nothing):
//
//   idle     no step taken yet       Step → paused   Play, Next solution, Run to end → playing
//   playing  steps run every frame   Pause → paused  Step, Back → stop playing, then act
//   paused   stopped mid-search      Step, Back → paused (idle when back at the start)
//                                    Play, Next solution, Run to end → playing
//   done     the search finished     Back → paused
//   any state: Reset or a new board size → idle; the search finishing → done
//
// Playing has a goal: 'speed' runs `speed` steps per second; 'solution' runs at full speed
// and pauses right after the next solution; 'end' runs at full speed to the end; 'seek'
// moves back or forward to step `seekTarget` (the Position slider, a permalink) and then
// settles (idle at step 0, done at the end, paused elsewhere). Steps are
// batched: many per animation frame through Search.run, then one redraw. At full speed it
// runs for a time slice each frame, so the page keeps redrawing and Pause stays responsive.
//
// The player owns no DOM. It tells a `view` what happened:
//   view.render(snapshot, lastEvent, state)   once per change (once per frame while playing)
//   view.keep                                  how many solutions the view lists in full
//   view.solutionsFound({count, representatives, listed})  solutions passed going forward,
//                                              in order; `listed` holds those numbered up to
//                                              view.keep: {number, step, queens, classSize,
//                                              isRepresentative, mirrorOf}
//   view.solutionsUndone({count, representatives})  solutions undone going back
//   view.cleared(n)                            when a new search starts
//   view.failed(error)                         when the core throws (a bug): play stops

export const IDLE = 'idle';
export const PLAYING = 'playing';
export const PAUSED = 'paused';
export const DONE = 'done';

/** Speed steps a person can choose, in steps per second; Infinity = as fast as possible. */
export const SPEEDS = [1, 2, 3, 5, 10, 20, 50, 100, 300, 1000, 10_000, 100_000, 1_000_000, Infinity];

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
   * @param {Function} Search the wasm class: new Search(n)
   * @param {object} view see the header comment
   */
  constructor(Search, view) {
    this.Search = Search;
    this.view = view;
    this.speed = 10;
    this.budget = BUDGET_MS.start;
    this.search = null;
    this.state = IDLE;
    this.lastEvent = null;
  }

  get n() {
    return this.search?.n;
  }

  /** Starts a new search on an n×n board (n already validated), in mirror mode or not. */
  reset(n = this.n, mirror = this.mirror ?? false) {
    this.search?.free();
    this.search = new this.Search(n, mirror);
    this.mirror = mirror;
    this.lastEvent = null;
    this.state = IDLE;
    this.furthest = 0; // the most steps this search has reached: the Position slider's range
    this.view.cleared(n);
    this.redraw();
  }

  /** One step forward; stops playing first (the frame loop ends when the state settles). */
  step() {
    if (this.state === DONE) return;
    this.guard(() => {
      this.runBatch(1, false);
      this.state = this.settled();
    });
    this.redraw();
  }

  /** One step back, exactly; stops playing first, like step(). */
  back() {
    if (this.search.steps === 0) return;
    this.guard(() => this.seekBatch(this.search.steps - 1, 1));
    this.redraw();
  }

  /** Starts playing towards `goal`: 'speed' (the chosen speed), 'solution' or 'end'. */
  play(goal = 'speed') {
    if (this.state === DONE) return;
    this.goal = goal;
    if (this.state === PLAYING) return;
    this.state = PLAYING;
    this.credit = 1; // the first step happens at once, whatever the speed
    this.lastTick = performance.now();
    this.redraw();
    requestAnimationFrame((t) => this.tick(t));
  }

  pause() {
    if (this.state !== PLAYING) return;
    this.state = this.settled();
    this.redraw();
  }

  /** Moves to step `target` (clamped to the end of the search): at once when it is near, else
   *  frame by frame like play, so that the page stays responsive and Pause stops it. */
  seek(target) {
    const framesRunning = this.state === PLAYING;
    this.goal = 'seek';
    this.seekTarget = target;
    this.guard(() => this.seekBatch(target, SEEK_AT_ONCE));
    if (this.state === PLAYING && !framesRunning) {
      this.lastTick = performance.now();
      requestAnimationFrame((t) => this.tick(t));
    }
    this.redraw();
  }

  nextSolution() {
    this.play('solution');
  }

  runToEnd() {
    this.play('end');
  }

  togglePlay() {
    if (this.state === PLAYING) this.pause();
    else this.play();
  }

  /** The state to rest in when not playing. */
  settled() {
    return this.search.finished ? DONE : this.search.steps === 0 ? IDLE : PAUSED;
  }

  setSpeed(stepsPerSecond) {
    this.speed = stepsPerSecond;
  }

  /** One animation frame of play: run a batch of steps, then redraw once. */
  tick(now) {
    if (this.state !== PLAYING) return;
    const interval = now - this.lastTick;
    // After a hidden tab or a long pause, do not try to catch up on missed time.
    const elapsed = Math.min(interval, 250);
    this.lastTick = now;
    this.guard(() => {
      if (this.goal !== 'speed' || this.speed === Infinity) {
        this.budget = interval > FRAME_MS * 1.05
          ? Math.max(BUDGET_MS.min, this.budget * 0.8)
          : Math.min(BUDGET_MS.max, this.budget + 0.05);
        const batch = this.goal === 'seek'
          ? () => this.seekBatch(this.seekTarget, CHUNK)
          : () => this.runBatch(CHUNK, this.goal === 'solution');
        const until = performance.now() + this.budget;
        do batch();
        while (this.state === PLAYING && performance.now() < until);
      } else {
        this.credit += (this.speed * elapsed) / 1000;
        const due = Math.floor(this.credit);
        this.credit -= due;
        if (due > 0) this.runBatch(due, false);
      }
    });
    this.redraw();
    if (this.state === PLAYING) requestAnimationFrame((t) => this.tick(t));
  }

  /** Up to maxSteps forward (pausing right after a solution when stopAtSolution). */
  runBatch(maxSteps, stopAtSolution) {
    const batch = this.search.run(maxSteps, stopAtSolution, this.view.keep);
    if (batch.solutions.count > 0) this.view.solutionsFound(batch.solutions);
    if (batch.last) this.lastEvent = batch.last;
    if (batch.finished) this.state = DONE;
    else if (stopAtSolution && batch.last?.kind === 'solution') this.state = PAUSED;
  }

  /** Up to maxSteps towards step `target`, back or forward; settles on arrival. */
  seekBatch(target, maxSteps) {
    const moved = this.search.seek(target, maxSteps, this.view.keep);
    if (moved.solutions.count > 0) this.view.solutionsFound(moved.solutions);
    if (moved.undone.count > 0) this.view.solutionsUndone(moved.undone);
    if (moved.last) this.lastEvent = moved.lastUndone ? { ...moved.last, undone: true } : moved.last;
    this.state = moved.arrived ? this.settled() : PLAYING;
  }

  /** Runs a call into the core; if it throws (a bug), stops playing and says so. */
  guard(action) {
    try {
      action();
    } catch (error) {
      this.state = PAUSED;
      this.view.failed(error);
    }
  }

  redraw() {
    const snapshot = this.search.snapshot();
    this.furthest = Math.max(this.furthest, snapshot.steps);
    this.view.render(snapshot, this.lastEvent, this.state);
  }
}
