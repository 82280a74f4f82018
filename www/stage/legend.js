// The legend under the board (what ld, col, rd, poss and bit are, and the marks of the row
// being searched), reached from the first screen: its button brings it into view and gives
// it the focus, so that a screen reader reads it next.

import { partsOf } from '../shared/dom.js';

/** Wires the button #legend-link to the legend #legend, both found in `root`. */
export function installLegendLink(root) {
  const { button, legend } = partsOf(root, { button: 'legend-link', legend: 'legend' });
  button.addEventListener('click', () => {
    legend.scrollIntoView({ block: 'center' });
    legend.focus({ preventScroll: true });
  });
}
