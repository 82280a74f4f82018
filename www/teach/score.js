// Predict mode's score: questions answered right out of those asked, per topic, and the
// streak of right answers in a row, kept in the browser (localStorage) across visits.
//
// A question counts once, when it is checked (right or wrong) or its answer is shown (not
// right: the streak ends). A question closed unanswered (Back, Predict turned off, a new
// board) does not count at all, so no move of the player loses or gains score.

const KEY = 'bitqueens.predict.score';

const empty = () => ({ right: 0, asked: 0, streak: 0, best: 0, topics: {} });

/** Reads a stored score, or an empty one when there is none or it is not a score. */
function parse(text) {
  try {
    const stored = JSON.parse(text);
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
  } catch {
    return empty();
  }
}

export class Score {
  /** @param {Storage|null} storage where it is kept (localStorage; null: this visit only) */
  constructor(storage = browserStorage()) {
    this.storage = storage;
    this.tally = empty();
    try {
      this.tally = parse(storage?.getItem(KEY) ?? 'null');
    } catch { /* storage blocked: a score for this visit only */ }
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
    try {
      this.storage?.setItem(KEY, JSON.stringify(this.tally));
    } catch { /* not kept; still counted for this visit */ }
  }
}

function browserStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
