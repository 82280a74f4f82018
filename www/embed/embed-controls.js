// The embed's control bar: Back, Step, Play, Speed and Position, as many of them as the link's
// `controls` asks for (none, step, full), each kept inside the step range (embed-range.js);
// and the keys that do the same. A link to the full page at the step on screen.

import { SPEEDS, PLAYING, installShortcuts } from '../player/index.js';
import { grouped, stepsPerSecond } from '../shared/format.js';
import { setText, partsOf } from '../shared/dom.js';

/** The buttons each `controls` value shows. */
const SHOWN = {
  none: [],
  step: ['back', 'step'],
  full: ['back', 'step', 'play', 'speed', 'position'],
};

export class EmbedControls {
  /**
   * @param {Document|Element} root holds its parts: bar, back, step, play, speed, speedLabel,
   *   position, positionLabel, openPage
   * @param {EmbedRange} range what the controls command
   * @param {string} controls 'none', 'step' or 'full'
   * @param {Function} pageLink (step) => the full page's permalink at that step
   */
  constructor(root, range, controls, pageLink) {
    const ui = partsOf(root, {
      bar: 'embed-bar', back: 'back', step: 'step', play: 'play', speed: 'speed', speedLabel: 'speed-label',
      position: 'position', positionLabel: 'position-label', openPage: 'open-page',
    });
    this.ui = ui;
    this.range = range;
    this.seen = range.seen;
    this.pageLink = pageLink;
    const shown = SHOWN[controls];
    ui.bar.hidden = shown.length === 0;
    for (const name of ['back', 'step', 'play']) ui[name].hidden = !shown.includes(name);
    ui.speed.closest('label').hidden = !shown.includes('speed');
    ui.position.closest('label').hidden = !shown.includes('position');
    ui.back.addEventListener('click', () => range.back());
    ui.step.addEventListener('click', () => range.step());
    ui.play.addEventListener('click', () => range.togglePlay());
    ui.speed.max = SPEEDS.length - 1;
    ui.speed.addEventListener('input', () => this.showSpeed());
    ui.position.addEventListener('input', () => range.seek(Number(ui.position.value)));
    ui.speed.disabled = false; // disabled in embed.html while the core loaded; the buttons: render()
    ui.position.disabled = false;
    // The keys of the buttons shown; the others (and the main page's N, E, R, P, ?) do nothing.
    const when = (name, action) => (shown.includes(name) ? action : () => {});
    const nothing = () => {};
    installShortcuts(document, {
      togglePlay: when('play', () => range.togglePlay()),
      step: when('step', () => range.step()),
      back: when('back', () => range.back()),
      faster: when('speed', () => this.changeSpeed(+1)),
      slower: when('speed', () => this.changeSpeed(-1)),
      nextSolution: nothing, runToEnd: nothing, reset: nothing, togglePredict: nothing, help: nothing,
    });
  }

  /** Sets the Speed slider to `speed` (one of SPEEDS) and applies it. */
  setSpeed(speed) {
    this.ui.speed.value = SPEEDS.indexOf(speed);
    this.showSpeed();
  }

  showSpeed() {
    const speed = SPEEDS[Number(this.ui.speed.value)];
    this.range.player.setSpeed(speed);
    setText(this.ui.speedLabel, stepsPerSecond(speed));
  }

  changeSpeed(delta) {
    this.ui.speed.value = Math.min(SPEEDS.length - 1, Math.max(0, Number(this.ui.speed.value) + delta));
    this.showSpeed();
  }

  /** The Position slider at `steps`, between the range's ends (on the way to a seek too);
   *  while the end of the search is unknown, up to the furthest step reached. */
  progress(steps) {
    const { ui, range } = this;
    const known = Number.isFinite(range.last);
    ui.position.min = range.from;
    ui.position.max = known ? range.last : Math.max(this.seen.furthest, steps);
    ui.position.value = steps;
    setText(ui.positionLabel, `step ${grouped(steps)} (${grouped(range.from)}–${known ? grouped(range.last) : 'end'})`);
  }

  /** Buttons and Position after each change; every button is off until the range is ready. */
  render(snapshot, state) {
    const { ui, range } = this;
    setText(ui.play, state === PLAYING || range.playing ? 'Pause' : 'Play');
    ui.step.disabled = !range.ready || range.atEnd();
    ui.back.disabled = !range.ready || snapshot.steps <= range.from;
    ui.play.disabled = !range.ready || range.from >= range.last;
    document.body.dataset.state = state;
    this.progress(snapshot.steps);
    ui.openPage.href = this.pageLink(snapshot.steps);
  }
}
