// Free masks with rotation: everything the page needs to show it in a lane of the Compare section, in
// one place: the short text under its name, its code with the lines each kind of step runs,
// its data structure drawn from the core's `detail`, and why a square tested was free or not.
// Its name and slug come from the core (algorithms::Describe); `slug` here must match.

import { bitRow } from './draw.js';
import { element } from '../../shared/element.js';

export default {
  slug: 'free-masks',
  blurb: 'Masks of free positions (1 = free); the diagonal masks rotate in 2n bits, so lifting a queen undoes the same moves.',
  /** Its first step in a row lists the free squares (else it will test every column). */
  listsFree: true,
  code: {
    pseudocode: [
      'search():   # cols, d1, d2: 1 = free; d1, d2 in 2n bits',
      '  if cols == 0: found a solution; return',
      '  cand = cols & d1 & d2 & done',
      '  while cand != 0:',
      '    bit = cand & -cand;  cand -= bit',
      '    cols ^= bit;  d1 = rotr(d1 ^ bit);  d2 = rotl(d2 ^ bit)',
      '    search()',
      '    d1 = rotl(d1) | bit;  d2 = rotr(d2) | bit;  cols |= bit',
      '  # loop over: cand == 0',
      'return to the row above',
    ],
    rust: [
      'fn search() { // cols: u32; d1, d2: u64 holding 2n bits',
      '    if cols == 0 { solutions += 1; return; }',
      '    let mut cand = cols & (d1 & d2) as u32 & done;',
      '    while cand != 0 {',
      '        let bit = cand & cand.wrapping_neg(); cand -= bit;',
      '        cols ^= bit; d1 = rotr(d1 ^ bit as u64); d2 = rotl(d2 ^ bit as u64);',
      '        search();',
      '        d1 = rotl(d1) | bit as u64; d2 = rotr(d2) | bit as u64; cols |= bit;',
      '    }',
      '} // back to the row above',
    ],
    javascript: [
      'function search() { // d1, d2: BigInt holding 2n bits',
      '  if (cols === 0) { solutions++; return; }',
      '  let cand = cols & Number(d1 & d2 & BigInt(done));',
      '  while (cand !== 0) {',
      '    const bit = cand & -cand; cand -= bit;',
      '    cols ^= bit; d1 = rotr(d1 ^ BigInt(bit)); d2 = rotl(d2 ^ BigInt(bit));',
      '    search();',
      '    d1 = rotl(d1) | BigInt(bit); d2 = rotr(d2) | BigInt(bit); cols |= bit;',
      '  }',
      '} // back to the row above',
    ],
    lines: { solution: [1], free: [2], deadEnd: [3], try: [3, 4], place: [5, 6], backtrack: [7, 9], finished: [8, 9] },
  },
  /** Why the square tested last was free or attacked, in a few words. */
  why: () => 'bit = cand & -cand',
  /** Its data structure, drawn: `d` is the snapshot's detail, `s` the snapshot. */
  draw(d, s) {
    const n = s.n;
    const window = (digits) => [...digits].map((_, i) => i).filter((i) => i >= n);
    return [
      bitRow('cols', d.cols, n),
      bitRow('d1 (rotr)', d.d1, 2 * n, { marked: window(d.d1), note: 'right half: this row' }),
      bitRow('d2 (rotl)', d.d2, 2 * n, { marked: window(d.d2) }),
      bitRow('cols & d1 & d2', d.free, n),
      element('p', 'note', `1 = free. d1 and d2 hold 2n = ${2 * n} bits and rotate one place per row: a cleared bit pushed past the row travels through the left half.`),
    ];
  },
};
