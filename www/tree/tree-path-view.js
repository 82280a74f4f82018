// The Search tree panel's path view (any N): the calls on the search's stack, a band each,
// every band its parent node zoomed to the full width: the node's children with their
// subtrees' shares. Only the stack's levels are kept (at most 33 × 32 children).
//
// A node here is {k, j, path}: child j of level k, with its queens' columns `path`, by which
// it is found again as the levels change. Same interface as WholeView (tree-whole-view.js).

import { layoutPath, pathTo, MAX_BAND } from './tree-layout.js';

/** What the search has done with a child, for the readout. */
const WHEN = {
  done: 'entered and left (the search backtracked out of it)',
  path: 'its queen is on the board',
  trying: 'chosen: its queen is placed by the next step',
  ahead: 'not entered yet',
  pruned: 'never entered: mirror symmetry searches the other half',
};

/** The height of a band when `count` levels share a canvas `height` high: the bands and,
 *  between them, the zoom connectors (0.4 of a band). */
const bandOf = (count, height) => Math.min(MAX_BAND, height / Math.max(1, count + 0.4 * (count - 1)));

export class PathView {
  zoomable = false;
  countsRows = false;

  /**
   * @param {number} n the board's size
   * @param {Function} readStack () => the children of every call on the search's stack
   *   (the flat array of the wasm TreeView)
   * @param {number} stride the numbers per child in that array (the core's FLAT_STRIDE)
   */
  constructor(n, readStack, stride) {
    this.n = n;
    this.readStack = readStack;
    this.stride = stride;
    this.levels = null;
    this.band = 0;
    this.bandStep = 0; // a band and the zoom connector below it
  }

  /** The levels of the search's stack as it stands now. */
  update() {
    this.levels = layoutPath(this.readStack(), this.stride);
  }

  /** Every height a band can take on a canvas `height` high: one per depth of the stack. */
  bands(height) {
    return Array.from({ length: this.n + 1 }, (_, k) => bandOf(k + 1, height));
  }

  draw(context, width, height, paint) {
    const levels = this.levels;
    const band = this.band = bandOf(levels.length, height);
    const gap = 0.4 * band;
    this.bandStep = band + gap;
    const labels = [];
    // One path per colour, one for the outlines of the nodes ahead: a handful of fills.
    const fills = new Map();
    const ahead = new Path2D();
    const zoom = new Path2D();
    let trying = null;
    levels.forEach((level, k) => {
      const y = k * this.bandStep;
      for (const child of level.children) {
        const x0 = child.from * width;
        const w = Math.max((child.to - child.from) * width - (child.to - child.from > 0.01 ? 1 : 0), 0.6);
        const color = paint.fill(child.status, child.kind);
        if (color) {
          if (!fills.has(color)) fills.set(color, new Path2D());
          fills.get(color).rect(x0, y, w, band - 1);
        } else if (child.status === 'trying') {
          trying = [x0 + 0.5, y + 0.5, w - 1, band - 2];
        } else {
          ahead.rect(x0, y, w, band - 1);
        }
        if (w >= 16 && paint.labelled(band)) labels.push([String(child.column + 1), x0 + w / 2, k, child.status]);
        if (child.status === 'path' && k + 1 < levels.length) {
          // The node on the path opens into the whole band below: its children.
          zoom.moveTo(x0, y + band);
          zoom.lineTo(x0 + w, y + band);
          zoom.lineTo(width, y + band + gap);
          zoom.lineTo(0, y + band + gap);
          zoom.closePath();
        }
      }
    });
    context.fillStyle = paint.colors.zoom;
    context.fill(zoom);
    for (const [color, path] of fills) {
      context.fillStyle = color;
      context.fill(path);
    }
    // Nodes ahead are filled pale (filling is much cheaper than stroking on a software canvas).
    context.fillStyle = paint.colors.aheadFill;
    context.fill(ahead);
    if (trying) paint.outline(context, ...trying, 'ink', true);
    paint.drawLabels(context, labels, band, this.bandStep);
  }

  /** Child j of level k, as a marked node. */
  node(k, j) {
    return { k, j, path: pathTo(this.levels, k, j) };
  }

  /** The rectangle of a node on the canvas `width` pixels wide: [x, y, w, h]. */
  rect(node, width) {
    const child = this.levels[node.k].children[node.j];
    return [child.from * width, node.k * this.bandStep, (child.to - child.from) * width, this.band - 1];
  }

  exists(node) {
    return node.k !== undefined && this.levels?.[node.k]?.children[node.j] !== undefined;
  }

  /** The node `node` marked, where the levels show it now; null when they no longer do. */
  refind(node) {
    if (!node) return null;
    const k = node.path.length - 1;
    if (!this.levels?.[k]) return null;
    for (let above = 0; above < k; above++) {
      if (this.levels[above].children.find((c) => c.status === 'path')?.column !== node.path[above]) return null;
    }
    const j = this.levels[k].children.findIndex((c) => c.column === node.path[k]);
    return j < 0 ? null : this.node(k, j);
  }

  currentNode() {
    const levels = this.levels ?? [];
    for (let k = levels.length - 1; k >= 0; k--) {
      const j = levels[k].children.findIndex((c) => c.status === 'path');
      if (j >= 0) return this.node(k, j);
    }
    return null;
  }

  hit(x, y, width) {
    const k = Math.floor(y / this.bandStep);
    if (!this.levels?.[k] || y - k * this.bandStep > this.band) return null;
    const fraction = x / width;
    const j = this.levels[k].children.findIndex((c) => c.from <= fraction && fraction < c.to);
    return j < 0 ? null : this.node(k, j);
  }

  /** What a node is, for the readout. */
  facts(node) {
    const child = this.levels[node.k].children[node.j];
    return { ...child, path: pathTo(this.levels, node.k, node.j), n: this.n, when: WHEN[child.status] };
  }

  goTo(node, player) {
    const f = this.facts(node);
    player.seekNode(f.path, f.status === 'ahead' || f.status === 'trying');
  }

  sibling(node, direction) {
    const children = this.levels[node.k].children;
    return this.node(node.k, Math.min(Math.max(node.j + direction, 0), children.length - 1));
  }

  parent(node) {
    if (node.k === 0) return node;
    return this.node(node.k - 1, this.levels[node.k - 1].children.findIndex((c) => c.status === 'path'));
  }

  firstChild(node) {
    const child = this.levels[node.k].children[node.j];
    return child.status === 'path' && this.levels[node.k + 1] ? this.node(node.k + 1, 0) : node;
  }

  /** The path view is not zoomed: each band is its parent spread to the full width. */
  zoomBy() {}

  fit() {}

  enteredPerRow() {
    return null;
  }
}
