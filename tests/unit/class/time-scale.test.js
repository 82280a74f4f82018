// The one factor that widens the end-to-end tests' bounds (tests/support/patience.js), which
// the live class's pages wait under on a slow machine and in `npm run test:stress`: read from
// BITQUEENS_TIME_SCALE, refused with a sentence when it is not a number from 1 to 100, and
// applied to every bound (patience()) once, at import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readTimeScale } from '../../support/patience.js';

test('BITQUEENS_TIME_SCALE: unset or blank is 1, a number from 1 to 100 is taken as it is', () => {
  assert.equal(readTimeScale(undefined), 1);
  assert.equal(readTimeScale(''), 1);
  assert.equal(readTimeScale('  '), 1);
  assert.equal(readTimeScale('1'), 1);
  assert.equal(readTimeScale('2.5'), 2.5);
  assert.equal(readTimeScale('100'), 100);
});

test('BITQUEENS_TIME_SCALE that would shrink a bound, or is no number, is refused with what to set', () => {
  for (const bad of ['0', '0.5', '-3', '101', 'slow', 'NaN', 'Infinity', '3x']) {
    assert.throws(() => readTimeScale(bad), /set it to a number from 1 to 100/, bad);
  }
});

test('every bound is widened by the factor read from the environment at import', () => {
  const module = new URL('../../support/patience.js', import.meta.url).href;
  const script = `import(${JSON.stringify(module)}).then((m) => console.log(m.patience(30_000), m.patience(60_000)))`;
  const run = (scale) => execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, BITQUEENS_TIME_SCALE: scale }, encoding: 'utf8',
  }).trim();
  assert.equal(run(''), '30000 60000');
  assert.equal(run('3'), '90000 180000');
  assert.equal(run('1.5'), '45000 90000');
});
