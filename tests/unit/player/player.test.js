// The player's state machine (next) and the Player driving a fake search with a fake clock:
// no browser, no wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { next, TRANSITIONS, Player, IDLE, PLAYING, PAUSED, DONE } from '../../../www/player/player.js';

const STATES = [IDLE, PLAYING, PAUSED, DONE];

test('next: every event is defined in every state, and resting depends on where the search stands', () => {
  for (const event of Object.keys(TRANSITIONS)) {
    for (const state of STATES) {
      for (const at of ['start', 'middle', 'end']) {
        assert.ok(STATES.includes(next(state, event, at)), `${event} in ${state} at ${at}`);
      }
    }
  }
  assert.equal(next(PAUSED, 'step', 'middle'), PAUSED);
  assert.equal(next(PAUSED, 'step', 'end'), DONE);
  assert.equal(next(PLAYING, 'back', 'start'), IDLE);
  assert.equal(next(PLAYING, 'pause', 'middle'), PAUSED);
  assert.equal(next(DONE, 'play', 'end'), DONE, 'nothing lies ahead of a finished search');
  assert.equal(next(DONE, 'seek', 'end'), PLAYING, 'but it can be moved back frame by frame');
  assert.equal(next(PLAYING, 'reset', 'middle'), IDLE);
  assert.throws(() => next(IDLE, 'jump', 'start'), /no transition for “jump”/);
  assert.throws(() => next(IDLE, 'step', 'nowhere'), /Unknown search position/);
});

/**
 * A search of `length` steps with a solution at each step of `solutionsAt`, speaking the wasm
 * Search's language (run, seek, snapshot, steps, finished, free).
 */
class FakeSearch {
  static length = 1_000;
  static solutionsAt = [100, 300, 301];
  static failAt = Infinity;

  constructor(n, mirror) {
    Object.assign(this, { n, mirror, steps: 0 });
  }

  get finished() {
    return this.steps === FakeSearch.length;
  }

  event() {
    if (this.steps >= FakeSearch.failAt) throw new Error('RuntimeError: unreachable');
    if (this.finished) return { kind: 'finished' };
    return FakeSearch.solutionsAt.includes(this.steps) ? { kind: 'solution' } : { kind: 'free' };
  }

  found(from, to, keep) {
    const numbers = FakeSearch.solutionsAt.map((step, i) => ({ step, number: i + 1 }))
      .filter(({ step }) => step > from && step <= to);
    return { count: numbers.length, representatives: 0, listed: numbers.filter((s) => s.number <= keep) };
  }

  run(maxSteps, stopAtSolution, keep) {
    const from = this.steps;
    let last = null;
    let taken = 0;
    while (taken < maxSteps && !this.finished) {
      this.steps += 1;
      taken += 1;
      last = this.event();
      if (stopAtSolution && last.kind === 'solution') break;
    }
    return { taken, last, boardsPassed: this.found(from, this.steps, keep), finished: this.finished };
  }

  seek(target, maxSteps, keep) {
    const from = this.steps;
    const goal = Math.min(target, FakeSearch.length);
    const taken = Math.min(maxSteps, Math.abs(goal - from));
    this.steps += Math.sign(goal - from) * taken;
    this.event();
    const back = this.steps < from;
    return {
      taken,
      last: taken ? this.event() : null,
      lastUndone: back,
      boardsPassed: back ? this.found(0, 0, keep) : this.found(from, this.steps, keep),
      undone: back ? this.found(this.steps, from, 0) : this.found(0, 0, 0),
      arrived: this.steps === goal,
    };
  }

  /** The fake's tree: node [k] is entered at step k, whatever `ahead` says (it is recorded). */
  seekNode(path, ahead, maxSteps, keep) {
    this.asked = { path, ahead };
    return this.seek(path[0], maxSteps, keep);
  }

  snapshot() {
    return { n: this.n, steps: this.steps };
  }

  free() {}
}

/**
 * A clock whose animation frames come when the test says, 1/60 s apart, and on which every
 * look takes 0.5 ms (about what a batch of steps takes), so that time slices end.
 */
class FakeClock {
  time = 0;
  waiting = [];
  now = () => (this.time += 0.5);
  nextFrame = (callback) => this.waiting.push(callback);
  frames(count) {
    for (let i = 0; i < count && this.waiting.length; i++) {
      this.time += 1000 / 60;
      this.waiting.shift()(this.time);
    }
  }
}

