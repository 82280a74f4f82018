// Bit by bit: everything the page needs to show it in a lane of the Compare section, in
// one place: the short text under its name, its code with the lines each kind of step runs,
// its data structure drawn from the core's `detail`, and why a square tested was free or not.
// Its name and slug come from the core (algorithms::Describe); `slug` here must match.

import { bitRow, column } from './draw.js';

export default {
  slug: 'bit-by-bit',
  blurb: 'Richards’ masks ld, col, rd, but every position 1, 2, 4, … is tested: n tests per row, free or not.',
  /** Its first step in a row lists the free squares (else it will test every column). */
  listsFree: false,
  code: {
    pseudocode: [
      'search(ld, col, rd):',
      '  if col == done: found a solution; return',
      '  for position in 1, 2, 4, … < 1 << n:',
      '    if (ld | col | rd) & position: continue   # attacked',
      '    search((ld | position) >> 1, col | position, (rd | position) << 1)',
      '  # every position tested',
      'return to the row above',
    ],
    rust: [
      'fn search(ld: u32, col: u32, rd: u32) {',
      '    if col == done { solutions += 1; return; }',
      '    for position in (0..n).map(|i| 1u32 << i) {',
      '        if (ld | col | rd) & position != 0 { continue; }',
      '        search((ld | position) >> 1, col | position, (rd | position) << 1);',
      '    }',
      '} // back to the row above',
    ],
    javascript: [
      'function search(ld, col, rd) {',
      '  if (col === done) { solutions++; return; }',
      '  for (let position = 1; position < 1 << n; position <<= 1) {',
      '    if ((ld | col | rd) & position) continue;',
      '    search((ld | position) >>> 1, col | position, (rd | position) << 1);',
      '  }',
      '} // back to the row above',
    ],
    lines: { solution: [1], free: [2], reject: [3], try: [3], place: [4], backtrack: [5, 6], finished: [5, 6] },
  },
  /** Why the square tested last was free or attacked, in a few words. */
  why: () => '(ld | col | rd) & position',
  /** Its data structure, drawn: `d` is the snapshot's detail, `s` the snapshot. */
  draw(d, s) {
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
};
