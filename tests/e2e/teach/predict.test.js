// End-to-end: Predict mode. Every answer the tests give is worked out from the board on
// screen (the queens, by the rules of the game) and from the digits the page shows, never
// from the core's answer key, so that a wrong key fails them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, mask, steps, queensOnBoard, masksFromQueens } from '../../support/session.js';
import { seriousViolations } from '../../support/axe.js';
import { drawnColours, canvasesSized } from '../../support/drawn.js';

const session = usePage();
const region = (page) => page.getByRole('region', { name: 'Question', exact: true });
const questionText = async (page) => (await page.locator('#question-text').textContent()).trim();
const feedback = async (page) => (await page.locator('#question-feedback').textContent()).trim();
const score = async (page) => (await page.locator('#score').textContent()).trim();
const asking = (page) => page.locator('#question-check:not([hidden])').isVisible();
const digitsOf = async (page, name) => (await mask(page, name).textContent()).trim();

/** Presses the digits of `digits` ('0'/'1' per column) in the answer group `name`. */
async function giveDigits(page, name, digits) {
  const group = page.getByRole('group', { name, exact: true });
  for (let c = 0; c < digits.length; c++) {
    if (digits[c] === '1') await group.getByRole('button', { name: `column ${c + 1}`, exact: true }).click();
  }
}

const flip = (digits) => [...digits].map((d) => (d === '1' ? '0' : '1')).join('');
/** -x in as many digits: keep the lowest 1 and the zeros below it, flip every digit above. */
const negate = (digits) => {
  const low = digits.lastIndexOf('1');
  return low < 0 ? digits : flip(digits.slice(0, low)) + digits.slice(low);
};
const lowestBit = (digits) => {
  const low = digits.lastIndexOf('1');
  return [...digits].map((_, c) => (c === low ? '1' : '0')).join('');
};

/** Works out the open question's answer from the board and the shown digits, and gives it. */
/** The questions on the poss a question names (its lowest bit, -poss, ~poss): answered from
 *  those digits; the topic answered, or null for another question. */
async function answerFromPoss(page, text, poss) {
  const answers = [
    [/does bit = poss & -poss pick/, 'lowest bit', lowestBit],
    [/What is -poss/, '-poss', negate],
    [/What is ~poss/, '~poss', flip],
  ];
  for (const [asks, topic, answer] of answers) {
    if (asks.test(text)) {
      await giveDigits(page, 'Your answer', answer(poss));
      return topic;
    }
  }
  return null;
}

async function answerFromTheBoard(page, n) {
  const text = await questionText(page);
  const queens = await queensOnBoard(page);
  const poss = text.match(/^poss = ([01]+)\./)?.[1];
  let match;
  if ((match = text.match(/^Which squares of row (\d+) are free\?/))) {
    const { ld, col, rd } = masksFromQueens(queens, n);
    const free = [...ld].map((_, c) => (ld[c] === '0' && col[c] === '0' && rd[c] === '0' ? '1' : '0')).join('');
    await giveDigits(page, 'Your answer', free);
    return 'free squares';
  }
  const fromPoss = await answerFromPoss(page, text, poss);
  if (fromPoss) return fromPoss;
  if ((match = text.match(/queen in row (\d+), column (\d+)\. What are/))) {
    const below = masksFromQueens([...queens, { row: Number(match[1]) - 1, column: Number(match[2]) - 1 }], n);
    for (const name of ['ld', 'col', 'rd']) await giveDigits(page, `Your ${name}`, below[name]);
    return 'next row';
  }
  if (/What does the search do next/.test(text)) {
    const outcome = queens.length === n ? 'A solution' : (await digitsOf(page, 'poss')).includes('1') ? 'Place a queen' : 'Back up';
    await page.getByRole('group', { name: 'Your answer', exact: true }).getByRole('button', { name: outcome, exact: true }).click();
    return outcome;
  }
  throw new Error(`A question the test cannot answer: ${text}`);
}

