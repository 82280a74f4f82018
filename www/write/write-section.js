// The Write it section: pick an exercise, write the answer in the editor, Check it with the
// core (the one checker: checkAnswer runs it on every state the search meets, edge cases and
// random masks), see the verdict, the operator count, the errors at their place and the first
// counterexample on a board; go to that step in the player; and, once the loop's four
// exercises are solved, run your own loop as a lane of Compare.
//
// What it keeps: the text of each exercise typed this visit (a draft, per exercise), and the
// score (write-score.js: solved, first try, the right answer) across visits. It owns the
// link's `exercise` parameter (write-link.js) and takes `answer` out of the address bar once
// read, so that only "Copy a link with my answer" makes a link that carries it.

import { rewriteAddress, address } from '../player/index.js';
import { readExerciseLink, writeExerciseLink } from './write-link.js';
import { CounterexampleView } from './counterexample-view.js';
import { loadEditor } from './editor.js';
import { setText, partsOf } from '../shared/dom.js';

/** How the operator names of the core's exercises (`exercises()`) read on the page. */
const OPERATOR_NAMES = { neg: '- (unary)', '-': '- (binary)' };

/** `text` with `code` spans for its `backticked` parts, as elements (never markup). */
function withCode(text) {
  return text.split('`').map((part, i) => {
    if (i % 2 === 0) return part;
    const code = document.createElement('code');
    code.textContent = part;
    return code;
  });
}

export class WriteIt {
  /**
   * @param {Element} root the section (#write), whose parts it finds
   * @param {object} core { exercises, checkAnswer } of the wasm core
   * @param {object} parts { score (WriteScore), messages (the section's message line),
   *   goToStep({n, mirror, step}) (the player shows that step), runLoop(program) (Compare's
   *   lane), copy(text) (resolves when copied), board() ({n, mirror} of the board on screen:
   *   a counterexample is shown on it when the answer fails there) }
   */
  constructor(root, core, { score, messages, goToStep, runLoop, copy, board = () => null }) {
    const ui = partsOf(root, {
      section: 'write', select: 'write-exercise', score: 'write-score', statement: 'write-statement',
      hint: 'write-hint', hintBox: 'write-hint-box', rules: 'write-rules', editorStatus: 'write-editor-status',
      editorBox: 'write-editor', check: 'write-check', copyAnswer: 'write-copy-answer', runLoop: 'write-run-loop',
      runLoopNote: 'write-run-loop-note', result: 'write-result', dlc: 'write-dlc',
      counterexample: 'write-counterexample', counterexampleTitle: 'write-counterexample-title',
      counterexampleWhere: 'write-counterexample-where', counterexampleGrid: 'write-counterexample-grid',
      counterexampleDiffers: 'write-counterexample-differs', goTo: 'write-go-to',
    });
    this.ui = ui;
    this.core = core;
    this.checking = false; // true during a check
    this.score = score;
    this.messages = messages;
    this.goToStepOf = goToStep;
    this.runLoopWith = runLoop;
    this.copy = copy;
    this.board = board;
    this.exercises = core.exercises();
    this.loop = this.exercises.filter((e) => e.loop).map((e) => e.slug);
    this.drafts = new Map(); // slug → the text typed this visit
    this.editor = null;
    this.slug = this.exercises[0]?.slug ?? null;
    this.counterexample = new CounterexampleView({
      box: ui.counterexample, title: ui.counterexampleTitle, where: ui.counterexampleWhere, grid: ui.counterexampleGrid,
      differs: ui.counterexampleDiffers, goTo: ui.goTo,
    });
    ui.select.replaceChildren(...this.exercises.map(({ slug, title }) => new Option(title, slug)));
    ui.select.addEventListener('change', () => this.choose(ui.select.value));
    ui.check.addEventListener('click', () => this.check());
    ui.goTo.addEventListener('click', () => this.goToStep());
    ui.copyAnswer.addEventListener('click', () => this.copyAnswerLink());
    ui.runLoop.addEventListener('click', () => this.runLoop());
    ui.section.addEventListener('toggle', () => this.toggled());
    this.showExercise();
  }

