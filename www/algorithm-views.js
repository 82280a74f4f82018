// What each algorithm keeps, drawn live in its lane of the Compare section: the board scan's
// last check, the three flag arrays with the flags read, the row integers with the shifted
// candidate beside each row compared, `position` walking across Bit by bit's masks, Richards'
// bit rows with the two's complement trick, and the free masks with their rotation. Also one
// sentence for the lane's last step. Masks are shown most significant bit first: digit k sits
// under board column k, as everywhere on the page.

import { toBinary } from './binary.js';
import { plural } from './format.js';

/** An element with a class and children (strings or elements). */
function el(tag, className, ...children) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.append(...children);
  return element;
}

/**
 * A named row of binary digits: `value` shown in `width` digits (a number, or a string of
 * digits already), with the digits whose index is in `marked` outlined.
 */
function bitRow(name, value, width, { marked = [], note = '', dim = false } = {}) {
  const text = typeof value === 'string' ? value : toBinary(value, width);
  const digits = el('span', 'mask-digits');
  digits.setAttribute('role', 'group');
  digits.setAttribute('aria-label', name);
  digits.style.setProperty('--digits', width);
  [...text].forEach((digit, i) => {
    const d = el('span', `digit${digit === '1' ? ' one' : ''}${marked.includes(i) ? ' marked' : ''}`, digit);
    digits.append(d);
  });
  digits.classList.toggle('pending', dim);
  return el('div', 'detail-row', el('code', 'detail-name', name), digits, note ? el('span', 'detail-note', note) : '');
}

const column = (bit, n) => n - 1 - Math.log2(bit);

const VIEWS = {
  'board-scan'(d, s) {
    if (!d.scan) return [el('p', 'note', 'The board above is the data structure: each square tried puts a queen on it, then the whole board is checked.')];
    const [c, { cellsRead, conflict }] = d.scan;
    const where = !conflict ? 'no line holds two queens: the square is free'
      : conflict.kind === 'column' ? `column ${conflict.index + 1} holds two queens`
        : `a ${conflict.kind === 'down' ? '\\' : '/'} diagonal holds two queens`;
    return [el('p', 'detail-fact', `Check with a queen on row ${s.row + 1}, column ${c + 1}: `,
      el('b', '', `${cellsRead.toLocaleString('en')} cells read`), ` of 3·n² = ${(3 * s.n * s.n).toLocaleString('en')}; ${where}.`)];
  },
  'flag-arrays'(d, s) {
    const n = s.n;
    const flags = (name, values, index, order) => {
      const read = d.read && order < d.read.reads ? [index] : [];
      return bitRow(name, values.map((f) => (f ? '1' : '0')).join(''), values.length, {
        marked: read, note: d.read && order < d.read.reads ? `[${index}] read` : '',
      });
    };
    return [
      flags('cols', d.columns, d.read?.column, 0),
      flags('down \\', d.down, d.read?.down, 1),
      flags('up /', d.up, d.read?.up, 2),
      el('p', 'note', `down[row − c + ${n - 1}] and up[row + c]: 2n − 1 = ${2 * n - 1} flags each. A test reads 1 to 3 flags.`),
    ];
  },
  'rows-as-integers'(d, s) {
    const n = s.n;
    const compared = new Map(d.compared.map((c) => [c.row, c]));
    const rows = d.rows.map((value, r) => {
      const c = compared.get(r);
      const note = !c ? '' : `${c.hit ? '= ' : '≠ '}${toBinary(c.left, n)} / ${toBinary(c.right, n)}${c.hit ? ': on a diagonal' : ''}`;
      return bitRow(`row ${r + 1}`, value, n, { note, marked: c?.hit ? [...toBinary(value, n)].flatMap((x, i) => (x === '1' ? [i] : [])) : [] });
    });
    return [...rows, bitRow('taken = OR', d.taken, n),
      el('p', 'note', d.compared.length
        ? `The candidate shifted k places left / right, compared with the row k above: ${d.compared.length} row${d.compared.length === 1 ? '' : 's'} compared.`
        : 'Each candidate is compared with the rows above, from the last one up.')];
  },
  'bit-by-bit'(d, s) {
    const n = s.n;
    const at = d.position ? [column(d.position, n)] : [];
    return [
      bitRow('ld', d.ld, n), bitRow('col', d.col, n), bitRow('rd', d.rd, n),
      bitRow('ld | col | rd', d.ld | d.col | d.rd, n, { marked: at }),
      bitRow('position', d.position ?? 0, n, {
        marked: at, dim: !d.position,
        note: d.position ? `& = ${d.attacked ? 'set: attacked' : '0: free'}` : '',
      }),
    ];
  },
  richards(d, s) {
    const n = s.n;
    const top = d.frames[Math.min(s.row, d.frames.length - 1)];
    const done = n === 32 ? 0xffffffff : 2 ** n - 1;
    const rows = [bitRow('ld', top.ld, n), bitRow('col', top.col, n), bitRow('rd', top.rd, n)];
    // Just chosen: poss as it was when the bit was taken from it, and how.
    if (d.phase === 'trying') return [...rows, ...twosComplement(top.poss + top.bit, top.bit, n, done)];
    const unknown = d.phase === 'enter';
    return [...rows, bitRow('poss', top.poss, n, { dim: unknown }), bitRow('bit', top.bit, n, { dim: unknown })];
  },
  'free-masks'(d, s) {
    const n = s.n;
    const window = (digits) => [...digits].map((_, i) => i).filter((i) => i >= n);
    return [
      bitRow('cols', d.cols, n),
      bitRow('d1 (rotr)', d.d1, 2 * n, { marked: window(d.d1), note: 'right half: this row' }),
      bitRow('d2 (rotl)', d.d2, 2 * n, { marked: window(d.d2) }),
      bitRow('cols & d1 & d2', d.free, n),
      el('p', 'note', `1 = free. d1 and d2 hold 2n = ${2 * n} bits and rotate one place per row: a cleared bit pushed past the row travels through the left half.`),
    ];
  },
};

