// End-to-end: the built page (dist/) in Debian's Chromium via playwright-core: the board,
// the masks, stepping, playing to the end, Back, and bad board sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  usePage, button, controls, mask, solutionsFound, clickStep, queensOnBoard, masksOnPage, assertMasksAgreeWithBoard, galleryListed, steps, frames,
} from '../../support/session.js';
import { published } from '../../support/published.js';
import { openPage, pageReady } from '../../support/browser.js';

const session = usePage();
const open = (query) => session.open(query);
const expectProblem = (regex) => session.expectProblem(regex);
let page;

test('the page shows an 8×8 board, five masks of 8 digits and no solutions at first', async () => {
  page = await open();
  assert.equal(await page.getByRole('gridcell').count(), 64);
  assert.equal(await page.getByRole('gridcell', { name: 'Row 1, column 1: free', exact: true }).count(), 1, 'row 1, searched first, is all free');
  assert.equal(await page.getByRole('gridcell', { name: 'Row 8, column 8', exact: true }).count(), 1);
  for (const name of ['ld', 'col', 'rd', 'poss', 'bit']) {
    assert.match((await mask(page, name).textContent()).trim(), /^[01]{8}$/, name);
  }
  assert.equal(await solutionsFound(page).textContent(), '0');
  assert.equal(await button(page, 'Back').isDisabled(), true);
});

test('stepping places queens and the masks agree with the board at every point', async () => {
  page = await open('?n=8');
  let most = 0;
  for (let i = 0; i < 60; i++) {
    await button(page, 'Step').click();
    if (i % 3 === 0) most = Math.max(most, (await assertMasksAgreeWithBoard(page, 8)).length);
  }
  assert.ok(most >= 4, `expected several queens after 60 steps, saw at most ${most}`);
  // The first step computes poss for row 1; the second tries the right-most square.
  await button(page, 'Reset').click();
  await clickStep(page, 2);
  assert.equal((await masksOnPage(page)).bit, '00000001');
  assert.match(await page.locator('#narration').textContent(), /Row 1: try column 8/);
});

test('Back after many steps returns exactly to the same board and masks', async () => {
  page = await open('?n=7');
  await clickStep(page, 25);
  const masks = await masksOnPage(page);
  const queens = await queensOnBoard(page);
  await clickStep(page, 40);
  for (let i = 0; i < 40; i++) await button(page, 'Back').click();
  assert.deepEqual(await masksOnPage(page), masks);
  assert.deepEqual(await queensOnBoard(page), queens);
});

for (const n of [1, 4, 5, 6]) {
  const { total, unique } = published(n);
  test(`playing N=${n} to the end finds the ${total} solutions of OEIS A000170`, async () => {
    page = await open(`?n=${n}`);
    await controls(page).getByLabel('Speed').fill('13'); // as fast as possible
    await button(page, 'Play').click();
    await page.waitForFunction(() => document.body.dataset.state === 'done');
    assert.equal(await solutionsFound(page).textContent(), String(total));
    await galleryListed(page);
    const listed = await page.getByRole('button', { name: /^Solution \d+: columns / }).evaluateAll(
      (thumbs) => thumbs.map((t) => t.getAttribute('aria-label')),
    );
    assert.equal(listed.length, total);
    for (const [i, label] of listed.entries()) {
      const [, number, columns] = label.match(/^Solution (\d+): columns (.*)$/);
      assert.equal(Number(number), i + 1);
      const sorted = columns.split(' ').map(Number).sort((a, b) => a - b);
      assert.deepEqual(sorted, Array.from({ length: n }, (_, k) => k + 1));
    }
    assert.equal(await page.getByRole('status', { name: 'Unique solutions' }).textContent(), String(unique));
    assert.equal(await button(page, 'Play').isDisabled(), true);
    assert.match(await page.locator('#narration').textContent(), new RegExp(`Search finished: ${total} solution`));
  });
}