  get exercise() {
    return this.exercises.find((e) => e.slug === this.slug) ?? null;
  }

  /** Opens the section on what the link names, if it names anything; junk gets a message. */
  restore(query) {
    const linked = readExerciseLink(query, this.exercises.map((e) => e.slug));
    if (!linked) return;
    if (linked.problems.length) this.messages.show(linked.problems.join(' '));
    if (linked.exercise) this.choose(linked.exercise, { keepMessage: true });
    if (linked.answer !== null) this.setText(linked.answer);
    this.ui.section.open = true; // toggled() loads the editor and writes the address
    this.keepUrlCurrent();
  }

  /** A lesson's stop: the section open on `slug`, or closed when null. */
  show(slug) {
    if (!slug) {
      this.ui.section.open = false;
      return;
    }
    this.choose(slug);
    this.ui.section.open = true;
    this.keepUrlCurrent();
  }

  /** Switches to exercise `slug`, keeping the text typed for the one left. */
  choose(slug, { keepMessage = false } = {}) {
    if (!this.exercises.some((e) => e.slug === slug)) return;
    if (this.editor && this.slug) this.drafts.set(this.slug, this.editor.text());
    this.slug = slug;
    if (!keepMessage) this.messages.clear();
    this.showExercise();
    this.editor?.setText(this.textOf(slug));
    this.keepUrlCurrent();
  }

  /** The text to edit for `slug`: this visit's draft, else the answer kept as right, else the starter. */
  textOf(slug) {
    return this.drafts.get(slug) ?? this.score.of(slug)?.answer ?? this.exercises.find((e) => e.slug === slug)?.starter ?? '';
  }

  /** Puts `text` in the editor (a link's answer), before or after it has loaded. */
  setText(text) {
    this.drafts.set(this.slug, text);
    this.editor?.setText(text);
  }

  showExercise() {
    const { ui } = this;
    const exercise = this.exercise;
    if (!exercise) return;
    ui.select.value = exercise.slug;
    ui.statement.replaceChildren(...withCode(exercise.statement));
    ui.hint.replaceChildren(...withCode(exercise.hint));
    ui.hintBox.open = false;
    const operators = exercise.operators.map((op) => OPERATOR_NAMES[op] ?? op).join('  ');
    const outputs = exercise.outputs.map((o) => o.name).join(', ');
    setText(ui.rules, `From ${exercise.inputs.join(', ')} compute ${outputs}. Operators allowed: ${operators}. At most ${exercise.maxOperators} operators. Constants 0 to 255; one “name = expression;” per line.`);
    ui.result.textContent = '';
    ui.dlc.textContent = '';
    this.counterexample.clear();
    this.showScore();
  }

  showScore() {
    const { ui, score } = this;
    const kept = score.kept ? '' : ' (this browser does not keep it: for this visit only)';
    setText(ui.score, `${score.describe(this.slug)} All exercises: ${score.summary(this.exercises.map((e) => e.slug))}${kept}.`);
    const solved = this.loop.every((slug) => score.of(slug)?.solved);
    ui.runLoop.disabled = !solved || this.loop.length === 0;
    const left = this.loop.filter((slug) => !score.of(slug)?.solved)
      .map((slug) => this.exercises.find((e) => e.slug === slug).title);
    setText(ui.runLoopNote, solved
      ? 'Your loop: the four answers as they stand in the editor now, run in Compare beside Richards’ own.'
      : `Run my loop needs the loop’s ${this.loop.length} exercises solved; still to solve: ${left.join(', ')}.`);
  }

