// The Compare section: two to four algorithms side by side over the same search tree, in
// lockstep. Every algorithm places and lifts the same queens in the same order, so the
// section's position is one number for all lanes: the node events (queens placed or lifted)
// passed. The lanes always rest, and redraw, at the same node position, so their Nodes are
// equal; what differs is the work each did to get there.
//
// Its states (idle, playing, moving) and every transition are the table in
// compare-machine.js; the buttons send the events it names and are enabled where it takes
// them. While moving, rounds are time-sliced each animation frame, so the page keeps
// redrawing and Pause stops it at once. Changing the board size, the algorithms or mirror
// mode starts again at node 0 (new algorithms join at the position).

import {
  SPEEDS, readComparePermalink, writeComparePermalink, namesCompare, rewriteAddress,
} from '../player/index.js';
import { IDLE, PLAYING, MOVING, BUTTONS, can, next } from './compare-machine.js';
import { Lane } from './lane.js';
import { Messages } from '../shared/messages.js';
import { FrameLoop, BROWSER_CLOCK } from '../shared/frame-loop.js';
import { parseBoardSizeField, MAX_COMPARE_SIZE } from '../shared/board-size.js';
import { BLURBS, YOURS, yoursCode } from './algorithms/index.js';
import { count, duration, plural, stepsPerSecond } from '../shared/format.js';

export const DEFAULT_ALGORITHMS = ['board-scan', 'bit-by-bit', 'richards'];
const DEFAULT_SIZE = 6;
/** Steps per second per lane while playing; "as fast as possible" is Run to end. */
const LANE_SPEEDS = SPEEDS.filter((s) => s <= 1000);
/** Steps per second per lane at first: at the default board and algorithms a node comes at least
 *  every second (a lane takes at most 7 steps between two nodes there, plus the node itself). */
const DEFAULT_SPEED = 10;
/** Wasm work per animation frame while moving (ms). */
const BUDGET_MS = 8;
/** A Run to end that would take longer than this gets an explanation. */
const LONG_MS = 60_000;
/** The most steps a joining lane takes at once to catch up with the others. */
const JOIN_STEPS = 5_000_000;
/** The text of a two-way button (Play, Run to end) by the event it sends. */
const LABELS = { play: 'Play', pause: 'Pause', runToEnd: 'Run to end' };


export class Compare {
  /**
   * @param {Function} $ looks an element up by id
   * @param {object} wasm { Search, algorithmNames, treeNodes, loopExercises, codeLines }
   * @param {object} clock { now(), nextFrame(callback) } (the browser's by default)
   */
  constructor($, wasm, clock = BROWSER_CLOCK) {
    this.wasm = wasm;
    this.clock = clock;
    /** Runs tick() once per animation frame exactly while the state is not idle (take()). */
    this.frames = new FrameLoop(clock, (now) => this.tick(now));
    // An algorithm that needs the learner's program (Your program) joins the choices only
    // once the learner has a loop (runYours).
    const named = wasm.algorithmNames();
    this.algorithms = named.filter((a) => !a.needsProgram).map((a) => ({ ...a, blurb: BLURBS[a.slug] }));
    this.yours = named.find((a) => a.slug === YOURS && a.needsProgram);
    this.program = null; // the learner's loop ({exercise slug: source}), once Run my loop gave it
    this.ui = {
      section: $('compare'), choices: $('compare-algorithms'), size: $('compare-size'), mirror: $('compare-mirror'),
      next: $('compare-next'), previous: $('compare-previous'), play: $('compare-play'), end: $('compare-end'),
      speed: $('compare-speed'), speedLabel: $('compare-speed-label'), language: $('compare-language'),
      lanes: $('compare-lanes'), status: $('compare-status'),
    };
    this.messages = new Messages($('compare-message'));
    this.lanes = [];
    this.state = IDLE;
    this.n = DEFAULT_SIZE;
    this.position = 0;
    this.mid = false; // some lane took steps since the last node event (after playing)
    this.buildChoices();
    const { ui } = this;
    ui.speed.max = LANE_SPEEDS.length - 1;
    ui.speed.value = LANE_SPEEDS.indexOf(DEFAULT_SPEED);
    ui.speed.addEventListener('input', () => this.showSpeed());
    this.showSpeed();
    const actions = {
      next: () => this.nextNode(), previous: () => this.previousNode(), play: () => this.play(),
      pause: () => this.pause(), runToEnd: () => this.runToEnd(),
    };
    this.buttons = Object.entries({ next: ui.next, previous: ui.previous, play: ui.play, end: ui.end });
    this.press = (name) => {
      const event = BUTTONS[name][this.state];
      if (can(this.state, event, this.at)) actions[event]();
    };
    for (const [name] of this.buttons) this.ui[name].addEventListener('click', () => this.press(name));
    ui.size.max = MAX_COMPARE_SIZE;
    ui.size.addEventListener('change', () => this.restart());
    ui.mirror.addEventListener('change', () => this.restart());
    ui.choices.addEventListener('change', (event) => this.choicesChanged(event.target));
    ui.section.addEventListener('toggle', () => this.toggled());
  }

