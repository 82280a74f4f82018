// The Lessons menu and the lesson bar: a lesson is opened from the menu or a link
// (`&lesson=three-masks&stop=2`), and Previous stop / Next stop walk its stops, each shown by
// the caller's `show(stop)` (the player, Compare and Predict set to the stop's state). The
// lesson and the stop are kept in the address bar, so a link opens a class at the same stop.

import { setText, partsOf } from '../shared/dom.js';
import { rewriteAddress } from '../player/index.js';
import { lessonFragment, readLessonFragment, withLessonFragment, withoutLessonFragment, MAX_LINK_LESSON } from './lesson-link.js';

export class LessonsPanel {
  /**
   * @param {Document|Element} root holds the Lessons menu (#lesson-menu) and the lesson bar
   *   (#lesson-bar), whose parts it finds: title, stop, note, end (said at the last stop),
   *   previous, next, close
   * @param {Array} lessons the lessons offered (read by lesson.js readLesson), menu order
   * @param {Function} show shows a stop ({query, player, compare, note, ask}) on the page
   * @param {Messages} messages the page's message line
   * @param {object} keep {save() → settings, restore(settings)}: what a lesson changes on the
   *   page beyond its stops' states (Predict), saved when a lesson opens and put back when
   *   it closes
   */
  constructor(root, lessons, show, messages, keep = { save: () => null, restore: () => {} }) {
    const ui = partsOf(root, {
      menu: 'lesson-menu', bar: 'lesson-bar', title: 'lesson-title', stop: 'lesson-stop', note: 'lesson-note',
      end: 'lesson-end', previous: 'lesson-previous', next: 'lesson-next', close: 'lesson-close',
    });
    this.ui = ui;
    this.keep = keep;
    this.before = null; // keep.save() from before the lesson open, if one is
    this.lessons = lessons;
    /** The built-in lessons' slugs: any other lesson travels whole in a link's fragment. */
    this.builtIn = new Set(lessons.map(({ slug }) => slug));
    this.fragment = null; // the open lesson's, when it is not built in (lesson-link.js)
    this.show = show;
    this.messages = messages;
    this.lesson = null;
    this.index = 0; // of the stop shown, 0-based
    this.following = false; // true: the lesson is another's (a live class's teacher), read-only
    /** Called after a stop is shown and when the lesson closes (the presenter's notes). */
    this.changed = () => {};
    ui.menu.append(...lessons.map(({ slug, title }) => new Option(title, slug)));
    this.yours = document.createElement('optgroup'); // lessons made or opened in this browser
    this.yours.label = 'Your lessons';
    this.watchMenu(ui.menu);
    // The page's layout leaves room for the bar while it is shown (layout.css, --lesson-bar):
    // set at once when the bar opens, closes or shows a stop (so that a scroll to it lands
    // on a settled page), and whenever its size changes (a window made narrower).
    new ResizeObserver(() => this.makeRoom()).observe(ui.bar);
    ui.previous.addEventListener('click', () => this.previous());
    ui.next.addEventListener('click', () => this.next());
    ui.close.addEventListener('click', () => this.close());
  }

