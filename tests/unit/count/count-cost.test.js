// What a count costs before it runs (count-cost.js): the time from N = 17's measured figure
// or from a count of this visit, and the memory of a worker meeting in the middle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateMs, meetMemoryMiB, memoryMiB } from '../../../www/count/count-cost.js';
import { loadCoreWithConstants } from '../../support/core.js';

await loadCoreWithConstants(); // count-cost.js reads the published counts from the core

// A000170 at N = 17, 18, 19 (written out here, not read from published.js).
const SOLUTIONS = { 17: 95_815_104, 18: 666_090_624, 19: 4_968_057_848 };

test('with nothing counted yet, N = 17 costs the measured figure, shared by the workers', () => {
  assert.equal(estimateMs(17, 1, 'backtrack'), 7640);
  assert.equal(estimateMs(17, 2, 'backtrack'), 3820);
  assert.equal(estimateMs(17, 1, 'meet'), 2650);
  assert.equal(estimateMs(17, 4, 'meet'), 662.5);
});

test('backtracking grows as the number of solutions', () => {
  assert.equal(estimateMs(18, 1, 'backtrack'), 7640 * (SOLUTIONS[18] / SOLUTIONS[17]));
  assert.equal(estimateMs(19, 2, 'backtrack'), (7640 * (SOLUTIONS[19] / SOLUTIONS[17])) / 2);
});

test('meeting in the middle grows as its own native seconds, not as the solutions', () => {
  // 1.886 s at 17, 41.8 s at 19, 1970 s at 21 (extrapolated).
  assert.ok(Math.abs(estimateMs(19, 1, 'meet') - 2650 * (41.8 / 1.886)) < 1e-6);
  assert.ok(Math.abs(estimateMs(21, 2, 'meet') - (2650 * (1970 / 1.886)) / 2) < 1e-6);
});

test('a count of this visit by the method is the reference: its time on one worker, scaled', () => {
  // 2 workers for 500 ms at N = 16 is 1000 ms on one.
  const sixteen = { n: 16, ms: 500, workers: 2 };
  assert.equal(estimateMs(17, 1, 'meet', sixteen), 1000 * (1.886 / 0.234));
  assert.equal(estimateMs(18, 4, 'backtrack', { n: 17, ms: 3000, workers: 2 }), (6000 * (SOLUTIONS[18] / SOLUTIONS[17])) / 4);
  assert.equal(estimateMs(16, 2, 'meet', sixteen), 500, 'the same size costs the same');
});

test('meeting in the middle below N = 10 or above 21 is costed as at 10 or 21', () => {
  const nine = { n: 9, ms: 10, workers: 1 };
  assert.equal(estimateMs(10, 1, 'meet', nine), 10, 'below 10: as at 10');
  assert.equal(estimateMs(22, 1, 'meet'), estimateMs(21, 1, 'meet'), 'above 21: as at 21');
});

test('the memory of a worker meeting in the middle, clamped to the sizes measured', () => {
  assert.equal(meetMemoryMiB(18), 31);
  assert.equal(meetMemoryMiB(20), 45);
  assert.equal(meetMemoryMiB(21), 42);
  assert.equal(meetMemoryMiB(4), 3, 'below 10: as at 10');
  assert.equal(meetMemoryMiB(25), 42, 'above 21: as at 21');
});

test('a worker\'s memory by method: meeting in the middle\'s as measured, none said for backtracking', () => {
  assert.equal(memoryMiB(19, 'meet'), 39);
  assert.equal(memoryMiB(19, 'backtrack'), null);
});
