// The player's screen (see player.js's header) made of parts: the stage, the panels beside it,
// the controls, whatever else shows the search. Each part implements the calls it cares
// about (render, progress, boardsPassed, cleared); the screen tells every part that has one,
// in the order the parts were added. Parts may be added after the player exists (a part that
// needs the player to be made); a part added later is told only of the calls made after it
// joined (add a part with `cleared` before the player's first reset to hear of the search).

/** The calls a part may implement, and what each is given (player.js's header). */
const CALLS = ['render', 'progress', 'boardsPassed', 'cleared'];

export class Screen {
  /**
   * @param {object} options keep: how many boards passed are listed in full (the stage's
   *   gallery); failed(error): told when the core throws (a bug)
   */
  constructor({ keep, failed }) {
    this.keep = keep;
    this.failed = failed;
    /** parts[call] holds the parts that implement `call`, in the order added. */
    this.parts = Object.fromEntries(CALLS.map((call) => [call, []]));
  }

  /** Adds parts, each told from now on of the calls it implements; returns the screen. */
  add(...parts) {
    for (const part of parts) {
      let heard = false;
      for (const call of CALLS) {
        if (typeof part[call] !== 'function') continue;
        this.parts[call].push(part);
        heard = true;
      }
      if (!heard) throw new Error(`A part of the screen implements none of ${CALLS.join(', ')}.`);
    }
    return this;
  }

  render(snapshot, state) {
    for (const part of this.parts.render) part.render(snapshot, state);
  }

  progress(steps) {
    for (const part of this.parts.progress) part.progress(steps);
  }

  boardsPassed(passed) {
    for (const part of this.parts.boardsPassed) part.boardsPassed(passed);
  }

  /** A new search on an n×n board, in mirror mode or not. */
  cleared(n, mirror) {
    for (const part of this.parts.cleared) part.cleared(n, mirror);
  }
}
