// Shared by the count panel's end-to-end tests: reading it and driving it as a person does.
import { patience } from './patience.js';

/** The text of the element with this id. */
export const text = (page, id) => page.locator(`#${id}`).textContent();

/** Sets the count's board size as typing would (a number field refuses fill('abc')). */
export const setSize = (page, value) => page.locator('#count-size').evaluate((input, v) => {
  input.value = v;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}, value);

/** Waits until nothing runs in the panel (Cancel is disabled again), for at most `timeout` ms
 *  widened by BITQUEENS_TIME_SCALE (patience.js). */
export const countIdle = (page, timeout = 60_000) =>
  page.waitForFunction(() => document.getElementById('count-cancel').disabled, null, { timeout: patience(timeout) });

/** "N = 12: 14,200 solutions, 1,787 unique." as the panel writes published counts {total, unique}. */
export const resultText = (n, { total, unique }) =>
  `N = ${n}: ${total.toLocaleString('en')} solutions, ${unique.toLocaleString('en')} unique.`;

/** The pool's size: the number of workers "Count all" uses by default (one per core the page
 *  sees, whatever this machine has). */
export const poolSize = (page) => page.evaluate(() => globalThis.bitqueensDebug.countPool.size);

/** Resolves once the panel has read the counts kept in the browser and shown (or not) its
 *  offer to resume one: after that, a hidden offer means there is nothing to resume. */
export const keptProgressRead = (page) => page.evaluate(() => globalThis.bitqueensDebug.countPanel.ready);

/** How many finished sub-problems of n are kept in the browser's IndexedDB now. */
export const keptParts = (page, n) => page.evaluate((size) => new Promise((resolve, reject) => {
  // Version 1, the page's own: were the page's store not there yet, opening it here must not
  // create an empty one the page would then take for its own (the upgrade is aborted).
  const open = indexedDB.open('bitqueens-counts', 1);
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => resolve(0);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('parts')) { db.close(); resolve(0); return; }
    const count = db.transaction('parts').objectStore('parts').count(IDBKeyRange.bound([size, 0], [size, Infinity]));
    count.onsuccess = () => { db.close(); resolve(count.result); };
    count.onerror = () => { db.close(); reject(count.error); };
  };
}), n);

/** Waits until at least `atLeast` finished sub-problems of n are kept in IndexedDB, for at most
 *  `bound` ms widened by BITQUEENS_TIME_SCALE (patience.js). */
export async function waitUntilKept(page, n, atLeast, bound = 60_000) {
  const timeoutMs = patience(bound);
  const started = Date.now();
  for (;;) {
    const kept = await keptParts(page, n);
    if (kept >= atLeast) return kept;
    if (Date.now() - started > timeoutMs) throw new Error(`only ${kept} sub-problems of N = ${n} were kept after ${timeoutMs} ms; waited for ${atLeast}`);
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
}
