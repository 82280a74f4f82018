// Predict mode: the search stops before each step of a topic the learner chose and asks what
// it will do; nothing moves until the learner checks an answer or asks for it, and Continue
// takes the step (and goes on playing, when Play or Next solution was what stopped).
//
// States: off; on with no question open ("waiting"); asking (a question open, its mask
// hidden in the bit panel); wrong (a wrong try marked, the answer still hidden: Try again
// goes back to asking, Show answer on to answered); answered (right, or the answer shown:
// feedback, Continue offered). The score counts the first try of each question only. The question comes
// from the core with its answer (Search.question, crate/src/session/predict.rs). Any move of the
// search away from where the question was asked (Back, a seek, Reset, a new board) closes it
// unanswered, and turning Predict off does too: neither counts in the score.
//
// The player asks `hold(reason)` before each step forward taken by Step ('step') or by play
// towards a goal ('speed', 'solution'); true holds the search where it stands.

import { compare } from './questions.js';
import { PLAYING } from '../player/index.js';
import { partsOf } from '../shared/dom.js';

export class Predict {
  /**
   * @param {Element} root the page, holding the Predict toggle (#predict), the board grid (#board),
   *   and Step and Play (the focus goes to one after Continue)
   * @param {QuestionPanel} panel the Question region
   * @param {Score} score the learner's score
   * @param {object} player the Player: commanded by step() and play(), read by readOnly
   * @param {Concealer} concealer hides the masks asked about, and the free squares (conceal.js)
   * @param {Messages} messages the page's message line
   */
  constructor(root, panel, score, player, concealer, messages) {
    const ui = partsOf(root, { button: 'predict', board: 'board', step: 'step', play: 'play' });
    this.ui = ui;
    this.panel = panel;
    this.score = score;
    this.player = player;
    this.seen = player.readOnly;
    this.concealer = concealer;
    this.messages = messages;
    this.on = false;
    this.open = null;      // {question, at (the step it was asked at), answered, tries (checks made), resume}
    this.turn = 0;         // questions asked so far: the core rotates topics by it
    this.passing = false;  // Continue's own step goes past the hold
    /** True while a lesson is open (main.js sets it): the lesson leads, Step only follows. */
    this.inLesson = () => false;
    ui.button.addEventListener('click', () => this.toggle());
    ui.board.addEventListener('click', (event) => this.boardClicked(event));
  }

  toggle() {
    this.on = !this.on;
    this.ui.button.setAttribute('aria-pressed', String(this.on));
    // Only while on: a held player takes its steps one call at a time.
    this.player.hold = this.on ? (reason) => this.hold(reason) : null;
    this.close();
    this.panel.shown(this.on, this.waitingText());
    if (this.on) this.player.pause();
  }

  /** What a lesson may change of Predict: on or off, and the topics ticked. */
  settings() {
    return { on: this.on, topics: this.panel.asked };
  }

  /** Puts Predict back as `settings()` found it (a lesson closed). */
  restoreSettings({ on, topics }) {
    this.waitingToAsk = undefined;
    this.panel.only(topics);
    if (this.on !== on) this.toggle();
    else this.close();
  }

  /** The topic a lesson's stop made now would ask about: the open question's (a stop asks
   *  only what can be asked there), or none. */
  get topic() {
    return this.on ? this.open?.question.topic ?? null : null;
  }

  /** A lesson's stop: Predict on, asking only about `topic`, with its question open at once
   *  when the next step is one; or, for no topic, Predict off. */
  askAbout(topic) {
    // A far stop is reached by a seek over several frames: ask once it has arrived (turning
    // Predict on pauses the player, which would stop the seek halfway).
    this.waitingToAsk = undefined;
    if (this.seen.state === PLAYING && this.seen.goal === 'seek') {
      this.waitingToAsk = topic;
      return;
    }
    if (!topic) {
      if (this.on) this.toggle();
      return;
    }
    this.panel.only([topic]);
    if (this.on) this.close();
    else this.toggle();
    this.hold('step');
  }

