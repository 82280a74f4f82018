// End-to-end: the wasm core is fetched once per page. The page compiles it and hands the
// compiled module to every worker it starts (shared/core.js): the tree-size worker of the
// Explored figure, the counting workers and the race of the algorithms fetch nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { setSize, countIdle, resultText } from '../../support/count-panel.js';
import { published } from '../../support/published.js';

const session = usePage();
const wasmRequests = (page) => page.requests.filter((url) => new URL(url).pathname.endsWith('.wasm'));

test('one request for the .wasm: the tree size, a count of N = 10 on two workers and the race all run on it', async () => {
  const page = await session.open('?n=10', { cores: 2 });
  // The Explored figure's tree, measured in the tree-size worker.
  await page.waitForFunction(() => /^\d/.test(document.getElementById('explored').textContent));
  assert.match(await page.locator('#explored-detail').textContent(), /exact: counted in a worker/);

  await setSize(page, '10');
  await page.getByLabel('Workers').selectOption('2');
  await button(page, 'Count all').click();
  await countIdle(page);
  assert.ok((await page.locator('#count-result').textContent()).startsWith(resultText(10, published(10))));
  assert.equal(await page.evaluate(() => globalThis.bitqueensDebug.countPool.liveWorkers), 2, 'two counting workers');

  // The race of the algorithms, in workers of its own: a first run finished, then stopped.
  await page.locator('#compare > summary').click();
  await button(page, 'Race every algorithm').click();
  await page.waitForFunction(() => document.querySelector('#algorithm-race-table tbody tr:not(.skipped)'), null, { timeout: 60_000 });
  await button(page, 'Stop the race').click();

  assert.equal(wasmRequests(page).length, 1, `requests for the wasm: ${wasmRequests(page).join(', ')}`);
});
