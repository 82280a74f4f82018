// The embedding screenshots for the README: the example host page (docs/host.html, served
// from a second origin) framing the embed after a few of its messages, and the Embed dialog.
//   npm run build && node scripts/screenshot-embed.js docs
import { serve } from '../tests/support/server.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';

const [folder = 'docs'] = process.argv.slice(2);
const embedServer = await serve('dist');
const hostServer = await serve('docs');
const browser = await launch();
try {
  const src = `${embedServer.url}embed.html?n=6&from=0&to=40&controls=step&panels=board,bits,narration`;
  const host = await openPage(browser, `${hostServer.url}host.html?src=${encodeURIComponent(src)}`, { viewport: { width: 900, height: 900 } });
  await host.waitForFunction(() => document.querySelector('#events li')?.textContent.startsWith('ready '));
  await host.getByLabel('Step', { exact: true }).fill('17');
  await host.getByRole('button', { name: 'Seek', exact: true }).click();
  await host.getByRole('button', { name: 'Step', exact: true }).click();
  await host.waitForFunction(() => document.querySelector('#events li:last-child')?.textContent.endsWith('step=18'));
  await host.waitForTimeout(300); // the embed's refit after its last redraw
  await host.screenshot({ path: `${folder}/embed-host.png` });

  const page = await openPage(browser, `${embedServer.url}?n=8&pos=40`, { viewport: { width: 1280, height: 900 } });
  await pageReady(page);
  await page.getByRole('button', { name: 'Embed', exact: true }).click();
  await page.frameLocator('#embed-preview').locator('#position-label').filter({ hasText: 'step 40' }).waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${folder}/embed-dialog.png` });
  for (const p of [...host.problems, ...page.problems]) console.error(p);
  console.log(`wrote ${folder}/embed-host.png and ${folder}/embed-dialog.png`);
} finally {
  await browser.close();
  await embedServer.close();
  await hostServer.close();
}
