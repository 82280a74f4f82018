// Flag arrays: everything the page needs to show it in a lane of the Compare section, in
// one place: the short text under its name, its code with the lines each kind of step runs,
// its data structure drawn from the core's `detail`, and why a square tested was free or not.
// Its name and slug come from the core (algorithms::Describe); `slug` here must match.

import { bitRow } from './draw.js';
import { element } from '../../shared/element.js';

export default {
  slug: 'flag-arrays',
  blurb: 'Three arrays of flags: columns (n), \\ diagonals and / diagonals (2n − 1 each). A square is free when its three flags are clear.',
  /** Its first step in a row lists the free squares (else it will test every column). */
  listsFree: false,
  code: {
    pseudocode: [
      'search(row):',
      '  if row == n: found a solution; return',
      '  for c in the columns, right to left:',
      '    if cols[c] or down[row-c+n-1] or up[row+c]: continue   # attacked',
      '    cols[c] = down[row-c+n-1] = up[row+c] = 1',
      '    search(row + 1)',
      '    cols[c] = down[row-c+n-1] = up[row+c] = 0',
      '  # every column tried',
      'return to the row above',
    ],
    rust: [
      'fn search(row: usize) {',
      '    if row == n { solutions += 1; return; }',
      '    for c in (0..n).rev() {',
      '        if cols[c] || down[row + n - 1 - c] || up[row + c] { continue; }',
      '        (cols[c], down[row + n - 1 - c], up[row + c]) = (true, true, true);',
      '        search(row + 1);',
      '        (cols[c], down[row + n - 1 - c], up[row + c]) = (false, false, false);',
      '    }',
      '} // back to the row above',
    ],
    javascript: [
      'function search(row) {',
      '  if (row === n) { solutions++; return; }',
      '  for (let c = n - 1; c >= 0; c--) {',
      '    if (cols[c] || down[row + n - 1 - c] || up[row + c]) continue;',
      '    cols[c] = down[row + n - 1 - c] = up[row + c] = true;',
      '    search(row + 1);',
      '    cols[c] = down[row + n - 1 - c] = up[row + c] = false;',
      '  }',
      '} // back to the row above',
    ],
    lines: { solution: [1], free: [2], reject: [3], try: [3], place: [4, 5], backtrack: [6, 8], finished: [7, 8] },
  },
  /** Why the square tested last was free or attacked, in a few words. */
  why: (d) => `${d.read?.reads ?? 0} flag${d.read?.reads === 1 ? '' : 's'} read`,
  /** Its data structure, drawn: `d` is the snapshot's detail, `s` the snapshot. */
  draw(d, s) {
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
      element('p', 'note', `down[row − c + ${n - 1}] and up[row + c]: 2n − 1 = ${2 * n - 1} flags each. A test reads 1 to 3 flags.`),
    ];
  },
};
