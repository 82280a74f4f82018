// What each algorithm keeps, drawn live in its lane of the Compare section, and one sentence
// for the lane's last step. Each algorithm's drawing is in its own file under algorithms/
// (the board scan's last check, the three flag arrays with the flags read, … Richards' bit
// rows with the two's complement trick, and the free masks with their rotation).

import { ALGORITHM_OF } from './algorithms/index.js';
import { plural } from '../shared/format.js';

/** Draws the algorithm's data structure for `snapshot` into `container`. */
export function renderDetail(container, snapshot) {
  container.replaceChildren(...ALGORITHM_OF[snapshot.detail.kind].draw(snapshot.detail, snapshot));
}

/** One sentence for the lane's last step (`event`, or null before the first); `snapshot` is
 *  the lane's Search.snapshot() right after it, whose `boardsPassed` counts the boards so far. */
export function describeLaneStep(event, snapshot) {
  if (!event) return 'Ready.';
  const row = event.row + 1;
  const square = `row ${row}, column ${event.column + 1}`;
  const algorithm = ALGORITHM_OF[snapshot.detail.kind];
  const why = algorithm.why(snapshot.detail);
  switch (event.kind) {
    case 'free': return `Row ${row}: ${algorithm.listsFree ? 'its free squares are known' : 'every column will be tested'}.`;
    case 'reject': return `Tested ${square}: attacked (${why}).`;
    case 'try': return `Tested ${square}: free (${why}).`;
    case 'place': return `Queen placed on ${square}.`;
    case 'solution': return `Solution ${snapshot.boardsPassed} found.`;
    case 'deadEnd': return `Row ${row}: no candidate left.`;
    case 'backtrack': return `Back to row ${row}: the queen of column ${event.column + 1} lifted.`;
    case 'finished': return snapshot.detail.stopped
      ? `Stopped, not finished: ${plural(snapshot.boardsPassed, 'solution')} found before the core stopped the loop.`
      : `Finished: ${plural(snapshot.boardsPassed, 'solution')}.`;
    default: return '';
  }
}
