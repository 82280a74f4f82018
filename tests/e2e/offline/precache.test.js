// The built page's precache and web app manifest, read from dist/ (no browser): Workbox leaves
// out of its precache, without an error, any file above maximumFileSizeToCacheInBytes, so the
// list written into dist/service-worker.js is compared with every file of dist/ the pages can
// request, both ways. The manifest names the app, its start, its display and its colours, and
// each icon it lists is a PNG of the size it says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { PNG } from 'pngjs';
import { requestable, SERVICE_WORKER } from '../../support/offline.js';
import { PRECACHE_LIMIT_BYTES, THEME } from '../../../webpack.config.js';

/** The URLs of the precache list Workbox wrote into the built service worker. */
function precached() {
  const source = readFileSync(`dist/${SERVICE_WORKER}`, 'utf8');
  const urls = [...source.matchAll(/['"]?url['"]?\s*:\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
  assert.ok(urls.length > 0, 'a precache list in the service worker');
  return urls.sort();
}

test('the precache holds every file of dist/ the pages can request, and nothing else', () => {
  assert.deepEqual(precached(), requestable());
});

test('the precache limit stands above the largest file (else Workbox would drop it without a word)', () => {
  const largest = Math.max(...requestable().map((name) => statSync(`dist/${name}`).size));
  assert.ok(largest < PRECACHE_LIMIT_BYTES, `largest ${largest} B, limit ${PRECACHE_LIMIT_BYTES} B`);
});

test('the web app manifest: name, short name, start, standalone, colours, and icons of 192 and 512 px with a maskable one', () => {
  const manifest = JSON.parse(readFileSync('dist/manifest.webmanifest', 'utf8'));
  assert.ok(manifest.name.length > 0 && manifest.short_name.length > 0 && manifest.short_name.length <= 12);
  assert.equal(manifest.start_url, './');
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.theme_color, THEME.light);
  assert.equal(manifest.background_color, THEME.light);
  const index = readFileSync('dist/index.html', 'utf8');
  // The built HTML is minified: an attribute's quotes may be dropped.
  assert.ok(/<link rel="?manifest"? href="?manifest\.webmanifest"?>/.test(index), 'index.html links the manifest');
  for (const [look, colour] of Object.entries(THEME)) {
    const meta = new RegExp(`<meta name="?theme-color"? media="\\(prefers-color-scheme: ${look}\\)" content="?${colour}"?>`);
    assert.ok(meta.test(index), `index.html gives the ${look} look's colour`);
  }
  const icons = manifest.icons.map(({ src, sizes, purpose }) => {
    const png = PNG.sync.read(readFileSync(`dist/${src}`));
    assert.equal(`${png.width}x${png.height}`, sizes, src);
    return `${sizes} ${purpose}`;
  });
  assert.deepEqual(icons.sort(), ['192x192 any', '512x512 any', '512x512 maskable']);
});
