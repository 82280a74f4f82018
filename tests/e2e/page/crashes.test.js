// End-to-end: the page's own failures, provoked. A worker whose script is broken (the
// tree-size worker, the count panel's race workers, the Compare race's worker) and an
// IndexedDB write that fails (the count's kept progress) must each be shown on the page
// and logged with console.error; a test sees both, and then the page working on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, clickStep, steps } from '../../support/session.js';
import { text, setSize, countIdle, resultText, keptProgressRead } from '../../support/count-panel.js';
import { published } from '../../support/published.js';

const session = usePage();

/** The build's worker scripts, told apart by what each posts or answers (the page's own
 *  bundles, which name them all, are left alone). */
const WORKERS = {
  'tree-size': (body) => body.includes('kind:"counted"'),
  'algorithm race': (body) => body.includes('kind:"size"'),
  counting: (body) => body.includes('unknown job') && !body.includes('kind:"counted"'),
};

/** Serves the worker script of `which` as one that throws as it loads; every other script as
 *  it is. Returns the error's text. */
async function breakWorker(page, which) {
  const message = `test: the ${which} worker's script is broken`;
  await page.context().route(/\.js(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const bundle = /\/(main|embed)\.[0-9a-f]+\.js/.test(route.request().url());
    if (bundle || !WORKERS[which](body)) return route.fulfill({ response, body });
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: `throw new Error(${JSON.stringify(message)});` });
  });
  return message;
}

/** The console errors the page logged that match `pattern` (a test expects them). */
const logged = (page, pattern) => page.problems.filter((p) => p.startsWith('console error: ') && pattern.test(p));

test('the tree-size worker crashes: Explored says the tree could not be measured, the error is logged, the page plays on', async () => {
  const page = await session.open('?n=8');
  const message = await breakWorker(page, 'tree-size');
  session.expectProblem(/tree could not be measured/);
  // A new board size asks a new worker for its tree.
  await page.locator('#size').fill('9');
  await page.locator('#size').dispatchEvent('change');
  await page.waitForFunction(() => /could not be measured/.test(document.getElementById('explored-detail').textContent));
  assert.equal(await page.locator('#explored-detail').textContent(), `The tree could not be measured: Uncaught Error: ${message}`);
  assert.ok(await page.locator('#explored-detail').isVisible());
  assert.equal(logged(page, /tree could not be measured.*broken/).length, 1, page.problems.join('\n'));
  await clickStep(page, 3);
  assert.equal(await steps(page), 3, 'the player works on');
});

test('a race worker of the count panel crashes: the lane says failed, the panel says why, the error is logged; the next count works', async () => {
  const page = await session.open('', { cores: 2 });
  const message = await breakWorker(page, 'counting');
  session.expectProblem(/The count failed/);
  await setSize(page, '8');
  await button(page, 'Race the counters').click();
  await countIdle(page);
  assert.equal(await page.getByRole('group', { name: 'Plain JS recursion', exact: true }).locator('.racer-figures').textContent(), 'failed');
  assert.match(await text(page, 'count-message'), new RegExp(`^The count failed: .*${message}.*\\. This is a bug;`));
  assert.ok(await page.locator('#count-message').isVisible());
  assert.ok(logged(page, new RegExp(`The count failed.*${message}`)).length >= 1, page.problems.join('\n'));
  await page.context().unrouteAll({ behavior: 'wait' });
  await button(page, 'Count all').click();
  await countIdle(page);
  assert.ok((await text(page, 'count-result')).startsWith(resultText(8, published(8))));
});

test('the Compare race’s worker crashes: the race says it failed and why, the error is logged, the race can start again', async () => {
  const page = await session.open('?compare=board-scan,richards&cn=6');
  const message = await breakWorker(page, 'algorithm race');
  session.expectProblem(/The race failed/);
  const section = page.getByRole('group', { name: 'Compare algorithms' });
  await section.getByRole('button', { name: 'Race every algorithm' }).click();
  const status = section.locator('#algorithm-race-status');
  await page.waitForFunction(() => /failed/.test(document.getElementById('algorithm-race-status').textContent));
  assert.match(await status.textContent(), new RegExp(`^The race failed: .*${message}`));
  assert.ok(await status.isVisible());
  assert.equal(logged(page, new RegExp(`The race failed.*${message}`)).length, 1, page.problems.join('\n'));
  assert.equal(await section.getByRole('button', { name: 'Race every algorithm' }).isDisabled(), false, 'it can start again');
});

test('an IndexedDB write of the kept progress fails: the panel says the progress could not be kept, the error is logged, the count still ends right', async () => {
  // Each sub-problem slowed down, so that the count outlasts a write (FLUSH_MS) on any machine.
  const page = await session.open('', { cores: 2, countDelayMs: 40 });
  await keptProgressRead(page);
  // From now on every write of a finished sub-problem throws, as a full disk makes it.
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function putOrFail(...args) {
      if (this.name === 'parts') throw new DOMException('test: the disk is full', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  session.expectProblem(/progress could not be kept/);
  assert.equal(await page.locator('#count-keep').isChecked(), true);
  await setSize(page, '10');
  await button(page, 'Count all').click();
  await countIdle(page);
  assert.match(await text(page, 'count-message'), /^The progress could not be kept \(test: the disk is full\): the count goes on, but a reload can resume only what was kept before\.$/);
  assert.ok(await page.locator('#count-message').isVisible());
  assert.equal(logged(page, /progress could not be kept.*the disk is full/).length, 1, page.problems.join('\n'));
  assert.ok((await text(page, 'count-result')).startsWith(resultText(10, published(10))), 'the count itself is right');
});