test('answering from the board alone is right every time: the core’s answer key agrees with the rules', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Predict').click();
  assert.equal(await button(page, 'Predict').getAttribute('aria-pressed'), 'true');
  await region(page).waitFor();
  assert.equal(await page.getByRole('status', { name: 'Score' }).textContent(), '0 of 0 right');
  const kinds = new Set();
  let asked = 0;
  while (asked < 40) {
    const before = await steps(page);
    await button(page, 'Step').click();
    if (!(await asking(page))) {
      assert.equal(await steps(page), before + 1, 'a step not asked about is taken at once');
      continue;
    }
    assert.equal(await steps(page), before, 'the search waits for the answer');
    kinds.add(await answerFromTheBoard(page, 6));
    await button(page, 'Check').click();
    assert.match(await feedback(page), /^Right\./, await questionText(page));
    await button(page, 'Continue').click();
    assert.equal(await steps(page), before + 1, 'Continue takes the step');
    asked += 1;
  }
  assert.equal(await score(page), '40 of 40 right');
  assert.deepEqual([...kinds].sort(), ['-poss', '~poss', 'Back up', 'Place a queen', 'free squares', 'lowest bit', 'next row'].sort());
});

test('a wrong answer by keyboard alone: each digit marked, Try again, then right on the second try; the score keeps the first', async () => {
  const page = await session.open('?n=8');
  await page.keyboard.press('p');
  await page.keyboard.press('ArrowRight');
  assert.match(await questionText(page), /^Which squares of row 1 are free\?/);
  assert.equal(await steps(page), 0);
  assert.equal(await digitsOf(page, '~(ld | col | rd) & done'), '', 'the mask asked about is blank');
  assert.equal(await digitsOf(page, 'ld'), '00000000', 'the masks it comes from are shown');
  // The focus is on column 1 of the answer: mark columns 1 and 3 only (all 8 are free).
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  assert.equal(await steps(page), 0, 'the answer’s keys never move the search');
  const focusedDigit = () => page.evaluate(() => [document.activeElement.getAttribute('aria-label'), document.activeElement.getAttribute('aria-pressed')]);
  await page.keyboard.press('Enter'); // Enter on a digit toggles it, as Space does
  assert.deepEqual(await focusedDigit(), ['column 3', 'false'], 'Enter toggled the digit, and checked nothing');
  await page.keyboard.press('Enter');
  assert.deepEqual(await focusedDigit(), ['column 3', 'true']);
  await page.keyboard.press('Tab'); // from the answer to Check
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Check');
  await page.keyboard.press('Enter');
  // With the core's line on why (predict::reason), in its words.
  assert.equal(await feedback(page), 'Not quite: 6 digits are wrong (marked). A free square is missing: every column no mask attacks is free. Try again, or Show answer. Your score counts this first try.');
  const answer = page.getByRole('group', { name: 'Your answer', exact: true });
  assert.equal(await answer.getByRole('button', { name: 'column 1, right' }).count(), 1);
  assert.equal(await answer.getByRole('button', { name: 'column 2, wrong' }).count(), 1);
  assert.equal(await answer.getByRole('button', { name: /, wrong$/ }).count(), 6);
  assert.equal(await page.getByRole('group', { name: 'Right answer' }).count(), 0, 'the right answer is not given away');
  assert.equal(await digitsOf(page, '~(ld | col | rd) & done'), '', 'the mask stays blank');
  assert.equal(await score(page), '0 of 1 right');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Try again');
  await page.keyboard.press('Enter');
  assert.deepEqual(await focusedDigit(), ['column 1', 'true'], 'the digits are open again, unmarked, as they were left');
  assert.equal(await answer.getByRole('button', { name: /, (right|wrong)$/ }).count(), 0);
  for (let column = 2; column <= 8; column++) {
    await page.keyboard.press('ArrowRight');
    if (column !== 3) await page.keyboard.press('Space');
  }
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Check
  assert.match(await feedback(page), /^Right, on try 2 \(the score keeps your first\)\. .*= 11111111\.$/);
  assert.equal(await digitsOf(page, 'Right answer'), '11111111');
  assert.equal(await score(page), '0 of 1 right', 'the first try counted, once');
  assert.equal(await digitsOf(page, '~(ld | col | rd) & done'), '11111111', 'shown again once answered');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Continue');
  await page.keyboard.press('Enter');
  assert.equal(await steps(page), 1);
  assert.match(await page.locator('#narration').textContent(), /^Row 1: free squares/);
});

