// The page's counter against the native one, pair by pair: meeting in the middle at one N in
// the built page (dist/: wasm with SIMD, one counting worker, headless Chromium, the page's
// own worker pool) and `bitqueens count N --threads 1 --unique` pinned to one core, in turn,
// with the page kept open between runs. Prints each pair, then the medians and the median of
// the pairs' ratios (page / native; the issue's target is at most 1.5). Every count is checked
// against the published tables. The page's worker is not pinned: Chromium's threads are its own.
//   npm run build && cargo build --release -p bitqueens-cli && node scripts/bench-page-counter.js
//   N=17 PAIRS=5 CORE=0 BITQUEENS=target/release/bitqueens node scripts/bench-page-counter.js
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serve } from '../tests/support/server.js';
import { median } from './median.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';
import { TOTALS, UNIQUES } from '../tests/support/published.js';

const n = Number(process.env.N ?? 17);
const pairs = Number(process.env.PAIRS ?? 5);
const core = String(process.env.CORE ?? 0);
const native = process.env.BITQUEENS ?? 'target/release/bitqueens';
for (const [what, ok] of [
  [`N=${process.env.N} (a board size from 4 to 21)`, Number.isInteger(n) && n >= 4 && n <= 21],
  [`PAIRS=${process.env.PAIRS} (a whole number from 1)`, Number.isInteger(pairs) && pairs >= 1],
  [`${native}: no such file; build it with cargo build --release -p bitqueens-cli`, existsSync(native)],
  ['dist/: no built page; run npm run build first', existsSync('dist/index.html')],
  ['taskset: not found; install it with sudo apt-get install -y util-linux', spawnSync('taskset', ['-V']).status === 0],
]) {
  if (!ok) {
    console.error(`bench-page-counter: ${what}.`);
    process.exit(1);
  }
}

const checked = (who, { total, unique }) => {
  if (total !== TOTALS[n - 1] || unique !== UNIQUES[n - 1]) {
    throw new Error(`${who} counted ${total} (${unique} unique) at N = ${n}; published: ${TOTALS[n - 1]} (${UNIQUES[n - 1]})`);
  }
};

/** One native count, pinned: its wall time in seconds, start-up included. */
function nativeRun() {
  const started = process.hrtime.bigint();
  const run = spawnSync('taskset', ['-c', core, native, 'count', String(n), '--threads', '1', '--unique', '--json', '-q'], { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`${native} count ${n} failed: ${run.error?.message ?? run.stderr}`);
  checked('bitqueens count', JSON.parse(run.stdout));
  return seconds;
}

const server = await serve(process.env.BENCH_DIST ?? 'dist');
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  await pageReady(page);
  /** One count in the page on one worker, started and its wasm loaded beforehand. */
  const pageRun = async () => {
    const result = await page.evaluate(async (n) => {
      const pool = globalThis.bitqueensDebug.countPool;
      await pool.countAll(1, 1, () => {}, { method: 'meet' });
      const started = performance.now();
      const { total, unique } = await pool.countAll(n, 1, () => {}, { method: 'meet' });
      return { total, unique, seconds: (performance.now() - started) / 1000 };
    }, n);
    checked('the page', result);
    return result.seconds;
  };
  const rows = [];
  for (let pair = 1; pair <= pairs; pair++) {
    const nativeSeconds = nativeRun();
    const pageSeconds = await pageRun();
    rows.push({ nativeSeconds, pageSeconds, ratio: pageSeconds / nativeSeconds });
    console.error(`pair ${pair} of ${pairs}: native ${nativeSeconds.toFixed(3)} s, page ${pageSeconds.toFixed(3)} s`);
  }
  if (page.problems.length) throw new Error(page.problems.join('\n'));
  const ratios = rows.map((r) => r.ratio);
  console.log(`\nN = ${n}, ${pairs} pairs: native one thread (pinned to core ${core}) ${median(rows.map((r) => r.nativeSeconds)).toFixed(3)} s,`
    + ` the page (one worker) ${median(rows.map((r) => r.pageSeconds)).toFixed(3)} s: page / native`
    + ` ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}).`
    + ' Every count equals A000170 and A002562. The native time is the whole process\'s; the page\'s is'
    + ' its count, its worker started and loaded before, on a core Chromium chooses.');
} finally {
  await browser.close();
  await server.close();
}
