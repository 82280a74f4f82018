// The first input on which an answer and the reference differ, drawn: the board of that state
// of the search (its queens, the row being searched), the input masks in binary under the
// board's columns, the expected and the learner's digits with the differing ones marked (in
// bold, underlined and with a caret under them, not by colour alone), the step and, for a
// state of the search, a sentence saying where it is. Every text is set as textContent.
//
// Digit i from the left of a `width`-digit row is bit width-1-i; board column c (0-based from
// the left) is bit n-1-c, so it is digit width-n+c: the board sits over the last n digits, and
// digits further left (bits beyond the board) have no square above them.

import { toBinary } from '../shared/binary.js';
import { grouped } from '../shared/format.js';
import { element } from '../shared/element.js';

const ORIGINS = {
  search: 'a state the search meets',
  edge: 'an edge case',
  random: 'random masks',
};


/** Digits needed to show every value: the board's n, or more when a value has bits beyond it. */
function widthOf(n, values) {
  const highest = Math.max(0, ...values.map((v) => 32 - Math.clz32(v >>> 0)));
  return Math.min(32, Math.max(n, highest));
}

/** A row of the grid: a name, then `width` cells (strings or elements). */
function gridRow(name, cells, { className = '', label = null } = {}) {
  const row = element('div', `cx-row ${className}`.trim());
  const head = element('span', 'cx-name', name);
  row.append(head, ...cells);
  if (label) {
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', label);
  }
  return row;
}

/** The digits of `value` in `width` cells; those whose index is in `marked` are marked. */
function digitCells(value, width, marked = new Set()) {
  return [...toBinary(value, width)].map((digit, i) => {
    const cell = element(marked.has(i) ? 'strong' : 'span', `cx-digit${digit === '1' ? ' one' : ''}${marked.has(i) ? ' differs' : ''}`, digit);
    return cell;
  });
}

/** Columns as a person reads them: "column 3", "columns 1 and 4", "bits 31 and 6 (above the board)". */
function placesOf(indices, width, n) {
  const board = indices.filter((i) => i >= width - n).map((i) => i - (width - n) + 1);
  const beyond = indices.filter((i) => i < width - n).map((i) => width - 1 - i);
  // Runs of three or more consecutive numbers read as "31 to 4".
  const list = (items) => {
    const runs = [];
    for (const item of items) {
      const last = runs.at(-1);
      if (last && Math.abs(item - last.end) === 1) last.end = item;
      else runs.push({ start: item, end: item });
    }
    const parts = runs.flatMap(({ start, end }) => (Math.abs(end - start) >= 2 ? [`${start} to ${end}`]
      : start === end ? [`${start}`] : [`${start}`, `${end}`]));
    return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  };
  const parts = [];
  if (board.length) parts.push(`${board.length === 1 ? 'column' : 'columns'} ${list(board)}`);
  if (beyond.length) parts.push(`${beyond.length === 1 ? 'bit' : 'bits'} ${list(beyond)}, beyond the board`);
  return parts.join(' and ');
}

export class CounterexampleView {
  /**
   * @param {object} ui { box (the section, hidden when there is none), title, where, grid,
   *   differs (a sentence), goTo (the Go to this step button) }
   */
  constructor(ui) {
    this.ui = ui;
    this.shown = null;
  }

  clear() {
    this.shown = null;
    this.ui.box.hidden = true;
    this.ui.grid.replaceChildren();
  }

  /** Draws `cx` (checkAnswer's counterexample). */
  show(cx) {
    this.shown = cx;
    const { ui } = this;
    const values = [...cx.inputs.map((input) => input.value), cx.expected, cx.got];
    const fromSearch = cx.origin === 'search';
    const n = fromSearch ? cx.n : Math.min(32, cx.n || 32);
    const width = widthOf(n, values);
    const offBoard = width - n;
    ui.title.textContent = `Counterexample: ${ORIGINS[cx.origin] ?? cx.origin}`;
    ui.where.textContent = fromSearch
      ? `Step ${grouped(cx.step)} of the ${cx.n}×${cx.n} search${cx.mirror ? ' in mirror mode' : ''}: ${cx.queens.length} ${cx.queens.length === 1 ? 'queen' : 'queens'} placed, row ${cx.queens.length + 1} being searched.`
      : `Not a state of the search: the inputs below, in ${width} bits.`;
    ui.goTo.hidden = !fromSearch;
    ui.grid.style.setProperty('--cells', width);
    const rows = [];
    if (fromSearch) rows.push(this.board(cx, width, offBoard));
    for (const { name, value } of cx.inputs) rows.push(gridRow(name, digitCells(value, width), { label: `${name}: ${toBinary(value, width)}` }));
    const compared = cx.compared >>> 0;
    const marked = new Set([...toBinary(((cx.expected ^ cx.got) & compared) >>> 0, width)]
      .map((digit, i) => (digit === '1' ? i : -1)).filter((i) => i >= 0));
    rows.push(gridRow(`expected ${cx.output}`, digitCells(cx.expected, width), { className: 'cx-expected', label: `expected ${cx.output}: ${toBinary(cx.expected, width)}` }));
    rows.push(gridRow(`your ${cx.output}`, digitCells(cx.got, width, marked), { className: 'cx-got', label: `your ${cx.output}: ${toBinary(cx.got, width)}` }));
    rows.push(gridRow('', [...Array(width).keys()].map((i) => element('span', 'cx-caret', marked.has(i) ? '^' : '')), { className: 'cx-carets' }));
    rows.at(-1).setAttribute('aria-hidden', 'true');
    ui.grid.replaceChildren(...rows);
    const compares = compared === 0xffffffff ? 'all 32 bits are compared' : `only the board's ${n} columns are compared`;
    ui.differs.textContent = `Your ${cx.output} differs from the expected one in ${placesOf([...marked], width, n)} (marked ^; ${compares}).`;
    ui.box.hidden = false;
  }

  /** The board of a state of the search: its queens, the row being searched marked. */
  board(cx, width, offBoard) {
    const n = cx.n;
    const board = element('div', 'cx-board');
    board.setAttribute('role', 'img');
    const placed = cx.queens.map((c, r) => `row ${r + 1} column ${c + 1}`);
    board.setAttribute('aria-label', `Board ${n}×${n}: ${placed.length ? `queens at ${placed.join(', ')}` : 'no queen yet'}; row ${cx.queens.length + 1} is being searched.`);
    for (let r = 0; r < n; r++) {
      const cells = [];
      for (let i = 0; i < width; i++) {
        const c = i - offBoard;
        if (c < 0) {
          cells.push(element('span', 'cx-off'));
          continue;
        }
        const square = element('span', `cx-square${(r + c) % 2 ? ' dark' : ''}${r === cx.queens.length ? ' searched' : ''}`);
        if (cx.queens[r] === c) square.textContent = '♛';
        cells.push(square);
      }
      const row = gridRow(`row ${r + 1}`, cells, { className: 'cx-board-row' });
      row.setAttribute('aria-hidden', 'true');
      board.append(row);
    }
    return board;
  }
}
