// The Compare section's screenshots for the README: four lanes at N = 6 (board scan, flag
// arrays, bit by bit, Richards' bitmask) paused mid-node, where the lanes wait for each other;
// and the race of the algorithms (runs over a few seconds skipped, to keep it short).
//   npm run build && node scripts/screenshot-compare.js docs
import { serve } from '../tests/support/server.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';

const [folder = '.'] = process.argv.slice(2);
const server = await serve('dist');
const browser = await launch();
try {
  const page = await openPage(browser, `${server.url}?compare=board-scan,flag-arrays,bit-by-bit,richards&cn=6&cnode=9`,
    { viewport: { width: 1366, height: 900 } });
  await pageReady(page);
  const section = page.getByRole('group', { name: 'Compare algorithms' });
  await section.getByRole('region', { name: 'Board scan', exact: true }).waitFor();
  // Three beats at one step a second: Richards' lane has chosen its square (and shows the
  // two's complement trick) while the board scan is still testing.
  await section.getByLabel('Speed').fill('3');
  await section.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(650);
  await section.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.locator('#compare-lanes').screenshot({ path: `${folder}/compare-lanes.png` });

  await page.evaluate(() => { globalThis.bitqueensDebug.algorithmRace.skipAboveMs = 3000; });
  await section.getByRole('button', { name: 'Race every algorithm' }).click();
  await page.waitForFunction(() => /^Race finished/.test(document.getElementById('algorithm-race-status').textContent),
    null, { timeout: 300_000 });
  // The table scrolls: show its end, the largest boards, where the algorithms differ most.
  await page.getByRole('region', { name: 'Race results' }).evaluate((table) => { table.scrollTop = table.scrollHeight; });
  await page.locator('.race-results').screenshot({ path: `${folder}/compare-race.png` });
  if (page.problems.length) console.error(page.problems.join('\n'));
  console.log(`wrote ${folder}/compare-lanes.png and ${folder}/compare-race.png`);
} finally {
  await browser.close();
  await server.close();
}