  /** The section opened: the editor is loaded (once), the address names the exercise. */
  async toggled() {
    this.keepUrlCurrent();
    if (!this.ui.section.open || this.editor || this.loadingEditor) return;
    this.loadingEditor = true;
    this.ui.editorStatus.textContent = 'Loading the editor…';
    try {
      const createEditor = await loadEditor();
      this.editor = createEditor(this.ui.editorBox, {
        text: this.textOf(this.slug),
        label: 'Answer',
        changed: (text) => this.drafts.set(this.slug, text),
      });
      this.ui.editorStatus.textContent = '';
      this.ui.check.disabled = false;
    } catch (error) {
      this.ui.editorStatus.textContent = '';
      this.messages.internalError(error, 'The editor could not be loaded');
    } finally {
      this.loadingEditor = false;
    }
  }

  /** Runs the core's checker on the answer; shows the verdict, counts the try. */
  check() {
    if (!this.editor) return;
    this.checking = true;
    try {
      this.checkNow();
    } finally {
      this.checking = false;
    }
  }

  /** True during a check (the page offers no new version then). The check runs in one go on
   *  the main thread today, so nothing else sees it true; the rule holds should it not. */
  get busy() {
    return this.checking;
  }

  /** The check itself: the verdict shown, the try counted. */
  checkNow() {
    const source = this.editor.text();
    this.drafts.set(this.slug, source);
    let report;
    try {
      const board = this.board();
      report = board ? this.core.checkAnswer(this.slug, source, board.n, board.mirror)
        : this.core.checkAnswer(this.slug, source);
    } catch (error) {
      this.messages.internalError(error, 'The checker failed');
      return;
    }
    this.messages.clear();
    const right = report.verdict === 'correct';
    this.score.add(this.slug, right, source);
    const { ui } = this;
    ui.result.replaceChildren(...withCode(report.summary));
    ui.result.dataset.verdict = report.verdict;
    this.checks = (this.checks ?? 0) + 1;
    ui.result.dataset.checks = String(this.checks); // a new Check, even with the same sentence
    ui.dlc.replaceChildren(...withCode(report.dlc));
    this.editor.showDiagnostics(report.diagnostics ?? []);
    if (report.counterexample) this.counterexample.show(report.counterexample);
    else this.counterexample.clear();
    this.showScore();
  }

  /** The player goes to the counterexample's step; the board is brought into view and focused. */
  goToStep() {
    const cx = this.counterexample.shown;
    if (cx?.origin !== 'search') return;
    this.goToStepOf({ n: cx.n, mirror: cx.mirror, step: cx.step });
  }

  /** Copies a link that opens this exercise with the answer typed; only this one carries it. */
  async copyAnswerLink() {
    if (!this.editor) return;
    const made = writeExerciseLink(address(), this.slug, this.editor.text());
    if (made.problem) {
      this.messages.show(made.problem);
      return;
    }
    try {
      await this.copy(made.href);
      this.messages.show(`Link with your answer copied: ${made.href}`, 'info');
    } catch {
      this.messages.show(`Copy this link (it carries your answer): ${made.href}`, 'info');
    }
  }

  /** The learner's loop: the four exercises' texts as they stand, run as Compare's lane. */
  runLoop() {
    if (this.editor) this.drafts.set(this.slug, this.editor.text());
    const program = Object.fromEntries(this.loop.map((slug) => [slug, this.textOf(slug)]));
    // A wrong answer runs (the lane says where it leaves Richards' path); one that does not
    // parse, breaks a rule or leaves an output unset cannot: the core says why, here.
    for (const slug of this.loop) {
      let report;
      try {
        report = this.core.checkAnswer(slug, program[slug]);
      } catch (error) {
        this.messages.internalError(error, 'The checker failed');
        return;
      }
      if (!['correct', 'wrong'].includes(report.verdict)) {
        const title = this.exercises.find((e) => e.slug === slug).title;
        this.messages.show(`Your loop cannot run yet, because of “${title}”: ${report.summary}`);
        return;
      }
    }
    this.messages.clear();
    this.runLoopWith(program);
  }

  /** Keeps the address bar on the exercise open (none when closed); never with an answer. */
  keepUrlCurrent() {
    const slug = this.ui.section.open ? this.slug : null;
    rewriteAddress(this, (href) => writeExerciseLink(href, slug).href);
  }
}
