// The worksheet: a printable page of the search where it stands (the board, the masks of the row
// being searched) and empty digit rows for the next steps' poss, bit and next-row masks, in
// order, with the steps between them told; the answers on a page of their own. The steps and
// every answer come from the core (a copy of the search, stepped; Search.question), never
// from the page's own arithmetic.

import { toBinary } from '../shared/binary.js';
import { describe } from '../stage/index.js';
import { boardSvg } from './export.js';
import { partsOf } from '../shared/dom.js';
import { element } from '../shared/element.js';

/** The questions a worksheet asks, at most. */
export const WORKSHEET_QUESTIONS = 8;
/** The steps read ahead for them, at most (a long run of steps no question is about is cut). */
const LOOK_AHEAD = 200;
/** Which step a worksheet asks about, and what it asks: the rows of digits to fill. */
const ASKED = [
  { topic: 'free-squares', rows: ['poss'], text: (q) => `the free squares of row ${q.row + 1}: poss = ~(ld | col | rd) & done` },
  { topic: 'lowest-bit', rows: ['bit'], text: (q) => `the square tried in row ${q.row + 1}: bit = poss & -poss` },
  { topic: 'next-row', rows: ['ld', 'col', 'rd'], text: (q) => `a queen is placed in row ${q.row + 1}: the masks of row ${q.row + 2}` },
];

/**
 * The worksheet's items from where `search` stands (a core Search; it is stepped): told steps
 * {step, told} and questions {step, text, rows: [{name, digits}]}, `digits` the answer's.
 * `weight` is the player's (2 in mirror mode) for the told sentences.
 */
export function worksheetItems(search, weight, count = WORKSHEET_QUESTIONS) {
  const items = [];
  let asked = 0;
  for (let read = 0; read < LOOK_AHEAD && asked < count && !search.finished; read++) {
    const step = search.steps + 1;
    const found = ASKED.map((kind) => ({ kind, question: search.question([kind.topic], 0) }))
      .find(({ question }) => question !== null);
    const event = search.step();
    if (found) {
      const { kind, question } = found;
      const mask = (name) => (question.answer.form === 'rows' ? question.answer[name] : question.answer.mask);
      items.push({ step, text: kind.text(question), rows: kind.rows.map((name) => ({ name, digits: toBinary(mask(name), search.n) })) });
      asked += 1;
    } else {
      items.push({ step, told: describe(event, { n: search.n, weight, boardsPassed: search.boardsPassed }) });
    }
  }
  return items;
}

/**
 * Fills `sheet` with the worksheet of `snapshot` (the player's) and its `items`: the board,
 * the row's masks, the questions with empty boxes; then the answers, on a page of their own.
 * `link` is the permalink of the position, printed so a class can open it.
 */
export function drawWorksheet(sheet, snapshot, items, link) {
  const { n, row, steps } = snapshot;
  const digitRow = (name, digits, blank) => {
    const line = element('div', 'sheet-row');
    line.append(element('span', 'sheet-name', name));
    const boxes = element('span', 'sheet-digits');
    for (const digit of digits) boxes.append(element('span', 'sheet-box', blank ? '' : digit));
    line.append(boxes);
    return line;
  };
  const questions = element('section', 'sheet-questions');
  questions.append(element('h1', '', `bitqueens worksheet: ${n}×${n} board, step ${steps}`));
  questions.append(element('p', 'sheet-link', `Open this position: ${link}`));
  const board = element('img', 'sheet-board');
  board.alt = `The ${n}×${n} board at step ${steps}`;
  board.src = `data:image/svg+xml,${encodeURIComponent(boardSvg(snapshot))}`;
  // The board and the row's masks side by side: the questions start high on the first page.
  const now = element('div', 'sheet-now', board);
  if (row < n) {
    const top = snapshot.detail.calls[row];
    now.append(element('div', '', element('h2', '', `The masks of row ${row + 1} now`),
      ...['ld', 'col', 'rd', 'poss'].map((name) => digitRow(name, toBinary(top[name], n), false))));
  }
  questions.append(now);
  questions.append(element('h2', '', 'What happens next? Fill in each row of digits (digit k is column k).'));
  const list = element('ol', 'sheet-steps');
  let number = 0;
  for (const item of items) {
    const entry = element('li');
    if (item.told) {
      entry.className = 'sheet-told';
      entry.textContent = `Step ${item.step}: ${item.told}`;
    } else {
      number += 1;
      entry.append(element('p', 'sheet-question', `Question ${number}. Step ${item.step}: ${item.text}.`));
      for (const { name } of item.rows) entry.append(digitRow(name, '?'.repeat(n), true));
    }
    list.append(entry);
  }
  questions.append(list);
  const answers = element('section', 'sheet-answers');
  answers.append(element('h1', '', `Answers: ${n}×${n} board from step ${steps}`));
  number = 0;
  for (const item of items) {
    if (item.told) continue;
    number += 1;
    answers.append(element('p', 'sheet-question', `Question ${number} (step ${item.step})`));
    for (const { name, digits } of item.rows) answers.append(digitRow(name, digits, false));
  }
  sheet.replaceChildren(questions, answers);
}

/**
 * Wires Print worksheet (#print-worksheet, found in `root`): the worksheet of the position on
 * screen is drawn into #worksheet and printed (worksheet.css prints only it while <body> has
 * .printing-worksheet, until the print dialog closes). `seen` is player.readOnly, what the
 * panels may read of the player.
 */
export function installWorksheet(root, { seen, permalink }) {
  const { button, sheet } = partsOf(root, { button: 'print-worksheet', sheet: 'worksheet' });
  button.addEventListener('click', () => {
    const snapshot = seen.snapshot();
    // A copy of the live search: no replay from the start, however far it stands.
    const search = seen.fork();
    let items;
    try {
      items = worksheetItems(search, snapshot.weight);
    } finally {
      search.free();
    }
    drawWorksheet(sheet, snapshot, items, permalink());
    document.body.classList.add('printing-worksheet');
    window.print();
  });
  window.addEventListener('afterprint', () => document.body.classList.remove('printing-worksheet'));
}
