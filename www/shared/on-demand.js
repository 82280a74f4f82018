// A part of the page fetched and built the first time it is needed, not with the page: a
// panel that starts closed (built when it is opened, or when a link or a lesson names it) or a
// dialog behind a button (built on the button's first press). Its module is a chunk of its own
// (an import() in main.js), so the page's first load carries none of it.
//
// Invariants: the part is built at most once; until then `built` is null; a build that fails
// (the chunk could not be fetched) is reported once through `failed` and tried again on the
// next need.

export class OnDemand {
  /**
   * @param {Function} build () → a promise of the part (imports its folder, builds it)
   * @param {Function} failed (error) → void: says on the page that the part could not be loaded
   */
  constructor(build, failed) {
    this.build = build;
    this.failed = failed;
    this.built = null;
    this.building = null;
    this.section = null; // the <details> it is built for, if any (buildWhenOpened)
  }

  /** A promise of the part, built now if it is not yet. Rejects (after `failed`) when it
   *  cannot be built. */
  get() {
    this.building ??= this.build().then((part) => {
      this.built = part;
      if (this.section) {
        this.section.dataset.loaded = '';
        // Opened before the part existed: it missed that toggle event, so it gets it now.
        if (this.section.open) this.section.dispatchEvent(new Event('toggle'));
      }
      return part;
    }, (error) => {
      this.building = null;
      this.failed(error);
      throw error;
    });
    return this.building;
  }

  /** `act(part)` once the part is built, building it if needed; a failure is already said. */
  then(act) {
    return this.get().then(act, () => undefined);
  }

  /** Builds the part when `details` opens (at once if it starts open). While it loads, the
   *  section says so (aria-busy) and its content takes no input (inert): nothing typed or
   *  pressed there is lost to the part built a moment later. Once built, the section carries
   *  `data-loaded`; when it cannot be built, the section closes again (opening it tries
   *  again), never left open with nothing wired. A part built while its section is open is
   *  sent the toggle event it missed (get()). */
  buildWhenOpened(details) {
    this.section = details;
    const busy = (on) => {
      if (on) details.setAttribute('aria-busy', 'true');
      else details.removeAttribute('aria-busy');
      for (const child of details.children) if (child.localName !== 'summary') child.inert = on;
    };
    const load = () => {
      busy(true);
      this.get().then(() => busy(false), () => {
        busy(false);
        details.open = false;
      });
    };
    details.addEventListener('toggle', () => {
      if (details.open && !this.built) load();
    });
    if (details.open) load();
  }

  /** Builds the part on the first press of any of `buttons` (by click, key or tap), then
   *  presses that button again: the part's own handler, added as it was built, answers it.
   *  Presses while it is being fetched count as that one press. */
  buildOnFirstPress(buttons) {
    const waiting = new Set(); // the buttons pressed before the part was built
    for (const button of buttons) {
      button.addEventListener('click', () => {
        if (this.built || waiting.has(button)) return; // the part's own listener answers, or will
        waiting.add(button);
        button.setAttribute('aria-busy', 'true');
        this.then(() => button.click()).finally(() => {
          waiting.delete(button);
          button.removeAttribute('aria-busy');
        });
      });
    }
  }
}
