// The Question region of Predict mode: the question, the learner's answer (rows of digit
// toggles under the board's columns, or three outcome buttons), Check / Try again / Show
// answer / Continue, the feedback, the Score and the "Ask about" topics. It draws and collects; what
// happens when (the player held, the score counted) is predict.js's.
//
// The answer itself is an AnswerInput (answer-input.js, the live class's too): its keys (one
// tab stop, arrows between the digits and rows, Space or Enter flips) stay in the region, so
// they never move the search.

import { codeNodes } from '../shared/code-text.js';
import { rightMask, prompt, explain } from './questions.js';
import { AnswerInput } from './answer-input.js';
import { toBinary } from '../shared/binary.js';
import { setText, partsOf } from '../shared/dom.js';

const RIGHT_LABEL = { mask: 'Right answer', ld: 'Right ld', col: 'Right col', rd: 'Right rd' };

export class QuestionPanel {
  /**
   * @param {Element} root the Question region (index.html's #question), whose parts it finds
   * @param {Array} topics [{slug, name}] from the core's predictTopics()
   * @param {Score} score the learner's score
   * @param {object} on {check(), retry(), show(), proceed(), topicsChanged()} what the buttons do
   */
  constructor(root, topics, score, on) {
    const ui = partsOf(root, {
      region: 'question', text: 'question-text', answer: 'question-answer', buttons: 'question-buttons',
      check: 'question-check', retry: 'question-retry', show: 'question-show', proceed: 'question-continue',
      feedback: 'question-feedback', score: 'score', streak: 'score-streak', resetScore: 'score-reset',
      topicScores: 'score-topics', topics: 'ask-about',
    });
    this.ui = ui;
    this.topics = topics;
    this.score = score;
    this.input = null; // the AnswerInput of the question open
    ui.check.addEventListener('click', () => on.check());
    ui.retry.addEventListener('click', () => on.retry());
    ui.show.addEventListener('click', () => on.show());
    ui.proceed.addEventListener('click', () => on.proceed());
    ui.resetScore.addEventListener('click', () => {
      score.reset();
      this.showScore();
    });
    this.boxes = topics.map(({ slug, name }) => {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = true;
      box.value = slug;
      box.addEventListener('change', () => on.topicsChanged());
      label.append(box, ` ${name}`);
      ui.topics.append(label);
      return box;
    });
    this.showScore();
  }

  /** The topics ticked, as slugs. */
  get asked() {
    return this.boxes.filter((box) => box.checked).map((box) => box.value);
  }

  /** Ticks exactly the topics `slugs`. */
  only(slugs) {
    for (const box of this.boxes) box.checked = slugs.includes(box.value);
  }

  /** Predict on or off: the region shows or hides. */
  shown(on, text) {
    this.ui.region.hidden = !on;
    if (on) this.waiting(text);
  }

  /** No question open: what to do to get one. */
  waiting(text = 'Press Step or Play: the search stops before each step you are asked about, and waits for your answer.') {
    this.question = null;
    this.input = null;
    setText(this.ui.text, text);
    this.ui.answer.replaceChildren();
    this.ui.feedback.textContent = '';
    this.ui.feedback.removeAttribute('data-verdict');
    this.buttons('none');
  }

  /** True while the answer may be changed and checked (a question open, not marked). */
  get answering() {
    return !this.ui.check.hidden;
  }

  /** Which of the region's buttons show: 'asking' Check and Show answer; 'wrong' Try again
   *  and Show answer; 'answered' Continue; 'none' none. */
  buttons(stage) {
    const { ui } = this;
    ui.check.hidden = stage !== 'asking';
    ui.retry.hidden = stage !== 'wrong';
    ui.show.hidden = stage !== 'asking' && stage !== 'wrong';
    ui.proceed.hidden = stage !== 'answered';
  }

  /** Opens `question` (from the core): the prompt, an empty answer, Check and Show answer. */
  ask(question, focus) {
    this.question = question;
    const { ui } = this;
    ui.text.textContent = prompt(question);
    ui.feedback.textContent = '';
    ui.feedback.removeAttribute('data-verdict');
    this.input = new AnswerInput(ui.answer, { form: question.answer.form, n: question.n });
    this.buttons('asking');
    if (focus) {
      // The masks to work from stand right above the answer: bring both into view.
      ui.region.scrollIntoView({ block: 'nearest' });
      this.input.focus();
    }
  }

  /** The learner's answer in the core's shape (shared/answer.js); null while no outcome is chosen. */
  given() {
    return this.input?.value() ?? null;
  }

  /** True when the learner gave something to check (a digit row may rightly be all 0). */
  answered() {
    return this.given() !== null;
  }

  /** The digit rows of the answer open (name → [button per column]), or none. */
  get digitRows() {
    return this.input?.digitRows ?? {};
  }

  /** The outcome buttons of the answer open, or none. */
  get outcomeButtons() {
    return this.input?.outcomeButtons ?? [];
  }

  /** Toggles digit `column` of the single answer row (a click on the board's square). */
  toggleColumn(column) {
    if (this.input && this.answering) this.input.toggleColumn(column);
  }

