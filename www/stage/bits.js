// The bit panel under the board: every bit operation of the loop for the row being searched,
// in binary, one digit under each board column (most significant bit = column 1), with the
// decimal value by its name. The lines the last step computed are highlighted, and digits
// that changed since the last redraw are outlined. Each line's digits are drawn on a canvas
// that fills its group; the canvas's fallback content, read by screen readers and never laid
// out, is the same digits as text.
//
//   ld, col, rd                 the masks this row received
//   ld | col | rd               squares attacked
//   ~(ld | col | rd) & done     the row's free squares (what poss starts as)
//   poss                        free squares not tried yet
//   bit = poss & -poss          the square chosen: the right-most one in poss
//   (ld | bit) >> 1, col | bit, (rd | bit) << 1    the masks the next row will receive

import { toBinary, fullMask } from '../shared/binary.js';
import { setText } from '../shared/dom.js';
import { CanvasLayer } from '../shared/canvas-layer.js';
import { palette } from '../shared/palette.js';
import { textImage, drawCentred, TextImages } from '../shared/text-image.js';

const attacked = (f) => f.ld | f.col | f.rd;

/**
 * The lines, top to bottom. `name` is the accessible name (the five masks keep their plain
 * names, the page's contract); `known(phase)` says when the value means something.
 */
export const LINES = [
  { name: 'ld', help: 'squares attacked along \\ diagonals; shifts right (>> 1) each row', value: (f) => f.ld, known: () => true },
  { name: 'col', help: 'columns that already hold a queen', value: (f) => f.col, known: () => true },
  { name: 'rd', help: 'squares attacked along / diagonals; shifts left (<< 1) each row; bits pushed past column 1 are dropped by & done', value: (f) => f.rd, known: () => true },
  { name: 'ld | col | rd', help: 'every square of this row some queen attacks', value: attacked, known: () => true },
  { name: '~(ld | col | rd) & done', help: 'the free squares of this row: poss starts as this', value: (f, done) => ~attacked(f) & done, known: () => true },
  { name: 'poss', help: 'free squares not tried yet: each chosen bit is removed (poss = poss - bit)', value: (f) => f.poss, known: (p) => p !== 'enter' },
  { name: 'bit', help: 'bit = poss & -poss: the lowest set bit, the right-most free square', value: (f) => f.bit, known: (p) => p !== 'enter' },
  { name: '(ld | bit) >> 1', prefix: 'next row: ', help: 'the next row’s ld: the diagonals move one column right', value: (f) => (f.ld | f.bit) >>> 1, known: (p) => p === 'trying' },
  { name: 'col | bit', help: 'the next row’s col: this queen’s column is taken', value: (f) => f.col | f.bit, known: (p) => p === 'trying' },
  { name: '(rd | bit) << 1', help: 'the next row’s rd: the diagonals move one column left', value: (f, done) => ((f.rd | f.bit) << 1) & done, known: (p) => p === 'trying' },
];

/** The lines each kind of event computes (by name), for the highlight. */
export const LINES_OF_EVENT = {
  free: ['ld | col | rd', '~(ld | col | rd) & done', 'poss'],
  try: ['bit', 'poss'],
  place: ['ld', 'col', 'rd'],
  solution: ['col'],
  deadEnd: ['poss'],
  backtrack: ['poss', 'bit'],
  finished: ['poss'],
};

export class BitsView {
  /** @param {HTMLElement} table the container of the lines */
  constructor(table) {
    this.table = table;
    this.n = 0;
    this.lines = [];      // per LINES entry: { label, digits, decimal, layer, shown, and
                          // what its canvas draws with: fontSize, digitImages }
    this.hidden = new Set(); // names of the lines Predict mode hides (their digits blank)
    this.drawn = null;    // the last render's arguments, to draw again when that changes
  }

  /** Blanks the digits of the lines named (a question is about them), and shows the others. */
  hide(names) {
    this.hidden = new Set(names);
    if (this.drawn) this.render(...this.drawn);
  }

  build(n) {
    this.n = n;
    for (const line of this.lines) line.digitImages.clear();
    this.table.replaceChildren();
    this.lines = LINES.map(({ name, help, prefix }) => {
      const label = document.createElement('span');
      label.className = 'mask-name';
      label.title = help;
      const expression = document.createElement('code');
      expression.textContent = name;
      const decimal = document.createElement('span');
      decimal.className = 'mask-decimal';
      label.append(expression, ' ', decimal);
      if (prefix) label.prepend(prefix);
      const digits = document.createElement('span');
      digits.className = 'mask-digits painted';
      digits.setAttribute('role', 'group');
      digits.setAttribute('aria-label', name);
      // What the canvas shows: the digits, the one outlined (changed since the redraw before),
      // and whether the value means anything yet; `fontSize` in CSS pixels, read on resizes.
      const line = { label, digits, decimal, shown: { text: '', changed: [], pending: false }, fontSize: 16, digitImages: new TextImages() };
      line.layer = new CanvasLayer(
        (context, width, height, scale) => paintDigits(context, width, height, scale, line),
        () => { line.fontSize = parseFloat(getComputedStyle(digits).fontSize); },
      );
      // The digits as text go inside the canvas, as its fallback content: exposed to screen
      // readers (and in the group's textContent) but given no box, so that writing them on
      // every frame costs no layout. The canvas itself is then no image but their container.
      const { canvas } = line.layer;
      canvas.removeAttribute('aria-hidden');
      canvas.setAttribute('role', 'none');
      digits.append(canvas);
      this.table.append(label, digits);
      return line;
    });
  }