  /** What the Compare shortcuts do (keyboard.js COMPARE_SHORTCUTS): press the button of the same name. */
  shortcutActions() {
    const open = (f) => () => { if (this.ui.section.open && this.lanes.length) f(); };
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
    if (this.ui.section.open && this.lanes.length) this.restart();
    else this.ui.section.open = true; // toggled() builds the lanes
  }

  get chosen() {
    return [...this.ui.choices.querySelectorAll('input:checked')].map((box) => box.value);
  }

  /** Opens the section on what the link names, if it names anything. */
  restore(query) {
    const linked = readComparePermalink(query, this.algorithms.map((a) => a.slug),
      { algorithms: DEFAULT_ALGORITHMS, n: DEFAULT_SIZE }, MAX_COMPARE_SIZE);
    if (!linked) return;
    for (const box of this.ui.choices.querySelectorAll('input')) box.checked = linked.algorithms.includes(box.value);
    this.ui.size.value = linked.n;
    this.ui.mirror.checked = linked.mirror;
    this.pendingPosition = linked.position;
    if (linked.problems.length) this.messages.show(linked.problems.join(' '));
    this.ui.section.open = true; // toggled() builds the lanes
  }

  /** Shows what `query` names (a lesson's stop): the lanes it names, from its first node
   *  again, or the section closed when it names none. */
  show(query) {
    const built = this.ui.section.open && this.lanes.length > 0;
    if (!namesCompare(query)) {
      this.ui.section.open = false; // toggled() drops the lanes
      return;
    }
    this.restore(query);
    if (!built) return; // opening the section builds them (toggled)
    this.restart({ keepMessage: true });
    if (this.pendingPosition) this.moveTo(this.pendingPosition);
    this.pendingPosition = 0;
  }

  toggled() {
    if (!this.ui.section.open) {
      this.pause();
      this.dropLanes();
      this.keepUrlCurrent();
      return;
    }
    if (!this.lanes.length) {
      this.restart({ keepMessage: true });
      if (this.pendingPosition) this.moveTo(this.pendingPosition);
      this.pendingPosition = 0;
    }
  }

  dropLanes() {
    for (const lane of this.lanes) lane.free();
    this.lanes = [];
    this.ui.lanes.replaceChildren();
  }

  /** The board size typed, or null after saying why it cannot be used. */
  readSize() {
    const parsed = parseBoardSizeField(this.ui.size, MAX_COMPARE_SIZE);
    if (parsed.ok) return parsed.n;
    this.messages.show(`${parsed.message} The lanes go up to ${MAX_COMPARE_SIZE}: beyond, the slow algorithms would not finish in a class. Keeping ${this.n}×${this.n}.`);
    this.ui.size.value = this.n;
    return null;
  }

  /** New lanes for the chosen algorithms, size and mode, at node 0. */
  restart({ keepMessage = false } = {}) {
    this.pause();
    const n = this.lanes.length ? this.readSize() : (this.readSize() ?? DEFAULT_SIZE);
    if (n === null) return;
    if (!keepMessage) this.messages.clear();
    this.n = n;
    this.mirror = this.ui.mirror.checked;
    this.dropLanes();
    this.lanes = this.chosen.map((slug) => this.makeLane(slug));
    this.ui.lanes.replaceChildren(...this.lanes.map((lane) => lane.element));
    this.ui.lanes.style.setProperty('--lanes', this.lanes.length);
    this.position = 0;
    this.mid = false;
    this.redraw();
  }

  makeLane(slug) {
    const algorithm = this.algorithms.find((a) => a.slug === slug);
    if (slug === YOURS) {
      const search = new this.wasm.Search(this.n, this.mirror, slug, this.program);
      return new Lane({ ...algorithm, code: yoursCode(this.program, this.wasm), followsRichards: true }, search, this.ui.language);
    }
    return new Lane(algorithm, new this.wasm.Search(this.n, this.mirror, slug), this.ui.language);
  }

