// A state machine read from a table: the pure can() and next() of Compare's, the count
// panel's and the embed range's machines (compare-machine.js, count-machine.js,
// embed-range-machine.js; the player keeps its own table in player.js). The table is data:
//
//   transitions[event][state]   the state after `event` in `state`; no entry = not taken
//   refusedAt[event]            where the search stands ('start', 'middle', 'end', as the
//                               player's `at`) when `event` is not taken, whatever the state
//
// An event, a state or a position the machine does not know is a bug: it throws.

/**
 * The pure functions of the machine `name` over `states`:
 *   can(state, event, at)   true when the event is taken there
 *   next(state, event, at)  the state it leads to; throws where can() is false
 */
export function stateMachine(name, states, transitions, refusedAt = {}) {
  const positions = ['start', 'middle', 'end'];
  function can(state, event, at) {
    if (!(event in transitions)) throw new Error(`${name} has no event “${event}”.`);
    if (!states.includes(state)) throw new Error(`${name} has no state “${state}”.`);
    if (at !== undefined && !positions.includes(at)) throw new Error(`Unknown position “${at}”.`);
    return transitions[event][state] !== undefined && !refusedAt[event]?.includes(at);
  }
  function next(state, event, at) {
    if (!can(state, event, at)) {
      throw new Error(`${name} does not take “${event}” in state “${state}”${at ? ` at the ${at}` : ''}.`);
    }
    return transitions[event][state];
  }
  return { can, next };
}
