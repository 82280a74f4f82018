// The count panel's state machine (count-machine.js): every event in every state, against a
// table written out here by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { can, next } from '../../../www/count/count-machine.js';
import * as machine from '../../../www/count/count-machine.js';
import { testMachineAgainstTable } from '../../support/machine-table.js';

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

testMachineAgainstTable(machine, { states: STATES_BY_HAND, events: EVENTS, expected: EXPECTED });

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
