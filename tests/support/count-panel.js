// Shared by the count panel's end-to-end tests: reading it and driving it as a person does.

/** The text of the element with this id. */
export const text = (page, id) => page.locator(`#${id}`).textContent();

/** Sets the count's board size as typing would (a number field refuses fill('abc')). */
export const setSize = (page, value) => page.locator('#count-size').evaluate((input, v) => {
  input.value = v;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}, value);

/** Waits until nothing runs in the panel (Cancel is disabled again). */
export const countIdle = (page, timeout = 60_000) =>
  page.waitForFunction(() => document.getElementById('count-cancel').disabled, null, { timeout });

/** "N = 12: 14,200 solutions, 1,787 unique." as the panel writes published counts {total, unique}. */
export const resultText = (n, { total, unique }) =>
  `N = ${n}: ${total.toLocaleString('en')} solutions, ${unique.toLocaleString('en')} unique.`;

/** The pool's size: the number of workers "Count all" uses by default (one per core the page
 *  sees, whatever this machine has). */
export const poolSize = (page) => page.evaluate(() => globalThis.bitqueensDebug.countPool.size);
