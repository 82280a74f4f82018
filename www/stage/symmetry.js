// Symmetry, shown: a solution's 8 images (4 turns, each also mirrored) with equal ones merged
// and the class representative marked, for a solution's detail; and the table of
// symmetry classes (how many classes of each size, and the solutions they make) after a
// whole search. The images come from the core (symmetryImages); nothing is computed here.

import { published } from '../shared/core-constants.js';
import { grouped } from '../shared/format.js';

/** Class sizes in the order of Solutions.representativesBySize (see play.rs). */
export const CLASS_SIZES = [1, 2, 4, 8];

/**
 * The images of a solution as a figure: one board per distinct image, captioned with the
 * symmetries that make it, the representative starred.
 * @param {Array} images symmetryImages(queens): [{queens, names, isRepresentative}]
 * @param {Function} picture (queens) => an SVG board
 */
export function imagesFigure(images, picture) {
  const figure = document.createElement('figure');
  figure.className = 'images';
  const caption = document.createElement('figcaption');
  const merged = 8 - images.length;
  caption.textContent = `Its symmetry class: the 8 turns and mirror images of this board make ${images.length} ` +
    `different board${images.length === 1 ? '' : 's'}${merged ? ` (equal images shown once: ${merged} of the 8 repeat one)` : ''}. ` +
    'All are solutions; “Unique solutions” counts the class once, at its ★ board, the smallest when read as column numbers.';
  const list = document.createElement('ol');
  list.className = 'image-list';
  list.setAttribute('aria-label', 'The boards of its symmetry class');
  for (const image of images) {
    const item = document.createElement('li');
    item.className = image.isRepresentative ? 'representative' : '';
    const columns = image.queens.map((c) => c + 1).join(' ');
    item.setAttribute('aria-label', `${image.isRepresentative ? 'Class representative: ' : ''}${image.names.join(', also ')}: columns ${columns}`);
    const label = document.createElement('span');
    label.textContent = `${image.isRepresentative ? '★ ' : ''}${image.names.join(' = ')}`;
    const svg = picture(image.queens);
    item.append(svg, label);
    list.append(item);
  }
  figure.append(list, caption);
  return figure;
}

/**
 * Fills the Symmetry classes table: one row per class size that occurs, with the classes of
 * that size and the solutions they make, then the sums, beside the published counts.
 * @param {HTMLTableElement} table with a tbody and a tfoot
 * @param {number[]} bySize classes of 1, 2, 4 and 8 boards
 * @param {number} n the board size
 */
export function fillClassesTable(table, bySize, n) {
  const body = table.tBodies[0];
  body.replaceChildren();
  let classes = 0;
  let boards = 0;
  for (let i = CLASS_SIZES.length - 1; i >= 0; i--) {
    if (bySize[i] === 0) continue;
    classes += bySize[i];
    boards += bySize[i] * CLASS_SIZES[i];
    body.append(row([`${CLASS_SIZES[i]}`, grouped(bySize[i]), grouped(bySize[i] * CLASS_SIZES[i])]));
  }
  if (classes === 0) body.append(row(['–', '0', '0']));
  const known = published(n);
  const check = known ? (known.unique === classes && known.total === boards ? ' ✓ as published' : ' ✗ not as published') : '';
  table.tFoot.replaceChildren(row(['Total', grouped(classes), grouped(boards)], 'th'));
  table.caption.textContent = `Symmetry classes of the ${n}×${n} board${check}` +
    (known ? ` (OEIS A002562: ${grouped(known.unique)}, A000170: ${grouped(known.total)})` : '');
}


function row(cells, first = 'td') {
  const tr = document.createElement('tr');
  cells.forEach((text, i) => {
    const cell = document.createElement(i === 0 ? 'th' : first === 'th' ? 'th' : 'td');
    if (i === 0) cell.scope = 'row';
    cell.textContent = text;
    tr.append(cell);
  });
  return tr;
}
