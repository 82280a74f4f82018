// Compare's engine (lockstep.js) with no browser: lanes faked by small searches whose every
// step is known in advance, on a fake clock whose frames come when the test says; then with
// the real core's lanes, against the published counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Lockstep } from '../../../www/compare/lockstep.js';
import { IDLE, PLAYING, MOVING } from '../../../www/compare/compare-machine.js';
import { loadCore } from '../../support/core.js';
import { published } from '../../support/published.js';

/**
 * A clock whose animation frames come when the test says, `frameMs` apart; every look at it
 * costs `lookMs`, and the fake searches add their own work (`time`), so that slices end.
 */
class FakeClock {
  time = 0;
  waiting = [];
  constructor({ frameMs = 1000 / 60, lookMs = 0 } = {}) {
    Object.assign(this, { frameMs, lookMs });
  }

  now = () => (this.time += this.lookMs);
  nextFrame = (callback) => this.waiting.push(callback);
  frames(count) {
    for (let i = 0; i < count && this.waiting.length; i++) {
      this.time += this.frameMs;
      this.waiting.shift()(this.time);
    }
  }

  /** Frames until `done()` (at most `most`); returns how many came. */
  framesUntil(done, most = 100_000) {
    let frames = 0;
    while (!done() && frames < most && this.waiting.length) {
      this.frames(1);
      frames += 1;
    }
    return frames;
  }
}

/**
 * A lane's search, speaking the wasm Search's lockstep language (nodeEvents, finished,
 * stepWithinNode, runNodes, seekNodes, snapshot, free). Its whole run is `gaps` and `tail`:
 * before node event k + 1 it takes gaps[k] steps that place or lift no queen; after the last
 * node event, `tail` more steps to finish. Where it stands is one step index, so a run of
 * millions of steps costs nothing; each step moved costs `clock.stepMs` on the clock.
 */
class FakeSearch {
  constructor(slug, { gaps, tail }, clock) {
    Object.assign(this, { slug, gaps, tail, clock, step: 0, freed: false });
    // afterNode[k]: the step index right after node event k (afterNode[0] = 0, the start).
    this.afterNode = [0];
    for (const gap of gaps) this.afterNode.push(this.afterNode.at(-1) + gap + 1);
    this.length = this.afterNode.at(-1) + tail;
  }

  /** The node events passed: the last k with afterNode[k] <= step (a binary search). */
  get nodeEvents() {
    let [low, high] = [0, this.gaps.length];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.afterNode[middle] <= this.step) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  get finished() {
    return this.step === this.length;
  }

  /** Moves to step index `to`, at most `maxSteps` steps; true when it got there. */
  moveTowards(to, maxSteps) {
    assert.ok(!this.freed, `${this.slug}: used after free()`);
    const [from, moved] = [this.step, Math.min(Math.abs(to - this.step), maxSteps)];
    this.step += Math.sign(to - this.step) * moved;
    this.clock.time += moved * (this.clock.stepMs ?? 0);
    const failAt = this.clock.failAt?.[this.slug];
    if (from < failAt && this.step >= failAt) throw new Error('RuntimeError: unreachable');
    return this.step === to;
  }

  stepWithinNode() {
    const k = this.nodeEvents;
    const nextIsNode = k < this.gaps.length && this.step === this.afterNode[k] + this.gaps[k];
    if (this.finished || nextIsNode) return null;
    this.moveTowards(this.step + 1, 1);
    return { kind: 'free' };
  }

  runNodes(nodes, maxSteps) {
    const k = this.nodeEvents + nodes;
    this.moveTowards(k <= this.gaps.length ? this.afterNode[k] : this.length, maxSteps);
    return { finished: this.finished };
  }

  /** As the core's play::seek_nodes: right after node event `target` (the start for 0), or
   *  the end when the search has fewer. */
  seekNodes(target, maxSteps) {
    return this.moveTowards(target <= this.gaps.length ? this.afterNode[target] : this.length, maxSteps);
  }