test('on a touch screen each answer digit is a finger’s target (44×44 px at N = 8 on a 390 px phone), a tap flips it, and a line says so', async () => {
  const page = await session.open('?n=8', { viewport: { width: 390, height: 844 }, touch: true });
  await button(page, 'Predict').tap();
  await button(page, 'Step').tap();
  assert.ok(await asking(page));
  const digits = page.getByRole('group', { name: 'Your answer', exact: true }).getByRole('button');
  assert.equal(await digits.count(), 8);
  for (const box of await digits.evaluateAll((all) => all.map((b) => b.getBoundingClientRect().toJSON()))) {
    assert.ok(box.width >= 44 && box.height >= 44, `a digit is ${box.width}×${box.height} px`);
  }
  assert.match(await page.locator('#question-answer .answer-hint').textContent(), /^Tap a digit .* to flip it between 0 and 1/);
  await digits.nth(2).tap();
  assert.equal(await digits.nth(2).getAttribute('aria-pressed'), 'true', 'a tap flipped it');
});

test('Step and Play wait while a question is open; Back and turning Predict off close it without scoring', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Step').click();
  await button(page, 'Predict').click();
  await button(page, 'Step').click();
  assert.ok(await asking(page));
  const text = await questionText(page);
  await button(page, 'Step').click();
  await button(page, 'Play').click();
  await page.waitForFunction(() => document.body.dataset.state !== 'playing');
  assert.equal(await steps(page), 1, 'still waiting');
  assert.match(await page.locator('#message').textContent(), /Answer the question first/);
  assert.equal(await questionText(page), text, 'the same question');
  await button(page, 'Back').click();
  assert.equal(await steps(page), 0, 'Back steps back');
  assert.equal(await asking(page), false, 'and closes the question unanswered');
  assert.equal(await score(page), '0 of 0 right');
  await button(page, 'Step').click();
  assert.ok(await asking(page));
  await button(page, 'Show answer').click();
  assert.match(await feedback(page), /^The answer:/);
  assert.equal(await score(page), '0 of 1 right', 'an answer shown counts as not right');
  await button(page, 'Continue').click();
  await button(page, 'Step').click();
  assert.ok(await asking(page));
  await page.keyboard.press('p'); // the focus is in the answer: P is not one of its keys
  assert.equal(await button(page, 'Predict').getAttribute('aria-pressed'), 'false');
  assert.equal(await region(page).isVisible(), false);
  assert.equal(await score(page), '0 of 1 right', 'nothing lost or gained');
  assert.notEqual(await digitsOf(page, 'bit'), '', 'no mask stays blank');
  const before = await steps(page);
  await button(page, 'Step').click();
  assert.equal(await steps(page), before + 1, 'Predict off: Step steps');
});

