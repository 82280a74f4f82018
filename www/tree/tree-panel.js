// The Search tree panel: the tree the search walks, drawn on a canvas in step with the
// player (it is redrawn with every change of the player, so once per frame while playing).
//
//   Whole tree   (N <= 9) every node the search has entered so far, in place in the icicle of
//                the whole tree: tree-whole-view.js
//   Path, zoomed (any N) the calls on the search's stack, every band its parent node zoomed
//                to the full width: tree-path-view.js
// The two views share one interface (see tree-whole-view.js): this panel holds the one
// shown and never asks which it is.
//
// Marks: on the board now (the path to the current row) in the accent colour, the current
// node ringed; done (the search entered it and backtracked out) pale; dead ends red;
// solutions green; in mirror mode the half it never searches grey; the square being tried
// dashed; in the path view, children not entered yet in outline.
//
// Pointing at a node (or moving to it with the arrow keys when the tree has focus) shows its
// call's ld, col, rd and poss (poss left out, and said hidden, while a question asks for the
// free squares: hidePoss(), from teach/conceal.js); clicking it (or Enter) moves the player
// to the step that entered it. The newer of the two wins: an arrow key takes the readout back
// from the mouse resting on the tree (the node ringed is always the one described, and the one
// Enter goes to), until the mouse moves again. Space keeps its page-wide meaning (Play /
// Pause).

import { toBinary } from '../shared/binary.js';
import { describeSize } from './tree-layout.js';
import { WholeView } from './tree-whole-view.js';
import { PathView } from './tree-path-view.js';
import { grouped } from '../shared/format.js';
import { setText, partsOf } from '../shared/dom.js';
import { textImage, drawCentred, TextImages } from '../shared/text-image.js';
import { element } from '../shared/element.js';

/** At full speed, the tree is redrawn once every this many frames. */
const FULL_SPEED_EVERY = 2;
/** Bands of nodes less high than this (CSS pixels) are too thin for labels. */
const LABELLED_BAND = 13;
/** Its parts: tree-panel.html's ids, by name. */
const PARTS = {
  panel: 'tree-panel', canvas: 'tree-canvas', box: 'tree', viewSelect: 'tree-view', readout: 'tree-readout',
  rows: 'tree-rows', zoomIn: 'tree-zoom-in', zoomOut: 'tree-zoom-out', zoomFit: 'tree-zoom-fit',
};
/** What the readout says of poss while a question asks for the free squares (the board's
 *  squares say the same). */
const POSS_HIDDEN = 'hidden while the question asks for the free squares';
/** What the readout says while the tree is hidden (see hidePoss). */
const TREE_HIDDEN = 'The search tree is hidden while a question is open: the nodes below the current one give its answer. It comes back when the answer is shown.';
const COLORS = ['path', 'done', 'dead', 'solution', 'pruned', 'ahead', 'ahead-fill', 'zoom', 'ink', 'select', 'label'];

