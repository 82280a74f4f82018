import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainCountWithTop } from '../../../www/count/plain-count.js';
import { TOTALS } from '../../support/published.js';

test('the plain JS count, summed over the top-row columns, gives A000170 for n = 1..11', () => {
  for (let n = 1; n <= 11; n++) {
    let total = 0;
    for (let column = 0; column < n; column++) total += plainCountWithTop(n, column).total;
    assert.equal(total, TOTALS[n - 1], `n=${n}`);
  }
});
