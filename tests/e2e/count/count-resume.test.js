// End-to-end: counts kept in the browser. A count reloaded, closed or cancelled midway is
// offered back with "Resume", which counts only what is left and ends on the published
// counts; Discard, "Keep progress" off, N up to 21, and kept progress of another list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { openPage, pageReady } from '../../support/browser.js';
import { text, setSize, countIdle, resultText, poolSize, keptProgressRead, keptParts, waitUntilKept } from '../../support/count-panel.js';
import { workerCount } from '../../../www/shared/format.js';
import { published } from '../../support/published.js';

const grouped = (value) => value.toLocaleString('en');
const resultFor = (n) => resultText(n, published(n));
const session = usePage();
/** Two workers, each sub-problem delayed: a count of N = 13 is still going when a test
 *  reloads, closes or cancels it, on any machine. */
const RUNNING = { cores: 2, countDelayMs: 20 };
/** After a reload: the page is started and has read what the browser keeps. */
const reloaded = async (page) => {
  await page.reload();
  await pageReady(page);
  await keptProgressRead(page);
};
const number = (digits) => Number(digits.replace(/,/g, ''));
/** Waits for a count started by Resume to end: a result or a message (the panel reads the kept parts first). */
const ended = (page) => page.waitForFunction(() => document.getElementById('count-result').textContent !== ''
  || !document.getElementById('count-message').hidden, null, { timeout: 120_000 }).then(() => countIdle(page, 120_000));
const offer = (page) => page.getByRole('group', { name: 'Unfinished count' });

/** Starts counting n and waits until at least `atLeast` sub-problems are done; returns the number of sub-problems. */
async function countUntil(page, n, atLeast) {
  await setSize(page, String(n));
  await button(page, 'Count all').click();
  const handle = await page.waitForFunction((least) => {
    const match = document.getElementById('count-status').textContent.match(/^([\d,]+) of ([\d,]+) sub-problems ·/);
    return match && Number(match[1].replace(/,/g, '')) >= least ? match[2] : null;
  }, atLeast, { timeout: 60_000 });
  return number(await handle.jsonValue());
}

/** The offer's numbers and method: {n, method, kept, of}. */
async function offered(page) {
  await offer(page).waitFor();
  const said = await text(page, 'count-saved-text');
  const match = said.match(/^An unfinished count of N = (\d+) \((meeting in the middle|backtracking)\): ([\d,]+) of ([\d,]+) sub-problems counted and kept in this browser/);
  assert.ok(match, said);
  return { n: Number(match[1]), method: match[2], kept: number(match[3]), of: number(match[4]) };
}

/** Presses Resume and checks the end: the published counts, and how many were kept. */
async function resumeToTheEnd(page, n, kept, of) {
  await button(page, 'Resume').click();
  // The total-only line stands until Resume's own result replaces it.
  await page.waitForFunction(() => / unique\. /.test(document.getElementById('count-result').textContent), null, { timeout: 60_000 });
  await countIdle(page);
  const result = await text(page, 'count-result');
  assert.ok(result.startsWith(resultFor(n)) && result.includes('✓ agree'),
    `${result} | ${await text(page, 'count-status')} | ${await text(page, 'count-message')}`);
  assert.match(await text(page, 'count-status'), new RegExp(` ${grouped(kept)} of ${grouped(of)} sub-problems were kept from before\\.$`));
  assert.equal(await offer(page).isVisible(), false, 'nothing left to resume');
}

test('a count reloaded midway is offered back, and Resume ends on the published counts', async () => {
  const page = await session.open('', RUNNING);
  const of = await countUntil(page, 13, 150);
  // Finished sub-problems are written within FLUSH_MS: wait until they are.
  await waitUntilKept(page, 13, 150);
  await reloaded(page);
  const kept = await offered(page);
  assert.equal(kept.n, 13);
  assert.equal(kept.of, of);
  assert.ok(kept.kept >= 150 && kept.kept < of, `kept ${kept.kept} of ${of}`);
  assert.equal(kept.method, 'meeting in the middle');
  // Resume goes on by the method the kept parts were counted with, whatever is chosen now.
  await page.getByLabel('Method').selectOption('backtrack');
  await resumeToTheEnd(page, 13, kept.kept, of);
  assert.equal(await page.getByLabel('Method').inputValue(), 'meet');
  // Finished counts are forgotten: a reload offers nothing.
  await reloaded(page);
  assert.equal(await offer(page).isVisible(), false);
});

