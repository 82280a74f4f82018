// The pool of counting workers (count-pool.js) on fake workers that speak count-worker.js's
// messages over a made-up plan written out here: no browser, no wasm counting. Its sums,
// progress, hand-out order, resumed parts, the Burnside step (for the method whose unique
// count the core says is Burnside's), cancel, a crashed worker, and one count at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CountPool, Cancelled, ListChanged, ONE_PER_JOB_FROM } from '../../../www/count/count-pool.js';
import { loadCoreWithConstants } from '../../support/core.js';

await loadCoreWithConstants(); // the pool reads the counting methods from the core

/** The made-up plan of n by `method`: n sub-problems (100 from N = 17 on, enough to be
 *  batched), part i = [i + 1 solutions, 1 unique by backtracking (0 by meeting in the
 *  middle), 10·(i + 1) work], handed out last first. */
function plan(n, method) {
  const length = n >= 17 ? 100 : n;
  const parts = Array.from({ length }, (_, i) => [i + 1, method === 'backtrack' ? 1 : 0, 10 * (i + 1)]);
  return {
    subProblems: length,
    fingerprint: `fp-${n}-${method}`,
    estimatedWork: Float64Array.from(parts, (_, i) => i + 1),
    order: Uint32Array.from(parts, (_, i) => length - 1 - i),
    parts,
  };
}
const BURNSIDE = { half: 4, quarter: 2, unique: 99 };

/** A worker answering each job in the order posted, a macrotask later; `held`: jobs of that
 *  kind wait until release(). `crashOn`: a job kind that makes it fail as a crashed worker does. */
class FakeWorker {
  constructor(log, { held = null, crashOn = null } = {}) {
    Object.assign(this, { log, held, crashOn, waiting: [], terminated: false, onmessage: null, onerror: null });
    log.workers.push(this);
  }

  postMessage(job) {
    this.log.posted.push(job);
    if (this.crashOn === job.kind) {
      setTimeout(() => this.onerror({ message: 'RuntimeError: unreachable', preventDefault() {} }), 0);
      return;
    }
    if (this.held === job.kind || this.waiting.length) this.waiting.push(job);
    else setTimeout(() => this.answer(job), 0);
  }

  release() {
    this.held = null;
    for (const job of this.waiting.splice(0)) setTimeout(() => this.answer(job), 0);
  }

  answer(job) {
    if (this.terminated) return;
    const p = job.n ? plan(job.n, job.method) : null;
    let data;
    if (job.kind === 'ready') data = {};
    else if (job.kind === 'list') data = { subProblems: p.subProblems, fingerprint: p.fingerprint, estimatedWork: p.estimatedWork, order: p.order };
    else if (job.kind === 'fast') {
      data = { total: 0, unique: 0, work: 0, parts: [] };
      for (const index of job.indices) {
        const [total, unique, work] = p.parts[index];
        Object.assign(data, { total: data.total + total, unique: data.unique + unique, work: data.work + work });
        data.parts.push([index, total, unique, work]);
      }
    } else if (job.kind === 'burnside') data = BURNSIDE;
    else if (job.kind.startsWith('plain')) data = { total: job.column, unique: 0, work: 1 };
    else data = null;
    this.onmessage({ data: data ? { ok: true, ...data } : { ok: false, error: `unknown job ${job.kind}` } });
  }

  terminate() {
    this.terminated = true;
  }
}

function fakePool(size, options = {}) {
  const log = { workers: [], posted: [] };
  const pool = new CountPool(() => new FakeWorker(log, options), size);
  return { pool, log, counted: () => log.posted.filter((j) => j.kind === 'fast').flatMap((j) => j.indices) };
}

const sum = (parts, k) => parts.reduce((s, part) => s + part[k], 0);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test('backtracking: every sub-problem counted once, on the workers asked for, summed, with progress to the end', async () => {
  const { pool, log, counted } = fakePool(3);
  const reports = [];
  const result = await pool.countAll(12, 2, (report) => reports.push(report), { method: 'backtrack' });
  const { parts, fingerprint } = plan(12, 'backtrack');
  assert.deepEqual([...counted()].sort((a, b) => a - b), parts.map((_, i) => i), 'each index once');
  assert.equal(log.workers.length, 2, 'two of the three workers started');
  assert.deepEqual(
    { total: result.total, unique: result.unique, work: result.work, subProblems: result.subProblems, workers: result.workers, fingerprint: result.fingerprint, resumed: result.resumed, method: result.method, burnside: result.burnside },
    { total: sum(parts, 0), unique: sum(parts, 1), work: sum(parts, 2), subProblems: 12, workers: 2, fingerprint, resumed: 0, method: 'backtrack', burnside: null },
  );
  assert.equal(log.posted.filter((j) => j.kind === 'burnside').length, 0, 'backtracking counts its unique count by parts');
  const last = reports.at(-1);
  assert.deepEqual([last.done, last.of, last.total, last.estimatedLeft], [12, 12, sum(parts, 0), 0]);
  assert.ok(reports.every((r, i) => i === 0 || r.done >= reports[i - 1].done), 'progress never goes back');
});

test('with one worker the sub-problems are handed out in the plan\'s order', async () => {
  const { pool, counted } = fakePool(1);
  await pool.countAll(9, 1, () => {}, { method: 'backtrack' });
  assert.deepEqual(counted(), Array.from(plan(9, 'backtrack').order));
});

test('the default method is the core\'s (meeting in the middle): its unique count is Burnside\'s, from the total', async () => {
  const { pool, log } = fakePool(2);
  const result = await pool.countAll(10, 2, () => {});
  const total = sum(plan(10, 'meet').parts, 0);
  assert.equal(result.method, 'meet');
  const burnside = log.posted.filter((j) => j.kind === 'burnside');
  assert.equal(burnside.length, 1);
  assert.equal(burnside[0].total, total, 'asked with the whole total');
  const { half, quarter, unique } = result.burnside;
  assert.deepEqual([result.total, result.unique, { half, quarter, unique }], [total, BURNSIDE.unique, BURNSIDE]);
});

