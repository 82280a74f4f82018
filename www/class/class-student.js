// A student's view of a live class, in the Live class section: a line saying what the board
// does (it follows the teacher's, read-only, unless the teacher lets the room explore), the
// anonymous name (editable, at most 24 characters, seen only by the teacher; with Leave the
// class, folded on a phone), the teacher's question (the prompt, the digits to flip as 44 px
// targets or the three outcome buttons, Submit, "Answer sent", then the result after the
// reveal, all announced through live regions), and the lines for a paused class, a teacher
// away or back, an ended class and a class server gone. The board is kept through all of them.
//
// Everything from the network is set as text (element(), textContent), never as markup.

import { element, button } from '../shared/element.js';
import { setText } from '../shared/dom.js';
import { codeNodes } from '../shared/code-text.js';
import { answerText } from './class-data.js';
import { OPEN, RECONNECTING, GONE, REFUSED, CONNECTING } from './class-link.js';

export const MAX_NAME = 24;

/** A phone's screen (shared/layout.css's phone layout). */
const PHONE = '(max-width: 40rem)';

/** Where a `show` puts the teacher's board, as one comparable value: its size and step. */
const stepOf = (show) => `${Number(show.n)}:${Number(show.step)}`;

/** Said while the server refuses joins from this address for a while (a whole class behind
 *  one network, a restart): how long, when the server said it, and that the page tries again
 *  by itself. */
export function busySentence(retryInSeconds) {
  const wait = retryInSeconds ? ` in ${retryInSeconds} second${retryInSeconds === 1 ? '' : 's'}` : ' in a moment';
  return `Too many attempts to join from this address just now: this page tries again by itself${wait}.`;
}

