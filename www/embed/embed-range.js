// The step range of an embed: every move its viewer or its host page asks for (Step, Back,
// Play, a seek) stays inside [from, to]. Play stops at `to`, or with `loop` starts again at
// `from`. It commands the player through its methods and holds it at `to` through
// `player.hold` (the hook Predict mode uses on the main page; an embed has no Predict).
//
// Its states and every transition are the table in embed-range-machine.js; each command and
// each redraw of the player at rest is an event of it, and the range does what the
// transition taken says (below, by event).
//
// Invariants:
// - Until `ready` (the embed stands at its first step, and has told the host page) every
//   command is refused with a console warning: the opening seek may take many frames.
// - `loopTimer` is set exactly while the state is waitingToLoop.
// - Once ready, at rest: from <= position <= to. A move that left the range anyway (a node of
//   the Search tree clicked) is undone by a seek back to its nearest end.
// - `to` is the end of the search when the link named none or named a step past it: known
//   at once when a fork of the search reaches the end within END_CHECK_STEPS, else as soon
//   as the search itself stands there (a range past it is then cut, with a message).
// - `end` is told to the host page only when play at the chosen speed reaches the end of the
//   range, never after a pause, a step or a seek.

import { PLAYING as PLAYER_PLAYING, DONE as PLAYER_DONE } from '../player/index.js';
import {
  UNSTARTED, OPENING_TO_PLAY, PLAYING, REWINDING, ARRIVING_TO_PLAY, WAITING_TO_LOOP, READY_STATES, PLAYING_STATES,
  can, next,
} from './embed-range-machine.js';

/** Steps a fork of the search may run at start to find out whether `to` lies past the end. */
const END_CHECK_STEPS = 5_000_000;
/** The pause at the end of the range before a loop starts again (ms). */
const LOOP_PAUSE_MS = 800;

export class EmbedRange {
  /**
   * @param {Player} player the embed's player (reset on its board already)
   * @param {object} range {from, to (null: the end of the search), loop}
   * @param {object} hooks post(type, more) sends an event to the host page; warn(text) shows
   *   a problem with the range on the page
   */
  constructor(player, { from, to, loop }, { post, warn }) {
    this.player = player;
    this.seen = player.readOnly;
    this.from = from;
    this.to = to;
    this.loop = loop;
    this.post = post;
    this.warn = warn;
    this.state = UNSTARTED;
    this.lastPosted = null;
    this.loopTimer = null;
  }

  /** The first step reached, and told to the host page: commands are taken. */
  get ready() {
    return READY_STATES.includes(this.state);
  }

  /** Playing the range (at the chosen speed, on the way back to `from`, or waiting to loop). */
  get playing() {
    return PLAYING_STATES.includes(this.state);
  }

  /** The last step the viewer may reach: `to`, or the end of the search (Infinity until known). */
  get last() {
    return this.to ?? Infinity;
  }

  /** Takes the machine's transition for `event` and returns the state it left. Leaving
   *  waitingToLoop stops its timer; entering it (again) starts the loop's pause. */
  take(event) {
    const before = this.state;
    this.state = next(before, event);
    if (before === WAITING_TO_LOOP) {
      clearTimeout(this.loopTimer);
      this.loopTimer = null;
    }
    if (this.state === WAITING_TO_LOOP) this.loopTimer = setTimeout(() => this.rewind(), LOOP_PAUSE_MS);
    return before;
  }

  /** Moves to `position` (clamped into the range) and, when `autoplay`, plays from there. */
  start(position, autoplay) {
    this.lookAhead();
    this.player.hold = () => this.seen.position >= this.last;
    this.take(autoplay ? 'openToPlay' : 'open');
    const target = Math.min(Math.max(position, this.from), this.last);
    if (target > 0) this.player.seek(target); // redraws on arrival
    else this.player.redraw();
  }

  /** Runs a fork of the search up to END_CHECK_STEPS towards `to` (or the end): if it ends
   *  on the way, the range learns where. */
  lookAhead() {
    const fork = this.seen.fork();
    try {
      fork.seek(this.to ?? Number.MAX_SAFE_INTEGER, END_CHECK_STEPS, 0);
      if (fork.finished) this.learnEnd(fork.steps);
    } finally {
      fork.free();
    }
  }

