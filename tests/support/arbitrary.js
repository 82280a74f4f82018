// Shared pieces of the property tests (tests/unit/*/property-*.test.js): how many cases to run,
// hostile strings, mutations of valid text, and the rule every problem sentence must follow.
import fc from 'fast-check';

/** Cases per property: BITQUEENS_PROPERTY_RUNS (10,000 by default; `npm run test:slow` asks
 *  for many more). */
export const RUNS = runs(process.env.BITQUEENS_PROPERTY_RUNS);

function runs(text) {
  if (text === undefined || text === '') return 10_000;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`BITQUEENS_PROPERTY_RUNS must be a whole number of cases, got “${text}”.`);
  return Number(text);
}

/** fast-check's options for one property: RUNS cases, or `share` of them for a property that
 *  splits its cases with others on the same parser. */
export const options = (share = 1) => ({ numRuns: Math.max(1, Math.round(RUNS * share)) });

/** Characters that trip parsers: separators of queries, lists and HTML, escapes, whitespace
 *  that trim() removes, digits that are not ASCII, a lone surrogate, a character outside the BMP. */
const NASTY = ['%', '&', '=', '+', '?', '#', ',', ';', ' ', '\t', '\n', '\u00a0', '\ufeff', '\u2028', '"', "'", '<', '>', '\\',
  '/', '.', '-', 'e', 'E', 'x', '０', '８', '٣', '\ud800', '\udfff', '😀', '\u0000', '“', '…'];

/** One unit of a hostile string: a nasty character, any ASCII, or any code point. */
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...'0123456789') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
);

/** Any string, biased towards the characters parsers care about. */
export const hostileString = (maxLength = 40) => fc.string({ unit, maxLength });

/** Numbers written at the edges: signs, zeros, 2^53, digits past any integer, exponents, hex. */
export const EDGE_NUMBERS = ['0', '-0', '+0', '00', '1', '-1', '+1', '01', ' 1', '1 ', '1.0', '1.', '.5', '1e3', '1E3', '0x10',
  '0b1', '0o7', 'Infinity', '-Infinity', 'NaN', '9007199254740991', '9007199254740992', '9007199254740993', '999999999999999',
  '1000000000000000', '18446744073709551615', '18446744073709551616', '9'.repeat(400), '1_000', '1,000', '１', '٣', '%31', '',
  ' ', 'max', 'end', 'null', 'undefined', 'true', '[]', '{}'];

/** A string at the edges, or a hostile one. */
export const edgeOrHostile = fc.oneof(fc.constantFrom(...EDGE_NUMBERS), hostileString());

/** `text` with one character inserted, deleted or replaced at a random place, several times. */
export const mutated = (text) => fc.array(fc.tuple(fc.constantFrom('insert', 'delete', 'replace'), fc.nat(), unit), { minLength: 1, maxLength: 4 })
  .map((edits) => edits.reduce((s, [kind, at, char]) => {
    const i = at % (s.length + 1);
    if (kind === 'insert') return s.slice(0, i) + char + s.slice(i);
    if (kind === 'delete') return s.slice(0, i) + s.slice(i + 1);
    return s.slice(0, i) + char + s.slice(i + 1);
  }, text));

/** A text arbitrary whose values are mutated: each value of `arbitrary` edited by `mutated`. */
export const mutatedFrom = (arbitrary) => arbitrary.chain((text) => mutated(text));

/** A query string from [key, value] pairs: written raw or %-escaped, with a stray separator or
 *  a leading "?" now and then, keys repeated when the pairs repeat them. */
export const queryFrom = (pairs) => fc.tuple(pairs, fc.boolean(), fc.constantFrom('&', '&', '&', '&&', ';'))
  .map(([list, question, separator]) => (question ? '?' : '') + list.map(([key, value, escape]) => (escape
    ? new URLSearchParams([[key, value]]).toString() : `${key}=${value}`)).join(separator));

/** Pairs for queryFrom: keys mostly from `keys`, values from `values` (an arbitrary). */
export const pairsOf = (keys, values) => fc.array(fc.tuple(
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: hostileString(8) }),
  values,
  fc.boolean(),
), { maxLength: 8 });

/**
 * Fails unless `text` is a sentence of the page's: a non-empty string that starts with a capital
 * letter (or with `prefix`, as the embed's console warnings do), ends with a full stop that
 * follows a word (not "; ." or ": ."), and no longer than `longest`. Words the code would
 * write by mistake ("undefined", "NaN", "[object …]") are refused unless the input had them.
 */
export function checkSentence(assert, text, { input = '', prefix = null, longest = 500, words = ['undefined', 'NaN', '[object '] } = {}) {
  assert.equal(typeof text, 'string', 'a problem is a string');
  const body = prefix && text.startsWith(prefix) ? text.slice(prefix.length) : text;
  if (prefix) assert.ok(text.startsWith(prefix), `“${text}” starts with “${prefix}”`);
  else assert.match(body, /^[A-Z]/, `“${text}” starts with a capital letter`);
  assert.match(text, /[^\s;:,]\.$/, `“${text}” ends with a full stop after a word`);
  assert.ok(text.length <= longest, `“${text.slice(0, 80)}…” is at most ${longest} characters`);
  for (const word of words) {
    if (!String(input).includes(word)) assert.ok(!text.includes(word), `“${text}” says “${word}”, which the input did not`);
  }
}
