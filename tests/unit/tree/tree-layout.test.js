// The Search tree's geometry (www/tree/tree-layout.js), on hand-made trees: no browser, no wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  layoutWhole, wholeStatus, enteredPerRow, wholePath, wholeChildren, layoutPath, pathTo,
  makeZoom, zoomAround, follow, roughly,
} from '../../../www/tree/tree-layout.js';

/**
 * A tree of 2 rows as wholeTree(n, mirror) gives it: row-0 nodes a (2 children) and b (1
 * child), in the order tried; b's subtree pruned (never entered).
 *   a(0) ─ a1(1), a2(2)      b(3) ─ b1(4)
 */
const TREE = {
  n: 2,
  parent: [undefined, 0, 0, undefined, 3],
  row: [0, 1, 1, 0, 1],
  column: [1, 0, 1, 0, 1],
  size: [3, 1, 1, 2, 1],
  kind: ['inner', 'deadEnd', 'solution', 'inner', 'deadEnd'],
  enter: [3, 6, 12, undefined, undefined],
  leave: [16, 9, 14, undefined, undefined],
};

test('the whole tree: each node as wide as its subtree, children side by side from its left', () => {
  const { left, total } = layoutWhole(TREE);
  assert.equal(total, 5);
  assert.deepEqual([...left], [0, 0, 1, 3, 3]);
  assert.deepEqual(wholeChildren(TREE, null), [0, 3]);
  assert.deepEqual(wholeChildren(TREE, 0), [1, 2]);
  assert.deepEqual(wholeChildren(TREE, 1), []);
  assert.deepEqual(wholePath(TREE, 2), [1, 1]);
});

test('a node is ahead until entered, on the path until left, then done; pruned without steps', () => {
  const at = (steps) => [0, 1, 2, 3].map((i) => wholeStatus(TREE, i, steps));
  assert.deepEqual(at(0), ['ahead', 'ahead', 'ahead', 'pruned']);
  assert.deepEqual(at(3), ['path', 'ahead', 'ahead', 'pruned']);
  assert.deepEqual(at(8), ['path', 'path', 'ahead', 'pruned']);
  assert.deepEqual(at(9), ['path', 'done', 'ahead', 'pruned']);
  assert.deepEqual(at(16), ['done', 'done', 'done', 'pruned']);
  assert.deepEqual(enteredPerRow(TREE, 0), [0, 0]);
  assert.deepEqual(enteredPerRow(TREE, 6), [1, 1]);
  assert.deepEqual(enteredPerRow(TREE, 100), [1, 2], 'pruned nodes are never counted');
});

test('the path view: one level per call on the stack, each child its share of the band', () => {
  const STRIDE = 10; // the core's tree::FLAT_STRIDE: the numbers per child below
  // Row 0: column 2 done (size 30), column 1 on the path (size 10); row 1: 0 ahead (1), 3 trying (3).
  const child = (row, column, status, size) => [row, column, status, 0, size, 1, 0, 0, 0, 0];
  const flat = [child(0, 2, 0, 30), child(0, 1, 1, 10), child(1, 0, 3, 1), child(1, 3, 2, 3)].flat();
  assert.equal(flat.length, 4 * STRIDE);
  const levels = layoutPath(flat, STRIDE);
  assert.equal(levels.length, 2);
  assert.deepEqual(levels[0].children.map((c) => [c.column, c.status, c.from, c.to]), [[2, 'done', 0, 0.75], [1, 'path', 0.75, 1]]);
  assert.deepEqual(levels[1].children.map((c) => [c.status, c.to - c.from]), [['ahead', 0.25], ['trying', 0.75]]);
  assert.deepEqual(pathTo(levels, 1, 1), [1, 3]);
});

test('zooming keeps the point under the pointer, never shows beyond the tree, and follows the search', () => {
  const whole = makeZoom(400);
  assert.equal(whole.x(0.5), 200);
  const zoomed = zoomAround(whole, 4, 0.5);
  assert.equal(zoomed.scale, 4);
  assert.equal(zoomed.x(0.5), 200);
  assert.equal(zoomed.fraction(zoomed.x(0.3)), 0.3);
  const atTheEdge = zoomAround(whole, 4, 0.99);
  assert.ok(atTheEdge.offset <= 0.75 && atTheEdge.x(1) >= 399.99, 'the right edge stays at the right');
  assert.equal(zoomAround(whole, 0.1, 0.5).scale, 1, 'never smaller than the whole');
  const followed = follow(zoomed, 0.9);
  assert.ok(followed.x(0.9) > 400 / 3 && followed.x(0.9) < (2 * 400) / 3);
  assert.equal(follow(followed, 0.9), followed, 'no move while it stays in the middle third');
});

test('large sizes are written in words', () => {
  assert.equal(roughly(950), '950');
  assert.equal(roughly(4_123_456), '4.1 million');
  assert.equal(roughly(3.2e24), '3.2 × 10^24');
});