function setUp({ length = 1_000, solutionsAt = [100, 300, 301], failAt = Infinity } = {}) {
  Object.assign(FakeSearch, { length, solutionsAt, failAt });
  const screen = {
    keep: 2, found: 0, failures: [], renders: 0,
    render(snapshot, state) { Object.assign(this, { snapshot, state }); this.renders += 1; },
    cleared(n) { this.clearedWith = n; },
    boardsPassed({ count }) { this.found += count; },
    failed(error) { this.failures.push(error.message); },
  };
  const clock = new FakeClock();
  const player = new Player(FakeSearch, screen, clock);
  player.reset(8, false);
  return { player, screen, clock };
}

test('Step and Back move one step and rest: idle at the start, paused between, done at the end', () => {
  const { player, screen } = setUp({ length: 3 });
  assert.equal(screen.clearedWith, 8);
  assert.equal(player.state, IDLE);
  player.step();
  assert.deepEqual([player.state, screen.snapshot.steps, screen.state], [PAUSED, 1, PAUSED]);
  player.back();
  assert.deepEqual([player.state, player.search.steps], [IDLE, 0]);
  player.back();
  assert.deepEqual([player.state, player.search.steps], [IDLE, 0], 'nothing before the start');
  player.step(); player.step(); player.step();
  assert.equal(player.state, DONE);
  player.step();
  assert.equal(player.search.steps, 3, 'nothing after the end');
  player.back();
  assert.deepEqual([player.state, player.search.steps], [PAUSED, 2]);
});

test('Play runs at the chosen speed, one redraw per frame, and Pause stops it', () => {
  const { player, screen, clock } = setUp();
  player.setSpeed(60);
  player.play();
  assert.equal(player.state, PLAYING);
  player.nextSolution(); // a new goal while playing
  assert.equal(clock.waiting.length, 1, 'one frame requested at a time');
  player.play();
  clock.frames(30); // half a second
  assert.equal(clock.waiting.length, 1);
  assert.ok(Math.abs(player.search.steps - 30) <= 1, `${player.search.steps} steps in 0.5 s at 60/s`);
  const renders = screen.renders;
  clock.frames(10);
  assert.equal(screen.renders, renders + 10);
  player.pause();
  assert.equal(player.state, PAUSED);
  const steps = player.search.steps;
  clock.frames(10);
  assert.equal(player.search.steps, steps, 'no frame runs after Pause');
});

test('Step during play stops playing and steps once', () => {
  const { player, clock } = setUp();
  player.setSpeed(60);
  player.play();
  clock.frames(5);
  const steps = player.search.steps;
  player.step();
  assert.deepEqual([player.state, player.search.steps], [PAUSED, steps + 1]);
  clock.frames(5);
  assert.equal(player.search.steps, steps + 1);
});

test('Next solution stops right after each solution, then at the end; boards passed reach the screen', () => {
  const { player, screen, clock } = setUp();
  for (const at of [100, 300, 301]) {
    player.nextSolution();
    clock.frames(100);
    assert.deepEqual([player.state, player.search.steps], [PAUSED, at], 'right after the solution');
  }
  assert.equal(screen.found, 3);
  player.nextSolution();
  clock.frames(100);
  assert.deepEqual([player.state, player.search.steps], [DONE, 1_000]);
  player.play();
  assert.equal(player.state, DONE, 'play does nothing at the end');
});

test('Run to end arrives at the end in time slices, and a far seek goes back from there', () => {
  const { player, screen, clock } = setUp({ length: 10_000_000 });
  player.runToEnd();
  clock.frames(1);
  assert.equal(player.state, PLAYING, 'one frame does a slice, then lets the page redraw');
  assert.ok(player.search.steps > 0 && player.search.steps < 2_000_000, `${player.search.steps} steps in a frame`);
  clock.frames(1_000);
  assert.equal(player.state, DONE);
  assert.equal(player.furthest, 10_000_000);
  player.seek(10);
  assert.equal(player.state, PLAYING, 'a long way: played frame by frame');
  clock.frames(1_000);
  assert.deepEqual([player.state, player.search.steps], [PAUSED, 10]);
  assert.deepEqual([screen.state, screen.snapshot.steps], [PAUSED, 10], 'redrawn on arrival');
  player.seek(0);
  assert.deepEqual([player.state, player.search.steps], [IDLE, 0], 'a short way: at once');
});

