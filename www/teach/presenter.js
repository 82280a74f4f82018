// The presenter view: the board, the masks and the narration full screen, driven by the keys
// a presentation clicker sends: Page Down / Page Up move to the next / previous stop of the
// open lesson, or step / back outside one; B (or the clicker's "." key) blanks the screen;
// Escape leaves. The Presenter notes window, opened from the page, shows the lesson's stop,
// its note and the next stop (or the step and its sentence outside a lesson), and is kept in
// step with the page.
//
// The keys are the presenter view's only while it is on: outside it Page Down scrolls the
// page as usual.

import { setText, partsOf } from '../shared/dom.js';
import { elementIn } from '../shared/element.js';

const BLANK_KEYS = new Set(['b', 'B', '.']);

export class Presenter {
  /**
   * @param {Document|Element} page holds its parts: button (#presenter), exit (Exit presenter),
   *   notesButton (Presenter notes), blank (the blanking cover), said (what a screen reader
   *   is told of the narration, paced while playing: stage/announcer.js)
   * @param {object} player commanded by step() and back()
   * @param {LessonsPanel} lessons the open lesson, moved by next() and previous()
   * @param {Messages} messages the page's message line
   */
  constructor(page, player, lessons, messages, root = document.documentElement) {
    const ui = partsOf(page, {
      button: 'presenter', exit: 'presenter-exit', notesButton: 'presenter-notes', blank: 'blank', said: 'narration-said',
    });
    this.ui = ui;
    this.messages = messages;
    this.player = player;
    this.lessons = lessons;
    this.root = root;
    this.on = false;
    this.notes = null; // the notes window's elements, while it is open
    ui.button.addEventListener('click', () => this.toggle());
    ui.exit.addEventListener('click', () => this.toggle());
    ui.notesButton.addEventListener('click', () => this.openNotes());
    document.addEventListener('keydown', (event) => this.key(event));
    document.addEventListener('fullscreenchange', () => {
      if (!document.fullscreenElement && this.on && this.enteredFullscreen) this.toggle();
    });
  }

  toggle() {
    this.on = !this.on;
    this.ui.button.setAttribute('aria-pressed', String(this.on));
    this.blank(false);
    if (this.on) this.root.dataset.presenter = '';
    else delete this.root.dataset.presenter;
    this.enteredFullscreen = false;
    if (this.on && document.fullscreenEnabled && !document.fullscreenElement) {
      document.documentElement.requestFullscreen?.().then(() => { this.enteredFullscreen = true; }, () => {});
    } else if (!this.on && document.fullscreenElement) {
      document.exitFullscreen?.().catch(() => {});
    }
    (this.on ? this.ui.exit : this.ui.button).focus({ preventScroll: true });
  }

  blank(on = this.ui.blank.hidden) {
    this.ui.blank.hidden = !on;
  }

  key(event) {
    if (!this.on || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)) return;
    let acted = true;
    if (event.key === 'PageDown') {
      if (this.lessons.active) this.lessons.next(); // at the last stop: nothing further
      else this.player.step();
    } else if (event.key === 'PageUp') {
      if (!this.lessons.active) this.player.back();
      else this.lessons.previous();
    } else if (BLANK_KEYS.has(event.key)) {
      this.blank();
    } else if (event.key === 'Escape') {
      this.toggle();
    } else {
      acted = false;
    }
    if (acted) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }

  /** Opens the Presenter notes window (or brings it forward), drawn from this page. */
  openNotes() {
    if (this.notes && !this.notes.window.closed) {
      this.notes.window.focus();
      return;
    }
    const notes = window.open('', 'bitqueens-presenter-notes', 'popup,width=520,height=420');
    if (!notes) {
      this.messages.show('The browser blocked the Presenter notes window: allow pop-ups for this page, then press Presenter notes again.');
      return;
    }
    const doc = notes.document;
    doc.title = 'bitqueens — presenter notes';
    // A constructed style sheet: the window inherits this page's CSP, which refuses <style>.
    const style = new notes.CSSStyleSheet();
    style.replaceSync('body{font:18px/1.45 system-ui,sans-serif;margin:1rem 1.25rem;color:#1d1f24;background:#f6f4ef}'
      + 'h1{font-size:1.1rem;margin:0 0 .25rem}p{margin:.4rem 0}.where{color:#5b606b;font-weight:600}'
      + '.now{font-size:1.35rem}.next{color:#5b606b;border-top:1px solid #d9d5cc;padding-top:.5rem}');
    doc.adoptedStyleSheets = [style];
    const parts = { title: elementIn(doc, 'h1', 'title'), where: elementIn(doc, 'p', 'where'), now: elementIn(doc, 'p', 'now'), next: elementIn(doc, 'p', 'next') };
    parts.now.setAttribute('aria-live', 'polite');
    doc.body.replaceChildren(parts.title, parts.where, parts.now, parts.next);
    this.notes = { window: notes, ...parts };
    this.update();
  }

  /** Keeps the notes window in step: after a stop is shown and after each redraw. */
  update() {
    const notes = this.notes;
    if (!notes || notes.window.closed) return;
    const { lesson, index } = this.lessons.current;
    if (lesson) {
      const stop = lesson.stops[index];
      const following = lesson.stops[index + 1];
      setText(notes.title, lesson.title);
      setText(notes.where, `Stop ${index + 1} of ${lesson.stops.length}`);
      setText(notes.now, stop.note || '(no note)');
      setText(notes.next, following ? `Next: ${following.note || following.query}` : 'This is the last stop.');
    } else {
      setText(notes.title, 'No lesson open');
      setText(notes.where, `Page Down steps, Page Up steps back, B blanks the screen.`);
      // The narration as a screen reader is told it (the line is live): paced while playing,
      // where play stopped always; the narration itself changes every frame of play.
      setText(notes.now, this.ui.said.textContent);
      setText(notes.next, '');
    }
  }
}
