// The learner's answer to a question, as Predict and the live class's student both take it:
// one row of digit toggles per mask asked for (digit k is board column k), or the three
// outcome buttons. It draws, takes the keys and reads back the answer in the core's shape
// (shared/answer.js); what the answer is checked against, and when, is its user's.
//
// Keyboard: the whole answer is one tab stop (the control last moved to; the first at the
// start); ← → move between the digits of a row (or between the outcomes), ↑ ↓ between rows,
// keeping the column; Space or Enter on a control (or a click) presses it, by the page's own
// rule (player/keyboard.js, keptByFocus). The arrows go no further than the answer, so they
// never reach the page's shortcuts (they would move the search).
//
// Invariant: exactly one of the answer's controls has tabIndex 0, the rest -1.

import { element, button } from '../shared/element.js';
import { toBinary } from '../shared/binary.js';
import { OUTCOMES, maskNames, answerOf } from '../shared/answer.js';

/** The name of each row of digits (and of the outcomes' group), as a screen reader says it. */
const ROW_LABEL = { mask: 'Your answer', ld: 'Your ld', col: 'Your col', rd: 'Your rd' };
export const HINT = 'Tap a digit (or press Space on it) to flip it between 0 and 1; arrows move between digits. Digit 1 is column 1, on the left.';

/** The arrows the answer takes for itself. */
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * Where arrow `key` goes from control `column` of row `row`, in an answer whose rows have
 * `lengths[r]` controls: [row, column], clamped at the edges (no wrap); a row shorter than the
 * column lands on its last control. Null for a key that is not an arrow.
 */
export function arrowTarget(lengths, [row, column], key) {
  const to = {
    ArrowLeft: [row, column - 1],
    ArrowRight: [row, column + 1],
    ArrowUp: [row - 1, column],
    ArrowDown: [row + 1, column],
  }[key];
  if (!to) return null;
  const r = Math.max(0, Math.min(lengths.length - 1, to[0]));
  return [r, Math.max(0, Math.min(lengths[r] - 1, to[1]))];
}

export class AnswerInput {
  /**
   * Draws the answer to a question in `container` (emptied first).
   * @param {Element} container where it draws
   * @param {object} question {form: 'digits' | 'rows' | 'outcome', n: the board's size}
   * @param {object|null} given an answer (the core's shape) to start from, or null: all 0,
   *   no outcome chosen
   */
  constructor(container, { form, n }, given = null) {
    this.form = form;
    this.n = Number(n);
    /** name ('mask', or 'ld', 'col', 'rd') → [button per column]; empty for an outcome. */
    this.digitRows = {};
    /** The three outcome buttons, in OUTCOMES' order; empty for digits. */
    this.outcomeButtons = [];
    const parts = [];
    if (form === 'outcome') {
      const group = this.group('outcomes', ROW_LABEL.mask);
      this.outcomeButtons = OUTCOMES.map(({ outcome, label }) => {
        const choice = button(label);
        choice.dataset.outcome = outcome;
        choice.setAttribute('aria-pressed', String(given?.outcome === outcome));
        choice.addEventListener('click', () => this.choose(choice));
        group.append(choice);
        return choice;
      });
      parts.push(group);
    } else {
      parts.push(element('p', 'answer-hint', HINT));
      for (const name of maskNames(form)) {
        const group = this.group('mask-digits answer-digits', ROW_LABEL[name]);
        group.style.setProperty('--n', String(this.n));
        group.style.setProperty('--per-line', String(Math.min(this.n, 8))); // on a touch screen (class.css)
        const digits = toBinary(Number(given?.[name] ?? 0) >>> 0, this.n);
        this.digitRows[name] = Array.from({ length: this.n }, (_, c) => {
          // Its 0 or 1 is drawn from aria-pressed (teach.css): the name is the column alone,
          // and a screen reader says pressed or not.
          const digit = button('', 'digit');
          digit.setAttribute('aria-label', `column ${c + 1}`);
          press(digit, digits[c] === '1');
          digit.addEventListener('click', () => flip(digit));
          group.append(digit);
          return digit;
        });
        parts.push(element('div', 'mask-name', ROW_LABEL[name]), group);
      }
    }
    this.rove(this.first); // a form not known draws no control: no tab stop
    container.replaceChildren(...parts);
  }

  /** A group of controls named `label`, whose arrows are the answer's. */
  group(className, label) {
    const group = element('div', className);
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', label);
    group.addEventListener('keydown', (event) => this.key(event));
    return group;
  }

  /** The rows of controls, as the arrows move between them. */
  get rows() {
    return this.outcomeButtons.length ? [this.outcomeButtons] : Object.values(this.digitRows);
  }

  /** Every control of the answer, row by row. */
  get controls() {
    return this.rows.flat();
  }

  /** The first control: column 1 of the first row, or the first outcome (none for a form
   *  not known). */
  get first() {
    return this.rows[0]?.[0];
  }

  /** The answer as it stands, in the core's shape; null while no outcome is chosen. */
  value() {
    if (this.form === 'outcome') {
      return answerOf(this.form, { outcome: this.outcomeButtons.find(pressed)?.dataset.outcome });
    }
    const masks = {};
    for (const [name, digits] of Object.entries(this.digitRows)) {
      masks[name] = digits.reduce((mask, digit) => mask * 2 + (pressed(digit) ? 1 : 0), 0);
    }
    return answerOf(this.form, { masks });
  }

  /** Chooses outcome button `choice`, and no other. */
  choose(choice) {
    if (choice.disabled) return;
    for (const other of this.outcomeButtons) other.setAttribute('aria-pressed', String(other === choice));
  }

  /** Flips digit `column` of the single row (a click on the board's square); false when
   *  there is no single row or the digit is closed. */
  toggleColumn(column) {
    const digit = this.form === 'digits' ? this.digitRows.mask[column] : undefined;
    return digit ? flip(digit) : false;
  }

  /** Every control open to change (`open`) or closed. */
  enable(open) {
    for (const control of this.controls) control.disabled = !open;
  }

  /** The focus (and the tab stop) on the first control. */
  focus() {
    this.rove(this.first);
    this.first?.focus({ preventScroll: true });
  }

  /** The tab stop on `target` alone. */
  rove(target) {
    for (const control of this.controls) control.tabIndex = control === target ? 0 : -1;
  }

  key(event) {
    if (!ARROWS.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    event.stopPropagation(); // never the page's shortcuts
    const { rows } = this;
    const row = rows.findIndex((controls) => controls.includes(event.target));
    if (row < 0) return;
    event.preventDefault(); // nor a scroll
    const [r, c] = arrowTarget(rows.map((controls) => controls.length), [row, rows[row].indexOf(event.target)], event.key);
    const target = rows[r][c];
    this.rove(target);
    target.focus();
  }
}

const pressed = (control) => control.getAttribute('aria-pressed') === 'true';

/** Flips `digit` between 0 and 1; false (and nothing done) when it is closed. */
function flip(digit) {
  if (digit.disabled) return false;
  press(digit, !pressed(digit));
  return true;
}

function press(digit, on) {
  digit.setAttribute('aria-pressed', String(on));
  digit.classList.toggle('one', on);
}
