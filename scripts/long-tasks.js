// Lists the long tasks (over 50 ms) of the page's first load and what fills each: a Chromium
// trace (the DevTools protocol's Tracing) of dist/ served compressed, in a phone's viewport,
// the CPU slowed 4× as Lighthouse's mobile profile assumes. For finding what the total
// blocking time is made of, not for figures: run it on a quiet machine, several times.
//   npm run build && node scripts/long-tasks.js [DIST] [RUNS]
import { serve } from '../tests/support/server.js';
import { launch } from '../tests/support/browser.js';

const dist = process.argv[2] ?? 'dist';
const runs = Number(process.argv[3] ?? 1);
const LONG_US = 50_000;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'loading'];
/** The events inside a task worth naming, with what they ran. */
const NAMED = new Set(['EvaluateScript', 'FunctionCall', 'RunMicrotasks', 'v8.wasm.compileConsume', 'ParseHTML',
  'UpdateLayoutTree', 'Layout', 'Paint', 'Commit', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'MajorGC', 'MinorGC']);

async function trace(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('loading').hidden); // the core runs
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve))); // and the page is idle
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  return events;
}

function longTasks(events) {
  const names = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  // The page's renderer: the main thread that ran the page's script.
  const main = names.map((e) => `${e.pid}:${e.tid}`).find((key) => events.some((e) => `${e.pid}:${e.tid}` === key && e.name === 'EvaluateScript'));
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
  const start = Math.min(...onMain.map((e) => e.ts));
  return onMain.filter((e) => e.name === 'RunTask' && e.dur > LONG_US).map((task) => ({
    at: (task.ts - start) / 1000,
    ms: task.dur / 1000,
    inside: onMain
      .filter((e) => NAMED.has(e.name) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur >= 2000)
      .map((e) => {
        const data = e.args?.data ?? {};
        const what = [data.url?.split('/').pop(), data.functionName, data.lineNumber !== undefined ? `@${data.lineNumber}:${data.columnNumber}` : ''].filter(Boolean).join(' ');
        return `${e.name}${what ? ` (${what})` : ''} ${(e.dur / 1000).toFixed(0)} ms`;
      }),
  }));
}

const server = await serve(dist, { compress: true });
const browser = await launch();
try {
  for (let run = 1; run <= runs; run++) {
    console.log(`Run ${run}: long tasks of the first load (CPU 4× slower), from the navigation:`);
    for (const { at, ms, inside } of longTasks(await trace(browser, server.url))) {
      console.log(`  at ${at.toFixed(0)} ms, ${ms.toFixed(0)} ms: ${inside.join(', ')}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
