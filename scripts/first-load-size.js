// The English first load's bytes: the files of dist/ the page requests until it is ready (its
// board drawn) and the network is idle (the chunks it fetches once idle, offline/ among them),
// each gzipped (level 9) as a host would send it, the page's own and the workers' requests;
// the service worker's script and its precache aside. Prints each file and the total.
//   npx webpack --mode production && node scripts/first-load-size.js [dist]
// Compare two builds: node scripts/first-load-size.js other-dist
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, openPage, pageReady } from '../tests/support/browser.js';
import { serve } from '../tests/support/server.js';

const root = process.argv[2] ?? 'dist';
const server = await serve(root);
const browser = await launch();
try {
  const page = await openPage(browser, server.url);
  await pageReady(page);
  await page.waitForLoadState('networkidle'); // the chunks the page fetches once ready and idle too
  const files = [...new Set(page.requests.map((url) => new URL(url).pathname.slice(1) || 'index.html'))]
    .filter((file) => file !== 'service-worker.js' && !file.startsWith('class/') && !file.startsWith('workbox-'));
  let total = 0;
  for (const file of files.sort()) {
    let bytes;
    try {
      bytes = gzipSync(readFileSync(path.join(root, file)), { level: 9 }).length;
    } catch {
      continue; // not a file of dist/ (a probe answered by the server)
    }
    total += bytes;
    console.log(`${String(bytes).padStart(8)}  ${file}`);
  }
  console.log(`${String(total).padStart(8)}  total (${(total / 1024).toFixed(1)} KiB gzipped)`);
} finally {
  await browser.close();
  await server.close();
}
