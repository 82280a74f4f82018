// The pieces every algorithm's drawing is made of: elements, named rows of binary digits
// (most significant bit first: digit k sits under board column k, as everywhere on the page).

import { toBinary } from '../../shared/binary.js';

/** An element with a class and children (strings or elements). */
export function el(tag, className, ...children) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.append(...children);
  return element;
}

/**
 * A named row of binary digits: `value` shown in `width` digits (a number, or a string of
 * digits already), with the digits whose index is in `marked` outlined.
 */
export function bitRow(name, value, width, { marked = [], note = '', dim = false } = {}) {
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

/** The board column of a single-bit mask. */
export const column = (bit, n) => n - 1 - Math.log2(bit);

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
