// The permalink: board size, speed and step position in the URL's query, so that opening a
// link restores the exact same state. Pure; no DOM.
//   ?n=8&speed=20&pos=1234      speed is steps per second, or "max"

import { parseBoardSize, DEFAULT_SIZE } from './board-size.js';

/**
 * Reads the query string. Returns { n, speed, position, problems }: every value valid (bad
 * ones replaced by their defaults: 8, `defaultSpeed`, 0), and one sentence per bad value.
 */
export function readPermalink(query, speeds, defaultSpeed) {
  const params = new URLSearchParams(query);
  const problems = [];
  let n = DEFAULT_SIZE;
  if (params.has('n')) {
    const parsed = parseBoardSize(params.get('n'));
    if (parsed.ok) n = parsed.n;
    else problems.push(`The link asks for a bad board size. ${parsed.message} Showing ${DEFAULT_SIZE}×${DEFAULT_SIZE} instead.`);
  }
  let speed = defaultSpeed;
  if (params.has('speed')) {
    const text = params.get('speed');
    const asked = text === 'max' ? Infinity : /^\d+$/.test(text) ? Number(text) : NaN;
    if (speeds.includes(asked)) speed = asked;
    else problems.push(`The link asks for speed “${clip(text)}”, which is not one of the speeds offered; using ${defaultSpeed} steps/s.`);
  }
  let position = 0;
  if (params.has('pos')) {
    const text = params.get('pos');
    if (/^\d{1,15}$/.test(text)) position = Number(text);
    else problems.push(`The link asks for step position “${clip(text)}”, which is not a whole number of steps; starting at step 0.`);
  }
  return { n, speed, position, problems };
}

/** The URL `base` with the state written into its query (other parameters kept). */
export function writePermalink(base, { n, speed, position }) {
  const url = new URL(base);
  url.searchParams.set('n', n);
  url.searchParams.set('speed', speed === Infinity ? 'max' : speed);
  url.searchParams.set('pos', position);
  return url.toString();
}

function clip(text) {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
