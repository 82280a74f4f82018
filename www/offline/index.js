// Offline and installable: the service worker (service-worker.js, built by Workbox into
// dist/service-worker.js, a root of its own), its registration, the update offer and the line
// that says why offline use is not available. Loaded on demand (main.js), once the page is
// ready and idle, and only in a production build. Other folders use only these names:
//   startOffline, dropOffline

export { startOffline, dropOffline } from './offline.js';
