// The frames of an exported animation: the board and the five bit rows (ld, col, rd, poss,
// bit) of one snapshot, drawn on a canvas by this module alone (not a screen capture), in the
// light theme's colours, at a size fixed by the board size only. So the same snapshots give
// the same pixels, whatever the window, the theme or Projector mode: no clock, no window
// size, no devicePixelRatio is read here.
//
// Layout, top to bottom: a caption "8×8 · step 40" (and the solutions found), the sentence of
// the step (narration.js, at most two lines), the board, then one row of n cells per mask,
// digit k under board column k as on the page, its name on the left, its decimal on the right.

import { LINES, LINES_OF_EVENT, describe } from '../stage/index.js';
import { toBinary, fullMask, hasColumn, attacksOn } from '../shared/binary.js';

/** Frame width in pixels: reads well on a slide, and small enough to keep a GIF small. */
export const FRAME_WIDTH = 640;
/** The board's width at most; each square at most MAX_CELL pixels. */
const BOARD_MAX = 416;
const MAX_CELL = 52;
const PAD = 16;

/** The light theme's colours (shared/base.css :root, and boardSvg in export.js for the squares):
 *  every flat colour a frame has (its other colours are the soft edges of text and shapes). */
export const COLOURS = Object.freeze({
  background: '#ffffff',
  ink: '#1d1f24',
  muted: '#5b606b',
  line: '#d9d5cc',
  light: '#efe3c8',
  dark: '#b98c5a',
  accent: '#1f5fbf',
  free: '#2e8b57',
  attack: '#b3261e',
  current: '#ffd54a',
  band: '#fff4cc',
  bandFree: '#bfe6c9',
  one: '#dde6f4',
  highlight: '#ffe9a3',
});

const SANS = '"DejaVu Sans", system-ui, sans-serif';
const MONO = '"DejaVu Sans Mono", ui-monospace, monospace';

/** The five rows drawn: bits.js's lines of those names (value and when it is known). */
const ROW_NAMES = ['ld', 'col', 'rd', 'poss', 'bit'];
const ROWS = LINES.filter((line) => ROW_NAMES.includes(line.name));
/** Of those, the rows each kind of step computes (bits.js's LINES_OF_EVENT): framed. */
const ROWS_OF_EVENT = Object.fromEntries(Object.entries(LINES_OF_EVENT)
  .map(([kind, names]) => [kind, names.filter((name) => ROW_NAMES.includes(name))]));

/** The geometry of an n×n board's frames: the same for every frame of that size. */
export function frameLayout(n) {
  const cell = Math.min(MAX_CELL, Math.floor(BOARD_MAX / n));
  const board = cell * n;
  const rowHeight = Math.max(22, Math.min(34, Math.round(cell * 0.66)));
  const boardX = Math.round((FRAME_WIDTH - board) / 2);
  const captionY = PAD;
  const sentenceY = captionY + 30;
  const boardY = sentenceY + 2 * 22 + 12;
  const rowsY = boardY + board + 18;
  const rowGap = 5;
  const bottom = rowsY + ROWS.length * (rowHeight + rowGap) - rowGap + PAD;
  // Even sides: H.264 encodes only those.
  return { n, cell, board, boardX, boardY, captionY, sentenceY, rowsY, rowHeight, rowGap, width: FRAME_WIDTH, height: bottom + (bottom % 2) };
}

/**
 * Draws `snapshot` (Search.snapshot()) on `context`, a canvas of frameLayout(n)'s size.
 * `previous` is the snapshot of the frame before (or null): its digits that changed are
 * outlined, as the page does between redraws.
 */
export function drawFrame(context, snapshot, previous = null) {
  const layout = frameLayout(snapshot.n);
  const { width, height } = layout;
  context.save();
  context.fillStyle = COLOURS.background;
  context.fillRect(0, 0, width, height);
  drawCaption(context, snapshot, layout);
  drawBoard(context, snapshot, layout);
  drawRows(context, snapshot, previous, layout);
  context.restore();
}

function drawCaption(context, snapshot, { captionY, sentenceY }) {
  const { n, steps, boardsPassed } = snapshot;
  context.textBaseline = 'top';
  context.fillStyle = COLOURS.ink;
  context.font = `700 22px ${SANS}`;
  context.textAlign = 'left';
  context.fillText(`${n}×${n} · step ${steps}`, PAD, captionY);
  context.font = `400 16px ${SANS}`;
  context.textAlign = 'right';
  context.fillStyle = COLOURS.muted;
  context.fillText(`solutions found: ${boardsPassed}`, FRAME_WIDTH - PAD, captionY + 5);
  context.textAlign = 'left';
  context.fillStyle = COLOURS.ink;
  context.font = `400 16px ${SANS}`;
  const sentence = describe(snapshot.last, snapshot);
  wrap(context, sentence, FRAME_WIDTH - 2 * PAD, 2).forEach((line, i) => context.fillText(line, PAD, sentenceY + i * 22));
}

