// The one wrapper of a Web Worker (www/shared/worker-link.js), on a fake worker: messages heard
// until it is ended, a crash told once as an Error (the browser's error event prevented), and
// nothing heard from a worker once it is ended.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerLink } from '../../../www/shared/worker-link.js';

/** A Worker's face: the test plays its side through say() and crash(). */
function fakeWorker() {
  const worker = {
    posted: [], terminated: false,
    postMessage(message) { this.posted.push(message); },
    terminate() { this.terminated = true; },
    say(data) { this.onmessage?.({ data }); },
    crash(message) {
      const event = { message, prevented: false, preventDefault() { this.prevented = true; } };
      this.onerror?.(event);
      return event;
    },
  };
  return worker;
}

test('what the worker says is heard, what is posted reaches it, and a crash is an Error, its event prevented', () => {
  const worker = fakeWorker();
  const heard = [];
  const failed = [];
  const link = new WorkerLink(() => worker, { heard: (data) => heard.push(data), failed: (error) => failed.push(error), what: 'the test worker' });
  link.post({ kind: 'go' });
  worker.say({ kind: 'done' });
  assert.deepEqual(worker.posted, [{ kind: 'go' }]);
  assert.deepEqual(heard, [{ kind: 'done' }]);
  const event = worker.crash('');
  assert.equal(event.prevented, true, 'the page is not told of an unhandled error');
  assert.deepEqual(failed.map((error) => error.message), ['the test worker stopped']);
  worker.crash('boom');
  assert.deepEqual(failed.map((error) => error.message), ['the test worker stopped', 'boom']);
});

test('once ended, the worker is terminated and nothing it says or suffers is heard', () => {
  const worker = fakeWorker();
  const told = [];
  const link = new WorkerLink(() => worker, { heard: (data) => told.push(data), failed: (error) => told.push(error) });
  link.end();
  assert.equal(worker.terminated, true);
  worker.say({ kind: 'late' });
  const event = worker.crash('failed to load');
  assert.deepEqual(told, []);
  assert.equal(event.prevented, true, 'still kept from the page');
});
