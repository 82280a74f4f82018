// The bit rows under the board: each mask of the row being searched in binary, one digit
// under each board column (most significant bit = column 1), its decimal value by its name.
// Digits that changed since the last redraw are marked.

import { toBinary } from './binary.js';

/** The rows shown, top to bottom: accessible name, what it is, how to read it from a frame. */
const ROWS = [
  { name: 'ld', help: 'squares attacked along \\ diagonals (shifts right each row)', value: (f) => f.ld },
  { name: 'col', help: 'columns that hold a queen', value: (f) => f.col },
  { name: 'rd', help: 'squares attacked along / diagonals (shifts left each row)', value: (f) => f.rd },
  { name: 'poss', help: 'free squares not tried yet: ~(ld | col | rd) & done, minus each bit tried', value: (f) => f.poss },
  { name: 'bit', help: 'the square chosen: poss & -poss, the right-most free one', value: (f) => f.bit },
];

export class BitsView {
  /** @param {HTMLElement} table the container of the mask rows */
  constructor(table) {
    this.table = table;
    this.n = 0;
    this.rows = [];       // per ROWS entry: { digits: HTMLElement, spans: HTMLElement[], decimal: HTMLElement }
    this.previous = [];   // the binary text drawn last, per row
  }

  build(n) {
    this.n = n;
    this.table.replaceChildren();
    this.rows = ROWS.map(({ name, help }) => {
      const label = document.createElement('span');
      label.className = 'mask-name';
      label.textContent = name;
      label.title = help;
      const digits = document.createElement('span');
      digits.className = 'mask-digits';
      digits.setAttribute('role', 'group');
      digits.setAttribute('aria-label', name);
      digits.style.setProperty('--n', n);
      const spans = Array.from({ length: n }, () => {
        const digit = document.createElement('span');
        digit.className = 'digit';
        digits.append(digit);
        return digit;
      });
      const decimal = document.createElement('span');
      decimal.className = 'mask-decimal';
      label.append(' ', decimal);
      this.table.append(label, digits);
      return { digits, spans, decimal };
    });
    this.previous = ROWS.map(() => null);
  }

  /** Draws the masks of the row being searched, from Search.snapshot(). */
  render(snapshot) {
    const { n, row, frames, phase } = snapshot;
    if (n !== this.n) this.build(n);
    const top = frames[row];
    ROWS.forEach(({ name, value }, i) => {
      const { digits, spans, decimal } = this.rows[i];
      const text = toBinary(value(top), n);
      const before = this.previous[i];
      for (let c = 0; c < n; c++) {
        if (before === null || before[c] !== text[c]) {
          spans[c].textContent = text[c];
          spans[c].classList.toggle('one', text[c] === '1');
        }
        spans[c].classList.toggle('changed', before !== null && before[c] !== text[c]);
      }
      this.previous[i] = text;
      decimal.textContent = `= ${value(top) >>> 0}`;
      // poss and bit mean nothing until the row's free squares are computed.
      digits.classList.toggle('pending', (name === 'poss' || name === 'bit') && phase === 'enter');
    });
  }
}
