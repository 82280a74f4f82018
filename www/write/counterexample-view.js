// The first input on which an answer and the reference differ, drawn: the board of that state
// of the search (its queens, the row being searched), the input masks in binary under the
// board's columns, the expected and the learner's digits with the differing ones marked (in
// bold, underlined and with a caret under them, not by colour alone), the step and, for a
// state of the search, a sentence saying where it is. Every text is set as textContent.
//
// Digit i from the left of a `width`-digit row is bit width-1-i; board column c (0-based from
// the left) is bit n-1-c, so it is digit width-n+c: the board sits over the last n digits, and
// digits further left (bits beyond the board) have no square above them.
//
// The grid shows only some of the digits, so that it fits a phone's width and the digit that
// differs is never scrolled away: the board's n columns and, beyond them, only the digits that
// differ, a long run of them by its first and last (off the search, where there is no board:
// every digit of up to 16, else those and their neighbours). Each run of digits left out is
// one "…" cell, and a "bit" row numbers the digits shown beyond the board. Every row's
// accessible name says its whole value in binary.

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

/** Most digits shown side by side off the search before only those that differ are kept. */
const ALL_DIGITS_UP_TO = 16;

/**
 * The grid's columns: {digit} for a digit shown (its index from the left) and {gap} for a run
 * of digits left out, in order. `board` is how many digits on the right are board columns
 * (0 off the search); `marked` the indices of the digits that differ.
 */
function columnsOf(width, board, marked) {
  // The first and last digit of each run of differing digits: a long run shows as "31 … 4".
  const runEnd = (i) => marked.has(i) && (!marked.has(i - 1) || !marked.has(i + 1));
  const near = (i) => runEnd(i) || runEnd(i - 1) || runEnd(i + 1);
  const over = (keep) => {
    const columns = [];
    for (let i = 0; i < width; i++) {
      if (keep(i)) columns.push({ digit: i });
      else if (!columns.at(-1)?.gap) columns.push({ gap: true });
    }
    return columns;
  };
  if (board > 0) return over((i) => i >= width - board || runEnd(i));
  if (width <= ALL_DIGITS_UP_TO) return over(() => true);
  const withNeighbours = over(near);
  return withNeighbours.length <= ALL_DIGITS_UP_TO ? withNeighbours : over(runEnd);
}

/** A row's cells over `columns`: `cell(i)` for a digit shown, a "…" for each gap. */
function cellsOver(columns, cell) {
  return columns.map((column) => ('gap' in column ? element('span', 'cx-gap', '…') : cell(column.digit)));
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

/** The digits of `value` (in `width` digits) over `columns`; those whose index is in `marked`
 *  are marked. */
function digitCells(value, width, columns, marked = new Set()) {
  const digits = toBinary(value, width);
  return cellsOver(columns, (i) => element(marked.has(i) ? 'strong' : 'span',
    `cx-digit${digits[i] === '1' ? ' one' : ''}${marked.has(i) ? ' differs' : ''}`, digits[i]));
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
    const compared = cx.compared >>> 0;
    const marked = new Set([...toBinary(((cx.expected ^ cx.got) & compared) >>> 0, width)]
      .map((digit, i) => (digit === '1' ? i : -1)).filter((i) => i >= 0));
    const columns = columnsOf(width, fromSearch ? n : 0, marked);
    ui.grid.style.setProperty('--cells', columns.length);
    const rows = [];
    // Digits shown beyond the board, or with some left out, are numbered by their bit.
    const numbered = columns.some((c) => c.gap || (c.digit < width - n && fromSearch));
    if (numbered) {
      const bit = gridRow('bit', cellsOver(columns, (i) => element('span', 'cx-bit',
        fromSearch && i >= width - n ? '' : String(width - 1 - i))), { className: 'cx-bits' });
      bit.setAttribute('aria-hidden', 'true');
      rows.push(bit);
    }
    if (fromSearch) rows.push(this.board(cx, width, offBoard, columns));
    for (const { name, value } of cx.inputs) rows.push(gridRow(name, digitCells(value, width, columns), { label: `${name}: ${toBinary(value, width)}` }));
    rows.push(gridRow(`expected ${cx.output}`, digitCells(cx.expected, width, columns), { className: 'cx-expected', label: `expected ${cx.output}: ${toBinary(cx.expected, width)}` }));
    rows.push(gridRow(`your ${cx.output}`, digitCells(cx.got, width, columns, marked), { className: 'cx-got', label: `your ${cx.output}: ${toBinary(cx.got, width)}` }));
    rows.push(gridRow('', cellsOver(columns, (i) => element('span', 'cx-caret', marked.has(i) ? '^' : '')), { className: 'cx-carets' }));
    rows.at(-1).setAttribute('aria-hidden', 'true');
    ui.grid.replaceChildren(...rows);
    const compares = compared === 0xffffffff ? 'all 32 bits are compared' : `only the board's ${n} columns are compared`;
    ui.differs.textContent = `Your ${cx.output} differs from the expected one in ${placesOf([...marked], width, n)} (marked ^; ${compares}).`;
    ui.box.hidden = false;
  }

  /** The board of a state of the search: its queens, the row being searched marked. */
  board(cx, width, offBoard, columns) {
    const n = cx.n;
    const board = element('div', 'cx-board');
    board.setAttribute('role', 'img');
    const placed = cx.queens.map((c, r) => `row ${r + 1} column ${c + 1}`);
    board.setAttribute('aria-label', `Board ${n}×${n}: ${placed.length ? `queens at ${placed.join(', ')}` : 'no queen yet'}; row ${cx.queens.length + 1} is being searched.`);
    for (let r = 0; r < n; r++) {
      const cells = columns.map((column) => {
        const c = 'gap' in column ? -1 : column.digit - offBoard;
        if (c < 0) return element('span', 'cx-off');
        const square = element('span', `cx-square${(r + c) % 2 ? ' dark' : ''}${r === cx.queens.length ? ' searched' : ''}`);
        if (cx.queens[r] === c) square.textContent = '♛';
        return square;
      });
      const row = gridRow(`row ${r + 1}`, cells, { className: 'cx-board-row' });
      row.setAttribute('aria-hidden', 'true');
      board.append(row);
    }
    return board;
  }
}
