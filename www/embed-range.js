// The step range of an embed: every move its viewer or its host page asks for (Step, Back,
// Play, a seek) stays inside [from, to]. Play stops at `to`, or with `loop` starts again at
// `from`. It commands the player through its methods and holds it at `to` through
// `player.hold` (the hook Predict mode uses on the main page; an embed has no Predict).
//
// Invariants, once started: from <= position <= to (to = the end of the search when the link
// named none, or named a step past it); `ready` is false until the embed first stands at its
// starting step, and no event reaches the host page before that.

import { PLAYING, DONE } from './player.js';

/** Steps a fork of the search may run at start to find out whether `to` lies past the end. */
const END_CHECK_STEPS = 5_000_000;
/** The pause at the end of the range before a loop starts again (ms). */
const LOOP_PAUSE_MS = 800;

export class EmbedRange {
  /**
   * @param {Player} player the embed's player (reset on its board already)
   * @param {object} range {from, to (null: the end of the search), loop}
   * @param {object} hooks post(type, more) sends an event to the host page; warn(text) shows
   *   a bad range on the page
   */
  constructor(player, { from, to, loop }, { post, warn }) {
    this.player = player;
    this.seen = player.readOnly;
    this.from = from;
    this.to = to;
    this.loop = loop;
    this.post = post;
    this.warn = warn;
    this.started = false; // start() called
    this.ready = false; // the first step reached, and told to the host page
    this.wasPlaying = false; // played at the chosen speed since the last rest
    this.autoplay = false;
    this.playAfterArrival = false;
    this.lastPosted = null;
    this.loopTimer = null;
  }

  /** The last step the viewer may reach: `to`, or the end of the search (Infinity until known). */
  get last() {
    return this.to ?? Infinity;
  }

  /** Moves to `position` (clamped into the range) and, when `autoplay`, plays from there. */
  start(position, autoplay) {
    this.checkAgainstTheEnd();
    this.player.hold = () => this.seen.position >= this.last;
    this.autoplay = autoplay;
    this.started = true;
    const target = Math.min(Math.max(position, this.from), this.last);
    if (target > 0) this.player.seek(target); // redraws on arrival
    else this.player.redraw();
  }

  /** Where the search ends, when a fork of it gets there within END_CHECK_STEPS: a range
   *  past the end is cut there, with a message; a range without `to` learns its end. */
  checkAgainstTheEnd() {
    const fork = this.seen.fork();
    try {
      fork.seek(this.to ?? Number.MAX_SAFE_INTEGER, END_CHECK_STEPS, 0);
      if (!fork.finished) return;
      const end = fork.steps;
      if (this.from > end) {
        this.warn(`The embed starts at step ${this.from}, past the end of the search (step ${end}); it shows step ${end}.`);
        this.from = end;
      }
      if (this.to !== null && this.to > end) {
        this.warn(`The embed's range runs to step ${this.to}, past the end of the search; it ends at step ${end}.`);
      }
      if (this.to === null || this.to > end) this.to = end;
    } finally {
      fork.free();
    }
  }

  step() {
    this.cancelLoop();
    if (this.seen.position < this.last) this.player.step();
  }

  back() {
    this.cancelLoop();
    if (this.seen.position > this.from) this.player.back();
  }

  /** Plays at the chosen speed; at the end of the range, from its start again. */
  play() {
    this.cancelLoop();
    if (this.atEnd()) {
      this.seekThenPlay();
      return;
    }
    this.player.play();
  }

  pause() {
    this.cancelLoop();
    this.playAfterArrival = false;
    this.player.pause();
  }

  togglePlay() {
    if (this.seen.state === PLAYING || this.loopTimer !== null) this.pause();
    else this.play();
  }

  /** Moves to `step`, clamped into the range. */
  seek(step) {
    this.cancelLoop();
    this.playAfterArrival = false;
    this.player.seek(Math.min(Math.max(step, this.from), this.last));
  }

  /** At the last step of the range (or of the search). */
  atEnd() {
    return this.seen.position >= this.last || this.seen.state === DONE;
  }

  /** Called after each redraw of the player: events for the host page, the end and the loop. */
  render(snapshot, state) {
    if (!this.started) return; // the player's first redraw, before the range is applied
    if (state === PLAYING && this.seen.goal === 'speed') this.wasPlaying = true;
    if (!this.ready) {
      if (state === PLAYING) return; // still on the way to the first step
      this.ready = true;
      this.lastPosted = snapshot.steps;
      this.post('ready', { from: this.from, to: this.to });
      if (this.autoplay) queueMicrotask(() => this.play());
      return;
    }
    if (snapshot.steps !== this.lastPosted) {
      this.lastPosted = snapshot.steps;
      this.post('step');
    }
    if (state === PLAYING) return;
    if (this.playAfterArrival) {
      this.playAfterArrival = false;
      queueMicrotask(() => this.player.play());
      return;
    }
    if (this.wasPlaying && this.atEnd()) {
      if (snapshot.finished) this.to = snapshot.steps; // the search's end, now known
      this.post('end');
      if (this.loop) this.loopTimer = setTimeout(() => { this.loopTimer = null; this.seekThenPlay(); }, LOOP_PAUSE_MS);
    }
    this.wasPlaying = false;
  }

  /** Solutions passed going forward inside the range: one event each, for those the player
   *  lists in full (columns 1-based). A seek back replays from the start: those are not new. */
  solutionsFound({ listed }) {
    if (!this.ready) return;
    for (const solution of listed) {
      if (solution.step <= this.from || solution.step > this.last) continue;
      this.post('solution', { step: solution.step, number: solution.number, columns: solution.queens.map((c) => c + 1) });
    }
  }

  /** Back to `from`, then play: at once when the seek arrives at once, else on arrival. */
  seekThenPlay() {
    this.player.seek(this.from);
    if (this.seen.state === PLAYING) this.playAfterArrival = true;
    else this.player.play();
  }

  cancelLoop() {
    if (this.loopTimer !== null) clearTimeout(this.loopTimer);
    this.loopTimer = null;
  }
}
