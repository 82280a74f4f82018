// What a screen reader hears of the search: the narration's sentences, paced.
//
// The narration (#narration) shows the sentence of every step, up to once a frame while
// playing: as a live region it made a screen reader queue 20 sentences in 2 s of Play, each
// cut short by the next. So it is not live; the page's one live region for the search is
// #narration-said (read, not shown), and what it says is decided here, by a table:
//
//   resting -> resting  (Step, Back, a near seek, a lesson's stop)  each new sentence, as it comes
//   resting -> playing  (Play, Next solution, Run to end, a far seek)  the first step's sentence
//   playing -> playing  (each frame of play)  a sentence only when SAY_EVERY_MS have passed
//                       since the last one said: at most one every 3 s
//   playing -> resting  (Pause, a solution reached, the end, Reset, a seek's arrival)  the
//                       sentence where it stopped, always, led by its step ("At step 21.") so
//                       that it differs from the last one said even on the same step
//   * -> followed       (a live class's student: the board moved by the teacher's, up to ten
//                       positions a second while the teacher plays) paced as playing is, and
//                       the last sentence is always said: one held back is said once
//                       SAY_EVERY_MS have passed since the last, unless another is said first
//   followed -> resting (the student's own move, once the room explores)  as resting
//
// The Explored figure, Time left and the counters are not live regions at all (index.html): a
// person reads them when they want them; the sentence of each step says what they would.
//
// DOM-free: the clock and the timer are injected, and `say(text)` is told what to say.

import { grouped } from '../shared/format.js';

/** The least time between two sentences said while playing, in ms: one every 3 s leaves time
 *  to hear a sentence (about 2 s at a screen reader's usual rate) before the next. */
export const SAY_EVERY_MS = 3000;

/** The page's states, as the announcer sees them: playing, resting (idle, paused or done), or
 *  followed (resting, the board moved by a live class's teacher). */
const PLAYING = 'playing';
const RESTING = 'resting';
const FOLLOWED = 'followed';

/** TRANSITIONS[from][to]: what is said when the page goes from `from` to `to`. */
export const TRANSITIONS = {
  [RESTING]: { [RESTING]: 'ifNew', [PLAYING]: 'now', [FOLLOWED]: 'paced' },
  [PLAYING]: { [PLAYING]: 'ifDue', [RESTING]: 'stopped', [FOLLOWED]: 'stopped' },
  [FOLLOWED]: { [RESTING]: 'ifNew', [PLAYING]: 'now', [FOLLOWED]: 'paced' },
};

/** The browser's timer: later(callback, ms) → a handle for cancel(handle). */
const BROWSER_TIMER = { later: (callback, ms) => setTimeout(callback, ms), cancel: (handle) => clearTimeout(handle) };

export class Announcer {
  /**
   * @param {Function} say told each text to say (the live region's writer)
   * @param {Function} now the clock, in ms
   * @param {object} timer { later(callback, ms) → handle, cancel(handle) }: for a followed
   *   board's last sentence, held back
   */
  constructor(say, now = () => performance.now(), timer = BROWSER_TIMER) {
    this.say = say;
    this.now = now;
    this.timer = timer;
    this.state = RESTING;
    this.said = null; // the last sentence said (without the step that leads a stop's)
    this.saidAt = -Infinity; // when
    this.held = null; // the followed board's sentence held back, with its timer: {sentence, handle}
  }

  /** After each redraw: `sentence` is the narration's at step `steps`, the player in `state`
   *  (player.js's: 'playing', or idle, paused, done), the board moved by another's (a live
   *  class's teacher) when `followed`. Says what the table says. */
  render(sentence, steps, state, followed = false) {
    const to = state === PLAYING ? PLAYING : followed ? FOLLOWED : RESTING;
    const what = TRANSITIONS[this.state][to];
    this.state = to;
    const now = this.now();
    if (what === 'ifNew' && sentence === this.said) return;
    const due = now - this.saidAt >= SAY_EVERY_MS && sentence !== this.said;
    if (what === 'ifDue' && !due) return;
    if (what === 'paced' && !due) {
      this.hold(sentence, this.saidAt + SAY_EVERY_MS - now);
      return;
    }
    this.speak(what === 'stopped' ? `At step ${grouped(steps)}. ${sentence}` : sentence, sentence, now);
  }

  /** Says `text` (of `sentence`) now; a sentence held back is dropped. */
  speak(text, sentence, now) {
    this.drop();
    this.said = sentence;
    this.saidAt = now;
    this.say(text);
  }

  /** Holds `sentence` back, to be said in `ms` unless another is said first. */
  hold(sentence, ms) {
    if (sentence === this.said) {
      this.drop();
      return;
    }
    if (this.held) {
      this.held.sentence = sentence; // the latest, at the time already set
      return;
    }
    this.held = { sentence, handle: this.timer.later(() => {
      const { sentence: latest } = this.held;
      this.held = null;
      if (latest !== this.said) this.speak(latest, latest, this.now());
    }, Math.max(0, ms)) };
  }

  drop() {
    if (!this.held) return;
    this.timer.cancel(this.held.handle);
    this.held = null;
  }
}