test('Play stops at each question and Continue plays on; only the topics ticked are asked', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Predict').click();
  for (const name of ['Free squares', 'Lowest bit', 'Two’s complement', 'Next row']) {
    await page.getByRole('checkbox', { name, exact: true }).uncheck();
  }
  await button(page, 'Play').click();
  await page.locator('#question-check:not([hidden])').waitFor();
  assert.match(await questionText(page), /^What does the search do next/);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'paused');
  await button(page, 'Show answer').click();
  const first = await steps(page);
  await button(page, 'Continue').click();
  await page.locator('#question-check:not([hidden])').waitFor();
  // Play went on and asked again: the focus is on the new question's first answer.
  assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('#question-answer'))), true);
  assert.match(await questionText(page), /^What does the search do next/);
  assert.ok(await steps(page) > first + 1, 'play went on past the step Continue took');
  await page.getByRole('checkbox', { name: 'What happens', exact: true }).uncheck();
  await button(page, 'Show answer').click();
  await button(page, 'Continue').click();
  assert.match(await questionText(page), /^Nothing to ask about: tick a topic/);
  await button(page, 'Pause').click();
});

test('a wrong try shows the core’s reason as text in the live region: the attacked squares given for the free ones', async () => {
  const page = await session.open('?n=8');
  await button(page, 'Predict').click();
  for (const name of ['Lowest bit', 'Two’s complement', 'Next row', 'What happens']) {
    await page.getByRole('checkbox', { name, exact: true }).uncheck();
  }
  await button(page, 'Step').click();
  assert.match(await questionText(page), /^Which squares of row 1 are free\?/);
  await button(page, 'Show answer').click();
  await button(page, 'Continue').click();
  // The try and the queen placed are not asked about: Step takes them, and stops before row 2's.
  for (let i = 0; i < 5 && !(await asking(page)); i++) await button(page, 'Step').click();
  assert.match(await questionText(page), /^Which squares of row 2 are free\?/);
  // The squares the queen above attacks, worked out from the board, given as the free ones.
  const queens = await queensOnBoard(page);
  assert.equal(queens.length, 1);
  const { ld, col, rd } = masksFromQueens(queens, 8);
  const hit = [...col].map((d, c) => (d === '1' || ld[c] === '1' || rd[c] === '1' ? '1' : '0')).join('');
  await giveDigits(page, 'Your answer', hit);
  await button(page, 'Check').click();
  const line = page.locator('#question-feedback');
  assert.equal(await line.getAttribute('aria-live'), 'polite', 'announced');
  assert.match(await feedback(page), /^Not quite: 8 digits are wrong \(marked\)\. These are the attacked squares: is the ~ missing in ~\(ld \| col \| rd\)\? Try again/);
  // The core's `…` spans as <code> elements (their text as text), nothing else as markup.
  assert.deepEqual(await line.locator('*').evaluateAll((all) => all.map((e) => [e.tagName, e.textContent])), [['CODE', '~'], ['CODE', '~(ld | col | rd)']]);
});

