// The count panel's four flows as runners (count-runs.js), driven DOM-free: a fake pool whose
// answers the test gives, a fake store, a screen that records, a clock the test moves. Each
// runner keeps the board and method it was made with, asks the pool for exactly that, and
// comes to an outcome the panel draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CountRun, ResumeRun, RaceRun, ShardCheckRun, RACERS, RACE_METHOD } from '../../../www/count/count-runs.js';
import { Cancelled, ListChanged } from '../../../www/count/count-pool.js';
import { estimateMs, meetMemoryMiB } from '../../../www/count/count-cost.js';
import { loadCoreWithConstants } from '../../support/core.js';

const core = await loadCoreWithConstants(); // the runners read the counting methods from the core
const about = Object.fromEntries(core.countingMethods().map((m) => [m.slug, m]));

/** A pool whose every call is recorded and answered by `answer(call)` (a value or a throw). */
function fakePool(answer = () => ({})) {
  const calls = [];
  const cancels = [];
  const call = async (kind, args, onProgress) => {
    const entry = { kind, ...args };
    calls.push(entry);
    await null;
    for (const report of entry.reports ?? answer.reports ?? []) onProgress(report);
    return answer(entry);
  };
  return {
    calls,
    cancels,
    countAll: (n, workers, onProgress, options) => call('countAll', { n, workers, options }, onProgress),
    countSome: (n, method, indices, workers, onProgress, expected) => call('countSome', { n, method, indices, workers, expected }, onProgress),
    countPlain: (kind, n, onProgress) => call('countPlain', { racer: kind, n }, onProgress),
    cancel: (why) => cancels.push(why),
  };
}

/** A store recording what it is asked; `kept`: what load(n) gives. */
function fakeStore(kept = null, { forgetFails = false } = {}) {
  const log = [];
  return {
    log,
    begin: async (n, list, fresh) => { log.push(['begin', n, list.method, fresh]); },
    add: (n, parts) => { log.push(['add', n, parts.length]); },
    flush: async () => { log.push(['flush']); },
    forget: async (n) => { log.push(['forget', n]); if (forgetFails) throw new Error('disk full'); },
    load: async (n) => (kept && kept.n === n ? kept : null),
  };
}

const recorder = () => {
  const seen = [];
  return {
    seen,
    progress: (report, run, racer) => seen.push(['progress', report.done, run.workUnit, racer]),
    unique: (run) => seen.push(['unique', run.n]),
    racerFinished: (kind, result) => seen.push(['finished', kind, result.total]),
    racerStopped: (kind, why) => seen.push(['stopped', kind, why]),
  };
};
const clockAt = (times) => ({ now: () => times.shift() });
const report = (done, of, total) => ({ done, of, total, work: done, ms: 1, estimatedBefore: 0, estimatedDone: done, estimatedLeft: of - done });

test('a run keeps the board, method and workers it was made with', () => {
  const run = new CountRun(fakePool(), { n: 12, method: 'backtrack', workers: 2 });
  assert.throws(() => { run.n = 13; }, TypeError);
  assert.throws(() => { run.method = 'meet'; }, TypeError);
  assert.throws(() => { run.workers = 1; }, TypeError);
  assert.deepEqual([run.n, run.method, run.workers], [12, 'backtrack', 2]);
  assert.throws(() => new CountRun(fakePool(), { n: 12, method: 'fast', workers: 1 }), /No counting method “fast”/);
});

test('a count is asked about above its method\'s askAbove (the core\'s), and costs what count-cost.js says', () => {
  const ask = about.meet.askAbove;
  const make = (n, method, earlier = null) => new CountRun(fakePool(), { n, method, workers: 2, earlier });
  assert.equal(make(ask, 'meet').long, false);
  assert.equal(make(ask + 1, 'meet').long, true);
  assert.equal(make(about.backtrack.askAbove + 1, 'backtrack').long, true);
  assert.equal(make(ask + 1, 'meet', { method: 'meet', parts: new Map() }).long, false, 'a resumed count is not asked about again');
  assert.deepEqual(make(19, 'meet').cost(), { ms: estimateMs(19, 2, 'meet'), memoryMiB: meetMemoryMiB(19) });
  const reference = { n: 16, ms: 900, workers: 1 };
  assert.deepEqual(make(19, 'backtrack').cost(reference), { ms: estimateMs(19, 2, 'backtrack', reference), memoryMiB: null });
});

