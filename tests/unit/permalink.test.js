import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPermalink, writePermalink } from '../../www/permalink.js';

const SPEEDS = [1, 10, 20, Infinity];

test('a written permalink reads back the same state', () => {
  for (const state of [{ n: 8, speed: 20, position: 1234 }, { n: 32, speed: Infinity, position: 0 }, { n: 1, speed: 1, position: 5 }]) {
    const url = new URL(writePermalink('http://localhost:8080/?x=1', state));
    assert.equal(url.searchParams.get('x'), '1');
    assert.deepEqual(readPermalink(url.search, SPEEDS, 10), { ...state, mirror: false, problems: [] });
  }
});

test('no query gives the defaults', () => {
  assert.deepEqual(readPermalink('', SPEEDS, 10), { n: 8, speed: 10, position: 0, mirror: false, problems: [] });
});

test('each bad value falls back to its default with its own sentence', () => {
  const { n, speed, position, problems } = readPermalink('?n=abc&speed=7&pos=-3', SPEEDS, 10);
  assert.deepEqual({ n, speed, position }, { n: 8, speed: 10, position: 0 });
  assert.equal(problems.length, 3);
  assert.match(problems[0], /board size/);
  assert.match(problems[1], /speed “7”/);
  assert.match(problems[2], /position “-3”/);
  assert.equal(readPermalink('?pos=1e9', SPEEDS, 10).problems.length, 1);
  assert.equal(readPermalink('?pos=9999999999999999', SPEEDS, 10).problems.length, 1);
});

test('mirror mode travels in the link as mirror=1, and junk is refused', () => {
  const url = new URL(writePermalink('http://localhost/', { n: 8, speed: 10, position: 3, mirror: true }));
  assert.equal(url.searchParams.get('mirror'), '1');
  assert.equal(readPermalink(url.search, SPEEDS, 10).mirror, true);
  const off = new URL(writePermalink(url.href, { n: 8, speed: 10, position: 3, mirror: false }));
  assert.equal(off.searchParams.has('mirror'), false);
  const bad = readPermalink('?mirror=yes', SPEEDS, 10);
  assert.equal(bad.mirror, false);
  assert.match(bad.problems[0], /mirror “yes”/);
});
