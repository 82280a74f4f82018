// The Compare section: two to four algorithms side by side over the same search tree, in
// lockstep. The engine is lockstep.js (DOM-free: the lanes' searches, beats, the node
// barrier, moves time-sliced per frame, its state machine compare-machine.js); this panel
// draws what it says (the lanes, the buttons, the status line) and forwards the input to it:
// the buttons and the keys, the algorithms ticked, the board size, mirror mode, the speed, a
// link or a lesson stop, and Write it's Run my loop. It keeps the address current while the
// lanes rest. Changing the board size, the algorithms or mirror mode starts again at node 0
// (new algorithms join at the position).

import {
  SPEEDS, readComparePermalink, writeComparePermalink, namesCompare, rewriteAddress,
} from '../player/index.js';
import { IDLE, PLAYING, BUTTONS, can } from './compare-machine.js';
import { Lockstep, DEFAULT_SPEED } from './lockstep.js';
import { Lane } from './lane.js';
import { Messages } from '../shared/messages.js';
import { BROWSER_CLOCK } from '../shared/frame-loop.js';
import { parseBoardSizeField, MAX_COMPARE_SIZE } from '../shared/board-size.js';
import { BLURBS, YOURS, yoursCode } from './algorithms/index.js';
import { grouped, duration, plural, stepsPerSecond } from '../shared/format.js';
import { SAY_EVERY_MS } from '../stage/index.js';

export const DEFAULT_ALGORITHMS = ['board-scan', 'bit-by-bit', 'richards'];
const DEFAULT_SIZE = 6;
/** Steps per second per lane while playing; "as fast as possible" is Run to end. */
const LANE_SPEEDS = SPEEDS.filter((s) => s <= 1000);
/** The text of a two-way button (Play, Run to end) by the event it sends. */
const LABELS = { play: 'Play', pause: 'Pause', runToEnd: 'Run to end' };


export class Compare {
  /**
   * @param {HTMLDetailsElement} section the Compare section: the panel finds its parts in it
   * @param {object} wasm { Search, algorithmNames, treeNodes, loopExercises, codeLines }
   * @param {object} clock { now(), nextFrame(callback) } (the browser's by default)
   */
  constructor(section, wasm, clock = BROWSER_CLOCK) {
    this.wasm = wasm;
    this.clock = clock;
    this.pacedAt = -Infinity; // when the status line last changed while the lanes moved
    // An algorithm that needs the learner's program (Your program) joins the choices only
    // once the learner has a loop (runYours).
    const named = wasm.algorithmNames();
    this.algorithms = named.filter((a) => !a.needsProgram).map((a) => ({ ...a, blurb: BLURBS[a.slug] }));
    this.yours = named.find((a) => a.slug === YOURS && a.needsProgram);
    this.program = null; // the learner's loop ({exercise slug: source}), once Run my loop gave it
    const part = (id) => section.querySelector(`#${id}`);
    this.ui = {
      section, choices: part('compare-algorithms'), size: part('compare-size'), mirror: part('compare-mirror'),
      next: part('compare-next'), previous: part('compare-previous'), play: part('compare-play'), end: part('compare-end'),
      speed: part('compare-speed'), speedLabel: part('compare-speed-label'), language: part('compare-language'),
      lanes: part('compare-lanes'), status: part('compare-status'),
    };
    // The status line is seen as it changes, every frame; what a screen reader hears of it is
    // a region of its own, read and not shown, paced (say()).
    this.ui.status.removeAttribute('aria-live');
    this.ui.said = document.createElement('p');
    this.ui.said.id = 'compare-said';
    this.ui.said.className = 'visually-hidden';
    this.ui.said.setAttribute('aria-live', 'polite');
    this.ui.status.after(this.ui.said);
    this.messages = new Messages(part('compare-message'));
    /** The lanes drawn, by algorithm, in the lockstep's order. */
    this.views = new Map();
    this.lockstep = new Lockstep({
      search: (slug, n, mirror) => this.search(slug, n, mirror),
      treeNodes: (n, mirror) => wasm.treeNodes(n, mirror),
    }, {
      lanes: (slugs, kept) => this.showLanes(slugs, kept),
      render: (view) => this.render(view),
      progress: (estimate) => this.showProgress(estimate),
      failed: (error) => this.messages.internalError(error, 'A lane failed'),
    }, clock);
    this.buildChoices();
    const { ui } = this;
    ui.speed.max = LANE_SPEEDS.length - 1;
    ui.speed.value = LANE_SPEEDS.indexOf(DEFAULT_SPEED);
    ui.speed.addEventListener('input', () => this.showSpeed());
    this.showSpeed();
    this.buttons = Object.entries({ next: ui.next, previous: ui.previous, play: ui.play, end: ui.end });
    // Every move of the lanes the user asks for (the buttons, the keys) comes through here: while
    // the page follows a live class's teacher (lock) it is refused and said, so that the lanes
    // cannot be run ahead to a step the class is asked about.
    this.refused = null;
    this.press = (name) => {
      if (this.refused) {
        this.messages.show(this.refused, 'info');
        return;
      }
      const event = BUTTONS[name][this.lockstep.state];
      if (!this.lockstep.can(event)) return;
      if (this.choiceRefused) {
        this.choiceRefused = false;
        this.messages.clear();
      }
      this.lockstep.send(event);
    };
    for (const [name, button] of this.buttons) button.addEventListener('click', () => this.press(name));
    ui.size.max = MAX_COMPARE_SIZE;
    ui.size.addEventListener('change', () => this.restart());
    ui.mirror.addEventListener('change', () => this.restart());
    ui.choices.addEventListener('change', (event) => this.choicesChanged(event.target));
    ui.section.addEventListener('toggle', () => this.toggled());
  }

