// A/B of full-speed play on two or more built pages (each a dist/ folder), to tell a change of
// code from a change of machine: N=16 played at full speed, 4 s windows after 1 s of warm-up,
// a fresh browser for every run, the pages taking turns for 3 rounds. Prints, per run, steps
// per second, frames per second, and the render cost per frame: the main thread's busy time
// less its script time (style, layout, paint), from Chromium's performance metrics.
//   npm run build && cp -r dist /tmp/new && git checkout OLD && npm run build &&
//   node scripts/bench-play-ab.js dist /tmp/new
import { serve } from '../tests/support/server.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';

const folders = process.argv.slice(2);
if (folders.length < 2) {
  console.error('usage: node scripts/bench-play-ab.js DIST_A DIST_B [DIST_C …] (each a built page, as npm run build writes dist/)');
  process.exit(2);
}
const ROUNDS = 3;
const WINDOW_MS = 4000;
const servers = await Promise.all(folders.map((folder) => serve(folder)));
const runs = folders.map(() => []);

async function playOnce(url) {
  const browser = await launch();
  try {
    const page = await openPage(browser, `${url}?n=16`);
    await pageReady(page);
    // Pages that count the tree for Explored do it first, in a worker: wait for that.
    await page.waitForFunction(() => document.getElementById('explored')?.textContent !== '…', null, { timeout: 120_000 });
    await page.locator('#speed').fill('13');
    await page.evaluate(() => {
      window.frames_ = 0;
      const count = () => { window.frames_ += 1; requestAnimationFrame(count); };
      requestAnimationFrame(count);
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const readout = () => page.evaluate(() => ({
      steps: Number(document.getElementById('steps').textContent.replace(/,/g, '')),
      frames: window.frames_,
      at: performance.now(),
    }));
    await page.locator('#play').click();
    await page.waitForTimeout(1000);
    const [m0, r0] = [await metrics(), await readout()];
    await page.waitForTimeout(WINDOW_MS);
    const [m1, r1] = [await metrics(), await readout()];
    const seconds = (r1.at - r0.at) / 1000;
    const frames = r1.frames - r0.frames;
    const busy = (m1.TaskDuration - m0.TaskDuration) - (m1.ScriptDuration - m0.ScriptDuration);
    return `${((r1.steps - r0.steps) / seconds / 1e6).toFixed(1)} M steps/s, ${(frames / seconds).toFixed(1)} fps, render ${(busy * 1000 / frames).toFixed(1)} ms/frame`;
  } finally {
    await browser.close();
  }
}

try {
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < folders.length; i++) runs[i].push(await playOnce(servers[i].url));
  }
  folders.forEach((folder, i) => console.log(`${folder}:\n  ${runs[i].join('\n  ')}`));
} finally {
  await Promise.all(servers.map((server) => server.close()));
}
