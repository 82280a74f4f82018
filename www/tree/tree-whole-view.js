// The Search tree panel's whole view (N <= 9): every node the search has entered so far, in
// place in the icicle of the whole tree (tree-layout.js), a band per row, each node as wide
// as its subtree. Zoomed with the wheel or the buttons; the view follows the search.
//
// A node here is {i}: the index of a node of the whole tree. The panel (tree-panel.js) uses
// this view and PathView (tree-path-view.js) through one interface:
//   zoomable, countsRows        whether the zoom controls and the table of rows apply
//   update()                    after a change of the player, before the redraw
//   draw(context, width, height, paint)   the nodes (paint: the panel's fill, labelled,
//                               drawLabels and outline); the panel rings the current and the
//                               marked node
//   bands(height)               every height a band of nodes can take (the panel makes the
//                               labels' images for them ahead)
//   currentNode()               the deepest node whose queen is on the board, or null
//   hit(x, y, width)            the node at a point of the canvas, or null
//   rect(node), exists(node), refind(node), facts(node)
//   sibling(node, direction), parent(node), firstChild(node)   moving the selection
//   goTo(node, player)          moves the player to the step that entered the node
//   zoomBy(factor, pixel), fit(), enteredPerRow()

import {
  layoutWhole, wholeStatus, enteredPerRow, wholePath, wholeChildren, makeZoom, zoomAround, follow, MAX_BAND,
} from './tree-layout.js';
import { grouped } from '../shared/format.js';

/** The whole view's first zoom, by board size. */
const START_ZOOM = { 7: 4, 8: 8, 9: 12 };

/** The height of a band (a row of the tree) on a canvas `height` high. */
const bandOf = (n, height) => Math.min(MAX_BAND, height / n);

export class WholeView {
  zoomable = true;
  countsRows = true;

  /**
   * @param {object} tree the whole tree (the core's wholeTree(n, mirror))
   * @param {number} width the canvas's width in pixels
   * @param {Function} snapshot () => the player's latest snapshot (or null)
   */
  constructor(tree, width, snapshot) {
    this.tree = tree;
    Object.assign(this, layoutWhole(tree)); // left, total
    this.snapshot = snapshot;
    // Above 6×6 the deep rows of the whole tree are thinner than a pixel: start zoomed in
    // (following the search), and let Fit show it all.
    this.zoom = makeZoom(width, START_ZOOM[tree.n] ?? 1);
    this.followed = null; // the node the zoom last moved to
    this.userZoomed = false;
    this.band = 0;
  }

  /** Nothing to compute: the whole tree holds every step's nodes. */
  update() {}

  get steps() {
    return this.snapshot().steps;
  }

  /** Every height a band can take on a canvas `height` high: one, all rows alike. */
  bands(height) {
    return [bandOf(this.tree.n, height)];
  }

  draw(context, width, height, paint) {
    const { tree, left, total } = this;
    const steps = this.steps;
    if (this.zoom.width !== width) this.zoom = makeZoom(width, this.zoom.scale, this.zoom.offset);
    const band = this.band = bandOf(tree.n, height);
    // Follow the search: keep the deepest node on the board in view when zoomed in.
    const current = this.currentNode();
    // At the end, the whole tree (unless the zoom is the user's own).
    if (this.snapshot().finished && !this.userZoomed) this.zoom = makeZoom(width);
    if (current && this.zoom.scale > 1 && current.i !== this.followed) {
      this.zoom = follow(this.zoom, (left[current.i] + tree.size[current.i] / 2) / total);
      this.followed = current.i;
    }
    const paths = new Map();
    const labels = [];
    let trying = null;
    for (let i = 0; i < tree.row.length; i++) {
      const status = wholeStatus(tree, i, steps);
      const x0 = this.zoom.x(left[i] / total);
      const x1 = this.zoom.x((left[i] + tree.size[i]) / total);
      if (x1 < 0 || x0 > width) continue;
      if (status === 'ahead') {
        if (current && this.isTrying(i, current.i)) trying = [x0, x1, tree.row[i]];
        continue;
      }
      const color = paint.fill(status, tree.kind[i]);
      if (!paths.has(color)) paths.set(color, new Path2D());
      const gap = x1 - x0 > 4 ? 1 : 0;
      paths.get(color).rect(x0, tree.row[i] * band, Math.max(x1 - x0 - gap, 0.6), band - 1);
      if (x1 - x0 >= 16 && paint.labelled(band)) labels.push([String(tree.column[i] + 1), (x0 + x1) / 2, tree.row[i], status]);
    }
    for (const [color, path] of paths) {
      context.fillStyle = color;
      context.fill(path);
    }
    paint.drawLabels(context, labels, band);
    if (trying) paint.outline(context, trying[0], trying[2] * band, trying[1] - trying[0], band, 'ink', true);
  }

