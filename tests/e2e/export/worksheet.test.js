// End-to-end: Print worksheet, printed to PDF by Chromium and read back with pdf.js: the
// questions on the first pages, the right answers (worked out here from the rules of the
// game, not from the page) on the last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, masksFromQueens, masksOnPage, queensOnBoard } from '../../support/session.js';
import { pdfPages } from '../../support/pdf.js';

const session = usePage();

/** Presses Print worksheet and waits until the page has asked to print (the exports are
 *  fetched on that first press). The print dialog is the browser's: the test then prints
 *  with page.pdf(), in print media. */
async function printWorksheet(page) {
  await page.evaluate(() => { window.print = () => { window.printAsked = true; }; });
  await button(page, 'Print worksheet').click();
  await page.waitForFunction(() => window.printAsked === true);
}

test('the worksheet prints the questions, and the right answers on a page of their own', async () => {
  const page = await session.open('?n=6');
  await printWorksheet(page);
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

// Masks as digit strings, digit c for column c + 1 (as the page and the worksheet print them).
const or = (a, b) => [...a].map((d, c) => (d === '1' || b[c] === '1' ? '1' : '0')).join('');
const freeOf = ({ ld, col, rd }) => [...ld].map((_, c) => (ld[c] === '0' && col[c] === '0' && rd[c] === '0' ? '1' : '0')).join('');
const lowest = (poss) => {
  const c = poss.lastIndexOf('1'); // the lowest bit is the right-most column
  return [...poss].map((_, k) => (k === c ? '1' : '0')).join('');
};
const without = (poss, bit) => [...poss].map((d, c) => (bit[c] === '1' ? '0' : d)).join('');
/** The masks of the row below one whose masks are `row` when a queen goes on `bit`: an ld
 *  diagonal moves one column right a row down, an rd diagonal one column left. */
const below = (row, bit) => {
  const ld = or(row.ld, bit);
  const rd = or(row.rd, bit);
  return { ld: `0${ld.slice(0, -1)}`, col: or(row.col, bit), rd: `${rd.slice(1)}0` };
};

/**
 * The search by the rules, from a row whose masks are `start` (poss what is left to try
 * there, `bit` the square being tried) with `queens` above it: the next `count` steps, each
 * { kind, row (1-based), ... }: 'place' (the masks of the row below), 'free' (poss), 'try'
 * (bit), 'dead' (no free square), 'back' (row returned to, column lifted), 'solution'.
 */
function stepsByTheRules(n, queens, start, count) {
  // A row above: the masks its queens above give; left to try, its free squares left of its
  // queen (the search tries the lowest bit, the right-most column, first).
  const rows = queens.map((q, k) => {
    const masks = masksFromQueens(queens.slice(0, k), n);
    const poss = [...freeOf(masks)].map((d, c) => (c < q.column ? d : '0')).join('');
    return { ...masks, poss };
  });
  rows.push({ ...start });
  const placed = queens.map((q) => q.column);
  let phase = start.bit.includes('1') ? 'place' : start.poss.includes('1') ? 'try' : 'dead';
  const out = [];
  while (out.length < count) {
    const r = rows.length - 1;
    const row = rows[r];
    if (phase === 'try') {
      row.bit = lowest(row.poss);
      row.poss = without(row.poss, row.bit);
      out.push({ kind: 'try', row: r + 1, bit: row.bit });
      phase = 'place';
    } else if (phase === 'place') {
      placed[r] = row.bit.indexOf('1');
      const next = below(row, row.bit);
      out.push({ kind: 'place', row: r + 1, ...next });
      rows.push({ ...next, poss: '', bit: '' });
      phase = r + 1 === n ? 'solution' : 'free';
    } else if (phase === 'free') {
      row.poss = freeOf(row);
      out.push({ kind: 'free', row: r + 1, poss: row.poss });
      phase = row.poss.includes('1') ? 'try' : 'dead';
    } else if (phase === 'dead' || phase === 'solution') {
      out.push({ kind: phase, row: r + 1 });
      phase = 'back';
    } else {
      rows.pop();
      out.push({ kind: 'back', row: r, column: placed[r - 1] + 1 });
      phase = rows[r - 1].poss.includes('1') ? 'try' : 'back';
    }
  }
  return out;
}

test('the worksheet deep inside a search (10×10, past step 5,000, queens on the board, dead ends behind): every printed answer and step follows from the rules', async () => {
  const at = 5206;
  const page = await session.open(`?n=10&pos=${at}`);
  const n = 10;
  const queens = await queensOnBoard(page);
  const shown = await masksOnPage(page);
  assert.ok(queens.length >= 4, `${queens.length} queens on the board`);
  const number = async (id) => Number((await page.locator(`#${id}`).textContent()).replace(/,/g, ''));
  assert.ok(await number('nodes') > queens.length + 1000, 'many queens lifted before: dead ends behind');
  assert.equal((shown.bit.match(/1/g) ?? []).length, 1, 'a square is being tried');
  await printWorksheet(page);
  const pages = await pdfPages(await page.pdf({ format: 'A4' }));
  const questions = pages.slice(0, -1).join(' ');
  const answers = pages.at(-1);
  const digitsAfter = (text, name) => text.match(new RegExp(`\\b${name} ((?:[01] ){${n - 1}}[01])\\b`))?.[1].replace(/ /g, '');

  // The masks printed for the row being searched: those the queens on the board give, and a
  // poss within the squares they leave free.
  const row = queens.length;
  assert.match(questions, new RegExp(`10×10 board, step ${at}\\b`));
  const now = questions.match(/The masks of row (\d+) now (.*?) What happens next/);
  assert.equal(Number(now[1]), row + 1);
  const printed = Object.fromEntries(['ld', 'col', 'rd', 'poss'].map((name) => [name, digitsAfter(now[2], name)]));
  assert.deepEqual({ ld: printed.ld, col: printed.col, rd: printed.rd }, masksFromQueens(queens, n));
  assert.equal(or(printed.poss, freeOf(printed)), freeOf(printed), 'poss: free squares only');
  assert.equal(or(printed.poss, shown.bit), or(shown.poss, shown.bit), 'the poss printed is the page’s');

  // Every step the worksheet lists, told or asked, from step at + 1 on, one by one, against
  // the search by the rules from there.
  const listed = [...questions.matchAll(/Step (\d+): (.*?)(?= Question \d+\.| Step \d+:|$)/g)].map(([, s, text]) => ({ step: Number(s), text }));
  assert.deepEqual(listed.map(({ step }) => step), listed.map((_, k) => at + 1 + k), 'every step in order');
  const expected = stepsByTheRules(n, queens, { ...printed, bit: shown.bit }, listed.length);
  const told = listed.filter(({ text }) => !/^(a queen is placed|the free squares|the square tried)/.test(text));
  assert.ok(told.some(({ text }) => /^Back to row/.test(text)) && told.some(({ text }) => /^Dead end/.test(text)),
    'the listed steps include a dead end and a back-up');
  let question = 0;
  for (const [k, { step, text }] of listed.entries()) {
    const rule = expected[k];
    const where = `step ${step} (${text})`;
    if (rule.kind === 'dead') assert.match(text, new RegExp(`^Dead end in row ${rule.row}: no free square`), where);
    else if (rule.kind === 'back') assert.match(text, new RegExp(`^Back to row ${rule.row}: lift the queen from column ${rule.column}\\b`), where);
    else if (rule.kind === 'solution') assert.match(text, /solution/i, where);
    else {
      question += 1;
      const answer = answers.match(new RegExp(`Question ${question} \\(step ${step}\\) (.*?)(?= Question \\d+ \\(|$)`))?.[1];
      assert.ok(answer, `the answer to question ${question} (${where})`);
      if (rule.kind === 'place') {
        assert.match(text, new RegExp(`^a queen is placed in row ${rule.row}: the masks of row ${rule.row + 1}`), where);
        for (const name of ['ld', 'col', 'rd']) assert.equal(digitsAfter(answer, name), rule[name], `${where}: ${name}`);
      } else if (rule.kind === 'free') {
        assert.match(text, new RegExp(`^the free squares of row ${rule.row}:`), where);
        assert.equal(digitsAfter(answer, 'poss'), rule.poss, `${where}: poss`);
      } else {
        assert.match(text, new RegExp(`^the square tried in row ${rule.row}:`), where);
        assert.equal(digitsAfter(answer, 'bit'), rule.bit, `${where}: bit`);
      }
      assert.match(questions, new RegExp(`Question ${question}\\. Step ${step}:`), where);
    }
  }
  assert.equal(question, 8, 'eight questions, each checked');
  assert.doesNotMatch(answers, new RegExp(`Question ${question + 1} `), 'no answer without its question');
});

test('the questions fill one page and the answers the next: no page left holding one question', async () => {
  // 8×8 from step 40 and 10×10 from step 100 ran to three pages, the second holding only the
  // last question.
  for (const query of ['?n=8&pos=40', '?n=10&pos=100', '?n=6', '?n=16&pos=1000']) {
    const page = await session.open(query);
    await printWorksheet(page);
    const pages = await pdfPages(await page.pdf({ format: 'A4' }));
    assert.equal(pages.length, 2, `${query}: ${pages.length} pages`);
    const asked = [...pages[0].matchAll(/Question (\d+)\. Step/g)].map((match) => Number(match[1]));
    const answered = [...pages[1].matchAll(/Question (\d+) \(step/g)].map((match) => Number(match[1]));
    assert.ok(asked.length >= 1, `${query}: questions on the first page`);
    assert.deepEqual(asked, answered, `${query}: every question on the first page, its answer on the second`);
  }
});
