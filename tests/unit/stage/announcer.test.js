// What a screen reader hears of the search (www/stage/announcer.js), with a fake clock: each
// transition of its table, the pace while playing, the sentence where play stops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Announcer, SAY_EVERY_MS, TRANSITIONS } from '../../../www/stage/announcer.js';

/** An announcer on a clock and a timer the test moves: { announcer, said (every text said),
 *  clock, advance(ms) (moves the clock, firing the timers due on the way) }. */
function announcerOnAClock() {
  const clock = { ms: 0 };
  const said = [];
  let timers = [];
  const timer = {
    later: (callback, ms) => { const handle = { callback, at: clock.ms + ms }; timers.push(handle); return handle; },
    cancel: (handle) => { timers = timers.filter((t) => t !== handle); },
  };
  const advance = (ms) => {
    const until = clock.ms + ms;
    for (let due = timers.find((t) => t.at <= until); due; due = timers.find((t) => t.at <= until)) {
      timers = timers.filter((t) => t !== due);
      clock.ms = Math.max(clock.ms, due.at);
      due.callback();
    }
    clock.ms = until;
  };
  const announcer = new Announcer((text) => said.push(text), () => clock.ms, timer);
  return { announcer, said, clock, advance };
}

test('the table covers every pair of states: playing, resting, followed', () => {
  const states = ['playing', 'resting', 'followed'];
  for (const from of states) {
    for (const to of states) assert.ok(TRANSITIONS[from][to], `${from} → ${to}`);
  }
});

test('resting, each new sentence is said as it comes, a redraw of the same one is not', () => {
  const { announcer, said } = announcerOnAClock();
  announcer.render('Ready.', 0, 'idle');
  announcer.render('Row 1: free squares.', 1, 'paused');
  announcer.render('Row 1: free squares.', 1, 'paused'); // a redraw (the theme changed, say)
  announcer.render('Row 1: try column 8.', 2, 'paused');
  assert.deepEqual(said, ['Ready.', 'Row 1: free squares.', 'Row 1: try column 8.']);
});

test('playing, the first step is said at once, then at most one sentence every SAY_EVERY_MS', () => {
  const { announcer, said, clock } = announcerOnAClock();
  announcer.render('Ready.', 0, 'idle');
  said.length = 0;
  // 60 frames a second for 10 s, a new sentence each frame.
  for (let frame = 0; frame < 600; frame++) {
    clock.ms = frame * (1000 / 60);
    announcer.render(`Sentence ${frame}.`, frame + 1, 'playing');
  }
  assert.equal(said[0], 'Sentence 0.', 'the first step at once');
  assert.ok(said.length <= 1 + Math.floor(clock.ms / SAY_EVERY_MS), `${said.length} said in ${clock.ms} ms`);
  assert.ok(said.length >= Math.floor(clock.ms / SAY_EVERY_MS), 'one every SAY_EVERY_MS, not fewer');
});

test('playing slowly, a sentence is not said again when no step came since', () => {
  const { announcer, said, clock } = announcerOnAClock();
  announcer.render('Step 1.', 1, 'playing');
  clock.ms = 2 * SAY_EVERY_MS; // the same step still on screen (1 step in 10 s, say)
  announcer.render('Step 1.', 1, 'playing');
  assert.deepEqual(said, ['Step 1.']);
});

test('when play stops (paused, done, reset) the sentence where it stopped is always said, led by its step', () => {
  for (const state of ['paused', 'done', 'idle']) {
    const { announcer, said, clock } = announcerOnAClock();
    announcer.render('Row 6: free squares.', 1200, 'playing');
    clock.ms = 10; // right after: the same sentence, said a moment ago
    announcer.render('Row 6: free squares.', 1200, state);
    assert.deepEqual(said, ['Row 6: free squares.', 'At step 1,200. Row 6: free squares.'], state);
    announcer.render('Row 6: free squares.', 1200, state); // a redraw at rest: nothing new
    assert.equal(said.length, 2, state);
  }
});

test('a followed board (a live class’s teacher playing, ten positions a second) is paced as play is, and its last sentence is always said', () => {
  const { announcer, said, clock, advance } = announcerOnAClock();
  announcer.render('Ready.', 0, 'paused', true);
  said.length = 0;
  clock.ms = 100; // the first position comes 100 ms after the last sentence: held back
  for (let k = 1; k <= 100; k++) {
    announcer.render(`Step ${k}.`, k, 'paused', true);
    advance(100);
  }
  const elapsed = clock.ms;
  assert.ok(said.length <= 1 + Math.floor(elapsed / SAY_EVERY_MS), `${said.length} said in ${elapsed} ms`);
  assert.ok(said.length >= Math.floor(elapsed / SAY_EVERY_MS) - 1, `one every SAY_EVERY_MS: ${said.length}`);
  // The teacher stopped at step 100: said once SAY_EVERY_MS have passed since the last one.
  advance(SAY_EVERY_MS);
  assert.equal(said.at(-1), 'Step 100.');
  const count = said.length;
  advance(10 * SAY_EVERY_MS);
  assert.equal(said.length, count, 'nothing more');
});

test('a followed sentence held back is dropped when the student moves their own board (the room explores)', () => {
  const { announcer, said, advance } = announcerOnAClock();
  announcer.render('Step 1.', 1, 'paused', true); // said at once: none before
  announcer.render('Step 2.', 2, 'paused', true); // held back
  announcer.render('Step 3.', 3, 'paused', false); // the student's own Step
  advance(2 * SAY_EVERY_MS);
  assert.deepEqual(said, ['Step 1.', 'Step 3.']);
});

