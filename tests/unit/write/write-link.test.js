// Write it's part of the link (www/write/write-link.js): `&exercise=SLUG` opens an exercise,
// `&answer=` only in a link made by "Copy a link with my answer", bounded in length and
// encoded so that any text survives the trip; junk gets one sentence per bad value; and
// bulk hostile queries never throw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readExerciseLink, writeExerciseLink, MAX_LINK_ANSWER } from '../../../www/write/write-link.js';
import { options, hostileString, edgeOrHostile, queryFrom, pairsOf, checkSentence } from '../../support/arbitrary.js';

// Slugs as the contract names them (the core's catalogue holds the real list).
const SLUGS = ['free-squares', 'lowest-bit', 'take-it-away', 'next-row'];
const BASE = 'https://example.org/bitqueens/?n=8&speed=10&pos=3';

test('a link without exercise or answer names nothing', () => {
  assert.equal(readExerciseLink('?n=8&pos=3', SLUGS), null);
  assert.equal(readExerciseLink('', SLUGS), null);
});

test('&exercise=SLUG opens that exercise, with no problem', () => {
  assert.deepEqual(readExerciseLink('?n=8&exercise=lowest-bit', SLUGS), { exercise: 'lowest-bit', answer: null, problems: [] });
});

test('an unknown or junk exercise is refused with a sentence, and nothing is opened', () => {
  for (const junk of ['nope', 'LOWEST-BIT', '', '<img src=x>', 'lowest-bit ', '../x', 'a'.repeat(300)]) {
    const read = readExerciseLink(`?exercise=${encodeURIComponent(junk)}`, SLUGS);
    assert.equal(read.exercise, null, junk);
    assert.equal(read.problems.length, 1, junk);
    checkSentence(assert, read.problems[0], { input: junk });
  }
});

test('an answer without an exercise is left out, with a sentence', () => {
  const read = readExerciseLink('?answer=poss%20%3D%201%3B', SLUGS);
  assert.equal(read.answer, null);
  assert.equal(read.problems.length, 1);
  checkSentence(assert, read.problems[0]);
});

test('any answer text, Unicode, markup and separators included, survives writing and reading', () => {
  fc.assert(fc.property(fc.constantFrom(...SLUGS), fc.string({ unit: 'binary', maxLength: 300 }), (slug, answer) => {
    const made = writeExerciseLink(BASE, slug, answer);
    assert.equal(made.problem, undefined);
    const url = new URL(made.href);
    assert.equal(url.searchParams.get('n'), '8', 'the other parameters are kept');
    const read = readExerciseLink(url.search, SLUGS);
    // A lone surrogate cannot be encoded: URLSearchParams writes U+FFFD in its place.
    assert.equal(read.answer, answer.toWellFormed());
    assert.equal(read.exercise, slug);
    assert.deepEqual(read.problems, []);
  }), options(0.2));
});

test('an answer longer than a link may carry is refused when written and when read', () => {
  const long = 'x'.repeat(MAX_LINK_ANSWER + 1);
  const made = writeExerciseLink(BASE, 'lowest-bit', long);
  assert.equal(made.href, undefined);
  checkSentence(assert, made.problem);
  const read = readExerciseLink(`?exercise=lowest-bit&answer=${long}`, SLUGS);
  assert.equal(read.answer, null);
  assert.equal(read.exercise, 'lowest-bit');
  checkSentence(assert, read.problems[0]);
  assert.equal(readExerciseLink(`?exercise=lowest-bit&answer=${'x'.repeat(MAX_LINK_ANSWER)}`, SLUGS).answer.length, MAX_LINK_ANSWER);
});

test('the address without an answer: writing the exercise alone drops any answer, and no exercise drops both', () => {
  const withAnswer = writeExerciseLink(BASE, 'next-row', 'next_ld = 1;').href;
  const plain = new URL(writeExerciseLink(withAnswer, 'next-row').href);
  assert.equal(plain.searchParams.has('answer'), false);
  assert.equal(plain.searchParams.get('exercise'), 'next-row');
  const closed = new URL(writeExerciseLink(withAnswer, null).href);
  assert.equal(closed.searchParams.has('answer'), false);
  assert.equal(closed.searchParams.has('exercise'), false);
});

test('bulk hostile queries never throw; what is read is known or null, one sentence per bad value', () => {
  const values = fc.oneof(fc.constantFrom(...SLUGS), edgeOrHostile, hostileString(60));
  fc.assert(fc.property(queryFrom(pairsOf(['exercise', 'answer', 'n'], values)), (query) => {
    const read = readExerciseLink(query, SLUGS);
    if (read === null) return;
    assert.ok(read.exercise === null || SLUGS.includes(read.exercise));
    assert.ok(read.answer === null || (typeof read.answer === 'string' && read.answer.length <= MAX_LINK_ANSWER));
    assert.ok(read.answer === null || read.exercise !== null, 'an answer only with an exercise');
    assert.ok(read.problems.length <= 2);
    for (const problem of read.problems) checkSentence(assert, problem, { input: query });
  }), options());
});
