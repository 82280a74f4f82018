// The control bar, wired to the player: Back, Step, Play/Pause, Next solution, Run to end,
// Reset, Board size, Mirror symmetry, Speed, Position and Copy link, and the keyboard
// shortcuts that do the same (with P for the Predict button, which predict.js wires). It keeps the address bar on the permalink of what is on
// screen, and restores the state a permalink names.

import { parseBoardSizeField } from '../shared/board-size.js';
import { SPEEDS, DEFAULT_SPEED, IDLE, PLAYING, DONE } from './player.js';
import { readPermalink, writePermalink } from './permalink.js';
import { installShortcuts } from './keyboard.js';
import { grouped, stepsPerSecond } from '../shared/format.js';
import { setText, within } from '../shared/dom.js';
import { rewriteAddress, address } from './address-bar.js';


export class Controls {
  /**
   * @param {Element} root holds its parts (the page's #page)
   * @param {Player} player commanded through its methods, read through player.readOnly
   * @param {Messages} messages the page's message line
   * @param {Function} toggleHelp opens or closes the shortcuts dialog
   * @param {Function} togglePredict turns Predict mode on or off (its key, P)
   */
  constructor(root, player, messages, toggleHelp, togglePredict) {
    const $ = within(root);
    this.player = player;
    this.seen = player.readOnly;
    this.messages = messages;
    const ui = {
      size: $('size'), step: $('step'), back: $('back'), play: $('play'), reset: $('reset'), speed: $('speed'),
      speedLabel: $('speed-label'), nextSolution: $('next-solution'), runToEnd: $('run-to-end'),
      position: $('position'), positionLabel: $('position-label'), mirror: $('mirror'), copyLink: $('copy-link'),
    };
    this.ui = ui;
    const actions = {
      togglePlay: () => player.togglePlay(),
      step: () => player.step(),
      back: () => player.back(),
      nextSolution: () => player.nextSolution(),
      runToEnd: () => player.runToEnd(),
      reset: () => { messages.clear(); player.reset(); },
      faster: () => this.changeSpeed(+1),
      slower: () => this.changeSpeed(-1),
      help: toggleHelp,
      togglePredict,
    };
    for (const [button, action] of [[ui.step, 'step'], [ui.back, 'back'], [ui.play, 'togglePlay'],
      [ui.nextSolution, 'nextSolution'], [ui.runToEnd, 'runToEnd'], [ui.reset, 'reset']]) {
      button.addEventListener('click', actions[action]);
    }
    installShortcuts(document, actions);
    ui.size.addEventListener('change', () => this.sizeChanged());
    ui.mirror.addEventListener('change', () => player.reset(this.seen.n, ui.mirror.checked));
    ui.position.addEventListener('input', () => player.seek(Number(ui.position.value)));
    ui.speed.max = SPEEDS.length - 1;
    ui.speed.addEventListener('input', () => this.showSpeed());
    ui.copyLink.addEventListener('click', () => this.copyLink());
  }

  /** The URL of exactly what is on screen (at step `position`: the same search there). */
  permalink(href = address(), position = this.seen.position) {
    const { seen } = this;
    return writePermalink(href, {
      n: seen.n, speed: seen.speed, position, mirror: seen.mirror,
    });
  }

  /** Keeps the address bar on the permalink; not while playing (it would change every frame). */
  keepUrlCurrent() {
    if (this.seen.ready && this.seen.state !== PLAYING) rewriteAddress(this, (href) => this.permalink(href));
  }

  /** A new search: its size and mode in the fields. */
  cleared(n) {
    this.ui.size.value = n;
    this.ui.mirror.checked = this.seen.mirror;
  }

  /** The Position slider and its label at `steps`; alone on the way to a seek's target. */
  progress(steps) {
    const { ui, seen } = this;
    const furthest = Math.max(seen.furthest, steps);
    ui.position.max = furthest;
    ui.position.value = steps;
    // What the slider's end is: the whole search once its end was reached, else the steps
    // taken so far (the search's length is not known before).
    const label = seen.lastStep !== null ? `step ${grouped(steps)} of ${grouped(seen.lastStep)}, the whole search`
      : furthest === 0 ? 'step 0: no step taken yet'
        : `step ${grouped(steps)} of ${grouped(furthest)} taken so far`;
    setText(ui.positionLabel, label);
    // Read by a screen reader where the slider rests: not written on every frame of play.
    if (seen.state !== PLAYING) ui.position.setAttribute('aria-valuetext', label);
  }

  /** Buttons, Position and the address bar after each change of the player. */
  render(snapshot, state) {
    const { ui } = this;
    setText(ui.play, state === PLAYING ? 'Pause' : 'Play');
    for (const forward of [ui.play, ui.step, ui.nextSolution, ui.runToEnd]) forward.disabled = state === DONE;
    ui.back.disabled = state === IDLE;
    if (document.body.dataset.state !== state) document.body.dataset.state = state;
    this.progress(snapshot.steps);
    this.keepUrlCurrent();
  }

  sizeChanged() {
    const parsed = parseBoardSizeField(this.ui.size);
    if (!parsed.ok) {
      this.messages.show(`${parsed.message} Keeping ${this.seen.n}×${this.seen.n}.`);
      this.ui.size.value = this.seen.n;
      return;
    }
    this.messages.clear();
    this.player.reset(parsed.n);
  }

  /** Applies the Speed slider's value: to the player, its label and the URL. */
  showSpeed() {
    const speed = SPEEDS[Number(this.ui.speed.value)];
    this.player.setSpeed(speed);
    this.ui.speedLabel.textContent = stepsPerSecond(speed);
    this.ui.speed.setAttribute('aria-valuetext', stepsPerSecond(speed)); // "10 steps/s", not "4"
    this.keepUrlCurrent();
  }

  changeSpeed(delta) {
    this.ui.speed.value = Math.min(SPEEDS.length - 1, Math.max(0, Number(this.ui.speed.value) + delta));
    this.showSpeed();
  }

  async copyLink() {
    const link = this.permalink();
    try {
      await navigator.clipboard.writeText(link);
      this.messages.show(`Link copied: ${link}`, 'info');
    } catch {
      this.messages.show(`Copy this link: ${link}`, 'info');
    }
  }

  /** Starts on what the page's URL names; each bad part falls back to its default, with a
   *  message. */
  restore(query) {
    const linked = readPermalink(query, SPEEDS, DEFAULT_SPEED, Number(this.ui.size.max));
    if (linked.problems.length) this.messages.show(linked.problems.join(' '));
    // A student's class link (?class=CODE) starts at step 0: the teacher's board sets the step
    // (a step typed into the link would show a later step, its answer, until the class's came).
    if (new URLSearchParams(query).has('class')) linked.position = 0;
    this.show(linked);
  }

  /** Shows the state a permalink names, read and valid (a lesson's stop): speed, board size,
   *  mirror mode and position. */
  show({ speed, n, mirror, position }) {
    this.ui.speed.value = SPEEDS.indexOf(speed);
    this.showSpeed();
    this.player.reset(n, mirror);
    if (position > 0) this.player.seek(position);
  }
}