test('while Keep progress is on, the progress says how many are kept, not only done: a reload offers that many', async () => {
  const page = await session.open('', RUNNING);
  const of = await countUntil(page, 13, 100);
  const line = /^([\d,]+) of [\d,]+ sub-problems · .* elapsed.* · ([\d,]+) kept in this browser$/;
  const keptSaid = () => page.evaluate((source) => {
    const match = document.getElementById('count-status').textContent.match(new RegExp(source));
    return match && { done: Number(match[1].replace(/,/g, '')), kept: Number(match[2].replace(/,/g, '')) };
  }, line.source);
  await page.waitForFunction((source) => {
    const match = document.getElementById('count-status').textContent.match(new RegExp(source));
    return match && Number(match[2].replace(/,/g, '')) > 0;
  }, line.source, { timeout: 60_000 });
  // From now on every write of a finished sub-problem fails, as a full disk makes it: the
  // count goes on, "done" grows, and "kept" stays what the browser holds.
  session.expectProblem(/progress could not be kept/);
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function putOrFail(...args) {
      if (this.name === 'parts') throw new DOMException('test: the disk is full', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await page.locator('#count-message').filter({ hasText: 'The progress could not be kept' }).waitFor();
  // Writes go one after another: once one has failed, the last that succeeded has been told.
  await page.waitForFunction((source) => {
    const match = document.getElementById('count-status').textContent.match(new RegExp(source));
    return match && Number(match[1].replace(/,/g, '')) > Number(match[2].replace(/,/g, ''));
  }, line.source, { timeout: 60_000 });
  const said = await keptSaid();
  assert.ok(said.kept > 0 && said.kept < said.done, JSON.stringify(said));
  await reloaded(page);
  const kept = await offered(page);
  assert.deepEqual([kept.n, kept.kept, kept.of], [13, said.kept, of], `the reload offers what the page said was kept: ${JSON.stringify(said)}`);
});

test('a tab closed during a count: another tab of the page resumes it', async () => {
  // Two tabs of one browser profile share its IndexedDB: one context, two pages.
  const context = await session.browser.newContext();
  try {
    const first = await openPage(context, session.server.url, RUNNING);
    await pageReady(first);
    await countUntil(first, 13, 150);
    await waitUntilKept(first, 13, 150);
    await first.close();
    const second = await openPage(context, session.server.url, RUNNING);
    await pageReady(second);
    const kept = await offered(second);
    assert.ok(kept.n === 13 && kept.kept >= 150, JSON.stringify(kept));
    await resumeToTheEnd(second, 13, kept.kept, kept.of);
    assert.deepEqual([...first.problems, ...second.problems], [], 'the tabs logged errors');
  } finally {
    await context.close();
  }
});

test('Cancel keeps what was counted: Resume goes on; Count all starts again from zero; Discard forgets', async () => {
  const page = await session.open('', RUNNING);
  await countUntil(page, 13, 100);
  await button(page, 'Cancel').click();
  await countIdle(page);
  const status = await text(page, 'count-status');
  assert.match(status, /What was counted is kept \(([\d,]+) of ([\d,]+) sub-problems\): Resume goes on from there\.$/);
  const kept = await offered(page);
  assert.ok(kept.n === 13 && kept.kept >= 1, JSON.stringify(kept));
  assert.ok(status.includes(`(${grouped(kept.kept)} of ${grouped(kept.of)} sub-problems)`), `${status} | ${JSON.stringify(kept)}`);
  const bar = Number(await page.locator('#count-progress').getAttribute('value'));
  assert.ok(bar > 0 && bar < 1, `the bar shows what is kept, not 0: ${bar}`);
  await resumeToTheEnd(page, 13, kept.kept, kept.of);
  // The resumed count is in this visit's table, marked: its time is only the rest's.
  const rows = await page.getByRole('table', { name: 'Counts this visit' }).locator('tbody tr').allTextContents();
  assert.equal(rows.length, 1);
  assert.match(rows[0], /^13.*\(resumed: the rest only\)/);

  // Count all ignores what was kept.
  await countUntil(page, 13, 100);
  await button(page, 'Cancel').click();
  await countIdle(page);
  await offered(page);
  await button(page, 'Count all').click();
  await countIdle(page);
  assert.ok((await text(page, 'count-result')).startsWith(resultFor(13)));
  assert.doesNotMatch(await text(page, 'count-status'), /kept from before/);

  // Discard.
  await countUntil(page, 13, 100);
  await button(page, 'Cancel').click();
  await countIdle(page);
  await offered(page);
  await button(page, 'Discard').click();
  await page.waitForFunction(() => document.getElementById('count-saved').hidden);
  assert.equal(await text(page, 'count-status'), 'The kept progress of N = 13 was discarded.');
  await reloaded(page);
  assert.equal(await offer(page).isVisible(), false, 'discarded for good');
});

test('with Keep progress off nothing is kept', async () => {
  const page = await session.open('', RUNNING);
  await page.getByLabel('Keep progress').uncheck();
  await countUntil(page, 13, 100);
  await button(page, 'Cancel').click();
  await countIdle(page);
  assert.match(await text(page, 'count-status'), /every worker was stopped\.$/);
  assert.equal(await keptParts(page, 13), 0, 'no sub-problem kept');
  await reloaded(page);
  assert.equal(await offer(page).isVisible(), false);
});

test('kept progress made on another list of sub-problems is refused and discarded', async () => {
  const page = await session.open('', { cores: 2 });
  // What an older version of the page would have left: N = 12, another fingerprint.
  await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open('bitqueens-counts', 1);
    open.onsuccess = () => {
      const tx = open.result.transaction(['runs', 'parts'], 'readwrite');
      tx.objectStore('runs').put({ n: 12, fingerprint: '0123456789abcdef', subProblems: 300, updated: Date.now() });
      tx.objectStore('parts').put({ n: 12, index: 0, total: 999, unique: 99, nodes: 9999 });
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }));
  await reloaded(page);
  const kept = await offered(page);
  // Kept before there were two methods: the backtracking counter's.
  assert.deepEqual(kept, { n: 12, method: 'backtracking', kept: 1, of: 300 });
  await button(page, 'Resume').click();
  await ended(page);
  assert.match(await text(page, 'count-message'), /^The saved progress of N = 12 was made on another list of sub-problems .* It was discarded: press Count all to count N = 12 from the start\.$/);
  assert.equal(await text(page, 'count-result'), '', 'no total from foreign parts');
  await page.waitForFunction(() => document.getElementById('count-saved').hidden);
});