test('a resumed count counts only what was not kept, adds the kept parts, and is refused on another list', async () => {
  const { pool, counted } = fakePool(2);
  const { parts, fingerprint } = plan(8, 'backtrack');
  const kept = new Map([[0, parts[0]], [5, parts[5]]]);
  const started = [];
  const given = [];
  const result = await pool.countAll(8, 2, () => {}, {
    method: 'backtrack', earlier: { fingerprint, parts: kept },
    onStart: (list) => started.push(list), onParts: (done) => given.push(...done),
  });
  assert.deepEqual([...counted()].sort((a, b) => a - b), [1, 2, 3, 4, 6, 7]);
  assert.deepEqual([result.total, result.unique, result.resumed], [sum(parts, 0), sum(parts, 1), 2]);
  assert.equal(result.work, sum(parts, 2) - parts[0][2] - parts[5][2], 'work is this run\'s own');
  assert.deepEqual(started, [{ method: 'backtrack', subProblems: 8, fingerprint }]);
  assert.deepEqual(given.map(([index]) => index).sort((a, b) => a - b), [1, 2, 3, 4, 6, 7]);

  const other = fakePool(2);
  await assert.rejects(other.pool.countAll(8, 2, () => {}, { method: 'backtrack', earlier: { fingerprint: 'another', parts: kept } }), ListChanged);
  assert.deepEqual(other.counted(), [], 'nothing counted');
});

test(`from N = ${ONE_PER_JOB_FROM} a backtracking sub-problem is a job of its own; below, and meeting in the middle's, are batched`, async () => {
  const jobSizes = async (n, method) => {
    const { pool, log } = fakePool(1);
    await pool.countAll(n, 1, () => {}, { method });
    return log.posted.filter((j) => j.kind === 'fast').map((j) => j.indices.length);
  };
  // 100 sub-problems on one worker, in batches of ceil(100 / 32) = 4 when batched.
  assert.deepEqual(await jobSizes(ONE_PER_JOB_FROM, 'backtrack'), Array(100).fill(1));
  assert.deepEqual(await jobSizes(ONE_PER_JOB_FROM - 1, 'backtrack'), Array(25).fill(4));
  assert.deepEqual(await jobSizes(ONE_PER_JOB_FROM, 'meet'), Array(25).fill(4));
});

test('cancel stops every worker at once, rejects with its reason, and the next count starts fresh workers', async () => {
  const { pool, log } = fakePool(2, { held: 'fast' });
  const running = pool.countAll(10, 2, () => {}, { method: 'backtrack' });
  while (!log.posted.some((j) => j.kind === 'fast')) await tick();
  assert.equal(pool.liveWorkers, 2);
  pool.cancel('Cancelled by the test.');
  await assert.rejects(running, (error) => error instanceof Cancelled && error.message === 'Cancelled by the test.');
  assert.ok(log.workers.every((w) => w.terminated), 'every worker terminated');
  assert.equal(pool.liveWorkers, 0);
  for (const worker of log.workers) worker.release(); // a terminated worker answers nothing
  log.workers.length = 0;
  const again = new CountPool(() => new FakeWorker(log), 2);
  const result = await again.countAll(4, 2, () => {}, { method: 'backtrack' });
  assert.equal(result.total, sum(plan(4, 'backtrack').parts, 0));
});

test('one count at a time: a second is refused while one runs', async () => {
  const { pool, log } = fakePool(1, { held: 'fast' });
  const running = pool.countAll(6, 1, () => {}, { method: 'backtrack' });
  await assert.rejects(pool.countPlain('plain-js', 6, () => {}), /A count is already running/);
  while (!log.posted.some((j) => j.kind === 'fast')) await tick();
  log.workers[0].release();
  assert.equal((await running).total, sum(plan(6, 'backtrack').parts, 0));
});

test('a crashed worker fails the count with its message, and every worker is stopped', async () => {
  const { pool, log } = fakePool(2, { crashOn: 'fast' });
  await assert.rejects(pool.countAll(6, 2, () => {}, { method: 'backtrack' }), /RuntimeError: unreachable/);
  assert.ok(log.workers.every((w) => w.terminated));
  assert.equal(pool.liveWorkers, 0);
});

test('countSome counts the listed sub-problems once each, on the shard\'s own list only', async () => {
  const { pool, counted } = fakePool(2);
  const { parts, fingerprint } = plan(10, 'meet');
  const some = await pool.countSome(10, 'meet', [7, 2, 40], 2, () => {}, fingerprint);
  assert.deepEqual([...counted()].sort((a, b) => a - b), [2, 7], 'an index beyond the list is left out');
  assert.deepEqual([...some.parts.entries()].sort(([a], [b]) => a - b), [[2, parts[2]], [7, parts[7]]]);
  const other = fakePool(2);
  const refused = await other.pool.countSome(10, 'meet', [1], 2, () => {}, 'another');
  assert.deepEqual(refused, { fingerprint, subProblems: 10, parts: null });
  assert.deepEqual(other.counted(), []);
});

test('countPlain counts column by column on one worker', async () => {
  const { pool, log } = fakePool(4);
  const result = await pool.countPlain('plain-wasm', 7, () => {});
  assert.equal(log.workers.length, 1);
  assert.deepEqual(log.posted.filter((j) => j.kind === 'plain-wasm').map((j) => j.column), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual([result.total, result.work, result.workers], [0 + 1 + 2 + 3 + 4 + 5 + 6, 7, 1]);
});
