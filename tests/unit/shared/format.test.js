import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grouped, duration, rate, workerCount } from '../../../www/shared/format.js';

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
  assert.equal(grouped(95815104), '95,815,104');
});

test('worker counts agree in number', () => {
  assert.equal(workerCount(1), '1 worker');
  assert.equal(workerCount(2), '2 workers');
});

test('plurals agree with their number, which is grouped by thousands', async () => {
  const { plural, agree, stepsPerSecond } = await import('../../../www/shared/format.js');
  assert.equal(plural(1, 'queen'), '1 queen');
  assert.equal(plural(0, 'queen'), '0 queens');
  assert.equal(plural(14200, 'solution'), '14,200 solutions');
  assert.equal(plural(2, 'class', 'classes'), '2 classes');
  assert.equal(agree(1, 'step'), 'step');
  assert.equal(stepsPerSecond(1), '1 step/s');
  assert.equal(stepsPerSecond(1000), '1,000 steps/s');
  assert.equal(stepsPerSecond(Infinity), 'as fast as possible');
  assert.equal(grouped(2 ** 53), '9,007,199,254,740,992');
});

test('long durations are said in hours, not hundreds of minutes', async () => {
  assert.equal(duration(209 * 60_000 + 5000), '3 h 29 min');
  assert.equal(duration(59_000), '59.0 s');
  assert.equal(duration(59_990), '1 min 00 s');
  assert.equal(duration(3 * 86_400_000), '3 days');
  const { timeSpan } = await import('../../../www/shared/format.js');
  assert.equal(timeSpan(86_400), '1 day');
  assert.equal(timeSpan(86_400 * 365.25), '1 year');
});

test('a range of tiny percentages that read alike is said once', async () => {
  const { percentRange, large } = await import('../../../www/shared/format.js');
  assert.equal(percentRange(1e-18, 1.04e-18), 'about 1.0 × 10^-16%');
  assert.equal(percentRange(0.012, 0.034), 'between 1.2% and 3.4%');
  assert.equal(large(6e15), '6.0 × 10^15');
  assert.equal(large(123456), '123,456');
});

test('grouped writes what Intl.NumberFormat("en") writes, for any number: whole, fractional, huge, negative, ∞, NaN, -0', async () => {
  const fc = (await import('fast-check')).default;
  const intl = new Intl.NumberFormat('en');
  const same = (value) => assert.equal(grouped(value), intl.format(Math.round(value)), String(value));
  for (const value of [0, -0, 0.4, -0.4, 0.5, -0.5, 999, 1000, -1000, 999_999.5, 2 ** 53, -(2 ** 53), 1e20, 1e21 - 65536, 1e21, 1.5e21, -1e21,
    Number.MAX_VALUE, Infinity, -Infinity, NaN]) same(value);
  fc.assert(fc.property(fc.double(), same), { numRuns: 10_000 });
  fc.assert(fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 }), same), { numRuns: 10_000 });
});
