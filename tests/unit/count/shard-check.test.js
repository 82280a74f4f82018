// The pure part of "Check a shard": reading a report, the sample, the comparison.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseShard, sample, compareParts } from '../../../www/count/shard-check.js';
import { loadCoreWithConstants } from '../../support/core.js';

const core = await loadCoreWithConstants(); // the counting methods and the tables are the core's
const MAX_SHARD_N = core.publishedCounts().totals.length;

/** A made-up report of shard 2/3 of a 7-long list, consistent in itself. */
function report(change = () => {}) {
  const r = {
    n: 9, shard: { index: 2, of: 3 }, fingerprint: '00112233445566ff', allSubProblems: 7,
    indices: [1, 4], parts: [[1, 16, 2, 100], [4, 8, 1, 50]], total: 24, unique: 3, nodes: 150,
  };
  change(r);
  return JSON.stringify(r);
}

test('a consistent report is read with what it covers', () => {
  const { ok, shard } = parseShard(report(), 32);
  assert.equal(ok, true);
  assert.equal(shard.what, 'shard 2/3');
  assert.deepEqual(shard.parts.map((p) => p[0]), [1, 4]);
  const whole = parseShard(report((r) => {
    r.shard = null; r.indices = [0, 1]; r.allSubProblems = 2; r.parts = [[0, 16, 2, 100], [1, 8, 1, 50]];
  }), 32);
  assert.equal(whole.shard.what, 'the whole count');
});

test('every kind of damage is named', () => {
  for (const [text, why] of [
    [' ', /Paste or drop/],
    ['{', /not JSON/],
    ['null', /not a JSON object/],
    [report((r) => { r.total = -1; }), /“total” is not a whole number/],
    [report((r) => { r.n = 33; }), /not a board size/],
    [report((r) => { r.n = MAX_SHARD_N + 1; }), /bitqueens verify/],
    [report((r) => { r.fingerprint = '00112233445566FF'; }), /16 hex digits/],
    [report((r) => { r.shard = { index: 0, of: 3 }; }), /“shard”/],
    [report((r) => { r.indices = [1, 5]; }), /indices are not those of shard 2\/3 of 7/],
    [report((r) => { r.shard = null; delete r.indices; delete r.parts; }), /^This is the summary of a count .* or a count written with --parts\.$/],
    [report((r) => { delete r.indices; }), /it has no “indices” and “parts”/],
    [report((r) => { r.parts[1][0] = 5; }), /parts do not match/],
    [report((r) => { r.parts[1] = [4, 8, 1]; }), /parts do not match/],
    [report((r) => { r.unique = 4; }), /add up to 3 unique solutions, but it says 4/],
    [report((r) => { r.total = 25; }), /add up to 24 solutions and 150 nodes, but it says 25 and 150/],
    [report((r) => { r.method = 'meet'; r.unique = null; for (const p of r.parts) p[2] = 0; r.nodes = 151; }),
      /add up to 24 solutions and 150 half-boards, but it says 24 and 151/],
    [report((r) => { r.method = 'Meet'; }), /its “method” is not meet or backtrack/],
    [report((r) => { r.method = 'meet'; r.unique = null; }), /unique counts for parts of the meet-in-the-middle counter/],
    [report((r) => { r.unique = null; }), /“unique” is not a whole number/],
    [report((r) => { r.method = 'meet'; r.unique = 3; for (const p of r.parts) p[2] = 0; }), /a unique count for a shard of the meet-in-the-middle counter/],
  ]) {
    const result = parseShard(text, 32);
    assert.equal(result.ok, false, text);
    assert.match(result.message, why, text);
  }
});

test('a meet shard has no unique count; a report without a method is the backtracking counter’s', () => {
  const meet = parseShard(report((r) => {
    r.method = 'meet';
    r.unique = null;
    for (const p of r.parts) p[2] = 0;
  }), 32);
  assert.equal(meet.ok, true, meet.message);
  assert.deepEqual([meet.shard.method, meet.shard.unique], ['meet', null]);
  const tooLarge = parseShard(report((r) => { r.method = 'meet'; r.n = 24; r.unique = null; for (const p of r.parts) p[2] = 0; }), 32);
  assert.match(tooLarge.message, /counts boards up to 23×23, and it says N = 24/);
  const old = parseShard(report(() => {}), 32);
  assert.equal(old.ok, true, old.message);
  assert.deepEqual([old.shard.method, old.shard.unique], ['backtrack', 3]);
});

test('a sample is distinct, sorted, in range, and all when asked for more', () => {
  let seed = 1;
  const random = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  for (const [len, k] of [[10, 3], [10, 10], [5, 9], [0, 2], [100, 1]]) {
    const picked = sample(len, k, random);
    assert.equal(picked.length, Math.min(len, k));
    assert.ok(picked.every((p, i) => p >= 0 && p < len && (i === 0 || picked[i - 1] < p)), String(picked));
  }
  const seen = new Set();
  for (let i = 0; i < 200; i++) sample(8, 1, random).forEach((p) => seen.add(p));
  assert.equal(seen.size, 8, 'every position can be picked');
});

test('parts are compared number by number', () => {
  const { shard } = parseShard(report(), 32);
  const again = new Map([[1, [16, 2, 100]], [4, [8, 1, 51]]]);
  assert.deepEqual(compareParts(shard, [0, 1], again).map((r) => [r.index, r.agrees]), [[1, true], [4, false]]);
  assert.equal(compareParts(shard, [1], new Map())[0].agrees, false, 'not counted again: not agreeing');
});
