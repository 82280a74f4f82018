// The player's screen made of parts (www/player/screen.js): each part told the calls it
// implements, in the order added, from the moment it joined; and a real Player driving it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Screen } from '../../../www/player/screen.js';
import { Player } from '../../../www/player/player.js';
import { loadCore } from '../../support/core.js';

/** A part that notes every call it gets in `heard`, with its name; `calls` are those it implements. */
function part(name, heard, calls = ['render', 'progress', 'boardsPassed', 'cleared']) {
  return Object.fromEntries(calls.map((call) => [call, (...args) => heard.push([name, call, ...args])]));
}

test('each part is told the calls it implements, in the order the parts were added', () => {
  const heard = [];
  const screen = new Screen({ keep: 3, failed: () => {} });
  screen.add(part('a', heard), part('b', heard, ['render']), part('c', heard, ['cleared', 'progress']));
  screen.cleared(6, true);
  screen.progress(12);
  screen.boardsPassed({ count: 1 });
  screen.render('snapshot', 'paused');
  assert.deepEqual(heard, [
    ['a', 'cleared', 6, true], ['c', 'cleared', 6, true],
    ['a', 'progress', 12], ['c', 'progress', 12],
    ['a', 'boardsPassed', { count: 1 }],
    ['a', 'render', 'snapshot', 'paused'], ['b', 'render', 'snapshot', 'paused'],
  ]);
  assert.equal(screen.keep, 3);
});

test('a part added later hears only what comes after; a part that implements nothing is refused', () => {
  const heard = [];
  const screen = new Screen({ keep: 0, failed: () => {} });
  screen.add(part('early', heard, ['render']));
  screen.render(1, 'idle');
  screen.add(part('late', heard, ['render']));
  screen.render(2, 'idle');
  assert.deepEqual(heard, [['early', 'render', 1, 'idle'], ['early', 'render', 2, 'idle'], ['late', 'render', 2, 'idle']]);
  assert.throws(() => screen.add({ draw() {} }), /implements none of render, progress, boardsPassed, cleared/);
});

test('a Player drives a Screen: a part added after the player is made hears the first reset and each step', async () => {
  const { Search } = await loadCore();
  const heard = [];
  const failures = [];
  const screen = new Screen({ keep: 10, failed: (error) => failures.push(error) });
  const clock = { now: () => 0, nextFrame: () => {} }; // no frames: only the calls made here
  const player = new Player(Search, screen, clock);
  screen.add(part('stage', heard, ['cleared', 'render']));
  player.reset(5, true);
  player.step();
  player.step();
  assert.deepEqual(heard.map(([, call, ...args]) => (call === 'cleared' ? [call, ...args] : [call, args[0].steps])),
    [['cleared', 5, true], ['render', 0], ['render', 1], ['render', 2]]);
  assert.deepEqual(failures, []);
  player.search.free();
});
