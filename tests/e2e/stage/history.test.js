// End-to-end: the History list (the last 50 steps, each a link to its step) and the Go to
// landmarks, checked against the page's own narration and counters and the published
// number of unique solutions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps } from '../../support/session.js';
import { published } from '../../support/published.js';

const session = usePage();
const narration = async (page) => (await page.locator('#narration').textContent()).trim();
const items = (page) => page.locator('#history-list li');
const openHistory = async (page) => {
  await page.locator('#history-panel summary').click();
  await items(page).first().waitFor();
};

test('History lists the last steps newest first, each as the narration said it, and goes back to one', async () => {
  const page = await session.open('?n=6&pos=30');
  const now = await narration(page);
  await openHistory(page);
  assert.equal(await items(page).count(), 30);
  assert.equal(await items(page).first().textContent(), `Step 30 ${now}`);
  await page.getByRole('link', { name: 'Step 27', exact: true }).click();
  assert.equal(await steps(page), 27);
  assert.equal(await items(page).first().textContent(), `Step 27 ${await narration(page)}`);
  await page.goto(page.url().replace(/pos=\d+/, 'pos=200'));
  await page.locator('#board [role="gridcell"]').first().waitFor();
  await openHistory(page);
  assert.equal(await items(page).count(), 50, 'at most 50');
  assert.equal(await items(page).last().locator('a').textContent(), 'Step 151');
});

test('Go to the first dead end, backtrack and solution: the first steps of their kind', async () => {
  const page = await session.open('?n=6');
  let deadEnd = 0;
  while (!/^Dead end/.test(await narration(page))) {
    await button(page, 'Step').click();
    deadEnd += 1;
  }
  await button(page, 'Reset').click();
  await page.locator('#history-panel summary').click();
  await button(page, 'First dead end').click();
  assert.equal(await steps(page), deadEnd);
  await button(page, 'First backtrack').click();
  assert.equal(await steps(page), deadEnd + 1);
  assert.match(await narration(page), /^Back to row/);
  await button(page, 'First solution').click();
  assert.match(await narration(page), /^Solution 1 found/);
});

test('Next unique solution visits each symmetry class once: the published count of N = 8', async () => {
  const page = await session.open('?n=8');
  await page.locator('#history-panel summary').click();
  const unique = published(8).unique;
  for (let k = 1; k <= unique; k++) {
    await button(page, 'Next unique solution').click();
    await page.waitForFunction((want) => document.getElementById('unique-found').textContent === String(want), k);
    assert.match(await narration(page), /^Solution \d+ found/);
  }
  await button(page, 'Next unique solution').click();
  assert.match(await page.locator('#message').textContent(), /Next unique solution: none ahead/);
});