test('a free-squares question hides its row’s marks on the board (the squares without ↓ ↘ ↙ are the answer) and says so in their names, and the Search tree (whose nodes below the current one are the answer) is hidden; the answer shown, they are back', async () => {
  const page = await session.open('?n=8');
  await button(page, 'Predict').click();
  for (const name of ['Lowest bit', 'Two’s complement', 'Next row', 'What happens']) {
    await page.getByRole('checkbox', { name, exact: true }).uncheck();
  }
  await button(page, 'Step').click();
  await button(page, 'Show answer').click();
  await button(page, 'Continue').click();
  for (let i = 0; i < 5 && !(await asking(page)); i++) await button(page, 'Step').click();
  assert.match(await questionText(page), /^Which squares of row 2 are free\?/);
  const row = page.locator('#board [role="gridcell"][data-row="1"]');
  const marks = async () => {
    await canvasesSized(page);
    return (await row.evaluateAll(drawnColours)).map(([, , marked]) => marked);
  };
  const names = () => row.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label')));
  assert.deepEqual(await marks(), new Array(8).fill(0), 'no square of row 2 marked');
  for (const name of await names()) {
    assert.match(name, /^Row 2, column \d: hidden while the question asks for the free squares$/);
  }
  // The tooltip of a square under the pointer says no more.
  await row.nth(3).hover();
  assert.equal(await row.nth(3).getAttribute('title'), 'hidden while the question asks for the free squares');
  // The Search tree: the current node's children are the answer (each a free square), so it
  // draws nothing, and its readout (a live region) says why; its keys and the pointer find no
  // node to describe.
  const readout = page.locator('#tree-readout');
  const tree = page.getByRole('application', { name: /^Search tree/ });
  await tree.focus();
  await readout.getByText(/^The search tree is hidden while a question is open/).waitFor();
  for (const key of ['ArrowDown', 'ArrowRight', 'Home']) await page.keyboard.press(key);
  const canvas = page.locator('#tree-canvas');
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  const described = await readout.textContent();
  assert.match(described, /^The search tree is hidden/);
  assert.doesNotMatch(described, /Row \d|column \d|poss/);
  const inked = await canvas.evaluate((c) => c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v > 0));
  assert.equal(inked, false, 'nothing drawn');
  await button(page, 'Show answer').click();
  await page.locator('#board:not(.asking-free)').waitFor({ state: 'attached' });
  await readout.getByText(/for row 2: ld = [01]{8}, col = [01]{8}, rd = [01]{8}, poss = [01]{8}\./).waitFor();
  const shown = await names();
  const drawn = await marks();
  const attacked = shown.flatMap((name, c) => (/: attacked along the (column ↓|ld diagonal ↘|rd diagonal ↙)/.test(name) ? [c] : []));
  assert.ok(attacked.length > 0 && attacked.length < 8, JSON.stringify(shown));
  for (const c of attacked) assert.ok(drawn[c] > 0, `column ${c + 1}, attacked, is marked again`);
});

test('after Continue by keyboard, the focus goes to the next thing to do (Step), not to the page', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Predict').click();
  await button(page, 'Step').click();
  await page.locator('#question-check:not([hidden])').waitFor();
  await button(page, 'Show answer').focus();
  await page.keyboard.press('Enter');
  const proceed = button(page, 'Continue');
  await proceed.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Continue');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('steps').textContent === '1');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'step', 'the focus is on Step, which asks the next question');
  await page.keyboard.press('Enter');
  await page.locator('#question-check:not([hidden])').waitFor();
});

test('Predict mode has no serious accessibility violation, with a question open and after a wrong answer', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Predict').click();
  await button(page, 'Step').click();
  assert.ok(await asking(page));
  assert.deepEqual(await seriousViolations(page), [], 'a question open');
  await button(page, 'Check').click(); // no digit marked: wrong, row 1 has free squares
  assert.match(await feedback(page), /^Not quite/);
  assert.deepEqual(await seriousViolations(page), [], 'after a wrong answer');
});

test('a click on a square of the row asked about toggles that column’s digit', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Predict').click();
  await button(page, 'Step').click();
  assert.match(await questionText(page), /^Which squares of row 1 are free\?/);
  const digit = page.getByRole('group', { name: 'Your answer', exact: true }).getByRole('button', { name: 'column 3', exact: true });
  // The row asked about says only that it is hidden (its marks are the answer).
  const square = page.getByRole('gridcell', { name: 'Row 1, column 3: hidden while the question asks for the free squares', exact: true });
  await square.click();
  assert.equal(await digit.getAttribute('aria-pressed'), 'true');
  await page.getByRole('gridcell', { name: 'Row 2, column 3', exact: true }).click();
  assert.equal(await digit.getAttribute('aria-pressed'), 'true', 'another row’s square does nothing');
  await square.click();
  assert.equal(await digit.getAttribute('aria-pressed'), 'false');
});

/** The columns (0 = column 1) of row `row` that a mirror-mode search covers, by the rule the
 *  Mirror symmetry switch states: row 1's left half (and its middle column when N is odd),
 *  row 2's left half below a queen in row 1's middle column, every column elsewhere. */
