// The code panel: the algorithm's loop, with the line the last step executed highlighted.

const LINES = [
  'search(ld, col, rd):',
  '  if col == done: found a solution',
  '  poss = ~(ld | col | rd) & done',
  '  while poss != 0:',
  '    bit  = poss & -poss',
  '    poss = poss - bit',
  '    search((ld | bit) >> 1, col | bit, (rd | bit) << 1)',
  '  return',
];

/** The lines (0-based) each kind of event executes. */
const LINES_OF_EVENT = {
  solution: [1],
  free: [2],
  deadEnd: [3],
  try: [4, 5],
  place: [6],
  backtrack: [7],
  finished: [7],
};

export class CodeView {
  constructor(pre) {
    this.lines = LINES.map((text) => {
      const line = document.createElement('span');
      line.className = 'code-line';
      line.textContent = text;
      return line;
    });
    pre.replaceChildren(...this.lines);
  }

  /** Highlights the lines that `event` executed (none before the first step). */
  render(event) {
    const active = (event && LINES_OF_EVENT[event.kind]) || [];
    this.lines.forEach((line, i) => line.classList.toggle('active', active.includes(i)));
  }
}
