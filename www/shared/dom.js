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

/** Resolves in a task of its own (scheduler.yield() where the browser has it): long work that
 *  awaits it between its parts leaves the browser free to paint and take input in between,
 *  instead of one long task. */
export function nextTask() {
  if (typeof globalThis.scheduler?.yield === 'function') return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel(); // a task at once, not a timer's 1–4 ms
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
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
 * The page's parts inside `root`, looked up by id: `within(root)('board')` is the element
 * #board that `root` holds (or is). A panel is given its section's root and finds its own
 * parts so; a part missing from the markup is a bug, and throws an error naming it.
 */
export function within(root) {
  return (id) => {
    const found = root.id === id ? root : root.querySelector(`#${id}`);
    if (!found) throw new Error(`The page's markup has no #${id} inside ${root.id ? `#${root.id}` : 'the part given'}.`);
    return found;
  };
}

/** The parts `ids` names ({name: element id}) inside `root`, by name (see within). */
export function partsOf(root, ids) {
  const find = within(root);
  return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, find(id)]));
}

/** Calls `open(file)` with the first file dropped anywhere on `target` (the document), the
 *  browser's own handling of the drop (opening the file in the tab) prevented. */
export function onFileDropped(target, open) {
  target.addEventListener('dragover', (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  target.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    open(file);
  });
}