export class TreePanel {
  /**
   * @param {Element} root the panel (tree-panel.html's #tree-panel), whose parts it finds:
   *   panel (details), canvas, box (the focusable wrapper), viewSelect (select), readout
   *   (output), rows (table of nodes per row), zoomIn, zoomOut, zoomFit
   * @param {object} core { wholeTree, TreeView, limits } from the wasm core (limits: its limits())
   * @param {object} player the player: read through player.readOnly, moved with seek(step)
   *   and seekNode(path, ahead)
   */
  constructor(root, core, player) {
    Object.assign(this, partsOf(root, PARTS));
    this.core = core;
    this.player = player;
    this.seen = player.readOnly;
    this.treeView = new core.TreeView();
    this.display = null; // the view shown: a WholeView or a PathView, made by rebuild()
    // Marked nodes, in the shown view's own terms (see its header).
    this.selected = null;
    this.hovered = null;
    // While a question asks for the free squares, no node's description gives its poss: the
    // current node's is the answer (hidePoss).
    this.possHidden = false;
    this.frame = 0;
    this.colors = null;
    // No text is written on this canvas: the labels are images, copied (text-image.js says why).
    this.context = this.canvas.getContext('2d');
    this.labels = new TextImages();
    // A context the browser dropped (memory pressure, a GPU reset) comes back blank.
    this.canvas.addEventListener('contextrestored', () => {
      this.colors = null; // its hatching pattern belonged to the old context
      this.redraw();
    });
    this.box.addEventListener('keydown', (event) => this.key(event));
    this.box.addEventListener('focus', () => { if (!this.selected) this.select(this.display.currentNode()); });
    this.canvas.addEventListener('mousemove', (event) => this.point(event));
    this.canvas.addEventListener('mouseleave', () => { this.hovered = null; this.redraw(); });
    this.canvas.addEventListener('click', (event) => {
      const node = this.hit(event);
      if (node) { this.select(node); this.go(node); }
    });
    this.canvas.addEventListener('wheel', (event) => {
      if (!this.display?.zoomable) return;
      event.preventDefault();
      this.zoomBy(event.deltaY < 0 ? 1.25 : 0.8, this.offsetX(event));
    }, { passive: false });
    this.zoomIn.addEventListener('click', () => this.zoomBy(2));
    this.zoomOut.addEventListener('click', () => this.zoomBy(0.5));
    this.zoomFit.addEventListener('click', () => {
      this.display.fit();
      this.redraw();
    });
    this.viewSelect.addEventListener('change', () => this.rebuild());
    // Closed, the panel does no work: on opening, the view catches up with the player first.
    this.panel.addEventListener('toggle', () => this.refresh());
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
    const whole = this.viewSelect.querySelector('option[value="whole"]');
    const wholeMaxN = this.core.limits.wholeTreeMaxN; // the core's tree::WHOLE_TREE_MAX_N
    whole.disabled = n > wholeMaxN;
    whole.textContent = n > wholeMaxN ? `Whole tree (up to ${wholeMaxN}×${wholeMaxN})` : 'Whole tree';
    if (n > wholeMaxN) this.viewSelect.value = 'path';
    else if (this.lastN > wholeMaxN || this.lastN === undefined) this.viewSelect.value = 'whole';
    this.lastN = n;
    this.rebuild();
  }

  /** The view chosen, made anew: the whole tree's arrays are fetched once per search. */
  rebuild() {
    const views = {
      whole: () => new WholeView(this.core.wholeTree(this.n, this.mirror), this.size.width, () => this.snapshot),
      path: () => new PathView(this.n, () => this.seen.stackTree(this.treeView), this.core.limits.flatStride),
    };
    this.display = views[this.viewSelect.value]();
    this.stale = true;
    for (const button of [this.zoomIn, this.zoomOut, this.zoomFit]) button.disabled = !this.display.zoomable;
    this.rows.hidden = !this.display.countsRows;
    // Marked nodes are the old view's: let them go.
    this.selected = null;
    this.hovered = null;
    if (this.snapshot) this.render(this.snapshot);
  }

  /** After each change of the player. */
  render(snapshot) {
    this.snapshot = snapshot;
    this.stale = true; // until the view shown has caught up with it (refresh())
    if (!this.panel.open) return;
    // At full speed the tree changes faster than anyone can follow: it is redrawn every
    // FULL_SPEED_EVERY-th frame there, to leave the frame to the search (at N=32 the page's own
    // redraw is near a frame's length already, and the tree cost play 10-30% of its speed in
    // noisy measurements). At rest, and at a chosen speed, every change is drawn.
    this.frame = this.seen.fullSpeed ? (this.frame + 1) % FULL_SPEED_EVERY : 0;
    if (this.frame !== 0) return;
    this.refresh();
  }

  /** Brings the view shown up to the player's position and draws it (when open). */
  refresh() {
    if (!this.panel.open || !this.snapshot) return;
    this.stale = false;
    this.display.update();
    // Marked nodes are found again by their path; one the view no longer shows is let go.
    this.selected = this.display.refind(this.selected);
    this.hovered = this.display.refind(this.hovered);
    this.redraw();
    if (this.display.countsRows) this.showRows(this.display.enteredPerRow());
  }

  /** The table of nodes entered per row: `counts[r]` for row r. */
  showRows(counts) {
    const [head, body] = [this.rows.tHead.rows[0], this.rows.tBodies[0].rows[0]];
    if (head.cells.length !== counts.length + 1) {
      head.replaceChildren(element('th', '', 'Row'), ...counts.map((_, r) => element('th', '', String(r + 1))));
      body.replaceChildren(element('th', '', 'Nodes entered'), ...counts.map(() => element('td', '', '')));
      body.cells[0].scope = 'row';
    }
    counts.forEach((count, r) => {
      const text = grouped(count);
      setText(body.cells[r + 1], text);
    });
  }