test('a count asks the pool for its own n, method and workers, tells its progress in its method\'s unit, and comes to its row', async () => {
  const answer = () => ({ total: 92, unique: 12, work: 7, ms: 5, workers: 2, method: 'meet', burnside: { half: 4, quarter: 0, unique: 12 } });
  answer.reports = [report(1, 4, 10), report(4, 4, 92)];
  const pool = fakePool(answer);
  const screen = recorder();
  const run = new CountRun(pool, { n: 8, method: 'meet', workers: 2, store: fakeStore() }, screen);
  const outcome = await run.run();
  assert.deepEqual(pool.calls.map(({ kind, n, workers, options }) => [kind, n, workers, options.method]), [['countAll', 8, 2, 'meet']]);
  assert.deepEqual(screen.seen, [['progress', 1, about.meet.workUnit, undefined], ['progress', 4, about.meet.workUnit, undefined]]);
  assert.equal(outcome.kind, 'done');
  assert.deepEqual([outcome.row.n, outcome.row.total, outcome.row.unique, outcome.forgetError], [8, 92, 12, null]);
  await assert.rejects(run.run(), /runs once/);
});

test('keeping progress: the list begun afresh, each part added, written out, and forgotten once the count is done', async () => {
  const pool = fakePool((call) => {
    call.options.onStart({ method: 'backtrack', subProblems: 3, fingerprint: 'f' });
    call.options.onParts([[0, 1, 1, 1], [2, 1, 1, 1]]);
    return { total: 2, unique: 2 };
  });
  const store = fakeStore();
  await new CountRun(pool, { n: 6, method: 'backtrack', workers: 1, store, keep: true }).run();
  assert.deepEqual(store.log, [['begin', 6, 'backtrack', true], ['add', 6, 2], ['forget', 6], ['flush']]);

  const notKept = fakeStore();
  const unkept = fakePool((call) => {
    assert.equal(call.options.onStart, undefined);
    assert.equal(call.options.onParts, undefined);
    return { total: 2, unique: 2 };
  });
  await new CountRun(unkept, { n: 6, method: 'backtrack', workers: 1, store: notKept, keep: false }).run();
  assert.deepEqual(notKept.log, [['forget', 6]], 'a finished count forgets what was kept of n before, even when it kept nothing');
  const failing = fakeStore(null, { forgetFails: true });
  const outcome = await new CountRun(fakePool(() => ({ total: 2 })), { n: 6, method: 'backtrack', workers: 1, store: failing }).run();
  assert.deepEqual([outcome.kind, outcome.forgetError?.message], ['done', 'disk full'], 'the count stands; the failure is told');
});

test('a count cancelled says how long it ran, what was kept and how far it got; one that fails gives its error', async () => {
  const cancelled = () => { throw new Cancelled('Cancelled.'); };
  cancelled.reports = [report(2, 5, 40)];
  const store = fakeStore();
  const run = new CountRun(fakePool(cancelled), { n: 9, method: 'meet', workers: 2, store, keep: true }, {}, clockAt([100, 350]));
  assert.deepEqual(await run.run(), { kind: 'cancelled', message: 'Cancelled.', ms: 250, kept: true, progress: { done: 2, of: 5, total: 40 } });
  assert.deepEqual(store.log, [['flush']], 'what waits is written; nothing forgotten');
  const early = await new CountRun(fakePool(() => { throw new Cancelled('Panel closed.'); }), { n: 9, method: 'meet', workers: 2 }, {}, clockAt([0, 1])).run();
  assert.deepEqual([early.kept, early.progress], [false, { done: 0, of: 0, total: 0 }]);
  const bug = new Error('RuntimeError: unreachable');
  assert.deepEqual(await new CountRun(fakePool(() => { throw bug; }), { n: 9, method: 'meet', workers: 2 }).run(), { kind: 'failed', error: bug });
  const listed = fakeStore();
  const changed = await new CountRun(fakePool(() => { throw new ListChanged(9); }), { n: 9, method: 'meet', workers: 2, store: listed, earlier: { method: 'meet', parts: new Map() } }).run();
  assert.equal(changed.kind, 'listChanged');
  assert.match(changed.message, /another list of sub-problems/);
  assert.deepEqual(listed.log, [['forget', 9]], 'the kept parts of another list are forgotten');
});

test('cancel() stops the pool with the reason given', () => {
  const pool = fakePool();
  new CountRun(pool, { n: 9, method: 'meet', workers: 2 }).cancel('Board size changed.');
  assert.deepEqual(pool.cancels, ['Board size changed.']);
});

