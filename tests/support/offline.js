// Shared by the offline tests (tests/e2e/offline/): the service worker's state, the network cut
// for a whole browser context (its pages AND its service worker, the static server stopped),
// and the files of dist/ the pages can request.
import { readdirSync } from 'node:fs';
import path from 'node:path';

// Playwright sees (and routes) a service worker's own requests: the default since 1.5x, and
// this switch turned it on before. Set before the browser is launched.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

/** The service worker's file in dist/ (webpack.config.js SERVICE_WORKER). */
export const SERVICE_WORKER = 'service-worker.js';

/** The static host's answer to the live class's probe (webpack.config.js NO_CLASS_SERVER):
 *  requested, but from the network, never the precache (a class server answers it). */
export const NO_CLASS_SERVER = 'class/hello';

/** Every file of `dist` that index.html or embed.html can request from the precache: all of
 *  it but the service worker itself, the minifier's licence notes (no page links them) and
 *  the class probe's answer (folders are not files). */
export function requestable(dist = 'dist') {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dist, path.join(entry.parentPath ?? entry.path, entry.name)))
    .filter((name) => name !== SERVICE_WORKER && name !== NO_CLASS_SERVER && !name.endsWith('.LICENSE.txt'))
    .sort();
}

/** Resolves once the page's service worker is activated (the precache is complete then). */
export const workerActivated = (page) => page.evaluate(async () => {
  const { active } = await navigator.serviceWorker.ready;
  if (active.state === 'activated') return;
  await new Promise((resolve) => active.addEventListener('statechange', () => { if (active.state === 'activated') resolve(); }));
});

/** The files the page's service worker keeps, by name ('index.html', 'main.1234abcd.js'). */
export const keptFiles = (page) => page.evaluate(async () => {
  const names = [];
  for (const key of await caches.keys()) {
    for (const request of await (await caches.open(key)).keys()) names.push(new URL(request.url).pathname.slice(1));
  }
  return names.sort();
});

/** Cuts the network of `context` and stops `server`, the static server the pages came from.
 *  Every request that reaches the context's routing, a page's or its service worker's, is
 *  aborted as a machine without a connection fails it; a request that slips past the routing
 *  (Playwright has not always seen a service worker's) finds no server to answer it and fails
 *  too, so only the service worker's cache can serve the pages from now on. Returns the set of
 *  the URLs aborted so far (a test tells those from any other failure) once the server is
 *  stopped: server.served() counts no request after that. */
export async function cutNetwork(context, server) {
  const aborted = new Set();
  await context.route('**/*', (route) => {
    aborted.add(route.request().url());
    return route.abort('internetdisconnected');
  });
  await server.close();
  return aborted;
}

/** page.problems without the failures of requests the test aborted itself. */
export const problemsBut = (page, aborted) => page.problems.filter((problem) => {
  const failed = problem.match(/^request failed: (.*)$/);
  return !(failed && aborted.has(failed[1]));
});
