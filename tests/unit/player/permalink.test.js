import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPermalink, writePermalink, readComparePermalink, writeComparePermalink } from '../../../www/player/permalink.js';

const SPEEDS = [1, 10, 20, Infinity];

test('a written permalink reads back the same state', () => {
  for (const state of [{ n: 8, speed: 20, position: 1234 }, { n: 32, speed: Infinity, position: 0 }, { n: 1, speed: 1, position: 5 }]) {
    const url = new URL(writePermalink('http://localhost:8080/?x=1', state));
    assert.equal(url.searchParams.get('x'), '1');
    assert.deepEqual(readPermalink(url.search, SPEEDS, 10, 32), { ...state, mirror: false, problems: [] });
  }
});

test('no query gives the defaults', () => {
  assert.deepEqual(readPermalink('', SPEEDS, 10, 32), { n: 8, speed: 10, position: 0, mirror: false, problems: [] });
});

test('each bad value falls back to its default with its own sentence', () => {
  const { n, speed, position, problems } = readPermalink('?n=abc&speed=7&pos=-3', SPEEDS, 10, 32);
  assert.deepEqual({ n, speed, position }, { n: 8, speed: 10, position: 0 });
  assert.equal(problems.length, 3);
  assert.match(problems[0], /board size/);
  assert.match(problems[1], /speed “7”/);
  assert.match(problems[2], /position “-3”/);
  assert.equal(readPermalink('?pos=1e9', SPEEDS, 10, 32).problems.length, 1);
  assert.equal(readPermalink('?pos=9999999999999999', SPEEDS, 10, 32).problems.length, 1);
});

test('mirror mode travels in the link as mirror=1, and junk is refused', () => {
  const url = new URL(writePermalink('http://localhost/', { n: 8, speed: 10, position: 3, mirror: true }));
  assert.equal(url.searchParams.get('mirror'), '1');
  assert.equal(readPermalink(url.search, SPEEDS, 10, 32).mirror, true);
  const off = new URL(writePermalink(url.href, { n: 8, speed: 10, position: 3, mirror: false }));
  assert.equal(off.searchParams.has('mirror'), false);
  const bad = readPermalink('?mirror=yes', SPEEDS, 10, 32);
  assert.equal(bad.mirror, false);
  assert.match(bad.problems[0], /mirror “yes”/);
});

const SLUGS = ['board-scan', 'flag-arrays', 'richards', 'free-masks'];
const DEFAULTS = { algorithms: ['board-scan', 'richards'], n: 6 };

test('the Compare section travels in the link and reads back, beside the player\'s state', () => {
  assert.equal(readComparePermalink('?n=8&pos=3', SLUGS, DEFAULTS, 16), null, 'closed: not in the link');
  const state = { algorithms: ['flag-arrays', 'free-masks', 'richards'], n: 9, position: 120, mirror: true };
  const url = new URL(writeComparePermalink('http://localhost/?n=8&pos=3', state));
  assert.equal(url.searchParams.get('pos'), '3');
  assert.deepEqual(readComparePermalink(url.search, SLUGS, DEFAULTS, 16), { ...state, problems: [] });
  assert.equal(new URL(writeComparePermalink(url.href, null)).search, '?n=8&pos=3');
  // The end, every lane finished, is a place of its own: the node events stop short of it.
  const end = new URL(writeComparePermalink('http://localhost/', { ...state, position: Infinity }));
  assert.equal(end.searchParams.get('cnode'), 'end');
  assert.equal(readComparePermalink(end.search, SLUGS, DEFAULTS, 16).position, Infinity);
  assert.equal(readComparePermalink('?cnode=ends', SLUGS, DEFAULTS, 16).position, 0);
});

test('junk in the Compare part of the link gives one sentence per bad value and the defaults', () => {
  const read = readComparePermalink('?compare=quantum,richards&cn=99&cnode=x&cmirror=yes', SLUGS, DEFAULTS, 16);
  assert.deepEqual([read.algorithms, read.n, read.position, read.mirror], [DEFAULTS.algorithms, 6, 0, false]);
  assert.equal(read.problems.length, 5);
  assert.match(read.problems[0], /unknown algorithms \(“quantum”\)/);
  assert.match(read.problems[1], /compares 1 known algorithm; pick 2 to 4/);
  assert.match(read.problems[2], /out of range: use 1 to 16/);
  const five = readComparePermalink(`?compare=${SLUGS.join(',')},board-scan,richards`, [...SLUGS, 'bit-by-bit'], DEFAULTS, 16);
  assert.deepEqual(five.algorithms, SLUGS, 'repeats count once');
});
