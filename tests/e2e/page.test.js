// End-to-end: the built page (dist/) in Debian's Chromium via playwright-core.
// Every test fails on any console error, page error or failed request.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../support/server.js';
import { launch, openPage } from '../support/browser.js';

// OEIS A000170, for the sizes played to the end here.
const A000170 = { 1: 1, 4: 2, 5: 10, 6: 4 };

let server;
let browser;
let page;
let expectedProblems;

before(async () => {
  server = await serve('dist');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(() => { expectedProblems = []; });
afterEach(async () => {
  if (page) {
    const unexpected = page.problems.filter((p) => !expectedProblems.some((re) => re.test(p)));
    await page.close();
    page = null;
    assert.deepEqual(unexpected, [], 'the page logged errors');
  }
});

async function open(query = '') {
  page = await openPage(browser, server.url + query);
  await page.getByRole('grid', { name: 'Board' }).waitFor();
  return page;
}

const button = (name) => page.getByRole('button', { name, exact: true });
const mask = (name) => page.getByRole('group', { name, exact: true });
const solutionsFound = () => page.getByRole('status', { name: 'Solutions found' });

async function clickStep(times) {
  for (let i = 0; i < times; i++) await button('Step').click();
}

/** The queens on the board, read from the cells' accessible names: [{row, column}], 0-based. */
async function queensOnBoard() {
  const names = await page.getByRole('gridcell', { name: /, queen$/ }).evaluateAll(
    (cells) => cells.map((cell) => cell.getAttribute('aria-label')),
  );
  return names.map((name) => {
    const [, row, column] = name.match(/^Row (\d+), column (\d+), queen$/);
    return { row: Number(row) - 1, column: Number(column) - 1 };
  });
}

/**
 * The masks the rules of the algorithm give for the row below the queens, written as digits
 * (digit k = column k): col marks the queens' columns, ld each queen's column moved right by
 * its distance in rows, rd moved left.
 */
function masksFromQueens(queens, n) {
  const row = queens.length;
  const digits = () => Array(n).fill('0');
  const ld = digits(); const col = digits(); const rd = digits();
  for (const q of queens) {
    const distance = row - q.row;
    col[q.column] = '1';
    if (q.column + distance < n) ld[q.column + distance] = '1';
    if (q.column - distance >= 0) rd[q.column - distance] = '1';
  }
  return { ld: ld.join(''), col: col.join(''), rd: rd.join('') };
}

async function masksOnPage() {
  const read = async (name) => (await mask(name).textContent()).trim();
  return { ld: await read('ld'), col: await read('col'), rd: await read('rd'), poss: await read('poss'), bit: await read('bit') };
}

async function assertMasksAgreeWithBoard(n) {
  const queens = await queensOnBoard();
  // One queen per row, in the rows above the one being searched.
  assert.deepEqual(queens.map((q) => q.row), [...queens.keys()]);
  const shown = await masksOnPage();
  const expected = masksFromQueens(queens, n);
  assert.equal(shown.ld, expected.ld, `ld with queens ${JSON.stringify(queens)}`);
  assert.equal(shown.col, expected.col, `col with queens ${JSON.stringify(queens)}`);
  assert.equal(shown.rd, expected.rd, `rd with queens ${JSON.stringify(queens)}`);
  for (let c = 0; c < n; c++) {
    const attacked = expected.ld[c] === '1' || expected.col[c] === '1' || expected.rd[c] === '1';
    if (shown.poss[c] === '1') assert.ok(!attacked, `poss marks attacked column ${c + 1}`);
    if (shown.bit[c] === '1') assert.ok(!attacked, `bit marks attacked column ${c + 1}`);
  }
  assert.ok(shown.bit.split('').filter((d) => d === '1').length <= 1, 'bit has at most one 1');
  return queens;
}

test('the page shows an 8×8 board, five masks of 8 digits and no solutions at first', async () => {
  await open();
  assert.equal(await page.getByRole('gridcell').count(), 64);
  assert.equal(await page.getByRole('gridcell', { name: 'Row 1, column 1', exact: true }).count(), 1);
  assert.equal(await page.getByRole('gridcell', { name: 'Row 8, column 8', exact: true }).count(), 1);
  for (const name of ['ld', 'col', 'rd', 'poss', 'bit']) {
    assert.match((await mask(name).textContent()).trim(), /^[01]{8}$/, name);
  }
  assert.equal(await solutionsFound().textContent(), '0');
  assert.equal(await button('Back').isDisabled(), true);
});

test('stepping places queens and the masks agree with the board at every point', async () => {
  await open('?n=8');
  let most = 0;
  for (let i = 0; i < 60; i++) {
    await button('Step').click();
    if (i % 3 === 0) most = Math.max(most, (await assertMasksAgreeWithBoard(8)).length);
  }
  assert.ok(most >= 4, `expected several queens after 60 steps, saw at most ${most}`);
  // The first step computes poss for row 1; the second tries the right-most square.
  await button('Reset').click();
  await clickStep(2);
  assert.equal((await masksOnPage()).bit, '00000001');
  assert.match(await page.locator('#narration').textContent(), /Row 1: try column 8/);
});

test('Back after many steps returns exactly to the same board and masks', async () => {
  await open('?n=7');
  await clickStep(25);
  const masks = await masksOnPage();
  const queens = await queensOnBoard();
  await clickStep(40);
  for (let i = 0; i < 40; i++) await button('Back').click();
  assert.deepEqual(await masksOnPage(), masks);
  assert.deepEqual(await queensOnBoard(), queens);
});

for (const n of [1, 4, 5, 6]) {
  test(`playing N=${n} to the end finds the ${A000170[n]} solutions of OEIS A000170`, async () => {
    await open(`?n=${n}`);
    await page.getByLabel('Speed').fill('13'); // as fast as possible
    await button('Play').click();
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    assert.equal(await solutionsFound().textContent(), String(A000170[n]));
    const listed = await page.locator('#solutions li').allTextContents();
    assert.equal(listed.length, A000170[n]);
    for (const line of listed) {
      const columns = line.split(' ').map(Number);
      assert.deepEqual([...columns].sort((a, b) => a - b), Array.from({ length: n }, (_, i) => i + 1));
    }
    assert.equal(await button('Play').isDisabled(), true);
    assert.match(await page.locator('#narration').textContent(), new RegExp(`Search finished: ${A000170[n]} solution`));
  });
}

test('Play reads Pause while playing, and Pause stops the search', async () => {
  await open('?n=8');
  await button('Play').click();
  await button('Pause').waitFor();
  await page.waitForFunction(() => Number(document.getElementById('steps').textContent) > 2);
  await button('Pause').click();
  await button('Play').waitFor();
  const steps = await page.locator('#steps').textContent();
  await page.waitForTimeout(400);
  assert.equal(await page.locator('#steps').textContent(), steps);
  await assertMasksAgreeWithBoard(8);
});

test('clicking Step during play pauses and steps once', async () => {
  await open('?n=8');
  await button('Play').click();
  await button('Step').click();
  await button('Play').waitFor();
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'paused');
  await assertMasksAgreeWithBoard(8);
});

for (const bad of ['abc', '0', '33', '-1', '8.5', '%3Cscript%3E']) {
  test(`a bad ?n=${bad} shows a message and falls back to 8`, async () => {
    await open(`?n=${bad}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.textContent(), /1 to 32.*Showing 8×8/);
    assert.equal(await page.getByRole('gridcell').count(), 64);
    await button('Step').click();
    assert.equal(await page.locator('#steps').textContent(), '1');
  });
}

test('the Board size field rebuilds the board, and refuses bad sizes with a message', async () => {
  await open();
  const size = page.getByLabel('Board size');
  await size.fill('5');
  await size.press('Enter');
  assert.equal(await page.getByRole('gridcell').count(), 25);
  assert.match(page.url(), /[?&]n=5\b/);
  await size.fill('40');
  await size.press('Enter');
  assert.match(await page.getByRole('alert').textContent(), /out of range.*Keeping 5×5/);
  assert.equal(await page.getByRole('gridcell').count(), 25);
  assert.equal(await size.inputValue(), '5');
});

test('N=32 works and its masks hold 32 digits', async () => {
  await open('?n=32');
  await clickStep(30);
  assert.match((await mask('col').textContent()).trim(), /^[01]{32}$/);
  await assertMasksAgreeWithBoard(32);
});

test('an unexpected error is shown on the page, which keeps working', async () => {
  await open('?n=6');
  expectedProblems = [/boom/];
  await page.evaluate(() => setTimeout(() => { throw new Error('boom'); }));
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /boom.*bug/);
  await button('Step').click();
  assert.equal(await page.locator('#steps').textContent(), '1');
});
