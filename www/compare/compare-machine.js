// The Compare section's state machine, as data (see state-machine.js), read by lockstep.js (its
// transitions) and compare.js (what each button sends and whether it is enabled).
//
//   idle     resting right after a node event (or mid-node after playing)
//   playing  each lane takes one step per beat towards the next node event and waits there
//            until every lane has arrived; then they all take it together
//   moving   Run to end, or going to a node position (a permalink): every lane moves by the
//            same number of node events per round, rounds time-sliced per animation frame
//
// Events: next and previous (Next node, Previous node), play, pause (also: a new board size,
// new algorithms, mirror mode, the section closed), runToEnd, moveTo (a position the link
// names), arrived (playing reached the end, or moving its target) and failed (a lane threw).
//
// `at` says where the lanes stand: 'start' (node 0, no lane mid-node), 'end' (every lane
// finished) or 'middle'. Nothing lies ahead at the end, nothing behind at the start.

import { stateMachine } from '../shared/state-machine.js';

export const IDLE = 'idle';
export const PLAYING = 'playing';
export const MOVING = 'moving';
export const STATES = [IDLE, PLAYING, MOVING];

/** TRANSITIONS[event][state] is the next state; no entry: the event is not taken there. */
export const TRANSITIONS = {
  next:     { idle: IDLE,    playing: IDLE,    moving: IDLE },
  previous: { idle: IDLE,    playing: IDLE,    moving: IDLE },
  play:     { idle: PLAYING, playing: PLAYING, moving: PLAYING },
  pause:    { idle: IDLE,    playing: IDLE,    moving: IDLE },
  runToEnd: { idle: MOVING,  playing: MOVING,  moving: MOVING },
  moveTo:   { idle: MOVING,  playing: MOVING,  moving: MOVING },
  arrived:  {                playing: IDLE,    moving: IDLE },
  failed:   { idle: IDLE,    playing: IDLE,    moving: IDLE },
};

/** REFUSED_AT[event]: where the lanes stand when `event` is not taken, whatever the state. */
export const REFUSED_AT = {
  next: ['end'],
  play: ['end'],
  runToEnd: ['end'],
  previous: ['start'],
};

export const { can, next } = stateMachine('The Compare section', STATES, TRANSITIONS, REFUSED_AT);

/** BUTTONS[button][state]: the event each button sends in each state (Play and Run to end
 *  become Pause while they run). A button is enabled when can() takes its event. */
export const BUTTONS = {
  next: { idle: 'next', playing: 'next', moving: 'next' },
  previous: { idle: 'previous', playing: 'previous', moving: 'previous' },
  play: { idle: 'play', playing: 'pause', moving: 'play' },
  end: { idle: 'runToEnd', playing: 'runToEnd', moving: 'pause' },
};
