// The page's side of the offline page: registers the service worker (service-worker.js, built
// into dist/ by Workbox) through workbox-window, offers a new version when one waits
// (update-offer.js decides when), and says in one line why offline use is not available when
// it is not. Nothing here is on the page's first load: main.js fetches this folder once the
// first screen and the core are ready and the page is idle.
//
// Invariants: the page works online exactly as without a worker, whatever happens here (every
// failure is said in #offline-status and goes no further); the page reloads only when Reload is
// pressed, and then at the address of what is on screen (the permalink).

import { Workbox } from 'workbox-window';
import { UpdateOffer } from './update-offer.js';
import { NOT_OFFLINE } from './not-offline.js';
import { partsOf, setText } from '../shared/dom.js';

/** The worker's file beside the page (webpack.config.js's SERVICE_WORKER). */
export const SERVICE_WORKER = 'service-worker.js';

/** What the offer says, before its Reload button. */
export const UPDATE_READY = 'A new version is ready:';

/**
 * Registers the worker and wires the update offer. `root` holds #update-offer (with its
 * #update-reload button) and #offline-status; `busy()` says what keeps the page busy (or null);
 * `permalink()` is the address of what is on screen. Resolves once the worker is registered (or
 * once the reason it is not has been said).
 */
export async function startOffline(root, { busy, permalink }) {
  const container = navigator.serviceWorker; // undefined where there are no service workers
  const ui = partsOf(root, { offer: 'update-offer', text: 'update-text', reload: 'update-reload', status: 'offline-status' });
  const say = (why) => {
    setText(ui.status, NOT_OFFLINE[why]);
    ui.status.hidden = false;
  };
  if (!window.isSecureContext) return say('insecure');
  if (!container) return say('unsupported');
  container.addEventListener('message', (event) => {
    if (event.data?.type === 'precache-failed') say(event.data.quota ? 'quota' : 'failed');
  });
  const workbox = new Workbox(SERVICE_WORKER);
  const offer = new UpdateOffer({
    busy,
    show: (on) => {
      ui.offer.hidden = !on;
      // Written as it shows (a live region), so that a screen reader says it.
      setText(ui.text, on ? UPDATE_READY : '');
    },
    every: (act, ms) => {
      const timer = setInterval(act, ms);
      return () => clearInterval(timer);
    },
  });
  workbox.addEventListener('waiting', () => {
    ui.offer.dataset.waiting = ''; // a new version waits, offered or held back (tests read it)
    offer.waiting();
  });
  let asked = false;
  ui.reload.addEventListener('click', () => {
    if (asked) return;
    asked = true;
    offer.stop();
    ui.reload.disabled = true;
    history.replaceState(history.state, '', permalink()); // the reload opens what is on screen
    // The new version takes charge, then the page reloads on it; if another tab already put it
    // in charge, nothing waits any more: reload at once.
    container.addEventListener('controllerchange', () => location.reload());
    container.getRegistration().then((registration) => {
      if (registration?.waiting) workbox.messageSkipWaiting();
      else location.reload();
    });
  });
  try {
    await workbox.register(); // after the page's load event (workbox-window waits for it)
  } catch (error) {
    say(['SecurityError', 'NotAllowedError'].includes(error?.name) ? 'refused' : 'failed');
    return;
  }
  // A page left open for a lesson looks for a new version when it is shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') workbox.update().catch(() => {}); // offline: no news
  });
}

/** While developing (`npm start`) no worker may answer: one left by a production build served
 *  on the same address is unregistered. */
export async function dropOffline(container = navigator.serviceWorker) {
  const registrations = await container?.getRegistrations?.() ?? [];
  await Promise.all(registrations.map((registration) => registration.unregister()));
}
