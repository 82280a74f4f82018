// The Search tree panel: the tree the search walks, drawn on a canvas in step with the
// player (it is redrawn with every change of the player, so once per frame while playing).
//
//   Whole tree   (N <= 9) every node the search has entered so far, in place in the icicle of
//                the whole tree (tree-layout.js): a band per row, each node as wide as its
//                subtree. Zoom with the wheel or the buttons; the view follows the search.
//   Path, zoomed (any N) the frames on the search's stack, a band each, every band its parent
//                node zoomed to the full width: the node's children with their subtrees'
//                shares. Only the stack's levels are kept (at most 33 × 32 children).
//
// Marks: on the board now (the path to the current row) in the accent colour, the current
// node framed; done (the search entered it and backtracked out) pale; dead ends red;
// solutions green; in mirror mode the half it never searches grey; the square being tried
// dashed; in the path view, children not entered yet in outline.
//
// Pointing at a node (or moving to it with the arrow keys when the tree has focus) shows its
// call's ld, col, rd and poss; clicking it (or Enter) moves the player to the step that
// entered it.

import {
  layoutWhole, wholeStatus, enteredPerRow, wholePath, wholeChildren, layoutPath, pathTo,
  makeView, zoomView, follow, describeSize,
} from './tree-layout.js';
import { toBinary } from './binary.js';

/** At full speed, the tree is redrawn once every this many frames. */
const FULL_SPEED_EVERY = 2;
/** The whole view's first zoom, by board size. */
const START_ZOOM = { 7: 4, 8: 8, 9: 12 };
const COLORS = ['path', 'done', 'dead', 'solution', 'pruned', 'ahead', 'ahead-fill', 'zoom', 'ink', 'select', 'label'];
const grouped = (value) => value.toLocaleString('en');

