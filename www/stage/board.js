// The board: an ARIA grid of n×n cells, and over them a canvas (which lets clicks through)
// that draws them. The cells carry what a screen reader, a tooltip and a click need (names,
// descriptions, data-row / data-column); they are transparent, and only those whose look
// changed are touched. The canvas draws again the rows whose looks changed: restyling dozens
// of cells on every frame of full-speed play cost more than the wasm search itself (README,
// Measured performance).
//
// In the row being searched each square shows why it is forbidden, by an arrow as well as a
// colour: ↓ its column holds a queen (col), ↘ a queen attacks it along a \ diagonal (ld),
// ↙ along a / diagonal (rd). A free square not tried yet (in poss) is green; the square being
// tried is ringed; a free square already tried (no longer in poss) shows ×. The classic
// programs that test attacked squares too ring in red the one they just found attacked.
// The attacks are derived from the queens, so the board draws every algorithm alike.
//
// While a question asks for the free squares (the `asking-free` class on the grid: Predict's or
// a live class's, teach/conceal.js) the row being searched shows none of that: its marks are
// the answer (the squares without an arrow are the free ones). Its squares are drawn alike,
// without a mark, and each cell's name says it is hidden, until the class goes.

import { hasColumn, attacksOn } from '../shared/binary.js';
import { CanvasLayer } from '../shared/canvas-layer.js';
import { palette } from '../shared/palette.js';
import { textImage, drawCentred, TextImages } from '../shared/text-image.js';

const ATTACK_MARKS = [
  ['col', '↓', 'column'],
  ['ld', '↘', 'ld diagonal'],
  ['rd', '↙', 'rd diagonal'],
];

/** The look of a cell, as a key: 'queen', 'above', 'below' (the rows around the one being
 *  searched), or in that row 'trying', 'free', 'tried' or 'attacked:<masks>' (with
 *  ':rejected' when a test just found it so). */
function lookOf(snapshot, attacks, r, c) {
  const { row, queens, trying, tried, rejected, n } = snapshot;
  if (r < row) return queens[r] === c ? 'queen' : 'above';
  if (r > row) return 'below';
  if (trying === c) return 'trying';
  const attackers = ATTACK_MARKS.filter(([mask]) => hasColumn(attacks[mask], n, c)).map(([mask]) => mask);
  if (attackers.length > 0) return `attacked:${attackers.join(',')}${rejected === c ? ':rejected' : ''}`;
  return hasColumn(tried, n, c) ? 'tried' : 'free';
}

/** The look shown for the square at row `r` whose look is `look`: 'hidden' in the row being
 *  searched (`row`) while the board hides its free squares. */
const shownLook = (look, r, row, hidingFree) => (hidingFree && r === row ? 'hidden' : look);

export class BoardView {
  /** @param {HTMLElement} grid the element with role="grid" */
  constructor(grid) {
    this.grid = grid;
    this.n = 0;
    this.row = 0;      // the row being searched at the last render
    this.cells = [];   // cells[r][c]: the gridcell element
    this.looks = [];   // looks[r][c]: the key of what the cell shows now (see lookOf)
    // Only the cell under the pointer has a tooltip (title), kept to its look: a title
    // changed on every frame would restyle its cell (the browser's own style sheet reads it).
    this.hovered = null;
    grid.addEventListener('pointerover', (event) => {
      const cell = event.target instanceof Element ? event.target.closest('[role="gridcell"]') : null;
      if (cell === this.hovered) return;
      this.hovered?.removeAttribute('title');
      this.hovered = cell;
      if (cell) entitle(cell, this.shown(Number(cell.dataset.row), Number(cell.dataset.column)));
    });
    grid.addEventListener('pointerleave', () => {
      this.hovered?.removeAttribute('title');
      this.hovered = null;
    });
    // The marks a square can show (♛, the arrows, ×, ?), each drawn once as an image of its
    // own for the size of a square and the palette, then copied: writing a glyph (and blurring
    // the queen's halo) on every redraw cost more than the rest of the board.
    this.marks = new TextImages();
    this.layer = new CanvasLayer((context, width, height, scale) => this.paint(context, width, height, scale));
    // A free-squares question hides the row being searched (the Concealer sets the class):
    // the canvas, the names and the tooltip follow the class.
    this.hidingFree = false;
    new MutationObserver(() => {
      const hiding = this.grid.classList.contains('asking-free');
      if (hiding !== this.hidingFree) {
        this.hidingFree = hiding;
        this.layer.draw();
        // The names say what the eye sees: the row's marks, or that they are hidden.
        if (this.row < this.n) this.cells[this.row].forEach((cell, c) => describeCell(cell, this.row, c, this.shown(this.row, c)));
        if (this.hovered) entitle(this.hovered, this.shown(Number(this.hovered.dataset.row), Number(this.hovered.dataset.column)));
      }
    }).observe(grid, { attributes: true, attributeFilter: ['class'] });
  }