function searchedInMirror(n, row, queens) {
  const half = Math.floor(n / 2);
  const middleQueen = n % 2 === 1 && queens[0]?.column === half;
  return Array.from({ length: n }, (_, c) => {
    if (row === 0) return c < half || (n % 2 === 1 && c === half);
    if (row === 1 && middleQueen) return c < half;
    return true;
  });
}

/**
 * What the test has seen of the board, step by step: for each row, the columns its queen has
 * stood on since a queen was last placed in the row above (the squares tried there, which a
 * back-up leaves behind). Fed the queens after every step.
 */
function boardWatch() {
  let before = [];
  const tried = [];
  return {
    tried,
    saw(queens) {
      for (const q of queens) {
        // A queen placed (or moved) in row k opens row k + 1 afresh.
        if (before[q.row]?.column !== q.column) for (let j = q.row + 1; j < tried.length; j++) tried[j] = new Set();
        (tried[q.row] ??= new Set()).add(q.column);
      }
      before = queens;
    },
  };
}

/** poss of the row below the queens on the board in mirror mode: the squares no queen attacks,
 *  within the part of the row the search covers, less those `tried` there already. */
function possFromTheBoard(queens, n, tried = new Set()) {
  const { ld, col, rd } = masksFromQueens(queens, n);
  const searched = searchedInMirror(n, queens.length, queens);
  return [...ld].map((_, c) => (ld[c] === '0' && col[c] === '0' && rd[c] === '0' && searched[c] && !tried.has(c) ? '1' : '0')).join('');
}

/** Works out the open question's answer in mirror mode from the queens on the board alone
 *  (and the squares `watch` saw tried; poss included: the poss a question names must be the
 *  one the board gives), and gives it. */
async function answerInMirrorMode(page, n, watch) {
  const text = await questionText(page);
  const queens = await queensOnBoard(page);
  assert.deepEqual(queens.map((q) => q.row), [...queens.keys()], 'one queen in each row above');
  const poss = possFromTheBoard(queens, n, watch.tried[queens.length]);
  const named = text.match(/^poss = ([01]+)\./)?.[1];
  if (named !== undefined) assert.equal(named, poss, `the poss of ${text} against the board ${JSON.stringify(queens)}`);
  let match;
  if ((match = text.match(/^Which squares of row (\d+) are free\?/))) {
    assert.equal(Number(match[1]), queens.length + 1, text);
    const searched = searchedInMirror(n, queens.length, queens);
    assert.equal(poss, possFromTheBoard(queens, n), 'a row entered afresh: nothing tried there yet');
    const part = searched.map((s) => (s ? '1' : '0')).join('');
    if (searched.includes(false)) assert.match(text, new RegExp(`only the columns of ${part} are searched in this row`));
    else assert.doesNotMatch(text, /only the columns/);
    await giveDigits(page, 'Your answer', poss);
    return searched.includes(false) ? `free squares, row ${queens.length + 1} in part` : 'free squares';
  }
  const fromPoss = await answerFromPoss(page, text, poss);
  if (fromPoss) return fromPoss;
  if ((match = text.match(/queen in row (\d+), column (\d+)\. What are/))) {
    const [row, column] = [Number(match[1]) - 1, Number(match[2]) - 1];
    assert.equal(row, queens.length, text);
    assert.equal(column, lowestBit(poss).indexOf('1'), `${text}: the lowest square left in the searched part`);
    const below = masksFromQueens([...queens, { row, column }], n);
    for (const name of ['ld', 'col', 'rd']) await giveDigits(page, `Your ${name}`, below[name]);
    return 'next row';
  }
  if (/What does the search do next/.test(text)) {
    const outcome = queens.length === n ? 'A solution' : poss.includes('1') ? 'Place a queen' : 'Back up';
    await page.getByRole('group', { name: 'Your answer', exact: true }).getByRole('button', { name: outcome, exact: true }).click();
    return outcome;
  }
  throw new Error(`A question the test cannot answer: ${text}`);
}

