// End-to-end: what the narration, the code lines and the counters say after every kind of
// move, forward or back: always the last step taken to reach what is on screen, never a step
// that was undone; and each counter named for what it counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, controls, steps, queensOnBoard, clickStep } from '../../support/session.js';
import { SAY_EVERY_MS } from '../../../www/stage/announcer.js';

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

/** Starts recording, in the page, every change of every live region: an aria-live other than
 *  off, a role of status, alert or log, an output (a status) not made silent with
 *  aria-live="off"; each a MutationObserver record {at (ms), region, text}, in
 *  window.liveChanges. */
const recordLiveChanges = (page) => page.evaluate(() => {
  window.liveChanges = [];
  const regions = [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"], output')]
    .filter((region) => region.getAttribute('aria-live') !== 'off');
  for (const region of regions) {
    new MutationObserver((records) => {
      for (const record of records) window.liveChanges.push({ at: performance.now(), region: region.id || region.className, text: region.textContent });
    }).observe(region, { childList: true, characterData: true, subtree: true });
  }
  return regions.length;
});

/** What the live region of the search says now (what a screen reader was last told). */
const said = (page) => page.locator('#narration-said').textContent();

test('Play tells a screen reader at most one sentence every 3 s and nothing else; where it stops is always said', async () => {
  const page = await session.open('?n=8&speed=10');
  assert.ok(await recordLiveChanges(page) >= 5, 'the page has its live regions');
  const start = await page.evaluate(() => performance.now());
  await button(page, 'Play').click();
  // Some 2 s of play at 10 steps a second: a state (the step counter past 20), not a time.
  await page.waitForFunction(() => Number(document.getElementById('steps').textContent) >= 20);
  const { changes, elapsed } = await page.evaluate((t) => ({ changes: [...window.liveChanges], elapsed: performance.now() - t }), start);
  // The first step's sentence at once, then at most one every SAY_EVERY_MS.
  const most = 1 + Math.floor(elapsed / SAY_EVERY_MS);
  assert.ok(changes.length >= 1 && changes.length <= most,
    `${changes.length} changes of live regions in ${Math.round(elapsed)} ms of play (at most ${most}): ${JSON.stringify(changes.slice(0, 12).map(({ region, text }) => `${region}: ${text.slice(0, 50)}`))}`);
  assert.deepEqual([...new Set(changes.map(({ region }) => region))], ['narration-said'], 'the readouts (Explored, Time left, the counters) are silent');
  // Paused: the sentence where it stopped, led by its step.
  await button(page, 'Pause').click();
  await waitForState(page, 'paused');
  assert.equal(await said(page), `At step ${await steps(page)}. ${await narration(page)}`);
  // Resting, each step's sentence is said as it comes.
  await button(page, 'Step').click();
  assert.equal(await said(page), await narration(page));
  // Stopped at a solution by Next solution, and at the end by Run to end: said too.
  await button(page, 'Next solution').click();
  await waitForState(page, 'paused');
  assert.match(await said(page), /^At step [\d,]+\. Solution 1 found/);
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  assert.equal(await said(page), `At step ${(await steps(page)).toLocaleString('en')}. Search finished: 92 solutions on the 8×8 board.`);
});

