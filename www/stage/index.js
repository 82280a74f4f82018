// The stage: everything that shows the search itself (the board, the bit rows, the code,
// the narration, the solutions and their symmetry, Explored, History, the phone layout).
// Other folders use only these names:
//   Stage, BoardView, CodeView, RICHARDS, LINES, LINES_OF_EVENT, describe, MAX_LISTED,
//   ExploredView, HistoryPanel, fitCounters, installPhoneLayout, installLegendLink, SAY_EVERY_MS

export { Stage } from './stage.js';
export { BoardView } from './board.js';
export { CodeView, RICHARDS } from './code.js';
export { LINES, LINES_OF_EVENT } from './bits.js';
export { describe } from './narration.js';
export { SAY_EVERY_MS } from './announcer.js';
export { MAX_LISTED } from './solutions.js';
export { ExploredView } from './explored.js';
export { HistoryPanel } from './history-panel.js';
export { fitCounters } from './counter-fit.js';
export { installPhoneLayout } from './phone-layout.js';
export { installLegendLink } from './legend.js';
