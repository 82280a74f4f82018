// The embed's messages with the page that frames it (window.postMessage). Pure; no DOM.
//
// Out, to the parent: {source: "bitqueens", type, n, step, …}
//   ready     once the embed stands at its first step: also from, to (null: the end of the search)
//   step      after each change of position (once per animation frame while playing)
//   solution  a solution was passed going forward, inside the range: also number (its number
//             in the search), columns (1-based, row 1 first); step is the solution's
//   end       the range's last step was reached (or the search's end)
// In, from the parent only, once ready: {type: "step" | "back" | "play" | "pause"} or
// {type: "seek", step}. Anything else (and anything before ready) is ignored with a console warning: nothing in a message is evaluated or put
// into the page as HTML.

import { clip } from '../player/index.js';

/** What the host page may ask. */
export const HOST_COMMANDS = ['step', 'back', 'play', 'pause', 'seek'];

/**
 * Reads a message from the host page. Returns {ok: true, command: {type}} ({type: 'seek',
 * step} with a whole number of steps) or {ok: false, problem} with a sentence saying why it
 * is ignored. Reads only own data properties of a plain object; never throws.
 */
export function readHostMessage(data) {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, problem: `bitqueens embed: ignored a message that is not an object (${describe(data)}).` };
  }
  const type = Object.hasOwn(data, 'type') ? data.type : undefined;
  if (typeof type !== 'string' || !HOST_COMMANDS.includes(type)) {
    return { ok: false, problem: `bitqueens embed: ignored a message of unknown type (${describe(type)}); the types are ${HOST_COMMANDS.join(', ')}.` };
  }
  if (type !== 'seek') return { ok: true, command: { type } };
  const step = Object.hasOwn(data, 'step') ? data.step : undefined;
  if (!Number.isSafeInteger(step) || step < 0) {
    return { ok: false, problem: `bitqueens embed: ignored a seek whose step (${describe(step)}) is not a whole number of steps.` };
  }
  return { ok: true, command: { type, step } };
}

/** An event for the host page: {source: 'bitqueens', type, n, step, ...more}. */
export function embedEvent(type, n, step, more = {}) {
  return { source: 'bitqueens', type, n, step, ...more };
}

/** A value named in a warning: its type, and a short text of it when it has one. */
function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string “${clip(value)}”`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value} ${String(value)}`;
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}
