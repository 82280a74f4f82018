// Property tests of the permalink (www/player/permalink.js), which reads a link a stranger wrote:
// arbitrary and mutated queries never throw, every value read is in its domain, there is one
// sentence per bad value (and none for good ones), and every valid state written reads back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readPermalink, writePermalink, readComparePermalink, writeComparePermalink } from '../../../www/player/permalink.js';
import { SPEEDS, DEFAULT_SPEED } from '../../../www/player/player.js';
import { MAX_COMPARE_SIZE } from '../../../www/shared/board-size.js';
import { ALGORITHMS } from '../../../www/compare/algorithms/index.js';
import { options, hostileString, edgeOrHostile, mutatedFrom, queryFrom, pairsOf, checkSentence } from '../../support/arbitrary.js';
import { loadCore } from '../../support/core.js';

const MAX_N = (await loadCore()).limits().maxN; // the core's board::MAX_N, as the page reads it
const SLUGS = ALGORITHMS.map((algorithm) => algorithm.slug);
const DEFAULTS = { algorithms: SLUGS.slice(0, 2), n: 6 };
const KEYS = ['n', 'speed', 'pos', 'mirror'];
const COMPARE_KEYS = ['compare', 'cn', 'cnode', 'cmirror'];

const read = (query) => readPermalink(query, SPEEDS, DEFAULT_SPEED, MAX_N);
const readCompare = (query) => readComparePermalink(query, SLUGS, DEFAULTS, MAX_COMPARE_SIZE);

