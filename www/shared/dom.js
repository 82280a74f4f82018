// Small helpers for the panels that redraw every frame while playing.

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

/** Resolves once the browser has painted a frame of the page as it stands: the markup's
 *  first screen is shown before long work starts (a callback queued from requestAnimationFrame
 *  runs after that frame's paint). Resolves at once where there are no frames (a hidden tab). */
export function afterNextPaint() {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
