// The permalink: board size, speed and step position in the URL's query, so that opening a
// link restores the exact same state. Pure; no DOM.
//   ?n=8&speed=20&pos=1234&mirror=1    speed is steps per second, or "max"

import { parseBoardSize, DEFAULT_SIZE } from './board-size.js';

/**
 * Reads the query string. Returns { n, speed, position, mirror, problems }: every value valid
 * (bad ones replaced by their defaults: 8, `defaultSpeed`, 0, off), and one sentence per bad value.
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
  let mirror = false;
  if (params.has('mirror')) {
    const text = params.get('mirror');
    if (text === '1' || text === '0') mirror = text === '1';
    else problems.push(`The link asks for mirror “${clip(text)}”; use 1 (on) or 0 (off). Mirror symmetry is off.`);
  }
  return { n, speed, position, mirror, problems };
}

/** The URL `base` with the state written into its query (other parameters kept). */
export function writePermalink(base, { n, speed, position, mirror = false }) {
  const url = new URL(base);
  url.searchParams.set('n', n);
  url.searchParams.set('speed', speed === Infinity ? 'max' : speed);
  url.searchParams.set('pos', position);
  if (mirror) url.searchParams.set('mirror', '1');
  else url.searchParams.delete('mirror');
  return url.toString();
}

function clip(text) {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
