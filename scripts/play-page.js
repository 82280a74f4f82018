// Shared by the play benchmarks (bench-play.js, bench-play-ab.js): a page ready to play at
// full speed, counting its animation frames in window.frames_.
import { openPage, pageReady } from '../tests/support/browser.js';

/** Opens n×n of the page at `url` in `browser` at full speed, once the Explored figure has
 *  its tree size: the tree is counted in a worker first (N=16: a few seconds on one core), and
 *  play is measured after that, not while it shares the machine's cores. */
export async function openAtFullSpeed(browser, url, n) {
  const page = await openPage(browser, `${url}?n=${n}`);
  await pageReady(page);
  await page.waitForFunction(() => document.getElementById('explored')?.textContent !== '…', null, { timeout: 120_000 });
  await page.locator('#speed').fill('13');
  await page.evaluate(() => {
    window.frames_ = 0;
    const count = () => { window.frames_ += 1; requestAnimationFrame(count); };
    requestAnimationFrame(count);
  });
  return page;
}

/** Presses ← `presses` times as fast as it goes; the time of each (the key's handler, wasm
 *  and the page's redraw, and the work it leaves for the end of its task), in ms, sorted. */
export function timeBacks(page, presses = 500) {
  return page.evaluate(async (count) => {
    const took = [];
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
      await null; // after the microtasks the Back queued, as at the end of a real key's task
      took.push(performance.now() - t);
    }
    return took.sort((a, b) => a - b);
  }, presses);
}