  snapshot() {
    return { slug: this.slug, step: this.step, nodes: this.nodeEvents, finished: this.finished };
  }

  free() {
    this.freed = true;
  }
}

/** The fake algorithms: the steps each takes between two node events (the same node events
 *  for all: (mirror ? 3 : 6) × n of them), and after the last. */
const RUNS = {
  quick: (events) => ({ gaps: Array.from({ length: events }, (_, k) => k % 3), tail: 1 }),
  slow: (events) => ({ gaps: Array.from({ length: events }, (_, k) => (3 * k) % 5), tail: 4 }),
  even: (events) => ({ gaps: Array.from({ length: events }, (_, k) => (2 * k) % 4), tail: 2 }),
  deep: (events) => ({ gaps: Array(events).fill(3_000_000), tail: 0 }),
  flat: (events) => ({ gaps: Array(events).fill(1), tail: 0 }),
};
const events = (n, mirror) => (mirror ? 3 : 6) * n;

/** A Lockstep on fake lanes and a fake clock, with a screen that records what it is told. */
function setUp(clockOptions = {}) {
  const clock = new FakeClock(clockOptions);
  const made = [];
  const core = {
    search(slug, n, mirror) {
      const search = new FakeSearch(slug, RUNS[slug](events(n, mirror)), clock);
      made.push({ slug, n, mirror, search });
      return search;
    },
    treeNodes: (n, mirror) => events(n, mirror) / 2,
  };
  const screen = {
    renders: [], lanesShown: [], estimates: [], failures: [],
    lanes(slugs, kept) { this.lanesShown.push({ slugs, kept: [...kept] }); },
    render(view) { this.renders.push(view); },
    get view() { return this.renders.at(-1); },
    progress(estimate) { this.estimates.push(estimate); },
    failed(error) { this.failures.push(error.message); },
  };
  const lockstep = new Lockstep(core, screen, clock);
  return { lockstep, screen, clock, made, live: () => made.filter((m) => !m.search.freed).map((m) => m.search) };
}

/** The step index right after node event k of `slug` at n (from RUNS, not from the fake). */
function afterNode(slug, n, k, mirror = false) {
  const { gaps } = RUNS[slug](events(n, mirror));
  return gaps.slice(0, k).reduce((sum, gap) => sum + gap + 1, 0);
}

/** Every lane has passed the same node events in every render: the lockstep's invariant. */
function assertInStep(screen) {
  for (const [i, { snapshots, position }] of screen.renders.entries()) {
    for (const s of snapshots) assert.equal(s.nodes, position, `render ${i}: ${s.slug}`);
  }
}

test('Play: one step per lane per beat; a lane at its node event waits for the others, then all take it together', () => {
  // One beat per 100 ms frame at 10 steps per second; the first frame also holds play's own.
  const { lockstep, screen, clock, live } = setUp({ frameMs: 100 });
  lockstep.start({ slugs: ['quick', 'slow'], n: 4, mirror: false });
  lockstep.setSpeed(10);
  lockstep.play();
  assert.equal(lockstep.state, PLAYING);
  const [quick, slow] = live();
  const gaps = { quick: RUNS.quick(24).gaps, slow: RUNS.slow(24).gaps };
  /** Where the lanes stand after `beats`: node event k + 1 comes one beat after the slower
   *  lane's last step of its node; until then a lane with g steps in it has taken min(b, g). */
  const expected = (beats) => {
    const node = (k) => Math.max(gaps.quick[k], gaps.slow[k]) + 1; // its beats, the event's included
    let k = 0;
    let from = 0; // the beats before node event k + 1's node began
    while (from + node(k) <= beats) {
      from += node(k);
      k += 1;
    }
    const into = beats - from;
    return [k, afterNode('quick', 4, k) + Math.min(into, gaps.quick[k]), afterNode('slow', 4, k) + Math.min(into, gaps.slow[k])];
  };
  let waited = false;
  for (let frame = 1; frame <= 40; frame++) {
    const before = [lockstep.position, quick.step, slow.step];
    clock.frames(1);
    const now = [lockstep.position, quick.step, slow.step];
    assert.deepEqual(now, expected(frame + 1), `after frame ${frame}`);
    if (now[0] === before[0] && now[1] === before[1] && now[2] > before[2]) waited = true;
  }
  assert.ok(lockstep.position >= 10, `${lockstep.position} node events`);
  assert.ok(waited, 'the quick lane waited at its node event while the slow one stepped');
  assertInStep(screen);
  assert.equal(clock.waiting.length, 1, 'one frame asked for at a time');
});

