// The one frame scheduler: runs a callback once per animation frame, from start() until
// stop(), for the player and Compare's lockstep (each keeps its own time keeping and its
// own work per frame).
//
// Invariants:
// - At most one animation frame is asked for at a time: start() while one is pending asks
//   for none, so a pause and a play within one frame still make one callback.
// - onFrame(now) runs only while running; a frame already asked for when stop() is called
//   comes and does nothing.
// - While running, after each onFrame the next frame is asked for (onFrame may stop() it).
// - It only asks the clock for frames, never for the time: the owners read clock.now()
//   themselves, so a fake clock counts their looks alone.

/** The browser's clock and frames; tests pass their own { now(), nextFrame(callback) }. */
export const BROWSER_CLOCK = {
  now: () => performance.now(),
  nextFrame: (callback) => requestAnimationFrame(callback),
};

export class FrameLoop {
  #running = false;
  #pending = false; // an animation frame is asked for

  /**
   * @param {object} clock { nextFrame(callback) } (and now(), read by the owner)
   * @param {Function} onFrame called with the frame's timestamp (ms), once per frame
   */
  constructor(clock, onFrame) {
    this.clock = clock;
    this.onFrame = onFrame;
  }

  /** True from start() until stop(). */
  get running() {
    return this.#running;
  }

  /** Calls onFrame in every animation frame from the next one on, until stop(). */
  start() {
    this.#running = true;
    this.#askForFrame();
  }

  stop() {
    this.#running = false;
  }

  #askForFrame() {
    if (this.#pending) return;
    this.#pending = true;
    this.clock.nextFrame((now) => this.#frame(now));
  }

  #frame(now) {
    this.#pending = false;
    if (!this.#running) return;
    this.onFrame(now);
    if (this.#running) this.#askForFrame();
  }
}