  /** Draws the lines for the row being searched; `event` is the last step (or null). */
  render(snapshot, event) {
    this.drawn = [snapshot, event];
    const { n, row } = snapshot;
    const { calls, phase } = snapshot.detail; // Richards' bitmask: its stack of calls of search
    if (n !== this.n) this.build(n);
    const top = calls[row];
    const done = fullMask(n);
    const active = (event && !event.undone && LINES_OF_EVENT[event.kind]) || [];
    LINES.forEach(({ name, value, known }, i) => {
      const line = this.lines[i];
      const { label, digits, decimal, shown } = line;
      const hidden = this.hidden.has(name);
      digits.classList.toggle('hidden', hidden);
      // Only the board's n columns: bits that rd << 1 pushes past the left edge are never
      // read (every use goes through & done), so they are not shown.
      const mask = (value(top, done) & done) >>> 0;
      const text = hidden ? '' : toBinary(mask, n);
      const meaningful = known(phase);
      // A line shown again after a question, or first drawn, outlines nothing.
      const changed = shown.text === '' || text === '' ? [] : [...text].map((digit, c) => digit !== shown.text[c]);
      if (text === '' || shown.text === '' || meaningful === shown.pending) {
        line.shown = { text, changed, pending: !meaningful };
        setText(line.layer.canvas, text);
        line.layer.draw();
      } else {
        // Only the digits that change, or whose outline comes or goes, are drawn again.
        const again = [...text].flatMap((_, c) => (changed[c] || shown.changed[c] ? [c] : []));
        if (again.length > 0) {
          line.shown = { text, changed, pending: !meaningful };
          setText(line.layer.canvas, text);
          line.layer.drawOver((...canvas) => paintDigits(...canvas, line, again));
        }
      }
      setText(decimal, hidden ? '= ?' : `= ${mask}`);
      digits.classList.toggle('pending', !hidden && !meaningful);
      const highlighted = !hidden && meaningful && active.includes(name);
      digits.classList.toggle('active', highlighted);
      label.classList.toggle('active', highlighted);
    });
  }
}

/** The images of a line's digits on a canvas `width` × `height` (device pixels) holding `n`
 *  of them: a function from '0' or '1' to its image, made once per size, scale and palette
 *  (both made ahead). A digit's image is as wide as the narrowest digit's place, and as high
 *  as the canvas. */
function digitImages(line, n, width, height, scale, colours) {
  const digitWidth = Math.floor(width / n);
  const px = line.fontSize * scale;
  const image = (digit) => line.digitImages.get(digit, () => textImage(digitWidth, height, (context) => {
    context.font = `700 ${px}px ${colours.mono}`;
    context.fillStyle = digit === '1' ? colours.ink : colours.muted;
    context.fillText(digit, digitWidth / 2, height / 2);
  }));
  line.digitImages.use([digitWidth, height, px, colours], () => ['0', '1'].map((digit) => () => image(digit)));
  return image;
}

/** One line's digits on its canvas (`columns`: which; all when null): digit k centred under
 *  board column k, a 1 on its own background, a changed digit outlined, faint while the
 *  value means nothing yet. Each digit covers whole device pixels, its own and no other's,
 *  so that one can be drawn again alone. */
function paintDigits(context, width, height, scale, line, columns = null) {
  const { shown: { text, changed, pending } } = line;
  if (text === '') return; // hidden: the style sheet's hatching shows through
  const colours = palette();
  const edge = (c) => Math.round((c * width) / text.length);
  const image = digitImages(line, text.length, width, height, scale, colours);
  context.globalAlpha = pending ? 0.3 : 1;
  context.strokeStyle = colours.current;
  context.lineWidth = 2 * scale;
  for (const c of columns ?? Array.from(text, (_, i) => i)) {
    const [x, w] = [edge(c), edge(c + 1) - edge(c)];
    context.clearRect(x, 0, w, height);
    const one = text[c] === '1';
    if (one) {
      context.fillStyle = colours.one;
      context.fillRect(x, 0, w, height);
    }
    drawCentred(context, image(text[c]), x + w / 2, height / 2);
    if (changed[c]) context.strokeRect(x + scale, scale, w - 2 * scale, height - 2 * scale);
  }
  context.globalAlpha = 1;
}
