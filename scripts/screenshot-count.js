// The count panel's screenshot for the README: counts N = 10..16 on all workers, races at 13.
//   npm run build && node scripts/screenshot-count.js docs/count-panel.png
import { serve } from '../tests/support/server.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';

const [out = 'count-panel.png'] = process.argv.slice(2);
const server = await serve('dist');
const browser = await launch();
try {
  const page = await openPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
  await pageReady(page);
  const idle = () => page.waitForFunction(() => document.getElementById('count-cancel').disabled, null, { timeout: 120_000 });
  for (let n = 10; n <= 16; n++) {
    await page.locator('#count-size').fill(String(n));
    await page.getByRole('button', { name: 'Count all' }).click();
    await idle();
  }
  await page.locator('#count-size').fill('13');
  await page.getByRole('button', { name: 'Race the counters' }).click();
  await idle();
  await page.locator('#count-panel').screenshot({ path: out });
  if (page.problems.length) console.error(page.problems.join('\n'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