  /** A box ticked or unticked: two to four lanes, a new one joining at the current position. */
  choicesChanged(box) {
    const chosen = this.chosen;
    if (chosen.length < 2 || chosen.length > 4) {
      box.checked = !box.checked;
      this.messages.show(`Compare two to four algorithms: ${chosen.length < 2 ? 'keep at least two' : 'untick one first'}.`);
      this.choiceRefused = true; // said until the user does something else (take())
      return;
    }
    this.messages.clear();
    this.pause();
    this.settle();
    const kept = new Map(this.lanes.map((lane) => [lane.algorithm.slug, lane]));
    for (const [slug, lane] of kept) if (!chosen.includes(slug)) lane.free();
    const joining = chosen.filter((slug) => !kept.has(slug)).map((slug) => this.makeLane(slug));
    this.lanes = chosen.map((slug) => kept.get(slug) ?? joining.find((lane) => lane.algorithm.slug === slug));
    // A new lane catches up with the others (bounded: a deep position starts all over).
    if (!joining.every((lane) => lane.search.seekNodes(this.position, JOIN_STEPS))) {
      this.messages.show(`The new lane could not catch up with node event ${count(this.position)} at once: every lane starts again from the first node.`);
      this.restart({ keepMessage: true });
      return;
    }
    this.ui.lanes.replaceChildren(...this.lanes.map((lane) => lane.element));
    this.ui.lanes.style.setProperty('--lanes', this.lanes.length);
    this.redraw();
  }

  /** Brings lanes left mid-node by playing back to the node event they all passed. */
  settle() {
    if (!this.mid) return;
    for (const lane of this.lanes) lane.search.seekNodes(this.position, 0xffffffff);
    this.mid = false;
  }

  get finished() {
    return this.lanes.every((lane) => lane.search.finished);
  }

  /** Where the lanes stand, for the machine: 'start', 'middle' or 'end'. */
  get at() {
    return this.finished ? 'end' : this.position === 0 && !this.mid ? 'start' : 'middle';
  }

  /** Takes the machine's transition for `event` (the caller checked that it is taken). The
   *  only place the state changes: the frames run exactly while it is not idle. */
  take(event) {
    if (this.choiceRefused) {
      this.choiceRefused = false;
      this.messages.clear();
    }
    this.state = next(this.state, event, this.at);
    if (this.state === IDLE) this.frames.stop();
    else this.frames.start();
  }

  nextNode() {
    if (!can(this.state, 'next', this.at)) return;
    this.take('next');
    for (const lane of this.lanes) lane.search.runNodes(1, 0xffffffff);
    this.position = this.lanes[0]?.search.nodeEvents ?? 0;
    this.mid = false;
    this.redraw();
  }

  previousNode() {
    if (!can(this.state, 'previous', this.at)) return;
    this.take('previous');
    const target = this.mid ? this.position : Math.max(0, this.position - 1);
    for (const lane of this.lanes) lane.search.seekNodes(target, 0xffffffff);
    this.position = target;
    this.mid = false;
    this.redraw();
  }

  play() {
    if (!can(this.state, 'play', this.at)) return;
    this.take('play');
    this.credit = 1;
    this.atBarrier = new Set();
    this.lastTick = this.clock.now();
    this.redraw();
  }

  pause() {
    if (this.state === IDLE) return;
    this.take('pause');
    this.redraw();
  }

  runToEnd() {
    if (!can(this.state, 'runToEnd', this.at)) return;
    this.settle();
    this.estimate = null;
    this.goTo(Infinity, 'runToEnd');
  }

  /** Moves every lane, frame by frame, to rest right after node event `target`. */
  moveTo(target) {
    this.settle();
    this.goTo(target, 'moveTo');
  }

  /** Starts moving to `target` on `event` (runToEnd or moveTo). */
  goTo(target, event) {
    this.take(event);
    this.target = target;
    this.chunk = 1;
    this.movedSince = { at: this.clock.now(), position: this.position };
    this.lastTick = this.clock.now();
    this.redraw();
  }

  /** One animation frame while playing or moving (the state is not idle), then one redraw. */
  tick(now) {
    const elapsed = Math.min(now - this.lastTick, 250);
    try {
      if (this.state === PLAYING) this.beats(elapsed);
      else this.move();
    } catch (error) {
      this.take('failed');
      this.messages.internalError(error, 'A lane failed');
    }
    this.redraw();
    // The next frame's beats count from here, after this frame's work.
    this.lastTick = this.clock.now();
  }

