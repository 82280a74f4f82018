// Browser figure for the README (issue 13, part 5): the count panel counting N on 2 workers,
// with "Keep progress" on (each finished sub-problem kept in IndexedDB) and off, through the
// page itself (buttons, confirmation, result), in headless Chromium on the built page
// (dist/). Runs alternate (off, on, off, …); prints the median time of each, the page's own
// "Counted in" figure (first job posted to last answer, worker start-up excluded), and the
// difference. Every result must agree with the published counts. Run on a quiet machine:
//
//   npm run build && npm run bench:persist             N = 18, 2 workers, 3 runs each
//   BENCH_N=17 REPEAT=5 npm run bench:persist
import { serve } from '../tests/support/server.js';
import { median } from './median.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';
import { published } from '../tests/support/published.js';

const n = Number(process.env.BENCH_N ?? 18);
const repeat = Number(process.env.REPEAT ?? 3);
const WORKERS = 2;
const server = await serve('dist');
const browser = await launch();

/** Seconds of the page's "Counted in …" line: "850 ms", "4.21 s", "3 min 05 s". */
function seconds(status) {
  const said = status.match(/^Counted in (.+?) on /)?.[1] ?? '';
  const minutes = said.match(/^(\d+) min (\d+) s$/);
  if (minutes) return Number(minutes[1]) * 60 + Number(minutes[2]);
  if (said.endsWith(' ms')) return Number(said.slice(0, -3)) / 1000;
  if (said.endsWith(' s')) return Number(said.slice(0, -2));
  throw new Error(`cannot read the time in “${status}”`);
}

async function countOnce(keep) {
  // A page of its own each time: a fresh IndexedDB, fresh workers.
  const page = await openPage(browser, server.url, { cores: WORKERS });
  try {
    await pageReady(page);
    const box = page.getByLabel('Keep progress');
    if (keep) await box.check(); else await box.uncheck();
    await page.getByLabel('Workers').selectOption(String(WORKERS));
    await page.locator('#count-size').fill(String(n));
    await page.getByRole('button', { name: 'Count all', exact: true }).click();
    const confirm = page.getByRole('button', { name: 'Count anyway', exact: true });
    if (await confirm.isVisible()) await confirm.click();
    await page.waitForFunction(() => document.getElementById('count-result').textContent !== '', null, { timeout: 0 });
    const result = await page.locator('#count-result').textContent();
    const { total, unique } = published(n);
    const expected = `N = ${n}: ${total.toLocaleString('en')} solutions, ${unique.toLocaleString('en')} unique.`;
    if (!result.startsWith(expected) || !result.includes('✓ agree')) throw new Error(`N=${n}: ${result}`);
    if (page.problems.length) throw new Error(page.problems.join('\n'));
    return seconds(await page.locator('#count-status').textContent());
  } finally {
    await page.close();
  }
}

try {
  const runs = { off: [], on: [] };
  for (let i = 1; i <= repeat; i++) {
    for (const keep of [false, true]) {
      const s = await countOnce(keep);
      runs[keep ? 'on' : 'off'].push(s);
      console.error(`N=${n}, Keep progress ${keep ? 'on' : 'off'}, run ${i} of ${repeat}: ${s.toFixed(2)} s`);
    }
  }
  const off = median(runs.off);
  const on = median(runs.on);
  console.log(`\nChromium headless, N = ${n}, ${WORKERS} workers, median of ${repeat} runs each:\n`);
  console.log('| Keep progress | Seconds |');
  console.log('|---|---|');
  console.log(`| off | ${off.toFixed(2)} |`);
  console.log(`| on (IndexedDB) | ${on.toFixed(2)} (${(((on - off) / off) * 100).toFixed(1)}%) |`);
  console.log('\nEvery count equals OEIS A000170 / A002562.');
} finally {
  await browser.close();
  await server.close();
}