  /** True when node i is the square the search is trying below node `current`. */
  isTrying(i, current) {
    const { tree } = this;
    const { trying, row } = this.snapshot();
    return trying != null && tree.parent[i] === current && tree.column[i] === trying && tree.row[i] === row;
  }

  /** The rectangle of a node on the canvas: [x, y, w, h]. */
  rect(node) {
    const { tree, left, total } = this;
    const x0 = this.zoom.x(left[node.i] / total);
    const x1 = this.zoom.x((left[node.i] + tree.size[node.i]) / total);
    return [x0, tree.row[node.i] * this.band, x1 - x0, this.band - 1];
  }

  exists(node) {
    return node.i !== undefined && node.i < this.tree.row.length;
  }

  /** A marked node stays as long as it exists: the whole tree does not change. */
  refind(node) {
    return node && this.exists(node) ? node : null;
  }

  currentNode() {
    const snapshot = this.snapshot();
    if (!snapshot) return null;
    const { tree } = this;
    let at = null;
    for (const column of snapshot.queens) {
      at = wholeChildren(tree, at).find((c) => tree.column[c] === column);
    }
    return at == null ? null : { i: at };
  }

  hit(x, y) {
    const { tree, left, total } = this;
    const row = Math.floor(y / this.band);
    const at = this.zoom.fraction(x) * total;
    for (let i = 0; i < tree.row.length; i++) {
      if (tree.row[i] === row && left[i] <= at && at < left[i] + tree.size[i]) {
        return wholeStatus(tree, i, this.steps) === 'ahead' ? null : { i };
      }
    }
    return null;
  }

  /** What a node is, for the readout. */
  facts(node) {
    const { tree } = this;
    const i = node.i;
    const status = wholeStatus(tree, i, this.steps);
    return {
      row: tree.row[i], column: tree.column[i], kind: tree.kind[i], status,
      size: tree.size[i], exact: true, path: wholePath(tree, i),
      ld: tree.ld[i], col: tree.col[i], rd: tree.rd[i], poss: tree.poss[i],
      when: status === 'pruned' ? 'never entered: mirror symmetry searches the other half'
        : status === 'path' ? `entered at step ${grouped(tree.enter[i])}; its queen is on the board`
          : `entered at step ${grouped(tree.enter[i])}, left at step ${grouped(tree.leave[i])}`,
      n: tree.n,
    };
  }

  goTo(node, player) {
    player.seek(this.tree.enter[node.i]);
  }

  /** Drawn nodes only: the ones entered (or pruned). */
  drawn(i) {
    return wholeStatus(this.tree, i, this.steps) !== 'ahead';
  }

  sibling(node, direction) {
    const { tree } = this;
    const siblings = wholeChildren(tree, tree.parent[node.i] ?? null).filter((i) => this.drawn(i));
    const next = siblings[siblings.indexOf(node.i) + direction];
    return next === undefined ? node : { i: next };
  }

  parent(node) {
    const parent = this.tree.parent[node.i];
    return parent == null ? node : { i: parent };
  }

  firstChild(node) {
    const child = wholeChildren(this.tree, node.i).find((i) => this.drawn(i));
    return child === undefined ? node : { i: child };
  }

  /** Zooms by `factor` around the pixel `pixel` (the middle by default). */
  zoomBy(factor, pixel = this.zoom.width / 2) {
    this.zoom = zoomAround(this.zoom, factor, this.zoom.fraction(pixel));
    this.followed = null;
    this.userZoomed = true;
  }

  /** The whole tree in the width. */
  fit() {
    this.zoom = makeZoom(this.zoom.width);
    this.userZoomed = true;
  }

  /** Nodes entered so far, per row. */
  enteredPerRow() {
    return enteredPerRow(this.tree, this.steps);
  }
}
