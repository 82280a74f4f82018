// How long after the first screen the page answers a click: the time the narration's first
// sentence is shown (Element Timing) and the time the core is running (the loading note
// hidden), on dist/ served with brotli on loopback, in a phone's viewport (412×823, as
// Lighthouse's mobile profile), unthrottled and with the CPU slowed 4× (Chromium's CDP), five
// fresh pages each. Prints both times of every run. bench:load's LCP is the first of the two.
// With WARM=1, each run is a second visit: the page is opened once, its service worker waits
// until it has kept the page (navigator.serviceWorker.ready), and the second opening is timed.
//   npm run build && node scripts/bench-ready.js
//   npm run build && WARM=1 node scripts/bench-ready.js
import { serve } from '../tests/support/server.js';
import { launch } from '../tests/support/browser.js';

const RUNS = 5;
const warm = process.env.WARM === '1';
const server = await serve(process.env.BENCH_DIST ?? 'dist', { compress: true });
const browser = await launch();
try {
  for (const slowdown of [1, 4]) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      await page.addInitScript(() => {
        window.benchTimes = {};
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (entry.identifier === 'narration') window.benchTimes.shown ??= entry.renderTime;
        }).observe({ type: 'element', buffered: true });
        new MutationObserver(() => {
          if (document.getElementById('loading')?.hidden) window.benchTimes.ready ??= performance.now();
        }).observe(document, { subtree: true, attributes: true });
      });
      if (warm) {
        await page.goto(server.url);
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      }
      await page.goto(server.url);
      if (warm && !(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
        throw new Error('WARM=1: the second visit is not served by the service worker');
      }
      await page.waitForFunction(() => window.benchTimes.shown && window.benchTimes.ready);
      const { shown, ready } = await page.evaluate(() => window.benchTimes);
      runs.push(`${Math.round(shown)} → ${Math.round(ready)}`);
      await context.close();
    }
    console.log(`${warm ? 'second visit, warm service worker, ' : ''}CPU ×${slowdown}: narration shown → core running (ms from navigation): ${runs.join(', ')}`);
  }
} finally {
  await browser.close();
  await server.close();
}