test('a failure in the core stops play and reaches the screen; Reset starts again', () => {
  const { player, screen, clock } = setUp({ failAt: 50 });
  player.runToEnd();
  clock.frames(10);
  assert.notEqual(player.state, PLAYING);
  assert.match(screen.failures[0], /unreachable/);
  FakeSearch.failAt = Infinity;
  player.reset();
  assert.deepEqual([player.state, player.search.steps], [IDLE, 0]);
});

test('a node seek moves to the step that entered the node: at once when near, frame by frame when far', () => {
  const { player, screen, clock } = setUp({ length: 10_000_000 });
  player.seekNode([500], true);
  assert.deepEqual([player.state, player.search.steps], [PAUSED, 500]);
  assert.deepEqual(player.search.asked, { path: [500], ahead: true });
  player.seekNode([5_000_000], true);
  assert.equal(player.state, PLAYING, 'a long way: played frame by frame');
  clock.frames(1_000);
  assert.deepEqual([player.state, player.search.steps], [PAUSED, 5_000_000]);
  assert.equal(screen.found, 3, 'the boards passed reach the screen');
  player.seekNode([0], false);
  assert.equal(player.state, PLAYING);
  player.pause();
  assert.equal(player.state, PAUSED, 'Pause stops it');
  clock.frames(1_000);
  assert.ok(player.search.steps > 0, 'and nothing moves after');
});

test('a hold (Predict mode) stops Step, Play and Next solution before the step it holds, never Run to end', () => {
  const { player, clock } = setUp();
  const asked = [];
  let holdAt = 5;
  player.hold = (reason) => {
    asked.push(reason);
    return player.search.steps === holdAt;
  };
  player.setSpeed(60);
  player.play();
  clock.frames(30);
  assert.deepEqual([player.state, player.search.steps], [PAUSED, 5], 'held before step 6, at rest');
  assert.ok(asked.every((reason) => reason === 'speed'));
  player.step();
  assert.equal(player.search.steps, 5, 'Step is held too');
  assert.equal(asked.at(-1), 'step');
  holdAt = 99;
  player.nextSolution();
  clock.frames(10);
  assert.deepEqual([player.state, player.search.steps], [PAUSED, 99], 'Next solution stops before the held step');
  assert.equal(asked.at(-1), 'solution');
  const before = asked.length;
  player.runToEnd();
  clock.frames(100);
  assert.deepEqual([player.state, player.search.steps], [DONE, 1_000], 'Run to end is never held');
  assert.equal(asked.length, before);
  player.seek(0);
  assert.equal(player.search.steps, 0, 'nor is a seek');
});

test('locked (a class followed): every command is refused and told, but those given inside led(); a far seek led goes on', () => {
  const { player, screen, clock } = setUp({ length: 1_000_000 });
  player.step();
  const refused = [];
  player.lock(() => refused.push(player.search.steps));
  assert.equal(player.readOnly.locked, true);
  const commands = [
    () => player.step(), () => player.back(), () => player.play(), () => player.nextSolution(), () => player.runToEnd(),
    () => player.togglePlay(), () => player.pause(), () => player.seek(17), () => player.seekNode([487], true), () => player.reset(6, true),
  ];
  for (const command of commands) command();
  assert.deepEqual(refused, commands.map(() => 1), 'each command refused, the board at step 1');
  assert.deepEqual([player.search.steps, player.n, player.state, screen.snapshot.steps], [1, 8, PAUSED, 1]);
  // The lead's moves are taken: a near seek at once, a far one frame by frame, which no
  // command of the page's stops.
  player.led(() => player.seek(4));
  assert.equal(player.search.steps, 4);
  player.led(() => player.seek(900_000));
  assert.equal(player.state, PLAYING);
  player.pause();
  assert.equal(player.state, PLAYING, 'Pause is a command: refused');
  while (player.state === PLAYING) clock.frames(1);
  assert.deepEqual([player.search.steps, player.state], [900_000, PAUSED]);
  assert.equal(refused.length, commands.length + 1);
  player.lock(null);
  assert.equal(player.readOnly.locked, false);
  player.step();
  assert.equal(player.search.steps, 900_001, 'unlocked: the page moves its board again');
});
