// The embed range's state machine (embed-range-machine.js): every event in every state,
// against a table written out here by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  can, next, READY_STATES, PLAYING_STATES,
} from '../../../www/embed/embed-range-machine.js';
import * as machine from '../../../www/embed/embed-range-machine.js';
import { testMachineAgainstTable } from '../../support/machine-table.js';

const STATES_BY_HAND = ['unstarted', 'opening', 'openingToPlay', 'resting', 'playing', 'rewinding', 'arrivingToPlay', 'waitingToLoop'];
const EVENTS = ['open', 'openToPlay', 'ready', 'step', 'back', 'pause', 'seek', 'play', 'rewind', 'onTheWay', 'rested', 'ended', 'lapped', 'strayed'];
const COMMANDS = ['step', 'back', 'pause', 'seek', 'play'];

/** Step, Back, Pause and a seek: the viewer takes over, whatever plays stops. */
const takeOver = { step: 'resting', back: 'resting', pause: 'resting', seek: 'resting' };

/**
 * EXPECTED[state]: every event taken in that state, with the state it leads to; every other
 * event of the machine is not taken there.
 */
const EXPECTED = {
  unstarted: { open: 'opening', openToPlay: 'openingToPlay' },
  opening: { ready: 'resting', strayed: 'opening' },
  openingToPlay: { ready: 'resting', strayed: 'openingToPlay' },
  resting: { ...takeOver, play: 'playing', rested: 'resting', ended: 'resting', lapped: 'resting', strayed: 'resting' },
  playing: {
    ...takeOver, play: 'playing', rewind: 'rewinding', rested: 'resting', ended: 'resting', lapped: 'waitingToLoop', strayed: 'resting',
  },
  rewinding: { onTheWay: 'arrivingToPlay', rested: 'playing' },
  arrivingToPlay: {
    ...takeOver, play: 'arrivingToPlay', rested: 'playing', ended: 'playing', lapped: 'playing', strayed: 'resting',
  },
  waitingToLoop: {
    ...takeOver, play: 'playing', rewind: 'rewinding', rested: 'resting', lapped: 'waitingToLoop', strayed: 'resting',
  },
};

testMachineAgainstTable(machine, { states: STATES_BY_HAND, events: EVENTS, expected: EXPECTED });

test('every command is refused before ready and taken once ready (but for the instant of rewinding)', () => {
  assert.deepEqual([...READY_STATES].sort(), ['arrivingToPlay', 'playing', 'resting', 'rewinding', 'waitingToLoop']);
  for (const state of STATES_BY_HAND) {
    const taken = COMMANDS.filter((command) => can(state, command));
    const expected = READY_STATES.includes(state) && state !== 'rewinding' ? COMMANDS : [];
    assert.deepEqual(taken, expected, state);
  }
});

test('the range plays (Pause shows) while playing, rewinding, arriving to play and waiting to loop', () => {
  assert.deepEqual([...PLAYING_STATES].sort(), ['arrivingToPlay', 'playing', 'rewinding', 'waitingToLoop']);
  // Only a looping range waits: no end of a range without loop is met there.
  assert.equal(can('waitingToLoop', 'ended'), false);
  // Play while already on the way to play changes nothing.
  assert.equal(next('arrivingToPlay', 'play'), 'arrivingToPlay');
});

test('an unknown event or state is a bug, not a refusal', () => {
  assert.throws(() => can('resting', 'jump'), /no event “jump”/);
  assert.throws(() => next('idle', 'play'), /no state “idle”/);
  assert.throws(() => next('racing', 'ready'), /no state “racing”/);
});