test('Pause stops playing at once, mid-node; Next node then completes that node, Previous node goes back to the one all passed', () => {
  const { lockstep, clock, live } = setUp({ frameMs: 100 });
  lockstep.start({ slugs: ['quick', 'slow'], n: 4, mirror: false });
  lockstep.setSpeed(10);
  const [quick, slow] = live();
  for (let i = 0; i < 6; i++) lockstep.nextNode();
  assert.deepEqual([lockstep.position, quick.step, slow.step], [6, afterNode('quick', 4, 6), afterNode('slow', 4, 6)]);
  // Node event 7: quick has no step before it, slow 3 (gaps[6] = 0 and 3).
  lockstep.play();
  clock.frames(1); // two beats: quick waits at once, slow takes two steps
  lockstep.pause();
  assert.equal(lockstep.state, IDLE);
  assert.deepEqual([quick.step, slow.step], [afterNode('quick', 4, 6), afterNode('slow', 4, 6) + 2]);
  clock.frames(10);
  assert.deepEqual([quick.step, slow.step], [afterNode('quick', 4, 6), afterNode('slow', 4, 6) + 2], 'no frame runs after Pause');
  assert.equal(clock.waiting.length, 0, 'no frame asked for');
  assert.deepEqual([lockstep.position, lockstep.at], [6, 'middle']);

  lockstep.nextNode();
  assert.deepEqual([lockstep.position, quick.step, slow.step], [7, afterNode('quick', 4, 7), afterNode('slow', 4, 7)]);
  // Mid-node again, then back: first to the node event every lane passed, then one before.
  lockstep.play();
  const midNode = () => quick.step !== afterNode('quick', 4, lockstep.position) || slow.step !== afterNode('slow', 4, lockstep.position);
  clock.framesUntil(midNode, 20);
  lockstep.pause();
  const p = lockstep.position;
  assert.ok(midNode() && p >= 7, 'paused mid-node');
  lockstep.previousNode();
  assert.deepEqual([lockstep.position, quick.step, slow.step], [p, afterNode('quick', 4, p), afterNode('slow', 4, p)]);
  lockstep.previousNode();
  assert.deepEqual([lockstep.position, quick.step, slow.step], [p - 1, afterNode('quick', 4, p - 1), afterNode('slow', 4, p - 1)]);
  // Next node while playing stops it, one node on.
  lockstep.play();
  clock.framesUntil(midNode, 20);
  const q = lockstep.position;
  lockstep.nextNode();
  assert.equal(lockstep.state, IDLE);
  clock.frames(5);
  assert.deepEqual([lockstep.position, quick.step, slow.step], [q + 1, afterNode('quick', 4, q + 1), afterNode('slow', 4, q + 1)]);
});

test('after a frame that came late (a hidden tab) Play does not catch up on the time missed', () => {
  const { lockstep, clock, live } = setUp({ frameMs: 100 });
  lockstep.start({ slugs: ['quick', 'slow'], n: 4, mirror: false });
  lockstep.setSpeed(10);
  lockstep.play();
  clock.frames(1);
  const before = live().map((s) => s.step);
  clock.time += 10_000;
  clock.frames(1); // 10.1 s later: a quarter of a second's beats at most (2.5)
  const taken = live().map((s, k) => s.step - before[k]);
  assert.ok(Math.max(...taken) <= 3, `${taken} steps`);
});

