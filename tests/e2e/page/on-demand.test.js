// End-to-end: the parts that start closed are fetched on demand (www/shared/on-demand.js,
// www/main.js). The first load fetches none of Compare, Write it, Make a lesson, the exports
// and the Embed dialog; each comes, in its own chunk, when it is opened, pressed, or named by
// the link; one press of a button whose part is not loaded yet is enough; and a part that
// cannot be fetched says so on the page and loads when it is asked for again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, frames } from '../../support/session.js';

const session = usePage();
const CHUNKS = ['compare', 'write', 'maker', 'export', 'embed-dialog'];
/** The on-demand chunks the page has fetched so far (webpack names them `<chunk>.<hash>.js`). */
const fetched = (page) => CHUNKS.filter((chunk) => page.requests.some((url) => new RegExp(`/${chunk}\\.[0-9a-f]+\\.js$`).test(new URL(url).pathname)));

test('the first load fetches no on-demand part; each comes with one press or one open', async () => {
  const page = await session.open('?n=6&pos=12');
  // Until the page has asked for everything it will by itself: no request for half a second
  // (Playwright's network idle), workers' requests included.
  await page.waitForLoadState('networkidle');
  assert.ok(page.requests.some((url) => url.endsWith('.wasm')), 'the core was fetched: the first load is over');
  assert.deepEqual(fetched(page), [], 'nothing on demand is in the first load');

  // One press of QR: the export chunk is fetched and its dialog opens with the QR code.
  await button(page, 'Show link as QR').click();
  await page.locator('#qr-dialog[open]').waitFor();
  assert.match(await page.locator('#qr-link').textContent(), /n=6/);
  assert.deepEqual(fetched(page), ['export']);
  await button(page, 'Close').click();

  await button(page, 'Embed').click();
  await page.locator('#embed-dialog[open]').waitFor();
  assert.equal(await page.locator('#embed-from').inputValue(), '12', 'the Embed dialog starts at the step on screen');
  await page.locator('#embed-dialog').getByRole('button', { name: 'Close' }).click();

  await page.locator('#compare > summary').click();
  await page.locator('#compare-lanes .lane-view').first().waitFor();
  assert.ok(await page.locator('#compare-algorithms input').count() >= 5, 'the algorithms to choose from');

  await page.locator('#lesson-maker > summary').click();
  await button(page, 'Add this view as a stop').click();
  await page.locator('#maker-stops li').first().waitFor();
  assert.match(await page.locator('#maker-stops li').first().textContent(), /6×6, step 12/);

  await page.locator('#write > summary').click();
  await page.getByRole('textbox', { name: 'Answer', exact: true }).waitFor();
  assert.deepEqual(fetched(page).sort(), [...CHUNKS].sort());
});

test('a link that names Compare or an exercise loads that part at once, opened on what it names', async () => {
  const page = await session.open('?n=6&compare=richards,board-scan&cn=5&exercise=lowest-bit');
  await page.locator('#compare[open] #compare-lanes .lane-view').nth(1).waitFor();
  assert.equal(await page.locator('#compare-lanes .lane-view').count(), 2);
  assert.equal(await page.locator('#compare-size').inputValue(), '5');
  await page.locator('#write[open]').waitFor();
  assert.equal(await page.locator('#write-exercise').inputValue(), 'lowest-bit');
  assert.deepEqual(fetched(page).sort(), ['compare', 'write']);
});

test('a part that cannot be fetched says so, and loads when it is opened again', async () => {
  session.expectProblem(/Compare could not be loaded|ERR_INTERNET_DISCONNECTED|request failed: .*\/compare\.[0-9a-f]+\.js$/);
  const page = await session.open('?n=6');
  const blocked = (route) => route.abort('internetdisconnected');
  await page.route(/\/compare\.[0-9a-f]+\.js$/, blocked);
  await page.locator('#compare > summary').click();
  const message = page.locator('#message');
  await message.filter({ hasText: 'Compare could not be loaded' }).waitFor();
  assert.match(await message.textContent(), /Check the connection, then try again\./);
  assert.ok(page.problems.some((p) => /Compare could not be loaded/.test(p)), 'logged with console.error too');
  // The page keeps working: the player steps.
  await button(page, 'Step').click();
  await page.waitForFunction(() => document.getElementById('steps').textContent === '1');

  // The section is closed again, not left open with nothing wired, nor busy.
  await page.waitForFunction(() => !document.getElementById('compare').open);
  assert.equal(await page.locator('#compare').getAttribute('aria-busy'), null);
  assert.equal(await page.locator('#compare .compare-controls').evaluate((e) => e.inert), false);

  await page.unroute(/\/compare\.[0-9a-f]+\.js$/, blocked);
  await page.locator('#compare > summary').click(); // opened again: fetched again
  await page.locator('#compare-lanes .lane-view').first().waitFor();
});

test('two presses of a button while its part is still being fetched make one download, not two', async () => {
  const page = await session.open('?n=6&pos=12');
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/\/export\.[0-9a-f]+\.js$/, async (route) => { await held; await route.continue(); });
  const downloads = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  const svg = button(page, 'Board as SVG');
  await svg.click();
  await svg.click(); // the chunk is held: both presses come before the part exists
  assert.equal(await svg.getAttribute('aria-busy'), 'true', 'the button says it is busy');
  const first = page.waitForEvent('download');
  release();
  await first;
  await page.waitForFunction(() => !document.getElementById('export-svg').hasAttribute('aria-busy'));
  await frames(page, 10); // a second download would have started by now
  assert.deepEqual(downloads, ['bitqueens-n6-step12.svg']);
});

test('the first load makes no Intl number formatter: the first one loads the browser’s locale data, a long task', async () => {
  const page = await session.open('?n=8&pos=40', {
    init: (p) => p.addInitScript(() => {
      globalThis.intlFormatters = 0;
      const { NumberFormat } = Intl;
      Intl.NumberFormat = function counted(...args) {
        globalThis.intlFormatters += 1;
        return new NumberFormat(...args);
      };
      const toLocaleString = Number.prototype.toLocaleString;
      Number.prototype.toLocaleString = function counted(...args) {
        globalThis.intlFormatters += 1;
        return toLocaleString.apply(this, args);
      };
    }),
  });
  await page.waitForLoadState('networkidle'); // the tree's sizes and Explored are in
  assert.match(await page.locator('#explored').textContent(), /\d/, 'Explored is measured');
  assert.equal(await page.evaluate(() => globalThis.intlFormatters), 0);
});