  // --- drawing -------------------------------------------------------------------------

  redraw() {
    if (!this.panel.open || !this.snapshot) return;
    // A view never draws before it has caught up with the player (a panel opened, a new view).
    if (this.stale) {
      this.refresh();
      return;
    }
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this.size;
    if (width === 0 || height === 0) return;
    const { canvas, context } = this;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    this.colors ??= this.readColors();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (this.possHidden) {
      // Every node below the current one is a free square of its row: nothing is drawn, and
      // no node can be pointed at or moved to, until the answer is shown.
      this.show(TREE_HIDDEN);
      return;
    }
    this.display.draw(context, width, height, this);
    const current = this.display.currentNode();
    if (current) this.ringNode(context, current, 'ink');
    const marked = this.hovered ?? this.selected;
    if (marked) this.ringNode(context, marked, 'select');
    this.describe(marked);
  }

  /** Whether nodes in a band `band` CSS pixels high get labels (the views ask before making
   *  them): not under LABELLED_BAND. */
  labelled(band) {
    return band >= LABELLED_BAND;
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
    colors.pruned = this.context.createPattern(tile, 'repeat');
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

  /** Copies each label [text, x, k, status] centred at x in band k (bands `band` high, every
   *  `step`), on the path in the label colour, elsewhere in ink: images made once per text,
   *  colour, size (whole device pixels: the bands' height changes with the path's depth),
   *  pixel ratio and palette. */
  drawLabels(context, labels, band, step = band) {
    const ratio = context.getTransform().a; // device pixels per CSS pixel (see redraw)
    const image = this.labelImages(band, ratio); // even with no label yet: those to come are made ahead
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0); // images are in device pixels
    for (const [text, x, k, status] of labels) {
      drawCentred(context, image(text, status === 'path'), x * ratio, (k * step + band / 2) * ratio);
    }
    context.restore();
  }

  /** The labels' images for bands `band` CSS pixels high at `ratio` device pixels per CSS
   *  pixel: a function from a label's text, and whether its node is on the path, to its image.
   *  Those of every band height the view can draw at on this canvas are made ahead: the path's
   *  bands change height with its depth, and the first frame of Play made dozens of them. */
  labelImages(band, ratio) {
    const { colors, display, n } = this;
    const { height } = this.size;
    const imagesAt = (bandHeight) => {
      const px = Math.round(Math.min(14, bandHeight * 0.6) * ratio);
      return (text, onPath) => this.labels.get(`${px} ${onPath ? '*' : ''}${text}`, () => {
        // Wide enough for two digits (columns run to 32).
        const [width, high] = [Math.ceil(1.6 * px) + 2, Math.ceil(1.4 * px) + 2];
        return textImage(width, high, (label) => {
          label.font = `600 ${px}px system-ui, sans-serif`;
          label.fillStyle = onPath ? colors.label : colors.ink;
          label.fillText(text, width / 2, high / 2);
        });
      });
    };
    this.labels.use([colors, ratio, display, height], () => display.bands(height).filter((b) => this.labelled(b))
      .flatMap((b) => {
        const image = imagesAt(b);
        return Array.from({ length: n }, (_, c) => [() => image(String(c + 1), false), () => image(String(c + 1), true)]).flat();
      }));
    return imagesAt(band);
  }

  outline(context, x, y, w, h, color, dashed) {
    context.save();
    context.strokeStyle = this.colors[color];
    context.lineWidth = 1.5;
    if (dashed) context.setLineDash([3, 2]);
    context.strokeRect(x, y, w, h);
    context.restore();
  }

  ringNode(context, node, color) {
    const [x, y, w, h] = this.display.rect(node, this.size.width);
    context.save();
    context.strokeStyle = this.colors[color];
    context.lineWidth = 2.5;
    context.strokeRect(x + 1, y + 1, Math.max(w - 2, 1), Math.max(h - 2, 1));
    context.restore();
  }

  // --- nodes ---------------------------------------------------------------------------

