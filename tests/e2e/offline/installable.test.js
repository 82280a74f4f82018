// End-to-end: Chromium itself says the page can be installed as an app. Its DevTools protocol
// (Page.getInstallabilityErrors) checks the web app manifest, the icons and the service worker
// as the browser's Install button does; it answers only in a profile of its own (an incognito
// window cannot install), so this test starts Chromium with a temporary profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../support/server.js';
import { chromiumPath, CHROMIUM_ARGS, watchPage, pageReady } from '../../support/browser.js';
import { workerActivated } from '../../support/offline.js';

test('Chromium finds no installability error once the service worker is active', async () => {
  const profile = await mkdtemp(path.join(tmpdir(), 'bitqueens-install-'));
  const server = await serve('dist');
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await watchPage(page);
    await page.goto(server.url);
    await pageReady(page);
    await workerActivated(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    assert.equal(new URL(url).pathname, '/manifest.webmanifest');
    assert.deepEqual(errors, [], 'the manifest parses with no error');
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
    await server.close();
    await rm(profile, { recursive: true, force: true });
  }
});
