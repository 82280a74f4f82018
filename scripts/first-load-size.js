// The English first load's bytes: the files of dist/ the page requests until it is ready (its
// board drawn) and the network is idle (the chunks it fetches once idle, offline/ among them),
// each gzipped (level 9) and brotli-compressed (quality 11, as npm run bench:load's server
// sends it), the page's own and the workers' requests;
// the service worker's script and its precache aside. Prints each file and the total.
//   npx webpack --mode production && node scripts/first-load-size.js [dist]
// Compare two builds: node scripts/first-load-size.js other-dist
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
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
  let [gzipped, brotli] = [0, 0];
  console.log('    gzip  brotli  file');
  for (const file of files.sort()) {
    let raw;
    try {
      raw = readFileSync(path.join(root, file));
    } catch {
      continue; // not a file of dist/ (a probe answered by the server)
    }
    const gz = gzipSync(raw, { level: 9 }).length;
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    [gzipped, brotli] = [gzipped + gz, brotli + br];
    console.log(`${String(gz).padStart(8)}${String(br).padStart(8)}  ${file}`);
  }
  console.log(`${String(gzipped).padStart(8)}${String(brotli).padStart(8)}  total (${(gzipped / 1024).toFixed(1)} KiB gzipped, ${(brotli / 1024).toFixed(1)} KiB brotli)`);
} finally {
  await browser.close();
  await server.close();
}