test('Previous node stops at the start: the machine refuses it there', () => {
  const { lockstep, screen, live } = setUp();
  lockstep.start({ slugs: ['quick', 'even'], n: 3, mirror: false });
  assert.deepEqual([lockstep.at, lockstep.can('previous'), lockstep.can('next')], ['start', false, true]);
  lockstep.nextNode();
  lockstep.send('previous');
  lockstep.send('previous');
  assert.deepEqual(live().map((s) => s.step), [0, 0]);
  assert.equal(screen.view.at, 'start');
  assert.throws(() => lockstep.send('jump'), /no action “jump”/);
});

test('Run to end moves in time slices, one render per frame, the chunk adapting; Pause stops it at once', () => {
  // Each step of a lane costs 0.01 ms: far more than one frame's budget in all.
  const { lockstep, screen, clock, live } = setUp({ lookMs: 0.05 });
  clock.stepMs = 0.01;
  lockstep.start({ slugs: ['quick', 'slow', 'even'], n: 2_000, mirror: false });
  lockstep.send('runToEnd');
  assert.equal(lockstep.state, MOVING);
  const renders = screen.renders.length;
  clock.frames(3);
  assert.equal(screen.renders.length, renders + 3, 'one render per frame');
  assert.equal(lockstep.state, MOVING);
  const early = lockstep.position;
  assert.ok(early > 3, `moved: ${early}`);
  clock.frames(1);
  assert.ok(lockstep.position > early);
  // A frame does at most about its budget of work (8 ms, plus the round that crosses it).
  const before = clock.time;
  clock.frames(1);
  assert.ok(clock.time - before - clock.frameMs < 8 + 8, `${clock.time - before - clock.frameMs} ms of work in a frame`);
  lockstep.send('pause');
  const at = live().map((s) => s.step);
  clock.frames(10);
  assert.deepEqual(live().map((s) => s.step), at, 'Pause stopped it');
  assert.equal(lockstep.state, IDLE);
  assert.equal(lockstep.at, 'middle');
  // Again to the end: every lane finished, idle, no frame asked for any more.
  lockstep.runToEnd();
  const frames = clock.framesUntil(() => lockstep.state === IDLE);
  assert.ok(frames > 2, `${frames} frames`);
  assert.ok(live().every((s) => s.finished));
  assert.deepEqual([lockstep.position, lockstep.at, lockstep.finished], [events(2_000), 'end', true]);
  assert.equal(clock.waiting.length, 0);
  assertInStep(screen);
  for (const event of ['next', 'play', 'runToEnd']) assert.equal(lockstep.can(event), false, event);
  assert.equal(lockstep.can('previous'), true);
  lockstep.previousNode();
  assert.equal(lockstep.position, events(2_000) - 1);
});

test('the chunk of node events per round grows while rounds are quick and shrinks when they are slow', () => {
  const { lockstep, clock } = setUp({ lookMs: 0.05 });
  const work = () => {
    const before = clock.time;
    const position = lockstep.position;
    clock.frames(1);
    return { ms: clock.time - before - clock.frameMs, moved: lockstep.position - position };
  };
  clock.stepMs = 0.0001;
  lockstep.start({ slugs: ['quick', 'slow'], n: 20_000, mirror: false });
  lockstep.runToEnd();
  work();
  // Rounds of one node event each look at the clock three times at least.
  const roundsOfOne = Math.ceil(8 / (3 * clock.lookMs)) + 1;
  const { moved } = work();
  assert.ok(moved > 2 * roundsOfOne, `${moved} node events in a frame`);
  // Steps 2,000 times slower: the first rounds overrun, then the frames come back near their budget.
  clock.stepMs = 0.2;
  const frames = [];
  for (let i = 0; i < 40; i++) frames.push(work().ms);
  assert.ok(frames[0] > 100, `${frames[0]} ms at first`);
  assert.ok(frames.slice(25).every((ms) => ms < 8 + 5), `then ${frames.slice(25).map(Math.round)} ms`);
  assert.equal(lockstep.state, MOVING);
});