  /** The player's question before a step: true holds the search (a question is open). */
  hold(reason) {
    if (this.passing) {
      this.passing = false;
      return false;
    }
    if (this.open) {
      this.messages.show(this.open.answered
        ? 'Press Continue to take the step you answered about.'
        : 'Answer the question first (or press Show answer): the search waits for you.', 'info');
      return true;
    }
    const asked = this.panel.asked;
    if (asked.length === 0) return false;
    const question = this.seen.question(asked, this.turn);
    if (!question) return false;
    this.turn += 1;
    const resume = reason !== 'step' && this.seen.state === PLAYING ? reason : null;
    this.open = { question, at: this.seen.position, answered: false, tries: 0, resume };
    this.concealer.conceal('predict', question);
    this.panel.ask(question, true);
    return true;
  }

  /** A new search (Reset, a new board size or mode): a question open closes unanswered. */
  cleared() {
    this.close();
  }

  /** After each redraw: a move away from the question's position closes it unanswered. */
  render(snapshot) {
    if (this.open && snapshot.steps !== this.open.at) this.close();
    const seeking = this.seen.state === PLAYING && this.seen.goal === 'seek';
    if (this.waitingToAsk !== undefined && !seeking) this.askAbout(this.waitingToAsk);
  }

  check() {
    const open = this.open;
    if (!open || open.answered || !this.panel.answering) return;
    if (!this.panel.answered()) {
      this.messages.show('Choose one of the three answers, then press Check.', 'info');
      return;
    }
    const result = compare(open.question, this.panel.given());
    open.tries += 1;
    if (open.tries === 1) this.score.add(open.question.topic, result.right); // the first try only
    if (result.right) this.answer(result);
    else this.panel.wrongTry(result, open.tries, this.reason(open.question, this.panel.given()));
  }

  /** The core's one line on why `given` (the core's shape, as the panel gives it) is wrong
   *  (Search.reason), or null: a core that cannot say leaves the feedback without it. */
  reason(question, given) {
    try {
      const line = this.seen.reason(question, given);
      return typeof line === 'string' && line ? line : null;
    } catch {
      return null;
    }
  }

  /** Try again after a wrong try: the answer is the learner's to change. */
  retry() {
    if (this.open && !this.open.answered) this.panel.retry();
  }

  /** Show answer: counted as not right, unless a try was counted already. */
  show() {
    if (!this.open || this.open.answered) return;
    if (this.open.tries === 0) this.score.add(this.open.question.topic, false);
    this.answer(null);
  }

  /** Continue: takes the step asked about, and plays on if play was what stopped here. */
  proceed() {
    if (!this.open?.answered) return;
    const { resume, question } = this.open;
    this.close();
    this.passing = true;
    this.player.step();
    this.passing = false;
    // Next solution stopped before the very solution it was going to: it has arrived.
    const arrived = resume === 'solution' && question.next.kind === 'solution';
    if (resume && !arrived) this.player.play(resume);
    // Continue is gone: the focus goes to what comes next. A question the step opened has it
    // already (its first digit); else the button that goes on (Pause while playing, Step),
    // or Predict at the end of the search.
    if (!this.open) {
      const next = this.seen.state === PLAYING ? this.ui.play : this.ui.step;
      (next.disabled ? this.ui.button : next).focus({ preventScroll: true });
    }
  }

  /** Right, or shown (`result` null): the mask shown again, the feedback and Continue. */
  answer(result) {
    this.open.answered = true;
    this.concealer.conceal('predict', null);
    this.messages.clear();
    this.panel.feedback(result, this.open.tries);
  }

  /** Closes the question open, if any, unanswered or not: nothing more is counted. */
  close() {
    if (!this.open) return;
    this.open = null;
    this.concealer.conceal('predict', null);
    this.panel.waiting(this.waitingText());
  }

  /** The "Ask about" boxes changed: with none ticked, say that nothing will be asked. */
  topicsChanged() {
    if (!this.open) this.panel.waiting(this.waitingText());
  }

  /** What the region says with no question open: undefined for its usual sentence. */
  waitingText() {
    if (this.panel.asked.length === 0) return 'Nothing to ask about: tick a topic under “Ask about”. Until then the search takes its steps without asking.';
    if (this.inLesson()) return 'The lesson goes on at Next stop. (Step or Play takes the search on by yourself, asking as it goes.)';
    return undefined;
  }

  /** A click on a square of the row asked about toggles that column's digit. */
  boardClicked(event) {
    const cell = event.target instanceof Element ? event.target.closest('[role="gridcell"]') : null;
    if (!cell || !this.open || !this.panel.answering) return;
    if (Number(cell.dataset.row) === this.open.question.row) this.panel.toggleColumn(Number(cell.dataset.column));
  }
}
