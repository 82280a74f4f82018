// The Compare section's state machine (compare-machine.js): every event in every state, at
// every position of the lanes, against a table written out here by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { can, next, TRANSITIONS, BUTTONS, STATES } from '../../../www/compare/compare-machine.js';

const AT = ['start', 'middle', 'end'];

/**
 * EXPECTED[event][state]: the state after the event with the lanes at the start, in the
 * middle and at the end, in that order; '-' where the event is not taken.
 */
const EXPECTED = {
  next: { idle: ['idle', 'idle', '-'], playing: ['idle', 'idle', '-'], moving: ['idle', 'idle', '-'] },
  previous: { idle: ['-', 'idle', 'idle'], playing: ['-', 'idle', 'idle'], moving: ['-', 'idle', 'idle'] },
  play: { idle: ['playing', 'playing', '-'], playing: ['playing', 'playing', '-'], moving: ['playing', 'playing', '-'] },
  pause: { idle: ['idle', 'idle', 'idle'], playing: ['idle', 'idle', 'idle'], moving: ['idle', 'idle', 'idle'] },
  runToEnd: { idle: ['moving', 'moving', '-'], playing: ['moving', 'moving', '-'], moving: ['moving', 'moving', '-'] },
  moveTo: { idle: ['moving', 'moving', 'moving'], playing: ['moving', 'moving', 'moving'], moving: ['moving', 'moving', 'moving'] },
  arrived: { idle: ['-', '-', '-'], playing: ['idle', 'idle', 'idle'], moving: ['idle', 'idle', 'idle'] },
  failed: { idle: ['idle', 'idle', 'idle'], playing: ['idle', 'idle', 'idle'], moving: ['idle', 'idle', 'idle'] },
};

test('the machine has exactly the events and states of the expected table', () => {
  assert.deepEqual(Object.keys(TRANSITIONS).sort(), Object.keys(EXPECTED).sort());
  assert.deepEqual([...STATES].sort(), ['idle', 'moving', 'playing']);
});

test('every event in every state at every position: can() and next() agree with the table', () => {
  for (const [event, byState] of Object.entries(EXPECTED)) {
    for (const [state, outcomes] of Object.entries(byState)) {
      AT.forEach((at, k) => {
        const where = `${event} in ${state} at the ${at}`;
        if (outcomes[k] === '-') {
          assert.equal(can(state, event, at), false, where);
          assert.throws(() => next(state, event, at), /does not take/, where);
        } else {
          assert.equal(can(state, event, at), true, where);
          assert.equal(next(state, event, at), outcomes[k], where);
        }
      });
    }
  }
});

/** ENABLED[state][at]: Next node, Previous node, Play and Run to end, in that order, as a
 *  letter each when the button can be pressed (n, p, p, e) and '-' when it is disabled. */
const ENABLED = {
  idle: { start: 'n-pe', middle: 'nppe', end: '-p--' },
  playing: { start: 'n-pe', middle: 'nppe', end: '-pp-' },
  moving: { start: 'n-pe', middle: 'nppe', end: '-p-e' },
};

test('each button sends the event of its state, and is enabled where the machine takes it', () => {
  assert.deepEqual(BUTTONS.play, { idle: 'play', playing: 'pause', moving: 'play' });
  assert.deepEqual(BUTTONS.end, { idle: 'runToEnd', playing: 'runToEnd', moving: 'pause' });
  const letters = ['n', 'p', 'p', 'e'];
  for (const [state, byAt] of Object.entries(ENABLED)) {
    for (const [at, expected] of Object.entries(byAt)) {
      const shown = ['next', 'previous', 'play', 'end']
        .map((button, k) => (can(state, BUTTONS[button][state], at) ? letters[k] : '-')).join('');
      assert.equal(shown, expected, `${state} at the ${at}`);
    }
  }
});

test('an unknown event, state or position is a bug, not a refusal', () => {
  assert.throws(() => can('idle', 'jump', 'start'), /no event “jump”/);
  assert.throws(() => next('racing', 'play', 'start'), /no state “racing”/);
  assert.throws(() => can('idle', 'play', 'nowhere'), /Unknown position/);
});