test('a long Run to end says how far it is and, once, that it is long', () => {
  const { lockstep, screen, clock } = setUp({ lookMs: 0.05 });
  clock.stepMs = 0.2; // a few node events per frame: hours for the whole tree
  lockstep.start({ slugs: ['quick', 'slow'], n: 20_000, mirror: false });
  lockstep.runToEnd();
  clock.frames(10);
  assert.equal(screen.estimates.length, 0, 'nothing said in the first half second');
  // Rounds are slow: the chunk shrinks, and a frame's work stays near its budget (8 ms).
  for (let frame = 0; frame < 50; frame++) {
    const before = clock.time;
    clock.frames(1);
    assert.ok(clock.time - before - clock.frameMs < 8 + 5, `${clock.time - before - clock.frameMs} ms of work in frame ${frame}`);
  }
  assert.ok(screen.estimates.length > 10);
  const last = screen.estimates.at(-1);
  assert.deepEqual([last.position, last.total], [lockstep.position, 2 * (events(20_000) / 2)]);
  assert.ok(last.leftMs > 60_000, `${last.leftMs} ms left`);
  assert.equal(screen.estimates.filter((p) => p.long).length, 1, 'said to be long once');
  // A new run says it again.
  lockstep.pause();
  lockstep.runToEnd();
  clock.frames(60);
  assert.equal(screen.estimates.filter((p) => p.long).length, 2);
});

test('a lane that joins mid-run catches up with the others; one that leaves is freed; the kept stay where they are', () => {
  const { lockstep, screen, clock, live } = setUp({ frameMs: 100 });
  lockstep.start({ slugs: ['quick', 'slow'], n: 4, mirror: false });
  const [quick, slow] = live();
  for (let i = 0; i < 6; i++) lockstep.nextNode();
  lockstep.setSpeed(10);
  lockstep.play();
  clock.frames(2); // mid-node
  assert.equal(lockstep.at, 'middle');
  assert.equal(lockstep.choose(['quick', 'even', 'slow']), true);
  assert.equal(lockstep.state, IDLE);
  const even = live().find((s) => s.slug === 'even');
  assert.deepEqual(lockstep.slugs, ['quick', 'even', 'slow']);
  assert.deepEqual(live(), [quick, slow, even], 'the kept searches carried on');
  assert.deepEqual([quick.step, even.step, slow.step], [afterNode('quick', 4, 6), afterNode('even', 4, 6), afterNode('slow', 4, 6)]);
  assert.deepEqual(screen.lanesShown.at(-1), { slugs: ['quick', 'even', 'slow'], kept: ['quick', 'slow'] });
  assert.deepEqual(screen.view.snapshots.map((s) => s.nodes), [6, 6, 6]);
  assert.equal(lockstep.choose(['even', 'slow']), true);
  assert.ok(quick.freed);
  assert.deepEqual(live(), [slow, even]);
  lockstep.nextNode();
  assert.deepEqual([even.step, slow.step], [afterNode('even', 4, 7), afterNode('slow', 4, 7)]);
  assertInStep(screen);
});

test('a lane that cannot catch up at once makes every lane start again at node 0', () => {
  const { lockstep, screen, live } = setUp();
  lockstep.start({ slugs: ['quick', 'slow'], n: 4, mirror: false });
  lockstep.nextNode();
  lockstep.nextNode();
  // Node 2 of `deep` lies 6,000,002 steps in: more than a join takes at once.
  assert.equal(lockstep.choose(['quick', 'slow', 'deep']), false);
  assert.deepEqual([lockstep.position, lockstep.at, lockstep.slugs], [0, 'start', ['quick', 'slow', 'deep']]);
  assert.deepEqual(live().map((s) => s.step), [0, 0, 0]);
  assert.deepEqual(screen.lanesShown.at(-1).kept, []);
  // One node in is near enough.
  lockstep.start({ slugs: ['quick', 'slow'], n: 4, mirror: false });
  lockstep.nextNode();
  assert.equal(lockstep.choose(['quick', 'slow', 'deep']), true);
  assert.equal(lockstep.position, 1);
});