/** `text` in at most `lines` lines of at most `width` pixels, cut with "…" if it is longer. */
function wrap(context, text, width, lines) {
  const out = [];
  let line = '';
  const words = text.split(' ');
  for (let i = 0; i < words.length; i++) {
    const tryLine = line ? `${line} ${words[i]}` : words[i];
    if (context.measureText(tryLine).width <= width || !line) {
      line = tryLine;
      continue;
    }
    out.push(line);
    line = words[i];
    if (out.length === lines) {
      let last = out.pop();
      while (last && context.measureText(`${last} …`).width > width) last = last.slice(0, -1);
      out.push(`${last} …`);
      return out;
    }
  }
  if (line) out.push(line);
  return out;
}

function drawBoard(context, snapshot, { n, cell, board, boardX, boardY }) {
  const { row, queens, trying, tried, rejected } = snapshot;
  const attacks = row < n ? attacksOn(queens, row, n) : null;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x = boardX + c * cell;
      const y = boardY + r * cell;
      context.fillStyle = (r + c) % 2 === 0 ? COLOURS.light : COLOURS.dark;
      if (r !== row) {
        context.fillRect(x, y, cell, cell);
        if (r < row && queens[r] === c) drawQueen(context, x, y, cell);
        continue;
      }
      // The row being searched: one band, as on the page; why each square is forbidden.
      const marks = ['col', 'ld', 'rd'].filter((mask) => hasColumn(attacks[mask], n, c));
      const free = trying !== c && marks.length === 0 && !hasColumn(tried, n, c);
      context.fillStyle = trying === c || free ? COLOURS.bandFree : COLOURS.band;
      context.fillRect(x, y, cell, cell);
      if (trying === c) {
        const w = Math.max(2, Math.round(cell * 0.1));
        context.strokeStyle = COLOURS.accent;
        context.lineWidth = w;
        context.strokeRect(x + w / 2, y + w / 2, cell - w, cell - w);
      } else if (marks.length > 0) {
        drawArrows(context, marks, x, y, cell);
        if (rejected === c) {
          const w = Math.max(2, Math.round(cell * 0.08));
          context.strokeStyle = COLOURS.attack;
          context.lineWidth = w;
          context.strokeRect(x + w / 2, y + w / 2, cell - w, cell - w);
        }
      } else if (!free) {
        drawCross(context, x, y, cell);
      }
    }
  }
  if (row < n) {
    // The band's top and bottom borders.
    context.fillStyle = COLOURS.current;
    const w = Math.max(2, Math.round(cell * 0.06));
    context.fillRect(boardX, boardY + row * cell, board, w);
    context.fillRect(boardX, boardY + (row + 1) * cell - w, board, w);
  }
  // The board's frame: green around a solution.
  const frame = row === n ? 4 : 2;
  context.strokeStyle = row === n ? COLOURS.free : COLOURS.ink;
  context.lineWidth = frame;
  context.strokeRect(boardX - frame / 2, boardY - frame / 2, board + frame, board + frame);
}

/** A queen: a crown in ink with a white outline, drawn with paths (no font needed). */
function drawQueen(context, x, y, cell) {
  const s = cell / 100;
  const px = (u) => x + u * s;
  const py = (v) => y + v * s;
  context.beginPath();
  context.moveTo(px(22), py(74));
  context.lineTo(px(16), py(34));
  context.lineTo(px(36), py(52));
  context.lineTo(px(50), py(26));
  context.lineTo(px(64), py(52));
  context.lineTo(px(84), py(34));
  context.lineTo(px(78), py(74));
  context.closePath();
  context.rect(px(20), py(78), 60 * s, 10 * s);
  context.lineJoin = 'round';
  context.lineWidth = Math.max(1.5, 5 * s);
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.fillStyle = COLOURS.ink;
  context.fill();
  for (const [u, v] of [[16, 34], [50, 26], [84, 34]]) {
    context.beginPath();
    context.arc(px(u), py(v), 6 * s, 0, 2 * Math.PI);
    context.stroke();
    context.fill();
  }
}

