// The Search tree panel's two views (tree-whole-view.js, tree-path-view.js) on hand-made
// trees: one interface, the nodes they find, how the selection moves, where the player is
// sent. No browser, no wasm (drawing is left to the e2e tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WholeView } from '../../../www/tree/tree-whole-view.js';
import { PathView } from '../../../www/tree/tree-path-view.js';

/** Everything the panel asks of the view shown, whichever it is. */
const INTERFACE = ['update', 'draw', 'bands', 'currentNode', 'hit', 'rect', 'exists', 'refind', 'facts',
  'sibling', 'parent', 'firstChild', 'goTo', 'zoomBy', 'fit', 'enteredPerRow'];

test('the two views have one interface', () => {
  const whole = new WholeView(wholeTree(), 300, () => null);
  const path = new PathView(4, () => [], 10);
  for (const view of [whole, path]) {
    for (const name of INTERFACE) assert.equal(typeof view[name], 'function', `${view.constructor.name}.${name}`);
  }
  assert.deepEqual([whole.zoomable, whole.countsRows], [true, true]);
  assert.deepEqual([path.zoomable, path.countsRows], [false, false]);
});

/**
 * A 2×2-row tree in the order the search tries it, as wholeTree(n, mirror) gives it:
 *   a: row 0, column 2, entered at step 1, left at 10 ─ a1 (column 0, steps 3–5), a2 (column 1, 7–9)
 *   b: row 0, column 1, entered at step 12, left at 16 ─ b1 (column 2, steps 14–15)
 */
function wholeTree() {
  const nodes = [
    { row: 0, column: 2, size: 3, enter: 1, leave: 10 },
    { parent: 0, row: 1, column: 0, size: 1, enter: 3, leave: 5, kind: 'deadEnd' },
    { parent: 0, row: 1, column: 1, size: 1, enter: 7, leave: 9, kind: 'solution' },
    { row: 0, column: 1, size: 2, enter: 12, leave: 16 },
    { parent: 3, row: 1, column: 2, size: 1, enter: 14, leave: 15, kind: 'deadEnd' },
  ];
  const field = (name, otherwise) => nodes.map((node) => node[name] ?? otherwise);
  return {
    n: 2, parent: field('parent', undefined), row: field('row'), column: field('column'), size: field('size'),
    kind: field('kind', 'inner'), enter: field('enter'), leave: field('leave'),
    ld: field('ld', 0), col: field('col', 0), rd: field('rd', 0), poss: field('poss', 0),
  };
}

test('the whole view at step 8: a and a2 on the board, a1 done, b not entered yet', () => {
  const snapshot = { steps: 8, queens: [2, 1], finished: false };
  const view = new WholeView(wholeTree(), 300, () => snapshot);
  const [a, a1, a2] = [{ i: 0 }, { i: 1 }, { i: 2 }];
  assert.deepEqual(view.currentNode(), a2);
  assert.deepEqual(view.sibling(a2, -1), a1);
  assert.deepEqual(view.sibling(a1, +1), a2);
  assert.deepEqual(view.sibling(a, +1), a, 'b is not drawn yet: nothing to move to');
  assert.deepEqual(view.parent(a2), a);
  assert.deepEqual(view.parent(a), a, 'no parent above row 0');
  assert.deepEqual(view.firstChild(a), a1);
  assert.deepEqual(view.enteredPerRow(), [1, 2]);
  assert.deepEqual(view.refind(a1), a1);
  assert.equal(view.refind({ i: 9 }), null);
  const facts = view.facts(a2);
  assert.deepEqual([facts.status, facts.kind, facts.path, facts.when], ['path', 'solution', [2, 1], 'entered at step 7; its queen is on the board']);
  assert.equal(view.facts(a1).when, 'entered at step 3, left at step 5');
  const sent = [];
  view.goTo(a1, { seek: (step) => sent.push(step) });
  assert.deepEqual(sent, [3], 'the player goes to the step that entered the node');
});

test('the whole view zooms: in around a pixel, and Fit shows the whole tree again', () => {
  const view = new WholeView(wholeTree(), 300, () => ({ steps: 0, queens: [], finished: false }));
  assert.equal(view.zoom.scale, 1);
  view.zoomBy(2, 0);
  assert.deepEqual([view.zoom.scale, view.zoom.offset, view.userZoomed], [2, 0, true]);
  view.fit();
  assert.deepEqual([view.zoom.scale, view.zoom.offset], [1, 0]);
});