test('a new size, mode or set of algorithms starts again at node 0, stopping what ran, freeing the old lanes', () => {
  const { lockstep, screen, clock, made, live } = setUp({ frameMs: 100 });
  lockstep.start({ slugs: ['quick', 'slow'], n: 4, mirror: false });
  lockstep.setSpeed(10);
  lockstep.play();
  clock.frames(20);
  assert.ok(lockstep.position > 0);
  lockstep.start({ slugs: ['quick', 'slow'], n: 5, mirror: false });
  assert.deepEqual([lockstep.state, lockstep.position, lockstep.at, lockstep.n], [IDLE, 0, 'start', 5]);
  clock.frames(5);
  assert.equal(lockstep.position, 0, 'no frame runs');
  assert.ok(made.slice(0, 2).every((m) => m.search.freed));
  assert.deepEqual(made.slice(2).map(({ slug, n, mirror }) => [slug, n, mirror]), [['quick', 5, false], ['slow', 5, false]]);
  lockstep.nextNode();
  lockstep.start({ slugs: ['quick', 'slow'], n: 5, mirror: true });
  assert.deepEqual([lockstep.position, lockstep.mirror], [0, true]);
  lockstep.runToEnd();
  clock.framesUntil(() => lockstep.state === IDLE);
  assert.equal(lockstep.position, events(5, true), 'the mirror tree');
  lockstep.start({ slugs: ['even', 'quick', 'slow'], n: 5, mirror: true });
  assert.deepEqual([lockstep.position, lockstep.slugs], [0, ['even', 'quick', 'slow']]);
  assert.deepEqual(screen.lanesShown.at(-1), { slugs: ['even', 'quick', 'slow'], kept: [] });
  assert.equal(live().length, 3);
  lockstep.drop();
  assert.deepEqual([live().length, lockstep.built, lockstep.slugs], [0, false, []]);
});

test('a position asked for (a link, a lesson stop) is moved to once, even when it comes while moving', () => {
  const { lockstep, screen, clock } = setUp({ lookMs: 0.05 });
  clock.stepMs = 0.01;
  const config = { slugs: ['quick', 'slow'], n: 2_000, mirror: false };
  lockstep.start(config, 9_000);
  assert.deepEqual([screen.renders.at(-2).state, screen.renders.at(-2).position], [IDLE, 0], 'drawn at node 0 first');
  assert.equal(lockstep.state, MOVING);
  clock.frames(2);
  assert.ok(lockstep.position > 0 && lockstep.position < 9_000);
  // Another stop while moving: its position replaces the first, from node 0 on new lanes.
  lockstep.start({ ...config, slugs: ['even', 'quick'] }, 40);
  clock.framesUntil(() => lockstep.state === IDLE);
  assert.deepEqual([lockstep.position, lockstep.slugs], [40, ['even', 'quick']]);
  clock.frames(20);
  assert.equal(lockstep.position, 40, 'it stays there');
  assert.equal(clock.waiting.length, 0);
  // A later start without one begins at node 0: the position was used up.
  lockstep.start(config);
  assert.deepEqual([lockstep.state, lockstep.position], [IDLE, 0]);
  // The end, and a move replaced by another while moving.
  lockstep.start(config, Infinity);
  clock.framesUntil(() => lockstep.state === IDLE);
  assert.deepEqual([lockstep.at, lockstep.position], ['end', events(2_000)]);
  lockstep.moveTo(5);
  clock.frames(1);
  lockstep.moveTo(7_000);
  clock.framesUntil(() => lockstep.state === IDLE);
  assert.equal(lockstep.position, 7_000);
  assertInStep(screen);
});