export class TreePanel {
  /**
   * @param {object} elements { panel (details), canvas, box (the focusable wrapper), view
   *   (select), readout (output), rows (table of nodes per row), zoomIn, zoomOut, zoomFit }
   * @param {object} core { wholeTree, TreeView, limits } from the wasm core (limits: its limits())
   * @param {object} player the player: its search, seek(step) and seekNode(path, ahead)
   */
  constructor(elements, core, player) {
    Object.assign(this, elements);
    this.core = core;
    this.player = player;
    this.treeView = new core.TreeView();
    this.zoom = makeView(1);
    // Marked nodes: {i} in the whole view; in the path view {k, j} (level, child) with the
    // node's `path` (its queens' columns), by which it is found again as the levels change.
    this.selected = null;
    this.hovered = null;
    this.frame = 0;
    this.colors = null;
    this.box.addEventListener('keydown', (event) => this.key(event));
    this.box.addEventListener('focus', () => { if (!this.selected) this.select(this.currentNode()); });
    this.canvas.addEventListener('mousemove', (event) => this.point(event));
    this.canvas.addEventListener('mouseleave', () => { this.hovered = null; this.redraw(); });
    this.canvas.addEventListener('click', (event) => {
      const node = this.hit(event);
      if (node) { this.select(node); this.go(node); }
    });
    this.canvas.addEventListener('wheel', (event) => {
      if (this.mode !== 'whole') return;
      event.preventDefault();
      this.zoomBy(event.deltaY < 0 ? 1.25 : 0.8, this.zoom.fraction(this.offsetX(event)));
    }, { passive: false });
    this.zoomIn.addEventListener('click', () => this.zoomBy(2));
    this.zoomOut.addEventListener('click', () => this.zoomBy(0.5));
    this.zoomFit.addEventListener('click', () => {
      this.zoom = makeView(this.zoom.width);
      this.userZoomed = true;
      this.redraw();
    });
    this.view.addEventListener('change', () => this.rebuild());
    this.panel.addEventListener('toggle', () => this.redraw());
    // The canvas's size, as the resize observer last saw it: reading it from the layout in
    // each redraw would force the browser to lay the page out there and then again.
    this.size = { width: 0, height: 0 };
    new ResizeObserver(([entry]) => {
      this.size = { width: entry.contentRect.width, height: entry.contentRect.height };
      this.redraw();
    }).observe(this.canvas);
    // Colours come from the stylesheet, and change with the theme and Projector mode.
    new MutationObserver(() => { this.colors = null; this.redraw(); })
      .observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'data-projector'] });
  }

  /** A new search of n×n, in mirror mode or not. */
  cleared(n, mirror) {
    this.n = n;
    this.mirror = mirror;
    this.snapshot = null;
    this.treeView.free();
    this.treeView = new this.core.TreeView();
    const whole = this.view.querySelector('option[value="whole"]');
    const wholeMaxN = this.core.limits.wholeTreeMaxN; // the core's tree::WHOLE_TREE_MAX_N
    whole.disabled = n > wholeMaxN;
    whole.textContent = n > wholeMaxN ? `Whole tree (up to ${wholeMaxN}×${wholeMaxN})` : 'Whole tree';
    if (n > wholeMaxN) this.view.value = 'path';
    else if (this.lastN > wholeMaxN || this.lastN === undefined) this.view.value = 'whole';
    this.lastN = n;
    this.rebuild();
  }

  /** The view chosen: the whole tree's arrays are fetched once per search. */
  rebuild() {
    this.mode = this.view.value;
    this.whole = null;
    if (this.mode === 'whole') {
      const tree = this.core.wholeTree(this.n, this.mirror);
      this.whole = { tree, ...layoutWhole(tree) };
    }
    // Above 6×6 the deep rows of the whole tree are thinner than a pixel: start zoomed in
    // (following the search), and let Fit show it all.
    this.zoom = makeView(this.zoom.width, this.mode === 'whole' ? START_ZOOM[this.n] ?? 1 : 1);
    this.followed = null;
    this.userZoomed = false;
    for (const button of [this.zoomIn, this.zoomOut, this.zoomFit]) button.disabled = this.mode !== 'whole';
    this.rows.hidden = this.mode !== 'whole';
    this.selected = null;
    this.levels = null;
    if (this.snapshot) this.render(this.snapshot);
  }

  /** After each change of the player. */
  render(snapshot, state) {
    this.snapshot = snapshot;
    if (!this.panel.open) return;
    // At full speed the tree changes faster than anyone can follow: it is redrawn every
    // FULL_SPEED_EVERY-th frame there, to leave the frame to the search (at N=32 the page's own
    // redraw is near a frame's length already, and the tree cost play 10-30% of its speed in
    // noisy measurements). At rest, and at a chosen speed, every change is drawn.
    const fullSpeed = state === 'playing' && (this.player.goal !== 'speed' || this.player.speed === Infinity);
    this.frame = fullSpeed ? (this.frame + 1) % FULL_SPEED_EVERY : 0;
    if (this.frame !== 0) return;
    if (this.mode === 'path') this.levels = layoutPath(this.treeView.update(this.player.search));
    // Marked nodes are found again by their path; one the view no longer shows is let go.
    this.selected = this.refind(this.selected);
    this.hovered = this.refind(this.hovered);
    this.redraw();
    if (this.mode === 'whole') this.showRows(snapshot.steps);
  }

  showRows(steps) {
    const counts = enteredPerRow(this.whole.tree, steps);
    const [head, body] = [this.rows.tHead.rows[0], this.rows.tBodies[0].rows[0]];
    if (head.cells.length !== counts.length + 1) {
      head.replaceChildren(cell('th', 'Row'), ...counts.map((_, r) => cell('th', String(r + 1))));
      body.replaceChildren(cell('th', 'Nodes entered'), ...counts.map(() => cell('td', '')));
      body.cells[0].scope = 'row';
    }
    counts.forEach((count, r) => {
      const text = grouped(count);
      if (body.cells[r + 1].textContent !== text) body.cells[r + 1].textContent = text;
    });
  }

  exists(node) {
    if (this.mode === 'whole') return node.i !== undefined && this.whole && node.i < this.whole.tree.row.length;
    return node.k !== undefined && this.levels?.[node.k]?.children[node.j] !== undefined;
  }

  /** The node `node` marked, where the levels show it now; null when they no longer do. */
  refind(node) {
    if (!node || this.mode === 'whole') return node && this.exists(node) ? node : null;
    const k = node.path.length - 1;
    if (!this.levels?.[k]) return null;
    for (let above = 0; above < k; above++) {
      if (this.levels[above].children.find((c) => c.status === 'path')?.column !== node.path[above]) return null;
    }
    const j = this.levels[k].children.findIndex((c) => c.column === node.path[k]);
    return j < 0 ? null : this.pathNode(k, j);
  }

  /** Child j of level k of the path view, as a marked node. */
  pathNode(k, j) {
    return { k, j, path: pathTo(this.levels, k, j) };
  }

  // --- drawing -------------------------------------------------------------------------

  redraw() {
    if (!this.panel.open || !this.snapshot) return;
    const { canvas } = this;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this.size;
    if (width === 0 || height === 0) return;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    if (this.zoom.width !== width) this.zoom = makeView(width, this.zoom.scale, this.zoom.offset);
    this.colors ??= this.readColors();
    const context = canvas.getContext('2d');
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    if (this.mode === 'whole') this.drawWhole(context, width, height);
    else this.drawPath(context, width, height);
    this.describe(this.hovered ?? this.selected);
  }

  readColors() {
    const style = getComputedStyle(this.canvas);
    const colors = Object.fromEntries(COLORS.map((name) => [name.replace(/-(.)/, (_, c) => c.toUpperCase()), style.getPropertyValue(`--tree-${name}`).trim() || '#888']));
    // Pruned nodes are hatched, so that they do not read as done ones.
    const tile = document.createElement('canvas');
    tile.width = tile.height = 6;
    const context = tile.getContext('2d');
    context.fillStyle = colors.pruned;
    context.fillRect(0, 0, 6, 6);
    context.strokeStyle = colors.ahead;
    context.beginPath();
    context.moveTo(0, 6);
    context.lineTo(6, 0);
    context.stroke();
    colors.pruned = this.canvas.getContext('2d').createPattern(tile, 'repeat');
    return colors;
  }

  /** The fill of a node by where the search stands with it and what it is. */
  fill(status, kind) {
    const { colors } = this;
    if (status === 'pruned') return colors.pruned;
    if (status === 'path') return colors.path;
    if (status === 'ahead' || status === 'trying') return null;
    return kind === 'solution' ? colors.solution : kind === 'deadEnd' ? colors.dead : colors.done;
  }

  drawWhole(context, width, height) {
    const { tree, left, total } = this.whole;
    const steps = this.snapshot.steps;
    const band = this.band = Math.min(34, height / tree.n);
    // Follow the search: keep the deepest node on the board in view when zoomed in.
    const current = this.currentNode();
    // At the end, the whole tree (unless the zoom is the user's own).
    if (this.snapshot.finished && !this.userZoomed) this.zoom = makeView(width);
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
      const color = this.fill(status, tree.kind[i]);
      if (!paths.has(color)) paths.set(color, new Path2D());
      const gap = x1 - x0 > 4 ? 1 : 0;
      paths.get(color).rect(x0, tree.row[i] * band, Math.max(x1 - x0 - gap, 0.6), band - 1);
      if (x1 - x0 >= 16 && band >= 13) labels.push([String(tree.column[i] + 1), (x0 + x1) / 2, tree.row[i], status]);
    }
    for (const [color, path] of paths) {
      context.fillStyle = color;
      context.fill(path);
    }
    this.drawLabels(context, labels, band);
    if (trying) this.outline(context, trying[0], trying[2] * band, trying[1] - trying[0], band, 'ink', true);
    if (current) this.frameNode(context, current, 'ink');
    const marked = this.hovered ?? this.selected;
    if (marked) this.frameNode(context, marked, 'select');
  }

  /** True when whole-tree node i is the square the search is trying below node `current`. */
  isTrying(i, current) {
    const { tree } = this.whole;
    return this.snapshot.trying != null && tree.parent[i] === current && tree.column[i] === this.snapshot.trying &&
      tree.row[i] === this.snapshot.row;
  }

  drawPath(context, width, height) {
    const levels = this.levels;
    const count = levels.length;
    // Bands and, between them, the zoom connectors (0.4 of a band).
    const band = this.band = Math.min(34, height / Math.max(1, count + 0.4 * (count - 1)));
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
        const color = this.fill(child.status, child.kind);
        if (color) {
          if (!fills.has(color)) fills.set(color, new Path2D());
          fills.get(color).rect(x0, y, w, band - 1);
        } else if (child.status === 'trying') {
          trying = [x0 + 0.5, y + 0.5, w - 1, band - 2];
        } else {
          ahead.rect(x0, y, w, band - 1);
        }
        if (w >= 16 && band >= 13) labels.push([String(child.column + 1), x0 + w / 2, k, child.status]);
        if (child.status === 'path' && k + 1 < count) {
          // The node on the path opens into the whole band below: its children.
          zoom.moveTo(x0, y + band);
          zoom.lineTo(x0 + w, y + band);
          zoom.lineTo(width, y + band + gap);
          zoom.lineTo(0, y + band + gap);
          zoom.closePath();
        }
      }
    });
    context.fillStyle = this.colors.zoom;
    context.fill(zoom);
    for (const [color, path] of fills) {
      context.fillStyle = color;
      context.fill(path);
    }
    // Nodes ahead are filled pale (filling is much cheaper than stroking on a software canvas).
    context.fillStyle = this.colors.aheadFill;
    context.fill(ahead);
    if (trying) this.outline(context, ...trying, 'ink', true);
    this.drawLabels(context, labels, band, this.bandStep);
    const current = this.currentNode();
    if (current) this.frameNode(context, current, 'ink');
    const marked = this.hovered ?? this.selected;
    if (marked) this.frameNode(context, marked, 'select');
  }

  drawLabels(context, labels, band, step = band) {
    context.font = `600 ${Math.min(14, band * 0.6)}px system-ui, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    for (const [text, x, k, status] of labels) {
      context.fillStyle = status === 'path' ? this.colors.label : this.colors.ink;
      context.fillText(text, x, k * step + band / 2);
    }
  }

  outline(context, x, y, w, h, color, dashed) {
    context.save();
    context.strokeStyle = this.colors[color];
    context.lineWidth = 1.5;
    if (dashed) context.setLineDash([3, 2]);
    context.strokeRect(x, y, w, h);
    context.restore();
  }

  /** The rectangle of a node on the canvas: [x, y, w, h]. */
  rect(node) {
    if (this.mode === 'whole') {
      const { tree, left, total } = this.whole;
      const x0 = this.zoom.x(left[node.i] / total);
      const x1 = this.zoom.x((left[node.i] + tree.size[node.i]) / total);
      return [x0, tree.row[node.i] * this.band, x1 - x0, this.band - 1];
    }
    const child = this.levels[node.k].children[node.j];
    const width = this.size.width;
    return [child.from * width, node.k * this.bandStep, (child.to - child.from) * width, this.band - 1];
  }

  frameNode(context, node, color) {
    const [x, y, w, h] = this.rect(node);
    context.save();
    context.strokeStyle = this.colors[color];
    context.lineWidth = 2.5;
    context.strokeRect(x + 1, y + 1, Math.max(w - 2, 1), Math.max(h - 2, 1));
    context.restore();
  }

  // --- nodes ---------------------------------------------------------------------------

  /** The deepest node whose queen is on the board (null at the start). */
  currentNode() {
    if (this.mode === 'whole') {
      if (!this.whole || !this.snapshot) return null;
      const { tree } = this.whole;
      let at = null;
      for (const column of this.snapshot.queens) {
        at = wholeChildren(tree, at).find((c) => tree.column[c] === column);
      }
      return at == null ? null : { i: at };
    }
    const levels = this.levels ?? [];
    for (let k = levels.length - 1; k >= 0; k--) {
      const j = levels[k].children.findIndex((c) => c.status === 'path');
      if (j >= 0) return this.pathNode(k, j);
    }
    return null;
  }

  offsetX(event) {
    return event.clientX - this.canvas.getBoundingClientRect().left;
  }

  /** The node under the pointer, or null. */
  hit(event) {
    const bounds = this.canvas.getBoundingClientRect();
    const x = event.clientX - bounds.left;
    const y = event.clientY - bounds.top;
    if (this.mode === 'whole') {
      if (!this.whole) return null;
      const { tree, left, total } = this.whole;
      const row = Math.floor(y / this.band);
      const at = this.zoom.fraction(x) * total;
      for (let i = 0; i < tree.row.length; i++) {
        if (tree.row[i] === row && left[i] <= at && at < left[i] + tree.size[i]) {
          return wholeStatus(tree, i, this.snapshot.steps) === 'ahead' ? null : { i };
        }
      }
      return null;
    }
    const k = Math.floor(y / this.bandStep);
    if (!this.levels?.[k] || y - k * this.bandStep > this.band) return null;
    const fraction = x / bounds.width;
    const j = this.levels[k].children.findIndex((c) => c.from <= fraction && fraction < c.to);
    return j < 0 ? null : this.pathNode(k, j);
  }

  point(event) {
    this.hovered = this.hit(event);
    this.canvas.style.cursor = this.hovered ? 'pointer' : 'default';
    this.redraw();
  }

  /** What a node is, for the readout. */
  facts(node) {
    const n = this.n;
    if (this.mode === 'whole') {
      const { tree } = this.whole;
      const i = node.i;
      const status = wholeStatus(tree, i, this.snapshot.steps);
      return {
        row: tree.row[i], column: tree.column[i], kind: tree.kind[i], status,
        size: tree.size[i], exact: true, path: wholePath(tree, i),
        ld: tree.ld[i], col: tree.col[i], rd: tree.rd[i], poss: tree.poss[i],
        when: status === 'pruned' ? 'never entered: mirror symmetry searches the other half'
          : status === 'path' ? `entered at step ${grouped(tree.enter[i])}; its queen is on the board`
            : `entered at step ${grouped(tree.enter[i])}, left at step ${grouped(tree.leave[i])}`,
        n,
      };
    }
    const child = this.levels[node.k].children[node.j];
    return {
      ...child, path: pathTo(this.levels, node.k, node.j), n,
      when: {
        done: 'entered and left (the search backtracked out of it)',
        path: 'its queen is on the board',
        trying: 'chosen: its queen is placed by the next step',
        ahead: 'not entered yet',
        pruned: 'never entered: mirror symmetry searches the other half',
      }[child.status],
    };
  }

  /** Shows what the marked node is (or, without one, how to use the panel). */
  describe(node) {
    if (!node || !this.exists(node)) {
      this.show('Point at a node, or focus the tree and use the arrow keys, to see its masks; ' +
        'click it or press Enter to go to the step where it was entered.');
      return;
    }
    const f = this.facts(node);
    const what = f.kind === 'solution' ? ' — a solution' : f.kind === 'deadEnd' ? ' — a dead end (no free square below)' : '';
    const size = `${describeSize(f.size, f.exact)} node${f.size === 1 ? '' : 's'} in its subtree${f.exact ? '' : ' (estimated)'}`;
    const masks = f.kind === 'solution' ? `col = ${toBinary(f.col, f.n)} = done`
      : `ld = ${toBinary(f.ld, f.n)}, col = ${toBinary(f.col, f.n)}, rd = ${toBinary(f.rd, f.n)}, poss = ${toBinary(f.poss, f.n)}`;
    const go = f.status === 'pruned' ? '' : ' Click or press Enter to go to the step that entered it.';
    this.show(`Row ${f.row + 1}, column ${f.column + 1}${what}: queens in columns ${f.path.map((c) => c + 1).join(' · ')}; ` +
      `${f.when}; ${size}. ` +
      `Its call search(ld, col, rd) for row ${f.row + 2}: ${masks}.${go}`);
  }

  /** The readout's text, written only when it changes (each write means a layout). */
  show(text) {
    if (this.readout.textContent !== text) this.readout.textContent = text;
  }

  select(node) {
    this.selected = node;
    this.redraw();
  }

  /** Moves the player to the step that entered `node`. */
  go(node) {
    const f = this.facts(node);
    if (f.status === 'pruned') return;
    if (this.mode === 'whole') this.player.seek(this.whole.tree.enter[node.i]);
    else this.player.seekNode(f.path, f.status === 'ahead' || f.status === 'trying');
  }

  zoomBy(factor, at) {
    const middle = this.zoom.fraction(this.zoom.width / 2);
    this.zoom = zoomView(this.zoom, factor, at ?? middle);
    this.followed = null;
    this.userZoomed = true;
    this.redraw();
  }

  /** Arrow keys move the selection; Enter or Space goes to the selected node's step. */
  key(event) {
    const moves = {
      ArrowLeft: () => this.sibling(-1),
      ArrowRight: () => this.sibling(+1),
      ArrowUp: () => this.parent(),
      ArrowDown: () => this.firstChild(),
      Home: () => this.currentNode(),
    };
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      if (this.selected) this.go(this.selected);
    } else if (event.key === '+' || event.key === '-') {
      if (this.mode === 'whole') this.zoomBy(event.key === '+' ? 2 : 0.5);
    } else if (moves[event.key]) {
      const next = this.selected ? moves[event.key]() : this.currentNode();
      if (next) this.select(next);
    } else {
      return; // every other key keeps its page-wide meaning
    }
    // The page's own shortcuts (← → Space + −) must not act while the tree has the keys.
    event.preventDefault();
    event.stopPropagation();
  }

  /** Drawn nodes only: in the whole view, the ones entered (or pruned). */
  drawn(i) {
    return wholeStatus(this.whole.tree, i, this.snapshot.steps) !== 'ahead';
  }

  sibling(direction) {
    const node = this.selected;
    if (this.mode === 'whole') {
      const { tree } = this.whole;
      const siblings = wholeChildren(tree, tree.parent[node.i] ?? null).filter((i) => this.drawn(i));
      const next = siblings[siblings.indexOf(node.i) + direction];
      return next === undefined ? node : { i: next };
    }
    const children = this.levels[node.k].children;
    return this.pathNode(node.k, Math.min(Math.max(node.j + direction, 0), children.length - 1));
  }

  parent() {
    const node = this.selected;
    if (this.mode === 'whole') {
      const parent = this.whole.tree.parent[node.i];
      return parent == null ? node : { i: parent };
    }
    if (node.k === 0) return node;
    return this.pathNode(node.k - 1, this.levels[node.k - 1].children.findIndex((c) => c.status === 'path'));
  }

  firstChild() {
    const node = this.selected;
    if (this.mode === 'whole') {
      const child = wholeChildren(this.whole.tree, node.i).find((i) => this.drawn(i));
      return child === undefined ? node : { i: child };
    }
    const child = this.levels[node.k].children[node.j];
    return child.status === 'path' && this.levels[node.k + 1] ? this.pathNode(node.k + 1, 0) : node;
  }
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}