test('Play reads Pause while playing, and Pause stops the search', async () => {
  page = await open('?n=8');
  await button(page, 'Play').click();
  await button(page, 'Pause').waitFor();
  await page.waitForFunction(() => Number(document.getElementById('steps').textContent) > 2);
  await button(page, 'Pause').click();
  await button(page, 'Play').waitFor();
  const steps = await page.locator('#steps').textContent();
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'paused');
  // Nothing may move after Pause: watched over 20 animation frames, longer than a step takes
  // at this speed (10 steps/s) on any display up to 200 Hz, and the player moves only on frames.
  await frames(page, 20);
  assert.equal(await page.locator('#steps').textContent(), steps);
  await assertMasksAgreeWithBoard(page, 8);
});

test('clicking Step during play pauses and steps once', async () => {
  page = await open('?n=8');
  await button(page, 'Play').click();
  await button(page, 'Step').click();
  await button(page, 'Play').waitFor();
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'paused');
  await assertMasksAgreeWithBoard(page, 8);
});

for (const bad of ['abc', '0', '33', '-1', '8.5', '%3Cscript%3E']) {
  test(`a bad ?n=${bad} shows a message and falls back to 8`, async () => {
    page = await open(`?n=${bad}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.textContent(), /1 to 32.*Showing 8×8/);
    assert.equal(await page.getByRole('gridcell').count(), 64);
    await button(page, 'Step').click();
    assert.equal(await page.locator('#steps').textContent(), '1');
  });
}

test('the Board size field rebuilds the board, and refuses bad sizes with a message', async () => {
  page = await open();
  const size = controls(page).getByLabel('Board size');
  await size.fill('5');
  await size.press('Enter');
  assert.equal(await page.getByRole('gridcell').count(), 25);
  assert.match(page.url(), /[?&]n=5\b/);
  await size.fill('40');
  await size.press('Enter');
  assert.match(await page.getByRole('alert').textContent(), /out of range.*Keeping 5×5/);
  assert.equal(await page.getByRole('gridcell').count(), 25);
  assert.equal(await size.inputValue(), '5');
  // Typed text that is not a number leaves the field empty; it is still named as such.
  await size.fill('');
  await size.pressSequentially('e');
  await size.press('Enter');
  assert.match(await page.getByRole('alert').textContent(), /^Board size is not a number: use 1 to 32\. Keeping 5×5\.$/);
  assert.equal(await page.getByRole('gridcell').count(), 25);
});

test('N=32 works and its masks hold 32 digits', async () => {
  page = await open('?n=32');
  await clickStep(page, 30);
  assert.match((await mask(page, 'col').textContent()).trim(), /^[01]{32}$/);
  await assertMasksAgreeWithBoard(page, 32);
});

test('an unexpected error is shown on the page, which keeps working', async () => {
  page = await open('?n=6');
  expectProblem(/boom/);
  await page.evaluate(() => setTimeout(() => { throw new Error('boom'); }));
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /boom.*bug/);
  // Logged as well as shown: the developer tools (and this suite's guard) see it.
  assert.ok(page.problems.some((problem) => /^console error: .*boom/.test(problem)), `logged: ${page.problems.join(' | ')}`);
  await button(page, 'Step').click();
  assert.equal(await page.locator('#steps').textContent(), '1');
});

test('the bit panel shows every operation of the loop, and the next row when a square is chosen', async () => {
  page = await open('?n=8');
  const line = async (name) => (await mask(page, name).textContent()).trim();
  const active = (name) => mask(page, name).evaluate((e) => e.classList.contains('active'));
  await clickStep(page, 1); // poss computed for row 1
  assert.equal(await line('ld | col | rd'), '00000000');
  assert.equal(await line('~(ld | col | rd) & done'), '11111111');
  assert.equal(await active('~(ld | col | rd) & done'), true);
  await clickStep(page, 1); // bit = poss & -poss: column 8
  assert.equal(await line('bit'), '00000001');
  assert.equal(await line('poss'), '11111110');
  assert.equal(await active('bit'), true);
  assert.equal(await active('~(ld | col | rd) & done'), false);
  // The next row's masks, derived from this row and bit (ld shifts right, rd left).
  assert.equal(await line('(ld | bit) >> 1'), '00000000');
  assert.equal(await line('col | bit'), '00000001');
  assert.equal(await line('(rd | bit) << 1'), '00000010');
  await clickStep(page, 1); // placed: row 2 receives exactly those masks
  assert.equal(await line('ld'), '00000000');
  assert.equal(await line('col'), '00000001');
  assert.equal(await line('rd'), '00000010');
  assert.equal(await active('col'), true);
  await clickStep(page, 2); // row 2: free = ~(00000011) & done, try column 6
  assert.equal(await line('ld | col | rd'), '00000011');
  assert.equal(await line('bit'), '00000100');
  assert.equal(await line('(ld | bit) >> 1'), '00000010');
  assert.equal(await line('col | bit'), '00000101');
  assert.equal(await line('(rd | bit) << 1'), '00001100');
});

test('every line of the bit panel shows the decimal value of its n digits', async () => {
  page = await open('?n=8');
  await clickStep(page, 42);
  const pairs = await page.locator('#masks .mask-name').evaluateAll((labels) => labels.map((label) => [
    label.querySelector('.mask-decimal').textContent, label.nextElementSibling.textContent,
  ]));
  assert.equal(pairs.length, 10);
  for (const [decimal, digits] of pairs) assert.equal(decimal, `= ${parseInt(digits, 2)}`, digits);
});

test('while the core loads, the page is inert and says so; clicks then do nothing, and every control works once it is ready', async () => {
  const page = await openPage(session.browser, 'about:blank');
  session.page = page; // its console errors fail the test, as every page's
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/*.wasm', async (route) => { await held; await route.continue(); });
  await page.goto(`${session.server.url}?n=6`);
  const loading = page.getByRole('status').filter({ hasText: 'Loading the search core' });
  await loading.waitFor();
  assert.equal(await page.locator('main').evaluate((main) => main.inert), true);
  assert.equal(await page.getByLabel('Lessons').isDisabled(), true);
  assert.equal(await button(page, 'Presenter').isDisabled(), true);
  const step = await button(page, 'Step').boundingBox();
  await page.mouse.click(step.x + step.width / 2, step.y + step.height / 2); // lands on nothing
  await page.keyboard.press('ArrowRight');
  // Space pressed while it loads does not scroll the page away from the board, which is where
  // the reader looks once it is ready.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'Space scrolled the page while the core loaded');
  release();
  await pageReady(page);
  assert.equal(await loading.isVisible(), false);
  assert.equal(await page.locator('main').evaluate((main) => main.inert), false);
  assert.equal(await steps(page), 0, 'nothing was done half-loaded');
  await button(page, 'Step').click();
  assert.equal(await steps(page), 1);
  assert.equal(await page.getByLabel('Lessons').isDisabled(), false);
  // Once ready, Space with no control focused is Play's again (on the focused Step it would step).
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.body.dataset.state === 'playing');
});

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`${viewport.width}×${viewport.height}: the first screen says what the problem is and leads to what ld, col and rd mean`, async () => {
    const page = await session.open('?n=8', { viewport, touch: viewport.width < 500 });
    const onScreen = (locator) => locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
    });
    // The problem in words: the masthead's line on a laptop, the narration everywhere.
    const narration = page.locator('#narration');
    assert.match(await narration.textContent(), /^Ready: 8 queens to place, none attacking another\./);
    assert.ok(await onScreen(narration), 'the narration is on the first screen');
    if (viewport.width > 500) {
      const line = page.locator('.masthead p');
      assert.match(await line.textContent(), /N queens, none attacking another, placed one bit operation at a time/);
      assert.ok(await onScreen(line));
    }
    // The legend, one press away, by touch or by keyboard: in view and focused (read next).
    const legendButton = page.getByRole('button', { name: 'What ld, col, rd mean', exact: true });
    assert.ok(await onScreen(legendButton), 'the way to the legend is on the first screen');
    if (viewport.width < 500) {
      const box = await legendButton.boundingBox();
      assert.ok(box.height >= 44, `a finger's 44 px target: ${box.height}`);
    }
    await legendButton.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'legend');
    const legend = page.locator('#legend');
    assert.ok(await onScreen(legend), 'the legend is brought into view');
    assert.match(await legend.textContent(), /ld\s+along a ╲ diagonal.*col\s+in its column.*rd\s+along a ╱ diagonal/s);
  });
}