  /** The search ends at step `end`: a range reaching past it is cut there, with a message. */
  learnEnd(end) {
    if (this.from > end) {
      this.warn(`The embed starts at step ${this.from}, past the end of the search (step ${end}); it shows step ${end}.`);
      this.from = end;
    }
    if (this.to !== null && this.to > end) {
      this.warn(`The embed's range runs to step ${this.to}, past the end of the search; it ends at step ${end}.`);
    }
    if (this.to === null || this.to > end) this.to = end;
  }

  /** True when the machine takes `command` now; else says in the console that it was refused.
   *  Refused only before ready: rewinding, the one ready state that takes no command, lasts
   *  one call of rewind(), during which no command can come. */
  accepts(command) {
    if (can(this.state, command)) return true;
    console.warn(`bitqueens embed: ignored “${command}”: the embed is not ready yet (wait for its “ready” event).`);
    return false;
  }

  step() {
    if (!this.accepts('step')) return;
    this.take('step');
    if (this.seen.position < this.last) this.player.step();
    else this.player.redraw(); // nothing to take, but a loop waiting there was stopped
  }

  back() {
    if (!this.accepts('back')) return;
    this.take('back');
    if (this.seen.position > this.from) this.player.back();
    else this.player.redraw();
  }

  /** Plays at the chosen speed; at the end of the range, from its start again. */
  play() {
    if (!this.accepts('play')) return;
    if (this.from >= this.last) return; // a range of one step: nothing to play
    this.take('play');
    if (this.state === ARRIVING_TO_PLAY) return; // play starts on arrival
    if (this.atEnd()) this.rewind();
    else this.player.play();
  }

  pause() {
    if (!this.accepts('pause')) return;
    this.take('pause');
    this.player.pause();
  }

  /** Pauses whatever moves (play, the loop's wait, a long seek), else plays. */
  togglePlay() {
    if (this.playing || this.seen.state === PLAYER_PLAYING) this.pause();
    else this.play();
  }

  /** Moves to `step`, clamped into the range. */
  seek(step) {
    if (!this.accepts('seek')) return;
    this.take('seek');
    this.player.seek(this.clamp(step));
  }

  clamp(step) {
    return Math.min(Math.max(step, this.from), this.last);
  }

  /** At the last step of the range (or of the search). */
  atEnd() {
    return this.seen.position >= this.last || this.seen.state === PLAYER_DONE;
  }

  /** Called after each redraw of the player: events for the host page, and, when the player
   *  rests, the machine's event for where it rests (see embed-range-machine.js). */
  render(snapshot, playerState) {
    if (this.state === UNSTARTED) return; // the player's first redraw, before the range is applied
    if (snapshot.finished) this.learnEnd(snapshot.steps);
    if (this.ready && snapshot.steps !== this.lastPosted) {
      this.lastPosted = snapshot.steps;
      this.post('step');
    }
    // On the way (to the first step, or a target), or the redraw of rewind()'s own seek.
    if (playerState === PLAYER_PLAYING || this.state === REWINDING) return;
    const inside = this.clamp(snapshot.steps);
    if (inside !== snapshot.steps) { // moved out of the range by something else (the tree)
      this.take('strayed');
      queueMicrotask(() => this.player.seek(inside));
      return;
    }
    if (!this.ready) {
      const opened = this.take('ready');
      this.lastPosted = snapshot.steps;
      this.post('ready', { from: this.from, to: this.to });
      if (opened === OPENING_TO_PLAY) queueMicrotask(() => this.play());
      return;
    }
    const atEnd = this.atEnd();
    const before = this.take(!atEnd ? 'rested' : this.loop ? 'lapped' : 'ended');
    if (before === ARRIVING_TO_PLAY) queueMicrotask(() => this.player.play());
    else if (atEnd && (before === PLAYING || before === WAITING_TO_LOOP)) this.post('end'); // play reached the end
  }

  /** Boards passed going forward inside the range: one `solution` event each, for those the
   *  player lists in full (columns 1-based). A seek back replays from the start: those are not new. */
  boardsPassed({ listed }) {
    if (!this.ready) return;
    for (const solution of listed) {
      if (solution.step <= this.from || solution.step > this.last) continue;
      this.post('solution', { step: solution.step, number: solution.number, columns: solution.queens.map((c) => c + 1) });
    }
  }

  /** Back to `from` to play the range again (Play at its end, or the loop's pause over): play
   *  starts at once when the seek arrives at once, else on arrival. */
  rewind() {
    this.take('rewind');
    this.player.seek(this.from);
    if (this.seen.state === PLAYER_PLAYING) {
      this.take('onTheWay');
    } else {
      this.take('rested');
      this.player.play();
    }
  }
}