/** The page's ↓ (col), ↘ (ld) and ↙ (rd) marks, side by side, as lines. */
function drawArrows(context, marks, x, y, cell) {
  const width = cell / marks.length;
  const size = Math.min(width * 0.85, cell * 0.5);
  context.strokeStyle = COLOURS.attack;
  context.lineWidth = Math.max(1.5, cell * 0.06);
  context.lineCap = 'round';
  marks.forEach((mask, i) => {
    const cx = x + width * (i + 0.5);
    const cy = y + cell / 2;
    const dx = mask === 'col' ? 0 : mask === 'ld' ? 1 : -1;
    const dy = 1;
    const length = Math.hypot(dx, dy);
    const ux = dx / length;
    const uy = dy / length;
    const half = size / 2;
    const tipX = cx + ux * half;
    const tipY = cy + uy * half;
    const head = size * 0.4;
    context.beginPath();
    context.moveTo(cx - ux * half, cy - uy * half);
    context.lineTo(tipX, tipY);
    // The head: two strokes back from the tip at ±40°.
    for (const angle of [0.7, -0.7]) {
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      context.moveTo(tipX, tipY);
      context.lineTo(tipX - head * (ux * cos - uy * sin), tipY - head * (ux * sin + uy * cos));
    }
    context.stroke();
  });
}

/** The page's ×: free, already tried. */
function drawCross(context, x, y, cell) {
  const a = cell * 0.32;
  context.strokeStyle = COLOURS.muted;
  context.lineWidth = Math.max(1.5, cell * 0.07);
  context.lineCap = 'round';
  context.beginPath();
  context.moveTo(x + a, y + a);
  context.lineTo(x + cell - a, y + cell - a);
  context.moveTo(x + cell - a, y + a);
  context.lineTo(x + a, y + cell - a);
  context.stroke();
}

function drawRows(context, snapshot, previous, { n, cell, board, boardX, rowsY, rowHeight, rowGap }) {
  const done = fullMask(n);
  const masksOf = (shot) => {
    const { calls, phase } = shot.detail;
    const top = calls[shot.row];
    return ROWS.map(({ value, known }) => ({ digits: toBinary((value(top) & done) >>> 0, n), known: known(phase) }));
  };
  const now = masksOf(snapshot);
  const before = previous && previous.n === n ? masksOf(previous) : null;
  const active = snapshot.last ? ROWS_OF_EVENT[snapshot.last.kind] ?? [] : [];
  const digitFont = Math.max(9, Math.floor(Math.min(rowHeight * 0.68, cell * 0.8)));
  const labelFont = Math.min(18, Math.max(12, Math.round(rowHeight * 0.58)));
  ROWS.forEach(({ name }, i) => {
    const y = rowsY + i * (rowHeight + rowGap);
    const { digits, known } = now[i];
    const framed = known && active.includes(name);
    // The name on the left (highlighted when the last step computed the row), the decimal
    // on the right.
    context.textBaseline = 'middle';
    context.font = `700 ${labelFont}px ${MONO}`;
    context.textAlign = 'right';
    const labelWidth = context.measureText(name).width;
    if (framed) {
      context.fillStyle = COLOURS.highlight;
      context.fillRect(boardX - 10 - labelWidth - 4, y + 2, labelWidth + 8, rowHeight - 4);
    }
    context.fillStyle = COLOURS.ink;
    context.fillText(name, boardX - 10, y + rowHeight / 2);
    context.textAlign = 'left';
    context.font = `400 ${Math.min(16, labelFont)}px ${MONO}`;
    context.fillStyle = known ? COLOURS.muted : COLOURS.line;
    context.fillText(`= ${parseInt(digits, 2)}`, boardX + board + 10, y + rowHeight / 2);
    // The digits, one cell per board column.
    context.font = `700 ${digitFont}px ${MONO}`;
    context.textAlign = 'center';
    for (let c = 0; c < n; c++) {
      const x = boardX + c * cell;
      const one = digits[c] === '1';
      context.fillStyle = one && known ? COLOURS.one : COLOURS.background;
      context.fillRect(x, y, cell, rowHeight);
      context.fillStyle = !known ? COLOURS.line : one ? COLOURS.ink : COLOURS.muted;
      context.fillText(digits[c], x + cell / 2, y + rowHeight / 2 + 1);
      if (known && before && before[i].known && before[i].digits[c] !== digits[c]) {
        context.strokeStyle = COLOURS.current;
        context.lineWidth = 2;
        context.strokeRect(x + 2, y + 2, cell - 4, rowHeight - 4);
      }
    }
    context.strokeStyle = framed ? COLOURS.accent : COLOURS.line;
    context.lineWidth = framed ? 2 : 1;
    const inset = framed ? 1 : 0.5;
    context.strokeRect(boardX - inset, y - inset, board + 2 * inset, rowHeight + 2 * inset);
  });
}
