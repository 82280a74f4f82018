// The first load, measured by Lighthouse: dist/ (npm run build) served on a loopback server
// that compresses text and wasm as a host does (brotli), Lighthouse's mobile profile (its
// default: a mid-range phone on a slow 4G link, simulated), three runs, the median of each
// figure. Prints the table of runs and medians, and the elements behind the layout shift.
//   npm run build && CHROME_PATH=/usr/bin/chromium npm run bench:load
//   BENCH_RUNS=5 BENCH_DIST=other-dist npm run bench:load
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { serve } from '../tests/support/server.js';
import { median } from './median.js';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const root = process.env.BENCH_DIST ?? 'dist';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu'];

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    lcpS: audit('largest-contentful-paint').numericValue / 1000,
    tbtMs: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    transferredKiB: audit('total-byte-weight').numericValue / 1024,
    unusedJsKiB: (audit('unused-javascript').details?.overallSavingsBytes ?? 0) / 1024,
  };
}

/** What shifted, from the layout-shifts audit: "score  selector  (text)". */
function shifts(lhr) {
  const items = lhr.audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => `${item.score.toFixed(4)}  ${item.node?.selector ?? '?'}  ${(item.node?.nodeLabel ?? '').slice(0, 60)}`);
}

/** The element of the largest contentful paint, and how its time splits (TTFB, load delay, …). */
function lcpElement(lhr) {
  const [element, phases] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  const split = (phases?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing)} ms`).join(', ');
  return node ? `${node.selector}  ${(node.nodeLabel ?? '').slice(0, 60)}  (${split})` : 'none';
}

/** Audits that keep accessibility or best practices under 100. */
function failures(lhr) {
  return ['accessibility', 'best-practices'].flatMap((category) => lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
    .map((ref) => `${category}: ${ref.id} — ${lhr.audits[ref.id].title}`));
}

const server = await serve(root, { compress: true });
const results = [];
try {
  for (let run = 1; run <= runs; run++) {
    // A new browser each run: a cold cache, as a first visit.
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags });
    try {
      const { lhr } = await lighthouse(server.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const row = figures(lhr);
      results.push(row);
      console.error(`run ${run}: ${JSON.stringify(row)}`);
      console.error(`  LCP element ${lcpElement(lhr)}`);
      for (const line of shifts(lhr)) console.error(`  shift ${line}`);
      for (const line of failures(lhr)) console.error(`  below 100: ${line}`);
    } finally {
      await chrome.kill();
    }
  }
} finally {
  await server.close();
}

const columns = [
  ['performance', 'performance', (v) => v.toFixed(0)],
  ['lcpS', 'LCP (s)', (v) => v.toFixed(2)],
  ['tbtMs', 'TBT (ms)', (v) => v.toFixed(0)],
  ['cls', 'CLS', (v) => v.toFixed(3)],
  ['accessibility', 'accessibility', (v) => v.toFixed(0)],
  ['bestPractices', 'best practices', (v) => v.toFixed(0)],
  ['transferredKiB', 'transferred (KiB)', (v) => v.toFixed(0)],
  ['unusedJsKiB', 'unused JS (KiB)', (v) => v.toFixed(0)],
];
console.log(`\n| | ${columns.map(([, title]) => title).join(' | ')} |`);
console.log(`|---|${columns.map(() => '---').join('|')}|`);
results.forEach((row, i) => console.log(`| run ${i + 1} | ${columns.map(([key, , show]) => show(row[key])).join(' | ')} |`));
console.log(`| **median** | ${columns.map(([key, , show]) => show(median(results.map((row) => row[key])))).join(' | ')} |`);
