// End-to-end: what the narration, the code lines and the counters say after every kind of
// move, forward or back: always the last step taken to reach what is on screen, never a step
// that was undone; and each counter named for what it counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, controls, steps, queensOnBoard, clickStep } from '../../support/session.js';

const session = usePage();
const waitForState = (page, wanted) => page.waitForFunction((s) => document.body.dataset.state === s, wanted);
const narration = (page) => page.locator('#narration').textContent();

/** The sentence shown after stepping forward from the start to `target` one step at a time. */
async function sentenceSteppingTo(page, target) {
  await button(page, 'Reset').click();
  await clickStep(page, target);
  return narration(page);
}

test('after a jump back (Position, Home, Go to step) the narration describes the step that led there', async () => {
  const page = await session.open('?n=8');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');

  // Go to step from a solution's detail: the solution's own sentence, the board in view.
  await page.getByRole('button', { name: /^Solution 3: columns / }).click();
  await page.getByRole('button', { name: /^Go to step / }).click();
  await waitForState(page, 'paused');
  assert.match(await narration(page), /^Solution 3 found/);
  assert.equal((await queensOnBoard(page)).length, 8);
  assert.ok(await page.locator('#board').evaluate((board) => {
    const box = board.getBoundingClientRect();
    return box.top >= -1 && box.bottom <= window.innerHeight + 1; // sub-pixel rounding
  }), 'the board is on screen after Go to step');

  // The Position slider back to step 40: the sentence stepping forward to 40 gives.
  await controls(page).getByLabel('Position').fill('40');
  assert.equal(await steps(page), 40);
  const atForty = await narration(page);
  assert.doesNotMatch(atForty, /^Undone/);

  // Home (the slider's start): the start's sentence.
  await controls(page).getByLabel('Position').fill('0');
  assert.equal(await steps(page), 0);
  assert.match(await narration(page), /^Ready: \d+ queens to place, none attacking another\. Step or Play starts the search in row 1\.$/);

  // And the same sentence as stepping there one step at a time.
  assert.equal(await sentenceSteppingTo(page, 40), atForty);
});

test('Back describes the step now last, exactly as stepping forward to it did', async () => {
  const page = await session.open('?n=6');
  const forward = [];
  for (let i = 0; i < 30; i++) {
    await button(page, 'Step').click();
    forward.push(await narration(page));
  }
  for (let i = 29; i > 0; i--) {
    await button(page, 'Back').click();
    assert.equal(await narration(page), forward[i - 1], `back to step ${i}`);
  }
});

test('the counters say queens on the board and queens placed so far, apart', async () => {
  const page = await session.open('?n=8');
  await clickStep(page, 40);
  const onBoard = (await queensOnBoard(page)).length;
  assert.equal(await page.locator('#on-board').textContent(), String(onBoard));
  const placed = Number(await page.locator('#nodes').textContent());
  assert.ok(placed > onBoard, `by step 40 more queens were placed (${placed}) than stand (${onBoard})`);
  const labels = await page.locator('.counters dt').allTextContents();
  assert.ok(labels.includes('Queens on the board') && labels.includes('Queens placed so far'), labels.join(' | '));
});

test('the last row never names a row past the board', async () => {
  for (const n of [1, 6]) {
    const page = await session.open(`?n=${n}`);
    await button(page, 'Next solution').click();
    await waitForState(page, 'paused');
    await button(page, 'Back').click(); // the step before the solution: the last queen placed
    assert.match(await narration(page), new RegExp(`^Queen placed in row ${n}, column \\d+: the last row, so the board is full\\.$`));
    assert.deepEqual(page.problems, [], 'the page logged errors');
    await page.close();
    session.page = null;
  }
});

test('in mirror mode a solution\'s sentence numbers the boards as the Solutions found counter does', async () => {
  const page = await session.open('?n=6&mirror=1');
  for (const shown of [2, 4]) {
    await button(page, 'Next solution').click();
    await waitForState(page, 'paused');
    assert.match(await narration(page), new RegExp(`^Solutions ${shown - 1} and ${shown} found: this board and its mirror image`));
    assert.equal(await page.getByRole('status', { name: 'Solutions found' }).textContent(), String(shown));
  }
});