  /** Playing: one step per lane per beat, at the chosen speed; the node event together. */
  beats(elapsed) {
    this.credit += (this.speed * elapsed) / 1000;
    while (this.credit >= 1 && this.state === PLAYING) {
      this.credit -= 1;
      for (const lane of this.lanes) {
        if (this.atBarrier.has(lane) || lane.search.finished) continue;
        if (lane.search.stepWithinNode()) {
          this.mid = true;
        } else {
          this.atBarrier.add(lane);
        }
      }
      if (this.lanes.every((lane) => this.atBarrier.has(lane) || lane.search.finished)) {
        this.nextNodeTogether();
      }
    }
  }

  nextNodeTogether() {
    this.atBarrier.clear();
    for (const lane of this.lanes) lane.search.runNodes(1, 0xffffffff);
    this.position = this.lanes[0].search.nodeEvents;
    this.mid = false;
    if (this.finished) this.take('arrived');
  }

  /** Moving: rounds of `chunk` node events for every lane until the frame's budget is spent. */
  move() {
    const until = this.clock.now() + BUDGET_MS;
    while (this.state === MOVING && this.clock.now() < until) {
      const started = this.clock.now();
      const next = this.target > this.position ? Math.min(this.target, this.position + this.chunk)
        : Math.max(this.target, this.position - this.chunk);
      for (const lane of this.lanes) lane.search.seekNodes(next, 0xffffffff);
      const reached = this.lanes[0].search.nodeEvents;
      // At the end every lane has the same, smaller, number of node events.
      this.position = reached;
      const took = this.clock.now() - started;
      this.chunk = took < 1 ? this.chunk * 2 : took > 4 ? Math.max(1, Math.floor(this.chunk / 2)) : this.chunk;
      if (reached === this.target || this.finished) {
        this.take('arrived');
        return;
      }
    }
    if (this.target === Infinity) this.explainProgress();
  }

  /** While running to the end: how far, and about how long is left; a long run says so first. */
  explainProgress() {
    this.estimate ??= { total: 2 * this.wasm.treeNodes(this.n, this.mirror) };
    const { total } = this.estimate;
    const ms = this.clock.now() - this.movedSince.at;
    const done = this.position - this.movedSince.position;
    if (ms < 500 || done <= 0) return;
    const left = ((total - this.position) * ms) / done;
    this.ui.status.textContent = `Run to end: ${((100 * this.position) / total).toFixed(1)}% of the tree's node events, about ${duration(left)} left. Pause stops it.`;
    if (left > LONG_MS && !this.estimate.told) {
      this.estimate.told = true;
      this.messages.show(`N = ${this.n} takes the lanes about ${duration(left)} more to run to the end in this browser: they move together, as fast as the slowest of them. They run a slice per frame, so the page stays usable: press Pause to stop, or pick a smaller board.`, 'info');
    }
  }

  showSpeed() {
    this.speed = LANE_SPEEDS[Number(this.ui.speed.value)];
    this.ui.speedLabel.textContent = `${stepsPerSecond(this.speed)} per lane`;
  }

  keepUrlCurrent() {
    // Your program is not in links: the learner's answers travel only by "Copy a link with my answer".
    const linked = this.lanes.filter((l) => !l.algorithm.needsProgram).map((l) => l.algorithm.slug);
    const state = this.ui.section.open && linked.length >= 2
      ? { algorithms: linked, n: this.n, position: this.finished ? Infinity : this.position, mirror: this.mirror }
      : null;
    if (this.state === IDLE) rewriteAddress(this, (href) => writeComparePermalink(href, state));
  }

  redraw() {
    const snapshots = this.lanes.map((lane) => lane.render());
    const { ui } = this;
    const at = this.at;
    const finished = at === 'end';
    for (const [name, button] of this.buttons) {
      const event = BUTTONS[name][this.state];
      button.disabled = !can(this.state, event, at);
      if (name === 'play' || name === 'end') button.textContent = LABELS[event];
    }
    ui.section.dataset.state = this.state;
    const nodes = `${plural(snapshots[0]?.nodes ?? 0, 'queen')} placed`;
    if (this.state === IDLE) {
      ui.status.textContent = finished ? `Every lane has finished: ${nodes} in each.`
        : `Node event ${count(this.position)}: ${nodes} so far in every lane.`;
    } else if (this.state === PLAYING) {
      ui.status.textContent = `Playing: ${nodes} so far in every lane; each lane waits for the others at every queen placed or lifted.`;
    } // moving: explainProgress() says how far
    this.keepUrlCurrent();
  }
}
