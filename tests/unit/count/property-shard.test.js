// Property tests of "Check a shard" reading a report someone pasted (www/count/shard-check.js):
// arbitrary text, valid reports mutated a character or a field at a time, never throw and
// do work bounded by the report's length; a report accepted is consistent in itself (checked here from the JSON,
// independently of the parser); a report refused gets a sentence; a valid report reads back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseShard } from '../../../www/count/shard-check.js';
import { options, hostileString, mutated, checkSentence } from '../../support/arbitrary.js';
import { loadCoreWithConstants } from '../../support/core.js';

const core = await loadCoreWithConstants();
const MAX_N = core.limits().maxN;
const MAX_MEET_N = core.countingMethods().find(({ slug }) => slug === 'meet').largestN;
const MAX_SHARD_N = core.publishedCounts().totals.length;
/**
 * The most work a read may do, counted in elements appended to arrays (the parser's one loop
 * that a report could make long lists the sub-problems it expects): a few per character of
 * the report, however many sub-problems it claims. Counted, not timed: the bound holds on
 * any machine, and a read that would go past it is stopped there instead of running on.
 */
const WORK_PER_CHARACTER = 4;
const WORK_AT_LEAST = 64;

const parse = (text) => {
  const most = WORK_AT_LEAST + WORK_PER_CHARACTER * text.length;
  const push = Array.prototype.push;
  let work = 0;
  Array.prototype.push = function counted(...items) {
    work += items.length;
    if (work > most) throw new Error(`more than ${most} elements listed reading ${text.length} characters: ${text.slice(0, 200)}`);
    return push.apply(this, items);
  };
  try {
    return parseShard(text, MAX_N);
  } finally {
    Array.prototype.push = push;
  }
};

/** A report as `bitqueens count N --shard I/K --json` writes it (report.rs), consistent in
 *  itself; or, `loose`, one whose parts may each give one or two more unique solutions than
 *  solutions (all its sums still right). */
const reportOf = (loose) => fc.record({
  method: fc.constantFrom('backtrack', 'meet', undefined),
  n: fc.integer({ min: 1, max: Math.min(MAX_SHARD_N, MAX_N) }),
  all: fc.nat({ max: 60 }),
  slice: fc.option(fc.integer({ min: 1, max: 9 }).chain((of) => fc.record({ index: fc.integer({ min: 1, max: of }), of: fc.constant(of) }))),
  counts: fc.array(fc.tuple(fc.nat({ max: 1e12 }), fc.nat({ max: 1e12 }), fc.nat({ max: 1e12 })), { minLength: 60, maxLength: 60 }),
  fingerprint: fc.stringMatching(/^[0-9a-f]{16}$/),
  wholeUnique: fc.boolean(),
}).map(({ method, n, all, slice, counts, fingerprint, wholeUnique }) => {
  const meet = method === 'meet';
  const indices = [];
  for (let i = slice ? slice.index - 1 : 0; i < all; i += slice ? slice.of : 1) indices.push(i);
  const parts = indices.map((index, k) => {
    const [total, unique, nodes] = counts[k];
    return [index, total, meet ? 0 : Math.min(unique, total) + (loose ? unique % 3 : 0), nodes];
  });
  const sum = (k) => parts.reduce((s, p) => s + p[k], 0);
  const unique = meet ? (slice === null && wholeUnique ? sum(1) : null) : sum(2);
  return {
    n: meet ? Math.min(n, MAX_MEET_N) : n, ...(method ? { method } : {}), total: sum(1), unique, nodes: sum(3), seconds: 1.5, threads: 2,
    subProblems: indices.length, shard: slice, fingerprint, allSubProblems: all, indices, parts, fromJournal: 0,
  };
});

const report = reportOf(false);

/** JSON values at the edges, as text: JSON.parse makes 1e400 Infinity and -0 negative zero. */
const EDGE_JSON = ['-1', '0', '-0', '1', '2', '23', '24', '25', '26', '32', '33', '0.5', '1e300', '1e400', '-1e400', '9007199254740991', '9007199254740992', '9007199254740993',
  '1'.repeat(400), '"5"', '"backtrack"', '"meet"', 'null', 'true', 'false', '[]', '{}', '[1]', '[null]', '[0,0,0,0]', '{"index":1,"of":1}',
  '{"index":0,"of":0}', '{"index":1}', '"0123456789ABCDEF"', '"0123456789abcdeg"', '""'];
const FIELDS = ['n', 'method', 'total', 'unique', 'nodes', 'shard', 'fingerprint', 'allSubProblems', 'indices', 'parts', '__proto__'];

/** A valid report with one field changed, in its JSON text: set to an edge value, removed, given
 *  twice (JSON.parse keeps the last), or a number inside indices, parts or shard changed. */
const fieldMutated = fc.tuple(report, fc.constantFrom(...FIELDS), fc.constantFrom(...EDGE_JSON), fc.constantFrom('set', 'delete', 'twice', 'inside'), fc.nat())
  .map(([r, field, edge, how, at]) => {
    const placeholder = 'the edge value goes here';
    const text = (object) => JSON.stringify(object).replace(JSON.stringify(placeholder), edge);
    if (how === 'delete') {
      const { [field]: _, ...rest } = r;
      return JSON.stringify(rest);
    }
    if (how === 'twice') return JSON.stringify(r).replace(/}$/, `,"${field}":${edge}}`);
    if (how === 'inside') {
      const copy = structuredClone(r);
      const holders = [copy.indices, copy.parts, ...copy.parts, copy.shard].filter((x) => x && Object.keys(x).length);
      if (!holders.length) return text({ ...copy, [field]: placeholder });
      const holder = holders[at % holders.length];
      const keys = Object.keys(holder);
      holder[keys[Math.floor(at / holders.length) % keys.length]] = placeholder;
      return text(copy);
    }
    return text({ ...r, [field]: placeholder });
  });

