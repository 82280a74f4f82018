// Screenshots of the Search tree panel, on the built page (dist/) in headless Chromium:
//   node scripts/screenshot-tree.js [folder]   (after npm run build; default folder docs/)
// writes search-tree-whole.png (N=6, 230 steps in: the whole tree so far, a node pointed at)
// and search-tree-path.png (N=14 after 400,000 steps: the path view).
import path from 'node:path';
import { serve } from '../tests/support/server.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';

const folder = process.argv[2] ?? 'docs';
const server = await serve('dist');
const browser = await launch();
const panel = (page) => page.locator('#tree-panel');
try {
  {
    const page = await openPage(browser, `${server.url}?n=6&pos=230`, { viewport: { width: 1280, height: 900 } });
    await page.waitForFunction(() => document.body.dataset.state === 'paused');
    const box = await page.locator('#tree-canvas').boundingBox();
    await page.mouse.move(box.x + box.width * 0.3, box.y + 45);
    await panel(page).screenshot({ path: path.join(folder, 'search-tree-whole.png') });
    if (page.problems.length) console.error(page.problems.join('\n'));
  }
  {
    const page = await openPage(browser, `${server.url}?n=14&pos=400000`, { viewport: { width: 1280, height: 900 } });
    await page.waitForFunction(() => document.body.dataset.state === 'paused');
    await page.waitForFunction(() => document.getElementById('explored').textContent !== '…');
    await panel(page).screenshot({ path: path.join(folder, 'search-tree-path.png') });
    if (page.problems.length) console.error(page.problems.join('\n'));
  }
  console.log(`wrote ${folder}/search-tree-whole.png and ${folder}/search-tree-path.png`);
} finally {
  await browser.close();
  await server.close();
}
