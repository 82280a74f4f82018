// The one frame scheduler (www/shared/frame-loop.js) on a clock whose frames come when the
// test says: one frame asked for at a time, a callback per frame while running, none after
// stop(), and no look at the clock's time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FrameLoop } from '../../../www/shared/frame-loop.js';

/** Animation frames on demand, 1/60 s apart; now() is counted, and must not be called. */
class FrameClock {
  time = 0;
  waiting = [];
  looks = 0;
  now = () => { this.looks += 1; return this.time; };
  nextFrame = (callback) => this.waiting.push(callback);
  frames(count) {
    for (let i = 0; i < count && this.waiting.length; i++) {
      this.time += 1000 / 60;
      this.waiting.shift()(this.time);
    }
  }
}

function setUp(onFrame = () => {}) {
  const clock = new FrameClock();
  const calls = [];
  const loop = new FrameLoop(clock, (now) => { calls.push(now); onFrame(loop, now); });
  return { clock, calls, loop };
}

test('runs the callback once per frame, with the frame\'s time, from start() until stop()', () => {
  const { clock, calls, loop } = setUp();
  assert.equal(loop.running, false);
  assert.equal(clock.waiting.length, 0, 'nothing asked for before start()');
  loop.start();
  assert.equal(loop.running, true);
  assert.deepEqual(calls, [], 'from the next frame on, not at once');
  clock.frames(3);
  assert.deepEqual(calls, [1, 2, 3].map((k) => (k * 1000) / 60));
  assert.equal(clock.waiting.length, 1, 'the next frame asked for');
  loop.stop();
  assert.equal(loop.running, false);
  clock.frames(5);
  assert.equal(calls.length, 3, 'the frame asked for before stop() comes and does nothing');
  assert.equal(clock.waiting.length, 0, 'and asks for none after it');
  assert.equal(clock.looks, 0, 'the loop never reads the time');
});

test('at most one frame is asked for at a time, whatever start() and stop() are called', () => {
  const { clock, calls, loop } = setUp();
  loop.start();
  loop.start();
  loop.stop();
  loop.start(); // a pause and a play within one frame
  assert.equal(clock.waiting.length, 1);
  clock.frames(1);
  assert.equal(calls.length, 1, 'one callback for that frame');
  assert.equal(clock.waiting.length, 1);
});

test('the callback may stop the loop, or start it again: one frame asked for, at most', () => {
  let frame = 0;
  const { clock, calls, loop } = setUp((own) => {
    frame += 1;
    if (frame === 2) own.stop();
    if (frame === 1) own.start(); // as the player's tick does, moving on in PLAYING
  });
  loop.start();
  clock.frames(1);
  assert.equal(clock.waiting.length, 1);
  clock.frames(1);
  assert.equal(loop.running, false);
  assert.equal(clock.waiting.length, 0, 'stopped in its own frame: nothing more asked for');
  assert.equal(calls.length, 2);
  loop.start();
  clock.frames(1);
  assert.equal(calls.length, 3, 'started again');
});
