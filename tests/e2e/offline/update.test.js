// End-to-end: a new version arrives. The page is served from a copy of dist/; once its service
// worker is in charge, the copy becomes a second version (index.html carries a mark, and the
// service worker's precache list a new revision for it, as a new build writes). The page finds
// it without reloading; nothing is offered mid-lesson (nor in the presenter view, nor during a
// count); when the lesson closes "A new version is ready: Reload" shows; Reload lands on the
// same step, on the new version.
// (Closing a lesson leaves the board where its last stop put it: that is the step kept.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '../../support/server.js';
import { launch, watchPage, pageReady } from '../../support/browser.js';
import { button, steps } from '../../support/session.js';
import { workerActivated, SERVICE_WORKER } from '../../support/offline.js';
import { setSize, countIdle } from '../../support/count-panel.js';

const MARK = '<meta name="bitqueens-test-version" content="2">';

/** Turns the copy in `root` into a second version: a mark in index.html, and in the service
 *  worker a new revision of index.html (the bytes of the worker differ, so the browser installs
 *  it; the new revision makes it fetch the new index.html). */
async function secondVersion(root) {
  const index = path.join(root, 'index.html');
  await writeFile(index, (await readFile(index, 'utf8')).replace('<head>', `<head>${MARK}`));
  const worker = path.join(root, SERVICE_WORKER);
  const source = await readFile(worker, 'utf8');
  const entry = /(['"]?revision['"]?\s*:\s*['"])([0-9a-f]+)(['"]\s*,\s*['"]?url['"]?\s*:\s*['"]index\.html['"])/;
  assert.match(source, entry, 'the precache list names index.html with a revision');
  await writeFile(worker, source.replace(entry, '$1second$3'));
}

/** Resolves once a new version of the service worker is installed and waits. */
const newVersionWaits = (page) => page.evaluate(async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing ?? registration.waiting;
  if (!worker) throw new Error('no new version was found');
  if (worker.state !== 'installed') {
    await new Promise((resolve, reject) => worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') resolve();
      if (worker.state === 'redundant') reject(new Error('the new version failed to install'));
    }));
  }
});

test('a new version waits, is not offered mid-lesson, is offered when the lesson ends, and Reload lands on the same step with it', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'bitqueens-update-'));
  await cp('dist', root, { recursive: true });
  const server = await serve(root);
  const browser = await launch();
  try {
    const context = await browser.newContext();
    // Two workers, each sub-problem slowed 20 ms: the count of N = 12 below (472 sub-problems)
    // lasts at least 4.7 s on any machine, far more than the page's 1 s between two looks at
    // whether it is busy.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 });
      globalThis.bitqueensTestHooks = Object.freeze({ countDelayMs: 20 });
    });
    const page = await context.newPage();
    await watchPage(page);
    await page.goto(server.url);
    await pageReady(page);
    await workerActivated(page);
    await page.reload(); // now the service worker is in charge of the page
    await pageReady(page);
    assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
    await page.evaluate(() => { window.sameDocument = true; }); // gone if the page reloads

    await page.getByLabel('Lessons').selectOption({ label: 'The three masks' });
    await page.locator('#lesson-bar').waitFor();
    await secondVersion(root);
    await newVersionWaits(page);
    const offer = page.getByRole('group', { name: 'New version' });
    await page.locator('#update-offer[data-waiting]').waitFor({ state: 'attached' });
    assert.equal(await offer.isVisible(), false, 'not offered mid-lesson');
    await button(page, 'Next stop').click();
    assert.equal(await offer.isVisible(), false, 'not offered mid-lesson');
    await button(page, 'Close lesson').click();
    await offer.waitFor(); // offered when the lesson ends
    assert.equal(await offer.getByRole('paragraph').textContent(), 'A new version is ready:');
    assert.equal(await page.evaluate(() => window.sameDocument), true, 'offered without a reload');
    // Held back again while the presenter view is on, and during a count.
    await button(page, 'Presenter').click();
    await offer.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await offer.waitFor();
    await setSize(page, '12');
    await button(page, 'Count all').click();
    await offer.waitFor({ state: 'hidden' });
    await countIdle(page, 120_000);
    await offer.waitFor();
    // Where the lesson left the board, two steps on: the step the reload must land on.
    const size = await page.locator('#size').inputValue();
    await button(page, 'Step').click();
    await button(page, 'Step').click();
    const step = await steps(page);
    assert.equal(await offer.isVisible(), true, 'still offered');
    assert.equal(await page.locator('meta[name="bitqueens-test-version"]').count(), 0, 'still the first version');

    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'Reload', exact: true }).click();
    await reloaded;
    await pageReady(page);
    assert.equal(await page.locator('meta[name="bitqueens-test-version"]').count(), 1, 'the new version');
    assert.equal(await steps(page), step, 'at the same step');
    assert.equal(await page.locator('#size').inputValue(), size, 'on the same board');
    assert.match(page.url(), new RegExp(`[?&]pos=${step}(&|$)`));
    assert.equal(await offer.isVisible(), false, 'nothing more to offer');
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});
