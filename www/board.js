// The board: an ARIA grid of n×n cells, built once per board size and then updated in place
// (only cells whose look changed are touched, so a redraw at n = 32 stays cheap).
//
// In the row being searched each square shows why it is forbidden, by an arrow as well as a
// colour: ↓ its column holds a queen (col), ↘ a queen attacks it along a \ diagonal (ld),
// ↙ along a / diagonal (rd). A free square not tried yet (in poss) is green; the square being
// tried is ringed; a free square already tried (no longer in poss) shows ×. The classic
// programs that test attacked squares too ring in red the one they just found attacked.
// The attacks are derived from the queens, so the board draws every algorithm alike.

import { hasColumn, attacksOn } from './binary.js';

const ATTACK_MARKS = [
  ['col', '↓', 'column'],
  ['ld', '↘', 'ld diagonal'],
  ['rd', '↙', 'rd diagonal'],
];

export class BoardView {
  /** @param {HTMLElement} grid the element with role="grid" */
  constructor(grid) {
    this.grid = grid;
    this.n = 0;
    this.cells = [];   // cells[r][c]: the gridcell element
    this.looks = [];   // looks[r][c]: the key of what the cell shows now, to skip no-op updates
  }

  build(n) {
    this.n = n;
    this.grid.replaceChildren();
    this.grid.style.setProperty('--n', n);
    this.cells = [];
    this.looks = [];
    for (let r = 0; r < n; r++) {
      const rowElement = document.createElement('div');
      rowElement.setAttribute('role', 'row');
      rowElement.className = 'board-row';
      const row = [];
      for (let c = 0; c < n; c++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.className = `cell ${(r + c) % 2 === 0 ? 'light' : 'dark'}`;
        cell.setAttribute('aria-label', `Row ${r + 1}, column ${c + 1}`);
        cell.dataset.row = r;
        cell.dataset.column = c;
        rowElement.append(cell);
        row.push(cell);
      }
      this.grid.append(rowElement);
      this.cells.push(row);
      this.looks.push(new Array(n).fill(''));
    }
  }

  /**
   * Draws a snapshot from Search.snapshot(), of any algorithm: the queens, and in the row
   * being searched why each square is forbidden, which free squares were tried, the square
   * being tried, and the square just found attacked.
   */
  render(snapshot) {
    const { n, row, queens, trying, tried, rejected } = snapshot;
    if (n !== this.n) this.build(n);
    const attacks = row < n ? attacksOn(queens, row, n) : null;
    this.grid.classList.toggle('solved', row === n);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const look = r < row ? (queens[r] === c ? 'queen' : 'above')
          : r === row ? currentRowLook(attacks, tried, n, c, trying, rejected) : 'below';
        if (look !== this.looks[r][c]) {
          this.looks[r][c] = look;
          paint(this.cells[r][c], r, c, look);
        }
      }
    }
  }
}

/** What a square of the row being searched shows: 'trying', 'free', 'tried' or 'attacked:<masks>'
 *  (with ':rejected' when a test just found it so). */
function currentRowLook(attacks, tried, n, c, trying, rejected) {
  if (trying === c) return 'trying';
  const attackers = ATTACK_MARKS.filter(([mask]) => hasColumn(attacks[mask], n, c)).map(([mask]) => mask);
  if (attackers.length > 0) return `attacked:${attackers.join(',')}${rejected === c ? ':rejected' : ''}`;
  return hasColumn(tried, n, c) ? 'tried' : 'free';
}

function paint(cell, r, c, look) {
  const [kind, masks = '', rejected] = look.split(':');
  cell.classList.toggle('rejected', rejected === 'rejected');
  const attackers = masks ? masks.split(',') : [];
  cell.dataset.look = kind;
  cell.classList.toggle('current', ['free', 'attacked', 'trying', 'tried'].includes(kind));
  cell.setAttribute('aria-label', `Row ${r + 1}, column ${c + 1}${kind === 'queen' ? ', queen' : ''}`);
  if (kind === 'queen') {
    cell.textContent = '♛';
    cell.removeAttribute('title');
  } else if (kind === 'attacked') {
    const marks = ATTACK_MARKS.filter(([mask]) => attackers.includes(mask));
    cell.textContent = marks.map(([, arrow]) => arrow).join('');
    const why = `attacked along the ${marks.map(([, , name]) => name).join(' and the ')}`;
    cell.title = why;
    cell.setAttribute('aria-description', why);
  } else if (kind === 'tried') {
    cell.textContent = '×';
    cell.title = 'free, already tried: no longer in poss';
    cell.setAttribute('aria-description', cell.title);
  } else if (kind === 'trying') {
    cell.textContent = '?';
    cell.title = 'being tried: bit = poss & -poss';
    cell.setAttribute('aria-description', cell.title);
  } else {
    cell.textContent = '';
    cell.title = kind === 'free' ? 'free square' : '';
    if (kind === 'free') cell.setAttribute('aria-description', 'free');
    else cell.removeAttribute('aria-description');
  }
}
