// The teacher's view of a live class, in the Live class section: the join code (6 large
// characters), its QR code and short link, the count joined, Let them explore / Bring everyone
// back, Pause, Ask the class (one of Predict's topics, at the step on the board), "17 of 24
// answered", Show answers (the histograms, class-histogram.js), Vote again, Download results
// (CSV, class-data.js), Who joined (each student with a Remove button, asked to confirm), Take
// no new students (the room locked: the roster's `locked` says so) and End class. The teacher's
// board drives the room: after each redraw the board's position is offered to a Throttle, which
// sends `show` at most ~10 times a second and always the final position.
//
// Everything from the network is set as text (element(), textContent), never as markup.

import { element, button } from '../shared/element.js';
import { setText } from '../shared/dom.js';
import { qrMatrix, drawQr } from '../shared/qr.js';
import { Throttle, ClassAnswers, resultsCsv, isLoopbackHost } from './class-data.js';
import { codeNodes } from '../shared/code-text.js';
import { drawHistogram } from './class-histogram.js';
import { OPEN, RECONNECTING, GONE, REFUSED, CONNECTING } from './class-link.js';
import { TEACHER_ANSWERS, tabKept } from '../shared/class-tab.js';

/** Said once a restarted class server took the class back. */
export const RESTARTED = 'The class server restarted: your class is open again under the same code, and the students come back to it. Any question that was open is gone; the answers so far are kept in this tab (Download results).';

/** Said while the class is open, and while it is paused. */
const OPENED = 'The class is open. Your board drives every student’s board.';
const PAUSED = 'The class is paused: every student’s screen is frozen with “eyes to the front”. Resume the class gives it back.';

/** Said beside a student whose seat a page on another network took while theirs was connected
 *  (the roster's `takenOver`): their token leaked, or their phone changed networks. */
export const TAKEN_OVER = ' — joined again from another network while connected: if that was not them, remove the seat.';

/** Said beside a name the server marked (the roster's `mark`): one that may pass for the
 *  teacher's or another's. An unknown mark says nothing. */
export const NAME_MARKS = new Map([
  ['says-teacher', ' (the name says “teacher”: a student chose it)'],
  ['mixed-scripts', ' (the name mixes alphabets, as look-alike names do)'],
]);

/** Said while the room takes no new students (the roster's `locked`). */
export const LOCKED = 'Locked: new students are refused; those in the class come back.';

/** The QR code's side in CSS px: beside the join code in the class's band over the board
 *  (class.css), and scanned from the back of a room once projected. */
const QR_SIZE = 150;

/** Said under the QR code when the page's own address is loopback: no phone can open it. */
export const LOOPBACK = 'This address works only on this computer: start the server with `bitqueens serve --lan` for phones.';