for (const n of [5, 7, 9]) {
  test(`mirror symmetry on, N = ${n}: every topic graded right when answered from the board alone`, async () => {
    const page = await session.open(`?n=${n}&mirror=1`);
    assert.equal(await page.getByRole('switch', { name: 'Mirror symmetry' }).isChecked(), true);
    await button(page, 'Predict').click();
    const topics = page.getByRole('group', { name: 'Ask about', exact: true }).getByRole('checkbox');
    assert.equal(await topics.count(), 5);
    for (const box of await topics.all()) assert.equal(await box.isChecked(), true, 'every topic ticked');
    // Every topic; every outcome of What happens (but a solution at N = 9, 95 questions further
    // on); the first row's searched part, and the second row's below a middle queen (N is odd:
    // the middle column is the first one row 1 tries).
    const wanted = ['-poss', '~poss', 'Back up', 'Place a queen', 'free squares',
      'free squares, row 1 in part', 'free squares, row 2 in part', 'lowest bit', 'next row'];
    if (n < 9) wanted.push('A solution');
    const kinds = new Set();
    const watch = boardWatch();
    let asked = 0;
    for (let step = 0; wanted.some((kind) => !kinds.has(kind)); step++) {
      assert.ok(step < 2000, `after ${asked} questions still not asked: ${wanted.filter((k) => !kinds.has(k))}`);
      const before = await steps(page);
      await button(page, 'Step').click();
      if (!(await asking(page))) {
        assert.equal(await steps(page), before + 1, 'a step not asked about is taken at once');
        watch.saw(await queensOnBoard(page));
        continue;
      }
      assert.equal(await steps(page), before, 'the search waits for the answer');
      kinds.add(await answerInMirrorMode(page, n, watch));
      await button(page, 'Check').click();
      assert.match(await feedback(page), /^Right\./, await questionText(page));
      await button(page, 'Continue').click();
      assert.equal(await steps(page), before + 1, 'Continue takes the step');
      watch.saw(await queensOnBoard(page));
      asked += 1;
    }
    assert.equal(await score(page), `${asked} of ${asked} right`);
  });
}

test('while a question is open, the exports that would show its answer say they wait, and make nothing; the answer shown, they work', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Predict').click();
  await button(page, 'Step').click();
  assert.ok(await asking(page));
  const exportChunk = () => page.requests.some((url) => /\/export\.[0-9a-f]+\.js$/.test(url));
  let downloads = 0;
  page.on('download', () => { downloads += 1; });
  for (const name of ['Board as PNG', 'Board as SVG', 'Animation (GIF)']) {
    await page.locator('#message').evaluate((m) => { m.textContent = ''; });
    await button(page, name).click();
    await page.locator('#message').getByText('wait until the answer is shown: they would give it away').waitFor();
  }
  assert.equal(exportChunk(), false, 'the exports were not even loaded');
  assert.equal(await page.locator('dialog[open]').count(), 0, 'no dialog opened');
  await button(page, 'Show answer').click();
  const downloaded = page.waitForEvent('download');
  await button(page, 'Board as SVG').click();
  assert.match((await downloaded).suggestedFilename(), /^bitqueens-n6-step\d+\.svg$/);
  assert.equal(downloads, 1, 'the one made after the answer was shown');
});

test('a question of every other kind hides the Search tree too: its first child is the square tried next, its masks the next row, no child a dead end', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Predict').click();
  await page.getByRole('checkbox', { name: 'Free squares', exact: true }).uncheck();
  const readout = page.locator('#tree-readout');
  const tree = page.getByRole('application', { name: /^Search tree/ });
  for (let i = 0; i < 8 && !(await asking(page)); i++) await button(page, 'Step').click();
  assert.ok(await asking(page), 'a question of another kind');
  await tree.focus();
  for (const key of ['ArrowDown', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
  await readout.getByText(/^The search tree is hidden while a question is open/).waitFor();
  assert.doesNotMatch(await readout.textContent(), /Row \d|column \d|ld =/);
});
