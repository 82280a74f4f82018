// The count panel's state machine (count-machine.js): every event in every state, against a
// table written out here by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { can, next, TRANSITIONS, STATES } from '../../../www/count/count-machine.js';

const STATES_BY_HAND = ['idle', 'confirming', 'counting', 'racing', 'checking', 'loading'];

/**
 * EXPECTED[state]: every event taken in that state, with the state it leads to; every other
 * event of the machine is not taken there.
 */
const EXPECTED = {
  idle: { count: 'counting', ask: 'confirming', resume: 'loading', race: 'racing', check: 'checking', discard: 'idle', resize: 'idle' },
  confirming: { countAnyway: 'counting', decline: 'idle', resize: 'idle' },
  counting: { cancel: 'counting', ended: 'idle' },
  racing: { cancel: 'racing', ended: 'idle' },
  checking: { cancel: 'checking', ended: 'idle' },
  loading: { loaded: 'idle' },
};
const EVENTS = ['count', 'ask', 'countAnyway', 'decline', 'resume', 'loaded', 'race', 'check', 'discard', 'cancel', 'ended', 'resize'];

test('the machine has exactly the events and states of the expected table', () => {
  assert.deepEqual(Object.keys(TRANSITIONS).sort(), [...EVENTS].sort());
  assert.deepEqual([...STATES].sort(), [...STATES_BY_HAND].sort());
});

test('every event in every state: can() and next() agree with the table', () => {
  for (const state of STATES_BY_HAND) {
    for (const event of EVENTS) {
      const where = `${event} in ${state}`;
      const expected = EXPECTED[state][event];
      if (expected === undefined) {
        assert.equal(can(state, event), false, where);
        assert.throws(() => next(state, event), /does not take/, where);
      } else {
        assert.equal(can(state, event), true, where);
        assert.equal(next(state, event), expected, where);
      }
    }
  }
});

test('one thing runs at a time: nothing starts unless the panel is idle', () => {
  const starts = ['count', 'ask', 'resume', 'race', 'check', 'discard'];
  for (const state of STATES_BY_HAND) {
    assert.deepEqual(starts.filter((event) => can(state, event)), state === 'idle' ? starts : [], state);
  }
});

test('an unknown event or state is a bug, not a refusal', () => {
  assert.throws(() => can('idle', 'jump'), /no event “jump”/);
  assert.throws(() => next('moving', 'count'), /no state “moving”/);
});
