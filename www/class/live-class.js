// The Live class section: the lobby (Start a live class, Join a class) and, once in a class,
// the teacher's or the student's view on a ClassLink. Built on demand (main.js) when the Live
// class button is first pressed, or when the page was opened with ?class=CODE (a student's
// link: /c/CODE redirects there) or ?teach=KEY (the teacher link `bitqueens serve` prints).
//
// On a static host Start a live class says, in one line, how to start a class server: GET
// /class/hello answers the file dist/class/hello there (www/class/no-class-server.json, with no
// `protocol`: no class server here, and no 404 in the console), where a class server answers
// its own hello (its route wins over its files). The teacher key is kept in the tab's
// sessionStorage (shared/class-tab.js) and taken out of the address bar (main.js, before
// anything could copy it).

import { element, button } from '../shared/element.js';
import { setText, partsOf } from '../shared/dom.js';
import { tabStorage } from '../shared/kept.js';
import { TEACHER_KEY, tabKept } from '../shared/class-tab.js';
import { ClassLink, PROTOCOL, DEFAULT_BEAT_SECONDS, readJoinCode, readBeatSeconds } from './class-link.js';
import { TeacherView } from './class-teacher.js';
import { rewriteAddress } from '../player/index.js';

/** The owner of the address bar's `class` parameter (the join code of the class this tab is in). */
const CLASS_PARAMETER = Symbol('the class joined');

/** Puts `code` in the address bar as `?class=CODE` (null takes it out): a reload rejoins. */
function showJoinCode(code) {
  rewriteAddress(CLASS_PARAMETER, (href) => {
    const url = new URL(href);
    if (code) url.searchParams.set('class', code);
    else url.searchParams.delete('class');
    return url.href;
  });
}
import { StudentView } from './class-student.js';

/** Said where no class server answers: the page was served by a static host. */
export const NO_SERVER = 'A live class needs a class server: on the teacher’s laptop run “bitqueens serve” (add --lan for the room’s wifi) and open the teacher link it prints. See docs/live-class.md.';
/** Said on a class server when this tab has no teacher key. */
export const NO_KEY = 'Only the teacher link starts a class: open the link “Teacher link: …?teach=…” that bitqueens serve printed when it started.';

/** How long a probe of a class link (GET /class/hello) may take before it counts as not
 *  reached: cut short by its own signal, which Chromium does not log as a failure. */
export const PROBE_TIMEOUT_MS = 4000;

/** True when `hello` (GET /class/hello's JSON) is a class server's: it names its protocol. The
 *  file a static host serves there names none. */
export const isClassHello = (hello) => hello !== null && typeof hello === 'object' && 'protocol' in hello;