// While the page is out of the class (reconnecting, or connecting again after that), a line
// right under the board says so too (the alert line), where a student looking at the board
// or the question sees it; the section's status says it to a screen reader (the alert line is
// no live region, so it is not said twice).
//
// A question's result ("Right!") stays on the step at which its question closed (the step
// that shows what happens), and goes once the class has moved on: another step of the
// teacher's board, or another question.
export class StudentView {
  /**
   * @param {Element} body where it draws (the Live class section's body)
   * @param {object} on
   *   link           the ClassLink (student): send(), leave(), keepName(), state
   *   follow(show)   puts the board where the teacher's is ({n, mirror, step}), and the
   *                  teacher's lesson at its stop ({lesson: a built-in slug or null, stop})
   *   lock(locked)   the board's own controls locked (following) or not (exploring, or out)
   *   freeze(on)     the page frozen with the pause message, or not
   *   prompt(q)      a question's prompt (teach/questions.js)
   *   answer(container, {form, n}, given)  draws the answer's controls in `container` and
   *                  returns them: teach/'s AnswerInput, Predict's own ({value(), enable(open)})
   *   ended(text)    the class is over: the section goes back to its lobby, saying `text`
   *   dock(part)     puts the question's block right under the board (so that a phone
   *                  shows both), true when it did; while a question is open
   *   alert(line)    puts the connection's line right under the board, above the question,
   *                  true when it did
   *   device         'phone' or 'computer': the word for the student's device
   *   conceal(q)     hides on the page what gives question `q`'s answer away (the masks it
   *                  asks for, the free squares), or shows it all again when `q` is null
   */
  constructor(body, on) {
    this.on = on;
    this.link = on.link;
    this.question = null; // {id, round, form, question, sent}
    this.sending = false; // an answer sent, neither received nor refused yet
    // {id, round, sentOnWire} of the question whose answer Submit was last pressed for while
    // the server has neither taken it (`received`) nor refused it: not sent (no connection),
    // or sent and then the connection lost. `sentOnWire`: some press for this round handed
    // the answer to an open socket, so the server may have it though no receipt came. After
    // a rejoin the student is told what became of it, never "not sent" when it went out.
    this.unconfirmed = null;
    this.show = null;
    this.teacherAway = null;
    // The step of the teacher's board a shown result belongs to (stepOf: where it was shown,
    // then where its question closed); `closing`: the question closed, and the next show is
    // the move that closed it (the server sends `closed`, then the `show`).
    this.resultStep = null;
    this.closing = false;
    this.countdown = null; // the alert line's timer while it counts a wait down
    this.device = on.device === 'computer' ? 'computer' : 'phone';
    const ui = {
      status: element('p', 'class-status'),
      follow: element('p', 'class-follow'),
      nameField: element('input'),
      rename: button('Rename'),
      part: element('section', 'class-question'),
      heading: element('h3', '', 'Question from the teacher'),
      prompt: element('p', 'class-prompt'),
      answer: element('div', 'class-answer-input'),
      submit: button('Submit', 'primary'),
      sent: element('div', 'class-sent'), // a live region: what became of the answer, and why
      leave: button('Leave the class'),
      alert: element('p', 'class-alert'), // the connection's line, under the board
    };
    this.ui = ui;
    ui.status.setAttribute('role', 'status');
    ui.alert.hidden = true;
    ui.follow.setAttribute('aria-live', 'polite');
    ui.nameField.maxLength = MAX_NAME;
    ui.nameField.autocomplete = 'off';
    ui.nameField.id = 'class-name';
    const nameLabel = element('label', 'class-name', 'Your name (only the teacher sees it) ', ui.nameField);
    const nameForm = element('form', 'class-name-form', nameLabel, ui.rename);
    ui.rename.type = 'submit';
    nameForm.addEventListener('submit', (event) => {
      event.preventDefault();
      this.rename();
    });
    ui.heading.id = 'class-question-title';
    ui.part.setAttribute('aria-labelledby', ui.heading.id);
    ui.prompt.setAttribute('aria-live', 'polite');
    ui.sent.setAttribute('role', 'status');
    ui.part.append(ui.heading, ui.prompt, ui.answer, element('div', 'class-buttons', ui.submit), ui.sent);
    ui.part.hidden = true;
    ui.submit.addEventListener('click', () => this.submit());
    ui.leave.addEventListener('click', () => {
      this.link.leave();
    });
    this.lines = element('div', 'class-lines', ui.status, ui.follow);
    // The name and Leave the class, folded on a phone (one 44 px line, class.css) so that the
    // board comes right under the class's status; open on a wider screen.
    this.you = element('details', 'class-you', element('summary', '', 'Rename, or leave the class'),
      element('div', 'class-buttons', nameForm, ui.leave));
    this.you.open = !globalThis.matchMedia?.(PHONE).matches;
    body.replaceChildren(this.lines, ui.part, this.you);
  }

  /** The link's state changed (see class-link.js). */
  state(state, detail) {
    const text = {
      [CONNECTING]: 'Connecting to the class…',
      [OPEN]: 'In the class.',
      [RECONNECTING]: detail.busy ? busySentence(detail.retryInSeconds)
        : detail.waiting
          ? 'The class server is back: waiting for the teacher… (your board stays as it is)'
          : `Your ${this.device} lost the class’s connection: reconnecting… (your board stays as it is)`,
      [GONE]: detail.left ? 'You left the class.' : `The class is over.${detail.reason ? ` ${detail.reason}` : ''}`,
      // A restarted server knows no class: the code is unknown ('code') or the class ended ('room').
      [REFUSED]: detail.returned && (detail.code === 'room' || detail.code === 'code')
        ? 'The class server is back, but the teacher did not bring this class back: ask the teacher for the new code.'
        : detail.reason ?? 'The class server refused this page.',
    }[state];
    if (text) setText(this.ui.status, text);
    this.alert(state, text, detail);
    if (state === OPEN && this.teacherAway) this.teacherIsAway(this.teacherAway);
    if (state === RECONNECTING && this.sending) {
      // Sent, but the connection went before the server said it took it: maybe never arrived.
      this.sending = false;
      setText(this.ui.sent, 'The connection was lost before the class server took your answer: when the page is back in the class, it says whether the answer arrived.');
    }
    if (state === GONE || state === REFUSED) {
      this.on.conceal?.(null);
      this.ui.part.remove(); // docked under the board, it would outlive the class
      this.ui.alert.remove();
      this.on.lock(false);
      this.on.freeze(false);
      this.on.ended(text);
    }
  }