/**
 * The two's complement trick of `bit = poss & -poss`, for `poss` as it was when the bit was
 * chosen: ~poss, ~poss + 1 = -poss, and their AND with poss, in n digits.
 */
export function twosComplement(poss, bit, n, done) {
  const inverted = ~poss & done;
  const negated = (inverted + 1) & done;
  return [
    bitRow('poss', poss, n),
    bitRow('~poss', inverted, n, { note: 'every bit flipped' }),
    bitRow('~poss + 1 = -poss', negated, n, { note: 'the carry stops at the lowest 1 of poss' }),
    bitRow('poss & -poss = bit', negated & poss, n, { marked: [column(bit, n)], note: 'only that 1 is in both' }),
  ];
}

/** Draws the algorithm's data structure for `snapshot` into `container`. */
export function renderDetail(container, snapshot) {
  container.replaceChildren(...VIEWS[snapshot.detail.kind](snapshot.detail, snapshot));
}

const WHY = {
  'board-scan': (d) => (d.scan?.[1].conflict ? `the board check read ${d.scan[1].cellsRead} cells and found two queens on a line` : 'the board check found it free'),
  'flag-arrays': (d) => `${d.read?.reads ?? 0} flag${d.read?.reads === 1 ? '' : 's'} read`,
  'rows-as-integers': (d) => `${d.compared.length} row${d.compared.length === 1 ? '' : 's'} compared`,
  'bit-by-bit': () => '(ld | col | rd) & position',
  richards: () => 'bit = poss & -poss',
  'free-masks': () => 'bit = cand & -cand',
};

/** One sentence for the lane's last step (`event`, or null before the first). */
export function describeLaneStep(event, snapshot) {
  if (!event) return 'Ready.';
  const row = event.row + 1;
  const square = `row ${row}, column ${event.column + 1}`;
  const why = WHY[snapshot.detail.kind](snapshot.detail);
  switch (event.kind) {
    case 'free': return `Row ${row}: ${snapshot.detail.kind === 'richards' || snapshot.detail.kind === 'free-masks' || snapshot.detail.kind === 'rows-as-integers' ? 'its free squares are known' : 'every column will be tested'}.`;
    case 'reject': return `Tested ${square}: attacked (${why}).`;
    case 'try': return `Tested ${square}: free (${why}).`;
    case 'place': return `Queen placed on ${square}.`;
    case 'solution': return `Solution ${event.number * snapshot.weight} found.`;
    case 'deadEnd': return `Row ${row}: no candidate left.`;
    case 'backtrack': return `Back to row ${row}: the queen of column ${event.column + 1} lifted.`;
    case 'finished': return `Finished: ${plural(event.solutions * snapshot.weight, 'solution')}.`;
    default: return '';
  }
}
