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

/**
 * Presses Play on a page opened by openAtFullSpeed and waits for the end of the search and of
 * the gallery's filling (it lists a few dozen thumbnails a frame, after the search too).
 * Returns the frames shown meanwhile (and how many of them while the search ran), the seconds
 * from the first to the last, and the frames per second: (frames − 1) / seconds, from the
 * animation frames' own times. A window from before the click to after the end would also
 * count the idle frames around the run and be off by up to a frame at each edge, which is 15%
 * of a run of 8 frames (N=12 now takes about that).
 */
export async function playToTheEnd(page) {
  await page.evaluate(() => {
    window.runFrames_ = [];
    const busy = () => document.body.dataset.state === 'playing'
      || document.getElementById('solutions')?.getAttribute('aria-busy') === 'true';
    const stamp = (t) => {
      if (busy()) window.runFrames_.push([t, document.body.dataset.state === 'playing']);
      requestAnimationFrame(stamp);
    };
    requestAnimationFrame(stamp);
  });
  await page.locator('#play').click();
  await page.waitForFunction(() => document.body.dataset.state === 'done'
    && document.getElementById('solutions').getAttribute('aria-busy') !== 'true', null, { timeout: 120_000, polling: 20 });
  const frames = await page.evaluate(() => window.runFrames_);
  if (frames.length < 2) throw new Error(`the run showed ${frames.length} frame(s): too few to measure`);
  const seconds = (frames.at(-1)[0] - frames[0][0]) / 1000;
  return { frames: frames.length, fps: (frames.length - 1) / seconds, seconds, searchFrames: frames.filter(([, playing]) => playing).length };
}
