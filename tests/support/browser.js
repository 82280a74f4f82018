// Debian's Chromium driven by playwright-core (no browser download), and a page that records
// every console error and uncaught exception so that each test can fail on them.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { patience, PLAYWRIGHT_DEFAULT_MS } from './patience.js';

const CANDIDATES = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumPath() {
  const found = CANDIDATES.find((p) => p && existsSync(p));
  if (!found) {
    throw new Error('Chromium not found. Install it with: sudo apt-get install -y chromium chromium-driver (or set CHROMIUM).');
  }
  return found;
}

/** Chromium for the tests. Playwright turns off Chromium's limit on navigations
 *  (--disable-ipc-flooding-protection: past 200 address writes in 10 s, the rest are ignored);
 *  `{ navigationLimit: true }` keeps it, as browsers have it. Every context it makes (and so
 *  every page: newPage() makes its context through newContext()) waits for an action, a
 *  state or a navigation up to Playwright's default widened by BITQUEENS_TIME_SCALE
 *  (patience.js). `webgpu`: the page gets WebGPU on SwiftShader (SWIFTSHADER_WEBGPU); else it
 *  has no GPU at all (--disable-gpu). */
export async function launch({ navigationLimit = false, webgpu = false } = {}) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    ignoreDefaultArgs: navigationLimit ? ['--disable-ipc-flooding-protection'] : [],
    args: webgpu ? [...CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu'), ...SWIFTSHADER_WEBGPU] : CHROMIUM_ARGS,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => patient(await newContext(options));
  return browser;
}

/** Sets `context`'s default bounds (actions, waits, navigations) from patience.js; returns it.
 *  launch() does this for its contexts; a test's own persistent context calls it. */
export function patient(context) {
  context.setDefaultTimeout(patience(PLAYWRIGHT_DEFAULT_MS));
  context.setDefaultNavigationTimeout(patience(PLAYWRIGHT_DEFAULT_MS));
  return context;
}

/** The switches that give a page WebGPU on SwiftShader, the CPU's Vulkan that Debian's Chromium
 *  carries (libvk_swiftshader.so): a GPU for the tests on a machine without one (launch({webgpu})). */
export const SWIFTSHADER_WEBGPU = [
  '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader',
  '--use-webgpu-adapter=swiftshader', '--disable-vulkan-surface',
];

/** The switches the tests start Chromium with (launch(), and a test's own persistent context). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
  '--enable-precise-memory-info',
];

/**
 * A new page whose console errors, page errors and breaches of the Content-Security-Policy
 * are collected in page.problems, and the URLs it requests in page.requests.
 * `cores`, when given, is the number of cores the page is told the computer has
 * (navigator.hardwareConcurrency), so that a test does not depend on this machine's.
 * `countDelayMs`, when given, makes the counting workers wait that long before each
 * sub-problem, so that a count lasts at least (sub-problems × delay / workers) on any
 * machine: a test that acts on a running count sets it, with `cores`. `init(page)`, when
 * given, runs before the page is opened (its addInitScript calls go before the page's own).
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 }, touch = false, cores, countDelayMs, init } = {}) {
  // touch: a phone's touch screen (pointer: coarse), as a finger uses the page.
  const page = await browser.newPage({ viewport, hasTouch: touch, isMobile: touch });
  if (cores !== undefined) {
    await page.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
  }
  if (countDelayMs !== undefined) {
    await page.addInitScript((ms) => { globalThis.bitqueensTestHooks = Object.freeze({ countDelayMs: ms }); }, countDelayMs);
  }
  await watchPage(page);
  await init?.(page); // the test's own scripts, before the page's (addInitScript)
  await page.goto(url);
  return page;
}

/**
 * Collects in page.problems the console errors, page errors, breaches of the
 * Content-Security-Policy and failed requests of `page` (a page made by a test's own context,
 * say), and in page.requests the URLs it requests. openPage does this for its pages.
 */
export async function watchPage(page) {
  page.problems = [];
  // Every URL the page asks for, its workers' requests included (tests count the .wasm's).
  page.requests = [];
  page.on('request', (request) => page.requests.push(request.url()));
  // Any breach of the page's Content-Security-Policy, in the page or a frame of it, is a
  // problem like a console error (Chromium logs most of them too, but not every kind).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') page.problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
  // A request that a navigation (a reload, a new URL) cuts short is aborted by the test, not
  // failed by the page: a worker still loading its script when the test reloads, say.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') page.problems.push(`request failed: ${request.url()}`);
  });
}

/**
 * Waits until the page is started: the board's grid is in index.html from the first byte,
 * but its cells are drawn only once the wasm core is loaded and every control and shortcut
 * is wired. A key pressed before that would be lost.
 */
export function pageReady(page) {
  return page.getByRole('gridcell').first().waitFor();
}
