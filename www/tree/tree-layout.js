// The search tree's geometry, pure (no DOM, no canvas), for the Search tree panel:
//
//   whole tree (small boards)  every node of wholeTree(n, mirror) as an icicle: one band per
//                              row, each node as wide as its subtree (in nodes), its children
//                              side by side under it in the order they are tried. Positions
//                              never move: a node appears in place when the search enters it.
//   path (any board)           the calls on the search's stack, one band each: the call's
//                              children side by side across the whole width, each as wide as
//                              its subtree's share of theirs (counted when small, estimated
//                              when not), so every band is its parent node zoomed to fit.
//
// A node's status says where the search stands with it: 'done' (entered and left: a
// backtrack), 'path' (its queen is on the board), 'trying' (chosen, its queen placed next),
// 'ahead' (not entered yet) or 'pruned' (never entered: outside the half mirror mode searches).

import { grouped } from '../shared/format.js';

const STATUSES = ['done', 'path', 'trying', 'ahead', 'pruned'];
/** The tallest a band of nodes is drawn, in CSS pixels, however few bands share the canvas. */
export const MAX_BAND = 34;
const KINDS = ['inner', 'deadEnd', 'solution'];

/**
 * Lays out the whole tree: for node i, `left[i]` in units (nodes) from the left edge, of
 * `total` units in all. A node spans [left, left + size); its children start at its left.
 */
export function layoutWhole(tree) {
  const count = tree.row.length;
  const left = new Float64Array(count);
  const nextChild = new Float64Array(count); // where the next child of a node starts
  let total = 0;
  for (let i = 0; i < count; i++) {
    const parent = tree.parent[i];
    if (parent == null) {
      left[i] = total;
      total += tree.size[i];
    } else {
      left[i] = nextChild[parent];
      nextChild[parent] += tree.size[i];
    }
    nextChild[i] = left[i];
  }
  return { left, total };
}

/** Where the search, after `steps` steps, stands with node i of the whole tree. */
export function wholeStatus(tree, i, steps) {
  const enter = tree.enter[i];
  if (enter == null) return 'pruned';
  if (enter > steps) return 'ahead';
  return tree.leave[i] <= steps ? 'done' : 'path';
}

/** Nodes entered after `steps` steps, per row: `counts[r]` for row r. */
export function enteredPerRow(tree, steps) {
  const counts = new Array(tree.n).fill(0);
  for (let i = 0; i < tree.row.length; i++) {
    if (tree.enter[i] != null && tree.enter[i] <= steps) counts[tree.row[i]] += 1;
  }
  return counts;
}

/** The columns of the queens from row 0 down to node i, i's included. */
export function wholePath(tree, i) {
  const path = [];
  for (let at = i; at != null; at = tree.parent[at]) path.unshift(tree.column[at]);
  return path;
}

/** The children of node i (or of the root for i = null), in the order they are tried. */
export function wholeChildren(tree, i) {
  const children = [];
  let at = i == null ? 0 : i + 1;
  const end = i == null ? tree.row.length : i + tree.size[i];
  while (at < end) {
    children.push(at);
    at += tree.size[at];
  }
  return children;
}

/**
 * Decodes TreeView.update()'s numbers (see tree::PathTree::flat in the core: `stride` of them
 * per child, the core's tree::FLAT_STRIDE, read from wasm limits()) into levels, one per call
 * on the stack:
 * [{row, children: [{row, column, status, kind, size, exact, ld, col, rd, poss, from, to}]}],
 * where [from, to) is the child's share of the band, in 0..1.
 */
export function layoutPath(flat, stride) {
  if (!Number.isInteger(stride) || stride < 1) throw new Error(`layoutPath needs the numbers per child, got ${stride}`);
  const levels = [];
  for (let k = 0; k < flat.length; k += stride) {
    const row = flat[k];
    if (levels.length === 0 || levels[levels.length - 1].row !== row) levels.push({ row, children: [] });
    levels[levels.length - 1].children.push({
      row,
      column: flat[k + 1],
      status: STATUSES[flat[k + 2]],
      kind: KINDS[flat[k + 3]],
      size: flat[k + 4],
      exact: flat[k + 5] === 1,
      ld: flat[k + 6],
      col: flat[k + 7],
      rd: flat[k + 8],
      poss: flat[k + 9],
    });
  }
  for (const level of levels) {
    const sum = level.children.reduce((s, c) => s + c.size, 0);
    let from = 0;
    for (const child of level.children) {
      child.from = from;
      from += child.size / sum;
      child.to = from;
    }
    level.children[level.children.length - 1].to = 1; // no gap from rounding
  }
  return levels;
}

/** The columns of the queens down to child `j` of level `k` (the path above, then it). */
export function pathTo(levels, k, j) {
  const path = [];
  for (let above = 0; above < k; above++) {
    path.push(levels[above].children.find((c) => c.status === 'path').column);
  }
  path.push(levels[k].children[j].column);
  return path;
}

/**
 * The zoom of a band `width` pixels wide: the part of the whole it shows, magnified by `scale`
 * (>= 1) with `offset` (0..1 - 1/scale) of the whole at its left edge; the pixel of fraction
 * x, and back.
 */
export function makeZoom(width, scale = 1, offset = 0) {
  const clamped = Math.min(Math.max(offset, 0), 1 - 1 / scale);
  return {
    scale,
    offset: clamped,
    width,
    x: (fraction) => (fraction - clamped) * scale * width,
    fraction: (pixel) => pixel / (scale * width) + clamped,
  };
}

/** The zoom magnified by `factor` around the fraction `at` (it stays under the same pixel). */
export function zoomAround(zoom, factor, at) {
  const scale = Math.min(Math.max(zoom.scale * factor, 1), 4096);
  const pixel = zoom.x(at);
  return makeZoom(zoom.width, scale, at - pixel / (scale * zoom.width));
}

/** The zoom moved (not magnified) so that fraction `at` is in its middle third. */
export function follow(zoom, at) {
  const shown = 1 / zoom.scale;
  if (at >= zoom.offset + shown / 3 && at <= zoom.offset + (2 * shown) / 3) return zoom;
  return makeZoom(zoom.width, zoom.scale, at - shown / 2);
}

/** "1,234", or "≈ 4.1 million" for an estimate. */
export function describeSize(size, exact) {
  if (exact) return grouped(size);
  return `≈ ${roughly(size)}`;
}

/** A large number in words with 2 significant digits: "4.1 million", "3.2 × 10^24". */
export function roughly(value) {
  const names = [[1e12, 'trillion'], [1e9, 'billion'], [1e6, 'million']];
  if (value >= 1e15) {
    const exponent = Math.floor(Math.log10(value));
    const mantissa = value / 10 ** exponent;
    return `${mantissa.toFixed(1)} × 10^${exponent}`;
  }
  for (const [unit, name] of names) {
    if (value >= unit) return `${(value / unit).toPrecision(2)} ${name}`;
  }
  return grouped(value);
}