/** A text field keeps its keys, even while the board follows the teacher. */
const isTextField = (target) => target instanceof HTMLElement
  && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export class LiveClass {
  /**
   * @param {Document} root holds the Live class button (#class-button), the section
   *   (#live-class) and its body (#live-class-body), the page (#page) and its controls
   * @param {object} on
   *   topics, prompt, download       see TeacherView
   *   answer(container, {form, n}, given)  a student's answer controls (teach/'s AnswerInput,
   *                                  Predict's own): see StudentView
   *   asks(slug)                     true when Predict's topic `slug` has a question before the
   *                                  board's next step
   *   conceal(question)              hides what gives `question`'s answer away (its masks, the
   *                                  free squares; null: shows it), while it is open, not shown
   *   board()                        the teacher's board now: {n, mirror, step, lesson, stop}
   *   follow({n, mirror, step, lesson, stop})  a student's board put where the teacher's is,
   *                                  with the teacher's built-in lesson open at its stop
   *   following(on)                  while true the page's lesson is the teacher's: read-only
   *   storage                        the tab's sessionStorage (a fake in tests)
   *   fetch, WebSocket, clock        the browser's (fakes in tests)
   */
  constructor(root, on) {
    this.on = { storage: tabStorage(), fetch: (...args) => globalThis.fetch(...args), WebSocket: globalThis.WebSocket, clock: globalThis, ...on };
    this.ui = partsOf(root, { button: 'class-button', section: 'live-class', body: 'live-class-body', page: 'page' });
    this.controlsBar = this.ui.page.querySelector('.controls');
    this.view = null;
    this.server = null; // the probe's promise: true when a class server answers
    this.beatSeconds = DEFAULT_BEAT_SECONDS; // the server's beat, from its hello
    this.locked = false;
    this.endedResults = null; // {filename, csv}: the class this teacher ended, in memory only
    this.ui.button.addEventListener('click', () => this.toggle());
    // The presenter view and a landscape screen size the board to leave room for this section
    // (--class-strip): its height whenever it changes (a histogram shown, the section closed).
    new ResizeObserver(() => this.makeRoom()).observe(this.ui.section);
    // While the board follows the teacher its shortcuts are held back (its buttons are inert);
    // the keys of a text field, of this section, of the student's question (docked under the
    // board: its answer's arrows), of a part with keys of its own and of dialogs stay theirs.
    window.addEventListener('keydown', (event) => {
      if (!this.locked || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextField(event.target) || this.ui.section.contains(event.target)) return;
      if (this.view instanceof StudentView && this.view.ui.part.contains(event.target)) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      // A part with keys of its own (Compare, the count panel) moves no board: Compare's lanes
      // refuse their keys while locked and say so in the section, as their buttons do.
      if (event.target instanceof Element && event.target.closest('[data-own-keys]')) return;
      if (event.key === 'Tab' || event.key === 'Escape' || event.key === '?') return;
      // Space and Enter press the focused button, link or summary (History, an export): theirs.
      const pressable = event.target instanceof Element && event.target.closest('button, a[href], summary');
      if (pressable && (event.key === ' ' || event.key === 'Enter')) return;
      event.stopImmediatePropagation();
    }, true);
    // The browser's word on its network: gone, the class's socket is taken for lost at once
    // (a phone off the wifi says so within a second); back, a reconnect is tried at once.
    window.addEventListener('offline', () => this.view?.link.networkChanged(false));
    window.addEventListener('online', () => this.view?.link.networkChanged(true));
    this.lobby();
  }

  /** Whether a class server answers now, for a class link's reconnects (class-link.js: its
   *  probe): true or false, never a rejection, within PROBE_TIMEOUT_MS. */
  reach() {
    return Promise.resolve()
      .then(() => this.on.fetch('/class/hello', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }))
      .then((response) => (response.ok ? response.json() : null))
      .then(isClassHello, () => false);
  }

  /** The section's height, for the layouts that give the board what it leaves (--class-strip:
   *  the presenter view's, class.css, and a landscape screen's, shared/layout.css); 0 while it
   *  is hidden. */
  makeRoom() {
    const height = `${this.ui.section.hidden ? 0 : this.ui.section.offsetHeight}px`;
    const root = document.documentElement;
    if (root.style.getPropertyValue('--class-strip') !== height) root.style.setProperty('--class-strip', height);
  }

  toggle(open = this.ui.section.hidden) {
    this.ui.section.hidden = !open;
    this.makeRoom();
    this.ui.button.setAttribute('aria-expanded', String(open));
    if (open) this.ui.section.scrollIntoView({ block: 'nearest' });
  }

  /** What the page was opened with: ?teach=KEY (kept) or ?class=CODE (joined at once); a tab
   *  that was teaching before a reload comes back to its room. */
  restore(query) {
    const params = new URLSearchParams(query);
    const key = params.get('teach');
    if (key) tabKept(TEACHER_KEY, this.on.storage).write(key);
    const code = params.get('class');
    if (code !== null) {
      this.toggle(true);
      this.join(code);
    } else if (key || ClassLink.teacherRoomIn(this.on.storage)) {
      this.toggle(true);
      if (ClassLink.teacherRoomIn(this.on.storage)) this.start();
    }
  }

  /** Asks the page's own server whether it is a class server: a yes is kept (with the beat it
   *  announces), a no is asked again next time (the server may have been started since). */
  probe() {
    this.server ??= this.on.fetch('/class/hello', { cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then((hello) => {
        if (!isClassHello(hello)) return false;
        if (Number(hello.protocol) !== PROTOCOL) return 'version';
        this.beatSeconds = readBeatSeconds(hello);
        return true;
      }, () => false)
      .then((answer) => {
        if (answer !== true) this.server = null;
        return answer;
      });
    return this.server;
  }

  /** No class: Start a live class, Join a class, a line saying `text`, and the download of
   *  the results of the class this tab's teacher ended (`final`, {filename, csv}), if any. */
  lobby(text = '', final = this.endedResults) {
    this.endedResults = final;
    if (this.view instanceof StudentView) showJoinCode(null); // out of the class: a reload stays out
    this.view = null;
    this.lock(false);
    this.freeze(false);
    const status = element('p', 'class-status', text);
    status.setAttribute('role', 'status');
    const start = button('Start a live class', 'primary');
    const field = element('input');
    field.id = 'class-code';
    field.autocomplete = 'off';
    field.setAttribute('autocapitalize', 'characters');
    field.spellcheck = false;
    field.maxLength = 12;
    const join = element('button', '', 'Join');
    join.type = 'submit';
    const form = element('form', 'class-join-form', element('label', '', 'Join a class: code ', field), join);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.join(field.value);
    });
    start.addEventListener('click', () => this.start());
    this.status = status;
    const parts = [element('div', 'class-buttons', start), form, status];
    if (final) {
      const keep = button('Download the results of the class that ended');
      keep.addEventListener('click', () => this.on.download(final.filename, final.csv));
      parts.push(element('div', 'class-buttons class-ended-results', keep));
    }
    this.ui.body.replaceChildren(...parts);
  }

  socketUrl() {
    return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/class/ws`;
  }

  async start() {
    const server = await this.probe();
    if (server !== true) {
      setText(this.status, server === 'version' ? 'This page and the class server speak different versions: reload the page.' : NO_SERVER);
      return;
    }
    const key = tabKept(TEACHER_KEY, this.on.storage).read(null);
    if (!key && !ClassLink.teacherRoomIn(this.on.storage)) {
      setText(this.status, NO_KEY);
      return;
    }
    this.connect({ kind: 'teacher', key }, (link) => new TeacherView(this.ui.body, {
      link, topics: this.on.topics, board: this.on.board, prompt: this.on.prompt, download: this.on.download, storage: this.on.storage,
      conceal: this.on.conceal, asks: this.on.asks,
      clock: { now: () => performance.now(), setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t) },
      ended: (said, final) => this.lobby(said, final ?? null),
    }));
  }

  async join(typed) {
    const code = readJoinCode(typed);
    if (!code) {
      setText(this.status, 'A join code is 6 letters and digits (no 0, O, 1, I or L), as the teacher shows it.');
      return;
    }
    if (await this.probe() !== true) {
      setText(this.status, 'No class server answers here: open the link or the address the teacher gives, on the classroom’s network.');
      return;
    }
    showJoinCode(code); // a reload of this tab rejoins, as this student
    this.connect({ kind: 'student', code, name: null }, (link) => new StudentView(this.ui.body, {
      link, prompt: this.on.prompt, answer: this.on.answer, conceal: this.on.conceal,
      device: globalThis.matchMedia?.('(pointer: coarse)').matches ? 'phone' : 'computer',
      alert: (line) => this.alertLine(line),
      follow: (show) => this.on.follow(show),
      lock: (locked) => this.lock(locked),
      freeze: (on) => this.freeze(on),
      dock: (part) => this.dock(part),
      ended: (said) => this.lobby(said),
    }));
  }

  /** Opens the class as `role`, its view made by `makeView(link)` in the section's body. The
   *  focus, when it was in the body (Join or Start pressed, the code's field), goes to the
   *  view's status line rather than to the page's body with the lobby it was in. */
  connect(role, makeView) {
    const hadFocus = this.ui.body.contains(document.activeElement);
    this.view?.link.leave();
    const link = new ClassLink(role, {
      url: this.socketUrl(), WebSocket: this.on.WebSocket, clock: this.on.clock, storage: this.on.storage, beatSeconds: this.beatSeconds,
      probe: () => this.reach(),
      listener: { state: (state, detail) => view.state(state, detail), message: (message) => view.message(message) },
    });
    const view = makeView(link);
    this.view = view;
    link.start();
    if (hadFocus && !this.ui.body.contains(document.activeElement)) {
      view.ui.status.tabIndex = -1; // focused by the page, never a tab stop
      view.ui.status.focus({ preventScroll: true });
    }
  }

  /** True while this tab is in a class, as its teacher or a student (the update offer waits). */
  get inClass() {
    return this.view !== null;
  }

  /** The teacher's board changed (after each redraw): sent on to the room, throttled. */
  boardChanged() {
    if (this.view instanceof TeacherView) this.view.boardChanged();
  }

  /** A student's open question, right under the board (#board), before the masks: on a
   *  390 px phone the board and the digits to flip are on one screen. False when the page
   *  has no board. */
  dock(part) {
    const board = this.ui.page.querySelector('#board');
    if (!board) return false;
    // Under the connection's line when it is there (alertLine): the line first.
    const above = board.nextElementSibling?.classList.contains('class-alert') && board.nextElementSibling !== part ? board.nextElementSibling : board;
    if (above.nextElementSibling !== part) above.after(part);
    return true;
  }

  /** A student's line about the class's connection (lost, reconnecting), right under the board
   *  where the student looks, above the docked question. False when the page has no board. */
  alertLine(line) {
    const board = this.ui.page.querySelector('#board');
    if (!board) return false;
    if (board.nextElementSibling !== line) board.after(line);
    return true;
  }

  /** The board's own controls locked while it follows the teacher. */
  lock(locked) {
    this.locked = locked;
    if (this.controlsBar) this.controlsBar.inert = locked;
    this.on.following?.(locked);
    document.documentElement.toggleAttribute('data-class-following', locked);
  }

  /** The page frozen, with the pause message, while the teacher pauses the class. */
  freeze(on) {
    const stage = this.ui.page.querySelector('.stage');
    if (stage) stage.inert = on;
    document.documentElement.toggleAttribute('data-class-paused', on);
  }
}
