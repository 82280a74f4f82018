// The count panel's state machine, as data (see state-machine.js), read by count-panel.js.
// One thing runs at a time:
//
//   idle ── count ──▶ counting ──(ended: done, cancelled, failed)──▶ idle
//   idle ── ask (Count all, N > 17) ──▶ confirming ──(countAnyway)──▶ counting
//                                                  ──(decline)──▶ idle
//   idle ── resume ──▶ loading (the kept count is read) ──(loaded)──▶ idle, then count
//   idle ── race ──▶ racing (three counters in turn) ──(ended)──▶ idle
//   idle ── check ──▶ checking (a shard's sample counted again) ──(ended)──▶ idle
//   idle ── discard (the kept count offered) ──▶ idle
//
// cancel (the Cancel button, the panel closed) asks the pool to stop what runs; the state
// stays until it has stopped (ended). resize (a new Size to count typed) is taken where
// nothing runs: idle, and confirming, where the question about the size that was there is
// dropped. A count, a race or a shard check goes on with its own size (typing never cancels
// work; the panel says the size typed is for the next one). An event not taken is refused:
// the panel says what is busy and changes nothing.

import { stateMachine } from '../shared/state-machine.js';

export const IDLE = 'idle';
export const CONFIRMING = 'confirming';
export const COUNTING = 'counting';
export const RACING = 'racing';
export const CHECKING = 'checking';
export const LOADING = 'loading';
export const STATES = [IDLE, CONFIRMING, COUNTING, RACING, CHECKING, LOADING];

/** TRANSITIONS[event][state] is the next state; no entry: the event is not taken there. */
export const TRANSITIONS = {
  count: { idle: COUNTING },
  ask: { idle: CONFIRMING },
  countAnyway: { confirming: COUNTING },
  decline: { confirming: IDLE },
  resume: { idle: LOADING },
  loaded: { loading: IDLE },
  race: { idle: RACING },
  check: { idle: CHECKING },
  discard: { idle: IDLE },
  cancel: { counting: COUNTING, racing: RACING, checking: CHECKING },
  ended: { counting: IDLE, racing: IDLE, checking: IDLE },
  resize: { idle: IDLE, confirming: IDLE },
};

export const { can, next } = stateMachine('The count panel', STATES, TRANSITIONS);
