// End-to-end: Print worksheet, printed to PDF by Chromium and read back with pdf.js: the
// questions on the first pages, the right answers (worked out here from the rules of the
// game, not from the page) on the last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, masksFromQueens } from '../support/session.js';
import { pdfPages } from '../support/pdf.js';

const session = usePage();

test('the worksheet prints the questions, and the right answers on a page of their own', async () => {
  const page = await session.open('?n=6');
  // The print dialog is the browser's: here printing goes to page.pdf(), with print media.
  await page.evaluate(() => { window.print = () => {}; });
  await button(page, 'Print worksheet').click();
  const pages = await pdfPages(await page.pdf({ format: 'A4' }));
  assert.ok(pages.length >= 2, `${pages.length} pages`);
  const [first] = pages;
  const last = pages.at(-1);
  assert.match(first, /bitqueens worksheet: 6×6 board, step 0/);
  assert.match(first, /Question 1\. Step 1: the free squares of row 1: poss = ~\(ld \| col \| rd\) & done/);
  assert.match(first, /Question 2\. Step 2: the square tried in row 1: bit = poss & -poss/);
  assert.match(first, /Question 3\. Step 3: a queen is placed in row 1: the masks of row 2/);
  assert.doesNotMatch(pages.slice(0, -1).join(' '), /Answers/, 'no answer before the last page');
  // From the rules: an empty row is all free; the lowest bit is the right-most square; the
  // queen in column 6 gives row 2 its masks; row 2's free squares are those none marks.
  const below = masksFromQueens([{ row: 0, column: 5 }], 6);
  const free = [...below.col].map((_, c) => (below.ld[c] === '0' && below.col[c] === '0' && below.rd[c] === '0' ? '1' : '0')).join('');
  const spaced = (digits) => digits.split('').join(' ');
  const expected = [
    ['1', 'poss', '111111'], ['2', 'bit', '000001'],
    ['3', 'ld', below.ld], ['3', 'col', below.col], ['3', 'rd', below.rd], ['4', 'poss', free],
  ];
  assert.match(last, /^Answers: 6×6 board from step 0/);
  for (const [question, name, digits] of expected) {
    const shown = new RegExp(`Question ${question} \\(step \\d+\\)[^Q]*${name} ${spaced(digits)}`);
    assert.match(last, shown, `question ${question}: ${name} = ${digits}`);
  }
});