  /** The look the square at row `r`, column `c` shows now (see shownLook). */
  shown(r, c) {
    return shownLook(this.looks[r][c], r, this.row, this.hidingFree);
  }

  build(n) {
    this.n = n;
    this.grid.replaceChildren(this.layer.canvas);
    this.hovered = null;
    this.grid.style.setProperty('--n', n);
    this.cells = [];
    this.looks = [];
    for (let r = 0; r < n; r++) {
      const rowElement = document.createElement('div');
      rowElement.setAttribute('role', 'row');
      rowElement.className = 'board-row';
      const row = [];
      for (let c = 0; c < n; c++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.className = 'cell';
        cell.setAttribute('aria-label', `Row ${r + 1}, column ${c + 1}`);
        cell.dataset.row = r;
        cell.dataset.column = c;
        rowElement.append(cell);
        row.push(cell);
      }
      this.grid.append(rowElement);
      this.cells.push(row);
      this.looks.push(new Array(n).fill(''));
    }
  }

  /**
   * Draws a snapshot from Search.snapshot(), of any algorithm: the queens, and in the row
   * being searched why each square is forbidden, which free squares were tried, the square
   * being tried, and the square just found attacked.
   */
  render(snapshot) {
    const { n, row } = snapshot;
    if (n !== this.n) this.build(n);
    const attacks = row < n ? attacksOn(snapshot.queens, row, n) : null;
    this.grid.classList.toggle('solved', row === n);
    // The rows to draw again: those with a square whose look changed, and the rows searched
    // before and now (their band).
    const changed = new Set(row === this.row ? [] : [this.row, row].filter((r) => r < n));
    this.row = row;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const look = lookOf(snapshot, attacks, r, c);
        if (look !== this.looks[r][c]) {
          this.looks[r][c] = look;
          const cell = this.cells[r][c];
          const shown = shownLook(look, r, row, this.hidingFree);
          describeCell(cell, r, c, shown);
          if (cell === this.hovered) entitle(cell, shown);
          changed.add(r);
        }
      }
    }
    if (changed.size > 0) this.layer.drawOver((...canvas) => this.paint(...canvas, changed));
  }

  /** The marks' images for squares of a canvas `height` device pixels high: a function from a
   *  look to its image (or null), each made once per size, scale and palette (drawMark); those
   *  of every look are made ahead. */
  markImages(height, scale, colours) {
    const side = height / this.n;
    const markOf = (look) => this.marks.get(look, () => drawMark(look, side, scale, colours));
    this.marks.use([side, scale, colours], () => MARKED_LOOKS.map((look) => () => markOf(look)));
    return markOf;
  }

  /** Draws the squares of `rows` (all when null) on the canvas (`scale`: device pixels per CSS
   *  pixel). Every square is opaque: a row drawn again covers what it showed before. */
  paint(context, width, height, scale, rows = null) {
    const { n, row, looks } = this;
    if (n === 0) return;
    const colours = palette();
    const markOf = this.markImages(height, scale, colours);
    // Each square covers whole device pixels, its own and no other's: a row drawn again
    // leaves its neighbours as they are, and no seam shows between squares.
    const [left, top] = [(c) => Math.round((c * width) / n), (r) => Math.round((r * height) / n)];
    for (const r of rows ?? looks.keys()) {
      for (let c = 0; c < n; c++) {
        const look = shownLook(looks[r][c], r, row, this.hidingFree);
        const [kind, , rejected] = look.split(':');
        const free = kind === 'free';
        context.fillStyle = r !== row ? colours[(r + c) % 2 === 0 ? 'light' : 'dark']
          : free || kind === 'trying' ? colours['band-free'] : colours.band;
        const [x, y, w, h] = [left(c), top(r), left(c + 1) - left(c), top(r + 1) - top(r)];
        context.fillRect(x, y, w, h);
        const marked = kind === 'attacked' ? look.replace(':rejected', '') : kind;
        drawCentred(context, markOf(marked), x + w / 2, y + h / 2);
        if (kind === 'trying') ring(context, x, y, w, h, Math.max(2 * scale, w * 0.1), colours.accent, scale);
        if (rejected) ring(context, x, y, w, h, Math.max(2 * scale, w * 0.08), colours.attack, scale);
      }
    }
    if (row < n && (rows === null || rows.has(row))) {
      // The row being searched: one band between two lines.
      context.fillStyle = colours.current;
      context.fillRect(0, top(row), width, 2 * scale);
      context.fillRect(0, top(row + 1) - 2 * scale, width, 2 * scale);
    }
  }
}