export class TeacherView {
  /**
   * @param {Element} body where it draws (the Live class section's body)
   * @param {object} on
   *   link         the ClassLink (teacher): send(), leave(), state
   *   topics       [{slug, name}]: Predict's topics (the core's predictTopics())
   *   board()      {n, mirror, step, lesson, stop}: what the teacher's board shows now
   *   prompt(q)    a question's prompt (teach/questions.js)
   *   download(filename, text)
   *   clock        {now(), setTimeout, clearTimeout}
   *   storage      the tab's sessionStorage (or null): the answers kept over a reload
   *   asks(slug)   true when topic `slug` has a question before the board's next step
   *   conceal(q)   hides on the page (the projector) what gives question `q`'s answer away
   *                until Show answers, or shows it all again when `q` is null
   *   ended(text, final)  the class is over: the section goes back to its lobby, saying
   *                `text`; `final` ({filename, csv}) is the class's results, when it had any
   *                answer (kept in memory, never stored), whether the teacher ended it, the
   *                room expired or the server lost it
   */
  constructor(body, on) {
    this.on = on;
    this.link = on.link;
    // Every answer the server sent: the CSV, even offline. Those this tab kept before a reload
    // come back (dropped on `opened` if they were another class's).
    this.keptAnswers = tabKept(TEACHER_ANSWERS, on.storage);
    const saved = this.keptAnswers.read(null);
    this.savedCode = saved?.code ?? null;
    this.answers = new ClassAnswers(saved?.parts);
    this.save = () => {
      const code = this.room?.code ?? this.savedCode;
      if (code && this.answers.size) this.keptAnswers.write({ code, parts: this.answers.kept() });
      else this.keptAnswers.remove();
    };
    this.saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') this.save();
    };
    window.addEventListener('pagehide', this.save);
    document.addEventListener('visibilitychange', this.saveWhenHidden);
    this.room = null;
    this.question = null;
    this.shown = false; // the open round's answers are on screen (Show answers done)
    this.ending = false;
    // A position sent (at most ~10 a second, never per frame of Play): the Topic menu follows.
    this.throttle = new Throttle((show) => {
      this.link.send({ type: 'show', ...show });
      this.showTopics();
    }, on.clock);
    const ui = {
      status: element('p', 'class-status'),
      problem: element('p', 'class-problem'),
      join: element('div', 'class-join'),
      code: element('p', 'join-code'),
      address: element('p', 'join-address'),
      loopback: element('p', 'join-loopback', ...codeNodes(LOOPBACK)),
      qr: element('canvas', 'join-qr'),
      joined: element('output', 'class-joined'),
      explore: button('Let them explore'),
      pause: button('Pause the class'),
      end: button('End class…'),
      endConfirm: button('End the class'),
      endCancel: button('Keep it open'),
      endAsk: element('div', 'class-end-ask'),
      topic: element('select'),
      ask: button('Ask the class', 'primary'),
      prompt: element('p', 'class-prompt'),
      tally: element('output', 'class-tally'),
      reveal: button('Show answers', 'primary'),
      again: button('Vote again'),
      histogram: element('div', 'class-histograms'),
      results: button('Download results (CSV)'),
      roster: element('ul', 'class-roster'),
      lock: button('Take no new students'),
      locked: element('p', 'class-locked', LOCKED),
      removeAsk: element('div', 'class-remove-ask'),
      removeQuestion: element('p', 'class-remove-question'),
      removeConfirm: button('Remove from the class', 'primary'),
      removeCancel: button('Keep in the class'),
    };
    this.ui = ui;
    ui.status.setAttribute('role', 'status');
    ui.problem.setAttribute('role', 'alert');
    ui.problem.hidden = true;
    ui.qr.setAttribute('role', 'img');
    ui.code.setAttribute('aria-label', 'Join code');
    ui.joined.setAttribute('aria-live', 'polite');
    ui.tally.setAttribute('aria-live', 'polite');
    // Focusable: it scrolls in its own box on a narrow screen (keys too), and the focus lands
    // there when Show answers, pressed, is done and Vote again is not open.
    ui.histogram.tabIndex = 0;
    ui.histogram.setAttribute('role', 'group');
    ui.histogram.setAttribute('aria-label', 'The class’s answers');
    for (const { slug, name } of on.topics) ui.topic.append(new Option(name, slug));
    this.topicNames = new Map(on.topics.map(({ slug, name }) => [slug, name]));
    const topicLabel = element('label', 'class-topic', 'Topic ', ui.topic);
    ui.join.append(ui.code, ui.qr, ui.address, ui.loopback);
    ui.loopback.hidden = true;
    ui.join.hidden = true;
    // The roster's items by the student's id ({item, name, remove}), updated in place so that
    // a Remove button keeps the focus through the rosters that come while it has it.
    this.rosterItems = new Map();
    this.removing = null; // the id of the student whose removal is being asked, or null
    ui.removeAsk.setAttribute('role', 'group');
    ui.removeAsk.setAttribute('aria-label', 'Remove this student?');
    ui.removeAsk.append(ui.removeQuestion, element('div', 'class-buttons', ui.removeConfirm, ui.removeCancel));
    ui.removeAsk.hidden = true;
    this.summary = element('summary', '', 'Who joined');
    const who = element('details', 'class-who', this.summary, ui.roster, ui.removeAsk);
    // No name is projected unless the teacher asks: Projector or the presenter view, turned
    // on, closes Who joined (opened again while projecting, it shows them: asked).
    const root = document.documentElement;
    const projecting = () => root.hasAttribute('data-projector') || root.hasAttribute('data-presenter');
    let projected = projecting();
    this.projection = new MutationObserver(() => {
      if (projecting() && !projected) who.open = false;
      projected = projecting();
    });
    this.projection.observe(root, { attributes: true, attributeFilter: ['data-projector', 'data-presenter'] });
    this.lockPart = element('div', 'class-lock', element('div', 'class-buttons', ui.lock), ui.locked);
    this.questionPart = element('div', 'class-question', ui.prompt, ui.tally, element('div', 'class-buttons', ui.reveal, ui.again), ui.histogram);
    this.questionPart.hidden = true;
    // Download results works from the page's own copy: connected or not.
    this.resultsPart = element('div', 'class-buttons', ui.results);
    this.controls = element('div', 'class-controls',
      element('p', 'class-count', ui.joined),
      element('div', 'class-buttons', ui.explore, ui.pause),
      element('div', 'class-buttons class-ask', topicLabel, ui.ask),
      this.questionPart,
      this.resultsPart,
      who,
      this.lockPart,
      element('div', 'class-buttons class-end', ui.end),
      ui.endAsk);
    this.controls.hidden = true;
    ui.endAsk.setAttribute('role', 'group');
    ui.endAsk.setAttribute('aria-label', 'End the class?');
    ui.endAsk.append(
      element('p', 'class-end-question', 'End the class for everyone? The students are told and the room is gone. The results stay in this tab: download them from the Live class section afterwards, until you start another class or leave the page.'),
      element('div', 'class-buttons', ui.endConfirm, ui.endCancel));
    ui.endConfirm.classList.add('primary');
    ui.endAsk.hidden = true;
    body.replaceChildren(ui.status, ui.problem, ui.join, this.controls);
    this.explore = false;
    this.paused = false;
    ui.explore.setAttribute('aria-pressed', 'false');
    ui.pause.setAttribute('aria-pressed', 'false');
    this.locked = false;
    this.showLocked(false);
    ui.explore.addEventListener('click', () => this.send({ type: 'explore', on: !this.explore }));
    ui.pause.addEventListener('click', () => this.send({ type: 'pause', on: !this.paused }));
    ui.ask.addEventListener('click', () => this.ask());
    ui.reveal.addEventListener('click', () => this.send({ type: 'reveal' }));
    ui.again.addEventListener('click', () => this.send({ type: 'voteAgain' }));
    ui.results.addEventListener('click', () => {
      const { filename, csv } = this.results();
      this.on.download(filename, csv);
    });
    ui.lock.addEventListener('click', () => this.send({ type: 'lock', on: !this.locked }));
    ui.removeCancel.addEventListener('click', () => this.askToRemove(null));
    ui.removeConfirm.addEventListener('click', () => this.remove());
    ui.end.addEventListener('click', () => this.askToEnd(true));
    ui.endCancel.addEventListener('click', () => this.askToEnd(false));
    ui.endConfirm.addEventListener('click', () => {
      this.askToEnd(false);
      this.ending = true; // the `ended` that follows is this teacher's own
      this.send({ type: 'end' });
    });
    this.showJoined(0);
  }

  /** Shows (or hides) the question "End the class for everyone?" and its two answers. */
  askToEnd(asking) {
    this.ui.endAsk.hidden = !asking;
    this.ui.end.setAttribute('aria-expanded', String(asking));
    (asking ? this.ui.endCancel : this.ui.end).focus({ preventScroll: true });
  }

  /** Shows the question "Remove NAME from the class?" for the student `id` (null: hides it,
   *  the focus back on that student's Remove button, or on the list's heading if they are gone). */
  askToRemove(id) {
    const { ui } = this;
    const before = this.removing;
    const hadFocus = ui.removeAsk.contains(document.activeElement);
    this.removing = id;
    for (const [key, { remove }] of this.rosterItems) remove.setAttribute('aria-expanded', String(key === id));
    ui.removeAsk.hidden = id === null;
    if (id !== null) {
      this.sayWhomToRemove();
      ui.removeCancel.focus({ preventScroll: true });
    } else if (hadFocus) {
      (this.rosterItems.get(before)?.remove ?? this.summary).focus({ preventScroll: true });
    }
  }

  /** The question of the removal being asked, with the student's name as the roster has it. */
  sayWhomToRemove() {
    const name = this.rosterItems.get(this.removing)?.name.textContent ?? '';
    setText(this.ui.removeQuestion, `Remove ${name} from the class? Their page is told, and cannot come back in with this seat; their answers stay in the results.`);
  }

  /** Removal confirmed: `remove` sent; the focus goes to a neighbour's Remove button (the
   *  next roster takes this one away), or to Take no new students. */
  remove() {
    const id = this.removing;
    if (id === null) return;
    const ids = [...this.rosterItems.keys()];
    const at = ids.indexOf(id);
    const neighbour = this.rosterItems.get(ids[at + 1] ?? ids[at - 1]);
    this.removing = null;
    this.ui.removeAsk.hidden = true;
    this.rosterItems.get(id)?.remove.setAttribute('aria-expanded', 'false');
    (neighbour && neighbour !== this.rosterItems.get(id) ? neighbour.remove : this.ui.lock).focus({ preventScroll: true });
    this.send({ type: 'remove', student: id });
  }

  send(message) {
    this.clearProblem();
    if (!this.link.send(message)) this.problem('Not connected to the class server right now: try again in a moment.');
  }

  /** After each redraw of the board: its position, throttled, to the room (and, as it is
   *  sent, which topics have a question there). */
  boardChanged() {
    if (this.link.state === OPEN) this.throttle.offer(this.on.board());
  }

  /** Each topic without a question before the board's next step says so in the Topic menu
   *  (it stays choosable: Ask the class then says to step on). */
  showTopics() {
    if (!this.on.asks) return;
    for (const option of this.ui.topic.options) {
      const name = this.topicNames.get(option.value) ?? option.value;
      const text = this.on.asks(option.value) ? name : `${name} (none at this step)`;
      if (option.text !== text) option.text = text;
    }
  }

  ask() {
    this.boardChanged();
    this.throttle.flush(); // the question is made at the step the server has: send it first
    this.send({ type: 'ask', topic: this.ui.topic.value });
  }

  /** The link's state changed (see class-link.js); `detail` says why. */
  state(state, detail) {
    const { ui } = this;
    const text = {
      [CONNECTING]: 'Connecting to the class server…',
      [OPEN]: detail.reopened ? RESTARTED : (this.paused ? PAUSED : OPENED),
      [RECONNECTING]: detail.reopening
        ? 'The class server is back without your class (it was restarted): reopening it under the same code…'
        : detail.busy
          ? `The class server is busy (too many joins from this network just now): trying again${detail.retryInSeconds ? ` in ${detail.retryInSeconds} second${detail.retryInSeconds === 1 ? '' : 's'}` : ''}…`
          : 'The class server is gone: trying again…',
      [GONE]: detail.left ? 'You left the class.'
        : this.ending ? 'You ended the class.' : `The class has ended.${detail.reason ? ` ${detail.reason}` : ''}`,
      [REFUSED]: detail.returned && detail.code === 'room'
        ? 'The class server is back, but without this class, and this tab cannot reopen it: open the teacher link that bitqueens serve printed, then Start a live class.'
        : detail.reason ?? 'The class server refused this page.',
    }[state];
    if (text) setText(ui.status, text);
    for (const part of this.controls.children) part.inert = state !== OPEN && part !== this.resultsPart;
    if (state === OPEN) {
      if (detail.reopened) {
        this.answers.restarted(); // its questions are numbered from 1 again
        if (this.paused) this.send({ type: 'pause', on: true }); // the reopened room is not
      }
      this.throttle.reset();
      this.boardChanged(); // the teacher's board, not the room's kept one, drives after a rejoin
    }
    if (state === GONE || state === REFUSED) {
      this.throttle.cancel();
      this.projection.disconnect();
      this.on.conceal?.(null);
      window.removeEventListener('pagehide', this.save);
      document.removeEventListener('visibilitychange', this.saveWhenHidden);
      this.keptAnswers.remove(); // the lobby keeps them, in memory
      this.on.ended(text, this.answers.size ? this.results() : null);
    }
  }

  /** A message from the server (class-link.js passes them all on). */
  message(message) {
    const { ui } = this;
    switch (message.type) {
      case 'opened':
        this.room = { code: String(message.code), joinPath: String(message.joinPath ?? `/c/${message.code}`) };
        if (this.savedCode !== null && this.savedCode !== this.room.code) this.answers = new ClassAnswers();
        this.savedCode = null;
        this.showRoom();
        this.controls.hidden = false;
        if (message.show) this.showState(message.show);
        if (message.question) this.questionOpened(message.question);
        else this.questionClosed();
        break;
      case 'show':
        this.showState(message);
        break;
      case 'roster':
        this.showJoined(Number(message.joined) || 0);
        this.showRoster(Array.isArray(message.students) ? message.students : []);
        this.showLocked(message.locked === true);
        break;
      case 'question':
        this.questionOpened(message);
        break;
      case 'tally':
        if (this.question && message.id === this.question.id) this.showTally(message.answered, message.joined);
        break;
      case 'closed':
        if (this.question && message.id === this.question.id) this.questionClosed();
        break;
      case 'histogram':
        if (this.question && message.id === this.question.id) {
          drawHistogram(ui.histogram, message);
          ui.histogram.hidden = false;
          this.revealed(true);
          this.on.conceal?.(null);
        }
        break;
      case 'results':
      case 'answered':
        this.answers.take(message.rows);
        break;
      case 'error':
        if (!message.fatal) this.problem(String(message.reason ?? 'The class server refused that.'));
        break;
      default:
        break;
    }
  }

  showRoom() {
    const { ui, room } = this;
    const address = new URL(room.joinPath, location.origin).href;
    ui.join.hidden = false;
    setText(ui.code, room.code);
    ui.code.setAttribute('aria-label', `Join code ${[...room.code].join(' ')}`);
    setText(ui.address, address);
    const matrix = qrMatrix(address);
    if (matrix.size) drawQr(ui.qr, matrix, QR_SIZE, window.devicePixelRatio || 1);
    ui.qr.hidden = !matrix.size;
    ui.loopback.hidden = !isLoopbackHost(location.hostname);
    ui.qr.setAttribute('aria-label', `QR code of the join address ${address}`);
  }

  showState(show) {
    const { ui } = this;
    this.explore = Boolean(show.explore);
    const paused = Boolean(show.paused);
    // The status line says so while the class is paused (only when that changes: it may say
    // something else meanwhile, as after a restart).
    if (paused !== this.paused) setText(ui.status, paused ? PAUSED : OPENED);
    this.paused = paused;
    setText(ui.explore, this.explore ? 'Bring everyone back' : 'Let them explore');
    ui.explore.setAttribute('aria-pressed', String(this.explore));
    setText(ui.pause, this.paused ? 'Resume the class' : 'Pause the class');
    ui.pause.setAttribute('aria-pressed', String(this.paused));
  }

  showJoined(joined) {
    this.joined = joined;
    setText(this.ui.joined, `${joined} ${joined === 1 ? 'student' : 'students'} joined`);
  }

  /** Every student the roster lists, in its order, each with a Remove button; the items of
   *  students already shown are kept (updated in place, never moved unless the order changed),
   *  so that the focus stays where it is. */
  showRoster(students) {
    const { roster } = this.ui;
    const isId = (id) => typeof id === 'string' || typeof id === 'number';
    const listed = new Map(); // id → the student, in the roster's order (an id once)
    for (const student of students) if (isId(student?.id) && !listed.has(student.id)) listed.set(student.id, student);
    // Those gone first: the items that stay then keep their places.
    for (const [id, { item }] of this.rosterItems) {
      if (listed.has(id)) continue;
      item.remove();
      this.rosterItems.delete(id);
    }
    let at = 0;
    for (const [id, student] of listed) {
      const shown = this.rosterItems.get(id) ?? this.rosterItem(id);
      const name = String(student.name ?? '');
      setText(shown.name, name);
      shown.remove.setAttribute('aria-label', `Remove ${name}`);
      shown.item.classList.toggle('away', !student.connected);
      setText(shown.away, student.connected ? '' : ' (away)');
      shown.item.classList.toggle('taken-over', student.takenOver === true);
      setText(shown.takenOver, student.takenOver === true ? TAKEN_OVER : '');
      setText(shown.mark, NAME_MARKS.get(student.mark) ?? '');
      const here = roster.children[at];
      if (here !== shown.item) roster.insertBefore(shown.item, here ?? null);
      at += 1;
    }
    if (this.removing !== null) {
      if (listed.has(this.removing)) this.sayWhomToRemove();
      else this.askToRemove(null);
    }
  }

  /** A roster's item for the student `id`: their name, "(away)" while they are, whether their
   *  seat was taken from another network, and Remove. */
  rosterItem(id) {
    const name = element('span', 'class-student-name');
    const away = element('span', 'class-student-away');
    const takenOver = element('span', 'class-student-taken-over');
    const mark = element('span', 'class-student-mark');
    const remove = button('Remove', 'class-remove');
    remove.setAttribute('aria-expanded', 'false');
    remove.addEventListener('click', () => this.askToRemove(id));
    const shown = { item: element('li', '', element('span', 'class-student', name, mark, away, takenOver), remove), name, mark, away, takenOver, remove };
    this.rosterItems.set(id, shown);
    return shown;
  }

  /** The room takes no new students (`locked`), or takes them: the toggle and its line. */
  showLocked(locked) {
    this.locked = locked;
    this.ui.lock.setAttribute('aria-pressed', String(locked));
    this.ui.locked.hidden = !locked;
  }

  questionOpened({ id, round, question }) {
    const { ui } = this;
    const opened = { id, round: Number(round), question: { ...question, next: question.next ?? { column: question.nextColumn } } };
    if (this.question?.id !== id) ui.histogram.replaceChildren();
    this.question = opened;
    this.questionPart.hidden = false;
    setText(ui.prompt, `Round ${opened.round}: ${this.on.prompt(opened.question)}`);
    ui.histogram.hidden = true; // hidden until Show answers, as in Peer Instruction
    ui.again.disabled = opened.round >= 2;
    this.revealed(false);
    this.on.conceal?.(opened.question);
    this.showTally(0, this.joined);
  }

  /** Show answers done (the histogram drawn) or to do (a new round): once the answers are
   *  shown, Show answers reads "Answers shown" (disabled) and Vote again, if open, is the
   *  primary button. */
  revealed(shown) {
    const { ui } = this;
    this.shown = shown; // the open round's answers are on screen
    const hadFocus = document.activeElement === ui.reveal; // a disabled button drops it
    setText(ui.reveal, shown ? 'Answers shown' : 'Show answers');
    ui.reveal.disabled = shown;
    ui.reveal.classList.toggle('primary', !shown);
    ui.again.classList.toggle('primary', shown && !ui.again.disabled);
    if (shown && hadFocus) (ui.again.disabled ? ui.histogram : ui.again).focus({ preventScroll: true });
  }

  /** The question is over (the board moved on, or another was asked): its answers, when
   *  shown, stay on screen until the next question (no more rounds); otherwise it goes. */
  questionClosed() {
    const { ui } = this;
    this.on.conceal?.(null);
    const shown = this.question !== null && this.shown;
    this.question = null;
    if (shown) {
      ui.again.disabled = true;
      ui.again.classList.remove('primary');
      return;
    }
    this.questionPart.hidden = true;
    ui.histogram.replaceChildren();
  }

  showTally(answered, joined) {
    setText(this.ui.tally, `${Number(answered) || 0} of ${Number(joined) || 0} answered`);
  }

  filename() {
    return `bitqueens-class-${this.room?.code ?? 'results'}.csv`;
  }

  /** The class's results as the CSV file: {filename, csv}. */
  results() {
    return { filename: this.filename(), csv: resultsCsv(this.answers.rows()) };
  }

  problem(text) {
    this.ui.problem.textContent = text;
    this.ui.problem.hidden = false;
  }

  clearProblem() {
    this.ui.problem.hidden = true;
    this.ui.problem.textContent = '';
  }
}