  /** Locks the lanes' buttons and keys (`refused`: the sentence said when one is pressed) or
   *  unlocks them (null). A link's or a lesson's position still moves them. When the lock
   *  comes on, lanes playing or running to the end (started while the room explored) are
   *  paused: locked lanes never move by a press made before; asked again while locked (every
   *  position the class sends), it stops nothing, so a lesson's position still arrives. */
  lock(refused) {
    if (!refused && this.refused && this.messages.element.textContent === this.refused) this.messages.clear();
    if (refused && !this.refused) this.lockstep.pause();
    this.refused = refused;
  }

  /** The board size of the lanes (of the last ones, once closed). */
  get n() {
    return this.lockstep.n ?? DEFAULT_SIZE;
  }

  get mirror() {
    return this.lockstep.mirror;
  }

  /** What the Compare shortcuts do (keyboard.js COMPARE_SHORTCUTS): press the button of the same name. */
  shortcutActions() {
    const open = (f) => () => { if (this.ui.section.open && this.lockstep.built) f(); };
    return {
      togglePlay: open(() => this.press('play')), next: open(() => this.press('next')),
      previous: open(() => this.press('previous')), runToEnd: open(() => this.press('end')),
    };
  }

  buildChoices() {
    this.ui.choices.replaceChildren(...this.algorithms.map(({ slug, name }) => {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.value = slug;
      box.checked = DEFAULT_ALGORITHMS.includes(slug);
      label.append(box, ` ${name}`);
      return label;
    }));
  }

  /**
   * Write it's Run my loop: the learner's `program` ({exercise slug: source}, the loop's four)
   * as the lane Your program, beside Richards' bitmask, from the first node. The choice stays
   * offered for the rest of the visit, with the latest program.
   */
  runYours(program) {
    try {
      new this.wasm.Search(this.n, this.mirror, YOURS, program).free();
    } catch (error) {
      this.messages.show(`Your program cannot run: ${error instanceof Error ? error.message : String(error)}`);
      this.ui.section.open = true;
      return;
    }
    this.program = program;
    if (!this.algorithms.some((a) => a.slug === YOURS)) {
      this.algorithms.push({ ...this.yours, blurb: BLURBS[YOURS] });
      this.buildChoices();
    }
    for (const box of this.ui.choices.querySelectorAll('input')) box.checked = box.value === 'richards' || box.value === YOURS;
    this.messages.clear();
    if (this.ui.section.open && this.lockstep.built) this.restart();
    else this.ui.section.open = true; // toggled() builds the lanes
  }