test('the offer to resume: the size typed if kept, else the latest; after a reload, the latest', () => {
  const runs = [{ n: 15 }, { n: 12 }, { n: 18 }]; // the latest first
  assert.deepEqual(ResumeRun.offer(runs, 12), { run: runs[1], others: [15, 18] });
  assert.deepEqual(ResumeRun.offer(runs, 13), { run: runs[0], others: [12, 18] });
  assert.deepEqual(ResumeRun.offer(runs, 12, true), { run: runs[0], others: [12, 18] });
  assert.deepEqual(ResumeRun.offer([], 12), { run: null, others: [] });
});

test('a resumed count goes on by the kept count\'s own method, from what was kept', async () => {
  const kept = { n: 14, method: 'backtrack', fingerprint: 'f', subProblems: 5, parts: new Map([[1, [2, 1, 3]]]) };
  const store = fakeStore(kept);
  const pool = fakePool((call) => {
    call.options.onStart({ method: call.options.method });
    return { total: 365_596, unique: 45_752 };
  });
  assert.equal(await new ResumeRun(store, 13).load({ pool, workers: 1, keep: true }), null, 'nothing kept of 13');
  const run = await new ResumeRun(store, 14).load({ pool, workers: 2, keep: true });
  assert.deepEqual([run.n, run.method, run.workers, run.earlier], [14, 'backtrack', 2, kept]);
  assert.notEqual(run.method, core.countingMethods().find((m) => m.isDefault).slug, 'not the default');
  await run.run();
  assert.deepEqual(pool.calls[0].options.earlier, kept);
  assert.deepEqual(store.log[0], ['begin', 14, 'backtrack', false], 'not afresh: the kept parts stay');
  assert.throws(() => new CountRun(pool, { n: 14, method: 'meet', workers: 1, earlier: kept }), /by its own method/);
});

test('the race runs its racers in turn on one worker, by the backtracking counter\'s method throughout', async () => {
  const answer = (call) => ({ total: 724, racer: call.racer ?? 'fast' });
  answer.reports = [report(1, 2, 300)];
  const pool = fakePool(answer);
  const screen = recorder();
  const run = new RaceRun(pool, 10, screen);
  assert.deepEqual([run.n, run.method, run.workers, RACE_METHOD], [10, 'backtrack', 1, 'backtrack']);
  assert.deepEqual(await run.run(), { kind: 'done' });
  assert.deepEqual(pool.calls.map((c) => [c.kind, c.n, c.racer ?? c.options.method, c.workers ?? 1]),
    [['countPlain', 10, 'plain-js', 1], ['countPlain', 10, 'plain-wasm', 1], ['countAll', 10, 'backtrack', 1]]);
  const unit = about.backtrack.workUnit;
  assert.deepEqual(screen.seen, RACERS.flatMap(({ kind }) => [['progress', 1, unit, kind], ['finished', kind, 724]]));
});

test('a race cancelled stops at its racer, says so, and comes to cancelled', async () => {
  const pool = fakePool((call) => {
    if (call.racer === 'plain-wasm') throw new Cancelled('Cancelled.');
    return { total: 724 };
  });
  const screen = recorder();
  const outcome = await new RaceRun(pool, 10, screen, clockAt([0, 40])).run();
  assert.deepEqual(screen.seen, [['finished', 'plain-js', 724], ['stopped', 'plain-wasm', 'cancelled']]);
  assert.deepEqual([outcome.kind, outcome.ms, outcome.kept], ['cancelled', 40, false]);
  const failed = recorder();
  await new RaceRun(fakePool(() => { throw new Error('crash'); }), 10, failed).run();
  assert.deepEqual(failed.seen, [['stopped', 'plain-js', 'failed']]);
});

test('a shard check counts again the sample\'s sub-problems by the shard\'s own board and method, on its list', async () => {
  const shard = { n: 18, method: 'backtrack', fingerprint: '0123456789abcdef', parts: [[4, 1, 1, 1], [9, 2, 1, 5], [14, 3, 1, 2]] };
  const again = { fingerprint: shard.fingerprint, subProblems: 20, parts: new Map() };
  const pool = fakePool(() => again);
  const run = new ShardCheckRun(pool, { shard, positions: [0, 2], workers: 2 }, {}, clockAt([10, 70]));
  assert.deepEqual([run.n, run.method], [18, 'backtrack']);
  assert.deepEqual(await run.run(), { kind: 'done', again, ms: 60 });
  assert.deepEqual(pool.calls, [{ kind: 'countSome', n: 18, method: 'backtrack', indices: [4, 14], workers: 2, expected: shard.fingerprint }]);
});
