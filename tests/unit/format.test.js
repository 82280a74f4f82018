import { test } from 'node:test';
import assert from 'node:assert/strict';
import { count, duration, rate, workerCount } from '../../www/format.js';

test('durations read naturally at every scale', () => {
  assert.equal(duration(849.6), '850 ms');
  assert.equal(duration(0.3), '< 1 ms');
  assert.equal(duration(4213), '4.21 s');
  assert.equal(duration(12_345), '12.3 s');
  assert.equal(duration(185_000), '3 min 05 s');
  assert.equal(duration(Infinity), '–');
});

test('rates are in millions of nodes per second, counts grouped by thousands', () => {
  assert.equal(rate(173e6, 1000), '173 M nodes/s');
  assert.equal(rate(5000, 1000), '5,000 nodes/s');
  assert.equal(rate(5, 0), '–');
  assert.equal(count(95815104), '95,815,104');
});

test('worker counts agree in number', () => {
  assert.equal(workerCount(1), '1 worker');
  assert.equal(workerCount(2), '2 workers');
});