  /** A lane of `slug` (its wasm Search, for the lockstep; its view, drawn here): Your program
   *  runs the learner's loop and shows its code. */
  search(slug, n, mirror) {
    if (slug === YOURS) return new this.wasm.Search(n, mirror, slug, this.program);
    return new this.wasm.Search(n, mirror, slug);
  }

  laneView(slug) {
    const algorithm = this.algorithms.find((a) => a.slug === slug);
    if (slug === YOURS) return new Lane({ ...algorithm, code: yoursCode(this.program, this.wasm), followsRichards: true }, this.ui.language);
    return new Lane(algorithm, this.ui.language);
  }

  get chosen() {
    return [...this.ui.choices.querySelectorAll('input:checked')].map((box) => box.value);
  }

  /** Opens the section on what the link names, if it names anything: those lanes, from their
   *  first node again, moving to the position it names. */
  restore(query) {
    const linked = readComparePermalink(query, this.algorithms.map((a) => a.slug),
      { algorithms: DEFAULT_ALGORITHMS, n: DEFAULT_SIZE }, MAX_COMPARE_SIZE);
    if (!linked) return;
    for (const box of this.ui.choices.querySelectorAll('input')) box.checked = linked.algorithms.includes(box.value);
    this.ui.size.value = linked.n;
    this.ui.mirror.checked = linked.mirror;
    if (linked.problems.length) this.messages.show(linked.problems.join(' '));
    this.ui.section.open = true; // its toggle event finds the lanes built (below)
    this.restart({ keepMessage: true, position: linked.position });
  }

  /** Shows what `query` names (a lesson's stop): the lanes it names, from its first node
   *  again, or the section closed when it names none. */
  show(query) {
    if (!namesCompare(query)) {
      this.ui.section.open = false; // toggled() drops the lanes
      return;
    }
    this.restore(query);
  }

  toggled() {
    if (!this.ui.section.open) {
      this.lockstep.drop();
      this.keepUrlCurrent();
      return;
    }
    if (!this.lockstep.built) this.restart({ keepMessage: true });
  }

  /** The board size typed, or null after saying why it cannot be used. */
  readSize() {
    const parsed = parseBoardSizeField(this.ui.size, MAX_COMPARE_SIZE);
    if (parsed.ok) return parsed.n;
    this.messages.show(`${parsed.message} The lanes go up to ${MAX_COMPARE_SIZE}: beyond, the slow algorithms would not finish in a class. Keeping ${this.n}×${this.n}.`);
    this.ui.size.value = this.n;
    return null;
  }

  /** New lanes for the chosen algorithms, size and mode, at node 0, then moving to `position`
   *  (a link's) when it is not 0. A size that cannot be used keeps the lanes there are. */
  restart({ keepMessage = false, position = 0 } = {}) {
    this.lockstep.pause();
    const n = this.readSize() ?? (this.lockstep.built ? null : this.n);
    if (n === null) return;
    if (!keepMessage) this.messages.clear();
    this.lockstep.start({ slugs: this.chosen, n, mirror: this.ui.mirror.checked }, position);
  }

  /** A box ticked or unticked: two to four lanes, a new one joining at the current position. */
  choicesChanged(box) {
    const chosen = this.chosen;
    if (chosen.length < 2 || chosen.length > 4) {
      box.checked = !box.checked;
      this.messages.show(`Compare two to four algorithms: ${chosen.length < 2 ? 'keep at least two' : 'untick one first'}.`);
      this.choiceRefused = true; // said until the user presses a button of the lanes (press)
      return;
    }
    this.messages.clear();
    if (!this.lockstep.built) return; // opening the section builds the lanes ticked
    const position = this.lockstep.position;
    if (!this.lockstep.choose(chosen)) {
      this.messages.show(`The new lane could not catch up with node event ${grouped(position)} at once: every lane starts again from the first node.`);
    }
  }

  /** The lockstep's lanes changed: a view for each, those kept drawn where they were. */
  showLanes(slugs, kept) {
    this.views = new Map(slugs.map((slug) => [slug, kept.has(slug) ? this.views.get(slug) : this.laneView(slug)]));
    this.ui.lanes.replaceChildren(...[...this.views.values()].map((lane) => lane.element));
    if (slugs.length) this.ui.lanes.style.setProperty('--lanes', slugs.length);
  }

