// The count panel's state machine (count-machine.js): every event in every state, against a
// table written out here by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { can, next, TRANSITIONS, STATES } from '../../www/count-machine.js';

const COLUMNS = ['idle', 'confirming', 'counting', 'racing', 'checking', 'loading'];

/** EXPECTED[event]: the state after the event in each state of COLUMNS; '-' = not taken. */
const EXPECTED = {
  //            idle          confirming  counting    racing      checking    loading
  count:       ['counting',   '-',        '-',        '-',        '-',        '-'],
  ask:         ['confirming', '-',        '-',        '-',        '-',        '-'],
  countAnyway: ['-',          'counting', '-',        '-',        '-',        '-'],
  decline:     ['-',          'idle',     '-',        '-',        '-',        '-'],
  resume:      ['loading',    '-',        '-',        '-',        '-',        '-'],
  loaded:      ['-',          '-',        '-',        '-',        '-',        'idle'],
  race:        ['racing',     '-',        '-',        '-',        '-',        '-'],
  check:       ['checking',   '-',        '-',        '-',        '-',        '-'],
  discard:     ['idle',       '-',        '-',        '-',        '-',        '-'],
  cancel:      ['-',          '-',        'counting', 'racing',   'checking', '-'],
  ended:       ['-',          '-',        'idle',     'idle',     'idle',     '-'],
  resize:      ['idle',       'idle',     'counting', 'racing',   '-',        '-'],
};

test('the machine has exactly the events and states of the expected table', () => {
  assert.deepEqual(Object.keys(TRANSITIONS).sort(), Object.keys(EXPECTED).sort());
  assert.deepEqual([...STATES].sort(), [...COLUMNS].sort());
});

test('every event in every state: can() and next() agree with the table', () => {
  for (const [event, outcomes] of Object.entries(EXPECTED)) {
    COLUMNS.forEach((state, k) => {
      const where = `${event} in ${state}`;
      if (outcomes[k] === '-') {
        assert.equal(can(state, event), false, where);
        assert.throws(() => next(state, event), /does not take/, where);
      } else {
        assert.equal(can(state, event), true, where);
        assert.equal(next(state, event), outcomes[k], where);
      }
    });
  }
});

test('one thing runs at a time: nothing starts unless the panel is idle', () => {
  const starts = ['count', 'ask', 'resume', 'race', 'check', 'discard'];
  for (const state of COLUMNS) {
    assert.deepEqual(starts.filter((event) => can(state, event)), state === 'idle' ? starts : [], state);
  }
});

test('an unknown event or state is a bug, not a refusal', () => {
  assert.throws(() => can('idle', 'jump'), /no event “jump”/);
  assert.throws(() => next('moving', 'count'), /no state “moving”/);
});