// What each value means, written from the doc comments, not from the code: a board size is a
// whole number 1..max (spaces around it and a sign allowed); a speed is "max" or digits naming
// one of SPEEDS; a step position at most 15 digits, a Compare node at most 12 or "end"; mirror
// is 1 or 0. `undefined`: the value is bad.
const boardSize = (text, max) => {
  const trimmed = text.trim();
  if (!/^[+-]?[0-9]+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= max ? n : undefined;
};
const flag = (text) => new Map([['1', true], ['0', false]]).get(text);
const MEANING = {
  n: (text) => boardSize(text, MAX_N),
  speed: (text) => {
    const speed = text === 'max' ? Infinity : /^[0-9]+$/.test(text) ? Number(text) : undefined;
    return SPEEDS.includes(speed) ? speed : undefined;
  },
  pos: (text) => (/^[0-9]{1,15}$/.test(text) ? Number(text) : undefined),
  mirror: flag,
  cn: (text) => boardSize(text, MAX_COMPARE_SIZE),
  cnode: (text) => (text === 'end' ? Infinity : /^[0-9]{1,12}$/.test(text) ? Number(text) : undefined),
  cmirror: flag,
};

// Values for the keys: valid ones, edges, hostile strings, and valid ones mutated.
const validValue = fc.oneof(
  fc.integer({ min: 1, max: MAX_N }).map(String),
  fc.constantFrom(...SPEEDS.map((speed) => (speed === Infinity ? 'max' : String(speed)))),
  fc.nat({ max: 999_999_999_999_999 }).map(String),
  fc.constantFrom('0', '1', 'end'),
  fc.uniqueArray(fc.constantFrom(...SLUGS), { maxLength: 5 }).map((list) => list.join(',')),
);
const value = fc.oneof(validValue, edgeOrHostile, mutatedFrom(validValue));
const query = fc.oneof(
  { weight: 1, arbitrary: hostileString(80) },
  { weight: 4, arbitrary: queryFrom(pairsOf([...KEYS, ...COMPARE_KEYS], value)) },
  { weight: 1, arbitrary: mutatedFrom(queryFrom(pairsOf([...KEYS, ...COMPARE_KEYS], validValue))) },
);

test('any query reads as a valid player state with one sentence per bad value', () => {
  fc.assert(fc.property(query, (text) => {
    const state = read(text);
    assert.deepEqual(Object.keys(state), ['n', 'speed', 'position', 'mirror', 'problems']);
    const params = new URLSearchParams(text);
    const want = { n: 8, speed: DEFAULT_SPEED, position: 0, mirror: false };
    const field = { n: 'n', speed: 'speed', pos: 'position', mirror: 'mirror' };
    let bad = 0;
    for (const key of KEYS) {
      if (!params.has(key)) continue;
      const meant = MEANING[key](params.get(key));
      if (meant === undefined) bad += 1;
      else want[field[key]] = meant;
    }
    assert.deepEqual({ ...state, problems: undefined }, { ...want, problems: undefined });
    assert.ok(Number.isInteger(state.n) && state.n >= 1 && state.n <= MAX_N);
    assert.ok(SPEEDS.includes(state.speed));
    assert.ok(Number.isSafeInteger(state.position) && state.position >= 0);
    assert.equal(typeof state.mirror, 'boolean');
    assert.equal(state.problems.length, bad, `one sentence per bad value: ${state.problems.join(' | ')}`);
    for (const problem of state.problems) checkSentence(assert, problem, { input: seen(text) });
  }), options());
});

test('any query reads as no Compare state, or a valid one with one sentence per bad value', () => {
  fc.assert(fc.property(query, (text) => {
    const state = readCompare(text);
    const params = new URLSearchParams(text);
    if (!COMPARE_KEYS.some((key) => params.has(key))) {
      assert.equal(state, null);
      return;
    }
    assert.deepEqual(Object.keys(state), ['algorithms', 'n', 'position', 'mirror', 'problems']);
    const want = { algorithms: DEFAULTS.algorithms, n: DEFAULTS.n, position: 0, mirror: false };
    const field = { cn: 'n', cnode: 'position', cmirror: 'mirror' };
    let bad = 0;
    if (params.has('compare')) {
      const asked = params.get('compare').split(',').filter((slug) => slug !== '');
      if (asked.some((slug) => !SLUGS.includes(slug))) bad += 1;
      const known = [...new Set(asked.filter((slug) => SLUGS.includes(slug)))];
      if (known.length >= 2 && known.length <= 4) want.algorithms = known;
      else bad += 1;
    }
    for (const key of ['cn', 'cnode', 'cmirror']) {
      if (!params.has(key)) continue;
      const meant = MEANING[key](params.get(key));
      if (meant === undefined) bad += 1;
      else want[field[key]] = meant;
    }
    assert.deepEqual({ ...state, problems: undefined }, { ...want, problems: undefined });
    assert.ok(state.algorithms.length >= 2 && state.algorithms.length <= 4);
    assert.equal(new Set(state.algorithms).size, state.algorithms.length, 'no algorithm twice');
    assert.ok(state.algorithms.every((slug) => SLUGS.includes(slug)));
    assert.ok(Number.isInteger(state.n) && state.n >= 1 && state.n <= MAX_COMPARE_SIZE);
    assert.ok(state.position === Infinity || (Number.isSafeInteger(state.position) && state.position >= 0));
    assert.equal(typeof state.mirror, 'boolean');
    assert.equal(state.problems.length, bad, `one sentence per bad value: ${state.problems.join(' | ')}`);
    for (const problem of state.problems) checkSentence(assert, problem, { input: seen(text) });
  }), options());
});

// Valid states, and the page's address they are written into (its own query kept).
const playerState = fc.record({
  n: fc.integer({ min: 1, max: MAX_N }),
  speed: fc.constantFrom(...SPEEDS),
  position: fc.nat({ max: 999_999_999_999_999 }),
  mirror: fc.boolean(),
});
const compareState = fc.record({
  algorithms: fc.uniqueArray(fc.constantFrom(...SLUGS), { minLength: 2, maxLength: 4 }),
  n: fc.integer({ min: 1, max: MAX_COMPARE_SIZE }),
  position: fc.oneof(fc.nat({ max: 999_999_999_999 }), fc.constant(Infinity)),
  mirror: fc.boolean(),
});
const base = fc.tuple(fc.webUrl(), queryFrom(pairsOf([...KEYS, ...COMPARE_KEYS, 'lesson'], hostileString(10))))
  .map(([url, extra]) => {
    const address = new URL(url);
    address.search = extra;
    return address.href;
  });

test('every valid state written into any address reads back the same, with no problem', () => {
  fc.assert(fc.property(base, playerState, fc.option(compareState), (address, player, compare) => {
    const url = new URL(writeComparePermalink(writePermalink(address, player), compare));
    assert.deepEqual(read(url.search), { ...player, problems: [] });
    if (compare) assert.deepEqual(readCompare(url.search), { ...compare, problems: [] });
    else assert.equal(readCompare(url.search), null);
  }), options(0.5));
});

/** The query as the sentences may quote it: raw, and its keys and values decoded. */
function seen(text) {
  return `${text} ${[...new URLSearchParams(text)].flat().join(' ')}`;
}
