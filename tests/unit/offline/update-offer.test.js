// The update offer's engine: a new version is offered only while the page is not busy, hidden
// while it is, shown again when that ends; nothing before a version waits; show() only on a
// change. The clock is a hand-driven one: no timer runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UpdateOffer } from '../../../www/offline/update-offer.js';

/** An offer on a page whose business is `state.busy`, with a clock the test ticks. */
function offerOn(state) {
  const shown = [];
  const ticks = new Set();
  const offer = new UpdateOffer({
    busy: () => state.busy,
    show: (on) => shown.push(on),
    every: (act, ms) => {
      assert.equal(ms, 1000);
      ticks.add(act);
      return () => ticks.delete(act);
    },
  });
  const tick = () => { for (const act of ticks) act(); };
  return { offer, shown, tick, ticks };
}

test('nothing is offered until a new version waits, however often the page is asked', () => {
  const { offer, shown, ticks } = offerOn({ busy: null });
  offer.refresh();
  offer.refresh();
  assert.deepEqual(shown, []);
  assert.equal(ticks.size, 0, 'no clock runs before a version waits');
});

test('a version that waits is offered at once on a page that is not busy, and show() is told once', () => {
  const { offer, shown, tick } = offerOn({ busy: null });
  offer.waiting();
  tick();
  tick();
  offer.waiting(); // told again (another worker event): nothing changes
  assert.deepEqual(shown, [true]);
});

test('during a lesson (or a count, an export…) nothing is offered; when it ends the offer comes, and goes while the page is busy again', () => {
  const state = { busy: 'a lesson' };
  const { offer, shown, tick } = offerOn(state);
  offer.waiting();
  tick();
  assert.deepEqual(shown, [], 'not offered mid-lesson');
  state.busy = 'a count';
  tick();
  assert.deepEqual(shown, []);
  state.busy = null;
  tick();
  assert.deepEqual(shown, [true], 'offered when it ends');
  state.busy = 'the presenter view';
  tick();
  assert.deepEqual(shown, [true, false], 'hidden while the page is busy again');
  state.busy = null;
  tick();
  assert.deepEqual(shown, [true, false, true]);
});

test('stop() ends the asking', () => {
  const state = { busy: 'an export' };
  const { offer, shown, tick, ticks } = offerOn(state);
  offer.waiting();
  offer.stop();
  assert.equal(ticks.size, 0);
  state.busy = null;
  tick();
  assert.deepEqual(shown, []);
});
