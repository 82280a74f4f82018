// End-to-end: the page with no network. One visit installs the service worker; then every
// request of the browser context (the pages' and the service worker's own) is aborted and the
// static server is stopped (a request that slipped past the abort would find no server: only
// the service worker's cache can serve the pages), the page reloads, and with no network:
// step, play and scrub N = 8; a permalink to step 1,234 of N = 10; Compare and Write it opened
// for the first time (an answer typed and checked, Run my loop); a built-in lesson and a made
// one; Predict graded; Count all N = 12 on two workers and a resumed count; a GIF, the
// worksheet, the QR code, embed.html in the Embed dialog's iframe. No console error, no
// failed request but the ones the test aborted, and no request answered by the static server
// after the cut. The tests share the one visit and run in order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { serve } from '../../support/server.js';
import { launch, watchPage, pageReady } from '../../support/browser.js';
import { button, steps, assertMasksAgreeWithBoard } from '../../support/session.js';
import { published } from '../../support/published.js';
import { setSize, countIdle, resultText } from '../../support/count-panel.js';
import { requestable, workerActivated, keptFiles, cutNetwork, problemsBut } from '../../support/offline.js';

/** Two workers (the page is told the computer has two cores), each sub-problem delayed a
 *  little: a count is still running when the test cancels it, on any machine. */
const CORES = 2;
const COUNT_DELAY_MS = 10;

let server;
let browser;
let context;
let page; // the page reloaded offline, shared by the tests
let aborted; // the URLs the test aborted
let servedBeforeCut; // the requests the static server answered before it was stopped
const pages = [];

/** A new page of the context (offline once the network is cut), watched for problems. */
async function newPage(query = '') {
  const made = await context.newPage();
  await watchPage(made);
  pages.push(made);
  await made.goto(server.url + query);
  await pageReady(made);
  return made;
}

before(async () => {
  server = await serve('dist');
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(({ cores, ms }) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => cores });
    globalThis.bitqueensTestHooks = Object.freeze({ countDelayMs: ms });
  }, { cores: CORES, ms: COUNT_DELAY_MS });
  page = await newPage();
  await workerActivated(page); // the one visit: everything is kept now
  servedBeforeCut = server.served();
  aborted = await cutNetwork(context, server); // the static server stopped too
  await page.reload();
  await pageReady(page);
});

after(async () => {
  try {
    const problems = pages.flatMap((each) => problemsBut(each, aborted));
    assert.deepEqual(problems, [], 'the pages logged errors or failed a request the test did not abort');
    assert.equal(server.served(), servedBeforeCut, 'no request reached the static server after the cut');
  } finally {
    await browser?.close();
    await server?.close(); // stopped at the cut already, unless before() failed first
  }
});

test('the reloaded page came from the service worker, which keeps every file of dist/ the pages can request', async () => {
  assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true, 'the page is controlled');
  assert.deepEqual(await keptFiles(page), requestable(), 'kept: every file, and nothing else');
  // Nothing of the page's reached the network: at most the browser's own check of the worker's script.
  assert.deepEqual([...aborted].filter((url) => !url.endsWith('/service-worker.js')), []);
});

test('step, play and scrub N = 8', async () => {
  for (let i = 0; i < 3; i++) await button(page, 'Step').click();
  assert.equal(await steps(page), 3);
  await button(page, 'Play').click();
  await page.waitForFunction(() => Number(document.getElementById('steps').textContent.replace(/,/g, '')) > 10);
  await button(page, 'Pause').click();
  const position = page.getByRole('slider', { name: 'Position' });
  await position.fill('5');
  await page.waitForFunction(() => document.getElementById('steps').textContent === '5');
  await assertMasksAgreeWithBoard(page, 8);
});

test('a permalink to step 1,234 of N = 10', async () => {
  const linked = await newPage('?n=10&pos=1234');
  await linked.waitForFunction(() => document.getElementById('steps').textContent === '1,234');
  await assertMasksAgreeWithBoard(linked, 10);
  await linked.close();
});

test('Compare, opened for the first time offline, shows its lanes', async () => {
  await page.locator('#compare summary').click();
  const lane = page.locator('#compare-lanes').getByRole('region', { name: "Richards' bitmask", exact: true });
  await lane.getByRole('gridcell').first().waitFor();
  await page.locator('#compare summary').click(); // closed again
});

/** The answers that are right, written here from the algorithm (docs/architecture.md). */
const RIGHT = {
  'free-squares': 'poss = ~(ld | col | rd) & done;',
  'lowest-bit': 'bit = poss & -poss;',
  'take-it-away': 'poss = poss - bit;',
  'next-row': 'next_ld = (ld | bit) >> 1;\nnext_col = col | bit;\nnext_rd = (rd | bit) << 1;',
};

test('Write it, opened for the first time offline: answers typed in the editor and checked, then Run my loop', async () => {
  const section = page.getByRole('group', { name: 'Write it', exact: true });
  await page.locator('#write summary').first().click();
  const editor = section.getByRole('textbox', { name: 'Answer', exact: true });
  await editor.waitFor();
  for (const [slug, text] of Object.entries(RIGHT)) {
    await section.getByLabel('Exercise').selectOption(slug);
    const before = (await page.locator('#write-result').getAttribute('data-checks')) ?? '';
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    for (const [i, line] of text.split('\n').entries()) {
      if (i > 0) await page.keyboard.press('Enter');
      await page.keyboard.insertText(line);
    }
    await section.getByRole('button', { name: 'Check', exact: true }).click();
    await page.waitForFunction((old) => (document.getElementById('write-result').dataset.checks ?? '') !== old, before);
    assert.match(await page.locator('#write-result').textContent(), /^Correct/, slug);
  }
  await section.getByRole('button', { name: 'Run my loop', exact: true }).click();
  await page.locator('#compare-lanes').getByRole('region', { name: 'Your program', exact: true }).getByRole('gridcell').first().waitFor();
});

