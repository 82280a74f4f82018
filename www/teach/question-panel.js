// The Question region of Predict mode: the question, the learner's answer (rows of digit
// toggles under the board's columns, or three outcome buttons), Check / Try again / Show
// answer / Continue, the feedback, the Score and the "Ask about" topics. It draws and collects; what
// happens when (the player held, the score counted) is predict.js's.
//
// Keyboard: in a digit row ← → move between digits, ↑ ↓ between rows, Space (or a click)
// toggles, Enter checks; the keys stay in the region, so they never move the search.

import { codeNodes } from '../shared/code-text.js';
import { OUTCOMES, answerRows, rightMask, prompt, explain } from './questions.js';
import { toBinary } from '../shared/binary.js';
import { setText, partsOf } from '../shared/dom.js';

const ROW_LABEL = { answer: 'Your answer', ld: 'Your ld', col: 'Your col', rd: 'Your rd' };
const RIGHT_LABEL = { answer: 'Right answer', ld: 'Right ld', col: 'Right col', rd: 'Right rd' };
/** Keys the answer handles itself: never the player's shortcuts while there. */
const OWN_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

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
    this.digitRows = {};  // name → [button per column] of the question open
    this.outcomeButtons = [];
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
    // The answer's arrows are its own: stopped before the page's shortcuts (document level).
    // Space and Enter on a digit or a button are the control's by the page's own rule
    // (player/keyboard.js, keptByFocus).
    ui.answer.addEventListener('keydown', (event) => {
      if (!OWN_KEYS.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
      event.stopPropagation();
      this.key(event);
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
    ui.answer.replaceChildren();
    this.digitRows = {};
    this.outcomeButtons = [];
    if (question.answer.form === 'outcome') this.buildOutcomes();
    else {
      const hint = document.createElement('p');
      hint.className = 'answer-hint';
      hint.textContent = 'Tap a digit (or press Space on it) to flip it between 0 and 1; arrows move between digits.';
      ui.answer.append(hint);
      for (const name of answerRows(question)) this.buildDigits(name, question.n);
    }
    this.buttons('asking');
    if (focus) {
      // The masks to work from stand right above the answer: bring both into view.
      ui.region.scrollIntoView({ block: 'nearest' });
      this.firstAnswerButton()?.focus({ preventScroll: true });
    }
  }

  /** The learner's answer: {rows: {name: mask}} or {outcome}. */
  given() {
    const outcome = this.outcomeButtons.find((b) => b.getAttribute('aria-pressed') === 'true')?.dataset.outcome;
    const rows = {};
    for (const [name, buttons] of Object.entries(this.digitRows)) {
      rows[name] = buttons.reduce((mask, b) => mask * 2 + (b.getAttribute('aria-pressed') === 'true' ? 1 : 0), 0);
    }
    return { outcome, rows };
  }

  /** True when the learner gave something to check (a digit row may rightly be all 0). */
  answered() {
    return this.question.answer.form !== 'outcome' || this.given().outcome !== undefined;
  }

  /** Toggles digit `column` of the single answer row (a click on the board's square). */
  toggleColumn(column) {
    const buttons = this.digitRows.answer;
    if (!buttons || !this.answering) return;
    toggle(buttons[column]);
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
    this.firstAnswerButton()?.focus({ preventScroll: true });
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

  buildDigits(name, n) {
    const label = document.createElement('span');
    label.className = 'mask-name';
    label.textContent = ROW_LABEL[name];
    const group = document.createElement('div');
    group.className = 'mask-digits answer-digits';
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', ROW_LABEL[name]);
    const buttons = Array.from({ length: n }, (_, c) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'digit'; // its 0 or 1 is drawn from aria-pressed (style.css): the
      // name is the column alone, and a screen reader says pressed or not
      button.setAttribute('aria-pressed', 'false');
      button.setAttribute('aria-label', `column ${c + 1}`);
      button.tabIndex = -1;
      button.addEventListener('click', () => toggle(button));
      group.append(button);
      return button;
    });
    if (Object.keys(this.digitRows).length === 0) buttons[0].tabIndex = 0; // one stop per answer
    this.digitRows[name] = buttons;
    this.ui.answer.append(label, group);
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

  buildOutcomes() {
    const group = document.createElement('div');
    group.className = 'outcomes';
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', 'Your answer');
    this.outcomeButtons = OUTCOMES.map(({ outcome, label }, i) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.dataset.outcome = outcome;
      button.setAttribute('aria-pressed', 'false');
      button.tabIndex = i === 0 ? 0 : -1;
      button.addEventListener('click', () => {
        for (const other of this.outcomeButtons) other.setAttribute('aria-pressed', String(other === button));
      });
      group.append(button);
      return button;
    });
    this.ui.answer.append(group);
  }

  firstAnswerButton() {
    return this.outcomeButtons[0] ?? Object.values(this.digitRows)[0]?.[0];
  }

  /** Arrows move the focus within the answer (and carry the single tab stop); Enter checks. */
  key(event) {
    const rows = this.outcomeButtons.length ? [this.outcomeButtons] : Object.values(this.digitRows);
    const r = rows.findIndex((buttons) => buttons.includes(event.target));
    if (r < 0) return; // an arrow on a button of the answer that is no digit
    const c = rows[r].indexOf(event.target);
    const to = {
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowRight: [r, Math.min(rows[r].length - 1, c + 1)],
      ArrowUp: [Math.max(0, r - 1), c],
      ArrowDown: [Math.min(rows.length - 1, r + 1), c],
    }[event.key];
    event.preventDefault();
    const target = rows[to[0]][Math.min(to[1], rows[to[0]].length - 1)];
    for (const buttons of rows) for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
    target.focus();
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

function toggle(button) {
  if (button.disabled) return;
  const on = button.getAttribute('aria-pressed') !== 'true';
  button.setAttribute('aria-pressed', String(on));
  button.classList.toggle('one', on);
}
