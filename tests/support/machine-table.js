// The check every table-driven state machine of the page gets (shared/state-machine.js):
// its events and states are those of a table written out by hand in the test, and can() and
// next() agree with that table for every event in every state.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/**
 * Registers the two tests. `machine` = {TRANSITIONS, STATES, can, next} (the module);
 * `states` and `events` as listed by hand; `expected[state][event]` the state it leads to,
 * undefined where the event is not taken.
 */
export function testMachineAgainstTable(machine, { states, events, expected }) {
  test('the machine has exactly the events and states of the expected table', () => {
    assert.deepEqual(Object.keys(machine.TRANSITIONS).sort(), [...events].sort());
    assert.deepEqual([...machine.STATES].sort(), [...states].sort());
  });

  test('every event in every state: can() and next() agree with the table', () => {
    for (const state of states) {
      for (const event of events) {
        const where = `${event} in ${state}`;
        const to = expected[state][event];
        if (to === undefined) {
          assert.equal(machine.can(state, event), false, where);
          assert.throws(() => machine.next(state, event), /does not take/, where);
        } else {
          assert.equal(machine.can(state, event), true, where);
          assert.equal(machine.next(state, event), to, where);
        }
      }
    }
  });
}
