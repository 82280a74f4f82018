// The live class's connection (www/class/class-link.js) with no browser and no server: a fake
// WebSocket the test opens, answers and cuts, a fake clock whose timers fire when the test
// says, and a fake sessionStorage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ClassLink, TRANSITIONS, STATES, can, next, backoffDelay, readJoinCode, BACKOFF_BASE_MS, BACKOFF_CAP_MS,
  IDLE, CONNECTING, OPEN, RECONNECTING, GONE, REFUSED, PROTOCOL, MAX_WAIT_MS, DEFAULT_BEAT_SECONDS,
  readBeatSeconds, silenceMs, outageDelay, lateMs, OUTAGE_CAP_MS,
} from '../../../www/class/class-link.js';
import { TEACHER_KEY } from '../../../www/shared/class-tab.js';
import { testMachineAgainstTable } from '../../support/machine-table.js';

testMachineAgainstTable({ TRANSITIONS, STATES, can, next }, {
  states: ['idle', 'connecting', 'open', 'reconnecting', 'gone', 'refused'],
  events: ['connect', 'welcomed', 'lost', 'silent', 'ended', 'refused', 'leave'],
  expected: {
    idle: { connect: 'connecting', leave: 'gone' },
    connecting: { welcomed: 'open', lost: 'reconnecting', silent: 'reconnecting', ended: 'gone', refused: 'refused', leave: 'gone' },
    open: { lost: 'reconnecting', silent: 'reconnecting', ended: 'gone', refused: 'refused', leave: 'gone' },
    reconnecting: { connect: 'connecting', leave: 'gone' },
    gone: {},
    refused: {},
  },
});

/** Every socket the link opens, in order; the test drives each one. */
function fakeSockets() {
  const opened = [];
  class FakeSocket {
    constructor(url) {
      Object.assign(this, { url, sent: [], readyState: 0, closedBy: null });
      opened.push(this);
    }

    send(text) {
      assert.equal(this.readyState, 1, 'sent only on an open socket');
      this.sent.push(JSON.parse(text));
    }

    close(code, reason) {
      this.closedBy = { code, reason };
      this.readyState = 3;
    }

    // The test's side: the server opens, says something, or the connection is cut.
    accept() { this.readyState = 1; this.onopen?.(); }
    say(message) { this.onmessage?.({ data: JSON.stringify({ v: PROTOCOL, ...message }) }); }
    cut(code = 1006) { this.readyState = 3; this.onclose?.({ code, reason: '' }); }
  }
  return { FakeSocket, opened };
}

class FakeClock {
  timers = new Map();
  nextId = 1;
  time = 0;
  now = () => this.time;
  setTimeout = (callback, ms) => {
    const id = this.nextId++;
    this.timers.set(id, { callback, ms, due: this.time + ms });
    return id;
  };

  clearTimeout = (id) => this.timers.delete(id);
  /** Fires every timer set so far, the time moved to each one's due time; returns their delays. */
  fire() {
    const due = [...this.timers.entries()];
    this.timers.clear();
    for (const [, { callback, due: at }] of due) {
      this.time = Math.max(this.time, at);
      callback();
    }
    return due.map(([, { ms }]) => ms);
  }

  /** Moves the time on by `ms`, firing each timer that falls due on the way, in order. */
  advance(ms) {
    const until = this.time + ms;
    for (;;) {
      const [id, timer] = [...this.timers.entries()].sort(([, a], [, b]) => a.due - b.due)[0] ?? [];
      if (!timer || timer.due > until) break;
      this.timers.delete(id);
      this.time = timer.due;
      timer.callback();
    }
    this.time = until;
  }
}

class FakeStorage {
  map = new Map();
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  setItem(key, value) { this.map.set(key, String(value)); }
  removeItem(key) { this.map.delete(key); }
}

function makeLink(role, { storage = new FakeStorage(), random = () => 0.5, beatSeconds, probe, onLine } = {}) {
  const { FakeSocket, opened } = fakeSockets();
  const clock = new FakeClock();
  const states = [];
  const messages = [];
  const link = new ClassLink(role, {
    url: 'ws://host/class/ws', WebSocket: FakeSocket, clock, random, storage, beatSeconds, probe, onLine,
    listener: { state: (state, detail) => states.push([state, detail]), message: (m) => messages.push(m) },
  });
  return { link, opened, clock, states, messages, storage };
}

/** A probe the test answers: `server.up` says whether the class server answers; each call is
 *  counted (each failed one would be a line in Chromium's console). */
function fakeProbe() {
  const server = { up: true, calls: 0, failed: 0 };
  server.probe = () => {
    server.calls += 1;
    if (!server.up) server.failed += 1;
    return Promise.resolve(server.up);
  };
  return server;
}

