// The service worker (built by Workbox's InjectManifest into dist/service-worker.js): it keeps
// every file of dist/ that index.html or embed.html can request (self.__WB_MANIFEST, the list
// webpack writes in at build time), and answers those requests from that copy, network or not.
//
// Invariants:
// - Installing keeps every file of the list, or fails whole (Workbox's precache): a worker is
//   never put in charge of a page with part of the page missing. A failed install tells the
//   pages open why (a message { type: 'precache-failed', quota }), then fails.
// - A new version WAITS: it takes over only when a page asks (the message SKIP_WAITING, sent
//   when someone presses Reload), never in the middle of a class.
// - A request for a kept file is answered from the copy whatever its query (?n=10&step=1234 is
//   index.html: the page reads its address itself); anything else goes to the network as usual.

import { PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';

/** The messages a page sends and receives (www/offline/offline.js reads the same names). */
const SKIP_WAITING = 'SKIP_WAITING';
const PRECACHE_FAILED = 'precache-failed';

const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);

/** Tells every page of this origin, controlled or not, that the copy could not be made. */
async function tellPrecacheFailed(error) {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const quota = error?.name === 'QuotaExceededError' || /quota/i.test(String(error?.message));
  for (const page of pages) page.postMessage({ type: PRECACHE_FAILED, quota });
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache.install(event).catch(async (error) => {
    await tellPrecacheFailed(error);
    throw error; // the install fails: this worker never takes charge
  }));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(precache.activate(event)); // drops the files the old version kept and this one does not
});
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) self.skipWaiting();
});

registerRoute(new PrecacheRoute(precache, { ignoreURLParametersMatching: [/.*/], directoryIndex: 'index.html', cleanURLs: false }));
