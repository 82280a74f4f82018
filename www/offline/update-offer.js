// When to offer a new version: the engine of "A new version is ready: Reload" (DOM-free, its
// clock injected; offline.js gives it the page's). A new version is offered only while the page
// is not busy: during a lesson, the presenter view, a count, an export or a check in Write it
// (the page's busy() says which) the offer stays hidden, and it shows when that ends.
//
// Invariants: nothing is shown before waiting() (a new version is installed and waits);
// `show(on)` is called only when what is shown changes; once a version waits, the page is
// asked every `periodMs` whether it is busy, until stop().

export class UpdateOffer {
  /**
   * @param {object} page
   * @param {Function} page.busy () → what keeps the page busy (a short phrase), or null
   * @param {Function} page.show (on) → void: shows or hides the offer
   * @param {Function} page.every (act, ms) → stop(): calls `act` every `ms` until stopped
   * @param {number} [page.periodMs] how often a busy page is asked again
   */
  constructor({ busy, show, every, periodMs = 1000 }) {
    this.busy = busy;
    this.show = show;
    this.every = every;
    this.periodMs = periodMs;
    this.waits = false;
    this.shown = false;
    this.stopAsking = null;
  }

  /** A new version is installed and waits for a reload: offer it now, or when the page is free. */
  waiting() {
    if (this.waits) return;
    this.waits = true;
    this.refresh();
    this.stopAsking = this.every(() => this.refresh(), this.periodMs);
  }

  /** Shows the offer if a version waits and the page is free; hides it while the page is busy. */
  refresh() {
    const on = this.waits && !this.busy();
    if (on === this.shown) return;
    this.shown = on;
    this.show(on);
  }

  /** No more asking (the page reloads). */
  stop() {
    this.stopAsking?.();
    this.stopAsking = null;
  }
}
