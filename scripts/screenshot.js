// Takes a screenshot of the built page (dist/) in headless Chromium:
//   node scripts/screenshot.js [out.png] [query] [steps] [width]
// e.g. node scripts/screenshot.js docs/screenshot.png "?n=8" 40
import { serve } from '../tests/support/server.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';

const [out = 'screenshot.png', query = '', steps = '0', width = '1280'] = process.argv.slice(2);
const server = await serve('dist');
const browser = await launch();
try {
  const page = await openPage(browser, server.url + query, { viewport: { width: Number(width), height: 900 } });
  await pageReady(page);
  for (let i = 0; i < Number(steps); i++) await page.getByRole('button', { name: 'Step' }).click();
  await page.screenshot({ path: out, fullPage: true });
  if (page.problems.length) console.error(page.problems.join('\n'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