test('lanes finish one by one: a finished lane takes no step, and play comes to rest at the end when the last one does', () => {
  const { lockstep, screen, clock, live } = setUp({ frameMs: 100 });
  lockstep.start({ slugs: ['flat', 'slow'], n: 1, mirror: false }); // 6 node events
  const [flat, slow] = live();
  for (let i = 0; i < 5; i++) lockstep.nextNode();
  // Node event 6: flat takes a step before it, slow none; after it flat has finished, slow
  // has 4 steps left.
  lockstep.setSpeed(10);
  lockstep.play();
  clock.frames(1); // two beats
  assert.deepEqual([lockstep.position, flat.finished, slow.finished, lockstep.state], [6, true, false, PLAYING]);
  const flatSteps = flat.step;
  clock.frames(1);
  assert.equal(flat.step, flatSteps, 'the finished lane waits');
  assert.equal(clock.framesUntil(() => lockstep.state === IDLE, 10), 3, 'three more beats');
  assert.deepEqual([slow.finished, lockstep.state, lockstep.at, lockstep.position], [true, IDLE, 'end', 6]);
  assert.equal(clock.waiting.length, 0);
  assert.equal(screen.view.at, 'end');
  lockstep.send('play');
  lockstep.send('next');
  assert.equal(lockstep.state, IDLE, 'nothing lies ahead');
});

test('a lane that throws stops the lanes and is reported', () => {
  const { lockstep, screen, clock } = setUp({ lookMs: 0.05 });
  clock.failAt = { slow: afterNode('slow', 100, 50) };
  lockstep.start({ slugs: ['quick', 'slow'], n: 100, mirror: false });
  lockstep.runToEnd();
  clock.framesUntil(() => lockstep.state === IDLE, 1_000);
  assert.deepEqual(screen.failures, ['RuntimeError: unreachable']);
  assert.equal(lockstep.state, IDLE);
  assert.equal(clock.waiting.length, 0);
});

test('with the core’s lanes: every algorithm finds the published solutions of N = 6 over the same node events; mirror mode too', async () => {
  const { Search, treeNodes, algorithmNames } = await loadCore();
  const slugs = algorithmNames().map((a) => a.slug).filter((slug) => slug !== 'yours');
  assert.ok(slugs.length >= 6);
  for (const mirror of [false, true]) {
    const clock = new FakeClock({ lookMs: 0.5 });
    const views = [];
    const screen = { lanes() {}, render: (view) => views.push(view), progress() {}, failed: (error) => { throw error; } };
    const lockstep = new Lockstep({ search: (slug, n, m) => new Search(n, m, slug), treeNodes }, screen, clock);
    lockstep.start({ slugs: slugs.slice(0, 4), n: 6, mirror });
    lockstep.runToEnd();
    clock.framesUntil(() => lockstep.state === IDLE, 10_000);
    const { snapshots, position } = views.at(-1);
    assert.equal(lockstep.at, 'end');
    for (const s of snapshots) assert.equal(s.boardsPassed, published(6).total, `${s.algorithm}: mirror ${mirror}`);
    assert.equal(new Set(snapshots.map((s) => s.nodes)).size, 1, 'the same nodes in every lane');
    assert.equal(position, 2 * treeNodes(6, mirror), 'every node placed and lifted');
    // Back into the tree, and a lane joining there stands with the others.
    lockstep.moveTo(101);
    clock.framesUntil(() => lockstep.state === IDLE, 10_000);
    assert.equal(lockstep.choose([...slugs.slice(0, 3), slugs[4]]), true);
    const queens = views.at(-1).snapshots.map((s) => JSON.stringify(s.queens));
    assert.equal(new Set(queens).size, 1, `the same queens in every lane: ${queens}`);
    assert.equal(views.at(-1).position, 101);
    lockstep.drop();
  }
});
