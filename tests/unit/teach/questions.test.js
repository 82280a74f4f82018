// Predict mode's words and comparisons (www/teach/questions.js) on questions shaped like the
// core's (crate/src/session/predict.rs), and the score (www/teach/score.js) on a fake storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prompt, explain, compare, hiddenLines, answerRows } from '../../../www/teach/questions.js';
import { Score } from '../../../www/teach/score.js';

const base = { n: 6, row: 2, ld: 0b000100, col: 0b100010, rd: 0b010000, poss: 0, searched: 0b111111, complement: false };

test('a digit question is right only when every digit is, and marks each column', () => {
  const question = { ...base, topic: 'free-squares', next: { kind: 'free', row: 2, poss: 0b001001 }, answer: { form: 'digits', mask: 0b001001 } };
  assert.deepEqual(answerRows(question), ['mask'], 'the row is named as the core names its mask');
  assert.deepEqual(compare(question, { form: 'digits', mask: 0b001001 }), { right: true, digits: { mask: [true, true, true, true, true, true] } });
  const wrong = compare(question, { form: 'digits', mask: 0b001000 });
  assert.equal(wrong.right, false);
  assert.deepEqual(wrong.digits.mask, [true, true, true, true, true, false], 'column 6 is wrong');
  assert.equal(compare(question, { form: 'digits' }).right, false, 'nothing given is all zeros');
  assert.match(prompt(question), /^Which squares of row 3 are free\?/);
  assert.match(explain(question), /ld = 000100, col = 100010, rd = 010000, so poss = ~\(ld \| col \| rd\) & done = 001001\.$/);
  assert.ok(hiddenLines(question).includes('~(ld | col | rd) & done'), 'the free squares line would give it away');
  assert.ok(hiddenLines(question).includes('ld | col | rd'), 'so would the attacked squares, flipped');
  assert.ok(!hiddenLines(question).includes('ld'), 'the masks it comes from stay');
});

test('the next row asks three rows; one wrong row makes the answer wrong', () => {
  const question = { ...base, topic: 'next-row', next: { kind: 'place', row: 2, column: 3 }, answer: { form: 'rows', ld: 0b000011, col: 0b100110, rd: 0b101000 } };
  assert.deepEqual(answerRows(question), ['ld', 'col', 'rd']);
  const given = { form: 'rows', ld: 0b000011, col: 0b100110, rd: 0b101000 };
  assert.equal(compare(question, given).right, true);
  const wrong = compare(question, { ...given, rd: 0 });
  assert.equal(wrong.right, false);
  assert.deepEqual(Object.keys(wrong.digits), ['ld', 'col', 'rd']);
  assert.deepEqual(wrong.digits.rd, [false, true, false, true, true, true], 'the digits of rd that were 1');
  assert.match(prompt(question), /row 3, column 4\. What are row 4’s ld, col and rd\?/);
  assert.match(explain(question), /bit = 000100 \(column 4\): \(ld \| bit\) >> 1 = 000011, col \| bit = 100110, \(rd \| bit\) << 1 = 101000/);
  assert.deepEqual(hiddenLines(question), ['(ld | bit) >> 1', 'col | bit', '(rd | bit) << 1']);
});

test('what happens compares the outcome, and explains each of the three', () => {
  const at = (outcome, next, extra = {}) => ({ ...base, ...extra, topic: 'what-happens', next, answer: { form: 'outcome', outcome } });
  assert.equal(compare(at('back', { kind: 'deadEnd', row: 2 }), { form: 'outcome', outcome: 'back' }).right, true);
  assert.equal(compare(at('back', { kind: 'deadEnd', row: 2 }), { form: 'outcome', outcome: 'place' }).right, false);
  assert.equal(compare(at('back', { kind: 'deadEnd', row: 2 }), null).right, false, 'no outcome chosen is not right');
  assert.match(explain(at('back', { kind: 'deadEnd', row: 2 })), /no square of row 3 is free, a dead end/);
  assert.match(explain(at('back', { kind: 'backtrack', row: 1, column: 0 })), /backs up to row 2\./);
  assert.match(explain(at('place', { kind: 'try', row: 2, column: 5, bit: 1 }, { poss: 0b000101 })), /poss = 000101 still holds a free square/);
  assert.match(explain(at('solution', { kind: 'solution', row: 6, number: 1 }, { row: 6, col: 0b111111 })), /col = 111111 = done/);
  assert.deepEqual(hiddenLines(at('back', { kind: 'deadEnd', row: 2 })), []);
});

test('two’s complement asks for -poss or ~poss, and mirror mode says which columns are searched', () => {
  const negative = { ...base, poss: 0b001100, topic: 'twos-complement', next: { kind: 'try', row: 2, column: 3, bit: 0b000100 }, answer: { form: 'digits', mask: 0b110100 } };
  assert.match(prompt(negative), /^poss = 001100\. What is -poss in binary \(6 digits/);
  assert.match(explain(negative), /flip every digit of 001100 and add 1, which gives 110100/);
  assert.match(prompt({ ...negative, complement: true, answer: { form: 'digits', mask: 0b110011 } }), /What is ~poss/);
  const mirror = { ...base, row: 0, searched: 0b111000, topic: 'free-squares', next: { kind: 'free', row: 0, poss: 0b111000 }, answer: { form: 'digits', mask: 0b111000 } };
  assert.match(prompt(mirror), /In mirror mode only the columns of 111000 are searched/);
  assert.match(explain(mirror), /within the searched columns 111000\.$/);
});

/** A Storage that keeps strings in a Map, as localStorage does. */
class MemoryStorage {
  items = new Map();
  getItem(key) { return this.items.get(key) ?? null; }
  setItem(key, value) { this.items.set(key, String(value)); }
}

test('the score counts right answers per topic with a streak, and is kept across visits', () => {
  const storage = new MemoryStorage();
  const score = new Score(storage);
  assert.equal(score.summary, '0 of 0 right');
  score.add('free-squares', true);
  score.add('free-squares', true);
  score.add('next-row', false);
  score.add('lowest-bit', true);
  assert.equal(score.summary, '3 of 4 right');
  assert.deepEqual([score.tally.streak, score.tally.best], [1, 2]);
  const topics = [{ slug: 'free-squares', name: 'Free squares' }, { slug: 'lowest-bit', name: 'Lowest bit' }, { slug: 'next-row', name: 'Next row' }, { slug: 'what-happens', name: 'What happens' }];
  assert.deepEqual(score.breakdown(topics).map(({ name, right, asked }) => `${name} ${right}/${asked}`),
    ['Free squares 2/2', 'Lowest bit 1/1', 'Next row 0/1']);
  const later = new Score(storage);
  assert.equal(later.summary, '3 of 4 right', 'read back on the next visit');
  later.reset();
  assert.equal(new Score(storage).summary, '0 of 0 right');
});

test('a stored score that is not one is read as none, and blocked storage still counts', () => {
  for (const junk of ['{', '42', 'null', '{"right":5,"asked":2,"streak":0,"best":0,"topics":{}}', '{"right":-1}']) {
    const storage = new MemoryStorage();
    storage.setItem('bitqueens.predict.score', junk);
    assert.equal(new Score(storage).summary, '0 of 0 right', junk);
  }
  const blocked = { getItem() { throw new Error('SecurityError'); }, setItem() { throw new Error('SecurityError'); } };
  const score = new Score(blocked);
  score.add('lowest-bit', true);
  assert.equal(score.summary, '1 of 1 right');
});
