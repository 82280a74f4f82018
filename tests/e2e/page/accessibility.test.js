// End-to-end: axe-core audits the page in every look and with every panel in use. No serious
// or critical violation is allowed anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, clickStep } from '../../support/session.js';
import { seriousViolations } from '../../support/axe.js';

const session = usePage();
const waitForState = (page, wanted) => page.waitForFunction((s) => document.body.dataset.state === s, wanted);

/** Puts something in every panel: queens, marks in the row being searched, a solution. */
async function makeBusy(page) {
  await button(page, 'Next solution').click();
  await waitForState(page, 'paused');
  await clickStep(page, 5);
  return page;
}

const busyPage = async (query = '?n=6') => makeBusy(await session.open(query));

async function assertNoSeriousViolations(page, where) {
  assert.deepEqual(await seriousViolations(page), [], `axe-core, ${where}`);
}

test('the default look has no serious accessibility violation, at the start and mid-search', async () => {
  const page = await session.open();
  await page.emulateMedia({ colorScheme: 'light' });
  await assertNoSeriousViolations(page, 'at the start');
  await makeBusy(page);
  await assertNoSeriousViolations(page, 'mid-search with a solution listed');
});

test('the dark theme has no serious accessibility violation', async () => {
  const page = await busyPage();
  await page.getByLabel('Theme').selectOption('dark');
  await assertNoSeriousViolations(page, 'dark theme');
});

for (const theme of ['light', 'dark']) {
  test(`Projector mode (${theme}) has no serious accessibility violation`, async () => {
    const page = await busyPage();
    await page.getByLabel('Theme').selectOption(theme);
    await button(page, 'Projector').click();
    await assertNoSeriousViolations(page, `Projector, ${theme}`);
  });
}

test('the count panel, counting and after a count and a race, has no serious accessibility violation', async () => {
  // Two workers, each sub-problem slowed down: N = 13 lasts far longer than the audit.
  const page = await session.open('', { cores: 2, countDelayMs: 40 });
  const size = page.getByLabel('Size to count');
  await size.fill('13');
  await button(page, 'Count all').click();
  await page.waitForFunction(() => /sub-problems ·/.test(document.getElementById('count-status').textContent));
  await assertNoSeriousViolations(page, 'during a count');
  assert.equal(await page.locator('#count-result').textContent(), '', 'still counting after the audit');
  await button(page, 'Cancel').click();
  for (const n of ['9', '10']) {
    await size.fill(n);
    await button(page, 'Count all').click();
    await page.waitForFunction(() => document.getElementById('count-cancel').disabled);
  }
  await button(page, 'Race the counters').click();
  await page.waitForFunction(() => document.getElementById('count-cancel').disabled);
  await assertNoSeriousViolations(page, 'after counts and a race');
});

test('the help dialog, open, has no serious accessibility violation', async () => {
  const page = await busyPage();
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await assertNoSeriousViolations(page, 'help dialog open');
});

test('a solution’s detail, open, has no serious accessibility violation', async () => {
  const page = await busyPage('?n=8');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  await page.getByRole('button', { name: /^Solution 3: columns / }).click();
  await page.locator('#solution-detail').waitFor();
  await assertNoSeriousViolations(page, 'detail of a solution');
});

test('the Search tree panel, in both views with a node chosen, has no serious accessibility violation', async () => {
  const page = await busyPage('?n=7&mirror=1');
  await page.getByRole('application', { name: /^Search tree/ }).focus();
  await page.keyboard.press('ArrowUp');
  await assertNoSeriousViolations(page, 'whole tree, a node chosen');
  await page.getByLabel('Show').selectOption('path');
  await page.getByRole('application', { name: /^Search tree/ }).focus();
  await page.keyboard.press('ArrowLeft');
  await assertNoSeriousViolations(page, 'path view, a node chosen');
  for (const theme of ['dark', 'light']) {
    await page.getByLabel('Theme').selectOption(theme);
    await button(page, 'Projector').click();
    await assertNoSeriousViolations(page, `the tree, Projector, ${theme}`);
  }
});

test('the symmetry views (a solution’s images, the classes table, the note on unique solutions) have no serious accessibility violation', async () => {
  const page = await busyPage('?n=6');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  await page.getByRole('button', { name: /^Solution 2: columns / }).click();
  await page.getByRole('list', { name: 'The boards of its symmetry class' }).waitFor();
  await page.getByRole('table', { name: 'Symmetry classes' }).waitFor();
  await assertNoSeriousViolations(page, 'images and classes, light');
  await page.getByLabel('Theme').selectOption('dark');
  await assertNoSeriousViolations(page, 'images and classes, dark');
});

test('the Compare section, open with four lanes, has no serious accessibility violation', async () => {
  const page = await session.open('?compare=board-scan,flag-arrays,rows-as-integers,richards&cn=6');
  await page.getByRole('region', { name: 'Board scan', exact: true }).waitFor();
  const section = page.getByRole('group', { name: 'Compare algorithms' });
  for (let i = 0; i < 7; i++) await section.getByRole('button', { name: 'Next node', exact: true }).click();
  await assertNoSeriousViolations(page, 'Compare section');
  await page.getByLabel('Theme').selectOption('dark');
  await button(page, 'Projector').click();
  await assertNoSeriousViolations(page, 'Compare section, Projector dark');
});

test('a lesson open, with History and Make a lesson open, and the presenter view, have no serious accessibility violation', async () => {
  const page = await session.open('?lesson=dead-ends&stop=3');
  await page.locator('#history-panel summary').click();
  await page.locator('#lesson-maker summary').click();
  await page.getByLabel('Note for the next stop').fill('A note.');
  await button(page, 'Add this view as a stop').click();
  await assertNoSeriousViolations(page, 'a lesson, History, Make a lesson');
  await button(page, 'Presenter').click();
  await assertNoSeriousViolations(page, 'the presenter view');
});
