import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describe } from '../../../www/stage/narration.js';
import { toBinary, hasColumn } from '../../../www/shared/binary.js';

test('binary digits are most significant first, n of them', () => {
  assert.equal(toBinary(0b100110, 8), '00100110');
  assert.equal(toBinary(0xffffffff, 32), '1'.repeat(32));
  assert.equal(toBinary(1, 1), '1');
  // bit n-1 is column 0 (the left-most), bit 0 the right-most column
  assert.equal(hasColumn(0b1000, 4, 0), true);
  assert.equal(hasColumn(0b0001, 4, 3), true);
  assert.equal(hasColumn(0b0001, 4, 0), false);
});

test('sentences carry 1-based rows and columns and binary masks', () => {
  assert.equal(describe({ kind: 'free', row: 2, poss: 0b100110 }, { n: 8 }),
    'Row 3: free squares poss = ~(ld | col | rd) & done = 00100110.');
  assert.match(describe({ kind: 'try', row: 0, column: 7, bit: 1 }, { n: 8 }), /^Row 1: try column 8.*00000001/);
  assert.match(describe({ kind: 'deadEnd', row: 4 }, { n: 8 }), /^Dead end in row 5/);
  assert.match(describe({ kind: 'backtrack', row: 3, column: 0 }, { n: 8 }), /^Back to row 4: lift the queen from column 1/);
  assert.equal(describe({ kind: 'solution', row: 8, number: 4 }, { n: 8, boardsPassed: 4 }).startsWith('Solution 4 found'), true);
  assert.match(describe({ kind: 'finished', solutions: 1 }, { n: 1, boardsPassed: 1 }), /1 solution on/);
});

test('in mirror mode a solution is named with its mirror image, and totals count both', () => {
  assert.match(describe({ kind: 'solution', row: 8, number: 3 }, { n: 8, weight: 2, boardsPassed: 6 }), /^Solutions 5 and 6 found: this board and its mirror image/);
  assert.match(describe({ kind: 'finished', solutions: 46 }, { n: 8, weight: 2, boardsPassed: 92 }), /^Search finished: 92 solutions on the 8×8 board, 46 found and 46 mirror images\./);
  // Every count the page writes is grouped by thousands, the narration's too.
  assert.equal(describe({ kind: 'finished', solutions: 14200 }, { n: 12, boardsPassed: 14200 }), 'Search finished: 14,200 solutions on the 12×12 board.');
  assert.match(describe({ kind: 'finished', solutions: 7100 }, { n: 12, weight: 2, boardsPassed: 14200 }), /14,200 solutions on the 12×12 board, 7,100 found and 7,100 mirror images\.$/);
  assert.match(describe({ kind: 'solution', row: 11 }, { n: 12, boardsPassed: 1234 }), /^Solution 1,234 found/);
});

test('a queen placed in the last row says the board is full, never names a row past it', () => {
  assert.equal(describe({ kind: 'place', row: 7, column: 3 }, { n: 8 }),
    'Queen placed in row 8, column 4: the last row, so the board is full.');
  assert.equal(describe({ kind: 'place', row: 0, column: 0 }, { n: 1 }),
    'Queen placed in row 1, column 1: the last row, so the board is full.');
  assert.match(describe({ kind: 'place', row: 6, column: 0 }, { n: 8 }), /; row 8 gets /);
  for (const n of [1, 4, 8, 32]) {
    assert.doesNotMatch(describe({ kind: 'place', row: n - 1, column: 0 }, { n }), new RegExp(`row ${n + 1}\\b`));
  }
});
