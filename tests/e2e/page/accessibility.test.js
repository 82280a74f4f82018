// End-to-end: axe-core audits the page in every look and with every panel in use. No serious
// or critical violation is allowed anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, clickStep, frames } from '../../support/session.js';
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

/** The element Tab moved to and where it stands against the phone's bottom bar (WCAG 2.4.11):
 *  its name, whether it is in the bar, its bottom edge and its focus ring's (the outline drawn
 *  outside it), and the bar's top edge, all in px from the screen's top; null on the body. */
const focusAgainstBar = (page) => page.evaluate(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const bar = document.querySelector('.controls .buttons');
  const style = getComputedStyle(element);
  const ring = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) + Math.max(0, parseFloat(style.outlineOffset));
  const box = element.getBoundingClientRect();
  const name = element.getAttribute('aria-label') || (element.matches('summary') && element.querySelector('h2, h3')?.textContent)
    || element.textContent.trim().slice(0, 40) || element.id || element.tagName;
  return { name, inBar: bar.contains(element), fixed: getComputedStyle(bar).position === 'fixed', top: box.top, bottom: box.bottom, ring, barTop: bar.getBoundingClientRect().top };
});

/** Tabs once round the whole page from its top (until the focus comes back to the first element
 *  it reached); fails on each element the bar covers, its ring included. Returns the names. */
async function tabRoundClearOfBar(page, where) {
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  const names = [];
  const covered = [];
  let first = null;
  for (let tab = 0; tab < 500; tab++) {
    await page.keyboard.press('Tab');
    await frames(page, 2); // the bar's own changes (its caption, when the scroll took the board away) settled
    const at = await focusAgainstBar(page);
    if (!at) continue;
    assert.ok(at.fixed, `${where}: the bar is fixed to the screen`);
    const key = await page.evaluate(() => {
      const element = document.activeElement;
      element.dataset.tabRound ??= String(document.querySelectorAll('[data-tab-round]').length);
      return element.dataset.tabRound;
    });
    if (key === first) return { names, covered };
    first ??= key;
    names.push(at.name);
    if (!at.inBar && at.bottom + at.ring > at.barTop + 0.5) {
      covered.push(`${at.name}: ${Math.round(at.top)} to ${Math.round(at.bottom)} (ring ${at.ring} px), the bar from ${Math.round(at.barTop)}`);
    }
  }
  assert.fail(`${where}: 500 presses of Tab never came back to the first element`);
}

for (const [width, height] of [[390, 844], [320, 640]]) {
  test(`${width}×${height}: every element Tab reaches is clear of the bottom bar, its focus ring too; every panel open as well`, async () => {
    const page = await session.open('?n=8&compare=board-scan,richards&cn=6', { viewport: { width, height } });
    // The page settled first: the tree's size measured (Explored's lines), so that nothing above
    // an element moves it under the bar between its focus and its measure.
    await page.waitForFunction(() => document.getElementById('explored').textContent !== '…');
    const closed = await tabRoundClearOfBar(page, 'panels closed');
    assert.deepEqual(closed.covered, [], 'panels closed: covered by the bar');
    // The ones a class found under the bar (issue 51) are among those reached.
    for (const name of ['Board as PNG', 'Board as SVG', 'Print worksheet', 'Animation (GIF)', 'Video (MP4)',
      'Make a lesson', 'Compare algorithms', 'Count all solutions', 'Race the counters']) {
      assert.ok(closed.names.includes(name), `${name} is reached by Tab: ${closed.names.join(', ')}`);
    }
    await page.evaluate(() => { for (const panel of document.querySelectorAll('details')) panel.open = true; });
    await page.getByRole('region', { name: 'Board scan', exact: true }).waitFor();
    await page.getByRole('application', { name: /^Search tree/ }).waitFor();
    await page.locator('#write-check:enabled').waitFor(); // Write it's editor loaded (it is taller then)
    const open = await tabRoundClearOfBar(page, 'every panel open');
    assert.deepEqual(open.covered, [], 'every panel open: covered by the bar');
    assert.ok(open.names.length > closed.names.length && open.names.includes('First dead end'), `History's landmarks reached too: ${open.names.join(', ')}`);
  });
}

test('390×844, a lesson open (its buttons in the bottom bar, which is taller): every element Tab reaches is clear of the bar', async () => {
  const page = await session.open('?lesson=three-masks&stop=2', { viewport: { width: 390, height: 844 } });
  await page.locator('#lesson-bar:not([hidden])').waitFor();
  const { names, covered } = await tabRoundClearOfBar(page, 'a lesson open');
  assert.deepEqual(covered, [], 'covered by the bar');
  assert.ok(names.includes('Next stop') && names.includes('Board as PNG'), names.join(', '));
});