/** One child of a frame, as TreeView.update() lists it (status: 0 done, 1 path, 2 trying, 3 ahead). */
const frameChild = (row, column, status, size) => [row, column, status, 0, size, 1, 0, 0, 0, 0];

test('the path view: the stack as levels, the selection moving along them, the player sent to a node', () => {
  // Row 0: column 2 done, column 1 on the board; row 1: column 0 not entered, column 3 being tried.
  let stack = [frameChild(0, 2, 0, 30), frameChild(0, 1, 1, 10), frameChild(1, 0, 3, 1), frameChild(1, 3, 2, 3)].flat();
  const view = new PathView(4, () => stack, 10);
  assert.equal(view.currentNode(), null, 'nothing read before the first update');
  view.update();
  const current = view.currentNode();
  assert.deepEqual(current, { k: 0, j: 1, path: [1] });
  const below = view.firstChild(current);
  assert.deepEqual(below, { k: 1, j: 0, path: [1, 0] });
  assert.deepEqual(view.sibling(below, +1), { k: 1, j: 1, path: [1, 3] });
  assert.deepEqual(view.sibling(view.sibling(below, +1), +1), { k: 1, j: 1, path: [1, 3] }, 'the last child stays');
  assert.deepEqual(view.parent(below), current);
  assert.deepEqual(view.firstChild(below), below, 'a node not on the board opens nothing');
  assert.equal(view.facts(below).when, 'not entered yet');
  assert.equal(view.enteredPerRow(), null);
  const sent = [];
  const player = { seekNode: (path, ahead) => sent.push([path, ahead]) };
  view.goTo({ k: 1, j: 1 }, player);
  view.goTo({ k: 0, j: 0 }, player);
  assert.deepEqual(sent, [[[1, 3], true], [[2], false]]);
  // The search moves on: column 1 of row 0 is done, column 0 on the board.
  stack = [frameChild(0, 2, 0, 30), frameChild(0, 1, 0, 10), frameChild(0, 0, 1, 5), frameChild(1, 2, 3, 1)].flat();
  view.update();
  assert.deepEqual(view.refind({ k: 0, j: 1, path: [1] }), { k: 0, j: 1, path: [1] }, 'found again by its path');
  assert.equal(view.refind({ k: 1, j: 1, path: [1, 3] }), null, 'no longer shown: let go');
  assert.equal(view.exists({ k: 1, j: 1 }), false);
});

/** Draws `view` on a canvas 300 × `height` with stand-ins for the context and the panel;
 *  returns the band heights its labels were drawn at. */
function labelBands(view, height) {
  globalThis.Path2D ??= class { rect() {} moveTo() {} lineTo() {} closePath() {} };
  const context = new Proxy({}, { get: (target, name) => target[name] ?? (() => {}) });
  const bands = [];
  view.draw(context, 300, height, { colors: {}, labelled: () => true, fill: () => '#000', outline: () => {}, drawLabels: (_, labels, band) => bands.push(band) });
  return bands;
}

test('each view draws at a band height it names, so that the labels made ahead are those drawn', () => {
  for (const height of [20, 50, 120, 600]) {
    const whole = new WholeView(wholeTree(), 300, () => ({ steps: 8, queens: [2, 1], finished: false }));
    const drawn = labelBands(whole, height);
    assert.equal(drawn.length, 1, 'one call for all labels');
    assert.ok(whole.bands(height).includes(drawn[0]), `whole view, ${height} px: band ${drawn[0]} not in ${whole.bands(height)}`);
    const stacks = [
      [frameChild(0, 2, 2, 30), frameChild(0, 1, 3, 10)],
      [frameChild(0, 2, 0, 30), frameChild(0, 1, 1, 10), frameChild(1, 0, 3, 1), frameChild(1, 3, 2, 3)],
      [frameChild(0, 1, 1, 10), frameChild(1, 3, 1, 3), frameChild(2, 0, 1, 1), frameChild(3, 2, 2, 1)],
    ];
    for (const stack of stacks) {
      const path = new PathView(4, () => stack.flat(), 10);
      path.update();
      const drawn = labelBands(path, height);
      assert.equal(drawn.length, 1, 'one call for all labels');
      assert.ok(path.bands(height).includes(drawn[0]), `path view, ${path.levels.length} levels, ${height} px: band ${drawn[0]} not in ${path.bands(height)}`);
    }
  }
});
