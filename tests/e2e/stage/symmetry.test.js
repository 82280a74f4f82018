// End-to-end: symmetry, shown. The Symmetry classes table after a run to the end against the
// published counts (OEIS A002562 and A000170, from the core's table: tests/support/published.js), a solution's detail
// with its distinct images and its class representative, and the sentence that says what
// "Unique solutions" counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, controls, button } from '../../support/session.js';
import { published } from '../../support/published.js';

const session = usePage();
const waitForState = (page, wanted) => page.waitForFunction((s) => document.body.dataset.state === s, wanted);
const number = (text) => Number(text.replace(/,/g, ''));

/** The table's rows: [[boards in a class, classes, solutions]], and its sums. */
async function classesTable(page) {
  const table = page.getByRole('table', { name: 'Symmetry classes' });
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const sums = await table.locator('tfoot tr').evaluateAll((trs) => [...trs[0].cells].map((c) => c.textContent));
  return { rows: rows.map((r) => r.map(number)), sums: [sums[0], number(sums[1]), number(sums[2])] };
}

test('after a run to the end, the symmetry classes add up to the published counts, N = 4 to 10', async () => {
  const page = await session.open('?n=4');
  for (let n = 4; n <= 10; n++) {
    if (n > 4) await boardSize(page, n);
    assert.equal(await page.getByRole('table', { name: 'Symmetry classes' }).isVisible(), false, 'only at the end');
    await button(page, 'Run to end').click();
    await waitForState(page, 'done');
    const { rows, sums } = await classesTable(page);
    const { total, unique } = published(n);
    assert.deepEqual(sums, ['Total', unique, total], `n=${n}`);
    assert.equal(rows.reduce((s, [, classes]) => s + classes, 0), unique, `n=${n}: classes`);
    for (const [size, classes, solutions] of rows) {
      assert.ok([1, 2, 4, 8].includes(size));
      assert.equal(solutions, size * classes, `n=${n}: ${classes} classes of ${size}`);
    }
  }
});

/** Starts a new search of n×n from the controls. */
async function boardSize(page, n) {
  await controls(page).getByLabel('Board size').fill(String(n));
  await controls(page).getByLabel('Board size').press('Enter');
}

test('N=8: 11 classes of 8 boards and 1 of 4 make the 92, in mirror mode too', async () => {
  const page = await session.open('?n=8');
  for (const query of ['', 'mirror']) {
    if (query) await page.getByRole('switch', { name: 'Mirror symmetry' }).check();
    await button(page, 'Run to end').click();
    await waitForState(page, 'done');
    const { rows, sums } = await classesTable(page);
    assert.deepEqual(rows, [[8, 11, 88], [4, 1, 4]], query);
    assert.deepEqual(sums, ['Total', 12, 92], query);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getByRole('table', { name: 'Symmetry classes' }).isVisible(), false, 'gone when the search is no longer over');
    // Back to the start (every class undone) and to the end again: the same table.
    await controls(page).getByLabel('Position').fill('0');
    await waitForState(page, 'idle');
    await button(page, 'Run to end').click();
    await waitForState(page, 'done');
    assert.deepEqual((await classesTable(page)).rows, [[8, 11, 88], [4, 1, 4]], `${query}, after going back to the start`);
  }
});

/** The images in the open detail: [{representative, names, columns}]. */
async function images(page) {
  const labels = await page.getByRole('list', { name: 'The boards of its symmetry class' }).getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));
  return labels.map((label) => {
    const [, star, names, columns] = label.match(/^(Class representative: )?(.*): columns ([\d ]+)$/);
    return { representative: Boolean(star), names: names.split(', also '), columns: columns.split(' ').map(Number) };
  });
}

test('a solution’s detail shows its distinct images, equal ones merged, one of them the representative', async () => {
  // Classes of 8 (N=8), of 4 (N=6: each image made by two symmetries) and of 2 (N=4).
  const page = await session.open('?n=8');
  for (const [n, size] of [[8, 8], [6, 4], [4, 2]]) {
    await boardSize(page, n);
    await button(page, 'Run to end').click();
    await waitForState(page, 'done');
    await page.getByRole('button', { name: /^Solution 1: columns / }).click();
    const shown = await images(page);
    assert.equal(shown.length, size, `n=${n}`);
    assert.equal(shown.flatMap((s) => s.names).length, 8, 'the 8 symmetries, each once');
    assert.ok(shown.every((s) => s.names.length === 8 / size), 'equal images merged');
    assert.equal(shown[0].names[0], 'as found');
    const representatives = shown.filter((s) => s.representative);
    assert.equal(representatives.length, 1);
    // The representative is the smallest board, read as column numbers.
    const key = (s) => s.columns.map((c) => String(c).padStart(2, '0')).join();
    assert.equal(key(representatives[0]), shown.map(key).sort()[0]);
    assert.match(await page.locator('#solution-detail').textContent(), new RegExp(`make ${size} different boards`));
  }
});

test('Unique solutions reads 0 after the first five solutions of N=12, and the page says why', async () => {
  const page = await session.open('?n=12');
  assert.match(await page.locator('#unique-note').textContent(), /counts each solution once together with its turns and mirror images/);
  for (let k = 0; k < 5; k++) {
    await button(page, 'Next solution').click();
    await waitForState(page, 'paused');
  }
  assert.equal(await page.getByRole('status', { name: 'Solutions found' }).textContent(), '5');
  assert.equal(await page.getByRole('status', { name: 'Unique solutions' }).textContent(), '0');
  assert.match(await page.locator('#unique-note').textContent(),
    /So far 0 of the 5 solutions found are ★ boards; the other 5 are turns or mirror images of ★ boards found already or still to come/);
  // Said where the number is too, in a few words, and read with it by a screen reader.
  const why = page.locator('#unique-why');
  assert.equal(await why.textContent(), 'so far: ★ boards come late');
  assert.equal(await page.getByRole('status', { name: 'Unique solutions' }).getAttribute('aria-describedby'), 'unique-why');
  const [tile, line] = [await page.locator('#unique-found').boundingBox(), await why.boundingBox()];
  assert.ok(line.y >= tile.y + tile.height - 1 && line.y - (tile.y + tile.height) < 30, 'right under the number');
  await page.keyboard.press('e');
  await waitForState(page, 'done');
  assert.equal(await why.textContent(), 'one per symmetry class', 'nothing lags at the end');
});
