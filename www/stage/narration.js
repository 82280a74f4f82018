// One plain sentence for each event of the search, with its numbers. Rows and columns are
// shown 1-based; masks in binary, most significant bit (column 1) first.

import { toBinary } from '../shared/binary.js';
import { grouped, plural } from '../shared/format.js';

/**
 * The sentence for `event` (the step taken last, snapshot.last) at the position `at`: the
 * session's snapshot, or what the sentence reads of it, {n, weight, boardsPassed}. `weight` is
 * 2 in mirror mode (each solution found stands for itself and its mirror image); `boardsPassed`
 * is the session's count of the boards passed (the only place a count is derived), and a
 * finished event's `solutions` the solutions found.
 */
export function describe(event, { n, weight = 1, boardsPassed = 0 }) {
  if (!event) return `Ready: ${n} queens to place, none attacking another. Step or Play starts the search in row 1.`;
  const row = event.row + 1;
  switch (event.kind) {
    case 'free':
      return event.poss === 0
        ? `Row ${row}: free squares poss = ~(ld | col | rd) & done = ${toBinary(0, n)}: none.`
        : `Row ${row}: free squares poss = ~(ld | col | rd) & done = ${toBinary(event.poss, n)}.`;
    case 'try':
      return `Row ${row}: try column ${event.column + 1}, the right-most free square: bit = poss & -poss = ${toBinary(event.bit, n)}.`;
    case 'place':
      return row === n
        ? `Queen placed in row ${row}, column ${event.column + 1}: the last row, so the board is full.`
        : `Queen placed in row ${row}, column ${event.column + 1}; row ${row + 1} gets (ld | bit) >> 1, col | bit, (rd | bit) << 1.`;
    case 'solution':
      return weight === 2
        ? `Solutions ${grouped(boardsPassed - 1)} and ${grouped(boardsPassed)} found: this board and its mirror image (col = done).`
        : `Solution ${grouped(boardsPassed)} found: every column is taken (col = done).`;
    case 'deadEnd':
      return `Dead end in row ${row}: no free square (poss = 0).`;
    case 'backtrack':
      return `Back to row ${row}: lift the queen from column ${event.column + 1} and try the next free square.`;
    case 'finished':
      return `Search finished: ${plural(boardsPassed, 'solution')} on the ${n}×${n} board` +
        (weight === 2 ? `, ${grouped(event.solutions)} found and ${grouped(boardsPassed - event.solutions)} mirror images.` : '.');
    default:
      return `Unknown event “${event.kind}”.`;
  }
}
