// Small helpers for the panels: text written only when it changes (for those that redraw every
// frame while playing), work done while the browser is idle, a panel's parts found in its root.

/** Writes `text` into `element` unless it is there already: a write the page does not need
 *  still costs a layout of the text and of what stands around it. */
const isLive = (element) => element.tagName === 'OUTPUT' || element.hasAttribute?.('aria-live') || element.getAttribute?.('role') === 'status';

export function setText(element, text) {
  const only = element.firstChild;
  if (only && only === element.lastChild && only.nodeType === 3 && !isLive(element)) { // one text node
    // Changed in place: replacing the text node would also restyle and reattach it. Not in a
    // live region: some screen readers (NVDA with Firefox) then announce only the characters
    // that changed.
    if (only.data !== text) only.data = text;
  } else if (element.textContent !== text) {
    element.textContent = text;
  }
}

/** Calls `task(deadline)` when the browser is idle (or soon, where it cannot say): work a
 *  redraw will need, done ahead of it; deadline.timeRemaining() says for how long (ms). */
export function whenIdle(task) {
  if (typeof requestIdleCallback === 'function') return requestIdleCallback(task, { timeout: 1000 });
  return setTimeout(() => {
    const until = performance.now() + 10;
    task({ timeRemaining: () => Math.max(0, until - performance.now()) });
  }, 100);
}

/**
 * Resolves once `element` is on screen: its paint presented, as the browser's Element Timing
 * reports it for an element marked `elementtiming` (Chromium); after two frames where there is
 * no such report; after `mostMs` at the latest (an element off screen is never reported, a
 * hidden tab paints nothing). Long work that waits for it leaves the first screen shown first.
 */
export function afterShown(element, mostMs = 250) {
  const name = element.getAttribute('elementtiming');
  return new Promise((resolve) => {
    let observer = null;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, mostMs);
    if (name && PerformanceObserver.supportedEntryTypes?.includes('element')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.identifier === name)) done();
      });
      observer.observe({ type: 'element', buffered: true });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));
    }
  });
}

/**
 * The element `#id` inside `root` (a panel's section): a panel finds its own parts there.
 * Throws when it is missing, naming it: a page without it is a bug, better found at once
 * than at the first click.
 */
export function part(root, id) {
  const found = root.querySelector(`#${id}`);
  if (!found) throw new Error(`#${root.id || root.localName} has no #${id}.`);
  return found;
}
