// Browser benchmark of play at full speed, on the built page (dist/) in headless Chromium:
//  1. N=12 played to the end: time, steps per second, frames per second, and JS heap and
//     wasm memory at the start and at the end (memory must stay flat);
//  2. N=16 played for a fixed time (it does not finish): sustained steps and frames per second.
//   npm run build && npm run bench:play
import { serve } from '../tests/support/server.js';
import { launch, openPage } from '../tests/support/browser.js';

const WINDOW_SECONDS = Number(process.env.SECONDS_TO_PLAY ?? 5);
const server = await serve('dist');
const browser = await launch();
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function openAtFullSpeed(n) {
  const page = await openPage(browser, `${server.url}?n=${n}`);
  await page.getByRole('grid', { name: 'Board' }).waitFor();
  await page.getByLabel('Speed').fill('13');
  await page.evaluate(() => {
    window.frames_ = 0;
    const count = () => { window.frames_ += 1; requestAnimationFrame(count); };
    requestAnimationFrame(count);
  });
  return page;
}

const readout = (page) => page.evaluate(() => ({
  steps: Number(document.getElementById('steps').textContent.replace(/,/g, '')),
  solutions: document.getElementById('solutions-found').textContent,
  frames: window.frames_,
  heap: performance.memory?.usedJSHeapSize ?? NaN,
  wasm: window.bitqueensDebug.wasmMemoryBytes(),
}));

try {
  {
    const page = await openAtFullSpeed(12);
    const start = await readout(page);
    const t0 = performance.now();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => document.body.dataset.state === 'done', null, { timeout: 120_000, polling: 20 });
    const seconds = (performance.now() - t0) / 1000;
    const end = await readout(page);
    console.log(`N=12 to the end: ${end.steps.toLocaleString('en')} steps, ${end.solutions} solutions in ${seconds.toFixed(2)} s`);
    console.log(`  steps per second : ${(end.steps / seconds / 1e6).toFixed(1)} million`);
    console.log(`  frames per second: ${((end.frames - start.frames) / seconds).toFixed(1)}`);
    console.log(`  JS heap          : ${mib(start.heap)} at start, ${mib(end.heap)} at the end`);
    console.log(`  wasm memory      : ${mib(start.wasm)} at start, ${mib(end.wasm)} at the end`);
    if (page.problems.length) console.error(page.problems.join('\n'));
  }
  {
    const page = await openAtFullSpeed(16);
    const start = await readout(page);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const t0 = performance.now();
    await page.waitForTimeout(WINDOW_SECONDS * 1000);
    const end = await readout(page);
    const seconds = (performance.now() - t0) / 1000;
    console.log(`N=16 for ${seconds.toFixed(1)} s: ${(end.steps / seconds / 1e6).toFixed(1)} million steps per second, ` +
      `${((end.frames - start.frames) / seconds).toFixed(1)} frames per second`);
    if (page.problems.length) console.error(page.problems.join('\n'));
  }
} finally {
  await browser.close();
  await server.close();
}
