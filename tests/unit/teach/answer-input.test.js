// Where the answer input's arrows go (www/teach/answer-input.js, arrowTarget): the answer is
// one tab stop, ← → move along a row, ↑ ↓ between rows in the same column, never past an edge.
// What they do on the page (Predict's and the live class's) is tested end to end
// (tests/e2e/teach/predict.test.js, tests/e2e/class/class-keys.test.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { arrowTarget } from '../../../www/teach/answer-input.js';

test('left and right move along a row and stop at its ends', () => {
  const one = [8];
  assert.deepEqual(arrowTarget(one, [0, 0], 'ArrowRight'), [0, 1]);
  assert.deepEqual(arrowTarget(one, [0, 7], 'ArrowRight'), [0, 7], 'no wrap at the right');
  assert.deepEqual(arrowTarget(one, [0, 0], 'ArrowLeft'), [0, 0], 'no wrap at the left');
  assert.deepEqual(arrowTarget(one, [0, 3], 'ArrowUp'), [0, 3], 'one row: up and down stay');
  assert.deepEqual(arrowTarget(one, [0, 3], 'ArrowDown'), [0, 3]);
});

test('up and down keep the column between rows, and stop at the first and last row', () => {
  const three = [6, 6, 6];
  assert.deepEqual(arrowTarget(three, [0, 4], 'ArrowDown'), [1, 4]);
  assert.deepEqual(arrowTarget(three, [2, 4], 'ArrowDown'), [2, 4]);
  assert.deepEqual(arrowTarget(three, [1, 2], 'ArrowUp'), [0, 2]);
  assert.deepEqual(arrowTarget(three, [0, 2], 'ArrowUp'), [0, 2]);
  assert.deepEqual(arrowTarget([6, 3], [0, 5], 'ArrowDown'), [1, 2], 'a shorter row: its last control');
});

test('any other key goes nowhere', () => {
  for (const key of [' ', 'Enter', 'Tab', 'Home', 'a']) assert.equal(arrowTarget([8], [0, 0], key), null, key);
});
