// What a screen reader hears of the search (www/stage/announcer.js), with a fake clock: each
// transition of its table, the pace while playing, the sentence where play stops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Announcer, SAY_EVERY_MS, TRANSITIONS } from '../../../www/stage/announcer.js';

/** An announcer on a clock the test moves: { announcer, said (every text said), clock }. */
function announcerOnAClock() {
  const clock = { ms: 0 };
  const said = [];
  const announcer = new Announcer((text) => said.push(text), () => clock.ms);
  return { announcer, said, clock };
}

test('the table covers every pair of states, playing and resting', () => {
  for (const from of ['playing', 'resting']) {
    for (const to of ['playing', 'resting']) assert.ok(TRANSITIONS[from][to], `${from} → ${to}`);
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
