// The visible message line: bad input, and bugs (a JS exception or a Rust panic) that the
// page shows instead of freezing silently.

export class Messages {
  /**
   * @param {HTMLElement} element the message line
   * @param {string} recovery what to do after a bug, in the page's words
   */
  constructor(element, recovery = 'press Reset to start again') {
    this.element = element;
    this.recovery = recovery;
  }

  /** Shows a sentence; kind 'warning' (bad input) or 'error' (a bug). */
  show(text, kind = 'warning') {
    this.element.textContent = text;
    this.element.dataset.kind = kind;
    this.element.hidden = false;
  }

  clear() {
    this.element.hidden = true;
    this.element.textContent = '';
  }

  /** A failure that is our fault. A Rust panic reaches JS as a wasm trap ("unreachable"). */
  internalError(error, context = 'Something went wrong inside bitqueens') {
    const detail = error instanceof Error ? error.message : String(error);
    const trap = /unreachable|RuntimeError/i.test(detail) ? ' (the Rust core panicked)' : '';
    // Logged too, so that it reaches the developer tools and the tests' console-error guard.
    console.error(`${context}${trap}:`, error);
    this.show(`${context}${trap}: ${detail}. This is a bug; ${this.recovery}.`, 'error');
  }
}