/** Lets the probes' promises settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('backoff: doubles from the base, capped, with jitter between half and the whole', () => {
  assert.equal(backoffDelay(0, () => 0.999999), BACKOFF_BASE_MS);
  assert.equal(backoffDelay(0, () => 0), BACKOFF_BASE_MS / 2);
  assert.equal(backoffDelay(1, () => 0.999999), 2 * BACKOFF_BASE_MS);
  assert.equal(backoffDelay(3, () => 0.999999), 8 * BACKOFF_BASE_MS);
  assert.equal(backoffDelay(50, () => 0.999999), BACKOFF_CAP_MS);
  assert.equal(backoffDelay(5000, () => 0), BACKOFF_CAP_MS / 2);
  for (let attempt = 0; attempt < 40; attempt++) {
    for (const r of [0, 0.3, 0.7, 0.99]) {
      const delay = backoffDelay(attempt, () => r);
      assert.ok(delay >= BACKOFF_BASE_MS / 2 && delay <= BACKOFF_CAP_MS, `attempt ${attempt}: ${delay}`);
    }
  }
});

test('a join code as typed: upper-cased, spaces and dashes ignored, misreadable characters refused', () => {
  assert.equal(readJoinCode('abc-def'), 'ABCDEF');
  assert.equal(readJoinCode(' k7m 2pq '), 'K7M2PQ');
  assert.equal(readJoinCode('AB-CD-EF'), 'ABCDEF');
  for (const misread of ['ABCDE0', 'ABCDEO', 'ABCDE1', 'ABCDEI', 'ABCDEL']) assert.equal(readJoinCode(misread), null, misread);
  assert.equal(readJoinCode('ABCDE'), null, 'too short');
  assert.equal(readJoinCode('ABCDEFG'), null, 'too long');
  assert.equal(readJoinCode(null), null);
  assert.equal(readJoinCode('<b>AB</b>'), null);
});

test('a student joins, is welcomed, and the token is kept per room code', () => {
  const { link, opened, states, messages, storage } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
  link.start();
  assert.equal(link.state, CONNECTING);
  assert.equal(opened.length, 1);
  assert.equal(opened[0].url, 'ws://host/class/ws');
  assert.equal(link.send({ type: 'answer' }), false, 'nothing is sent before the welcome');
  opened[0].accept();
  assert.deepEqual(opened[0].sent, [{ v: 1, type: 'join', code: 'ABCDEF', token: null, name: null }]);
  opened[0].say({ type: 'joined', token: 't0k3n', name: 'Blue Fox 12', code: 'ABCDEF', show: { n: 8 } });
  assert.equal(link.state, OPEN);
  assert.deepEqual(states.map(([s]) => s), [CONNECTING, OPEN]);
  assert.equal(messages[0].type, 'joined', 'the view is told the welcome too');
  assert.deepEqual(JSON.parse(storage.getItem('bitqueens.class.student.ABCDEF')), { token: 't0k3n', name: 'Blue Fox 12' });
  assert.equal(link.send({ type: 'rename', name: 'Ada' }), true);
  assert.deepEqual(opened[0].sent.at(-1), { v: 1, type: 'rename', name: 'Ada' });
});

test('a lost connection reconnects after a growing, capped delay and rejoins as the same student', () => {
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { random: () => 0.999999 });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 'mine', name: 'Blue Fox 12', code: 'ABCDEF' });
  opened[0].cut();
  assert.equal(link.state, RECONNECTING);
  assert.equal(link.send({ type: 'answer' }), false, 'nothing is sent while reconnecting');
  assert.equal(opened.length, 1, 'no socket before the timer fires');
  const delays = [];
  // The server stays away: each attempt fails, the delay doubles up to the cap.
  for (let attempt = 0; attempt < 8; attempt++) {
    delays.push(...clock.fire());
    assert.equal(link.state, CONNECTING);
    opened.at(-1).cut();
    assert.equal(link.state, RECONNECTING);
    assert.equal(clock.timers.size, 1, 'exactly one timer');
  }
  assert.deepEqual(delays, [500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  // It comes back: the student rejoins with their token, and the delay starts over.
  clock.fire();
  const socket = opened.at(-1);
  socket.accept();
  assert.deepEqual(socket.sent[0], { v: 1, type: 'join', code: 'ABCDEF', token: 'mine', name: 'Blue Fox 12' });
  socket.say({ type: 'joined', token: 'mine', name: 'Blue Fox 12', code: 'ABCDEF' });
  assert.equal(link.state, OPEN);
  socket.cut();
  assert.deepEqual(clock.fire(), [500], 'the backoff starts over after a welcome');
  assert.ok(states.some(([s, d]) => s === RECONNECTING && d.delayMs === 500));
});

test('a teacher opens a room with the key, and comes back to it with the secret after a reload', () => {
  const storage = new FakeStorage();
  const first = makeLink({ kind: 'teacher', key: 'k3y' }, { storage });
  first.link.start();
  first.opened[0].accept();
  assert.deepEqual(first.opened[0].sent, [{ v: 1, type: 'teach', key: 'k3y' }]);
  first.opened[0].say({ type: 'opened', code: 'ABCDEF', secret: 's3cret', joinPath: '/c/ABCDEF' });
  assert.equal(first.link.state, OPEN);
  // A reload: a new link in the same tab (the same storage).
  const again = makeLink({ kind: 'teacher', key: 'k3y' }, { storage });
  again.link.start();
  again.opened[0].accept();
  assert.deepEqual(again.opened[0].sent, [{ v: 1, type: 'resumeTeaching', code: 'ABCDEF', secret: 's3cret' }]);
});

test('a teacher whose room a restarted server does not know reopens it under the same code and secret', () => {
  const storage = new FakeStorage();
  storage.setItem('bitqueens.class.teacher-room', JSON.stringify({ code: 'ABCDEF', secret: 'old' }));
  const { link, opened, clock, states } = makeLink({ kind: 'teacher', key: 'k3y' }, { storage });
  link.start();
  opened[0].accept();
  assert.equal(opened[0].sent[0].type, 'resumeTeaching');
  opened[0].say({ type: 'error', code: 'room', reason: 'No class has this code and secret any more.', fatal: true });
  opened[0].cut(1008);
  assert.equal(link.state, RECONNECTING);
  assert.equal(states.at(-1)[1].reopening, true);
  clock.fire();
  opened[1].accept();
  assert.deepEqual(opened[1].sent, [{ v: 1, type: 'teach', key: 'k3y', code: 'ABCDEF', secret: 'old' }]);
  opened[1].say({ type: 'opened', code: 'ABCDEF', secret: 'old', joinPath: '/c/ABCDEF' });
  assert.equal(link.state, OPEN);
  assert.deepEqual(states.at(-1), [OPEN, { reopened: true }]);
  // Lost again later: it resumes first, as before.
  opened[1].cut();
  clock.fire();
  opened[2].accept();
  assert.equal(opened[2].sent[0].type, 'resumeTeaching');
});

test('a reopen refused (a code in use, another key), or no key to reopen with: refused, and a new room next time', () => {
  for (const [key, refusal] of [['k3y', 'in-use'], ['k3y', 'key'], [null, null]]) {
    const storage = new FakeStorage();
    storage.setItem('bitqueens.class.teacher-room', JSON.stringify({ code: 'ABCDEF', secret: 'old' }));
    const { link, opened, clock, states } = makeLink({ kind: 'teacher', key }, { storage });
    link.start();
    opened[0].accept();
    opened[0].say({ type: 'error', code: 'room', reason: 'No class has this code and secret any more.', fatal: true });
    opened[0].cut(1008);
    if (refusal) {
      clock.fire();
      opened[1].accept();
      assert.equal(opened[1].sent[0].type, 'teach');
      opened[1].say({ type: 'error', code: refusal, reason: 'Refused.', fatal: true });
      opened[1].cut(1008);
    }
    assert.equal(link.state, REFUSED, `${refusal}`);
    assert.equal(states.at(-1)[1].code, refusal ?? 'room');
    assert.equal(clock.timers.size, 0, 'nothing retried');
    assert.equal(ClassLink.teacherRoomIn(storage), null, 'the room is forgotten');
    const next = makeLink({ kind: 'teacher', key: 'k3y' }, { storage });
    next.link.start();
    next.opened[0].accept();
    assert.deepEqual(next.opened[0].sent[0], { v: 1, type: 'teach', key: 'k3y' });
  }
});

test('a teacher refused for a passing reason (a flood, an internal error) keeps the room: a reload goes back to it', () => {
  for (const refusal of ['flood', 'internal']) {
    const storage = new FakeStorage();
    storage.setItem('bitqueens.class.teacher-room', JSON.stringify({ code: 'ABCDEF', secret: 's3cret' }));
    const { link, opened } = makeLink({ kind: 'teacher', key: 'k3y' }, { storage });
    link.start();
    opened[0].accept();
    assert.equal(opened[0].sent[0].type, 'resumeTeaching');
    opened[0].say({ type: 'error', code: refusal, reason: 'Not now.', fatal: true });
    opened[0].cut(1008);
    assert.equal(link.state, REFUSED, refusal);
    assert.deepEqual(ClassLink.teacherRoomIn(storage), { code: 'ABCDEF', secret: 's3cret' }, `${refusal}: the room is kept`);
  }
});

test('a teacher refused for too many joins from its address (a busy NAT) asks again with the backoff, bounded, as a student does', () => {
  const storage = new FakeStorage();
  storage.setItem('bitqueens.class.teacher-room', JSON.stringify({ code: 'ABCDEF', secret: 's3cret' }));
  const { link, opened, clock, states } = makeLink({ kind: 'teacher', key: 'k3y' }, { storage });
  const refuse = (socket) => {
    socket.accept();
    socket.say({ type: 'error', code: 'joins', reason: 'Too many joins from this address.', fatal: true });
    socket.cut(1008);
  };
  link.start();
  refuse(opened[0]);
  assert.equal(link.state, RECONNECTING);
  assert.equal(states.at(-1)[1].busy, true, 'the view says the server is busy');
  const delays = [];
  for (let i = 0; i < 3; i++) {
    delays.push(...clock.fire());
    refuse(opened.at(-1));
    assert.equal(link.state, RECONNECTING);
  }
  assert.ok(delays[2] > delays[0], `the delays grow: ${delays}`);
  delays.push(...clock.fire());
  opened.at(-1).accept();
  assert.deepEqual(opened.at(-1).sent[0], { v: 1, type: 'resumeTeaching', code: 'ABCDEF', secret: 's3cret' }, 'the same room');
  opened.at(-1).say({ type: 'opened', code: 'ABCDEF', secret: 's3cret', joinPath: '/c/ABCDEF' });
  assert.equal(link.state, OPEN);
  // Refused for MAX_WAIT_MS: it stops, the room kept for a reload.
  opened.at(-1).cut();
  clock.fire();
  const first = clock.now();
  refuse(opened.at(-1));
  while (clock.now() - first < MAX_WAIT_MS) {
    assert.equal(link.state, RECONNECTING);
    clock.fire();
    refuse(opened.at(-1));
  }
  assert.equal(link.state, REFUSED);
  assert.deepEqual(ClassLink.teacherRoomIn(storage), { code: 'ABCDEF', secret: 's3cret' });
  assert.equal(clock.timers.size, 0);
});

test('a teacher with no room yet, refused for too many joins, asks again and opens its room', () => {
  const { link, opened, clock } = makeLink({ kind: 'teacher', key: 'k3y' });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'error', code: 'joins', reason: 'Too many joins from this address.', fatal: true });
  opened[0].cut(1008);
  assert.equal(link.state, RECONNECTING);
  clock.fire();
  opened[1].accept();
  assert.deepEqual(opened[1].sent[0], { v: 1, type: 'teach', key: 'k3y' });
  opened[1].say({ type: 'opened', code: 'ABCDEF', secret: 's3cret', joinPath: '/c/ABCDEF' });
  assert.equal(link.state, OPEN);
});

test('a new phone refused for too many joins from its address waits the retryInSeconds the server gave (up to a second more), says so, then joins by itself', () => {
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { random: () => 0.5 });
  link.start();
  opened[0].accept();
  assert.deepEqual(opened[0].sent[0], { v: 1, type: 'join', code: 'ABCDEF', token: null, name: null }, 'a phone never in this class');
  opened[0].say({ type: 'error', code: 'joins', reason: 'Too many attempts to join from this address: try again in 40 seconds.', fatal: true, retryInSeconds: 40 });
  opened[0].cut(1008);
  assert.equal(link.state, RECONNECTING, 'a limit passes: not a final refusal');
  const [, detail] = states.at(-1);
  assert.equal(detail.busy, true);
  assert.equal(detail.retryInSeconds, 40);
  assert.equal(detail.delayMs, 40_500, 'the wait the server gave, and half of the second of spread');
  clock.advance(40_499);
  assert.equal(opened.length, 1, 'nothing before the wait is over');
  clock.advance(1);
  assert.equal(opened.length, 2);
  opened[1].accept();
  assert.deepEqual(opened[1].sent[0], { v: 1, type: 'join', code: 'ABCDEF', token: null, name: null });
  opened[1].say({ type: 'joined', token: 't0k3n', name: 'Blue Fox 12', code: 'ABCDEF' });
  assert.equal(link.state, OPEN);
  // A refusal without the field (an older server), or with one out of range: the backoff.
  for (const retryInSeconds of [undefined, 0, 1.5, 7200, '40']) {
    const other = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { random: () => 0.999999 });
    other.link.start();
    other.opened[0].accept();
    other.opened[0].say({ type: 'error', code: 'joins', reason: 'Too many attempts to join from this address.', fatal: true, retryInSeconds });
    other.opened[0].cut(1008);
    assert.equal(other.link.state, RECONNECTING, String(retryInSeconds));
    assert.equal(other.states.at(-1)[1].retryInSeconds, null, String(retryInSeconds));
    assert.equal(other.states.at(-1)[1].delayMs, BACKOFF_BASE_MS, String(retryInSeconds));
  }
});

test('a student whose class a restarted server does not know yet waits for it (bounded), then rejoins with the token', () => {
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  opened[0].cut();
  const refuse = (socket, code = 'code') => {
    socket.accept();
    socket.say({ type: 'error', code, reason: 'No class has this code.', fatal: true });
    socket.cut(1008);
  };
  for (let i = 0; i < 5; i++) {
    clock.fire();
    refuse(opened.at(-1), i === 2 ? 'joins' : 'code');
    assert.equal(link.state, RECONNECTING);
    assert.equal(states.at(-1)[1].waiting, true);
  }
  clock.fire();
  opened.at(-1).accept();
  assert.deepEqual(opened.at(-1).sent[0], { v: 1, type: 'join', code: 'ABCDEF', token: 'mine', name: 'N' });
  opened.at(-1).say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  assert.equal(link.state, OPEN);
  assert.equal(link.waits, 0);
  // A teacher who never comes back: the page asks for MAX_WAIT_MS (longer than the room's 10
  // minutes for its teacher) from the first refusal, then stops.
  assert.ok(MAX_WAIT_MS > 10 * 60_000 && MAX_WAIT_MS <= 12 * 60_000);
  opened.at(-1).cut();
  clock.fire();
  const first = clock.now();
  refuse(opened.at(-1));
  let refusals = 1;
  while (clock.now() - first < MAX_WAIT_MS) {
    assert.equal(link.state, RECONNECTING, `${clock.now() - first} ms after the first refusal`);
    clock.fire();
    refuse(opened.at(-1));
    refusals += 1;
  }
  assert.equal(link.state, REFUSED);
  assert.ok(clock.now() - first < MAX_WAIT_MS + BACKOFF_CAP_MS, 'stopped at the first refusal past the wait');
  assert.ok(refusals > 60, `${refusals} refusals: the wait is a duration, not a count`);
  assert.equal(states.at(-1)[1].returned, true);
  assert.equal(clock.timers.size, 0);
});

test('a class that ended is refused as such: final at once, even while waiting, and the token forgotten', () => {
  for (const waitingFirst of [false, true]) {
    const { link, opened, clock, states, storage } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
    link.start();
    opened[0].accept();
    opened[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
    opened[0].cut();
    if (waitingFirst) {
      clock.fire();
      opened.at(-1).accept();
      opened.at(-1).say({ type: 'error', code: 'code', reason: 'No class has this code.', fatal: true });
      opened.at(-1).cut(1008);
      assert.equal(link.state, RECONNECTING);
    }
    clock.fire();
    opened.at(-1).accept();
    assert.equal(opened.at(-1).sent[0].token, 'mine');
    opened.at(-1).say({ type: 'error', code: 'ended', reason: 'This class has ended.', fatal: true });
    opened.at(-1).cut(1008);
    assert.equal(link.state, REFUSED, `waiting first: ${waitingFirst}`);
    assert.equal(states.at(-1)[1].reason, 'This class has ended.');
    assert.equal(states.at(-1)[1].code, 'ended');
    assert.equal(clock.timers.size, 0, 'nothing retried');
    assert.equal(storage.getItem('bitqueens.class.student.ABCDEF'), null, 'the token is forgotten');
  }
});

test('a teacher whose class ended is refused as such, and the room is forgotten: a new one next time', () => {
  const storage = new FakeStorage();
  storage.setItem('bitqueens.class.teacher-room', JSON.stringify({ code: 'ABCDEF', secret: 's3cret' }));
  const { link, opened, clock } = makeLink({ kind: 'teacher', key: 'k3y' }, { storage });
  link.start();
  opened[0].accept();
  assert.equal(opened[0].sent[0].type, 'resumeTeaching');
  opened[0].say({ type: 'error', code: 'ended', reason: 'This class has ended.', fatal: true });
  opened[0].cut(1008);
  assert.equal(link.state, REFUSED);
  assert.equal(clock.timers.size, 0);
  assert.equal(ClassLink.teacherRoomIn(storage), null);
});

test('the beat: read from the hello (whole seconds, at least 1), 15 s when it does not say', () => {
  assert.equal(DEFAULT_BEAT_SECONDS, 15);
  assert.equal(readBeatSeconds({ protocol: 1, beatSeconds: 1 }), 1);
  assert.equal(readBeatSeconds({ protocol: 1, beatSeconds: 30 }), 30);
  for (const odd of [undefined, null, 0, -1, 1.5, '5', Infinity, Number.NaN, 1e9]) {
    assert.equal(readBeatSeconds({ protocol: 1, beatSeconds: odd }), DEFAULT_BEAT_SECONDS, String(odd));
  }
  assert.equal(readBeatSeconds(null), DEFAULT_BEAT_SECONDS);
  assert.equal(silenceMs(1), 4_500);
  assert.equal(silenceMs(15), 39_500);
});

test('a silent connection (no close: a half-open one) is taken for lost, and reconnects with backoff as the same student', () => {
  const { link, opened, clock, states, messages } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { beatSeconds: 1 });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  assert.equal(link.state, OPEN);
  // Any message is a sign of life, a beat too; the beat goes no further.
  clock.advance(4_000);
  opened[0].say({ type: 'beat' });
  clock.advance(4_000);
  opened[0].say({ type: 'show', n: 8, mirror: false, step: 3 });
  clock.advance(4_400);
  assert.equal(link.state, OPEN, 'never 4.5 s without a message');
  assert.deepEqual(messages.map((m) => m.type), ['joined', 'show'], 'beats are not passed on');
  // Then nothing comes: 4.5 s later the socket is closed and the link reconnects.
  clock.advance(100);
  assert.equal(link.state, RECONNECTING);
  assert.deepEqual(states.at(-1), [RECONNECTING, { delayMs: 375, silent: true }]);
  assert.equal(opened[0].closedBy?.code, 4000, 'the silent socket is closed');
  assert.equal(clock.timers.size, 1, 'only the reconnect timer');
  opened[0].cut(); // its close event, if it ever comes, is no longer the link's
  assert.equal(link.state, RECONNECTING);
  assert.equal(clock.timers.size, 1);
  // The server still frozen: the next socket opens (the kernel takes the connection) and
  // nothing comes; it too is taken for dead, after a longer backoff.
  clock.fire();
  assert.equal(link.state, CONNECTING);
  opened[1].accept();
  clock.advance(4_500);
  assert.equal(link.state, RECONNECTING);
  assert.equal(states.at(-1)[1].delayMs, 750, 'the backoff grows');
  // It wakes: the next socket rejoins with the token.
  clock.fire();
  opened[2].accept();
  assert.deepEqual(opened[2].sent[0], { v: 1, type: 'join', code: 'ABCDEF', token: 'mine', name: 'N' });
  opened[2].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  assert.equal(link.state, OPEN);
  assert.equal(opened.length, 3);
});

test('without a beat from the hello, the silence allowed is 2.5 × 15 s + 2 s; a left link has no timer', () => {
  const { link, opened, clock } = makeLink({ kind: 'teacher', key: 'k3y' });
  link.start();
  clock.advance(39_000);
  assert.equal(link.state, CONNECTING, 'a socket still connecting is watched too');
  opened[0].accept();
  opened[0].say({ type: 'opened', code: 'ABCDEF', secret: 's', joinPath: '/c/ABCDEF' });
  clock.advance(39_499);
  assert.equal(link.state, OPEN);
  clock.advance(1);
  assert.equal(link.state, RECONNECTING);
  clock.fire();
  assert.equal(clock.timers.size, 2, 'the new socket\'s silence and late timers');
  link.leave();
  assert.equal(clock.timers.size, 0);
});

test('a student who types a code no class has is told at once', () => {
  const { link, opened, clock } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'error', code: 'code', reason: 'No class has this code.', fatal: true });
  opened[0].cut(1008);
  assert.equal(link.state, REFUSED);
  assert.equal(clock.timers.size, 0);
});

test('another protocol version is refused with a sentence that says to reload, and nothing is retried', () => {
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'error', code: 'version', reason: 'This page is older than the class server.', fatal: true });
  opened[0].cut(1008);
  assert.equal(link.state, REFUSED);
  assert.equal(states.at(-1)[1].reason, 'This page is older than the class server.');
  assert.equal(clock.timers.size, 0);
  assert.equal(opened.length, 1);
});

test('ended: the class is over, the token forgotten, the socket closed, nothing retried', () => {
  const { link, opened, clock, states, storage } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  opened[0].say({ type: 'ended', reason: 'The teacher ended the class.' });
  assert.equal(link.state, GONE);
  assert.deepEqual(states.at(-1), [GONE, { reason: 'The teacher ended the class.' }]);
  assert.equal(storage.getItem('bitqueens.class.student.ABCDEF'), null);
  assert.equal(opened[0].closedBy?.code, 1000);
  opened[0].cut(); // the close event that follows changes nothing
  assert.equal(link.state, GONE);
  assert.equal(clock.timers.size, 0);
});

test('leave while reconnecting: the timer is stopped, no socket is opened again', () => {
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
  link.start();
  opened[0].accept();
  opened[0].cut();
  assert.equal(clock.timers.size, 1);
  link.leave();
  assert.equal(link.state, GONE);
  assert.deepEqual(states.at(-1), [GONE, { left: true }]);
  assert.equal(clock.timers.size, 0);
  assert.equal(opened.length, 1);
  link.leave(); // twice: nothing more
  assert.equal(link.state, GONE);
});

test('what the server sends that is not a message is ignored; the teacher key name is stable', () => {
  const { link, opened, messages } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
  link.start();
  opened[0].accept();
  for (const junk of ['not json', 'null', '42', '{"v":1}', '[]']) opened[0].onmessage({ data: junk });
  assert.deepEqual(messages, []);
  assert.equal(link.state, CONNECTING);
  assert.equal(TEACHER_KEY, 'bitqueens.class.teacher-key');
  assert.equal(IDLE, 'idle');
});

test('refused by a server that came back after a loss: the refusal says so (returned)', () => {
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  opened[0].cut();
  clock.fire();
  opened[1].accept();
  opened[1].say({ type: 'error', code: 'room', reason: 'This class has ended.', fatal: true });
  opened[1].cut(1008);
  assert.deepEqual(states.at(-1), [REFUSED, { code: 'room', reason: 'This class has ended.', returned: true }]);
});

test('the outage\'s pace: 1 s doubled per failed probe, jittered between three quarters and the whole, capped at a minute', () => {
  assert.equal(outageDelay(1, () => 0.999999), 1000);
  assert.equal(outageDelay(2, () => 0.999999), 2000);
  assert.equal(outageDelay(6, () => 0.999999), 32_000);
  assert.equal(outageDelay(7, () => 0.999999), OUTAGE_CAP_MS);
  assert.equal(outageDelay(500, () => 0), OUTAGE_CAP_MS * 0.75);
  assert.equal(OUTAGE_CAP_MS, 60_000);
  assert.equal(lateMs(15), 18_000, 'a beat missed: one beat and 3 s');
});

test('a server away: the link probes before each socket, ever more rarely (about a probe a minute after the first), and opens no socket until one answers', async () => {
  const server = fakeProbe();
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { random: () => 0, probe: server.probe });
  link.start();
  assert.equal(server.calls, 0, 'the first socket needs no probe: the page asked just before');
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  server.up = false;
  opened[0].cut();
  assert.equal(link.state, RECONNECTING);
  const start = clock.now();
  const probedAt = [];
  // Ten minutes of outage, the timers fired as they fall due.
  while (clock.now() - start < 10 * 60_000) {
    const before = server.calls;
    clock.advance(Math.min(...[...clock.timers.values()].map((t) => t.due)) - clock.now());
    await settle();
    if (server.calls > before) probedAt.push(clock.now() - start);
    assert.equal(link.state, RECONNECTING);
    assert.ok(clock.timers.size <= 1, 'one timer at most');
  }
  assert.equal(opened.length, 1, 'no socket while no probe answers: no socket failure to log');
  assert.equal(server.failed, probedAt.length);
  const gaps = probedAt.slice(1).map((at, i) => at - probedAt[i]);
  for (let i = 1; i < gaps.length; i++) assert.ok(gaps[i] >= Math.min(gaps[i - 1] * 2, OUTAGE_CAP_MS * 0.75) - 1, `the gaps grow: ${gaps}`);
  const afterFirstMinute = probedAt.filter((at) => at >= 60_000).length;
  assert.ok(afterFirstMinute <= 9 / 0.75 + 1, `${afterFirstMinute} probes in the nine minutes after the first: about one a minute`);
  assert.ok(probedAt.filter((at) => at < 60_000).length <= 8, `the first minute: ${probedAt.filter((at) => at < 60_000).length} probes`);
  // The server is back: the next probe answers, and only then a socket opens, as the same student.
  server.up = true;
  clock.fire();
  await settle();
  assert.equal(opened.length, 2);
  assert.equal(link.state, CONNECTING);
  opened[1].accept();
  assert.deepEqual(opened[1].sent[0], { v: 1, type: 'join', code: 'ABCDEF', token: 'mine', name: 'N' });
  opened[1].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  assert.equal(link.state, OPEN);
  assert.ok(states.every(([, d]) => !d.offline));
});

test('the browser offline: the socket is taken for lost at once, no request is made while offline, and back online the link probes and rejoins at once', async () => {
  const server = fakeProbe();
  let onLine = true;
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { probe: server.probe, onLine: () => onLine });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  onLine = false;
  link.networkChanged(false);
  assert.equal(link.state, RECONNECTING);
  assert.equal(states.at(-1)[1].offline, true);
  assert.equal(opened[0].closedBy?.code, 4000, 'the socket let go');
  opened[0].cut(); // its late close is no longer the link's
  assert.equal(clock.timers.size, 1);
  for (let i = 0; i < 20; i++) {
    clock.fire();
    await settle();
  }
  assert.equal(server.calls, 0, 'no probe while the browser says it is offline: it would fail, and be logged');
  assert.equal(opened.length, 1);
  assert.equal(link.state, RECONNECTING);
  // Back: at once, not at the end of the backoff.
  onLine = true;
  link.networkChanged(true);
  await settle();
  assert.equal(server.calls, 1);
  assert.equal(opened.length, 2);
  opened[1].accept();
  opened[1].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  assert.equal(link.state, OPEN);
  // Offline, online and offline again while open or idle: only a socket is let go.
  link.networkChanged(true);
  assert.equal(link.state, OPEN);
  link.leave();
  link.networkChanged(false);
  link.networkChanged(true);
  assert.equal(link.state, GONE);
  assert.equal(clock.timers.size, 0);
});

test('a beat missed: the server is asked; not reached, the socket is lost at once (before the silence); reached, the silence decides', async () => {
  const server = fakeProbe();
  const { link, opened, clock, states } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { beatSeconds: 1, probe: server.probe });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  // Reached: nothing changes at the missed beat; the silence (4.5 s) still takes the socket.
  clock.advance(lateMs(1));
  assert.equal(server.calls, 1);
  await settle();
  assert.equal(link.state, OPEN);
  opened[0].say({ type: 'beat' }); // it was late, not gone
  clock.advance(lateMs(1) - 1);
  assert.equal(server.calls, 1, 'a beat came: the late timer started over');
  // Not reached: lost at the missed beat, well before the silence.
  server.up = false;
  clock.advance(1);
  assert.equal(server.calls, 2);
  await settle();
  assert.equal(link.state, RECONNECTING);
  assert.equal(states.at(-1)[1].unreached, true);
  assert.ok(clock.now() < silenceMs(1) + lateMs(1), 'before the silence would have said it');
  assert.equal(opened[0].closedBy?.code, 4000);
  // A late answer to a probe of a socket that is gone changes nothing.
  let answer;
  const { link: other, opened: others, clock: otherClock } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, {
    beatSeconds: 1, probe: () => new Promise((resolve) => { answer = resolve; }),
  });
  other.start();
  others[0].accept();
  others[0].say({ type: 'joined', token: 'mine', name: 'N', code: 'ABCDEF' });
  otherClock.advance(lateMs(1));
  others[0].say({ type: 'beat' }); // heard while the probe was out
  answer(false);
  await settle();
  assert.equal(other.state, OPEN, 'something came since: the socket lives');
});

test('the network back does not cut short a wait the server asked for (a joins refusal), only one after a loss', () => {
  const { link, opened, clock } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { random: () => 0.5, probe: fakeProbe().probe });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'error', code: 'joins', reason: 'Too many attempts to join from this address: try again in 40 seconds.', fatal: true, retryInSeconds: 40 });
  opened[0].cut(1008);
  assert.equal(link.state, RECONNECTING);
  link.networkChanged(true);
  assert.equal(opened.length, 1, 'the server’s wait stands');
  clock.advance(40_500);
  assert.equal(opened.length, 2, 'then it joins');
});

test('a missed beat’s probe still asking when the connection is given up answers for the reconnect: never two probes at once', async () => {
  let calls = 0;
  let answer = null;
  const probe = () => { calls += 1; return new Promise((resolve) => { answer = resolve; }); };
  const { link, opened, clock } = makeLink({ kind: 'student', code: 'ABCDEF', name: null }, { random: () => 0, probe, beatSeconds: 1 });
  link.start();
  opened[0].accept();
  opened[0].say({ type: 'joined', token: 't0k3n', name: 'Blue Fox 12', code: 'ABCDEF' });
  clock.advance(lateMs(1)); // the beat is late: a probe asks, and hangs
  assert.equal(calls, 1);
  clock.advance(silenceMs(1)); // the silence runs out while it asks: lost, and the reconnect's turn comes
  clock.advance(BACKOFF_CAP_MS);
  assert.equal(calls, 1, 'the reconnect waits for the same answer');
  answer(true);
  await settle();
  assert.equal(opened.length, 2, 'the server answered: a socket');
});
