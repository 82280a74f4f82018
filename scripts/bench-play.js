// Browser benchmark of play at full speed, on the built page (dist/) in headless Chromium:
//  1. N=12 played to the end: frames, and frames per second until the gallery is filled (see
//     playToTheEnd), and JS heap and wasm memory at the start and at the end (flat);
//  2. N=16 played for a fixed time (it does not finish): sustained steps and frames per second,
//     against the frame rate of the same page doing nothing (what headless Chromium gives);
//  3. then, that deep into the search, the time of one Back (← key: wasm back + full redraw);
//  4. opening a permalink 3,000,000 steps into N=12: navigation to the restored state;
//  5. the Search tree panel's cost: N=16 played for the same time with the panel closed
//     (1-2 run with it open, as the page starts), and N=32 played with it open, memory before
//     and after (it keeps only the levels on the search's stack).
//   npm run build && npm run bench:play
import { serve } from '../tests/support/server.js';
import { launch, openPage } from '../tests/support/browser.js';
import { openAtFullSpeed, timeBacks, playToTheEnd } from './play-page.js';

const WINDOW_SECONDS = Number(process.env.SECONDS_TO_PLAY ?? 5);
const server = await serve('dist');
const browser = await launch();
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;


const readout = (page) => page.evaluate(() => ({
  steps: Number(document.getElementById('steps').textContent.replace(/,/g, '')),
  solutions: document.getElementById('solutions-found').textContent,
  frames: window.frames_,
  heap: performance.memory?.usedJSHeapSize ?? NaN,
  wasm: window.bitqueensDebug.wasmMemoryBytes(),
}));

/** Plays at full speed for the measuring window: steps and frames per second, and the
 *  readouts at both ends. */
async function playWindow(page) {
  const start = await readout(page);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const t0 = performance.now();
  await page.waitForTimeout(WINDOW_SECONDS * 1000);
  const end = await readout(page);
  const seconds = (performance.now() - t0) / 1000;
  return {
    start, end, seconds,
    rate: `${(end.steps / seconds / 1e6).toFixed(1)} million steps per second`,
    fps: `${((end.frames - start.frames) / seconds).toFixed(1)} frames per second`,
  };
}

try {
  {
    const page = await openAtFullSpeed(browser, server.url, 12);
    const start = await readout(page);
    const run = await playToTheEnd(page);
    const end = await readout(page);
    console.log(`N=12 to the end: ${end.steps.toLocaleString('en')} steps, ${end.solutions} solutions in ${run.searchFrames} frames; `
      + `the gallery filled ${run.frames - run.searchFrames} frames later (${run.seconds.toFixed(2)} s in all)`);
    console.log(`  frames per second: ${run.fps.toFixed(1)}`);
    console.log(`  JS heap          : ${mib(start.heap)} at start, ${mib(end.heap)} at the end`);
    console.log(`  wasm memory      : ${mib(start.wasm)} at start, ${mib(end.wasm)} at the end`);
    if (page.problems.length) console.error(page.problems.join('\n'));
  }
  {
    const page = await openAtFullSpeed(browser, server.url, 16);
    const idle0 = await readout(page);
    await page.waitForTimeout(2000);
    const idleFps = ((await readout(page)).frames - idle0.frames) / 2;
    const { seconds, rate, fps } = await playWindow(page);
    console.log(`N=16, Search tree open (path view), for ${seconds.toFixed(1)} s: ${rate}, ${fps} (idle page: ${idleFps.toFixed(1)})`);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const times = await timeBacks(page);
    const depth = (await readout(page)).steps;
    // The back mechanism alone: one exact step back in wasm, deep in a search of its own.
    const wasmBack = await page.evaluate(() => {
      const search = new window.bitqueensDebug.Search(16, false);
      while (search.steps < 200_000_000) search.run(10_000_000, false, 0);
      const calls = 100_000;
      const t0 = performance.now();
      for (let i = 0; i < calls; i++) search.seek(search.steps - 1, 1, 0);
      const ms = (performance.now() - t0) / calls;
      const steps = search.steps;
      search.free();
      return { ms, steps };
    });
    console.log(`One Back in wasm at step ${wasmBack.steps.toLocaleString('en')}: ${(wasmBack.ms * 1000).toFixed(2)} µs ` +
      '(seek(steps - 1) through the JS facade, mean of 100,000)');
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(`Back at step ${depth.toLocaleString('en')}: mean ${mean.toFixed(3)} ms, ` +
      `median ${times[250].toFixed(3)} ms, max ${times[499].toFixed(3)} ms over 500 presses (wasm + redraw)`);
    if (page.problems.length) console.error(page.problems.join('\n'));
  }
  {
    const page = await openAtFullSpeed(browser, server.url, 16);
    await page.locator('#tree-panel > summary').click(); // close the Search tree panel
    const { seconds, rate, fps } = await playWindow(page);
    console.log(`N=16, Search tree closed, for ${seconds.toFixed(1)} s: ${rate}, ${fps}`);
    if (page.problems.length) console.error(page.problems.join('\n'));
    await page.close(); // a page left playing would slow every measurement after it
  }
  {
    const page = await openAtFullSpeed(browser, server.url, 32);
    const { start, end, seconds, rate, fps } = await playWindow(page);
    console.log(`N=32, Search tree open (path view), for ${seconds.toFixed(1)} s: ${rate}, ${fps}; ` +
      `JS heap ${mib(start.heap)} → ${mib(end.heap)}, wasm memory ${mib(start.wasm)} → ${mib(end.wasm)}`);
    if (page.problems.length) console.error(page.problems.join('\n'));
    await page.close();
  }
  {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const page = await openPage(browser, `${server.url}?n=12&pos=3000000`);
      await page.waitForFunction(() => document.body.dataset.state === 'paused', null, { polling: 10 });
      times.push(performance.now() - t0);
      if (page.problems.length) console.error(page.problems.join('\n'));
      await page.close();
    }
    console.log(`Permalink ?n=12&pos=3000000, navigation to restored state: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`);
  }
} finally {
  await browser.close();
  await server.close();
}