test('the panel counts up to N = 21 (asking first) and refuses 22', async () => {
  const page = await session.open();
  await setSize(page, '21');
  await button(page, 'Count all').click();
  await page.getByRole('group', { name: 'Confirm a long count' }).waitFor();
  const workers = workerCount(await poolSize(page));
  assert.match(await text(page, 'count-confirm-text'), new RegExp(`^Counting N = 21 on ${workers} takes about .+ on this computer, with about \\d+ MiB of memory for each worker\\. Count anyway\\?$`));
  await button(page, 'Don’t').click();
  await setSize(page, '22');
  await button(page, 'Count all').click();
  assert.match(await text(page, 'count-message'), /^Board size 22 is out of range: use 1 to 21\./);
});

test('after a reload the kept count is told at the top of the page with its size; Resume it counts the rest there', async () => {
  const page = await session.open('', RUNNING);
  const of = await countUntil(page, 13, 150);
  await waitUntilKept(page, 13, 150);
  await reloaded(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const notice = page.getByRole('group', { name: 'Count kept from an earlier visit' });
  assert.ok(await notice.isVisible(), 'the notice is shown');
  const box = await notice.boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `the notice is on the first screen: ${JSON.stringify(box)}`);
  const said = await notice.textContent();
  const match = said.match(/A count of N = 13 \(meeting in the middle\) was left unfinished in this browser: ([\d,]+) of ([\d,]+) sub-problems are kept/);
  assert.ok(match, said);
  assert.equal(number(match[2]), of);
  assert.equal(await page.locator('#count-size').inputValue(), '13', 'Size to count is the size it would resume');
  assert.equal((await offered(page)).n, 13);
  await notice.getByRole('button', { name: 'Resume it' }).click();
  await page.waitForFunction(() => {
    const box = document.getElementById('count-panel').getBoundingClientRect();
    return box.top < innerHeight && box.bottom > 0;
  });
  assert.equal(await notice.isVisible(), false, 'the notice goes once resumed');
  await ended(page);
  const result = await text(page, 'count-result');
  assert.ok(result.startsWith(resultFor(13)) && result.includes('✓ agree'), result);
  assert.match(await text(page, 'count-status'), new RegExp(` ${grouped(number(match[1]))} of ${grouped(of)} sub-problems were kept from before\\.$`));
  // Later hides it, leaves the offer in the panel and the focus on the page's first control.
  await countUntil(page, 12, 40);
  await waitUntilKept(page, 12, 40);
  await reloaded(page);
  await notice.getByRole('button', { name: 'Later' }).click();
  assert.equal(await notice.isVisible(), false);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'size');
  assert.equal((await offered(page)).n, 12);
  // In Projector mode, on a classroom screen, the notice is at the top too, above the board.
  await page.setViewportSize({ width: 1366, height: 768 });
  await button(page, 'Projector').click();
  await reloaded(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const [top, board] = await Promise.all([notice.boundingBox(), page.getByRole('grid', { name: 'Board' }).boundingBox()]);
  assert.ok(top && top.y + top.height <= board.y, `the notice ${JSON.stringify(top)} is above the board ${JSON.stringify(board)}`);
  await button(page, 'Projector').click();
});

