// Rows as integers: everything the page needs to show it in a lane of the Compare section, in
// one place: the short text under its name, its code with the lines each kind of step runs,
// its data structure drawn from the core's `detail`, and why a square tested was free or not.
// Its name and slug come from the core (algorithms::Describe); `slug` here must match.

import { bitRow } from './draw.js';
import { element } from '../../shared/element.js';
import { toBinary } from '../../shared/binary.js';

export default {
  slug: 'rows-as-integers',
  blurb: 'One integer per placed row. Their OR gives the taken columns; diagonals are checked against each row above, shifted.',
  /** Its first step in a row lists the free squares (else it will test every column). */
  listsFree: true,
  code: {
    pseudocode: [
      'search(rows):',
      '  if len(rows) == n: found a solution; return',
      '  taken = OR of all rows',
      '  for bit in the free columns ~taken & done, right to left:',
      '    if a row k above is bit << k or bit >> k: continue   # on a diagonal',
      '    rows.push(bit)',
      '    search(rows)',
      '    rows.pop()',
      '  # every free column tried',
      'return to the row above',
    ],
    rust: [
      'fn search(rows: &mut Vec<u32>) {',
      '    if rows.len() == n { solutions += 1; return; }',
      '    let taken = rows.iter().fold(0, |t, r| t | r);',
      '    for bit in bits_of(!taken & done) { // lowest first',
      '        if rows.iter().rev().zip(1..).any(|(&r, k)| r == bit << k || r == bit >> k) { continue; }',
      '        rows.push(bit);',
      '        search(rows);',
      '        rows.pop();',
      '    }',
      '} // back to the row above',
    ],
    javascript: [
      'function search(rows) {',
      '  if (rows.length === n) { solutions++; return; }',
      '  const taken = rows.reduce((t, r) => t | r, 0);',
      '  for (const bit of bitsOf(~taken & done)) { // lowest first',
      '    if (rows.some((r, i) => [bit << (rows.length - i), bit >> (rows.length - i)].includes(r))) continue;',
      '    rows.push(bit);',
      '    search(rows);',
      '    rows.pop();',
      '  }',
      '} // back to the row above',
    ],
    lines: { solution: [1], free: [2, 3], deadEnd: [3], reject: [4], try: [4], place: [5, 6], backtrack: [7, 9], finished: [8, 9] },
  },
  /** Why the square tested last was free or attacked, in a few words. */
  why: (d) => `${d.compared.length} row${d.compared.length === 1 ? '' : 's'} compared`,
  /** Its data structure, drawn: `d` is the snapshot's detail, `s` the snapshot. */
  draw(d, s) {
    const n = s.n;
    const compared = new Map(d.compared.map((c) => [c.row, c]));
    const rows = d.rows.map((value, r) => {
      const c = compared.get(r);
      const note = !c ? '' : `${c.hit ? '= ' : '≠ '}${toBinary(c.left, n)} / ${toBinary(c.right, n)}${c.hit ? ': on a diagonal' : ''}`;
      return bitRow(`row ${r + 1}`, value, n, { note, marked: c?.hit ? [...toBinary(value, n)].flatMap((x, i) => (x === '1' ? [i] : [])) : [] });
    });
    return [...rows, bitRow('taken = OR', d.taken, n),
      element('p', 'note', d.compared.length
        ? `The candidate shifted k places left / right, compared with the row k above: ${d.compared.length} row${d.compared.length === 1 ? '' : 's'} compared.`
        : 'Each candidate is compared with the rows above, from the last one up.')];
  },
};