  /** The line under the board: while reconnecting it says what the status says, and it stays
   *  while the page connects again; in the class (or out of it for good) it goes. While the
   *  server asks for a wait (too many joins), it counts the seconds down (the status, a live
   *  region, says the wait once: a screen reader is not told every second). */
  alert(state, text, detail) {
    const { alert } = this.ui;
    clearTimeout(this.countdown);
    this.countdown = null;
    if (state === RECONNECTING) {
      setText(alert, text);
      alert.hidden = false;
      if (!this.on.alert?.(alert)) this.lines.after(alert);
      if (detail.busy && detail.retryInSeconds) this.countDown(Date.now() + detail.retryInSeconds * 1000);
    } else if (state !== CONNECTING) {
      alert.hidden = true;
    }
  }

  /** The alert line's wait, a second less each second until `until` (Date.now()'s time). */
  countDown(until) {
    this.countdown = setTimeout(() => {
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left < 1 || this.link.state !== RECONNECTING) return;
      setText(this.ui.alert, busySentence(left));
      this.countDown(until);
    }, 1000);
  }

  message(message) {
    switch (message.type) {
      case 'joined': {
        const { unconfirmed } = this;
        this.unconfirmed = null;
        const given = message.question ? message.answer ?? message.given ?? null : null;
        this.ui.nameField.value = String(message.name ?? '');
        const resultStep = this.resultStep;
        if (message.show) this.follow(message.show);
        if (message.question) this.questionOpened(message.question, given);
        else {
          this.questionClosed();
          // Back after being away: a result stays only if the board is still on its step.
          this.closing = false;
          if (this.ui.part.dataset.verdict && message.show && stepOf(message.show) !== resultStep) this.clearResult();
        }
        if (unconfirmed && !given) this.notSent(unconfirmed);
        break;
      }
      case 'show':
        this.follow(message);
        break;
      case 'question':
        this.questionOpened(message, null);
        break;
      case 'closed':
        if (this.question?.id === message.id) this.questionClosed();
        break;
      case 'received':
        if (this.question?.id === message.id && this.question.round === Number(message.round)) {
          this.question.sent = true;
          this.sending = false;
          this.unconfirmed = null;
          setText(this.ui.sent, 'Answer sent. You see whether it was right when the teacher shows the answers.');
        }
        break;
      case 'result':
        if (this.question?.id === message.id) {
          this.unconfirmed = null; // the result says what the server has (or "You did not answer.")
          this.result(message);
        }
        break;
      case 'teacherAway':
        this.teacherAway = { minutes: Number(message.minutes) || 0 };
        this.teacherIsAway(this.teacherAway);
        break;
      case 'teacherBack':
        this.teacherAway = null;
        setText(this.ui.status, 'The teacher is back.');
        break;
      case 'error':
        if (message.fatal) break;
        if (this.sending && this.question) {
          // The answer was refused: said where "Sending…" was; a round already shown takes no more.
          this.sending = false;
          this.unconfirmed = null;
          setText(this.ui.sent, String(message.reason ?? 'The class server refused that answer.'));
          if (message.code === 'revealed' || message.code === 'closed' || message.code === 'round') this.answering(false);
        } else {
          setText(this.ui.status, String(message.reason ?? 'The class server refused that.'));
        }
        break;
      default:
        break;
    }
  }

  teacherIsAway({ minutes }) {
    setText(this.ui.status, `The teacher’s connection is gone: the class waits for them${minutes ? ` (up to ${minutes} minutes)` : ''}.`);
  }

  /** The teacher's board (or the unlocked controls) and the pause, from a `show`. */
  follow(show) {
    this.show = show;
    this.movedOn(show);
    this.on.freeze(Boolean(show.paused));
    this.on.lock(!show.explore);
    let line;
    if (show.paused) line = 'The teacher paused the class: eyes to the front.';
    else if (show.explore) line = 'Explore on your own: the teacher unlocked your controls.';
    else line = 'Your board follows the teacher’s: its controls are locked.';
    setText(this.ui.follow, line);
    if (!show.explore) {
      this.on.follow({
        n: Number(show.n),
        mirror: Boolean(show.mirror),
        step: Number(show.step),
        lesson: typeof show.lesson === 'string' ? show.lesson : null,
        stop: Number.isInteger(show.stop) ? show.stop : null,
      });
    }
  }

  /** A shown result stays on its step: the first show after its question closed is that step;
   *  any other step after it (or another board size) is the class moving on, and it goes. */
  movedOn(show) {
    if (!this.ui.part.dataset.verdict || this.question) return;
    if (this.closing) {
      this.closing = false;
      this.resultStep = stepOf(show);
    } else if (stepOf(show) !== this.resultStep) {
      this.clearResult();
    }
  }

  /** The last question's block, its result with it, goes (back in the section, hidden). */
  clearResult() {
    const { ui } = this;
    this.resultStep = null;
    this.closing = false;
    ui.part.removeAttribute('data-verdict');
    ui.part.hidden = true;
    ui.part.classList.remove('class-docked');
    this.lines.after(ui.part);
    ui.answer.replaceChildren();
    setText(ui.sent, '');
    this.input = null;
  }

  rename() {
    const name = this.ui.nameField.value.trim().slice(0, MAX_NAME);
    if (!name) {
      setText(this.ui.status, 'A name needs at least one character.');
      return;
    }
    if (this.link.send({ type: 'rename', name })) {
      this.link.keepName(name);
      setText(this.ui.status, `Your name is now ${name}.`);
    } else {
      setText(this.ui.status, 'Not connected right now: try again in a moment.');
    }
  }

  /** A question opened (or a second round, or on joining): `given` is this student's own
   *  answer to it, when the server kept one. */
  questionOpened({ id, round, question, form }, given) {
    const { ui } = this;
    const same = this.question?.id === id;
    const previous = same ? this.given() : null;
    const q = { ...question, next: question.next ?? { column: question.nextColumn } };
    this.question = { id, round: Number(round), form: String(form ?? ''), question: q, sent: Boolean(given) };
    ui.part.hidden = false;
    const docked = Boolean(this.on.dock?.(ui.part));
    ui.part.classList.toggle('class-docked', docked);
    if (!docked) this.lines.after(ui.part);
    ui.part.removeAttribute('data-verdict');
    setText(ui.heading, 'Question from the teacher');
    ui.prompt.textContent = `${Number(round) > 1 ? `Round ${Number(round)}: ` : ''}${this.on.prompt(q)}`;
    this.buildAnswer(given ?? previous);
    this.answering(true);
    this.sending = false;
    setText(ui.sent, given ? 'Answer sent. You see whether it was right when the teacher shows the answers.' : '');
    this.on.conceal?.(q);
    // A new question is seen at once, even on a phone scrolled to the board (its last lines
    // clear of the controls bar: the part's scroll-margin).
    if (!same) ui.part.scrollIntoView?.({ block: 'nearest' });
  }

  /** The answer's controls and Submit open (a round takes answers) or closed (it was shown). */
  answering(open) {
    this.ui.submit.disabled = !open;
    this.input?.enable(open);
  }

  /** The question is over (the board moved on, or another was asked): a result shown stays
   *  until the next question, its answer closed; otherwise the block goes. */
  questionClosed() {
    this.on.conceal?.(null);
    this.sending = false;
    this.question = null;
    if (this.ui.part.dataset.verdict) {
      this.answering(false);
      setText(this.ui.heading, 'The last question');
      this.closing = true;
      return;
    }
    this.ui.part.hidden = true;
    this.ui.part.classList.remove('class-docked');
    this.lines.after(this.ui.part); // back in the Live class section
    this.ui.answer.replaceChildren();
    this.input = null;
  }

  /** The answer's controls (on.answer: teach/'s AnswerInput, as Predict's): one row of digits
   *  per mask asked for, or the three outcomes, set to `given` (the protocol's shape) when
   *  there is one. */
  buildAnswer(given) {
    const { form, question } = this.question;
    this.input = this.on.answer(this.ui.answer, { form, n: Number(question.n) }, given);
  }

  /** The answer as the protocol's `given` (the core's shape), or null when an outcome is still
   *  to be chosen. */
  given() {
    return this.question ? this.input?.value() ?? null : null;
  }

  submit() {
    const open = this.question;
    if (!open) return;
    const given = this.given();
    if (!given) {
      setText(this.ui.sent, 'Choose one of the three answers, then press Submit.');
      return;
    }
    const earlier = this.unconfirmed;
    const wentBefore = earlier?.sentOnWire === true && earlier.id === open.id && earlier.round === open.round;
    this.unconfirmed = { id: open.id, round: open.round, sentOnWire: wentBefore };
    if (this.link.send({ type: 'answer', question: open.id, round: open.round, given })) {
      this.unconfirmed.sentOnWire = true;
      this.sending = true;
      setText(this.ui.sent, 'Sending…');
    } else {
      setText(this.ui.sent, 'Not connected right now: your answer was not sent. Press Submit again once the page is back in the class.');
    }
  }

  /** After a rejoin, no answer of this student's to `unconfirmed` ({id, round, sentOnWire})
   *  in the `joined`. Its question still open: the server holds none, so it never arrived
   *  (press Submit again, the answer still set). Its question gone (revealed and moved on
   *  while the page was away, or a restarted server): `joined` carries no answer, so only an
   *  answer that never went out (sentOnWire false) is known not sent; one handed to the
   *  socket may have arrived, and the page says it cannot tell (the teacher's results can).
   *  Never dropped without a word, never said lost when the server may have it. */
  notSent({ id, round, sentOnWire }) {
    if (this.question?.id === id && this.question.round === round) {
      setText(this.ui.sent, 'Your answer did not reach the class server: press Submit to send it again.');
    } else if (sentOnWire) {
      setText(this.ui.status, 'In the class. Your last answer was sent as the connection went, and its question has closed since: this page cannot tell whether it arrived (the teacher’s results show it).');
    } else {
      setText(this.ui.status, 'In the class. Your last answer did not reach the class server, and its question has closed since: it was not sent.');
    }
  }

  /** After the reveal: right or not, the right answer, and (when wrong) the core's one-line
   *  reason, its `…` spans as code, under "Not this time…", in the same live region. */
  result({ right, given, answer, reason }) {
    const { ui, question } = this;
    const n = Number(question.question.n);
    const rightAnswer = answer?.form ? answer : null;
    ui.part.dataset.verdict = right ? 'right' : 'wrong';
    this.resultStep = this.show ? stepOf(this.show) : null;
    this.closing = false;
    this.sending = false;
    this.answering(false); // this round is shown: its answers are in
    this.on.conceal?.(null);
    if (right) {
      setText(ui.sent, 'Right! The teacher is showing the class’s answers.');
      return;
    }
    const shown = rightAnswer ? answerText(rightAnswer, n) : null;
    const said = given === null || given === undefined
      ? `You did not answer.${shown ? ` The answer was ${shown}.` : ''}`
      : `Not this time${shown ? `: the answer was ${shown}` : ''}.`;
    const line = element('p', '', `${said} The teacher is showing the class’s answers.`);
    const why = typeof reason === 'string' && reason ? element('p', 'class-reason', ...codeNodes(reason)) : null;
    ui.sent.replaceChildren(line, ...(why ? [why] : []));
    ui.part.scrollIntoView?.({ block: 'nearest' }); // the reason's lines clear of the phone's bar
  }
}