test('a built-in lesson and a made one', async () => {
  await page.getByLabel('Lessons').selectOption({ label: 'The three masks' });
  await page.locator('#lesson-bar').waitFor();
  assert.equal(await page.locator('#lesson-title').textContent(), 'The three masks');
  await button(page, 'Next stop').click();
  assert.match(await page.locator('#lesson-stop').textContent(), /^Stop 2 of/);
  await button(page, 'Close lesson').click();
  await page.locator('#lesson-maker summary').click();
  await page.locator('#lesson-maker[data-loaded]:not([aria-busy])').waitFor({ state: 'attached' });
  await page.getByLabel('Title').fill('Offline, on the train');
  await page.getByLabel('Note for the next stop').fill('Where we are.');
  await button(page, 'Add this view as a stop').click();
  await button(page, 'Step').click();
  await page.getByLabel('Note for the next stop').fill('One step on.');
  await button(page, 'Add this view as a stop').click();
  await button(page, 'Open it as a lesson').click();
  await page.locator('#lesson-bar').waitFor();
  assert.equal(await page.locator('#lesson-title').textContent(), 'Offline, on the train');
  assert.match(await page.locator('#lesson-stop').textContent(), /^Stop 1 of 2$/);
  await button(page, 'Close lesson').click();
  await page.locator('#lesson-maker summary').click();
});

test('Predict, graded', async () => {
  await button(page, 'Reset').click();
  await button(page, 'Predict').click();
  await button(page, 'Step').click();
  const question = (await page.locator('#question-text').textContent()).trim();
  // The first question of a search: which squares of row 1 are free (all of them: no queen yet).
  assert.match(question, /^Which squares of row 1 are free\?/);
  const answer = page.getByRole('group', { name: 'Your answer', exact: true });
  const n = Number(await page.locator('#size').inputValue());
  for (let c = 1; c <= n; c++) await answer.getByRole('button', { name: `column ${c}`, exact: true }).click();
  await button(page, 'Check').click();
  assert.match(await page.locator('#question-feedback').textContent(), /^Right\./);
  assert.equal(await page.locator('#score').textContent(), '1 of 1 right');
  await button(page, 'Continue').click();
  await button(page, 'Predict').click();
});

test(`Count all N = 12 on ${CORES} workers, and a resumed count`, async () => {
  const expected = resultText(12, published(12));
  assert.deepEqual(await page.getByLabel('Workers').inputValue(), String(CORES));
  await setSize(page, '12');
  await button(page, 'Count all').click();
  await page.waitForFunction(() => document.getElementById('count-result').textContent !== '', null, { timeout: 120_000 });
  await countIdle(page, 120_000);
  assert.ok((await page.locator('#count-result').textContent()).startsWith(expected));
  // Again, cancelled midway, then resumed: the same published counts.
  await button(page, 'Count all').click();
  await page.waitForFunction(() => /^[1-9][\d,]* of [\d,]+ sub-problems ·/.test(document.getElementById('count-status').textContent));
  await button(page, 'Cancel').click();
  await countIdle(page);
  await button(page, 'Resume').click();
  await page.waitForFunction(() => / unique\. /.test(document.getElementById('count-result').textContent), null, { timeout: 120_000 });
  await countIdle(page, 120_000);
  const resumed = await page.locator('#count-result').textContent();
  assert.ok(resumed.startsWith(expected) && resumed.includes('✓ agree'), resumed);
  assert.match(await page.locator('#count-status').textContent(), / sub-problems were kept from before\.$/);
});

test('a GIF, the worksheet and the QR code', async () => {
  await button(page, 'Animation (GIF)').click();
  await page.locator('#animation-steps').fill('12');
  const saved = page.waitForEvent('download', { timeout: 120_000 });
  await page.locator('#animation-make').click();
  const gif = await readFile(await (await saved).path());
  assert.equal(gif.subarray(0, 6).toString('latin1'), 'GIF89a');
  await page.locator('#animation-close').click();

  await page.evaluate(() => { window.print = () => { window.printAsked = true; }; });
  await button(page, 'Print worksheet').click();
  await page.waitForFunction(() => window.printAsked === true);
  assert.match(await page.locator('#worksheet').textContent(), /^bitqueens worksheet: \d+×\d+ board, step \d+/);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

  await button(page, 'Show link as QR').click();
  const canvas = page.locator('#qr-canvas');
  await canvas.waitFor();
  const png = PNG.sync.read(await canvas.screenshot());
  const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.equal(read?.data, await page.locator('#qr-link').textContent(), 'the QR code read back');
  await button(page, 'Close').filter({ visible: true }).click();
});

test('embed.html in an iframe (the Embed dialog’s preview)', async () => {
  await button(page, 'Embed').click();
  const frame = page.frameLocator('#embed-preview');
  await frame.getByRole('gridcell').first().waitFor();
  assert.ok(await frame.getByRole('gridcell').count() > 0);
  await page.keyboard.press('Escape');
});
