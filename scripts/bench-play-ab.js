// A/B of full-speed play on two or more built pages (each a dist/ folder), to tell a change of
// code from a change of machine: a fresh browser for every run, the pages taking turns for 3
// rounds, every panel as the page opens (search tree, explored, gallery, code). Per run:
//  - N=16 at full speed, a 4 s window after 1 s of warm-up: steps per second, frames per
//    second, and the render cost per frame: the main thread's busy time less its script time
//    (style, layout, paint), from Chromium's performance metrics;
//  - N=12 played to the end: frames per second until the gallery is filled (see playToTheEnd);
//  - then, deep in the N=16 search, 500 presses of ← (Back): the median time of one, wasm and
//    the page's redraw.
//   npm run build && cp -r dist /tmp/new && git checkout OLD && npm run build &&
//   node scripts/bench-play-ab.js dist /tmp/new
import { serve } from '../tests/support/server.js';
import { launch } from '../tests/support/browser.js';
import { openAtFullSpeed, timeBacks, playToTheEnd } from './play-page.js';

const folders = process.argv.slice(2);
if (folders.length < 2) {
  console.error('usage: node scripts/bench-play-ab.js DIST_A DIST_B [DIST_C …] (each a built page, as npm run build writes dist/)');
  process.exit(2);
}
const ROUNDS = 3;
const WINDOW_MS = 4000;
const servers = await Promise.all(folders.map((folder) => serve(folder)));
const runs = folders.map(() => []);


const readout = (page) => page.evaluate(() => ({
  steps: Number(document.getElementById('steps').textContent.replace(/,/g, '')),
  frames: window.frames_,
  at: performance.now(),
}));

async function playOnce(url) {
  const browser = await launch();
  try {
    const twelve = await openAtFullSpeed(browser, url, 12);
    const toTheEnd = await playToTheEnd(twelve);
    await twelve.close();

    const page = await openAtFullSpeed(browser, url, 16);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    await page.locator('#play').click();
    await page.waitForTimeout(1000);
    const [m0, r0] = [await metrics(), await readout(page)];
    await page.waitForTimeout(WINDOW_MS);
    const [m1, r1] = [await metrics(), await readout(page)];
    const seconds = (r1.at - r0.at) / 1000;
    const frames = r1.frames - r0.frames;
    const busy = (m1.TaskDuration - m0.TaskDuration) - (m1.ScriptDuration - m0.ScriptDuration);
    await page.locator('#play').click(); // Pause
    await page.waitForFunction(() => document.body.dataset.state === 'paused', null, { polling: 10 });
    const depth = (await readout(page)).steps;
    const backs = await timeBacks(page);
    return `N=16: ${((r1.steps - r0.steps) / seconds / 1e6).toFixed(1)} M steps/s, ${(frames / seconds).toFixed(1)} fps, `
      + `render ${(busy * 1000 / frames).toFixed(1)} ms/frame; N=12 to the end: ${toTheEnd.fps.toFixed(1)} fps (${toTheEnd.frames} frames); `
      + `Back at step ${depth.toLocaleString('en')}: median ${backs[250].toFixed(3)} ms`;
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
