// Board scan: everything the page needs to show it in a lane of the Compare section, in
// one place: the short text under its name, its code with the lines each kind of step runs,
// its data structure drawn from the core's `detail`, and why a square tested was free or not.
// Its name and slug come from the core (algorithms::Describe); `slug` here must match.

import { element } from '../../shared/element.js';

export default {
  slug: 'board-scan',
  blurb: 'An n×n grid of 0/1. Each square tried: put the queen, check the whole board for two queens on one line.',
  /** Its first step in a row lists the free squares (else it will test every column). */
  listsFree: false,
  code: {
    pseudocode: [
      'search(row):',
      '  if row == n: found a solution; return',
      '  for c in the columns, right to left:',
      '    board[row][c] = 1                       # put the queen',
      '    attacked = two queens share a column or a diagonal (scan the board)',
      '    if attacked: board[row][c] = 0; continue   # take it back',
      '    search(row + 1)',
      '    board[row][c] = 0                       # lift it',
      '  # every column tried',
      'return to the row above',
    ],
    rust: [
      'fn search(board: &mut Board, row: usize) {',
      '    if row == n { solutions += 1; return; }',
      '    for c in (0..n).rev() {',
      '        board[row][c] = true;',
      '        let attacked = board.has_attacking_pair(); // up to 3·n² cells',
      '        if attacked { board[row][c] = false; continue; }',
      '        search(board, row + 1);',
      '        board[row][c] = false;',
      '    }',
      '} // back to the row above',
    ],
    javascript: [
      'function search(row) {',
      '  if (row === n) { solutions++; return; }',
      '  for (let c = n - 1; c >= 0; c--) {',
      '    board[row][c] = 1;',
      '    const attacked = hasAttackingPair(board); // up to 3·n² cells',
      '    if (attacked) { board[row][c] = 0; continue; }',
      '    search(row + 1);',
      '    board[row][c] = 0;',
      '  }',
      '} // back to the row above',
    ],
    lines: { solution: [1], free: [2], reject: [3, 4, 5], try: [3, 4], place: [6], backtrack: [7, 9], finished: [8, 9] },
  },
  /** Why the square tested last was free or attacked, in a few words. */
  why: (d) => (d.scan?.[1].conflict ? `the board check read ${d.scan[1].cellsRead} cells and found two queens on a line` : 'the board check found it free'),
  /** Its data structure, drawn: `d` is the snapshot's detail, `s` the snapshot. */
  draw(d, s) {
    if (!d.scan) return [element('p', 'note', 'The board above is the data structure: each square tried puts a queen on it, then the whole board is checked.')];
    const [c, { cellsRead, conflict }] = d.scan;
    const where = !conflict ? 'no line holds two queens: the square is free'
      : conflict.kind === 'column' ? `column ${conflict.index + 1} holds two queens`
        : `a ${conflict.kind === 'down' ? '\\' : '/'} diagonal holds two queens`;
    return [element('p', 'detail-fact', `Check with a queen on row ${s.row + 1}, column ${c + 1}: `,
      element('b', '', `${cellsRead.toLocaleString('en')} cells read`), ` of 3·n² = ${(3 * s.n * s.n).toLocaleString('en')}; ${where}.`)];
  },
};
