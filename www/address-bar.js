// The address bar, kept on the permalink of what is on screen. Each part of the page (the
// player's controls, the Compare section) rewrites its own parameters of the URL.
//
// history.replaceState is dear (a round trip to the browser; Chromium also refuses more than
// a few hundred a minute), and a key held down or a burst of events may ask for it many times
// in one task. So a rewrite is only noted, and the URL is written once, at the end of the
// task (a microtask): whoever reads location after the event sees it current, and a burst
// writes it once.

const rewrites = new Map(); // owner → (href) => href
let queued = false;

/** Asks for the URL to be rewritten by `rewrite(href)` (the owner's latest rewrite wins). */
export function rewriteAddress(owner, rewrite) {
  rewrites.set(owner, rewrite);
  if (queued) return;
  queued = true;
  queueMicrotask(write);
}

function write() {
  queued = false;
  let href = location.href;
  for (const rewrite of rewrites.values()) href = rewrite(href);
  rewrites.clear();
  if (href !== location.href) history.replaceState(null, '', href);
}
