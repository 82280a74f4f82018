// The player read-only (player.readOnly), the only way panels read the player: it
// follows the player, and nothing can be written through it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Player, IDLE, PLAYING, PAUSED, DONE } from '../../../www/player/player.js';

/** A search of five steps, asked only what player.readOnly passes on. */
class FiveSteps {
  constructor(n, mirror) {
    Object.assign(this, { n, mirror, steps: 0 });
  }
  get finished() { return this.steps === 5; }
  run(maxSteps) {
    this.steps = Math.min(5, this.steps + maxSteps);
    return { last: { kind: 'free' }, boardsPassed: { count: 0 }, finished: this.finished };
  }
  seek(target) {
    this.steps = Math.min(5, target);
    return { last: null, boardsPassed: { count: 0 }, undone: { count: 0 }, arrived: true };
  }
  snapshot() { return { n: this.n, steps: this.steps }; }
  free() {}
}

function setUp() {
  const screen = { keep: 0, render() {}, cleared() {}, boardsPassed() {}, failed() {} };
  const frames = [];
  const player = new Player(FiveSteps, screen, { now: () => 0, nextFrame: (f) => frames.push(f) });
  return { player, seen: player.readOnly };
}

test('player.readOnly follows the player: size, mode, position, state, goal, full speed', () => {
  const { player, seen } = setUp();
  assert.equal(seen.ready, false, 'no search before the first reset');
  player.reset(6, true);
  assert.deepEqual([seen.ready, seen.n, seen.mirror, seen.position, seen.furthest, seen.state, seen.finished],
    [true, 6, true, 0, 0, IDLE, false]);
  player.step();
  player.step();
  assert.deepEqual([seen.position, seen.furthest, seen.state], [2, 2, PAUSED]);
  player.back();
  assert.deepEqual([seen.position, seen.furthest], [1, 2]);
  assert.deepEqual(seen.snapshot(), { n: 6, steps: 1 });
  player.setSpeed(10);
  player.play();
  assert.deepEqual([seen.state, seen.goal, seen.speed, seen.fullSpeed], [PLAYING, 'speed', 10, false]);
  player.setSpeed(Infinity);
  assert.equal(seen.fullSpeed, true, 'the chosen speed is as fast as possible');
  player.setSpeed(10);
  player.runToEnd();
  assert.deepEqual([seen.goal, seen.fullSpeed], ['end', true]);
  player.pause();
  assert.equal(seen.fullSpeed, false, 'not playing');
  player.seek(5);
  assert.deepEqual([seen.state, seen.finished, seen.position], [DONE, true, 5]);
});

test('the tree panel gets the stack through a TreeView, never the search itself', () => {
  const { player, seen } = setUp();
  player.reset(4, false);
  const asked = [];
  const levels = seen.stackTree({ update: (search) => { asked.push(search.snapshot()); return [1, 2]; } });
  assert.deepEqual(levels, [1, 2]);
  assert.deepEqual(asked, [{ n: 4, steps: 0 }]);
  assert.equal('search' in seen, false);
});

test('nothing can be written or added through player.readOnly', () => {
  const { player, seen } = setUp();
  player.reset(8, false);
  assert.ok(Object.isFrozen(seen));
  assert.throws(() => { seen.n = 5; }, TypeError);
  assert.throws(() => { seen.position = 3; }, TypeError);
  assert.throws(() => { seen.search = null; }, TypeError);
  assert.deepEqual([player.n, seen.position], [8, 0]);
});
