// The embed's step range (www/embed/embed-range.js) on the real player and the wasm core in Node,
// with a clock whose frames come when the test says: commands before ready, the end of play,
// a pause at the end, a range past the end of the search, a move out of the range, the loop.
import { test, before, mock } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from '../../support/core.js';
import { Player, PLAYING, PAUSED } from '../../../www/player/player.js';
import { EmbedRange } from '../../../www/embed/embed-range.js';

let core;
before(async () => { core = await loadCore(); });

/** Animation frames on demand. A look at the clock does not move it, so a time-sliced batch
 *  runs until it arrives: one frame does a whole seek. */
class FrameClock {
  time = 0;
  waiting = [];
  now = () => this.time;
  nextFrame = (callback) => this.waiting.push(callback);
  /** Runs frames until nothing asks for one (at most `limit`). */
  async settle(limit = 10_000) {
    for (let i = 0; i < limit && this.waiting.length; i++) {
      this.time += 1000 / 60;
      this.waiting.shift()(this.time);
      await Promise.resolve(); // the range's follow-ups (queueMicrotask)
    }
  }
}

/** A player on an n×n board with an embed range; `events` collects what the host would get. */
function embed(n, range, { position = 0, autoplay = false, speed = Infinity } = {}) {
  const clock = new FrameClock();
  const events = [];
  const warnings = [];
  let kept = null;
  const player = new Player(core.Search, {
    keep: 1000,
    cleared() {},
    boardsPassed: (passed) => kept?.boardsPassed(passed),
    failed: (error) => { throw error; },
    progress() {},
    render: (snapshot, state) => kept?.render(snapshot, state),
  }, clock);
  player.setSpeed(speed);
  player.reset(n, false);
  kept = new EmbedRange(player, { from: 0, to: null, loop: false, ...range }, {
    post: (type, more = {}) => events.push({ type, step: player.readOnly.position, ...more }),
    warn: (text) => warnings.push(text),
  });
  kept.start(position, autoplay);
  return { player, seen: player.readOnly, range: kept, clock, events, warnings };
}

const types = (events) => events.map((e) => e.type);

test('before the embed is ready every command is refused with a warning; then it stands at `from`', async (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  // Far enough to be reached over several frames (the player seeks at once up to 200,000).
  const { range, seen, clock, events } = embed(12, { from: 1_000_000, to: 1_000_050 });
  assert.equal(seen.state, PLAYING, 'still on the way');
  for (const command of ['step', 'back', 'play', 'pause', 'togglePlay']) range[command]();
  range.seek(5);
  assert.equal(warn.mock.callCount(), 6);
  assert.match(warn.mock.calls[0].arguments[0], /^bitqueens embed: ignored “step”: the embed is not ready yet/);
  await clock.settle();
  assert.equal(seen.position, 1_000_000);
  assert.deepEqual(events, [{ type: 'ready', step: 1_000_000, from: 1_000_000, to: 1_000_050 }]);
  range.step();
  assert.equal(seen.position, 1_000_001, 'obeyed once ready');
});

test('play stops at `to` and tells the end once; a pause at `to` before play has seen it tells nothing', async () => {
  let embedded = embed(6, { from: 5, to: 40 });
  await embedded.clock.settle();
  embedded.range.play();
  await embedded.clock.settle();
  assert.equal(embedded.seen.position, 40);
  assert.equal(embedded.seen.state, PAUSED);
  assert.deepEqual(types(embedded.events).filter((type) => type !== 'step'), ['ready', 'end']);
  assert.equal(embedded.events.filter((e) => e.type === 'step').length, 1, 'one redraw at full speed: one step event');

  // At 1 step/s the first step comes at once and the player reaches `to` still playing.
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    embedded = embed(6, { from: 5, to: 6, loop: true }, { speed: 1 });
    await embedded.clock.settle();
    embedded.range.play();
    await embedded.clock.settle(1);
    assert.equal(embedded.seen.position, 6);
    assert.equal(embedded.seen.state, PLAYING);
    embedded.range.pause();
    mock.timers.tick(5_000);
    await embedded.clock.settle();
    assert.deepEqual(types(embedded.events), ['ready', 'step'], 'no end, and no loop');
    assert.equal(embedded.seen.state, PAUSED);
  } finally {
    mock.timers.reset();
  }
});

test('with loop, the range plays again from `from` after its end', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const { range, seen, clock, events } = embed(6, { from: 10, to: 30, loop: true });
    await clock.settle();
    range.play();
    await clock.settle();
    assert.deepEqual(types(events).filter((type) => type !== 'step'), ['ready', 'end']);
    mock.timers.tick(800);
    await clock.settle();
    assert.deepEqual(types(events).filter((type) => type !== 'step'), ['ready', 'end', 'end']);
    assert.ok(events.some((e) => e.type === 'step' && e.step === 10), 'back at the start of the range');
    assert.equal(seen.position, 30);
    range.pause();
    mock.timers.tick(5_000);
    await clock.settle();
    assert.equal(events.filter((e) => e.type === 'end').length, 2, 'a pause stops the loop');
  } finally {
    mock.timers.reset();
  }
});

