// The one line the page shows when offline use is not available, by reason (offline.js picks
// the reason; tests read the same sentences). Each ends by saying that the page works online.

/** Why offline use is not available, one line each: no service workers, no https, storage
 *  refused (private browsing), no room (quota), the copy failed. */
export const NOT_OFFLINE = {
  unsupported: 'Offline use is not available: this browser has no service workers. The page works while online.',
  insecure: 'Offline use is not available: the page is not served over https. The page works while online.',
  refused: 'Offline use is not available: this browser refuses to store the page (private browsing?). The page works while online.',
  quota: 'Offline use is not available: there is not enough storage to keep the page (quota). The page works while online.',
  failed: 'Offline use is not available: the page could not be copied for offline use; the next visit tries again. The page works while online.',
};