/** Every look with a mark: the queen, ×, ?, and the arrows of each set of masks that can
 *  attack a square (named as lookOf names them). */
const MARKED_LOOKS = ['queen', 'tried', 'trying', ...Array.from({ length: 2 ** ATTACK_MARKS.length - 1 }, (_, i) =>
  `attacked:${ATTACK_MARKS.filter((__, k) => ((i + 1) >> k) & 1).map(([mask]) => mask).join(',')}`)];

/** The mark of `look` ('queen', 'attacked:ld,col', 'tried', …; null for a look without one) on
 *  an image of its own, centred, for a square `h` device pixels high (its text 0.55 of the
 *  square, as the page's text was in the cells before). The image is no larger than the
 *  smallest square (squares are h rounded down or up), so that a mark never reaches into the
 *  next square. */
function drawMark(look, h, scale, colours) {
  const [kind, masks = ''] = look.split(':');
  const size = h * 0.55;
  const [text, weight, colour, px] = {
    queen: ['♛', 400, colours.ink, size],
    attacked: [ATTACK_MARKS.filter(([mask]) => masks.split(',').includes(mask)).map(([, arrow]) => arrow).join(''), 700, colours.attack, size * 0.62],
    tried: ['×', 700, colours.muted, size],
    trying: ['?', 800, colours.ink, size],
  }[kind] ?? [];
  if (!text) return null;
  const side = Math.floor(h);
  return textImage(side, side, (context) => {
    context.font = `${weight} ${px}px ${colours.sans}`;
    context.letterSpacing = kind === 'attacked' ? `${-0.1 * px}px` : '0px';
    context.fillStyle = colour;
    if (kind === 'queen') {
      context.shadowColor = colours.panel;
      context.shadowBlur = 2 * scale;
    }
    context.fillText(text, side / 2, side / 2);
  });
}

/** A ring of `thickness` just inside a square of the row being searched (inside its band's
 *  lines, 2 CSS pixels top and bottom). */
function ring(context, x, y, w, h, thickness, colour, scale) {
  const band = 2 * scale;
  context.strokeStyle = colour;
  context.lineWidth = thickness;
  context.strokeRect(x + thickness / 2, y + band + thickness / 2, w - thickness, h - 2 * band - thickness);
}

/** Why a square of the row being searched is as it is, or '' for the others. */
function explanation(look) {
  const [kind, masks = ''] = look.split(':');
  if (kind === 'attacked') {
    const names = ATTACK_MARKS.filter(([mask]) => masks.split(',').includes(mask)).map(([, , name]) => name);
    return `attacked along the ${names.join(' and the ')}`;
  }
  return {
    tried: 'free, already tried: no longer in poss', trying: 'being tried: bit = poss & -poss', free: 'free square', hidden: HIDDEN,
  }[kind] ?? '';
}

/** What a square of the row being searched says while a question hides it. */
const HIDDEN = 'hidden while the question asks for the free squares';

/** A square of the row being searched, in words, with the mark it shows (the arrows, ?, ×),
 *  or '' for the others; while a question hides the row, that it is hidden. */
function spoken(look) {
  const [kind, masks = ''] = look.split(':');
  if (kind === 'attacked') {
    const marks = ATTACK_MARKS.filter(([mask]) => masks.split(',').includes(mask));
    return `attacked along the ${marks.map(([, mark, name]) => `${name} ${mark}`).join(' and the ')}`;
  }
  return { free: 'free', tried: 'free, already tried ×', trying: 'being tried ?', hidden: HIDDEN }[kind] ?? '';
}

/** What a cell tells a screen reader: its place, a queen, and in the row being searched what
 *  the eye sees there (its name, so that every screen reader says it). */
function describeCell(cell, r, c, look) {
  const kind = look.split(':')[0];
  cell.dataset.look = kind;
  const said = spoken(look);
  cell.setAttribute('aria-label', `Row ${r + 1}, column ${c + 1}${kind === 'queen' ? ', queen' : ''}${said ? `: ${said}` : ''}`);
}

/** The tooltip of the cell under the pointer. */
function entitle(cell, look) {
  const why = explanation(look);
  if (why) cell.title = why;
  else cell.removeAttribute('title');
}