test('Cancel after the last sub-problem, during the unique count: the total is shown against the published one, and Resume makes only the unique count', async () => {
  // Long waits before each sub-problem and before Burnside's step: Cancel lands in that step.
  const page = await session.open('', { cores: 2, countDelayMs: 400 });
  await setSize(page, '7');
  await button(page, 'Count all').click();
  await page.waitForFunction(() => document.getElementById('count-status').textContent.startsWith('Counting the solutions that a half turn'), null, { timeout: 60_000 });
  await button(page, 'Cancel').click();
  await countIdle(page);
  const { of } = await offered(page);
  assert.match(await text(page, 'count-status'), new RegExp(`Every sub-problem \\(${grouped(of)}\\) was counted and is kept; only the unique count was left: Resume makes it\\.$`));
  assert.equal(await text(page, 'count-result'), `N = 7: ${grouped(published(7).total)} solutions; the unique count was cancelled. Published (OEIS A000170): ${grouped(published(7).total)} ✓ agree`);
  assert.equal(Number(await page.locator('#count-progress').getAttribute('value')), 1, 'the bar is full: all is kept');
  await button(page, 'Resume').click();
  // The total-only line stands until Resume's own result replaces it.
  await page.waitForFunction(() => / unique\. /.test(document.getElementById('count-result').textContent), null, { timeout: 60_000 });
  await countIdle(page);
  const result = await text(page, 'count-result');
  assert.ok(result.startsWith(resultFor(7)) && result.includes('✓ agree'), `${result} | ${await text(page, 'count-status')}`);
  assert.match(await text(page, 'count-status'), new RegExp(`^All ${grouped(of)} sub-problems were counted before and kept: nothing was left to count but the unique count, made now`));
});

test('a backtracking count of N = 15 cancelled midway, the page reloaded, Resume ends on the published counts', async (t) => {
  const page = await session.open('', RUNNING);
  await page.getByLabel('Method').selectOption('backtrack');
  const started = Date.now();
  const of = await countUntil(page, 15, 40);
  await button(page, 'Cancel').click();
  await countIdle(page);
  await waitUntilKept(page, 15, 40);
  await reloaded(page);
  const kept = await offered(page);
  assert.equal(kept.n, 15);
  assert.equal(kept.method, 'backtracking');
  assert.equal(kept.of, of);
  assert.ok(kept.kept >= 40 && kept.kept < of, `kept ${kept.kept} of ${of}`);
  await resumeToTheEnd(page, 15, kept.kept, of);
  assert.match(await text(page, 'count-status'), /by backtracking\./);
  t.diagnostic(`N = 15 by backtracking, ${of} sub-problems (${kept.kept} kept), cancel, reload and resume: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
