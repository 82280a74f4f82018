// The permalink: board size, speed and step position in the URL's query, so that opening a
// link restores the exact same state; and the Compare section's own state beside it. Pure; no DOM.
//   ?n=8&speed=20&pos=1234&mirror=1    speed is steps per second, or "max"
//   &compare=board-scan,richards&cn=8&cnode=120&cmirror=1   (cnode=end: every lane finished)

import { parseBoardSize, DEFAULT_SIZE } from '../shared/board-size.js';

/**
 * Reads the query string. Returns { n, speed, position, mirror, problems }: every value valid
 * (bad ones replaced by their defaults: 8, `defaultSpeed`, 0, off), and one sentence per bad
 * value. `maxN` is the largest board (the core's).
 */
export function readPermalink(query, speeds, defaultSpeed, maxN) {
  const params = new URLSearchParams(query);
  const problems = [];
  let n = DEFAULT_SIZE;
  if (params.has('n')) {
    const parsed = parseBoardSize(params.get('n'), maxN);
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

/** The Compare section's parameters; none of them is present when the section is closed. */
const COMPARE_KEYS = ['compare', 'cn', 'cnode', 'cmirror'];

/** True when the query names any of the Compare section's parameters. */
export function namesCompare(query) {
  const params = new URLSearchParams(query);
  return COMPARE_KEYS.some((key) => params.has(key));
}

/** The live class's parameters: a join code (?class=) or the teacher key (?teach=). */
const CLASS_KEYS = ['class', 'teach'];

/** True when the query names a live class (class/ reads it). */
export function namesClass(query) {
  const params = new URLSearchParams(query);
  return CLASS_KEYS.some((key) => params.has(key));
}

/** The Write it section's parameters (read by write/write-link.js). */
const EXERCISE_KEYS = ['exercise', 'answer'];

/** True when the query names any of the Write it section's parameters. */
export function namesExercise(query) {
  const params = new URLSearchParams(query);
  return EXERCISE_KEYS.some((key) => params.has(key));
}

/**
 * Reads the Compare section's state: `?compare=board-scan,richards&cn=8&cnode=120&cmirror=1`
 * (the algorithms by slug, board size, node position, mirror mode; `cnode=end` is the end,
 * every lane finished, read as position Infinity: the node events alone stop short of the
 * lanes' last steps). Returns null when the link names none, else
 * { algorithms, n, position, mirror, problems }: bad values replaced by
 * the defaults given (`defaults.algorithms`, `defaults.n`, position 0, mirror off), one
 * sentence per bad value. `slugs` are the algorithms that exist; `maxSize` the largest board.
 */
export function readComparePermalink(query, slugs, defaults, maxSize) {
  if (!namesCompare(query)) return null;
  const params = new URLSearchParams(query);
  const problems = [];
  let algorithms = defaults.algorithms;
  if (params.has('compare')) {
    const asked = params.get('compare').split(',').filter(Boolean);
    const unknown = asked.filter((slug) => !slugs.includes(slug));
    const chosen = [...new Set(asked.filter((slug) => slugs.includes(slug)))];
    if (unknown.length) problems.push(`The link names unknown algorithms (“${clip(unknown.join(', '))}”); they are left out.`);
    if (chosen.length >= 2 && chosen.length <= 4) algorithms = chosen;
    else problems.push(`The link compares ${chosen.length} known algorithm${chosen.length === 1 ? '' : 's'}; pick 2 to 4. Showing ${defaults.algorithms.length}.`);
  }
  let n = defaults.n;
  if (params.has('cn')) {
    const parsed = parseBoardSize(params.get('cn'), maxSize);
    if (parsed.ok) n = parsed.n;
    else problems.push(`The link asks the comparison for a bad board size. ${parsed.message} Showing ${defaults.n}×${defaults.n}.`);
  }
  let position = 0;
  if (params.has('cnode')) {
    const text = params.get('cnode');
    if (/^\d{1,12}$/.test(text)) position = Number(text);
    else if (text === 'end') position = Infinity;
    else problems.push(`The link asks the comparison for node “${clip(text)}”, which is not a whole number or “end”; starting at the first.`);
  }
  let mirror = false;
  if (params.has('cmirror')) {
    const text = params.get('cmirror');
    if (text === '1' || text === '0') mirror = text === '1';
    else problems.push(`The link asks the comparison for mirror “${clip(text)}”; use 1 (on) or 0 (off). Mirror symmetry is off.`);
  }
  return { algorithms, n, position, mirror, problems };
}

/**
 * The URL `base` with the Compare section's state in its query, or without it (`null`); a
 * position of Infinity is the end.
 */
export function writeComparePermalink(base, state) {
  const url = new URL(base);
  for (const key of COMPARE_KEYS) url.searchParams.delete(key);
  if (state) {
    url.searchParams.set('compare', state.algorithms.join(','));
    url.searchParams.set('cn', state.n);
    url.searchParams.set('cnode', state.position === Infinity ? 'end' : state.position);
    if (state.mirror) url.searchParams.set('cmirror', '1');
  }
  return url.toString();
}

/** `text` cut to 20 characters, to quote a bad value back in a sentence. */
export function clip(text) {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
