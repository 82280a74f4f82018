// Export: the board as SVG or PNG, the solutions as JSON or plain text. Everything is made
// in the page and saved as a download; nothing leaves the page's origin.

import { download } from '../shared/download.js';
import { within } from '../shared/dom.js';

const CELL = 48; // pixels per square in exported pictures

/** A standalone SVG picture of the queens placed in `snapshot` (light theme colours). */
export function boardSvg(snapshot) {
  const { n, queens, row, trying } = snapshot;
  const size = n * CELL;
  const squares = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if ((r + c) % 2 === 1) squares.push(`M${c * CELL} ${r * CELL}h${CELL}v${CELL}h-${CELL}z`);
    }
  }
  const queen = (r, c) => `<circle cx="${(c + 0.5) * CELL}" cy="${(r + 0.5) * CELL}" r="${CELL * 0.32}"/>`;
  const tried = trying === undefined || trying === null ? ''
    : `<rect x="${trying * CELL + 2}" y="${row * CELL + 2}" width="${CELL - 4}" height="${CELL - 4}" fill="none" stroke="#1f5fbf" stroke-width="4"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<title>${n}×${n} board, ${queens.length} queen${queens.length === 1 ? '' : 's'}: columns ${queens.map((c) => c + 1).join(' ')}</title>`,
    `<rect width="${size}" height="${size}" fill="#efe3c8"/>`,
    `<path fill="#b98c5a" d="${squares.join('')}"/>`,
    `<g fill="#1d1f24" stroke="#ffffff" stroke-width="3">${queens.map((c, r) => queen(r, c)).join('')}</g>`,
    tried,
    '</svg>',
  ].join('');
}

/** The SVG drawn onto a canvas, as a PNG blob. */
export async function boardPng(svgText) {
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d').drawImage(image, 0, 0);
    return await new Promise((resolve, reject) => canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png',
    ));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Solutions as JSON: columns are 1-based, as on the page. */
export function solutionsJson(n, listed, total, unique) {
  return JSON.stringify({
    n,
    total,
    unique,
    listed: listed.length,
    note: listed.length < total ? `only the first ${listed.length} solutions are kept` : undefined,
    solutions: listed.map((s) => ({
      number: s.number,
      step: s.step,
      columns: s.queens.map((c) => c + 1),
      classSize: s.classSize,
      representative: s.isRepresentative,
    })),
  }, null, 2);
}

/** Solutions as plain text: one line per solution, the column (1-based) of the queen in each row. */
export function solutionsText(listed) {
  return listed.map((s) => s.queens.map((c) => c + 1).join(' ')).join('\n') + (listed.length ? '\n' : '');
}

/**
 * Wires the four export buttons, found in `root`. `seen` (player.readOnly, what the panels may read of the player) gives
 * the board and `solutions` the gallery's list; a PNG that cannot be made is explained on
 * `messages`.
 */
export function installExports(root, seen, solutions, messages) {
  const $ = within(root);
  const board = () => boardSvg(seen.snapshot());
  const boardName = (ext) => `bitqueens-n${seen.n}-step${seen.position}.${ext}`;
  const listName = (ext) => `bitqueens-n${seen.n}-solutions.${ext}`;
  $('export-svg').addEventListener('click', () => download(boardName('svg'), board(), 'image/svg+xml'));
  $('export-png').addEventListener('click', async () => {
    try {
      download(boardName('png'), await boardPng(board()));
    } catch (error) {
      messages.show(`The PNG could not be made: ${error.message}. Try “Board as SVG”.`);
    }
  });
  $('export-json').addEventListener('click', () => download(listName('json'),
    solutionsJson(seen.n, solutions.listed, solutions.count, solutions.uniqueCount), 'application/json'));
  $('export-text').addEventListener('click', () => {
    if (solutions.listed.length) download(listName('txt'), solutionsText(solutions.listed), 'text/plain');
    else messages.show(seen.snapshot().finished ? `Nothing to export: the ${seen.n}×${seen.n} board has no solution.`
      : 'Nothing to export yet: no solution has been found. Step or play until one is.', 'info');
  });
}