/** A large figure claimed by a small file: the whole list's length, or a shard's stride. */
const claimsTooMuch = fc.tuple(report, fc.constantFrom(1e6, 1e8, 2 ** 31, 2 ** 32 + 1, 1e15, 2 ** 53 - 1), fc.boolean())
  .map(([r, big, stride]) => JSON.stringify(stride && r.shard ? { ...r, shard: { index: 1, of: big } } : { ...r, allSubProblems: big }));

const text = fc.oneof(
  { weight: 1, arbitrary: hostileString(80) },
  { weight: 1, arbitrary: fc.json() },
  { weight: 1, arbitrary: report.map((r) => JSON.stringify(r)).chain(mutated) },
  { weight: 3, arbitrary: fieldMutated },
  { weight: 1, arbitrary: claimsTooMuch },
  { weight: 1, arbitrary: reportOf(true).map((r) => JSON.stringify(r)) },
);

/** Whether the report in `text` is consistent in itself, by the rules of report.rs's check. */
function consistent(text) {
  const r = JSON.parse(text);
  if (r === null || typeof r !== 'object' || Array.isArray(r)) return false;
  const count = (x) => Number.isSafeInteger(x) && x >= 0;
  const method = r.method ?? 'backtrack';
  if (!['backtrack', 'meet'].includes(method)) return false;
  if (![r.n, r.total, r.nodes, r.allSubProblems].every(count)) return false;
  if (r.n < 1 || r.n > Math.min(MAX_SHARD_N, method === 'meet' ? MAX_MEET_N : MAX_N)) return false;
  if (typeof r.fingerprint !== 'string' || !/^[0-9a-f]{16}$/.test(r.fingerprint)) return false;
  const shard = r.shard ?? null;
  if (shard !== null && !(count(shard.index) && count(shard.of) && shard.index >= 1 && shard.index <= shard.of)) return false;
  if (!Array.isArray(r.indices) || !Array.isArray(r.parts) || r.indices.length !== r.parts.length) return false;
  const first = shard ? shard.index - 1 : 0;
  const stride = shard ? shard.of : 1;
  if (r.indices.some((index, k) => index !== first + k * stride) || first + r.indices.length * stride < r.allSubProblems) return false;
  if (r.indices.length && r.indices.at(-1) >= r.allSubProblems) return false;
  if (!r.parts.every((p, k) => Array.isArray(p) && p.length === 4 && p.every(count) && p[0] === r.indices[k] && p[2] <= p[1])) return false;
  const sum = (k) => r.parts.reduce((s, p) => s + p[k], 0);
  if (sum(1) !== r.total || sum(3) !== r.nodes) return false;
  if (method === 'backtrack') return count(r.unique) && sum(2) === r.unique;
  return sum(2) === 0 && (r.unique === null || r.unique === undefined || (shard === null && count(r.unique)));
}

const json = (text) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

test('any text is read as a consistent shard, or refused with a sentence, promptly', () => {
  fc.assert(fc.property(text, (input) => {
    const result = parse(input);
    if (result.ok) {
      assert.deepEqual(Object.keys(result), ['ok', 'shard']);
      assert.ok(consistent(input), `accepted only when consistent: ${input.slice(0, 300)}`);
      const r = JSON.parse(input);
      const { shard } = result;
      assert.deepEqual(shard, {
        n: r.n, method: r.method ?? 'backtrack', what: r.shard ? `shard ${r.shard.index}/${r.shard.of}` : 'the whole count',
        piece: r.shard ? { index: r.shard.index, of: r.shard.of } : null,
        fingerprint: r.fingerprint, allSubProblems: r.allSubProblems, parts: r.parts, total: r.total, unique: r.unique ?? null,
      });
    } else {
      assert.deepEqual(Object.keys(result), ['ok', 'message']);
      assert.equal(result.ok, false);
      // Any consistent report must be read (a board above MAX_SHARD_N, whose counts may not fit
      // a JavaScript number, is no consistent report here).
      assert.ok(!json(input) || !consistent(input), `a consistent report is read: ${input.slice(0, 300)}`);
      checkSentence(assert, result.message, { input, longest: 600 });
    }
  }), options());
});

test('every valid report reads back what it says', () => {
  fc.assert(fc.property(report, (r) => {
    const result = parse(JSON.stringify(r));
    assert.equal(result.ok, true, result.message);
    assert.deepEqual([result.shard.n, result.shard.parts, result.shard.total, result.shard.unique], [r.n, r.parts, r.total, r.unique]);
  }), options(0.25));
});

test('a report claiming 2^53 - 1 sub-problems is refused at once (it was listed, holding the page until it ran out of memory)', () => {
  const claim = { n: 8, total: 0, unique: 0, nodes: 0, shard: null, fingerprint: '0123456789abcdef', allSubProblems: 2 ** 53 - 1, indices: [], parts: [] };
  assert.match(parse(JSON.stringify(claim)).message, /indices are not those of the whole count of 9007199254740991 sub-problems/);
  const stride = { ...claim, allSubProblems: 2 ** 53 - 1, shard: { index: 1, of: 2 } };
  assert.match(parse(JSON.stringify(stride)).message, /indices are not those of shard 1\/2/);
});

test('a part with more unique solutions than solutions is refused, as the CLI refuses it', () => {
  const r = { n: 8, total: 1, unique: 2, nodes: 5, shard: null, fingerprint: '0123456789abcdef', allSubProblems: 1, indices: [0], parts: [[0, 1, 2, 5]] };
  assert.match(parse(JSON.stringify(r)).message, /sub-problem 0 has more unique solutions than solutions/);
});