  /** While running to the end: how far, and about how long is left; a long run says so first. */
  showProgress({ position, total, leftMs, long }) {
    this.say(`Run to end: ${((100 * position) / total).toFixed(1)}% of the tree's node events, about ${duration(leftMs)} left. Pause stops it.`, true);
    if (long) {
      this.messages.show(`N = ${this.n} takes the lanes about ${duration(leftMs)} more to run to the end in this browser: they move together, as fast as the slowest of them. They run a slice per frame, so the page stays usable: press Pause to stop, or pick a smaller board.`, 'info');
    }
  }

  showSpeed() {
    const speed = LANE_SPEEDS[Number(this.ui.speed.value)];
    this.lockstep.setSpeed(speed);
    this.ui.speedLabel.textContent = `${stepsPerSecond(speed)} per lane`;
  }

  keepUrlCurrent() {
    const { lockstep } = this;
    // Your program is not in links: the learner's answers travel only by "Copy a link with my answer".
    const linked = lockstep.slugs.filter((slug) => !this.algorithms.find((a) => a.slug === slug)?.needsProgram);
    const state = this.ui.section.open && linked.length >= 2
      ? { algorithms: linked, n: this.n, position: lockstep.finished ? Infinity : lockstep.position, mirror: this.mirror }
      : null;
    if (lockstep.state === IDLE) rewriteAddress(this, (href) => writeComparePermalink(href, state));
  }

  /**
   * Writes `text` into the status line, seen at once, every time; and into the spoken region
   * (#compare-said): at rest (`paced` false: the lanes stopped, where they stopped) at once,
   * always; while the lanes move (`paced`: playing, running to the end) at most every
   * SAY_EVERY_MS, the narration's pace (stage/announcer.js), the first at once: it changed
   * every frame, a screen reader's queue of sentences each cut short by the next. The lanes'
   * counters are not live (lane.js).
   */
  say(text, paced = false) {
    if (this.ui.status.textContent !== text) this.ui.status.textContent = text;
    const now = this.clock.now();
    if (paced && now - this.pacedAt < SAY_EVERY_MS) return;
    this.pacedAt = paced ? now : -Infinity;
    if (this.ui.said.textContent !== text) this.ui.said.textContent = text;
  }

  /** Draws the lockstep's `view` ({state, at, position, snapshots}): the lanes, the buttons, the status. */
  render({ state, at, position, snapshots }) {
    [...this.views.values()].forEach((lane, k) => lane.render(snapshots[k]));
    const { ui } = this;
    const finished = at === 'end';
    for (const [name, button] of this.buttons) {
      const event = BUTTONS[name][state];
      button.disabled = !can(state, event, at);
      if (name === 'play' || name === 'end') button.textContent = LABELS[event];
    }
    ui.section.dataset.state = state;
    // A lane the core stopped (Your program: a wrong loop, see its `detail.stopped`) reports
    // Finished but never finished: it is named with its reason, never counted with the others.
    const stopped = snapshots.map((snapshot, k) => ({ snapshot, slug: this.lockstep.slugs[k] }))
      .filter(({ snapshot }) => snapshot?.detail?.stopped);
    const going = snapshots.find((snapshot) => !snapshot?.detail?.stopped);
    const nodes = `${plural(going?.nodes ?? 0, 'queen')} placed`;
    if (state === IDLE && stopped.length) {
      const said = stopped.map(({ snapshot, slug }) => `${this.algorithms.find((a) => a.slug === slug)?.name ?? slug} stopped without finishing, after ${plural(snapshot.nodes, 'queen')} placed: ${snapshot.detail.stopped}.`);
      const others = !going ? '' : finished ? ` The other lanes finished: ${nodes} in each.`
        : ` The other lanes: ${nodes} so far.`;
      this.say(`${said.join(' ')}${others}`);
    } else if (state === IDLE) {
      this.say(finished ? `Every lane has finished: ${nodes} in each.`
        : `Node event ${grouped(position)}: ${nodes} so far in every lane.`);
    } else if (state === PLAYING) {
      this.say(`Playing: ${nodes} so far in every lane; each lane waits for the others at every queen placed or lifted.`, true);
    } // moving: showProgress() says how far
    this.keepUrlCurrent();
  }
}