  offsetX(event) {
    return event.clientX - this.canvas.getBoundingClientRect().left;
  }

  /** The node under the pointer, or null (always null while the tree is hidden). */
  hit(event) {
    if (this.possHidden) return null;
    const bounds = this.canvas.getBoundingClientRect();
    return this.display.hit(event.clientX - bounds.left, event.clientY - bounds.top, bounds.width);
  }

  point(event) {
    this.hovered = this.hit(event);
    this.canvas.style.cursor = this.hovered ? 'pointer' : 'default';
    this.redraw();
  }

  /** Shows what the marked node is (or, without one, how to use the panel). */
  describe(node) {
    if (!node || !this.display.exists(node)) {
      this.show('Point at a node, or focus the tree and use the arrow keys, to see its masks; ' +
        'click it or press Enter to go to the step where it was entered.');
      return;
    }
    const f = this.display.facts(node);
    const what = f.kind === 'solution' ? ' — a solution' : f.kind === 'deadEnd' ? ' — a dead end (no free square below)' : '';
    const size = `${describeSize(f.size, f.exact)} node${f.size === 1 ? '' : 's'} in its subtree${f.exact ? '' : ' (estimated)'}`;
    const poss = this.possHidden ? `poss ${POSS_HIDDEN}` : `poss = ${toBinary(f.poss, f.n)}`;
    const masks = f.kind === 'solution' ? `col = ${toBinary(f.col, f.n)} = done`
      : `ld = ${toBinary(f.ld, f.n)}, col = ${toBinary(f.col, f.n)}, rd = ${toBinary(f.rd, f.n)}, ${poss}`;
    const go = f.status === 'pruned' ? '' : ' Click or press Enter to go to the step that entered it.';
    this.show(`Row ${f.row + 1}, column ${f.column + 1}${what}: queens in columns ${f.path.map((c) => c + 1).join(' · ')}; ` +
      `${f.when}; ${size}. ` +
      `Its call search(ld, col, rd) for row ${f.row + 2}: ${masks}.${go}`);
  }

  show(text) {
    setText(this.readout, text);
  }

  /** While `hidden`, a question is open (Predict's or a live class's, teach/conceal.js): the
   *  current node's children give its answer (the free squares, the square tried next, the
   *  next row's masks, a dead end or not), so the tree is not drawn and no node is described,
   *  pointed at or moved to; the readout says why. */
  hidePoss(hidden) {
    if (this.possHidden === hidden) return;
    this.possHidden = hidden;
    this.hovered = null;
    this.redraw(); // the tree, or the sentence that says it is hidden
  }

  select(node) {
    this.selected = node;
    this.redraw();
  }

  /** Moves the player to the step that entered `node` (none for a node mirror symmetry skips). */
  go(node) {
    if (this.display.facts(node).status === 'pruned') return;
    this.display.goTo(node, this.player);
  }

  /** Zooms the view shown, if it zooms, by `factor` around the pixel `pixel` (the middle by default). */
  zoomBy(factor, pixel) {
    this.display.zoomBy(factor, pixel);
    this.redraw();
  }

  /** Arrow keys move the selection (and take the readout from the mouse); Enter goes to its step. */
  key(event) {
    const { display } = this;
    const moves = {
      ArrowLeft: () => display.sibling(this.selected, -1),
      ArrowRight: () => display.sibling(this.selected, +1),
      ArrowUp: () => display.parent(this.selected),
      ArrowDown: () => display.firstChild(this.selected),
      Home: () => display.currentNode(),
    };
    if (event.ctrlKey || event.metaKey || event.altKey || this.possHidden) return;
    if (event.key === 'Enter') {
      const marked = this.hovered ?? this.selected; // the node ringed and described
      if (marked) this.go(marked);
    } else if (event.key === '+' || event.key === '-') {
      if (display.zoomable) this.zoomBy(event.key === '+' ? 2 : 0.5);
    } else if (moves[event.key]) {
      const next = this.selected ? moves[event.key]() : display.currentNode();
      this.hovered = null; // the keyboard's selection is the one shown now
      if (next) this.select(next);
      else this.redraw();
    } else {
      return; // every other key keeps its page-wide meaning
    }
    // The page's own shortcuts (← → + −) must not act while the tree has the keys.
    event.preventDefault();
    event.stopPropagation();
  }
}
