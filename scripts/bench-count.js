// Browser benchmark of counting, on the built page (dist/) in headless Chromium: for each N,
// the two fast wasm counters (meeting in the middle, and the backtracking counter) on one
// worker and on all workers, the plain bitmask in wasm and the plain JS recursion (each on
// one worker), through the page's own worker pool. Prints a table of seconds (the whole
// countAll: listing the sub-problems, counting, and the meet counter's Burnside step; worker
// start-up excluded) and checks every count against the published table.
//   npm run build && npm run bench:count             N = 14..17
//   BENCH_N=14-18 PLAIN_UP_TO=16 ONE_WORKER_UP_TO=17 BACKTRACK_UP_TO=17 npm run bench:count
import { serve } from '../tests/support/server.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';
import { TOTALS, UNIQUES } from '../tests/support/published.js';

const [from, to] = (process.env.BENCH_N ?? '14-17').split('-').map(Number);
const plainUpTo = Number(process.env.PLAIN_UP_TO ?? 17);
const oneWorkerUpTo = Number(process.env.ONE_WORKER_UP_TO ?? 17);
const backtrackUpTo = Number(process.env.BACKTRACK_UP_TO ?? 17);
const server = await serve(process.env.BENCH_DIST ?? 'dist'); // another build to compare with: BENCH_DIST=dir
const browser = await launch();
const rows = [];
try {
  const page = await openPage(browser, server.url);
  await pageReady(page);
  const cores = await page.evaluate(() => globalThis.bitqueensDebug.countPool.size);
  const run = (what, n, workers) => page.evaluate(async ([what, n, workers]) => {
    const pool = globalThis.bitqueensDebug.countPool;
    if (what === 'meet' || what === 'backtrack') {
      await pool.countAll(1, workers, () => {}, { method: what }); // every worker started, its wasm loaded
      const started = performance.now();
      const result = await pool.countAll(n, workers, () => {}, { method: what });
      return { ...result, ms: performance.now() - started };
    }
    return pool.countPlain(what, n);
  }, [what, n, workers]);
  const check = (n, result, unique = true) => {
    if (result.total !== TOTALS[n - 1] || (unique && result.unique !== UNIQUES[n - 1])) {
      throw new Error(`N=${n}: counted ${result.total}/${result.unique}, published ${TOTALS[n - 1]}/${UNIQUES[n - 1]}`);
    }
    return (result.ms / 1000).toFixed(2);
  };
  for (let n = from; n <= to; n++) {
    const meetOne = n <= oneWorkerUpTo ? check(n, await run('meet', n, 1)) : '–';
    const meetAll = check(n, await run('meet', n, cores));
    const backOne = n <= Math.min(oneWorkerUpTo, backtrackUpTo) ? check(n, await run('backtrack', n, 1)) : '–';
    const backAll = n <= backtrackUpTo ? check(n, await run('backtrack', n, cores)) : '–';
    const wasm = n <= plainUpTo ? check(n, await run('plain-wasm', n), false) : '–';
    const js = n <= plainUpTo ? check(n, await run('plain-js', n), false) : '–';
    rows.push({ n, meetOne, meetAll, backOne, backAll, wasm, js });
    console.error(`N=${n} done`);
  }
  if (page.problems.length) throw new Error(page.problems.join('\n'));
  console.log(`\n| N | meet, 1 worker (s) | meet, ${cores} workers (s) | backtracking, 1 worker (s) | backtracking, ${cores} workers (s) | plain bitmask wasm, 1 worker (s) | plain JS recursion, 1 worker (s) |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.n} | ${r.meetOne} | ${r.meetAll} | ${r.backOne} | ${r.backAll} | ${r.wasm} | ${r.js} |`);
  console.log('\nEvery count equals OEIS A000170 (and A002562 for the fast counters).');
} finally {
  await browser.close();
  await server.close();
}
