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
//
// The Explored figure, Time left and the counters are not live regions at all (index.html): a
// person reads them when they want them; the sentence of each step says what they would.
//
// DOM-free: the clock is injected, and `say(text)` is told what to say.

import { grouped } from '../shared/format.js';

/** The least time between two sentences said while playing, in ms: one every 3 s leaves time
 *  to hear a sentence (about 2 s at a screen reader's usual rate) before the next. */
export const SAY_EVERY_MS = 3000;

/** The page's two states, as the announcer sees the player's: playing, or resting (idle,
 *  paused or done). */
const PLAYING = 'playing';
const RESTING = 'resting';

/** TRANSITIONS[from][to]: what is said when the player goes from `from` to `to`. */
export const TRANSITIONS = {
  [RESTING]: { [RESTING]: 'ifNew', [PLAYING]: 'now' },
  [PLAYING]: { [PLAYING]: 'ifDue', [RESTING]: 'stopped' },
};

export class Announcer {
  /**
   * @param {Function} say told each text to say (the live region's writer)
   * @param {Function} now the clock, in ms
   */
  constructor(say, now = () => performance.now()) {
    this.say = say;
    this.now = now;
    this.state = RESTING;
    this.said = null; // the last sentence said (without the step that leads a stop's)
    this.saidAt = -Infinity; // when
  }

  /** After each redraw: `sentence` is the narration's at step `steps`, the player in `state`
   *  (player.js's: 'playing', or idle, paused, done). Says what the table says. */
  render(sentence, steps, state) {
    const to = state === PLAYING ? PLAYING : RESTING;
    const what = TRANSITIONS[this.state][to];
    this.state = to;
    const now = this.now();
    if (what === 'ifNew' && sentence === this.said) return;
    if (what === 'ifDue' && (now - this.saidAt < SAY_EVERY_MS || sentence === this.said)) return;
    this.said = sentence;
    this.saidAt = now;
    this.say(what === 'stopped' ? `At step ${grouped(steps)}. ${sentence}` : sentence);
  }
}
