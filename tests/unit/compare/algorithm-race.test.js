// The race of the algorithms: how long a run is estimated to take from the earlier ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateMs } from '../../../www/compare/algorithm-race.js';

const run = (n, slug, ms, nodes, operations) => ({ n, slug, ms, nodes, operations });

test('the estimate grows the last time by the tree and by the work per node', () => {
  const rows = [run(9, 'board-scan', 100, 1000, 500_000), run(10, 'board-scan', 500, 4000, 2_400_000), run(10, 'richards', 5, 4000, 60_000)];
  // 500 ms × (20,000 / 4,000 nodes) × (600 / 500 operations per node) = 3,000 ms.
  assert.equal(estimateMs(rows, 'board-scan', 11, 20_000), 3000);
  // No run two sizes back: the work per node is taken as unchanged.
  assert.equal(estimateMs(rows, 'richards', 11, 20_000), 25);
  assert.equal(estimateMs(rows, 'richards', 12, 90_000), null, 'no run one size back');
  assert.equal(estimateMs([], 'board-scan', 4, 10), null);
  // After a skipped size, the next is estimated from that estimate: it is skipped too.
  const skipped = [...rows, { n: 11, slug: 'board-scan', skippedMs: 3000, nodes: 20_000 }];
  assert.equal(estimateMs(skipped, 'board-scan', 12, 100_000), 3000 * 5 * 1.2);
});