test('a range past the end of the search is cut there, with a message, even beyond the look-ahead', async () => {
  // 4×4: the look-ahead reaches the end at once.
  let embedded = embed(4, { to: 999_999 });
  assert.equal(embedded.warnings.length, 1);
  assert.match(embedded.warnings[0], /runs to step 999999, past the end of the search; it ends at step \d+\./);
  assert.ok(embedded.range.to > 0 && embedded.range.to < 999_999);
  // 13×13 (over 20 million steps): past the look-ahead, learnt when the search gets there.
  embedded = embed(13, { to: 10 ** 12 });
  await embedded.clock.settle();
  assert.deepEqual(embedded.warnings, []);
  embedded.range.seek(10 ** 12);
  await embedded.clock.settle();
  assert.equal(embedded.seen.finished, true);
  assert.equal(embedded.range.to, embedded.seen.position);
  assert.match(embedded.warnings[0], /runs to step 1000000000000, past the end of the search/);
  // A start past the end: shown at the end, said once.
  embedded = embed(5, { from: 10 ** 9 });
  await embedded.clock.settle();
  assert.equal(embedded.range.from, embedded.seen.position);
  assert.equal(embedded.seen.finished, true);
  assert.match(embedded.warnings.join(' '), /starts at step 1000000000, past the end of the search/);
});

test('a move out of the range by something else (a node of the Search tree) is undone', async () => {
  const { player, range, seen, clock } = embed(6, { from: 100, to: 110 });
  await clock.settle();
  player.seek(32); // what the tree panel does, past the range's back
  await clock.settle();
  assert.equal(seen.position, 100);
  player.seek(500);
  await clock.settle();
  assert.equal(seen.position, 110);
  assert.equal(range.playing, false);
});

test('a range of one step has nothing to play: no end is told, the player stays at rest', async () => {
  const { range, seen, clock, events } = embed(6, { from: 12, to: 12, loop: true });
  await clock.settle();
  range.play();
  await clock.settle();
  range.togglePlay();
  await clock.settle();
  assert.deepEqual(types(events), ['ready']);
  assert.equal(range.playing, false);
  assert.equal(seen.position, 12);
});

test('Pause during a long seek pauses it (it does not play on from where the seek got to)', async () => {
  const { range, seen, clock } = embed(12, { from: 0, to: 2_000_000 });
  await clock.settle();
  range.seek(1_500_000); // beyond what the player seeks at once: frame by frame
  assert.equal(seen.state, PLAYING);
  range.togglePlay();
  assert.notEqual(seen.state, PLAYING);
  const stood = seen.position;
  await clock.settle(5);
  assert.equal(seen.position, stood);
});

test('a node of the tree chosen before the embed is ready, or during the loop\'s wait, does not take it out of its range or restart it', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    let embedded = embed(12, { from: 1_000_000, to: 1_000_050 });
    embedded.player.seek(32); // the tree, during the opening seek
    await embedded.clock.settle();
    assert.equal(embedded.seen.position, 1_000_000);
    assert.deepEqual(embedded.events, [{ type: 'ready', step: 1_000_000, from: 1_000_000, to: 1_000_050 }]);

    embedded = embed(6, { from: 10, to: 30, loop: true });
    await embedded.clock.settle();
    embedded.range.play();
    await embedded.clock.settle();
    embedded.player.seek(20); // the tree, while the loop waits at the end
    await embedded.clock.settle();
    mock.timers.tick(5_000);
    await embedded.clock.settle();
    assert.equal(embedded.seen.position, 20);
    assert.equal(embedded.events.filter((e) => e.type === 'end').length, 1);
  } finally {
    mock.timers.reset();
  }
});

test('Play while the range is on its way back to `from` changes nothing: the lap starts at `from`', async () => {
  const { range, seen, clock, events } = embed(12, { from: 1_000, to: 1_500_000 });
  await clock.settle();
  range.play();
  await clock.settle();
  assert.equal(seen.position, 1_500_000);
  range.play(); // at the end: back to `from` (a seek back over many frames), then play
  assert.equal(seen.state, PLAYING, 'on the way back');
  assert.ok(seen.position > 1_000);
  range.play();
  await clock.settle();
  assert.equal(seen.position, 1_500_000);
  const moves = events.filter((e) => e.type !== 'solution');
  assert.deepEqual(types(moves).filter((type) => type !== 'step'), ['ready', 'end', 'end']);
  const lap = moves.slice(moves.findIndex((e) => e.type === 'end') + 1);
  const far = 1_500_000 - 200_000; // where the seek back stands after its first batch
  assert.deepEqual(lap.map((e) => [e.type, e.step]), [['step', far], ['step', 1_000], ['step', 1_500_000], ['end', 1_500_000]],
    'back to `from` (shown as it starts and on arrival), then played from there to the end');
});
