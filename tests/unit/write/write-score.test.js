// Write it's score (www/write/write-score.js): per exercise, solved, at the first try or not,
// the tries, and the right answer kept; across visits in storage; junk in storage read as
// nothing; a storage that refuses (private mode, full) keeps the score for the visit and says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WriteScore } from '../../../www/write/write-score.js';

/** A Storage of a Map; `refuse` makes every call throw, as a blocked localStorage does. */
function memoryStorage({ refuseRead = false, refuseWrite = false } = {}) {
  const items = new Map();
  return {
    items,
    getItem(key) {
      if (refuseRead) throw new Error('SecurityError');
      return items.has(key) ? items.get(key) : null;
    },
    setItem(key, value) {
      if (refuseWrite) throw new Error('QuotaExceededError');
      items.set(key, String(value));
    },
  };
}

test('a first Check that is right counts as solved at the first try', () => {
  const score = new WriteScore(memoryStorage());
  assert.equal(score.describe('free-squares'), 'Not tried yet.');
  score.add('free-squares', true, 'poss = ~(ld | col | rd) & done;');
  assert.deepEqual(score.of('free-squares'), { tries: 1, solved: true, firstTry: true, answer: 'poss = ~(ld | col | rd) & done;' });
  assert.equal(score.describe('free-squares'), 'Solved at the first try.');
});

test('a wrong first Check: solved later, but not at the first try; tries counted', () => {
  const score = new WriteScore(memoryStorage());
  score.add('lowest-bit', false, 'bit = poss;');
  assert.equal(score.describe('lowest-bit'), 'Not solved yet (1 try).');
  score.add('lowest-bit', false, 'bit = poss & 1;');
  score.add('lowest-bit', true, 'bit = poss & -poss;');
  assert.deepEqual(score.of('lowest-bit'), { tries: 3, solved: true, firstTry: false, answer: 'bit = poss & -poss;' });
  assert.equal(score.describe('lowest-bit'), 'Solved, not at the first try (3 tries in all).');
  assert.equal(score.summary(['lowest-bit', 'free-squares']), '1 of 2 solved, 0 at the first try');
});

test('the score is kept across visits, and a reload gives no new first try', () => {
  const storage = memoryStorage();
  const first = new WriteScore(storage);
  first.add('take-it-away', false, 'poss = poss;');
  const again = new WriteScore(storage);
  assert.equal(again.of('take-it-away').tries, 1);
  again.add('take-it-away', true, 'poss = poss ^ bit;');
  assert.equal(new WriteScore(storage).of('take-it-away').firstTry, false);
  assert.equal(new WriteScore(storage).of('take-it-away').answer, 'poss = poss ^ bit;');
});

test('junk in storage is read as no score, entry by entry', () => {
  for (const junk of ['{', 'null', '[]', '42', '"x"', '{"free-squares":{"tries":-1,"solved":true,"firstTry":true}}',
    '{"free-squares":{"tries":1,"solved":false,"firstTry":true}}', '{"<b>":{"tries":1,"solved":true,"firstTry":true}}',
    '{"free-squares":{"tries":1.5,"solved":true,"firstTry":false}}']) {
    const storage = memoryStorage();
    storage.items.set('bitqueens.write.score', junk);
    const score = new WriteScore(storage);
    assert.deepEqual(score.tallies, {}, junk);
  }
  const storage = memoryStorage();
  storage.items.set('bitqueens.write.score', JSON.stringify({
    'free-squares': { tries: 2, solved: true, firstTry: false, answer: 'poss = 0;' },
    'lowest-bit': { tries: 'many', solved: true, firstTry: true },
  }));
  assert.deepEqual(Object.keys(new WriteScore(storage).tallies), ['free-squares']);
});

test('a storage that refuses to read or to write: the score still counts for this visit, and says it is not kept', () => {
  for (const storage of [memoryStorage({ refuseRead: true }), memoryStorage({ refuseWrite: true }), null]) {
    const score = new WriteScore(storage);
    score.add('next-row', true, 'next_ld = 0;');
    assert.equal(score.describe('next-row'), 'Solved at the first try.');
    assert.equal(score.kept, false);
  }
  assert.equal(new WriteScore(memoryStorage()).kept, true);
});