  /** A wrong try (`result` from questions.compare): each digit marked right or wrong (the
   *  chosen outcome marked wrong), the core's `reason` it is wrong (a line, or null), the
   *  right answer not shown, Try again and Show answer. */
  wrongTry(result, tries, reason = null) {
    const { ui } = this;
    const rows = Object.entries(this.digitRows);
    let wrongDigits = 0;
    for (const [name, buttons] of rows) {
      buttons.forEach((button, c) => {
        const right = result.digits[name][c];
        if (!right) wrongDigits += 1;
        mark(button, right ? 'right' : 'wrong', `column ${c + 1}, ${right ? 'right' : 'wrong'}`);
      });
    }
    for (const button of this.outcomeButtons) {
      mark(button, button.getAttribute('aria-pressed') === 'true' ? 'wrong' : '', null);
    }
    const what = rows.length ? `${wrongDigits === 1 ? 'one digit is' : `${wrongDigits} digits are`} wrong (marked)` : 'that is not what happens next';
    const counted = tries === 1 ? ' Your score counts this first try.' : ` (try ${tries}: the score keeps your first.)`;
    ui.feedback.dataset.verdict = 'wrong';
    // In the live region: the core's line, its `…` spans as <code>, all built as text.
    ui.feedback.replaceChildren(`Not quite: ${what}.${reason ? ' ' : ''}`, ...(reason ? codeNodes(reason) : []), ` Try again, or Show answer.${counted}`);
    this.buttons('wrong');
    ui.retry.focus({ preventScroll: true });
    this.showScore();
  }

  /** Try again: the digits (or outcomes) are the learner's again, unmarked, as they left them. */
  retry() {
    const { ui } = this;
    for (const buttons of Object.values(this.digitRows)) {
      buttons.forEach((button, c) => mark(button, null, `column ${c + 1}`));
    }
    for (const button of this.outcomeButtons) mark(button, null, null);
    ui.feedback.textContent = '';
    ui.feedback.removeAttribute('data-verdict');
    this.buttons('asking');
    this.input?.focus();
  }

  /** After a right Check (`result` from questions.compare, on try `tries`) or Show answer
   *  (`result` null): each digit marked, the right answer beside the learner's, why, and
   *  Continue. */
  feedback(result, tries = 1) {
    const { question, ui } = this;
    for (const [name, buttons] of Object.entries(this.digitRows)) {
      const marks = result?.digits[name];
      buttons.forEach((button, c) => {
        if (marks) mark(button, marks[c] ? 'right' : 'wrong', `column ${c + 1}, ${marks[c] ? 'right' : 'wrong'}`);
        else mark(button, null, `column ${c + 1}`, true);
      });
      buttons[0].parentElement.after(this.rightRow(name));
    }
    for (const button of this.outcomeButtons) {
      const right = button.dataset.outcome === question.answer.outcome;
      mark(button, right ? 'right' : button.getAttribute('aria-pressed') === 'true' ? 'wrong' : '', null);
      if (right) button.setAttribute('aria-description', 'the right answer');
    }
    const verdict = result === null ? 'shown' : result.right ? 'right' : 'wrong';
    const opening = { right: tries === 1 ? 'Right.' : `Right, on try ${tries} (the score keeps your first).`, wrong: 'Not quite.', shown: 'The answer:' }[verdict];
    ui.feedback.dataset.verdict = verdict;
    ui.feedback.textContent = `${opening} ${explain(question)}`;
    this.buttons('answered');
    ui.proceed.focus({ preventScroll: true });
    this.showScore();
  }

  showScore() {
    const { ui, score } = this;
    setText(ui.score, score.summary);
    const { streak, best } = score.tally;
    setText(ui.streak, streak > 0 || best > 0 ? `streak ${streak} (best ${best})` : '');
    ui.topicScores.replaceChildren(...score.breakdown(this.topics).map(({ name, right, asked }) => {
      const item = document.createElement('li');
      item.textContent = `${name}: ${right} of ${asked}`;
      return item;
    }));
  }

  /** A read-only row of the right digits of `name`, shown under the learner's after feedback. */
  rightRow(name) {
    const { question } = this;
    const row = document.createElement('div');
    row.className = 'right-answer';
    const label = document.createElement('span');
    label.className = 'mask-name';
    label.textContent = `${RIGHT_LABEL[name]} = ${rightMask(question, name)}`;
    const digits = document.createElement('span');
    digits.className = 'mask-digits';
    digits.setAttribute('role', 'group');
    digits.setAttribute('aria-label', RIGHT_LABEL[name]);
    for (const digit of toBinary(rightMask(question, name), question.n)) {
      const span = document.createElement('span');
      span.className = `digit${digit === '1' ? ' one' : ''}`;
      span.textContent = digit;
      digits.append(span);
    }
    row.append(label, digits);
    return row;
  }
}

/** Marks an answer button ('right', 'wrong', '' or null for none) and closes it, or (with
 *  `mark` null and not `closed`) opens it again; `label` renames a digit (null: unchanged). */
function mark(button, verdict, label, closed = verdict !== null) {
  button.disabled = closed;
  if (verdict) button.dataset.mark = verdict;
  else delete button.dataset.mark;
  if (label) button.setAttribute('aria-label', label);
}
