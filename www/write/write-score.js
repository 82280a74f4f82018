// Write it's score: per exercise, whether it is solved, whether it was solved at the first
// Check, how many Checks it took, and the answer that was right (so that Run my loop can use
// the loop's four after a reload). Kept in the browser (localStorage) across visits; when the
// browser refuses to keep it (private mode, full, blocked), it is kept for this visit only and
// `kept` says so.
//
// A Check counts once per press, whatever the verdict; the first try is the first Check of an
// exercise ever made in this browser (a reload does not give a new first try).

import { Kept, browserStorage } from '../shared/kept.js';

const KEY = 'bitqueens.write.score';
/** The longest answer kept (characters); a longer right answer is scored but not kept. */
const MAX_KEPT_ANSWER = 20_000;

const SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;
const whole = (value) => Number.isSafeInteger(value) && value >= 0;

/** A kept score, keeping only the well-formed entries. */
function parse(stored) {
  const tallies = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return tallies;
  for (const [slug, tally] of Object.entries(stored)) {
    if (!SLUG.test(slug) || !tally || typeof tally !== 'object' || !whole(tally.tries) || tally.tries < 1
      || typeof tally.solved !== 'boolean' || typeof tally.firstTry !== 'boolean' || (tally.firstTry && !tally.solved)) continue;
    const answer = tally.solved && typeof tally.answer === 'string' && tally.answer.length <= MAX_KEPT_ANSWER ? tally.answer : null;
    tallies[slug] = { tries: tally.tries, solved: tally.solved, firstTry: tally.firstTry, answer };
  }
  return tallies;
}

export class WriteScore {
  /** @param {Storage|null} storage where it is kept (localStorage; null: this visit only) */
  constructor(storage = browserStorage()) {
    this.storage = new Kept(KEY, storage); // storage blocked: a score for this visit only
    this.tallies = parse(this.storage.read(null));
  }

  /** Whether the score is kept across visits: false once the browser refused (or has no storage). */
  get kept() {
    return !this.storage.refused;
  }

  /** Counts one Check of `slug`: right or not; a right answer is kept with it. */
  add(slug, right, answer) {
    const tally = this.tallies[slug];
    if (!tally) {
      this.tallies[slug] = { tries: 1, solved: right, firstTry: right, answer: right ? answer : null };
    } else {
      tally.tries += 1;
      if (right) {
        tally.solved = true;
        tally.answer = answer;
      }
    }
    this.save();
  }

  /** The tally of `slug` ({tries, solved, firstTry, answer}), or null before its first Check. */
  of(slug) {
    return this.tallies[slug] ?? null;
  }

  /** "Solved at the first try", "Solved after 3 tries", "Not solved yet (2 tries)", "Not tried yet". */
  describe(slug) {
    const tally = this.of(slug);
    if (!tally) return 'Not tried yet.';
    const tries = `${tally.tries} ${tally.tries === 1 ? 'try' : 'tries'}`;
    if (tally.firstTry) return 'Solved at the first try.';
    if (tally.solved) return `Solved, not at the first try (${tries} in all).`;
    return `Not solved yet (${tries}).`;
  }

  /** "k of m solved, j at the first try" over `slugs`. */
  summary(slugs) {
    const solved = slugs.filter((slug) => this.of(slug)?.solved).length;
    const first = slugs.filter((slug) => this.of(slug)?.firstTry).length;
    return `${solved} of ${slugs.length} solved, ${first} at the first try`;
  }

  reset() {
    this.tallies = {};
    this.save();
  }

  save() {
    this.storage.write(this.tallies); // not kept: still counted for this visit
  }
}
