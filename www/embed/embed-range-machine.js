// The state machine of an embed's step range, as data (see state-machine.js), read by
// embed-range.js:
//
//   unstarted ──open──▶ opening ──ready──▶ resting
//   unstarted ──openToPlay──▶ openingToPlay ──ready──▶ resting, then Play
//   resting ──play──▶ playing ──ended──▶ resting                (the end told)
//                             ──lapped──▶ waitingToLoop          (the end told; a pause)
//   playing, standing at the end of the range ──rewind──▶ rewinding
//   waitingToLoop (the pause over) ──rewind──▶ rewinding
//   rewinding ──rested──▶ playing                    (the seek back to `from` arrived at once)
//             ──onTheWay──▶ arrivingToPlay ──rested, ended or lapped──▶ playing
//   step, back, pause, seek (the viewer or the host page takes over): ──▶ resting
//   strayed (moved out of the range by something else, the Search tree): the range seeks
//   back in; a ready state ──▶ resting, an opening state stays where it is
//
//   unstarted       start() not called yet: the player's first redraw goes by
//   opening         on the way to the first step (the opening seek may take many frames);
//   openingToPlay   every command is refused. ...ToPlay: the link asked for autoplay
//   resting         ready, not playing the range (a step, a seek of the viewer's may run)
//   playing         playing the range at the chosen speed (Pause shows)
//   rewinding       only during the call of the seek back to `from` that starts a lap again:
//                   the redraw that seek makes changes nothing
//   arrivingToPlay  that seek takes frames: play starts on arrival
//   waitingToLoop   at the end of a looping range, for the loop's pause
//
// Events of the player coming to rest (the range's render, only while the player is not
// playing and not rewinding) name where it rests: strayed (outside [from, to]), then, inside,
// ready (an opening state), rested (before the end of the range), ended (at its end) or
// lapped (at its end, the range loops). The others are commands (open, openToPlay, step,
// back, play, pause, seek) and the range's own moves (rewind, onTheWay). An event not in
// the table is not taken there: a command then is refused (the range is not ready), any
// other is a bug.

import { stateMachine } from '../shared/state-machine.js';

export const UNSTARTED = 'unstarted';
export const OPENING = 'opening';
export const OPENING_TO_PLAY = 'openingToPlay';
export const RESTING = 'resting';
export const PLAYING = 'playing';
export const REWINDING = 'rewinding';
export const ARRIVING_TO_PLAY = 'arrivingToPlay';
export const WAITING_TO_LOOP = 'waitingToLoop';
export const STATES = [UNSTARTED, OPENING, OPENING_TO_PLAY, RESTING, PLAYING, REWINDING, ARRIVING_TO_PLAY, WAITING_TO_LOOP];

/** The states in which the range has reached its first step and told the host page. */
export const READY_STATES = [RESTING, PLAYING, REWINDING, ARRIVING_TO_PLAY, WAITING_TO_LOOP];
/** The states in which the range plays (or is about to play again): Pause shows. */
export const PLAYING_STATES = [PLAYING, REWINDING, ARRIVING_TO_PLAY, WAITING_TO_LOOP];

/** The viewer's or host page's commands other than Play: each stops what plays. */
const TAKE_OVER = { resting: RESTING, playing: RESTING, arrivingToPlay: RESTING, waitingToLoop: RESTING };

/** TRANSITIONS[event][state] is the next state; no entry: the event is not taken there. */
export const TRANSITIONS = {
  open:       { unstarted: OPENING },
  openToPlay: { unstarted: OPENING_TO_PLAY },
  ready:      { opening: RESTING, openingToPlay: RESTING },
  step:       TAKE_OVER,
  back:       TAKE_OVER,
  pause:      TAKE_OVER,
  seek:       TAKE_OVER,
  // Play while arriving to play: already on its way (play starts on arrival).
  play:       { resting: PLAYING, playing: PLAYING, arrivingToPlay: ARRIVING_TO_PLAY, waitingToLoop: PLAYING },
  rewind:     { playing: REWINDING, waitingToLoop: REWINDING },
  onTheWay:   { rewinding: ARRIVING_TO_PLAY },
  rested:     { resting: RESTING, playing: RESTING, rewinding: PLAYING, arrivingToPlay: PLAYING, waitingToLoop: RESTING },
  ended:      { resting: RESTING, playing: RESTING, arrivingToPlay: PLAYING },
  // At the end again while waiting to loop (a redraw there): the end is told again and the
  // pause starts over.
  lapped:     { resting: RESTING, playing: WAITING_TO_LOOP, arrivingToPlay: PLAYING, waitingToLoop: WAITING_TO_LOOP },
  strayed:    { opening: OPENING, openingToPlay: OPENING_TO_PLAY, ...TAKE_OVER },
};

export const { can, next } = stateMachine('The embed range', STATES, TRANSITIONS);
