// The pieces every algorithm's drawing is made of (with shared/element.js's elements): named rows of binary digits
// (most significant bit first: digit k sits under board column k, as everywhere on the page).

import { toBinary } from '../../shared/binary.js';
import { element } from '../../shared/element.js';


/**
 * A named row of binary digits: `value` shown in `width` digits (a number, or a string of
 * digits already), with the digits whose index is in `marked` outlined.
 */
export function bitRow(name, value, width, { marked = [], note = '', dim = false } = {}) {
  const text = typeof value === 'string' ? value : toBinary(value, width);
  const digits = element('span', 'mask-digits');
  digits.setAttribute('role', 'group');
  digits.setAttribute('aria-label', name);
  digits.style.setProperty('--digits', width);
  [...text].forEach((digit, i) => {
    const d = element('span', `digit${digit === '1' ? ' one' : ''}${marked.includes(i) ? ' marked' : ''}`, digit);
    digits.append(d);
  });
  digits.classList.toggle('pending', dim);
  return element('div', 'detail-row', element('code', 'detail-name', name), digits, note ? element('span', 'detail-note', note) : '');
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
