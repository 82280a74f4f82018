// Predict mode's score: questions answered right out of those asked, per topic, and the
// streak of right answers in a row, kept in the browser (localStorage) across visits.
//
// A question counts once, when it is checked (right or wrong) or its answer is shown (not
// right: the streak ends). A question closed unanswered (Back, Predict turned off, a new
// board) does not count at all, so no move of the player loses or gains score.

import { Kept, browserStorage } from '../shared/kept.js';

const KEY = 'bitqueens.predict.score';

const empty = () => ({ right: 0, asked: 0, streak: 0, best: 0, topics: {} });

/** A kept score, or an empty one when there is none or it is not a score. */
function parse(stored) {
  const whole = (value) => Number.isSafeInteger(value) && value >= 0;
  if (!stored || ![stored.right, stored.asked, stored.streak, stored.best].every(whole)
    || stored.right > stored.asked || typeof stored.topics !== 'object' || stored.topics === null) return empty();
  const topics = {};
  for (const [slug, tally] of Object.entries(stored.topics)) {
    if (tally && whole(tally.right) && whole(tally.asked) && tally.right <= tally.asked) {
      topics[slug] = { right: tally.right, asked: tally.asked };
    }
  }
  return { right: stored.right, asked: stored.asked, streak: stored.streak, best: stored.best, topics };
}

export class Score {
  /** @param {Storage|null} storage where it is kept (localStorage; null: this visit only) */
  constructor(storage = browserStorage()) {
    this.storage = new Kept(KEY, storage); // storage blocked: a score for this visit only
    this.tally = parse(this.storage.read(null));
  }

  /** Counts one question of `topic`: right or not (a wrong answer, or the answer shown). */
  add(topic, right) {
    const { tally } = this;
    tally.asked += 1;
    const mine = (tally.topics[topic] ??= { right: 0, asked: 0 });
    mine.asked += 1;
    if (right) {
      tally.right += 1;
      mine.right += 1;
      tally.streak += 1;
      tally.best = Math.max(tally.best, tally.streak);
    } else {
      tally.streak = 0;
    }
    this.save();
  }

  reset() {
    this.tally = empty();
    this.save();
  }

  /** "k of m right". */
  get summary() {
    return `${this.tally.right} of ${this.tally.asked} right`;
  }

  /** The per-topic tallies, in the order of `topics` ([{slug, name}]), those asked only. */
  breakdown(topics) {
    return topics.filter(({ slug }) => this.tally.topics[slug])
      .map(({ slug, name }) => ({ slug, name, ...this.tally.topics[slug] }));
  }

  save() {
    this.storage.write(this.tally); // not kept: still counted for this visit
  }
}
