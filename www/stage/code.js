// The code panel: an algorithm's loop as pseudocode, Rust or JavaScript, with the lines the
// last step executed highlighted. The three renderings line up line for line, so one map
// from events to lines serves them all. Richards' bitmask is here; the other algorithms of
// the Compare section are in algorithm-code.js, in the same shape.

/** Richards' bitmask: its three renderings and the lines (0-based) each kind of step runs. */
export const RICHARDS = {
  pseudocode: [
    'search(ld, col, rd):',
    '  if col == done: found a solution; return',
    '  poss = ~(ld | col | rd) & done',
    '  while poss != 0:',
    '    bit  = poss & -poss',
    '    poss = poss - bit',
    '    search((ld | bit) >> 1, col | bit, (rd | bit) << 1)',
    '  # loop over: poss == 0',
    '  return to the row above',
  ],
  rust: [
    'fn search(ld: u32, col: u32, rd: u32) {',
    '    if col == done { solutions += 1; return; }',
    '    let mut poss = !(ld | col | rd) & done;',
    '    while poss != 0 {',
    '        let bit = poss & poss.wrapping_neg();',
    '        poss -= bit;',
    '        search((ld | bit) >> 1, col | bit, (rd | bit) << 1);',
    '    }',
    '} // back to the row above',
  ],
  javascript: [
    'function search(ld, col, rd) {',
    '  if (col === done) { solutions++; return; }',
    '  let poss = ~(ld | col | rd) & done;',
    '  while (poss !== 0) {',
    '    const bit = poss & -poss;',
    '    poss -= bit;',
    '    search((ld | bit) >>> 1, col | bit, (rd | bit) << 1);',
    '  }',
    '} // back to the row above',
  ],
  lines: {
    solution: [1],
    free: [2],
    deadEnd: [3],
    try: [4, 5],
    place: [6],
    backtrack: [7, 8],
    finished: [7, 8],
  },
};

export class CodeView {
  /** Shows `code` ({pseudocode, rust, javascript, lines}) in `pre`, in the language `languageSelect` picks. */
  constructor(pre, languageSelect, code = RICHARDS) {
    this.pre = pre;
    this.code = code;
    this.event = null;
    languageSelect.addEventListener('change', () => this.show(languageSelect.value));
    this.show(languageSelect.value);
  }

  show(language) {
    this.lines = this.code[language].map((text) => {
      const line = document.createElement('span');
      line.className = 'code-line';
      line.textContent = text;
      // A line too long for its box wraps under its own indentation, two places in (stage.css):
      // the highlighted line is always seen whole, and a copy keeps the spaces.
      line.style.setProperty('--indent', `${text.length - text.trimStart().length}ch`);
      return line;
    });
    this.pre.replaceChildren(...this.lines);
    this.pre.dataset.language = language;
    this.render(this.event);
  }

  /** Highlights the lines that `event` executed (none before the first step). */
  render(event) {
    this.event = event;
    const active = (event && this.code.lines[event.kind]) || [];
    this.lines.forEach((line, i) => line.classList.toggle('active', active.includes(i)));
  }
}
