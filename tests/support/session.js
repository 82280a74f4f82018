// Shared by the end-to-end test files: one static server and one Chromium per file, a fresh
// page per test, and the test fails on any console error, page error or failed request
// (except the ones a test declares it expects).
import { before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './server.js';
import { launch, openPage, pageReady } from './browser.js';

/**
 * Registers the hooks (`webgpu`: Chromium with WebGPU on SwiftShader, see browser.js's
 * launch); returns { open(query, options), openAnother(address, options), page,
 * browser, expectProblem(regex) }. `options` are openPage's ({ viewport, touch, cores,
 * countDelayMs, init }). open() gives the test's page; openAnother() a second one (a link
 * opened in another tab, say), under the same guard: every page a test opens through the
 * session fails it on a console error, a page error or a failed request.
 */
export function usePage({ webgpu = false } = {}) {
  const session = { page: null, others: [], server: null, browser: null, expected: [] };
  before(async () => {
    session.server = await serve('dist');
    session.browser = await launch({ webgpu });
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  beforeEach(() => { session.expected = []; });
  afterEach(async () => {
    const pages = [session.page, ...session.others].filter(Boolean);
    session.page = null;
    session.others = [];
    const unexpected = pages.flatMap((page) => page.problems).filter((p) => !session.expected.some((re) => re.test(p)));
    for (const page of pages) {
      if (page.isClosed()) continue;
      // A route a test left (crashes.test.js's, say) may still be answering a request of the
      // page's service worker, which copies the page in the background: closing under it
      // must not fail the next test.
      await page.context().unrouteAll({ behavior: 'ignoreErrors' });
      await page.close();
    }
    assert.deepEqual(unexpected, [], 'the page logged errors');
  });
  session.open = async (query = '', options = {}) => {
    session.page = await openPage(session.browser, session.server.url + query, options);
    await pageReady(session.page);
    return session.page;
  };
  /** Another page, at `address` (a full URL, or a query for the test server), once ready. */
  session.openAnother = async (address = '', options = {}) => {
    const url = /^https?:/.test(address) ? address : session.server.url + address;
    const page = await openPage(session.browser, url, options);
    session.others.push(page);
    await pageReady(page);
    return page;
  };
  session.expectProblem = (regex) => session.expected.push(regex);
  return session;
}

export const button = (page, name) => page.getByRole('button', { name, exact: true });
/** The player's control bar: its Board size, Speed and Position (the Compare section has its own). */
export const controls = (page) => page.getByRole('region', { name: 'Controls', exact: true });
export const mask = (page, name) => page.getByRole('group', { name, exact: true });
export const solutionsFound = (page) => page.getByRole('status', { name: 'Solutions found' });
export const steps = async (page) => Number((await page.locator('#steps').textContent()).replace(/,/g, ''));

/**
 * Waits for `count` animation frames of the page. The player, its time-sliced runs and the
 * Compare lanes move only on animation frames, so "nothing moved during 10 frames" says that
 * something stopped without assuming how fast the machine is.
 */
export async function frames(page, count) {
  await page.evaluate(async (k) => {
    for (let i = 0; i < k; i++) await new Promise(requestAnimationFrame);
  }, count);
}

/** Waits until the solutions gallery holds a thumbnail for every solution it lists: it fills a
 *  few dozen per animation frame and is aria-busy until then. */
export async function galleryListed(page) {
  await page.locator('#solutions:not([aria-busy="true"])').waitFor({ state: 'attached' });
}

export async function clickStep(page, times) {
  for (let i = 0; i < times; i++) await button(page, 'Step').click();
}

/** The queens on the board, read from the cells' accessible names: [{row, column}], 0-based. */
export async function queensOnBoard(page) {
  const names = await page.getByRole('gridcell', { name: /, queen$/ }).evaluateAll(
    (cells) => cells.map((cell) => cell.getAttribute('aria-label')),
  );
  return names.map((name) => {
    const [, row, column] = name.match(/^Row (\d+), column (\d+), queen$/);
    return { row: Number(row) - 1, column: Number(column) - 1 };
  });
}

/**
 * The masks the rules of the algorithm give for the row below the queens, written as digits
 * (digit k = column k): col marks the queens' columns, ld each queen's column moved right by
 * its distance in rows, rd moved left.
 */
export function masksFromQueens(queens, n) {
  const row = queens.length;
  const digits = () => Array(n).fill('0');
  const ld = digits(); const col = digits(); const rd = digits();
  for (const q of queens) {
    const distance = row - q.row;
    col[q.column] = '1';
    if (q.column + distance < n) ld[q.column + distance] = '1';
    if (q.column - distance >= 0) rd[q.column - distance] = '1';
  }
  return { ld: ld.join(''), col: col.join(''), rd: rd.join('') };
}

export async function masksOnPage(page) {
  const read = async (name) => (await mask(page, name).textContent()).trim();
  return { ld: await read('ld'), col: await read('col'), rd: await read('rd'), poss: await read('poss'), bit: await read('bit') };
}

/** Checks the shown masks against the queens on the board; returns the queens. */
export async function assertMasksAgreeWithBoard(page, n) {
  const queens = await queensOnBoard(page);
  // One queen per row, in the rows above the one being searched.
  assert.deepEqual(queens.map((q) => q.row), [...queens.keys()]);
  const shown = await masksOnPage(page);
  const expected = masksFromQueens(queens, n);
  assert.equal(shown.ld, expected.ld, `ld with queens ${JSON.stringify(queens)}`);
  assert.equal(shown.col, expected.col, `col with queens ${JSON.stringify(queens)}`);
  assert.equal(shown.rd, expected.rd, `rd with queens ${JSON.stringify(queens)}`);
  for (let c = 0; c < n; c++) {
    const attacked = expected.ld[c] === '1' || expected.col[c] === '1' || expected.rd[c] === '1';
    if (shown.poss[c] === '1') assert.ok(!attacked, `poss marks attacked column ${c + 1}`);
    if (shown.bit[c] === '1') assert.ok(!attacked, `bit marks attacked column ${c + 1}`);
  }
  assert.ok(shown.bit.split('').filter((d) => d === '1').length <= 1, 'bit has at most one 1');
  return queens;
}
