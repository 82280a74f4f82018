// End-to-end: where offline use is not available, the page says why in one line and works
// online as it does without a service worker: a browser without service workers, one that
// refuses to store the page (private browsing), a precache that runs out of room (a quota the
// test makes tiny through the DevTools protocol), and one whose copy fails midway (the test
// aborts the worker's request for the core).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps } from '../../support/session.js';
import { NOT_OFFLINE } from '../../../www/offline/not-offline.js';

const session = usePage();
const status = (page) => page.getByRole('status').filter({ hasText: /^Offline use is not available/ });

/** The page says `why` in its one line, keeps no worker, and its controls work. */
async function saysAndWorks(page, why) {
  await status(page).waitFor();
  assert.equal(await status(page).textContent(), NOT_OFFLINE[why]);
  await button(page, 'Step').click();
  assert.equal(await steps(page), 1);
}

test('a browser without service workers: said, and the page works', async () => {
  const page = await session.open('', {
    init: (p) => p.addInitScript(() => { delete Navigator.prototype.serviceWorker; }),
  });
  assert.equal(await page.evaluate(() => 'serviceWorker' in navigator), false);
  await saysAndWorks(page, 'unsupported');
});

test('storage refused (private browsing): said, and the page works', async () => {
  const page = await session.open('', {
    init: (p) => p.addInitScript(() => {
      ServiceWorkerContainer.prototype.register = () => Promise.reject(new DOMException('The user denied permission to use Service Worker.', 'SecurityError'));
    }),
  });
  await saysAndWorks(page, 'refused');
});

test('a precache over the quota: said, no worker takes charge, and the page works', async () => {
  const page = await session.open('', {
    init: async (p) => {
      const cdp = await p.context().newCDPSession(p);
      // 100 kB for the origin: the core alone is five times as large.
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: session.server.url.replace(/\/$/, ''), quotaSize: 100_000 });
    },
  });
  await saysAndWorks(page, 'quota');
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active ?? null), null);
});

test('a precache whose copy fails midway (the core not fetched): said, and the page works', async () => {
  const page = await session.open('', {
    init: (p) => p.context().route(/\.wasm$/, (route) => (route.request().serviceWorker() ? route.abort('connectionreset') : route.continue())),
  });
  await saysAndWorks(page, 'failed');
});