  /**
   * A lesson opens (or, on "choose a lesson", closes) when the menu's choice is confirmed,
   * never while the keys move through it (WCAG 3.2.2): a closed select's keys (↑ ↓ ← →, Home,
   * End, Page Up / Down, a letter) change its value and fire `change` within their own keydown;
   * such a change is only a choice, pending, which Enter confirms. A pick in the open list (a
   * click, a tap, Enter there, a phone's picker) comes with no key on the menu: it is confirmed
   * at once. Invariant: off the menu, the menu shows the lesson open (none: "choose a lesson");
   * leaving it with a choice pending puts that back.
   */
  watchMenu(menu) {
    let keyed = false; // a key is down on the menu, in this task: a change now is the key's
    let pending = false; // the menu's value is a choice not confirmed yet
    const confirm = () => {
      pending = false;
      if (menu.value === (this.lesson?.slug ?? '')) return; // nothing else chosen
      const lesson = this.lessons.find((l) => l.slug === menu.value);
      if (lesson) this.open(lesson, 0);
      else this.close();
    };
    menu.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        if (!pending) return; // the menu's own Enter
        event.preventDefault();
        confirm();
        return;
      }
      keyed = true;
      setTimeout(() => { keyed = false; }); // the key's change, if any, came in its own task
    });
    menu.addEventListener('change', () => {
      if (keyed) pending = true;
      else confirm();
    });
    menu.addEventListener('blur', () => {
      if (!pending) return;
      pending = false;
      menu.value = this.lesson?.slug ?? '';
    });
  }

  /** Offers a lesson of the user's (made here or opened from a file) in the menu, under
   *  "Your lessons", replacing one with the same slug. */
  offer(lesson) {
    this.lessons = [...this.lessons.filter((l) => l.slug !== lesson.slug), lesson];
    this.yours.querySelector(`option[value="${CSS.escape(lesson.slug)}"]`)?.remove();
    this.yours.append(new Option(lesson.title, lesson.slug));
    if (!this.yours.isConnected) this.ui.menu.append(this.yours);
    if (this.lesson?.slug === lesson.slug) this.lesson = lesson;
  }

  /** The lesson open (or null) and the index of its stop shown. */
  get current() {
    return { lesson: this.lesson, index: this.index };
  }

  /** True while a lesson is open. */
  get active() {
    return this.lesson !== null;
  }

  open(lesson, index) {
    if (!this.lesson) this.before = this.keep.save();
    this.lesson = lesson;
    this.fragment = this.builtIn.has(lesson.slug) ? null : lessonFragment(lesson);
    this.ui.menu.value = lesson.slug;
    this.ui.bar.hidden = false;
    setText(this.ui.title, lesson.title);
    this.go(index);
    // Said after the stop is shown: showing a stop clears the message line.
    if (!this.builtIn.has(lesson.slug) && !this.fragment) {
      this.messages.show(`“${lesson.title}” is too long to travel in a link (more than ${MAX_LINK_LESSON.toLocaleString('en')} characters): a link to it opens it only in this browser. Download it to share it as a file.`, 'info');
    }
  }

  /** The bar's height, for the layout (layout.css's --lesson-bar); 0 while it is hidden. */
  makeRoom() {
    const height = `${this.ui.bar.hidden ? 0 : this.ui.bar.offsetHeight}px`;
    const root = document.documentElement;
    if (root.style.getPropertyValue('--lesson-bar') !== height) root.style.setProperty('--lesson-bar', height);
  }

  /** Scrolls the lesson bar into view and moves the focus to its title: for a lesson opened
   *  from elsewhere on the page (the lesson maker), far from the bar. */
  bringIntoView() {
    this.makeRoom();
    this.ui.bar.scrollIntoView({ block: 'start' });
    this.ui.title.focus({ preventScroll: true });
  }

  /**
   * Follows another's lesson (a live class's teacher): the built-in lesson `slug` open at stop
   * `index` (0-based, kept within its stops), or no lesson when `slug` is null or not built in.
   * Nothing is shown again when that stop is already the one open.
   */
  follow(slug, index) {
    const lesson = slug !== null && this.builtIn.has(slug) ? this.lessons.find((l) => l.slug === slug) : null;
    if (!lesson) {
      if (this.lesson) this.close();
      return;
    }
    const at = Math.min(Math.max(0, Number.isInteger(index) ? index : 0), lesson.stops.length - 1);
    if (this.lesson === lesson && this.index === at) return;
    this.open(lesson, at);
  }

  /** Read-only (true) while the page follows another's lesson: the menu and the bar's buttons
   *  take no press; false gives them back. */
  readOnly(following) {
    this.following = following;
    this.ui.menu.disabled = following;
    this.ui.close.disabled = following;
    this.enableSteps();
  }

  /** Previous and Next stop, each enabled when there is a stop that way and the lesson is ours. */
  enableSteps() {
    const count = this.lesson?.stops.length ?? 1;
    this.ui.previous.disabled = this.following || this.index === 0;
    this.ui.next.disabled = this.following || this.index >= count - 1;
  }

  /** Shows stop `index` (0-based) of the open lesson. */
  go(index) {
    const { ui, lesson } = this;
    this.index = index;
    const stop = lesson.stops[index];
    this.show(stop);
    setText(ui.stop, `Stop ${index + 1} of ${lesson.stops.length}`);
    ui.note.textContent = stop.note;
    this.enableSteps();
    ui.end.hidden = index !== lesson.stops.length - 1;
    this.makeRoom();
    this.keepUrlCurrent();
    this.changed();
  }

  /** The next stop; false when there is none (the last is shown) or the lesson is followed. */
  next() {
    if (this.following || !this.lesson || this.index + 1 >= this.lesson.stops.length) return false;
    this.go(this.index + 1);
    return true;
  }

  /** The previous stop; false when there is none. */
  previous() {
    if (this.following || !this.lesson || this.index === 0) return false;
    this.go(this.index - 1);
    return true;
  }

  /** Closes the lesson; the page gets back what the lesson changed (keep.restore). */
  close() {
    const { lesson, before } = this;
    this.before = null;
    this.lesson = null; // closed before the page is given back: what it says is the page's own
    if (lesson) this.keep.restore(before);
    this.ui.menu.value = '';
    this.ui.bar.hidden = true;
    this.makeRoom();
    this.keepUrlCurrent();
    this.changed();
  }

  /**
   * Opens the lesson and stop the link names; a bad name or number gets a sentence. A lesson
   * the link carries whole (its fragment, `hash`) is checked by `linked.check(data)` as a
   * lesson file is, made one of this browser's by `linked.adopt(lesson)`, offered and opened.
   */
  restore(query, hash = '', linked = null) {
    const params = new URLSearchParams(query);
    const carried = linked ? readLessonFragment(hash) : null;
    let lesson = null;
    if (carried?.problem) this.messages.show(carried.problem);
    else if (carried) {
      const read = linked.check(carried.data);
      if (read.problems) {
        this.messages.show(`The lesson in the link cannot be opened. ${read.problems.slice(0, 4).join(' ')}`);
      } else {
        lesson = linked.adopt(read.lesson);
        this.offer(lesson);
      }
    }
    if (carried && !lesson) {
      // Said above why the link's lesson cannot open: its name alone would only add that it
      // is not one of this browser's lessons.
      this.keepUrlCurrent(); // the damaged lesson out of the address bar
      return;
    }
    if (!lesson && !params.has('lesson')) return;
    const slug = params.get('lesson');
    lesson ??= this.lessons.find((l) => l.slug === slug);
    if (!lesson) {
      const shown = slug.length > 40 ? `${slug.slice(0, 40)}…` : slug;
      this.messages.show(`The link names the lesson “${shown}”, which is not one of the lessons (${this.lessons.map((l) => l.slug).join(', ')}). Choose one from the Lessons menu.`);
      this.keepUrlCurrent();
      return;
    }
    const text = params.get('stop') ?? '1';
    const asked = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    const count = lesson.stops.length;
    const ok = asked >= 1 && asked <= count;
    this.open(lesson, ok ? asked - 1 : 0);
    if (!ok) {
      const shown = text.length > 20 ? `${text.slice(0, 20)}…` : text;
      this.messages.show(`The link asks for stop “${shown}” of “${lesson.title}”, which has stops 1 to ${count}; showing stop 1.`);
    }
  }

  keepUrlCurrent() {
    rewriteAddress(this, (href) => {
      const url = new URL(href);
      if (!this.lesson) {
        url.searchParams.delete('lesson');
        url.searchParams.delete('stop');
        return withoutLessonFragment(url.href);
      }
      url.searchParams.set('lesson', this.lesson.slug);
      url.searchParams.set('stop', this.index + 1);
      return withLessonFragment(url.href, this.fragment);
    });
  }
}
